#pragma once
/**
 * @file fabric_view.h
 * Draws a routed fabric over the hall (VTK only, no Qt): cable bundles along the overhead tray
 * segments, one bundle per (tray segment, tier), plus the vertical drops from each rack to its
 * tray; highlighted device paths (a GPU's NIC → leaf → spine → core, or an ECMP path set) and a
 * highlighted single cable; and bundles coloured by a per-link value (utilisation 0–1).
 *
 * Geometry (world frame, metres): a bundle is a tube along its tray segment at the tray height,
 * offset sideways by tier so the tiers of one tray lie side by side. Its radius grows with the
 * cables' total cross-section: r = kBundleDrawScale · sqrt(Σ dᵢ² / 4) (d = the medium's cable
 * diameter of cabling.h; the physical bundle radius, drawn enlarged so that bundles read at
 * hall scale, where one pixel is ~0.1 m), at least kMinBundleRadiusM so single cables stay
 * visible. Drops run from a rack's top to the tray above its centre with the radius of the
 * cables that leave the rack there.
 * A device sits at its rack's plan centre, at the middle of its rack units. Highlighted cables
 * run just above the thickest bundle so that the bundles do not hide them.
 *
 * Contract: construct with a renderer (props are added to it), call build() whenever the
 * fabric is recomputed; the graph, cabling and scene must outlive the next build() or clear().
 */

#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/model.h"

#include <array>
#include <memory>
#include <vector>

class vtkRenderer;

namespace myriad::engine
{
class Catalog;
}

namespace myriad::scenes
{

/** Smallest radius a bundle is drawn with (m), so that one cable stays visible. */
inline constexpr double kMinBundleRadiusM = 0.03;
/** Drawn radius / physical bundle radius. */
inline constexpr double kBundleDrawScale = 2.5;

/** Drawn radius (m) of a bundle whose cables have `crossSectionM2` in all. */
double bundleRadiusM(double crossSectionM2);

/** One bundle: the cables of one tier along one tray segment. */
struct FabricBundle
{
  int segment = -1; ///< index into CablingResult::trays
  engine::fabric::Tier tier = engine::fabric::Tier::NodeLeaf;
  int cables = 0;
  double crossSectionM2 = 0;
  double radiusM = 0;
};

/** Counts of what the fabric view holds, for tests and the status bar. */
struct FabricViewStats
{
  int bundles = 0;          ///< tray bundles (segment × tier with cables)
  int drops = 0;            ///< rack drops (rack × tier with cables leaving through the tray)
  int visibleBundles = 0;   ///< bundles of visible tiers while cables are shown
  int visibleActors = 0;    ///< this view's props in the renderer that are visible
  int highlightPaths = 0;   ///< device paths highlighted
  int highlightAnchors = 0; ///< marked devices (a path of h hops marks h + 1)
  int highlightPoints = 0;  ///< points of the highlighted hops' polylines (they follow the trays)
  bool linkValues = false;  ///< bundles coloured by link values
};

class FabricView
{
public:
  /** Adds this view's props to `renderer` (which it does not own). */
  explicit FabricView(vtkRenderer* renderer);
  ~FabricView();
  FabricView(const FabricView&) = delete;
  FabricView& operator=(const FabricView&) = delete;

  /** (Re)build bundles and drops; clears highlights and link values. */
  void build(const engine::fabric::FabricGraph& graph, const engine::fabric::CablingResult& cabling,
             const engine::Scene& scene, const engine::Catalog& catalog);
  /** Remove everything drawn (no fabric). */
  void clear();
  bool built() const;

  /** Show or hide all cable bundles and drops (highlights stay). */
  void setCablesVisible(bool visible);
  bool cablesVisible() const;
  /** Show or hide the bundles and drops of one tier. */
  void setTierVisible(engine::fabric::Tier tier, bool visible);
  bool tierVisible(engine::fabric::Tier tier) const;
  /** Tiers that have at least one bundle or drop, in declaration order. */
  std::vector<engine::fabric::Tier> tiers() const;
  /** Colour (RGB 0–1) a tier is drawn with. */
  static std::array<double, 3> tierColor(engine::fabric::Tier tier);

  const std::vector<FabricBundle>& bundles() const;

  /**
   * Highlight device paths (device index sequences, e.g. from ecmpPaths): each hop as a bright
   * line that follows the link's cable (drop, trays, drop), drawn once however many paths share
   * it, and every device on them marked. Hops without a cable are drawn straight. Returns the
   * number of paths drawn (paths with an unplaced device are skipped).
   */
  int highlightPaths(const std::vector<std::vector<int>>& paths);
  /** Highlight one cable (index into CablingResult::cables) and mark its two ends. */
  void highlightCable(int cable);
  void clearHighlight();

  /**
   * Colour bundles by a value per link (index into FabricGraph::links(), 0 = green, 1 = red,
   * NaN = no value): a bundle takes the maximum over its links, grey without any. An empty
   * vector restores the tier colours.
   */
  void setLinkValues(const std::vector<double>& valuePerLink);
  /** Colour (RGB 0–1) of a link value in [0, 1] (clamped). */
  static std::array<double, 3> valueColor(double value);

  /** World point of a device (rack plan centre, middle of its units); NaN when unplaced. */
  std::array<double, 3> devicePoint(int device) const;
  /** Polyline of a cable from its A end to its B end along its route. */
  std::vector<std::array<double, 3>> cablePolyline(int cable) const;
  /**
   * Polyline of fabric link `link` from its A device to its B device: its cable's route, or the
   * straight segment between the two devices when it was not cabled; empty when either device
   * is unplaced or the link is out of range.
   */
  std::vector<std::array<double, 3>> linkPolyline(int link) const;
  /** Index into CablingResult::cables of the cable of `link`; −1 when it was not cabled. */
  int cableOfLink(int link) const;

  FabricViewStats stats() const;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

} // namespace myriad::scenes
