#include "scene_layout.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/immersion.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace myriad::scenes::detail
{
namespace
{

using engine::Box;
using engine::Facing;
using engine::ObjectKind;
using engine::ObjectRef;

// Gaps narrower than this between two row bands are service gaps, not aisles.
constexpr double kMinAisleM = 0.3;

/** Rows that overlap in Y share a band (e.g. one row split in two along X). */
struct Band
{
  double y0 = 0, y1 = 0, x0 = 0, x1 = 0;
  Facing facing = Facing::PlusY;
};

std::vector<Band> rowBands(const Layout& layout, const HallItem& hall, int rowCount)
{
  std::vector<const RowItem*> rows;
  for (int i = 0; i < rowCount; ++i)
  {
    if (layout.rows[hall.firstRow + i].rackCount > 0)
    {
      rows.push_back(&layout.rows[hall.firstRow + i]);
    }
  }
  std::sort(rows.begin(), rows.end(),
            [](const RowItem* a, const RowItem* b) { return a->box.y0 < b->box.y0; });
  std::vector<Band> bands;
  for (const RowItem* row : rows)
  {
    if (!bands.empty() && row->box.y0 < bands.back().y1 - 1e-6)
    {
      Band& band = bands.back();
      band.y1 = std::max(band.y1, row->box.y1);
      band.x0 = std::min(band.x0, row->box.x0);
      band.x1 = std::max(band.x1, row->box.x1);
      continue;
    }
    bands.push_back({ row->box.y0, row->box.y1, row->box.x0, row->box.x1, row->facing });
  }
  return bands;
}

AisleKind classify(bool lowSideIsFront, bool highSideIsFront)
{
  if (lowSideIsFront && highSideIsFront)
  {
    return AisleKind::Cold;
  }
  if (!lowSideIsFront && !highSideIsFront)
  {
    return AisleKind::Hot;
  }
  return AisleKind::Plain;
}

/** Aisles between consecutive bands, plus the outer aisles in front of/behind the end rows. */
void addAisles(Layout& layout, const HallItem& hall, int rowCount, double coldM, double hotM)
{
  const std::vector<Band> bands = rowBands(layout, hall, rowCount);
  for (std::size_t i = 0; i + 1 < bands.size(); ++i)
  {
    const Band& a = bands[i];
    const Band& b = bands[i + 1];
    if (b.y0 - a.y1 < kMinAisleM)
    {
      continue;
    }
    const AisleKind kind = classify(a.facing == Facing::PlusY, b.facing == Facing::MinusY);
    layout.aisles.push_back(
      { kind, { std::min(a.x0, b.x0), a.y1, 0, std::max(a.x1, b.x1), b.y0, 0 } });
  }
  if (bands.empty())
  {
    return;
  }
  // Outer faces: the aisle in front of an end row is cold, behind it hot, clipped to the walls.
  const Band& first = bands.front();
  const bool firstFront = first.facing == Facing::MinusY;
  const double firstY0 = std::max(hall.box.y0, first.y0 - (firstFront ? coldM : hotM));
  if (first.y0 - firstY0 >= kMinAisleM)
  {
    layout.aisles.push_back({ firstFront ? AisleKind::Cold : AisleKind::Hot,
                              { first.x0, firstY0, 0, first.x1, first.y0, 0 } });
  }
  const Band& last = bands.back();
  const bool lastFront = last.facing == Facing::PlusY;
  const double lastY1 = std::min(hall.box.y1, last.y1 + (lastFront ? coldM : hotM));
  if (lastY1 - last.y1 >= kMinAisleM)
  {
    layout.aisles.push_back({ lastFront ? AisleKind::Cold : AisleKind::Hot,
                              { last.x0, last.y1, 0, last.x1, lastY1, 0 } });
  }
}

void addRow(Layout& layout, const engine::Catalog& catalog, const engine::Row& row, int h, int r,
            const engine::HallOrigin& origin)
{
  RowItem item;
  item.ref = { ObjectKind::Row, h, r };
  item.label = row.name.empty() ? row.id : row.name;
  item.firstRack = static_cast<int>(layout.racks.size());
  item.rackCount = static_cast<int>(row.racks.size());
  int plusY = 0;
  for (std::size_t k = 0; k < row.racks.size(); ++k)
  {
    const engine::Rack& rack = row.racks[k];
    RackItem ri;
    ri.ref = { ObjectKind::Rack, h, r, static_cast<int>(k) };
    ri.box = toWorld(engine::rackBox(rack, catalog), origin);
    ri.rack = &rack;
    ri.origin = origin;
    ri.powerW = engine::rackPowerW(rack, catalog);
    ri.nodeCount = static_cast<int>(rack.nodes.size() + rack.switches.size());
    for (const engine::Node& node : rack.nodes)
    {
      ri.gpuCount += static_cast<int>(node.gpus.size());
    }
    layout.maxRackPowerW = std::max(layout.maxRackPowerW, ri.powerW);
    item.box = k == 0 ? ri.box : unite(item.box, ri.box);
    plusY += rack.facing == Facing::PlusY ? 1 : -1;
    layout.racks.push_back(ri);
  }
  item.facing = plusY >= 0 ? Facing::PlusY : Facing::MinusY;
  layout.rows.push_back(item);
}

} // namespace

Box unite(const Box& a, const Box& b)
{
  return { std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::min(a.z0, b.z0),
           std::max(a.x1, b.x1), std::max(a.y1, b.y1), std::max(a.z1, b.z1) };
}

Layout extractLayout(const engine::Scene& scene, const engine::Catalog& catalog)
{
  Layout layout;
  const double coldM = scene.spec ? scene.spec->coldAisleM : 1.2;
  const double hotM = scene.spec ? scene.spec->hotAisleM : 1.2;
  const auto& halls = scene.site.halls;
  // Each hall is drawn at its own origin; everything read from the engine below is hall-local.
  const std::vector<engine::HallOrigin> origins = engine::hallOrigins(scene);
  if (!scene.sites.empty())
  {
    layout.sites = engine::siteFootprints(scene);
  }
  for (std::size_t h = 0; h < halls.size(); ++h)
  {
    const engine::Hall& hall = halls[h];
    const engine::HallOrigin& origin = origins[h];
    const int hi = static_cast<int>(h);
    HallItem item{ { ObjectKind::Hall, hi },
                   toWorld({ 0, 0, 0, hall.widthM, hall.depthM, hall.heightM }, origin),
                   static_cast<int>(layout.rows.size()),
                   origin };
    layout.bounds = h == 0 ? item.box : unite(layout.bounds, item.box);
    for (std::size_t r = 0; r < hall.rows.size(); ++r)
    {
      addRow(layout, catalog, hall.rows[r], hi, static_cast<int>(r), origin);
    }
    for (std::size_t c = 0; c < hall.coolers.size(); ++c)
    {
      const engine::CoolingUnit& cooler = hall.coolers[c];
      CoolerItem ci{ { ObjectKind::Cooler, hi, -1, -1, -1, static_cast<int>(c) },
                     toWorld(engine::coolerBox(cooler, catalog), origin),
                     cooler.kind };
      layout.coolers.push_back(ci);
    }
    for (const engine::FloorTile& tile : hall.tiles)
      layout.tiles.push_back(toWorld(
        { tile.xM, tile.yM, 0.0, tile.xM + tile.widthM, tile.yM + tile.depthM, 0.05 }, origin));
    for (const engine::ReturnGrille& grille : hall.grilles)
      layout.grilles.push_back(
        toWorld({ grille.xM, grille.yM, hall.heightM - 0.05, grille.xM + grille.widthM,
                  grille.yM + grille.depthM, hall.heightM },
                origin));
    layout.halls.push_back(item);
    addAisles(layout, item, static_cast<int>(hall.rows.size()), coldM, hotM);
  }
  return layout;
}

void appendRackContents(const RackItem& rack, const engine::Catalog& catalog, bool withGpus,
                        std::vector<DetailBox>& out)
{
  const engine::Rack& r = *rack.rack;
  for (std::size_t n = 0; n < r.nodes.size(); ++n)
  {
    const engine::Node& node = r.nodes[n];
    DetailBox box;
    box.type = DetailBox::Type::Server;
    box.ref = rack.ref;
    box.ref.kind = ObjectKind::Node;
    box.ref.node = static_cast<int>(n);
    box.box =
      toWorld(engine::slotBox(r, node.slotU, engine::partHeightU(node.model, catalog), catalog),
              rack.origin);
    box.gpus = static_cast<int>(node.gpus.size());
    out.push_back(box);
    if (!withGpus)
    {
      continue;
    }
    for (std::size_t g = 0; g < node.gpus.size(); ++g)
    {
      DetailBox gpu;
      gpu.type = DetailBox::Type::Gpu;
      gpu.ref = box.ref;
      gpu.ref.kind = ObjectKind::Gpu;
      gpu.ref.item = static_cast<int>(g);
      gpu.box = gpuBox(box.box, static_cast<int>(g), static_cast<int>(node.gpus.size()));
      out.push_back(gpu);
    }
  }
  for (std::size_t s = 0; s < r.switches.size(); ++s)
  {
    const engine::Switch& sw = r.switches[s];
    DetailBox box;
    box.type = DetailBox::Type::Switch;
    box.ref = rack.ref;
    box.ref.kind = ObjectKind::Switch;
    box.ref.item = static_cast<int>(s);
    box.box = toWorld(engine::slotBox(r, sw.slotU, engine::partHeightU(sw.model, catalog), catalog),
                      rack.origin);
    box.role = sw.role;
    out.push_back(box);
  }
}

std::vector<Box> blankingPanels(const RackItem& rack, const engine::Catalog& catalog)
{
  const engine::Rack& r = *rack.rack;
  if (const engine::Part* part = catalog.find(r.model); part && engine::isTankPart(*part))
  {
    return {}; // a tank's empty slots are fluid, not blanking panels
  }
  const int units = engine::rackSize(r, catalog).units;
  std::vector<bool> used(static_cast<std::size_t>(std::max(0, units)) + 2, false); // U1..units
  const auto occupy = [&](int slotU, int heightU)
  {
    for (int u = std::max(1, slotU); u < slotU + heightU && u <= units; ++u)
    {
      used[static_cast<std::size_t>(u)] = true;
    }
  };
  for (const engine::Node& node : r.nodes)
  {
    occupy(node.slotU, engine::partHeightU(node.model, catalog));
  }
  for (const engine::Switch& sw : r.switches)
  {
    occupy(sw.slotU, engine::partHeightU(sw.model, catalog));
  }
  std::vector<Box> panels;
  for (int u = 1; u <= units;)
  {
    if (used[static_cast<std::size_t>(u)])
    {
      ++u;
      continue;
    }
    const int first = u;
    while (u <= units && !used[static_cast<std::size_t>(u)])
    {
      ++u;
    }
    panels.push_back(toWorld(engine::slotBox(r, first, u - first, catalog), rack.origin));
  }
  return panels;
}

Box gpuBox(const Box& node, int index, int count)
{
  // Two rows of GPUs across the depth (as on an HGX baseboard), filling the width.
  const int rows = count > 1 ? 2 : 1;
  const int cols = std::max(1, (count + rows - 1) / rows);
  const int col = index % cols;
  const int row = index / cols;
  const double w = node.x1 - node.x0, d = node.y1 - node.y0, h = node.z1 - node.z0;
  if (h > w)
  {
    // An upright server (standing in an immersion tank): its board lies in the Y–Z plane.
    const double cellY = 0.9 * d / cols, cellZ = 0.8 * h / rows;
    const double y0 = node.y0 + 0.05 * d + col * cellY + 0.15 * cellY;
    const double z0 = node.z0 + 0.1 * h + row * cellZ + 0.2 * cellZ;
    const double x0 = node.x0 + 0.15 * w;
    return { x0,
             y0,
             z0,
             x0 + std::min(0.6 * w, 0.08),
             y0 + 0.7 * cellY,
             z0 + std::min(0.6 * cellZ, 0.7 * cellY) }; // square modules, as on the board
  }
  const double cellX = 0.9 * w / cols, cellY = 0.8 * d / rows;
  const double x0 = node.x0 + 0.05 * w + col * cellX + 0.15 * cellX;
  const double y0 = node.y0 + 0.1 * d + row * cellY + 0.2 * cellY;
  const double z0 = node.z0 + 0.15 * h;
  return { x0, y0, z0, x0 + 0.7 * cellX, y0 + 0.6 * cellY, z0 + std::min(0.6 * h, 0.08) };
}

std::optional<int> rackIndexOf(const Layout& layout, const ObjectRef& ref)
{
  if (ref.hall < 0 || ref.hall >= static_cast<int>(layout.halls.size()) || ref.row < 0)
  {
    return std::nullopt;
  }
  const int rowIndex = layout.halls[ref.hall].firstRow + ref.row;
  const int nextHallRow = ref.hall + 1 < static_cast<int>(layout.halls.size())
                            ? layout.halls[ref.hall + 1].firstRow
                            : static_cast<int>(layout.rows.size());
  if (rowIndex >= nextHallRow || ref.rack < 0 || ref.rack >= layout.rows[rowIndex].rackCount)
  {
    return std::nullopt;
  }
  return layout.rows[rowIndex].firstRack + ref.rack;
}

namespace
{

std::optional<Box> contentBox(const Layout& layout, const engine::Catalog& catalog,
                              const ObjectRef& ref)
{
  const std::optional<int> rackIndex = rackIndexOf(layout, ref);
  if (!rackIndex)
  {
    return std::nullopt;
  }
  const RackItem& rack = layout.racks[*rackIndex];
  if (ref.kind == ObjectKind::Rack)
  {
    return rack.box;
  }
  const engine::Rack& r = *rack.rack;
  if (ref.kind == ObjectKind::Switch)
  {
    if (ref.item < 0 || ref.item >= static_cast<int>(r.switches.size()))
    {
      return std::nullopt;
    }
    const engine::Switch& sw = r.switches[ref.item];
    return toWorld(engine::slotBox(r, sw.slotU, engine::partHeightU(sw.model, catalog), catalog),
                   rack.origin);
  }
  if (ref.node < 0 || ref.node >= static_cast<int>(r.nodes.size()))
  {
    return std::nullopt;
  }
  const engine::Node& node = r.nodes[ref.node];
  const Box nodeBox = toWorld(
    engine::slotBox(r, node.slotU, engine::partHeightU(node.model, catalog), catalog), rack.origin);
  if (ref.kind == ObjectKind::Node)
  {
    return nodeBox;
  }
  const int gpus = static_cast<int>(node.gpus.size());
  if (ref.item < 0 || ref.item >= gpus)
  {
    return std::nullopt;
  }
  return gpuBox(nodeBox, ref.item, gpus);
}

} // namespace

std::optional<Box> objectBoxOf(const Layout& layout, const engine::Catalog& catalog,
                               const ObjectRef& ref)
{
  const int halls = static_cast<int>(layout.halls.size());
  if (ref.hall < 0 || ref.hall >= halls)
  {
    return std::nullopt;
  }
  switch (ref.kind)
  {
    case ObjectKind::Hall:
      return layout.halls[ref.hall].box;
    case ObjectKind::Row:
    {
      const int first = layout.halls[ref.hall].firstRow;
      const int end = ref.hall + 1 < halls ? layout.halls[ref.hall + 1].firstRow
                                           : static_cast<int>(layout.rows.size());
      if (ref.row < 0 || first + ref.row >= end || layout.rows[first + ref.row].rackCount == 0)
      {
        return std::nullopt;
      }
      return layout.rows[first + ref.row].box;
    }
    case ObjectKind::Cooler:
      for (const CoolerItem& cooler : layout.coolers)
      {
        if (cooler.ref.hall == ref.hall && cooler.ref.item == ref.item)
        {
          return cooler.box;
        }
      }
      return std::nullopt;
    case ObjectKind::Rack:
    case ObjectKind::Node:
    case ObjectKind::Gpu:
    case ObjectKind::Switch:
      return contentBox(layout, catalog, ref);
    default:
      return std::nullopt;
  }
}

} // namespace myriad::scenes::detail
