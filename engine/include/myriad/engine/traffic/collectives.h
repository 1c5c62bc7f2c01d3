#pragma once
/**
 * @file collectives.h
 * Collectives as point-to-point flows on a FabricGraph, routed by ECMP and timed with the
 * max-min flow simulation of maxmin.h.
 *
 * Routing: each cable direction is one max-min link (fabric link l: 2l from a to b, 2l + 1
 * from b to a), capacity = the link rate (bit/s per direction). A flow takes one of the
 * equal-cost shortest paths (those of fabric::ecmpPaths), chosen hop by hop by a hash of
 * (source, destination, flow key, hop) like the per-flow ECMP hash of each switch on the way.
 *
 * Ring all-reduce (Patarasuk & Yuan 2009; NCCL): n members in ring order, S bytes each.
 * 2(n − 1) steps (n − 1 reduce-scatter, n − 1 all-gather); in each step member i sends S/n
 * bytes to member i + 1. Steps are taken in lockstep: t = Σ_k t_k where t_k is the completion
 * time of the slowest of the n concurrent flows of step k (all steps move the same flows, so
 * t = 2(n − 1)·t_1). nccl-tests definitions: algbw = S / t, busbw = algbw · 2(n − 1)/n
 * (bytes/s); on a non-blocking fabric with every member on a link of rate B, busbw = B/8.
 * Assumptions: no latency term (α = 0), no NVLink hops (members are fabric endpoints, one GPU
 * per NIC), no overlap of steps.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/traffic/maxmin.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace myriad::engine::traffic
{

/**
 * How fabric flows are routed (docs/models/traffic.md, "Routing"):
 * - Ecmp: each flow takes one equal-cost path, picked by its per-flow hash (EcmpRouter::route).
 * - Spray: each flow is split evenly over its equal-cost paths (EcmpRouter::sprayRoutes), as
 *   sub-flows of bytes/k each; the flow is done when its last sub-flow is.
 * - RailLocal: NCCL PXN on rail-optimised fabrics: a flow between GPUs on different rails first
 *   moves over NVLink to the GPU of the source node on the destination's rail, then crosses the
 *   fabric on that rail (ECMP); same-rail flows stay on their rail (GpuNetwork).
 */
enum class Routing
{
  Ecmp,
  Spray,
  RailLocal
};
/** "ecmp", "spray", "rail-local". */
const char* toString(Routing routing);
/** The routing called `name` (toString's names); false, `out` unchanged, when unknown. */
bool parseRouting(const std::string& name, Routing& out);
/** The allowed names, for error messages: "ecmp, spray or rail-local". */
constexpr const char* kRoutingNames = "ecmp, spray or rail-local";
/** Most sub-flows a sprayed flow is split into (EcmpRouter::sprayRoutes). */
constexpr int kMaxSprayPaths = 64;

/**
 * Routes flows over a fabric by per-flow ECMP hashing, hop by hop: a breadth-first search from
 * the destination gives d(v) = hops from v to it; at each device the flow's hash picks one of
 * the distinct neighbours w with d(w) = d(v) − 1 (the next hops of the equal-cost paths of
 * fabric::ecmpPaths, in the same lowest-index-first order), then one of the parallel cables to
 * it. The search is kept (and resumed) for the last destination, so routing flows grouped by
 * destination is cheapest; it stops as soon as the source is reached.
 */
class EcmpRouter
{
public:
  explicit EcmpRouter(const fabric::FabricGraph& graph);
  /**
   * Take device `device` out of service (a failed switch or NIC): no route crosses any of its
   * links afterwards; flows to or from it fail with "not connected". Throws SpecError for an
   * index out of range.
   */
  void failDevice(int device);
  /** Take one cable (fabric link index) out of service. */
  void failLink(int link);
  /** Add one max-min link per cable direction to `problem` (must be called on an empty one). */
  void addLinks(MaxMinProblem& problem) const;
  /**
   * Max-min link ids (2l or 2l + 1) of the path chosen for the flow `key` from device `from`
   * to device `to`. Throws SpecError naming both device ids when they are not connected.
   */
  std::vector<int> route(int from, int to, std::uint64_t key);
  /** The devices along the path route() takes (from … to). */
  std::vector<int> devicePath(int from, int to, std::uint64_t key);
  /**
   * Equal-cost paths (max-min link ids, as route()) to spray the flow `key` over: path j takes,
   * at hop i with m_i candidate cables (every usable cable to a next hop of a shortest path,
   * parallel cables counted apart), candidate (d_i + ρ_i) mod m_i, with d_i the i-th digit of j
   * in the mixed radix (m_0, m_1, …) and ρ_i the flow's hash rotation. k = min(maxPaths,
   * Π m_i along path 0) paths: all of them, each once, when every branch has the same counts
   * (a fat tree), the first hops covered first otherwise. Same errors as route().
   */
  std::vector<std::vector<int>> sprayRoutes(int from, int to, std::uint64_t key,
                                            int maxPaths = kMaxSprayPaths);

private:
  /** The device the search runs from for `to`: its only neighbour when it has one (a NIC). */
  int searchTarget(int from, int to) const;
  /** Usable cables from `v` one hop closer to `to` (searched from `target`), (link, peer). */
  void nextHops(int v, int to, int target, const std::vector<int>& dist,
                std::vector<std::pair<int, int>>& out) const;

