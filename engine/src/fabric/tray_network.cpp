/**
 * @file tray_network.cpp
 * Tray graph of a hall and routes over it; the model is documented in tray_network.h.
 */

#include "fabric/tray_network.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <boost/graph/dijkstra_shortest_paths.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::engine::fabric::detail
{

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
    t.nodeSegments.emplace_back();
    return static_cast<int>(boost::add_vertex(t.graph));
  };
  auto addEdge = [&](int a, int b, const char* kind, int levels)
  {
    const auto [xa, ya] = t.nodeXY[a];
    const auto [xb, yb] = t.nodeXY[b];
    const double len = std::hypot(xb - xa, yb - ya);
    boost::add_edge(a, b, len, t.graph);
    t.nodeSegments[a].emplace_back(b, static_cast<int>(trays.size()));
    t.nodeSegments[b].emplace_back(a, static_cast<int>(trays.size()));
    trays.push_back({ xa, ya, xb, yb, t.trayZ, kind, 0, 0, hallIndex, levels });
  };
  std::vector<int> westNodes, eastNodes, backboneNodes;
  t.rowNodes.resize(hall.rows.size());
  t.rowJunctions.resize(hall.rows.size());
  t.rackNode.resize(hall.rows.size());
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
    t.rackNode[r].assign(racks.size(), -1);
    int prev = -1;
    for (const auto& [x, what] : points)
    {
      const int n = addNode(x, rowY[r]);
      t.nodeRow.push_back(static_cast<int>(r));
      t.nodePos.push_back(static_cast<int>(t.rowNodes[r].size()));
      t.rowNodes[r].push_back(n);
      if (what >= 0)
      {
        t.rackNode[r][what] = n;
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

TrayRouter::TrayRouter(const HallTrays& trays)
  : m_t(trays)
  , m_trees(boost::num_vertices(trays.graph))
{
}

double TrayRouter::distance(int a, int b, int* via)
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

std::vector<int> TrayRouter::segments(int a, int b, int via)
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

int TrayRouter::segmentOf(int u, int v) const
{
  const auto& ends = m_t.nodeSegments.at(u);
  for (auto it = ends.rbegin(); it != ends.rend(); ++it)
  {
    if (it->first == v)
    {
      return it->second;
    }
  }
  throw std::out_of_range("no tray segment joins tray nodes " + std::to_string(u) + " and " +
                          std::to_string(v));
}

const JunctionTree& TrayRouter::tree(int j)
{
  JunctionTree& t = m_trees.at(j);
  if (!t.dist.empty())
  {
    return t;
  }
  const auto n = boost::num_vertices(m_t.graph);
  t.dist.resize(n);
  t.pred.resize(n);
  boost::dijkstra_shortest_paths(m_t.graph, static_cast<TrayGraph::vertex_descriptor>(j),
                                 boost::predecessor_map(t.pred.data()).distance_map(t.dist.data()));
  return t;
}

} // namespace myriad::engine::fabric::detail
