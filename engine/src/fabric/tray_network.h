#pragma once
/**
 * @file tray_network.h
 * The overhead tray network of a hall and shortest routes over it (used by cabling.cpp).
 *
 * Tray model (per hall). Z_t = max rack top + trayClearanceM. Every row has a tray along X at
 * the mean Y of its rack centres, running from x_W = min rack x − endTrayOffsetM to x_E = max
 * rack x + endTrayOffsetM (hall-wide). Cross-aisle trays along Y join the row trays at x_W and
 * x_E, and (optionally) a backbone tray along Y at the hall centre x. Tray nodes sit at every
 * rack centre and at every crossing; edges are straight segments weighted by their length.
 * Routing: shortest tray path (Boost.Graph Dijkstra from the row junctions, see TrayRouter).
 */

#include "myriad/engine/fabric/cabling.h"

#include <boost/graph/adjacency_list.hpp>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace myriad::engine::fabric::detail
{

using TrayGraph =
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                        boost::property<boost::edge_weight_t, double>>;

/** The tray graph of one hall and where racks and rows meet it. */
struct HallTrays
{
  TrayGraph graph;
  std::vector<std::pair<double, double>> nodeXY;
  std::vector<std::vector<int>> rackNode; ///< [row][rack] → tray node (−1: none)
  /** Per tray node: (neighbour node, index into trays) of the segments that end there. */
  std::vector<std::vector<std::pair<int, int>>> nodeSegments;
  std::vector<int> nodeRow;                   ///< row of each tray node
  std::vector<int> nodePos;                   ///< position of the node along its row tray
  std::vector<std::vector<int>> rowNodes;     ///< per row: tray nodes in x order
  std::vector<std::vector<int>> rowJunctions; ///< per row: nodes where a Y tray crosses
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
                     const CablingOptions& opt, std::vector<TraySegment>& trays);

/**
 * Routes between rack drop points. A row tray is a line whose only exits are its junctions, so
 * a route between rows leaves the source row at one of its (≤ 3) junctions: d(a, b) =
 * min_j |x_a − x_j| + D_j(b), with D_j from a Dijkstra tree rooted at junction j. This needs
 * 3 trees per row instead of one per rack (the per-rack version grew as racks²). Trees are
 * built on first use and kept.
 */
class TrayRouter
{
public:
  explicit TrayRouter(const HallTrays& trays);

  /** Tray distance between two drop nodes; `via` receives the junction used (−1: same row). */
  double distance(int a, int b, int* via);
  /** Tray segments of the route a → b through junction `via`, in travel order from a. */
  std::vector<int> segments(int a, int b, int via);

private:
  /** The segment joining tray nodes u and v (the last one added, should there be two). */
  int segmentOf(int u, int v) const;
  const JunctionTree& tree(int j);

  const HallTrays& m_t;
  std::vector<JunctionTree> m_trees; ///< by root node; empty until first asked for
};

/** Tray node of a rack; throws std::out_of_range for a location outside the hall. */
inline int dropNode(const HallTrays& trays, const Location& loc)
{
  const int node = trays.rackNode.at(loc.row).at(loc.rack);
  if (node < 0)
  {
    throw std::out_of_range("rack " + std::to_string(loc.rack) + " of row " +
                            std::to_string(loc.row) + " has no tray node");
  }
  return node;
}

} // namespace myriad::engine::fabric::detail
