/**
 * @file placement.cpp
 * Switch placement by strategy: which network rack each leaf, spine and core switch of a fabric
 * goes into, derived from the racks' current positions (so moving a row moves the switches
 * that follow it, and the cables with them).
 *
 * Every switch gets a target point and a preferred set of network racks; it takes the preferred
 * rack with enough free units nearest its target (Manhattan distance |Δx| + |Δy| between rack
 * centres, the metric of the orthogonal tray network), else the nearest rack anywhere.
 *   Leaf (level 1), with its hosts' rack centres (centroid c, majority row r):
 *     per-su         target c, every network rack preferred (the SU's own leaf rack wins);
 *     end-of-row     target (east end of r, y of r), racks of row r preferred;
 *     middle-of-row  target (middle of r, y of r), racks of row r preferred;
 *     central-row    target (c.x, hall centre y), racks of network-only rows preferred.
 *   Spine and core (level ≥ 2), and leaves without hosts: target the hall centre, racks of
 *   network-only rows preferred (the central network row).
 * A rack takes at most the spec's switchesPerNetworkRack switches (16 without a spec), from U2
 * up, as the generator fills its racks. Greedy in graph order; a fabric that does not fit the
 * network racks is a SpecError.
 */

#include "fabric/topologies.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace myriad::engine::fabric
{
namespace detail
{

void occupy(FreeRack& f, int slot, int height)
{
  for (int u = std::max(1, slot); u < slot + height && u <= static_cast<int>(f.used.size()); ++u)
  {
    f.used[u - 1] = true;
  }
}

bool takeUnits(FreeRack& f, int height, Location& where)
{
  for (int u = 1; u + height - 1 <= static_cast<int>(f.used.size()); ++u)
  {
    if (std::none_of(f.used.begin() + u - 1, f.used.begin() + u - 1 + height,
                     [](bool b) { return b; }))
    {
      std::fill(f.used.begin() + u - 1, f.used.begin() + u - 1 + height, true);
      where = f.base;
      where.slotU = u;
      where.heightU = height;
      return true;
    }
  }
  return false;
}

std::vector<FreeRack> freeNetworkRacks(const Scene& scene, const Catalog& catalog)
{
  std::vector<FreeRack> racks;
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
  {
    const Hall& hall = scene.site.halls[h];
    for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
    {
      const auto& row = hall.rows[r].racks;
      const bool networkRow = std::all_of(
        row.begin(), row.end(), [](const Rack& rack) { return rack.kind == RackKind::Network; });
      for (int k = 0; k < static_cast<int>(row.size()); ++k)
      {
        const Rack& rack = row[k];
        if (rack.kind != RackKind::Network)
        {
          continue;
        }
        const Box b = rackBox(rack, catalog);
        FreeRack f{ { h, r, k, 1, 1 },
                    std::vector<bool>(rackSize(rack, catalog).units, false),
                    0.5 * (b.x0 + b.x1),
                    0.5 * (b.y0 + b.y1),
                    networkRow };
        for (const Node& node : rack.nodes)
        {
          occupy(f, node.slotU, std::max(1, partHeightU(node.model, catalog)));
        }
        for (const Switch& sw : rack.switches)
        {
          if (sw.role == SwitchRole::Management || sw.role == SwitchRole::NvLink)
          {
            occupy(f, sw.slotU, std::max(1, partHeightU(sw.model, catalog)));
          }
        }
        racks.push_back(std::move(f));
      }
    }
  }
  return racks;
}

} // namespace detail

namespace
{

/** Extent of one row: x range and mean y of its rack centres. */
struct RowExtent
{
  double xMin = std::numeric_limits<double>::infinity();
  double xMax = -std::numeric_limits<double>::infinity();
  double y = 0;
};

/** Where the hosts of one leaf sit. */
struct HostSpread
{
  double sx = 0, sy = 0;
  int count = 0;
  std::map<std::pair<int, int>, int> perRow; ///< (hall, row) → hosts
};

struct Target
{
  double x = 0, y = 0;
  int hall = -1, row = -1; ///< preferred row (end/middle-of-row); −1: none
  bool centralRow = false; ///< prefer racks of network-only rows
};

struct Geometry
{
  std::map<std::pair<int, int>, RowExtent> rows;
  std::vector<std::pair<double, double>> hallCentre;
};

Geometry sceneGeometry(const Scene& scene, const Catalog& catalog)
{
  Geometry g;
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
  {
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    const Hall& hall = scene.site.halls[h];
    for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
    {
      RowExtent& e = g.rows[{ h, r }];
      for (const Rack& rack : hall.rows[r].racks)
      {
        const Box b = rackBox(rack, catalog);
        const double cx = 0.5 * (b.x0 + b.x1), cy = 0.5 * (b.y0 + b.y1);
        e.xMin = std::min(e.xMin, cx);
        e.xMax = std::max(e.xMax, cx);
        e.y += cy / static_cast<double>(hall.rows[r].racks.size());
        x0 = std::min(x0, cx), x1 = std::max(x1, cx), y0 = std::min(y0, cy), y1 = std::max(y1, cy);
      }
    }
    g.hallCentre.emplace_back(std::isfinite(x0) ? 0.5 * (x0 + x1) : 0,
                              std::isfinite(y0) ? 0.5 * (y0 + y1) : 0);
  }
  return g;
}

/** Host spread of every device (only leaves get hosts): NIC/GPU ends of its links. */
std::vector<HostSpread> hostSpreads(const FabricGraph& graph, const Scene& scene,
                                    const Catalog& catalog)
{
  std::vector<HostSpread> spread(graph.devices().size());
  for (const Link& l : graph.links())
  {
    const std::array<std::pair<int, int>, 2> ends{ { { l.a.device, l.b.device },
                                                     { l.b.device, l.a.device } } };
    for (const auto& [host, sw] : ends)
    {
      const Device& h = graph.device(host);
      const Device& s = graph.device(sw);
      if ((h.kind != DeviceKind::Nic && h.kind != DeviceKind::Gpu) ||
          s.kind != DeviceKind::Switch || !h.location.placed())
      {
        continue;
      }
      const Location& at = h.location;
      const Box b =
        rackBox(scene.site.halls.at(at.hall).rows.at(at.row).racks.at(at.rack), catalog);
      HostSpread& d = spread[sw];
      d.sx += 0.5 * (b.x0 + b.x1);
      d.sy += 0.5 * (b.y0 + b.y1);
      ++d.count;
      ++d.perRow[{ at.hall, at.row }];
    }
  }
  return spread;
}

Target targetOf(const Device& d, const HostSpread& hosts, const Geometry& g,
                SwitchPlacement placement, int mainHall)
{
  Target t;
  if (d.level >= 2 || hosts.count == 0)
  {
    std::tie(t.x, t.y) = g.hallCentre.at(mainHall);
    t.hall = mainHall;
    t.centralRow = true;
    return t;
  }
  t.x = hosts.sx / hosts.count;
  t.y = hosts.sy / hosts.count;
  const auto major =
    std::max_element(hosts.perRow.begin(), hosts.perRow.end(),
                     [](const auto& a, const auto& b) { return a.second < b.second; })
      ->first;
  const RowExtent& row = g.rows.at(major);
  switch (placement)
  {
    case SwitchPlacement::PerScalableUnit:
      break;
    case SwitchPlacement::EndOfRow:
    case SwitchPlacement::MiddleOfRow:
      t.x = placement == SwitchPlacement::EndOfRow ? row.xMax : 0.5 * (row.xMin + row.xMax);
      t.y = row.y;
      std::tie(t.hall, t.row) = major;
      break;
    case SwitchPlacement::CentralRow:
      t.y = g.hallCentre.at(major.first).second;
      t.hall = major.first;
      t.centralRow = true;
      break;
  }
  return t;
}

bool preferred(const detail::FreeRack& f, const Target& t)
{
  if (t.row >= 0)
  {
    return f.base.hall == t.hall && f.base.row == t.row;
  }
  return !t.centralRow || (f.networkRow && f.base.hall == t.hall);
}

} // namespace

void placeSwitches(FabricGraph& graph, const Scene& scene, const Catalog& catalog,
                   SwitchPlacement placement)
{
  std::vector<detail::FreeRack> racks = detail::freeNetworkRacks(scene, catalog);
  // As the generator lays racks out: U1 for cable management, at most switchesPerNetworkRack
  // switches per rack (cable density at the rack, not rack units, is the limit).
  const int perRack = scene.spec ? std::max(1, scene.spec->switchesPerNetworkRack)
                                 : GeneratorSpec{}.switchesPerNetworkRack;
  std::vector<int> switchesIn(racks.size(), 0);
  for (detail::FreeRack& f : racks)
  {
    detail::occupy(f, 1, 1);
  }
  const Geometry geometry = sceneGeometry(scene, catalog);
  const std::vector<HostSpread> hosts = hostSpreads(graph, scene, catalog);
  // The hall holding most hosts gets the spines and cores.
  std::vector<int> hostsPerHall(scene.site.halls.size(), 0);
  for (const HostSpread& s : hosts)
    for (const auto& [row, n] : s.perRow)
      hostsPerHall[row.first] += n;
  const int mainHall =
    hostsPerHall.empty()
      ? 0
      : static_cast<int>(std::max_element(hostsPerHall.begin(), hostsPerHall.end()) -
                         hostsPerHall.begin());
  int unplaced = 0;
  for (int i = 0; i < static_cast<int>(graph.devices().size()); ++i)
  {
    Device& d = graph.device(i);
    if (d.kind != DeviceKind::Switch || d.level < 1)
    {
      continue;
    }
    d.location = {};
    const int height = d.model.empty() ? 1 : std::max(1, partHeightU(d.model, catalog));
    const Target t = targetOf(d, hosts[i], geometry, placement, mainHall);
    // Preferred racks first, then any rack; nearest target first within each pass.
    std::vector<std::pair<double, std::size_t>> order;
    order.reserve(racks.size());
    for (std::size_t k = 0; k < racks.size(); ++k)
    {
      const double far = preferred(racks[k], t) ? 0 : 1e12;
      order.emplace_back(far + std::abs(racks[k].x - t.x) + std::abs(racks[k].y - t.y), k);
    }
    std::stable_sort(order.begin(), order.end());
    bool done = false;
    for (const auto& [distance, k] : order)
    {
      if (switchesIn[k] < perRack && (done = detail::takeUnits(racks[k], height, d.location)))
      {
        ++switchesIn[k];
        break;
      }
    }
    unplaced += done ? 0 : 1;
  }
  if (unplaced > 0)
  {
    throw SpecError("placement " + std::string(toString(placement)) + ": " +
                    std::to_string(unplaced) + " switches of the " + graph.topology +
                    " fabric do not fit in the scene's " + std::to_string(racks.size()) +
                    " network racks");
  }
}

FabricGraph generateForScene(const std::string& name, const Scene& scene, const Catalog& catalog,
                             SwitchPlacement placement)
{
  FabricGraph graph = generateForScene(name, scene, catalog);
  placeSwitches(graph, scene, catalog, placement);
  return graph;
}

} // namespace myriad::engine::fabric
