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

} // namespace myriad::scenes::detail
