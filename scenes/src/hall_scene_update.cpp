// HallScene: bringing the view up to date after an edit without rebuilding it (updateObjects).
// An edit moves, turns or re-parts a few racks; rewriting their instances in the glyph arrays
// keeps every other prop, buffer and label texture, and the picking tables follow the new
// layout. Whatever changes the structure (racks or contents added or removed) refills the
// instanced sets; a change of the halls rebuilds everything.
#include "hall_scene_impl.h"

#include "hall_props.h"

#include <vtkActor.h>
#include <vtkBillboardTextActor3D.h>
#include <vtkRenderer.h>

#include <algorithm>

namespace myriad::scenes
{

using detail::DetailBox;

namespace
{

bool sameBox(const engine::Box& a, const engine::Box& b)
{
  return a.x0 == b.x0 && a.y0 == b.y0 && a.z0 == b.z0 && a.x1 == b.x1 && a.y1 == b.y1 &&
         a.z1 == b.z1;
}

/** Same hall boxes (world: a hall that grew moves the halls after it) and the same sites. */
bool sameHalls(const detail::Layout& a, const detail::Layout& b)
{
  const auto sameSite = [](const engine::SiteFootprint& x, const engine::SiteFootprint& y)
  {
    return x.site == y.site && x.name == y.name && x.x0 == y.x0 && x.y0 == y.y0 && x.x1 == y.x1 &&
           x.y1 == y.y1;
  };
  return a.halls.size() == b.halls.size() &&
         std::equal(a.halls.begin(), a.halls.end(), b.halls.begin(),
                    [](const detail::HallItem& x, const detail::HallItem& y)
                    { return sameBox(x.box, y.box); }) &&
         a.sites.size() == b.sites.size() &&
         std::equal(a.sites.begin(), a.sites.end(), b.sites.begin(), sameSite);
}

bool sameAisles(const detail::Layout& a, const detail::Layout& b)
{
  return a.aisles.size() == b.aisles.size() &&
         std::equal(a.aisles.begin(), a.aisles.end(), b.aisles.begin(),
                    [](const detail::AisleItem& x, const detail::AisleItem& y)
                    { return x.kind == y.kind && sameBox(x.box, y.box); });
}

/** `inner` is `outer` or an id below it ("H1-R01" → "H1-R01-K03"): ids are hierarchical. */
bool isWithin(const std::string& inner, const std::string& outer)
{
  return inner.size() >= outer.size() && inner.compare(0, outer.size(), outer) == 0 &&
         (inner.size() == outer.size() || inner[outer.size()] == '-');
}

/** The rack, its row or hall, or one of its nodes, switches or GPUs was edited. */
bool touched(const std::string& rackId, const std::vector<std::string>& changed)
{
  return std::any_of(changed.begin(), changed.end(),
                     [&](const std::string& id)
                     { return isWithin(rackId, id) || isWithin(id, rackId); });
}

} // namespace

void HallScene::Impl::replaceAttached(vtkProp* before, vtkProp* after)
{
  renderer->RemoveViewProp(before);
  renderer->AddViewProp(after);
  std::replace(attached.begin(), attached.end(), vtkSmartPointer<vtkProp>(before),
               vtkSmartPointer<vtkProp>(after));
}

void HallScene::Impl::updateStaticProps(const detail::Layout& next)
{
  if (!sameAisles(layout, next))
  {
    vtkSmartPointer<vtkActor> replacement = detail::makeAislesActor(next);
    replaceAttached(aisles, replacement);
    aisles = replacement;
  }
  std::vector<const detail::RowItem*> labelled;
  for (const detail::RowItem& row : next.rows)
  {
    if (row.rackCount > 0)
    {
      labelled.push_back(&row);
    }
  }
  if (labelled.size() == labels.size())
  {
    for (std::size_t i = 0; i < labels.size(); ++i)
    {
      detail::placeRowLabel(labels[i], *labelled[i], text);
    }
    return;
  }
  for (const auto& label : labels) // a row came or went: new labels
  {
    renderer->RemoveViewProp(label);
    attached.erase(std::remove(attached.begin(), attached.end(), vtkSmartPointer<vtkProp>(label)),
                   attached.end());
  }
  labels = detail::makeRowLabels(next, text);
  for (const auto& label : labels)
  {
    renderer->AddViewProp(label);
    attached.emplace_back(label);
  }
}

bool HallScene::Impl::updateInstances(detail::Layout next, const std::vector<std::string>& changed)
{
  bool sameStructure = next.racks.size() == layout.racks.size() &&
                       next.coolers.size() == layout.coolers.size() &&
                       rackDraw.size() == next.racks.size();
  for (std::size_t i = 0; sameStructure && i < next.racks.size(); ++i)
  {
    // The old layout's rack pointers may dangle after an edit: compare the ids kept at build.
    sameStructure = next.racks[i].rack->id == rackDraw[i].rackId &&
                    next.racks[i].nodeCount == layout.racks[i].nodeCount &&
                    next.racks[i].gpuCount == layout.racks[i].gpuCount;
  }
  const std::vector<char> detailedBefore = detailed;
  layout = std::move(next);
  computeRackOverlay();
  chooseDetailedRacks(); // a moved rack may enter or leave the detailed patch
  if (!sameStructure || detailed != detailedBefore)
  {
    return false;
  }
  for (std::size_t c = 0; c < layout.coolers.size(); ++c)
  {
    const detail::CoolerItem& cooler = layout.coolers[c];
    coolers.update(static_cast<int>(c), cooler.box, detail::colorOf(cooler.kind), kCoolerGapM);
  }
  std::vector<DetailBox> scratch;
  std::vector<DrawnBox> drawn;
  for (std::size_t i = 0; i < layout.racks.size(); ++i)
  {
    RackDraw& draw = rackDraw[i];
    draw.rack = rackInstance(i);
    const bool moved = (draw.rack.shell ? rackShells : racks)
                         .update(draw.instance, draw.rack.box, draw.rack.color, draw.rack.gapM);
    if (draw.contentsCount + draw.shellsCount == 0 || !(moved || touched(draw.rackId, changed)))
    {
      continue;
    }
    contentInstances(i, scratch, drawn);
    int solid = 0;
    int shells = 0;
    for (const DrawnBox& box : drawn)
    {
      ++(box.shell ? shells : solid);
    }
    if (solid != draw.contentsCount || shells != draw.shellsCount)
    {
      return false; // same counts, other kinds (a server became a switch): refill the sets
    }
    solid = draw.contentsFirst;
    shells = draw.shellsFirst;
    for (const DrawnBox& box : drawn)
    {
      box.shell ? contentShells.update(shells++, box.box, box.color, box.gapM)
                : contents.update(solid++, box.box, box.color, box.gapM);
    }
  }
  for (detail::BoxGlyphs* set : { &racks, &rackShells, &coolers, &contents, &contentShells })
  {
    set->markModified();
  }
  return true;
}

HallScene::Update HallScene::updateObjects(const engine::Scene& scene,
                                           const engine::Catalog& catalog,
                                           const std::vector<std::string>& changedIds)
{
  Impl& d = *m_impl;
  if (d.scene != &scene || d.catalog != &catalog)
  {
    build(scene, catalog);
    return Update::FullBuild;
  }
  detail::Layout next = detail::extractLayout(scene, catalog);
  if (!sameHalls(d.layout, next))
  {
    build(scene, catalog);
    return Update::FullBuild;
  }
  d.updateStaticProps(next);
  const bool portsChanged = next.tiles != d.layout.tiles || next.grilles != d.layout.grilles;
  Update how = Update::Instances;
  if (!d.updateInstances(std::move(next), changedIds))
  {
    // Racks, contents or coolers came or went: refill the instanced sets (new buffers).
    d.rebuildCoolers();
    d.rebuildRacks();
    d.rebuildContents();
    how = Update::GlyphSets;
  }
  else if (portsChanged)
    d.rebuildAirPorts(); // a set-air-ports edit: tiles and grilles only
  d.updateLegend();
  d.updateSelection();
  return how;
}

} // namespace myriad::scenes
