/**
 * @file hierarchical.cpp
 * Ring, hierarchical (NVLink + per-rail ring) and pairwise all-to-all collectives of many
 * groups at once as lockstep phases on a GpuNetwork, and the α-β ring / double-binary-tree
 * formulas. Model and sources: hierarchical.h.
 */

#include "myriad/engine/traffic/hierarchical.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>

namespace myriad::engine::traffic
{

namespace
{

int checkGroups(const char* what, const std::vector<std::vector<int>>& groups, double bytes)
{
  if (groups.empty())
  {
    throw SpecError(std::string(what) + ": no group");
  }
  if (!(bytes >= 0) || !std::isfinite(bytes))
  {
    throw SpecError(std::string(what) + ": bytes = " + std::to_string(bytes) +
                    ", expected a finite number ≥ 0");
  }
  const std::size_t n = groups.front().size();
  for (std::size_t i = 0; i < groups.size(); ++i)
  {
    if (groups[i].size() != n || n == 0)
    {
      throw SpecError(std::string(what) + ": group " + std::to_string(i) + " has " +
                      std::to_string(groups[i].size()) + " members, group 0 has " +
                      std::to_string(n) + "; groups must be equal and not empty");
    }
    if (std::set<int>(groups[i].begin(), groups[i].end()).size() != n)
    {
      throw SpecError(std::string(what) + ": group " + std::to_string(i) + " lists a GPU twice");
    }
  }
  return static_cast<int>(n);
}

/** Fold `repeat` identical phases into the result. */
void accumulate(GroupCollectiveResult& r, const PhaseResult& p, int repeat)
{
  r.timeS += repeat * p.timeS;
  r.fabricBytes += repeat * p.fabricBytes;
  r.nvlinkBytes += repeat * p.nvlinkBytes;
  if (!p.fabricFlows.empty())
  {
    r.slowestFabricFlowBps = r.slowestFabricFlowBps > 0
                               ? std::min(r.slowestFabricFlowBps, p.slowestFabricFlowBps)
                               : p.slowestFabricFlowBps;
  }
  if (p.fabricFlows.size() > r.busiestPhaseFlows.size())
  {
    r.busiestPhaseFlows = p.fabricFlows;
  }
}

void finish(GroupCollectiveResult& r, double busFactor)
{
  if (r.timeS > 0)
  {
    r.algBwBytesPerS = r.bytes / r.timeS;
    r.busBwBytesPerS = r.algBwBytesPerS * busFactor;
  }
}

/** One ring phase of every ring: member i sends `chunk` to member i + 1. */
std::vector<Transfer> ringPhase(const std::vector<std::vector<int>>& rings, double chunk)
{
  std::vector<Transfer> out;
  for (const std::vector<int>& ring : rings)
  {
    const std::size_t n = ring.size();
    for (std::size_t i = 0; n > 1 && i < n; ++i)
    {
      out.push_back({ ring[i], ring[(i + 1) % n], chunk });
    }
  }
  return out;
}

} // namespace

GroupCollectiveResult ringAllReduceGroups(GpuNetwork& net,
                                          const std::vector<std::vector<int>>& groups, double bytes,
                                          std::uint64_t seed)
{
  const int n = checkGroups("ring all-reduce", groups, bytes);
  GroupCollectiveResult r;
  r.algorithm = "ring";
  r.groups = static_cast<int>(groups.size());
  r.members = n;
  r.bytes = bytes;
  if (n > 1)
  {
    // All 2(n − 1) steps move the same flows over the same paths: simulate one.
    accumulate(r, net.runPhase(ringPhase(groups, bytes / n), seed), 2 * (n - 1));
  }
  finish(r, 2.0 * (n - 1) / n);
  return r;
}

GroupCollectiveResult hierarchicalAllReduce(GpuNetwork& net,
                                            const std::vector<std::vector<int>>& groups,
                                            double bytes, std::uint64_t seed)
{
  const int n = checkGroups("hierarchical all-reduce", groups, bytes);
  const GpuCluster& c = net.cluster();
  std::vector<std::vector<int>> local;   // per (group, node): its members, by rail
  std::vector<std::vector<int>> crossed; // per (group, local position): one member per node
  int g = 0;
  for (std::size_t gi = 0; gi < groups.size(); ++gi)
  {
    std::map<int, std::vector<int>> byNode; // node → members
    std::vector<int> nodeOrder;
    for (const int gpu : groups[gi])
    {
      if (gpu < 0 || gpu >= c.size())
      {
        throw SpecError("hierarchical all-reduce: GPU " + std::to_string(gpu) + " out of range");
      }
      if (byNode[c.node[gpu]].empty())
      {
        nodeOrder.push_back(c.node[gpu]);
      }
      byNode[c.node[gpu]].push_back(gpu);
    }
    const int perNode = static_cast<int>(byNode.begin()->second.size());
    for (auto& [node, members] : byNode)
    {
      if (static_cast<int>(members.size()) != perNode)
      {
        throw SpecError("hierarchical all-reduce: group " + std::to_string(gi) + " has " +
                        std::to_string(members.size()) + " GPUs on one node and " +
                        std::to_string(perNode) +
                        " on another; it needs the same number on every node");
      }
      std::sort(members.begin(), members.end(),
                [&](int a, int b) { return c.local[a] < c.local[b]; });
    }
    if (g != 0 && perNode != g)
    {
      throw SpecError("hierarchical all-reduce: group " + std::to_string(gi) + " has " +
                      std::to_string(perNode) + " GPUs per node, group 0 has " + std::to_string(g) +
                      "; groups must be laid out alike");
    }
    g = perNode;
    for (int j = 0; j < perNode; ++j)
    {
      crossed.emplace_back();
      for (const int node : nodeOrder)
      {
        crossed.back().push_back(byNode[node][j]);
      }
    }
    for (const int node : nodeOrder)
    {
      local.push_back(byNode[node]);
    }
  }
  const int k = n / g;
  GroupCollectiveResult r;
  r.algorithm = "hierarchical";
  r.groups = static_cast<int>(groups.size());
  r.members = n;
  r.bytes = bytes;
  if (g > 1) // 1 and 3: reduce-scatter and all-gather inside each node, g − 1 phases of S/g
  {
    accumulate(r, net.runPhase(ringPhase(local, bytes / g), seed), 2 * (g - 1));
    r.intraNodeS = r.timeS;
  }
  if (k > 1) // 2: ring all-reduce of the S/g shard per rail: 2(k − 1) phases of S/(g·k)
  {
    accumulate(r, net.runPhase(ringPhase(crossed, bytes / g / k), seed + 1), 2 * (k - 1));
    r.interNodeS = r.timeS - r.intraNodeS;
  }
  finish(r, 2.0 * (n - 1) / n);
  return r;
}

GroupCollectiveResult allToAllGroups(GpuNetwork& net, const std::vector<std::vector<int>>& groups,
                                     double bytes, std::uint64_t seed)
{
  const int n = checkGroups("all-to-all", groups, bytes);
  GroupCollectiveResult r;
  r.algorithm = "pairwise";
  r.groups = static_cast<int>(groups.size());
  r.members = n;
  r.bytes = bytes;
  std::vector<Transfer> phase;
  for (int j = 1; j < n; ++j)
  {
    phase.clear();
    for (const std::vector<int>& group : groups)
    {
      for (int i = 0; i < n; ++i)
      {
        phase.push_back({ group[i], group[(i + j) % n], bytes / n });
      }
    }
    accumulate(r, net.runPhase(phase, seed + static_cast<std::uint64_t>(j) * 7919u), 1);
  }
  finish(r, static_cast<double>(n - 1) / n);
  return r;
}

double ringAllReduceAlphaBetaS(int n, double bytes, double bytesPerS, double alphaS)
{
  if (n < 2)
  {
    return 0;
  }
  return 2.0 * (n - 1) * alphaS + 2.0 * (n - 1) / n * bytes / bytesPerS;
}

double treeAllReduceAlphaBetaS(int n, double bytes, double bytesPerS, double alphaS)
{
  if (n < 2)
  {
    return 0;
  }
  // Reduce up one tree and broadcast down it, each pipelined: the depth ⌈log₂ n⌉ costs α per
  // level each way; the two trees carry S/2 each and a node is inner in at most one of them,
  // so each GPU sends and receives ≈ S per pass, 2·S/B in all (NCCL 2.4 tree).
  const double depth = std::ceil(std::log2(static_cast<double>(n)));
  return 2.0 * depth * alphaS + 2.0 * bytes / bytesPerS;
}

} // namespace myriad::engine::traffic
