// FabricView: cable bundles per (tray segment, tier) and rack drops as radius-scaled tubes, one
// actor per tier; tier visibility; bundle colours by tier or by a per-link value.

#include "fabric_view_impl.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTubeFilter.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <tuple>

namespace myriad::scenes
{

namespace fab = engine::fabric;

namespace
{

/** Sideways distance between the bundles of neighbouring tiers on one tray (m). */
constexpr double kTierSpacingM = 0.3;
/** Diameter used for cables without a medium (unreachable): the thinnest, fibre. */
constexpr double kDefaultCableDiameterM = 0.003;
const std::array<double, 3> kNoValueColor{ 0.55, 0.57, 0.6 };

double cableArea(const fab::CablingResult& cabling, const fab::Cable& cable)
{
  const double d =
    cable.medium >= 0 ? cabling.media[cable.medium].diameterM : kDefaultCableDiameterM;
  return std::numbers::pi * d * d / 4;
}

unsigned char byte(double v)
{
  return static_cast<unsigned char>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0));
}

} // namespace

double bundleRadiusM(double crossSectionM2)
{
  // A round bundle of the same area as the cables' cross-sections together, enlarged.
  const double physical = std::sqrt(std::max(0.0, crossSectionM2) / std::numbers::pi);
  return std::max(kMinBundleRadiusM, kBundleDrawScale * physical);
}

std::array<double, 3> FabricView::tierColor(fab::Tier tier)
{
  switch (tier)
  {
    case fab::Tier::NodeLeaf:
      return { 0.10, 0.75, 0.75 }; // teal
    case fab::Tier::LeafSpine:
      return { 1.00, 0.60, 0.12 }; // orange
    case fab::Tier::SpineCore:
      return { 0.82, 0.35, 0.92 }; // violet
    case fab::Tier::Torus:
      return { 0.30, 0.55, 1.00 };
    case fab::Tier::Local:
      return { 0.45, 0.85, 0.30 };
    case fab::Tier::Global:
      return { 0.95, 0.30, 0.35 };
    case fab::Tier::NvLink:
      return { 0.46, 0.73, 0.00 };
  }
  return { 0.8, 0.8, 0.8 };
}

std::array<double, 3> FabricView::valueColor(double value)
{
  // Green (idle) → yellow (half) → red (saturated).
  const double v = std::clamp(value, 0.0, 1.0);
  return v < 0.5 ? std::array<double, 3>{ 2 * v, 0.8, 0.1 }
                 : std::array<double, 3>{ 1.0, 0.8 * (1 - 2 * (v - 0.5)), 0.1 };
}

FabricView::Impl::Impl(vtkRenderer* r)
  : renderer(r)
{
}

FabricView::Impl::~Impl()
{
  removeProps();
}

engine::HallOrigin FabricView::Impl::originOf(int hall) const
{
  return hall >= 0 && hall < static_cast<int>(origins.size()) ? origins[hall]
                                                              : engine::HallOrigin{};
}

void FabricView::Impl::removeProps()
{
  for (auto& [tier, props] : tierProps)
  {
    renderer->RemoveViewProp(props.actor);
  }
  tierProps.clear();
  for (const auto& actor : { highlightLines, highlightAnchors })
  {
    if (actor)
    {
      renderer->RemoveViewProp(actor);
    }
  }
  highlightLines = nullptr;
  highlightAnchors = nullptr;
  highlightPaths = highlightAnchorCount = highlightPointCount = 0;
}

FabricView::FabricView(vtkRenderer* renderer)
  : m_impl(std::make_unique<Impl>(renderer))
{
}

FabricView::~FabricView() = default;

void FabricView::clear()
{
  Impl& d = *m_impl;
  d.removeProps();
  d.graph = nullptr;
  d.cabling = nullptr;
  d.scene = nullptr;
  d.catalog = nullptr;
  d.origins.clear();
  d.bundles.clear();
  d.drops.clear();
  d.dropAt.clear();
  d.cableOfLink.clear();
  d.devicePoints.clear();
  d.bundleValue.clear();
  d.dropValue.clear();
  d.linkValues = false;
}

bool FabricView::built() const
{
  return m_impl->graph != nullptr;
}

