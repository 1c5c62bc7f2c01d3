#include "hall_scene_impl.h"

#include "hall_props.h"
#include "palette.h"

#include "myriad/engine/catalog.h"

#include <vtkActor.h>
#include <vtkBillboardTextActor3D.h>
#include <vtkCellArray.h>
#include <vtkLight.h>
#include <vtkLookupTable.h>
#include <vtkOutlineSource.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>

namespace myriad::scenes
{

using detail::DetailBox;
using detail::Rgb;

namespace
{

// Gap drawn between neighbouring racks (m per side): rows read as racks, not as one slab.
constexpr double kRackGapM = 0.012;

void styleRenderer(vtkRenderer* renderer)
{
  const auto bottom = detail::toDoubles(detail::kBackgroundBottom);
  const auto top = detail::toDoubles(detail::kBackgroundTop);
  renderer->GradientBackgroundOn();
  renderer->SetBackground(bottom.data());
  renderer->SetBackground2(top.data());
  // Without an opaque alpha, framebuffer grabs (screenshots, PNG export) come out transparent.
  renderer->SetBackgroundAlpha(1.0);
}

void setupLegend(vtkLookupTable* table, vtkScalarBarActor* legend)
{
  table->SetNumberOfTableValues(256);
  for (int i = 0; i < 256; ++i)
  {
    const Rgb c = detail::powerColor(i, 255);
    table->SetTableValue(i, c.r / 255.0, c.g / 255.0, c.b / 255.0, 1.0);
  }
  table->Build();
  legend->SetLookupTable(table);
  legend->SetTitle("Rack power (kW)");
  legend->SetNumberOfLabels(5);
  legend->SetLabelFormat("%.0f");
  // Horizontal along the bottom right (the thermal field's bar takes the bottom left): the
  // title is centred over the bar, so a vertical bar at the right edge clipped long titles.
  legend->SetOrientationToHorizontal();
  legend->SetTextPositionToPrecedeScalarBar(); // labels under the bar, apart from the title
  legend->SetPosition(0.55, 0.02);
  legend->SetWidth(0.42);
  legend->SetHeight(0.11);
  legend->UnconstrainedFontSizeOn();
  legend->SetVerticalTitleSeparation(10);
  legend->GetTitleTextProperty()->SetFontSize(14);
  legend->GetLabelTextProperty()->SetFontSize(12);
  legend->GetTitleTextProperty()->ShadowOff();
  legend->GetLabelTextProperty()->ShadowOff();
  legend->GetTitleTextProperty()->ItalicOff();
  legend->GetLabelTextProperty()->ItalicOff();
  legend->SetVisibility(false);
}

/**
 * Two lights that follow the camera: a key light from above (50° elevation, 10° azimuth, as
 * vtkLightKit's key) that makes top faces brighter than sides, and a headlight fill so nothing
 * faces the viewer in the dark. vtkLightKit's five lights looked about the same from the views
 * the hall is seen from (its back and under-fill lights light faces turned away; intensities
 * matched on screenshots: floor and aisle tints within ~5 %, sides ~10 % darker), but every lit
 * pixel evaluated all five: on software GL that was ~6 ms of a lab-256 frame
 * (docs/benchmarks.md, "Two lights instead of five").
 */
void addLights(vtkRenderer* renderer, vtkLight* key, vtkLight* fill)
{
  key->SetLightTypeToCameraLight();
  key->SetDirectionAngle(50, 10);
  key->SetFocalPoint(0, 0, 0);
  key->SetIntensity(0.6);
  fill->SetLightTypeToHeadlight();
  fill->SetIntensity(0.6);
  renderer->AddLight(key);
  renderer->AddLight(fill);
}

} // namespace

HallScene::Impl::Impl(vtkRenderer* r)
  : renderer(r)
{
  styleRenderer(renderer);
  addLights(renderer, keyLight, fillLight);
  rackShells.setWireframe(true, 1.0);
  contentShells.setWireframe(true, 1.0);
  coolers.actor()->GetProperty()->SetSpecular(0.2);
  airPorts.actor()->PickableOff(); // tiles and grilles are not selectable objects (yet)
  vtkNew<vtkPolyDataMapper> outlineMapper;
  outlineMapper->SetInputConnection(outline->GetOutputPort());
  outlineActor->SetMapper(outlineMapper);
  auto yellow = detail::toDoubles(detail::kSelectionColor);
  outlineActor->GetProperty()->SetColor(yellow.data());
  outlineActor->GetProperty()->SetLineWidth(3.0f);
  outlineActor->GetProperty()->LightingOff();
  outlineActor->PickableOff();
  outlineActor->SetVisibility(false);
  vtkNew<vtkPolyDataMapper> setMapper;
  setMapper->SetInputData(setOutlines);
  setOutlineActor->SetMapper(setMapper);
  setOutlineActor->GetProperty()->SetColor(yellow.data());
  setOutlineActor->GetProperty()->SetLineWidth(2.0f);
  setOutlineActor->GetProperty()->LightingOff();
  setOutlineActor->PickableOff();
  setOutlineActor->SetVisibility(false);
  setupLegend(powerTable, legend);
}

HallScene::Impl::~Impl()
{
  detach();
  renderer->RemoveLight(keyLight);
  renderer->RemoveLight(fillLight);
}

void HallScene::Impl::attach()
{
  attached = { floor,
               aisles,
               walls,
               racks.actor(),
               rackShells.actor(),
               coolers.actor(),
               airPorts.actor(),
               contents.actor(),
               contentShells.actor(),
               outlineActor.Get(),
               setOutlineActor.Get(),
               legend.Get() };
  for (const auto& label : labels)
  {
    attached.emplace_back(label);
  }
  if (siteOutlines)
  {
    attached.emplace_back(siteOutlines);
  }
  for (const auto& label : siteLabels)
  {
    attached.emplace_back(label);
  }
  for (const auto& prop : attached)
  {
    renderer->AddViewProp(prop);
  }
}

void HallScene::Impl::detach()
{
  for (const auto& prop : attached)
  {
    renderer->RemoveViewProp(prop);
  }
  attached.clear();
}

Rgb HallScene::Impl::rackColor(const detail::RackItem& rack) const
{
  switch (colorBy)
  {
    case ColorBy::Kind:
      return detail::colorOf(rack.rack->kind);
    case ColorBy::PowerDensity:
      return detail::powerColor(rack.powerW, layout.maxRackPowerW);
    case ColorBy::Cooling:
      return detail::colorOf(rack.rack->cooling);
    case ColorBy::Overlay:
      return rackOverlayColor(static_cast<std::size_t>(&rack - layout.racks.data()));
  }
  return detail::colorOf(rack.rack->kind);
}

DrawnBox HallScene::Impl::rackInstance(std::size_t i) const
{
  const detail::RackItem& rack = layout.racks[i];
  const Rgb color = rackColor(rack);
  if (i < detailed.size() && detailed[i])
  {
    return { true, rack.box, detail::lighten(color, 0.2), 0.0 };
  }
  return { false, rack.box, color, kRackGapM };
}

void HallScene::Impl::contentInstances(std::size_t i, std::vector<DetailBox>& scratch,
                                       std::vector<DrawnBox>& out) const
{
  out.clear();
  if (level == DetailLevel::Racks || i >= detailed.size() || !detailed[i])
  {
    return;
  }
  const bool withGpus = level == DetailLevel::Gpus;
  scratch.clear();
  detail::appendRackContents(layout.racks[i], *catalog, withGpus, scratch);
  const Rgb serverColor = colorBy == ColorBy::Kind
                            ? detail::kServerColor
                            : detail::lighten(rackColor(layout.racks[i]), 0.2);
  const bool byOverlay = colorBy == ColorBy::Overlay;
  for (const DetailBox& box : scratch)
  {
    if (box.type == DetailBox::Type::Gpu)
    {
      const Rgb gpuColor =
        byOverlay ? contentOverlayColor(box, detail::kGpuColor) : detail::kGpuColor;
      out.push_back({ false, box.box, gpuColor, 0.003 });
      continue;
    }
    const Rgb ownColor = byOverlay ? contentOverlayColor(box, serverColor) : serverColor;
    if (box.type == DetailBox::Type::Switch)
    {
      out.push_back({ false, box.box, detail::colorOf(box.role), 0.01 });
    }
    else if (withGpus && box.gpus > 0)
    {
      out.push_back({ true, box.box, detail::lighten(ownColor, 0.3), 0.01 });
    }
    else
    {
      out.push_back({ false, box.box, ownColor, 0.01 });
    }
  }
  // Blanking panels in the empty U spaces, a darker shade of the rack's colour: the rack keeps
  // its colour (a network rack reads teal) and a rack of a few switches does not look empty.
  const Rgb blank = detail::darken(rackColor(layout.racks[i]), 0.3);
  for (const engine::Box& panel : detail::blankingPanels(layout.racks[i], *catalog))
  {
    out.push_back({ false, panel, blank, 0.01 });
  }
}

void HallScene::Impl::rebuildCoolers()
{
  coolers.clear();
  for (const detail::CoolerItem& cooler : layout.coolers)
  {
    coolers.add(cooler.box, detail::colorOf(cooler.kind), kCoolerGapM);
  }
  coolers.commit();
  rebuildAirPorts();
}

void HallScene::Impl::rebuildAirPorts()
{
  airPorts.clear();
  for (const engine::Box& tile : layout.tiles)
    airPorts.add(tile, detail::kTileColor, 0.02);
  for (const engine::Box& grille : layout.grilles)
    airPorts.add(grille, detail::kGrilleColor, 0.02);
  airPorts.commit();
}

void HallScene::Impl::rebuildRacks()
{
  racks.clear();
  rackShells.clear();
  rackDraw.assign(layout.racks.size(), RackDraw{});
  for (std::size_t i = 0; i < layout.racks.size(); ++i)
  {
    RackDraw& draw = rackDraw[i];
    draw.rackId = layout.racks[i].rack->id;
    draw.rack = rackInstance(i);
    detail::BoxGlyphs& set = draw.rack.shell ? rackShells : racks;
    draw.instance = set.count();
    set.add(draw.rack.box, draw.rack.color, draw.rack.gapM);
  }
  racks.commit();
  rackShells.commit();
}

void HallScene::Impl::rebuildContents()
{
  contents.clear();
  contentShells.clear();
  nodeInstances = 0;
  gpuInstances = 0;
  blankingPanels = 0;
  std::vector<DetailBox> scratch;
  std::vector<DrawnBox> drawn;
  for (std::size_t i = 0; i < layout.racks.size(); ++i)
  {
    RackDraw& draw = rackDraw[i];
    contentInstances(i, scratch, drawn);
    draw.contentsFirst = contents.count();
    draw.shellsFirst = contentShells.count();
    for (const DrawnBox& box : drawn)
    {
      (box.shell ? contentShells : contents).add(box.box, box.color, box.gapM);
    }
    draw.contentsCount = contents.count() - draw.contentsFirst;
    draw.shellsCount = contentShells.count() - draw.shellsFirst;
    for (std::size_t k = 0; !drawn.empty() && k < scratch.size(); ++k)
    {
      ++(scratch[k].type == DetailBox::Type::Gpu ? gpuInstances : nodeInstances);
    }
    // What is drawn beyond the servers, switches and GPUs: the blanking panels.
    blankingPanels += static_cast<int>(drawn.size() - std::min(drawn.size(), scratch.size()));
  }
  contents.commit();
  contentShells.commit();
}

void HallScene::Impl::updateLegend()
{
  if (colorBy == ColorBy::Overlay && overlay)
  {
    const std::string title =
      overlay->unit.empty() ? overlay->title : overlay->title + " (" + overlay->unit + ")";
    legend->SetTitle(title.c_str());
    applySceneFont(legend->GetTitleTextProperty(), title, text.fontFile);
    legend->SetLabelFormat(overlay->maxValue - overlay->minValue >= 20 ? "%.0f" : "%.1f");
    powerTable->SetTableRange(overlay->minValue,
                              std::max(overlay->maxValue, overlay->minValue + 1e-9));
    legend->SetVisibility(!layout.racks.empty());
    return;
  }
  const double maxKw = std::max(1.0, std::ceil(layout.maxRackPowerW / 1000.0));
  legend->SetTitle(text.rackPowerTitle.c_str());
  applySceneFont(legend->GetTitleTextProperty(), text.rackPowerTitle, text.fontFile);
  legend->SetLabelFormat("%.0f");
  powerTable->SetTableRange(0.0, maxKw);
  legend->SetVisibility(colorBy == ColorBy::PowerDensity && !layout.racks.empty());
}

void HallScene::Impl::updateSelection()
{
  const std::optional<engine::Box> box =
    catalog ? detail::objectBoxOf(layout, *catalog, selection) : std::nullopt;
  updateSelectionSet();
  if (!box)
  {
    outlineActor->SetVisibility(false);
    return;
  }
  // A few centimetres of padding so the outline does not fight with the object's own faces.
  const double pad = std::clamp(0.02 * (box->z1 - box->z0), 0.01, 0.05);
  outline->SetBounds(box->x0 - pad, box->x1 + pad, box->y0 - pad, box->y1 + pad, box->z0 - pad,
                     box->z1 + pad);
  outlineActor->SetVisibility(true);
}

void HallScene::Impl::updateSelectionSet()
{
  // Twelve edges per box, all in one line set: a rubber band may select hundreds of racks.
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  static constexpr int kEdges[12][2] = {
    { 0, 1 }, { 1, 3 }, { 3, 2 }, { 2, 0 }, { 4, 5 }, { 5, 7 },
    { 7, 6 }, { 6, 4 }, { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 }
  };
  for (const engine::ObjectRef& ref : selectionSet)
  {
    const std::optional<engine::Box> box =
      catalog ? detail::objectBoxOf(layout, *catalog, ref) : std::nullopt;
    if (!box)
    {
      continue;
    }
    const vtkIdType first = points->GetNumberOfPoints();
    for (int corner = 0; corner < 8; ++corner)
    {
      points->InsertNextPoint((corner & 1) ? box->x1 : box->x0, (corner & 2) ? box->y1 : box->y0,
                              (corner & 4) ? box->z1 : box->z0);
    }
    for (const auto& edge : kEdges)
    {
      const vtkIdType ids[2] = { first + edge[0], first + edge[1] };
      lines->InsertNextCell(2, ids);
    }
  }
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetLines(lines);
  setOutlines->ShallowCopy(data);
  setOutlineActor->SetVisibility(points->GetNumberOfPoints() > 0);
}

void HallScene::Impl::applyInteractive()
{
  contents.setSuppressed(interactive);
  contentShells.setSuppressed(interactive);
  // Empty cages would read as missing racks: draw them solid until the contents come back.
  rackShells.setWireframe(!interactive, 1.0);
}

HallScene::HallScene(vtkRenderer* renderer)
  : m_impl(std::make_unique<Impl>(renderer))
{
}

HallScene::~HallScene() = default;

void HallScene::build(const engine::Scene& scene, const engine::Catalog& catalog)
{
  Impl& d = *m_impl;
  d.detach();
  d.scene = &scene;
  d.catalog = &catalog;
  d.layout = detail::extractLayout(scene, catalog);
  d.floor = detail::makeFloorActor(d.layout);
  d.walls = detail::makeWallsActor(d.layout);
  d.aisles = detail::makeAislesActor(d.layout);
  d.labels = detail::makeRowLabels(d.layout, d.text);
  // A scene without sites gets no site props at all, so it draws exactly as before.
  d.siteOutlines = d.layout.sites.empty() ? nullptr : detail::makeSiteOutlinesActor(d.layout);
  d.siteLabels = detail::makeSiteLabels(d.layout, d.text);
  d.rebuildCoolers();
  d.computeRackOverlay();
  d.chooseDetailedRacks();
  d.rebuildRacks();
  d.rebuildContents();
  d.updateLegend();
  d.updateSelection();
  d.attach();
}

void HallScene::setText(SceneText text)
{
  Impl& d = *m_impl;
  d.text = std::move(text);
  std::size_t next = 0;
  for (const detail::RowItem& row : d.layout.rows)
  {
    if (row.rackCount > 0 && next < d.labels.size()) // labels are the non-empty rows, in order
    {
      detail::placeRowLabel(d.labels[next++], row, d.text);
    }
  }
  for (const auto& label : d.siteLabels)
  {
    detail::applySiteLabelFont(label, d.text);
  }
  d.updateLegend();
}

const SceneText& HallScene::text() const
{
  return m_impl->text;
}

void HallScene::setColorBy(ColorBy colorBy)
{
  if (m_impl->colorBy == colorBy)
  {
    return;
  }
  m_impl->colorBy = colorBy;
  if (m_impl->scene)
  {
    m_impl->rebuildRacks();
    m_impl->rebuildContents();
  }
  m_impl->updateLegend();
}

ColorBy HallScene::colorBy() const
{
  return m_impl->colorBy;
}

DetailLevel HallScene::levelOfDetail() const
{
  return m_impl->level;
}

void HallScene::setDetailBudget(int instances)
{
  m_impl->detailBudget = std::max(0, instances);
  if (m_impl->scene)
  {
    m_impl->chooseDetailedRacks();
    m_impl->rebuildRacks();
    m_impl->rebuildContents();
  }
}

int HallScene::detailBudget() const
{
  return m_impl->detailBudget;
}

void HallScene::setInteractive(bool interactive)
{
  if (m_impl->interactive == interactive)
  {
    return;
  }
  m_impl->interactive = interactive;
  m_impl->applyInteractive();
}

bool HallScene::interactive() const
{
  return m_impl->interactive;
}

void HallScene::setSelection(const engine::ObjectRef& ref)
{
  m_impl->selection = ref;
  m_impl->updateSelection();
}

engine::ObjectRef HallScene::selection() const
{
  return m_impl->selection;
}

void HallScene::setSelectionSet(const std::vector<engine::ObjectRef>& refs)
{
  m_impl->selectionSet = refs;
  m_impl->updateSelectionSet();
}

const std::vector<engine::ObjectRef>& HallScene::selectionSet() const
{
  return m_impl->selectionSet;
}

std::vector<engine::ObjectRef> HallScene::racksInRect(double x0, double y0, double x1,
                                                      double y1) const
{
  const double lowX = std::min(x0, x1), highX = std::max(x0, x1);
  const double lowY = std::min(y0, y1), highY = std::max(y0, y1);
  std::vector<engine::ObjectRef> found;
  for (const detail::RackItem& rack : m_impl->layout.racks)
  {
    const engine::Box& b = rack.box;
    if (b.x0 < highX && b.x1 > lowX && b.y0 < highY && b.y1 > lowY)
    {
      found.push_back(rack.ref);
    }
  }
  return found;
}

std::optional<engine::Box> HallScene::objectBox(const engine::ObjectRef& ref) const
{
  if (!m_impl->catalog)
  {
    return std::nullopt;
  }
  return detail::objectBoxOf(m_impl->layout, *m_impl->catalog, ref);
}

SceneStats HallScene::stats() const
{
  const Impl& d = *m_impl;
  SceneStats s;
  s.actors = static_cast<int>(d.attached.size());
  s.rackInstances = d.racks.count() + d.rackShells.count();
  s.nodeInstances = d.nodeInstances;
  s.gpuInstances = d.gpuInstances;
  s.blankingPanels = d.blankingPanels;
  s.coolerInstances = d.coolers.count();
  s.rowLabels = static_cast<int>(d.labels.size());
  s.siteLabels = static_cast<int>(d.siteLabels.size());
  s.detail = d.level;
  s.interactive = d.interactive;
  return s;
}

} // namespace myriad::scenes
