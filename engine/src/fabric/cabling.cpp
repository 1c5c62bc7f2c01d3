/**
 * @file cabling.cpp
 * Cable routing over an overhead tray network.
 *
 * Tray model (per hall). Z_t = max rack top + trayClearanceM. Every row has a tray along X at
 * the mean Y of its rack centres, running from x_W = min rack x − endTrayOffsetM to x_E = max
 * rack x + endTrayOffsetM (hall-wide). Cross-aisle trays along Y join the row trays at x_W and
 * x_E, and (optionally) a backbone tray along Y at the hall centre x. Tray nodes sit at every
 * rack centre and at every crossing; edges are straight segments weighted by their length.
 * Routing: shortest tray path (Boost.Graph Dijkstra from the row junctions, see TrayRouter);
 * a cable's length is
 *   ℓ = (Z_t − z_A) + d_tray(A, B) + (Z_t − z_B) + max(slackMinM, slackFraction · routed),
 * with z the middle of the device's rack units (slotBox). Both ends in one rack:
 *   ℓ = |z_A − z_B| + inRackM + slack.
 * Tray fill of a segment = Σ π·d²/4 over its cables / (levels · width · depth), with
 * networkRowTrayLevels stacked trays over network rows (where the leaf–spine and spine–core
 * cables converge: one 600 × 100 mm tray there was 194 % full on the 10k sample) and one level
 * elsewhere. Tray sizing: each segment takes the smallest tray of CablingOptions::traySizes
 * (300/450/600/900 mm × 100/150 mm) whose fill ≤ 50 % — the usual design limit at installation
 * (TIA-569 practice), leaving room for growth and heat — adding stacked levels (up to
 * maxTrayLevels) when even 900 × 150 mm is too small; > 50 % left is a Warning, > 100 % an Error.
 * Assumptions: no tray capacity limit on routing (a full tray is reported, not avoided), cables
 * between halls are unroutable (Error diagnostic).
 */

#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <tuple>