void FabricView::build(const fab::FabricGraph& graph, const fab::CablingResult& cabling,
                       const engine::Scene& scene, const engine::Catalog& catalog)
{
  clear();
  Impl& d = *m_impl;
  d.graph = &graph;
  d.cabling = &cabling;
  d.scene = &scene;
  d.catalog = &catalog;
  d.origins = engine::hallOrigins(scene);
  d.cableOfLink.assign(graph.links().size(), -1);
  std::map<std::pair<int, fab::Tier>, int> bundleAt; // (segment, tier) → bundle
  for (int c = 0; c < static_cast<int>(cabling.cables.size()); ++c)
  {
    const fab::Cable& cable = cabling.cables[c];
    d.cableOfLink[cable.link] = c;
    if (cable.route < 0)
    {
      continue;
    }
    const fab::Link& link = graph.links()[cable.link];
    const double area = cableArea(cabling, cable);
    for (const int s : cabling.routes[cable.route].segments)
    {
      auto [it, added] = bundleAt.try_emplace({ s, link.tier }, static_cast<int>(d.bundles.size()));
      if (added)
      {
        d.bundles.push_back({ s, link.tier, 0, 0, 0 });
      }
      ++d.bundles[it->second].cables;
      d.bundles[it->second].crossSectionM2 += area;
    }
    for (const int device : { link.a.device, link.b.device })
    {
      const fab::Location& loc = graph.device(device).location;
      auto [it, added] = d.dropAt.try_emplace({ loc.hall, loc.row, loc.rack, link.tier },
                                              static_cast<int>(d.drops.size()));
      if (added)
      {
        const engine::Rack& rack = scene.site.halls[loc.hall].rows[loc.row].racks[loc.rack];
        const engine::HallOrigin origin = d.originOf(loc.hall); // the rack box is hall-local
        const engine::Box box = engine::rackBox(rack, catalog);
        const double trayZ = cabling.trays[cabling.routes[cable.route].segments.front()].z;
        d.drops.push_back({ link.tier, origin.xM + 0.5 * (box.x0 + box.x1),
                            origin.yM + 0.5 * (box.y0 + box.y1), box.z1, trayZ, 0, 0, 0 });
      }
      ++d.drops[it->second].cables;
      d.drops[it->second].crossSectionM2 += area;
    }
  }
  d.highlightLiftM = 0.05;
  for (FabricBundle& b : d.bundles)
  {
    b.radiusM = bundleRadiusM(b.crossSectionM2);
    d.highlightLiftM = std::max(d.highlightLiftM, b.radiusM + 0.05);
  }
  for (FabricDrop& drop : d.drops)
  {
    drop.radiusM = bundleRadiusM(drop.crossSectionM2);
  }
  d.devicePoints.assign(graph.devices().size(), { std::numeric_limits<double>::quiet_NaN(), 0, 0 });
  d.buildTierProps();
  d.updateVisibility();
}

void FabricView::Impl::buildTierProps()
{
  std::vector<fab::Tier> present;
  for (const FabricBundle& b : bundles)
  {
    tierProps[b.tier].bundles.push_back(static_cast<int>(&b - bundles.data()));
  }
  for (const FabricDrop& drop : drops)
  {
    tierProps[drop.tier].drops.push_back(static_cast<int>(&drop - drops.data()));
  }
  const double tierCount = static_cast<double>(tierProps.size());
  int tierIndex = 0;
  for (auto& [tier, props] : tierProps)
  {
    // Tiers side by side across the tray, centred on its axis.
    const double offset = (tierIndex++ - 0.5 * (tierCount - 1)) * kTierSpacingM;
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> cells;
    vtkNew<vtkDoubleArray> radius;
    radius->SetName("radius");
    vtkNew<vtkUnsignedCharArray> colors;
    colors->SetName("colors");
    colors->SetNumberOfComponents(3);
    auto addLine = [&](std::array<double, 3> p, std::array<double, 3> q, double r)
    {
      const vtkIdType a = points->InsertNextPoint(p.data());
      const vtkIdType b = points->InsertNextPoint(q.data());
      const vtkIdType ids[2] = { a, b };
      cells->InsertNextCell(2, ids);
      radius->InsertNextValue(r);
      radius->InsertNextValue(r);
      colors->InsertNextTuple3(0, 0, 0);
      colors->InsertNextTuple3(0, 0, 0);
    };
    for (const int i : props.bundles)
    {
      const fab::TraySegment& s = cabling->trays[bundles[i].segment];
      const double len = std::max(1e-9, std::hypot(s.x1 - s.x0, s.y1 - s.y0));
      // Sideways by tier, and from the tray's hall frame to the world.
      const engine::HallOrigin origin = originOf(s.hall);
      const double ox = origin.xM - (s.y1 - s.y0) / len * offset;
      const double oy = origin.yM + (s.x1 - s.x0) / len * offset;
      addLine({ s.x0 + ox, s.y0 + oy, s.z }, { s.x1 + ox, s.y1 + oy, s.z }, bundles[i].radiusM);
    }
    for (const int i : props.drops)
    {
      const FabricDrop& drop = drops[i];
      addLine({ drop.x + offset, drop.y, drop.z0 }, { drop.x + offset, drop.y, drop.z1 },
              drop.radiusM);
    }
    props.lines = vtkSmartPointer<vtkPolyData>::New();
    props.lines->SetPoints(points);
    props.lines->SetLines(cells);
    props.lines->GetPointData()->AddArray(radius);
    props.lines->GetPointData()->SetActiveScalars("radius");
    props.lines->GetPointData()->AddArray(colors);
    vtkNew<vtkTubeFilter> tubes;
    tubes->SetInputData(props.lines);
    tubes->SetVaryRadiusToVaryRadiusByAbsoluteScalar();
    tubes->SetNumberOfSides(8);
    tubes->CappingOn();
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(tubes->GetOutputPort());
    mapper->SetScalarModeToUsePointFieldData();
    mapper->SelectColorArray("colors");
    mapper->SetColorModeToDirectScalars();
    mapper->ScalarVisibilityOn();
    props.actor = vtkSmartPointer<vtkActor>::New();
    props.actor->SetMapper(mapper);
    props.actor->GetProperty()->SetSpecular(0.2);
    props.actor->PickableOff();
    renderer->AddViewProp(props.actor);
  }
  recolor();
}

