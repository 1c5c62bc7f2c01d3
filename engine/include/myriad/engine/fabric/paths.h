#pragma once
/**
 * @file paths.h
 * Path questions on a FabricGraph (Boost.Graph breadth-first search inside engine/src): hop
 * counts and the set of equal-cost shortest paths (ECMP) between two devices, as the traffic
 * engine and the path-highlighting view need them. A path is the list of device indices from
 * source to destination; hops = devices − 1.
 */

#include "myriad/engine/fabric/fabric_graph.h"

#include <vector>

namespace myriad::engine::fabric
{

/** Hop count of the shortest path from `from` to `to`; −1 when disconnected. */
int hopCount(const FabricGraph& graph, int from, int to);
/**
 * All shortest paths from `from` to `to` (device sequences), at most `maxPaths` of them in a
 * deterministic order. Parallel links between two devices count once (a path of devices).
 */
std::vector<std::vector<int>> ecmpPaths(const FabricGraph& graph, int from, int to,
                                        int maxPaths = 1024);
/** Hop distances from `from` to every device (−1: unreachable). */
std::vector<int> hopDistances(const FabricGraph& graph, int from);

} // namespace myriad::engine::fabric
