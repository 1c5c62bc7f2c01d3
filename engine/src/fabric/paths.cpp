/**
 * @file paths.cpp
 * Hop distances and equal-cost shortest paths (ECMP) on a fabric.
 *
 * Method: breadth-first search (Boost.Graph) from the destination gives d(v) = hops from v to
 * the destination; the ECMP set from s is every device sequence s = v0, v1, ..., vk = t with
 * d(v_{i+1}) = d(v_i) − 1, enumerated depth-first in neighbour order (lowest device index
 * first) until `maxPaths` are found. On a rail-optimized fat-tree two NICs of the same SU and
 * rail are 2 hops apart (NIC–leaf–NIC), same rail other SU in the same pod 4 hops, and across
 * pods 6 hops (through a core).
 */

#include "myriad/engine/fabric/paths.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>

#include <algorithm>
#include <functional>
#include <limits>

namespace myriad::engine::fabric
{
namespace
{

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

Graph toBoost(const FabricGraph& g)
{
  Graph bg(g.devices().size());
  for (const Link& l : g.links())
  {
    boost::add_edge(l.a.device, l.b.device, bg);
  }
  return bg;
}

} // namespace

std::vector<int> hopDistances(const FabricGraph& graph, int from)
{
  const Graph bg = toBoost(graph);
  constexpr int kUnset = std::numeric_limits<int>::max();
  std::vector<int> dist(graph.devices().size(), kUnset);
  dist.at(from) = 0;
  boost::breadth_first_search(bg, boost::vertex(from, bg),
                              boost::visitor(boost::make_bfs_visitor(
                                boost::record_distances(dist.data(), boost::on_tree_edge()))));
  for (int& d : dist)
  {
    d = d == kUnset ? -1 : d;
  }
  return dist;
}

int hopCount(const FabricGraph& graph, int from, int to)
{
  return hopDistances(graph, from).at(to);
}

std::vector<std::vector<int>> ecmpPaths(const FabricGraph& graph, int from, int to, int maxPaths)
{
  std::vector<std::vector<int>> paths;
  const std::vector<int> toDest = hopDistances(graph, to);
  if (toDest.at(from) < 0 || maxPaths <= 0)
  {
    return paths;
  }
  std::vector<int> path{ from };
  std::function<void(int)> walk = [&](int v)
  {
    if (static_cast<int>(paths.size()) >= maxPaths)
    {
      return;
    }
    if (v == to)
    {
      paths.push_back(path);
      return;
    }
    std::vector<int> next;
    for (const int l : graph.linksOf(v))
    {
      const int w = graph.peer(l, v);
      if (toDest[w] == toDest[v] - 1)
      {
        next.push_back(w);
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    for (const int w : next)
    {
      path.push_back(w);
      walk(w);
      path.pop_back();
    }
  };
  walk(from);
  return paths;
}

} // namespace myriad::engine::fabric