void FabricView::Impl::recolor()
{
  for (auto& [tier, props] : tierProps)
  {
    auto* colors =
      vtkUnsignedCharArray::SafeDownCast(props.lines->GetPointData()->GetArray("colors"));
    vtkIdType point = 0;
    auto paint = [&](const std::array<double, 3>& c)
    {
      for (int k = 0; k < 2; ++k)
      {
        colors->SetTuple3(point++, byte(c[0]), byte(c[1]), byte(c[2]));
      }
    };
    for (const int i : props.bundles)
    {
      const double v = linkValues ? bundleValue[i] : 0;
      paint(!linkValues ? FabricView::tierColor(tier)
                        : (std::isnan(v) ? kNoValueColor : FabricView::valueColor(v)));
    }
    for (const int i : props.drops)
    {
      const double v = linkValues ? dropValue[i] : 0;
      paint(!linkValues ? FabricView::tierColor(tier)
                        : (std::isnan(v) ? kNoValueColor : FabricView::valueColor(v)));
    }
    colors->Modified();
    props.lines->Modified();
  }
}

void FabricView::Impl::updateVisibility()
{
  for (auto& [tier, props] : tierProps)
  {
    props.actor->SetVisibility(cablesVisible && props.visible);
  }
}

void FabricView::setCablesVisible(bool visible)
{
  m_impl->cablesVisible = visible;
  m_impl->updateVisibility();
}

bool FabricView::cablesVisible() const
{
  return m_impl->cablesVisible;
}

void FabricView::setTierVisible(fab::Tier tier, bool visible)
{
  auto it = m_impl->tierProps.find(tier);
  if (it != m_impl->tierProps.end())
  {
    it->second.visible = visible;
    m_impl->updateVisibility();
  }
}

bool FabricView::tierVisible(fab::Tier tier) const
{
  auto it = m_impl->tierProps.find(tier);
  return it != m_impl->tierProps.end() && it->second.visible;
}

std::vector<fab::Tier> FabricView::tiers() const
{
  std::vector<fab::Tier> out;
  for (const auto& [tier, props] : m_impl->tierProps)
  {
    out.push_back(tier);
  }
  return out;
}

const std::vector<FabricBundle>& FabricView::bundles() const
{
  return m_impl->bundles;
}

int FabricView::cableOfLink(int link) const
{
  const auto& map = m_impl->cableOfLink;
  return link >= 0 && link < static_cast<int>(map.size()) ? map[link] : -1;
}

void FabricView::setLinkValues(const std::vector<double>& valuePerLink)
{
  Impl& d = *m_impl;
  d.linkValues = !valuePerLink.empty() && d.graph != nullptr;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  d.bundleValue.assign(d.bundles.size(), nan);
  d.dropValue.assign(d.drops.size(), nan);
  if (d.linkValues)
  {
    // Map each cable's value onto the bundles and drops it runs through (max wins).
    std::map<std::pair<int, fab::Tier>, int> bundleAt;
    for (const FabricBundle& b : d.bundles)
    {
      bundleAt[{ b.segment, b.tier }] = static_cast<int>(&b - d.bundles.data());
    }
    auto raise = [](double& slot, double v) { slot = std::isnan(slot) ? v : std::max(slot, v); };
    for (const fab::Cable& cable : d.cabling->cables)
    {
      const double v =
        cable.link < static_cast<int>(valuePerLink.size()) ? valuePerLink[cable.link] : nan;
      if (std::isnan(v) || cable.route < 0)
      {
        continue;
      }
      const fab::Link& link = d.graph->links()[cable.link];
      for (const int s : d.cabling->routes[cable.route].segments)
      {
        raise(d.bundleValue[bundleAt.at({ s, link.tier })], v);
      }
      for (const int device : { link.a.device, link.b.device })
      {
        const fab::Location& loc = d.graph->device(device).location;
        raise(d.dropValue[d.dropAt.at({ loc.hall, loc.row, loc.rack, link.tier })], v);
      }
    }
  }
  d.recolor();
}

FabricViewStats FabricView::stats() const
{
  const Impl& d = *m_impl;
  FabricViewStats s;
  s.bundles = static_cast<int>(d.bundles.size());
  s.drops = static_cast<int>(d.drops.size());
  for (const auto& [tier, props] : d.tierProps)
  {
    if (props.actor->GetVisibility())
    {
      s.visibleBundles += static_cast<int>(props.bundles.size());
      ++s.visibleActors;
    }
  }
  for (const auto& actor : { d.highlightLines, d.highlightAnchors })
  {
    s.visibleActors += actor && actor->GetVisibility() ? 1 : 0;
  }
  s.highlightPaths = d.highlightPaths;
  s.highlightAnchors = d.highlightAnchorCount;
  s.highlightPoints = d.highlightPointCount;
  s.linkValues = d.linkValues;
  return s;
}

} // namespace myriad::scenes