namespace myriad::engine::fabric
{
namespace
{

using TrayGraph =
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                        boost::property<boost::edge_weight_t, double>>;

struct HallTrays
{
  TrayGraph graph;
  std::vector<std::pair<double, double>> nodeXY;
  std::map<std::pair<int, int>, int> rackNode; ///< (row, rack) → tray node
  std::map<std::pair<int, int>, int> segment;  ///< (node a < node b) → index into trays
  std::vector<int> nodeRow;                    ///< row of each tray node
  std::vector<int> nodePos;                    ///< position of the node along its row tray
  std::vector<std::vector<int>> rowNodes;      ///< per row: tray nodes in x order
  std::vector<std::vector<int>> rowJunctions;  ///< per row: nodes where a Y tray crosses
  double trayZ = 0;
};

/** Shortest-path tree of the tray graph rooted at one junction (Boost Dijkstra). */
struct JunctionTree
{
  std::vector<double> dist;
  std::vector<TrayGraph::vertex_descriptor> pred;
};

/** Build the tray graph of one hall; appends its segments to `trays`. */
HallTrays buildTrays(const Hall& hall, int hallIndex, const Catalog& catalog,
                     const CablingOptions& opt, std::vector<TraySegment>& trays)
{
  HallTrays t;
  double xMin = 1e300, xMax = -1e300, zTop = 0;
  std::vector<double> rowY(hall.rows.size(), 0);
  for (std::size_t r = 0; r < hall.rows.size(); ++r)
  {
    double ySum = 0;
    for (const Rack& rack : hall.rows[r].racks)
    {
      const Box b = rackBox(rack, catalog);
      xMin = std::min(xMin, b.x0);
      xMax = std::max(xMax, b.x1);
      zTop = std::max(zTop, b.z1);
      ySum += 0.5 * (b.y0 + b.y1);
    }
    rowY[r] = hall.rows[r].racks.empty() ? 0 : ySum / hall.rows[r].racks.size();
  }
  t.trayZ = zTop + opt.trayClearanceM;
  const double xW = xMin - opt.endTrayOffsetM, xE = xMax + opt.endTrayOffsetM;
  const double xB = 0.5 * (xMin + xMax);
  auto addNode = [&t](double x, double y)
  {
    t.nodeXY.emplace_back(x, y);
    return static_cast<int>(boost::add_vertex(t.graph));
  };
  auto addEdge = [&](int a, int b, const char* kind, int levels)
  {
    const auto [xa, ya] = t.nodeXY[a];
    const auto [xb, yb] = t.nodeXY[b];
    const double len = std::hypot(xb - xa, yb - ya);
    boost::add_edge(a, b, len, t.graph);
    t.segment[{ std::min(a, b), std::max(a, b) }] = static_cast<int>(trays.size());
    trays.push_back({ xa, ya, xb, yb, t.trayZ, kind, 0, 0, hallIndex, levels });
  };
  std::vector<int> westNodes, eastNodes, backboneNodes;
  t.rowNodes.resize(hall.rows.size());
  t.rowJunctions.resize(hall.rows.size());
  for (std::size_t r = 0; r < hall.rows.size(); ++r)
  {
    if (hall.rows[r].racks.empty())
    {
      continue;
    }
    // Points along the row tray: rack centres plus the crossings, sorted by x.
    std::vector<std::pair<double, int>> points; // x, rack index (−1 west, −2 east, −3 backbone)
    for (std::size_t k = 0; k < hall.rows[r].racks.size(); ++k)
    {
      const Box b = rackBox(hall.rows[r].racks[k], catalog);
      points.emplace_back(0.5 * (b.x0 + b.x1), static_cast<int>(k));
    }
    points.emplace_back(xW, -1);
    points.emplace_back(xE, -2);
    if (opt.backbone)
    {
      points.emplace_back(xB, -3);
    }
    std::stable_sort(points.begin(), points.end());
    const auto& racks = hall.rows[r].racks;
    const bool networkRow = std::all_of(
      racks.begin(), racks.end(), [](const Rack& rack) { return rack.kind == RackKind::Network; });
    const int levels = networkRow ? std::max(1, opt.networkRowTrayLevels) : 1;
    int prev = -1;
    for (const auto& [x, what] : points)
    {
      const int n = addNode(x, rowY[r]);
      t.nodeRow.push_back(static_cast<int>(r));
      t.nodePos.push_back(static_cast<int>(t.rowNodes[r].size()));
      t.rowNodes[r].push_back(n);
      if (what >= 0)
      {
        t.rackNode[{ static_cast<int>(r), what }] = n;
      }
      else
      {
        t.rowJunctions[r].push_back(n);
      }
      if (what == -1)
      {
        westNodes.push_back(n);
      }
      else if (what == -2)
      {
        eastNodes.push_back(n);
      }
      else if (what == -3)
      {
        backboneNodes.push_back(n);
      }
      if (prev >= 0)
      {
        addEdge(prev, n, "row", levels);
      }
      prev = n;
    }
  }
  for (auto* nodes : { &westNodes, &eastNodes, &backboneNodes })
  {
    std::sort(nodes->begin(), nodes->end(),
              [&t](int a, int b) { return t.nodeXY[a].second < t.nodeXY[b].second; });
    for (std::size_t i = 1; i < nodes->size(); ++i)
    {
      addEdge((*nodes)[i - 1], (*nodes)[i], nodes == &backboneNodes ? "backbone" : "cross-aisle",
              1);
    }
  }
  return t;
}

const Rack& rackAt(const Scene& scene, const Location& loc)
{
  return scene.site.halls.at(loc.hall).rows.at(loc.row).racks.at(loc.rack);
}

double portZ(const Scene& scene, const Location& loc, const Catalog& catalog)
{
  const Box b = slotBox(rackAt(scene, loc), loc.slotU, loc.heightU, catalog);
  return 0.5 * (b.z0 + b.z1);
}

struct Router
{
  const FabricGraph& graph;
  const Scene& scene;
  const Catalog& catalog;
  const CablingOptions& opt;
  CablingResult& out;
  std::vector<std::map<std::string, int>> portsByOptic; ///< per device: optic part → ports

  double slack(double routed) const { return std::max(opt.slackMinM, opt.slackFraction * routed); }

