#pragma once
/**
 * @file hierarchical.h
 * GPU-level collectives on a fabric with NVLink domains: the ring, the hierarchical all-reduce
 * and the pairwise all-to-all as lockstep phases of point-to-point transfers, several groups at
 * once, plus the α-β cost of the double binary tree.
 *
 * GPUs: one GPU per compute NIC (DGX: GPU i uses the NIC of rail i); the GPUs of one node form
 * its NVLink domain (an NVSwitch: non-blocking, B_nvl bytes/s per GPU and direction).
 *
 * A phase is a set of concurrent transfers (bytes from GPU a to GPU b). Transfers inside a node
 * take t_nvl = max over GPUs of max(bytes sent, bytes received) / B_nvl (the NVSwitch is
 * non-blocking, each GPU port is the limit). Transfers between nodes are fabric flows NIC → NIC,
 * routed by per-flow ECMP (EcmpRouter), sprayed over the equal-cost paths, or rail-local (PXN
 * relay over NVLink first; GpuNetwork::setRouting, Routing in collectives.h) and timed by an
 * event-driven max-min simulation (rates re-solved at each completion; "background" flows of other
 * jobs stay active all along and take their max-min share). Phase time = max(t_nvl, t_fabric); α =
 * 0 (no latency term), so a collective's time is linear in its bytes.
 *
 * Ring all-reduce of S bytes among n GPUs (Patarasuk & Yuan 2009): 2(n − 1) phases, member i
 * sends S/n to member i + 1; t = 2(n − 1)·t_phase. Hops inside a node ride NVLink.
 *
 * Hierarchical all-reduce (NCCL's NVLink + per-rail scheme; Jeaugey, "Massively scale your deep
 * learning training with NCCL 2.4", 2019): a group of k nodes × g GPUs per node:
 *   1. intra-node reduce-scatter over NVLink (ring of g: g − 1 phases of S/g),
 *   2. inter-node ring all-reduce of the S/g shard among the k GPUs of the same local index
 *      (the same rail), all g rails at once: 2(k − 1) phases of S/(g·k),
 *   3. intra-node all-gather over NVLink (as 1).
 * Fabric bytes: 2(k − 1)·S per group (each node sends 2(k − 1)/k·S over its g NICs), against
 * k·2(n − 1)·S/n for a flat ring in node order, and every rail NIC works at once.
 *
 * Pairwise all-to-all: n − 1 phases, in phase j member i sends S/n to member i + j. Cost: n − 1
 * phases, each routing and simulating one flow per member: O(n²) flows per group.
 *
 * Double binary tree (Sanders, Speck & Träff 2009; NCCL 2.4): analytic α-β model only (not as
 * flows): t_tree = 2⌈log₂ n⌉·α + 2·S/B against t_ring = 2(n − 1)·α + 2(n − 1)/n·S/B.
 *
 * Bus bandwidth (nccl-tests): algbw = S/t; busbw = algbw·2(n − 1)/n (all-reduce),
 * algbw·(n − 1)/n (all-to-all, all-gather, reduce-scatter).
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/traffic/collectives.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace myriad::engine::traffic
{

/** The GPUs of a fabric: one per compute NIC, ordered node by node, rail by rail. */
struct GpuCluster
{
  std::vector<int> nic;          ///< per GPU: its NIC's fabric device index
  std::vector<int> node;         ///< per GPU: node ordinal (0 … nodeCount − 1, fabric order)
  std::vector<int> local;        ///< per GPU: index inside its node (its rail order)
  std::vector<int> scalableUnit; ///< per GPU: SU of its NIC (−1 unknown)
  int nodeCount = 0;
  int gpusPerNode = 0;
  int size() const { return static_cast<int>(nic.size()); }
};

/**
 * GPUs of `graph`: every NIC device (kind Nic), grouped into nodes by Device::host, or by the
 * id before "-NIC" when host is unset; inside a node by rail. Throws SpecError when the fabric
 * has no NIC or its nodes do not all have the same number of GPUs.
 */
