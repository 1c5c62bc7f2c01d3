#pragma once
// The static parts of the hall view: floor slab, cut-away walls, aisle tints and row labels.

#include "scene_layout.h"

#include "myriad/scenes/scene_text.h"

#include <vtkSmartPointer.h>

#include <vector>

class vtkActor;
class vtkBillboardTextActor3D;

namespace myriad::scenes::detail
{

/** Height of the cut-away walls (m): low enough to see into the hall from any preset. */
inline constexpr double kWallHeightM = 1.2;
/** How far a site's outline runs outside its halls' inner walls (m): clear of walls and rims. */
inline constexpr double kSiteMarginM = 2.5;

/** A site's outline rectangle on the floor (z = 0): its footprint widened by kSiteMarginM. */
engine::Box siteOutlineBox(const engine::SiteFootprint& site);

/** Floor slab of every hall, top face at z = 0, with a rim as thick as the walls. */
vtkSmartPointer<vtkActor> makeFloorActor(const Layout& layout);
/** Translucent low walls around every hall. */
vtkSmartPointer<vtkActor> makeWallsActor(const Layout& layout);
/** Cold aisles bluish, hot aisles reddish, other aisles neutral; one actor for all. */
vtkSmartPointer<vtkActor> makeAislesActor(const Layout& layout);
/** One camera-facing label per non-empty row, above the row's low-X end, worded by `text`. */
std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> makeRowLabels(const Layout& layout,
                                                                    const SceneText& text);
/** Set a row label's text, font and place (as makeRowLabels does); only what differs is touched. */
void placeRowLabel(vtkBillboardTextActor3D* label, const RowItem& row, const SceneText& text);

/** Thin outlines of every site's footprint on the floor, one actor (Layout::sites non-empty). */
vtkSmartPointer<vtkActor> makeSiteOutlinesActor(const Layout& layout);
/** One camera-facing label per site with its name, over the middle of its outline's far edge. */
std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> makeSiteLabels(const Layout& layout,
                                                                     const SceneText& text);
/** Set a site label's font for its text (the scene text's font file may have changed). */
void applySiteLabelFont(vtkBillboardTextActor3D* label, const SceneText& text);

} // namespace myriad::scenes::detail