  /** Hop distances to `to`, complete for every level below the one of `from`. */
  const std::vector<int>& distancesTo(int to, int from);

  bool usable(int link) const { return m_failed.empty() || !m_failed[link]; }

  const fabric::FabricGraph& m_graph;
  std::vector<char> m_failed; ///< per fabric link: out of service (empty: none)
  struct Edge
  {
    int link;
    int peer;
  };
  std::vector<std::size_t> m_adjStart; ///< device → first entry of m_adj
  std::vector<Edge> m_adj;
  int m_distTo = -1;
  std::vector<int> m_dist;  ///< −1: not reached (yet)
  std::vector<int> m_queue; ///< BFS order of the current destination
  std::size_t m_head = 0;   ///< next device of m_queue to expand
};

/** Time and bandwidths of one collective. */
struct CollectiveResult
{
  double timeS = 0;                  ///< completion time of the collective, s
  double stepTimeS = 0;              ///< time of one step (the longest step when they differ), s
  int steps = 0;                     ///< number of lockstep steps
  int flowsPerStep = 0;              ///< concurrent flows in a step
  double algBwBytesPerS = 0;         ///< S / t
  double busBwBytesPerS = 0;         ///< algbw · 2(n − 1)/n
  double slowestFlowBps = 0;         ///< rate of the slowest flow of any step, bit/s (start rates)
  double hottestLinkUtilisation = 0; ///< largest start load / capacity of a cable direction
  /**
   * Per max-min link (cable direction 2l: a → b, 2l + 1: b → a): the largest load of any step
   * at the step's start rates, bit/s (the peak utilisation a view colours by).
   */
  std::vector<double> peakLoadBps;
};

/**
 * One simulated lockstep step of a collective as its flow simulation ran it, recorded for the
 * event timeline (collective_timeline.h): per max-min flow its endpoints, cable directions,
 * bytes and completion, and the simulation's rate changes (FlowSimTrace). Times in s from the
 * step's start.
 */
struct SimulatedStep
{
  std::vector<std::pair<int, int>> endpoints; ///< per flow: source and destination device
  std::vector<std::vector<int>> routes;       ///< per flow: cable directions (2l / 2l + 1)
  std::vector<double> bytes;                  ///< per flow; +∞: background flow of another job
  std::vector<double> finishS;                ///< per flow: completion, s
  FlowSimTrace trace;                         ///< the simulation's rate changes
  double timeS = 0;                           ///< the step's time as the collective counts it
  /** GpuNetwork phases: NVLink transfers (NIC devices of the two GPUs), bytes, their time. */
  std::vector<std::pair<int, int>> nvlinkEndpoints;
  std::vector<double> nvlinkBytes;
  double nvlinkTimeS = 0;
};

/** Receives each step a collective simulates, in order, right after its simulation. */
using StepRecorder = std::function<void(SimulatedStep&&)>;

/**
 * Ring all-reduce of `bytes` among `members` (fabric device indices in ring order) routed by
 * ECMP with hash seed `seed`. Throws SpecError for fewer than 2 members, a repeated or
 * unknown member, bytes < 0, or members that are not connected. `failedDevices` are taken out
 * of service first (EcmpRouter::failDevice): traffic is rerouted over the remaining equal-cost
 * paths, and a member cut off by them is reported as not connected. `solver` computes the
 * max-min rates and runs the flow simulation of each step (null: the CPU reference;
 * maxmin_solver.h). `recorder` (empty: none) receives each step the simulation ran (one for the
 * ring: all 2(n − 1) steps move the same flows).
 */
CollectiveResult ringAllReduce(const fabric::FabricGraph& graph, const std::vector<int>& members,
                               double bytes, std::uint64_t seed = 0,
                               const std::vector<int>& failedDevices = {},
                               MaxMinSolver* solver = nullptr, const StepRecorder& recorder = {});

/**
 * Pairwise all-to-all (NCCL's send/recv loop; nccl-tests alltoall): each member holds `bytes`
 * and sends bytes/n to every other member. n − 1 lockstep steps; in step k member i sends to
 * member i + k. t = Σ_k t_k, algbw = S / t, busbw = algbw · (n − 1)/n; on a non-blocking fabric
 * with members on links of rate B, busbw = B/8. Same errors, `solver` and `recorder` (n − 1 steps)
 * as ringAllReduce.
 */
CollectiveResult allToAll(const fabric::FabricGraph& graph, const std::vector<int>& members,
                          double bytes, std::uint64_t seed = 0,
                          const std::vector<int>& failedDevices = {},
                          MaxMinSolver* solver = nullptr, const StepRecorder& recorder = {});

} // namespace myriad::engine::traffic