GpuCluster gpuCluster(const fabric::FabricGraph& graph);

/** Bytes from GPU `from` to GPU `to` (indices into GpuCluster). */
struct Transfer
{
  int from = 0;
  int to = 0;
  double bytes = 0;
};

/** Outcome of one phase. */
struct PhaseResult
{
  double timeS = 0;                ///< max(nvlinkTimeS, fabricTimeS)
  double nvlinkTimeS = 0;          ///< slowest NVLink port
  double fabricTimeS = 0;          ///< completion of the last fabric flow
  double fabricBytes = 0;          ///< bytes carried between nodes
  double nvlinkBytes = 0;          ///< bytes carried inside nodes
  double slowestFabricFlowBps = 0; ///< at the start rates; 0 when no fabric flow
  double relayBytes = 0; ///< rail-local: bytes moved over NVLink to the NIC on the right rail
  std::vector<std::pair<int, int>> fabricFlows; ///< NIC device pairs of the fabric flows
  int fabricSubFlows = 0; ///< max-min flows of the phase's own traffic (> flows when sprayed)
};

/**
 * A fabric plus NVLink domains on which phases are run. Keeps the ECMP router (and its failed
 * devices), the background flows of other jobs and the peak load per cable direction.
 */
class GpuNetwork
{
public:
  /** `nvlinkBytesPerS`: NVLink bandwidth per GPU and direction (> 0). */
  GpuNetwork(const fabric::FabricGraph& graph, double nvlinkBytesPerS);

  const fabric::FabricGraph& graph() const { return m_graph; }
  const GpuCluster& cluster() const { return m_cluster; }
  double nvlinkBytesPerS() const { return m_nvlinkBytesPerS; }

  /** Take a fabric device out of service (EcmpRouter::failDevice). */
  void failDevice(int device);
  /**
   * Route the fabric flows of the phases run from now on (and the background) by `routing`
   * (Routing in collectives.h); Spray splits a flow over at most `maxSprayPaths` paths.
   */
  void setRouting(Routing routing, int maxSprayPaths = kMaxSprayPaths);
  Routing routing() const { return m_routing; }
  /**
   * Solve the max-min rates and run the flow simulations of the phases run from now on with
   * `solver` (not owned; must outlive its use; null: the CPU reference, maxmin_solver.h).
   */
  void setMaxMinSolver(MaxMinSolver* solver) { m_solver = solver; }
  /**
   * Hand every phase run from now on to `recorder` (empty: stop recording) as its flow
   * simulation ran it (SimulatedStep in collectives.h; the event timeline reads it).
   */
  void setStepRecorder(StepRecorder recorder) { m_recorder = std::move(recorder); }
  /**
   * Flows (NIC device pairs) of other jobs that stay active during every phase run from now
   * on and take their max-min share of the links (pass {} to clear).
   */
  void setBackground(const std::vector<std::pair<int, int>>& nicPairs);
  /**
   * Run one phase. Rail-local routing: a transfer between nodes whose GPUs' NICs are on rails
   * r ≠ s first moves to the GPU of the source node on rail s over NVLink (counted in the NVLink
   * time, nvlinkBytes and relayBytes), then is a fabric flow from that GPU's NIC; a node without
   * a GPU on rail s sends directly. Spray: each fabric flow is k sub-flows of bytes/k; the phase
   * ends with the last sub-flow, and its rate is the sum of its sub-flows'. Throws SpecError for a
   * GPU index out of range, bytes < 0, endpoints that are not connected (after failures) or a flow
   * that can never finish.
   */
  PhaseResult runPhase(const std::vector<Transfer>& transfers, std::uint64_t seed);