  /** Choose the medium of cable `c` and book its transceivers; returns the medium index. */
  int finish(Cable& c)
  {
    const Link& l = graph.links()[c.link];
    const Device& a = graph.device(l.a.device);
    const Device& b = graph.device(l.b.device);
    const bool nicEnd = a.kind == DeviceKind::Nic || b.kind == DeviceKind::Nic;
    c.medium = chooseMedium(out.media, c.lengthM, l.rateBps, nicEnd);
    out.totalLengthM += c.lengthM;
    if (c.medium < 0)
    {
      ++out.unreachable;
      if (out.unreachable <= 100)
      {
        double longest = 0;
        for (const Medium& m : out.media)
        {
          longest = m.rateBps >= l.rateBps ? std::max(longest, m.reachM) : longest;
        }
        char text[160];
        std::snprintf(text, sizeof text,
                      " needs %.2f m at %.0f Gb/s; no medium reaches it "
                      "(longest at that rate: %.0f m)",
                      c.lengthM, l.rateBps / 1e9, longest);
        out.diagnostics.push_back(
          { Severity::Error, a.id, "", "cable " + a.id + " – " + b.id + text });
      }
      return -1;
    }
    const Medium& m = out.media[c.medium];
    ++out.cablesByMedium[m.name];
    out.opticsPowerW += 2 * m.cablePowerW;
    for (const Device* d : { &a, &b })
    {
      const std::string& optic = d->kind == DeviceKind::Nic ? m.nicOptic : m.switchOptic;
      if (!optic.empty())
      {
        ++portsByOptic[d == &a ? l.a.device : l.b.device][optic];
      }
    }
    return c.medium;
  }

  void countOptics()
  {
    for (std::size_t d = 0; d < portsByOptic.size(); ++d)
    {
      for (const auto& [optic, ports] : portsByOptic[d])
      {
        int perOptic = 1;
        for (const Medium& m : out.media)
        {
          if (m.switchOptic == optic && graph.device(static_cast<int>(d)).kind != DeviceKind::Nic)
          {
            perOptic = m.portsPerOptic;
          }
        }
        const int n = (ports + perOptic - 1) / perOptic;
        out.opticsByPart[optic] += n;
        out.opticsPowerW += n * catalog.part(optic).valueOr("powerW", 0);
      }
    }
  }
};

/**
 * Routes between rack drop points. A row tray is a line whose only exits are its junctions, so
 * a route between rows leaves the source row at one of its (≤ 3) junctions: d(a, b) =
 * min_j |x_a − x_j| + D_j(b), with D_j from a Dijkstra tree rooted at junction j. This needs
 * 3 trees per row instead of one per rack (the per-rack version grew as racks²).
 */
class TrayRouter
{
public:
  explicit TrayRouter(const HallTrays& trays)
    : m_t(trays)
  {
  }

  /** Tray distance between two drop nodes; `via` receives the junction used (−1: same row). */
  double distance(int a, int b, int* via)
  {
    *via = -1;
    const int row = m_t.nodeRow[a];
    if (row == m_t.nodeRow[b])
    {
      return std::abs(m_t.nodeXY[a].first - m_t.nodeXY[b].first);
    }
    double best = std::numeric_limits<double>::infinity();
    for (const int j : m_t.rowJunctions[row])
    {
      const double d = std::abs(m_t.nodeXY[a].first - m_t.nodeXY[j].first) + tree(j).dist[b];
      if (d < best)
      {
        best = d;
        *via = j;
      }
    }
    return best;
  }

  /** Tray segments of the route a → b through junction `via`, in travel order from a. */
  std::vector<int> segments(int a, int b, int via)
  {
    std::vector<int> out;
    const int rowEnd = via < 0 ? b : via;
    const auto& line = m_t.rowNodes[m_t.nodeRow[a]];
    const int p0 = m_t.nodePos[a], p1 = m_t.nodePos[rowEnd];
    const int step = p1 >= p0 ? 1 : -1;
    for (int p = p0; p != p1; p += step)
    {
      out.push_back(segmentOf(line[p], line[p + step]));
    }
    if (via >= 0)
    {
      // The Dijkstra tree is rooted at the junction: walk b → junction, then reverse.
      const JunctionTree& t = tree(via);
      const std::size_t rowPart = out.size();
      for (auto v = static_cast<std::size_t>(b); v != t.pred[v]; v = t.pred[v])
      {
        out.push_back(segmentOf(static_cast<int>(v), static_cast<int>(t.pred[v])));
      }
      std::reverse(out.begin() + static_cast<std::ptrdiff_t>(rowPart), out.end());
    }
    return out;
  }

private:
  int segmentOf(int u, int v) const { return m_t.segment.at({ std::min(u, v), std::max(u, v) }); }

