#pragma once
// Private state of FabricView, shared by its translation units (fabric_view.cpp: bundles,
// visibility, link colours; fabric_view_paths.cpp: device points, cable polylines, highlights).

#include "myriad/scenes/fabric_view.h"

#include "myriad/engine/hall_placement.h"

#include <vtkSmartPointer.h>

#include <map>
#include <tuple>
#include <vector>

class vtkActor;
class vtkPolyData;

namespace myriad::scenes
{

/** Vertical run of one tier's cables between a rack top and the tray above it. */
struct FabricDrop
{
  engine::fabric::Tier tier = engine::fabric::Tier::NodeLeaf;
  double x = 0, y = 0, z0 = 0, z1 = 0;
  int cables = 0;
  double crossSectionM2 = 0;
  double radiusM = 0;
};

/** The props of one tier: one tube actor over its bundles (first) and drops (after). */
struct FabricTierProps
{
  vtkSmartPointer<vtkPolyData> lines; ///< two points per bundle or drop, radius + colour arrays
  vtkSmartPointer<vtkActor> actor;
  std::vector<int> bundles; ///< indices into Impl::bundles, in line order
  std::vector<int> drops;   ///< indices into Impl::drops, after the bundles
  bool visible = true;
};

struct FabricView::Impl
{
  explicit Impl(vtkRenderer* r);
  ~Impl();

  // fabric_view.cpp
  void buildTierProps();
  void updateVisibility();
  void recolor();
  void removeProps();

  /**
   * The world origin of hall `hall` (engine/hall_placement.h): the cabling's trays and the
   * racks are in their hall's frame, the view draws every hall at its origin. (0, 0) for an
   * index out of range (a tray of no hall).
   */
  engine::HallOrigin originOf(int hall) const;

  // fabric_view_paths.cpp
  void setHighlight(const std::vector<std::vector<std::array<double, 3>>>& polylines,
                    const std::vector<std::array<double, 3>>& anchors);

  vtkRenderer* renderer = nullptr;
  const engine::fabric::FabricGraph* graph = nullptr;
  const engine::fabric::CablingResult* cabling = nullptr;
  const engine::Scene* scene = nullptr;
  const engine::Catalog* catalog = nullptr;
  std::vector<engine::HallOrigin> origins; ///< per hall of the scene, at build()

  std::vector<FabricBundle> bundles;
  std::vector<FabricDrop> drops;
  std::map<std::tuple<int, int, int, engine::fabric::Tier>, int>
    dropAt; ///< (hall, row, rack, tier)
  std::vector<int> cableOfLink;
  std::vector<std::array<double, 3>> devicePoints;
  std::map<engine::fabric::Tier, FabricTierProps> tierProps;
  std::vector<double> bundleValue; ///< per bundle: max link value, NaN without one
  std::vector<double> dropValue;
  bool linkValues = false;
  bool cablesVisible = true;
  double highlightLiftM = 0.05; ///< highlights run this far above the tray: over every bundle

  vtkSmartPointer<vtkActor> highlightLines;
  vtkSmartPointer<vtkActor> highlightAnchors;
  int highlightPaths = 0;
  int highlightAnchorCount = 0;
  int highlightPointCount = 0;
};

} // namespace myriad::scenes