  /** Largest load (start rates, bit/s) of this network's own flows per cable direction. */
  const std::vector<double>& peakLoadBps() const { return m_peakLoadBps; }
  void resetPeakLoad();

private:
  const fabric::FabricGraph& m_graph;
  GpuCluster m_cluster;
  double m_nvlinkBytesPerS;
  EcmpRouter m_router;
  std::vector<std::pair<int, int>> m_background;
  std::vector<std::vector<int>> m_backgroundRoutes; ///< routed lazily; sub-flows when sprayed
  std::vector<double> m_peakLoadBps;
  Routing m_routing = Routing::Ecmp;
  int m_maxSprayPaths = kMaxSprayPaths;
  MaxMinSolver* m_solver = nullptr;
  StepRecorder m_recorder;

  /** Routes of the flow `key` from NIC `a` to NIC `b` by the routing (1 unless sprayed). */
  std::vector<std::vector<int>> routes(int a, int b, std::uint64_t key);
  /** Rail-local: the GPU of `gpu`'s node whose NIC is on `dst`'s rail; `gpu` when none. */
  int relayGpu(int gpu, int dst) const;
  /** Route the background flows by the routing unless they are routed already. */
  void routeBackground();
  /** The fabric part of runPhase: route, simulate, fill out's fabric fields and peak loads. */
  void runFabricFlows(const std::vector<Transfer>& transfers, std::uint64_t seed, PhaseResult& out,
                      SimulatedStep* record);
};

/** Time, bytes and bandwidths of one collective run by every group of a parallelism at once. */
struct GroupCollectiveResult
{
  const char* algorithm = "";
  int groups = 0;
  int members = 0;  ///< n, GPUs per group
  double bytes = 0; ///< S, bytes per member
  double timeS = 0; ///< completion (all groups in lockstep)
  double algBwBytesPerS = 0;
  double busBwBytesPerS = 0;
  double fabricBytes = 0; ///< bytes carried between nodes, all groups
  double nvlinkBytes = 0; ///< bytes carried inside nodes, all groups
  double slowestFabricFlowBps = 0;
  /** Hierarchical all-reduce: time of steps 1 and 3 (inside the nodes, NVLink), s; else 0. */
  double intraNodeS = 0;
  /** Hierarchical all-reduce: time of step 2 (per-rail rings between nodes), s; else 0. */
  double interNodeS = 0;
  /** NIC pairs of the phase with the most fabric flows (the job's footprint on the fabric). */
  std::vector<std::pair<int, int>> busiestPhaseFlows;
};

/**
 * Ring all-reduce of `bytes` per member in every group (GPU indices in ring order) at once.
 * All groups must have the same size n ≥ 1 (n = 1: nothing to do, time 0). Throws SpecError
 * for groups of different sizes or a GPU twice in a group.
 */
GroupCollectiveResult ringAllReduceGroups(GpuNetwork& net,
                                          const std::vector<std::vector<int>>& groups, double bytes,
                                          std::uint64_t seed = 0);

/**
 * Hierarchical all-reduce (file comment) of every group at once. Each group must have the
 * same number g of members on each of its nodes; throws SpecError otherwise.
 */
GroupCollectiveResult hierarchicalAllReduce(GpuNetwork& net,
                                            const std::vector<std::vector<int>>& groups,
                                            double bytes, std::uint64_t seed = 0);

/** Pairwise all-to-all of `bytes` per member in every group at once (file comment). */
GroupCollectiveResult allToAllGroups(GpuNetwork& net, const std::vector<std::vector<int>>& groups,
                                     double bytes, std::uint64_t seed = 0);

/** α-β time of a ring all-reduce: 2(n − 1)·α + 2(n − 1)/n · S/B (B in bytes/s). */
double ringAllReduceAlphaBetaS(int n, double bytes, double bytesPerS, double alphaS);
/** α-β time of a pipelined double-binary-tree all-reduce: 2⌈log₂ n⌉·α + 2·S/B. */
double treeAllReduceAlphaBetaS(int n, double bytes, double bytesPerS, double alphaS);

} // namespace myriad::engine::traffic