  const JunctionTree& tree(int j)
  {
    auto it = m_trees.find(j);
    if (it != m_trees.end())
    {
      return it->second;
    }
    JunctionTree& t = m_trees[j];
    const auto n = boost::num_vertices(m_t.graph);
    t.dist.resize(n);
    t.pred.resize(n);
    boost::dijkstra_shortest_paths(
      m_t.graph, static_cast<TrayGraph::vertex_descriptor>(j),
      boost::predecessor_map(t.pred.data()).distance_map(t.dist.data()));
    return t;
  }

  const HallTrays& m_t;
  std::map<int, JunctionTree> m_trees;
};

/** Cables on one distinct route, their cross-section (m²) and the route's index. */
struct RouteLoad
{
  int cables = 0;
  double areaM2 = 0;
  int route = -1; ///< index into CablingResult::routes
};
/** (hall, drop node a, drop node b) → load of that route. */
using RouteLoads = std::map<std::tuple<int, int, int>, RouteLoad>;

/**
 * Pick the tray of a segment: the smallest cross-section of options.traySizes (at the segment's
 * base level count, then one more level at a time up to maxTrayLevels) whose fill stays within
 * maxTrayFill; the largest size at the most levels when none does. Equal cross-sections keep
 * the catalog order (the shallower tray first: 900 × 100 before 600 × 150 mm).
 */
void sizeTray(TraySegment& tray, const CablingOptions& options)
{
  auto sizes = options.traySizes;
  std::stable_sort(sizes.begin(), sizes.end(),
                   [](const auto& a, const auto& b)
                   { return a.first * a.second < b.first * b.second - 1e-12; });
  if (sizes.empty())
  {
    sizes.emplace_back(options.trayWidthM, options.trayDepthM);
  }
  const int base = tray.levels;
  const int most = std::max(base, options.maxTrayLevels);
  for (int levels = base; levels <= most; ++levels)
  {
    for (const auto& [width, depth] : sizes)
    {
      tray.levels = levels;
      tray.widthM = width;
      tray.depthM = depth;
      tray.fill = tray.areaM2 / (levels * width * depth);
      if (tray.fill <= options.maxTrayFill || options.traySizes.empty())
      {
        return;
      }
    }
  }
}

/** Warnings for segments above 50 % fill, errors above 100 % (the first 20 of each, then a sum). */
void reportTrayFill(CablingResult& out)
{
  int over[2] = { 0, 0 };
  for (std::size_t s = 0; s < out.trays.size(); ++s)
  {
    const TraySegment& t = out.trays[s];
    if (t.fill <= 0.5)
    {
      continue;
    }
    const bool error = t.fill > 1.0;
    if (++over[error ? 1 : 0] > 20)
    {
      continue;
    }
    char text[240];
    std::snprintf(text, sizeof text,
                  "tray segment %zu (%s, x %.1f–%.1f m, y %.1f–%.1f m): %d cables fill %.0f %% of "
                  "%d × %.0f × %.0f mm; %s",
                  s, t.kind.c_str(), std::min(t.x0, t.x1), std::max(t.x0, t.x1),
                  std::min(t.y0, t.y1), std::max(t.y0, t.y1), t.cables, 100 * t.fill, t.levels,
                  1000 * t.widthM, 1000 * t.depthM,
                  error ? "the cables do not fit" : "plan for at most 50 % at installation");
    out.diagnostics.push_back({ error ? Severity::Error : Severity::Warning, "", "", text });
  }
  for (const int error : { 0, 1 })
  {
    if (over[error] > 20)
    {
      out.diagnostics.push_back({ error ? Severity::Error : Severity::Warning, "", "",
                                  std::to_string(over[error]) + " tray segments in all are " +
                                    (error ? "over 100 % full" : "between 50 and 100 % full") });
    }
  }
}

/**
 * Walk each distinct route once: record its segments in CablingResult::routes and add its
 * cables and cross-section to its tray segments.
 */
void fillTrays(const RouteLoads& routes, std::vector<std::unique_ptr<TrayRouter>>& routers,
               const CablingOptions& options, CablingResult& out)
{
  std::vector<double> area(out.trays.size(), 0);
  for (const auto& [key, load] : routes)
  {
    const auto [hall, na, nb] = key;
    int junction = -1;
    routers[hall]->distance(na, nb, &junction);
    CableRoute& route = out.routes[load.route];
    route.segments = routers[hall]->segments(na, nb, junction);
    for (const int seg : route.segments)
    {
      out.trays[seg].cables += load.cables;
      area[seg] += load.areaM2;
    }
  }
  for (std::size_t s = 0; s < out.trays.size(); ++s)
  {
    out.trays[s].areaM2 = area[s];
    sizeTray(out.trays[s], options);
  }
  reportTrayFill(out);
}

} // namespace

CablingResult routeCables(const FabricGraph& graph, const Scene& scene, const Catalog& catalog,
                          const CablingOptions& options)
{
  CablingResult out;
  out.media = mediaFromCatalog(catalog);
  Router router{ graph, scene, catalog, options, out, {} };
  router.portsByOptic.resize(graph.devices().size());
  std::vector<std::unique_ptr<HallTrays>> halls(scene.site.halls.size());
  std::vector<std::unique_ptr<TrayRouter>> routers(scene.site.halls.size());
  RouteLoads routes;
  // Port height per device, computed once (slotBox looks the rack model up in the catalog).
  std::vector<double> zCache(graph.devices().size(), std::numeric_limits<double>::quiet_NaN());
  auto zOf = [&](int device)
  {
    double& z = zCache[device];
    if (std::isnan(z))
    {
      z = portZ(scene, graph.device(device).location, catalog);
    }
    return z;
  };
  int unplaced = 0;
  out.cables.reserve(graph.links().size());
  for (int i = 0; i < static_cast<int>(graph.links().size()); ++i)
  {
    const Link& l = graph.links()[i];
    const Location& a = graph.device(l.a.device).location;
    const Location& b = graph.device(l.b.device).location;
    if (!a.placed() || !b.placed())
    {
      ++unplaced;
      continue;
    }
    Cable c{ i, 0, -1 };
    const bool sameRack = a.hall == b.hall && a.row == b.row && a.rack == b.rack;
    if (sameRack || a.hall != b.hall)
    {
      // Same rack: straight up or down inside it. Different halls: no tray joins them.
      const double routed =
        sameRack ? std::abs(zOf(l.a.device) - zOf(l.b.device)) + options.inRackM : 1e9;
      c.lengthM = routed + router.slack(routed);
      router.finish(c);
      out.cables.push_back(c);
      continue;
    }
    if (!halls[a.hall])
    {
      halls[a.hall] = std::make_unique<HallTrays>(
        buildTrays(scene.site.halls[a.hall], a.hall, catalog, options, out.trays));
      routers[a.hall] = std::make_unique<TrayRouter>(*halls[a.hall]);
    }
    const HallTrays& t = *halls[a.hall];
    const int na = t.rackNode.at({ a.row, a.rack }), nb = t.rackNode.at({ b.row, b.rack });
    int junction = -1;
    const double routed = (t.trayZ - zOf(l.a.device)) +
                          routers[a.hall]->distance(na, nb, &junction) +
                          (t.trayZ - zOf(l.b.device));
    c.lengthM = routed + router.slack(routed);
    auto [load, added] = routes.try_emplace({ a.hall, na, nb });
    if (added)
    {
      load->second.route = static_cast<int>(out.routes.size());
      out.routes.push_back({ a.hall, {} });
    }
    c.route = load->second.route;
    if (router.finish(c) >= 0)
    {
      // Only cables that get a medium have a diameter to fill the tray with.
      const double d = out.media[c.medium].diameterM;
      ++load->second.cables;
      load->second.areaM2 += std::numbers::pi * d * d / 4;
    }
    out.cables.push_back(c);
  }
  fillTrays(routes, routers, options, out);
  router.countOptics();
  if (unplaced > 0)
  {
    out.diagnostics.push_back(
      { Severity::Warning, graph.topology, "",
        std::to_string(unplaced) + " links have an end without a rack; they are not cabled" });
  }
  if (out.unreachable > 100)
  {
    out.diagnostics.push_back(
      { Severity::Error, graph.topology, "",
        std::to_string(out.unreachable) + " cables in all exceed every medium's reach" });
  }
  return out;
}

std::vector<std::pair<double, double>> CablingOptions::standardTraySizes()
{
  std::vector<std::pair<double, double>> sizes;
  for (const double depth : { 0.1, 0.15 })
  {
    for (const double width : { 0.3, 0.45, 0.6, 0.9 })
    {
      sizes.emplace_back(width, depth);
    }
  }
  return sizes;
}

} // namespace myriad::engine::fabric
