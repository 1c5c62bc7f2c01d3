#pragma once
/**
 * @file latency.h
 * The α-β cost of one collective call as NCCL models and chooses it (NCCL src/graph/tuning.cc):
 * per call a launch latency (base), per lockstep step a hop latency (NVLink inside a node; NIC
 * and first switch across nodes) plus an extra-switch-hop latency for longer fabric paths; per
 * protocol a bandwidth factor (LL: 8-byte lines with a flag, ¼ of the Simple bandwidth across
 * nodes; LL128: 120 of 128 bytes, 0.92; Simple: 1); and the choice between ring and double
 * binary tree, and between protocols, by the smallest predicted time.
 *
 * With n ranks on `nodes` nodes, S bytes per rank and B the Simple bus bandwidth (from the flow
 * simulation of the fabric):
 * - ring all-reduce: 2(n − 1) steps, 2(nodes − 1) of them across nodes:
 *   t = base + (2(n − 1) − 2(nodes − 1))·α_intra + 2(nodes − 1)·α_net + 2(n − 1)/n · S/(f_p·B)
 *   (α_net ×1.9 for the multi-node Simple ring above n/16·64 KiB: NCCL's plateau factor);
 * - tree all-reduce (nodes > 1): t = base + 2((n/nodes − 1)·α_intra + ⌈log₂ nodes⌉·α_net) +
 *   S/(0.5·0.9·f_p·B);
 * - all-to-all (n − 1 concurrent peers) and send/recv: t = base + α (one hop) + S·(n − 1)/n / B
 *   (all-to-all) or S/B (send/recv), Simple protocol.
 * Figures: samples/reference/traffic/collective_latency.json (docs/models/traffic.md, "Latency").
 */

#include <string>

namespace myriad::engine::traffic
{

enum class CollectiveKind
{
  AllReduce,
  AllToAll,
  SendRecv
};

/** One collective call. */
struct CollectiveCall
{
  CollectiveKind kind = CollectiveKind::AllReduce;
  int ranks = 2;             ///< n
  int nodes = 1;             ///< distinct NVLink domains among the ranks
  double bytes = 0;          ///< S per rank
  double busBwBytesPerS = 0; ///< bus bandwidth (nccl-tests definition), > 0: Simple protocol for
                             ///< ring/treeAllReduceCost, line rate for ncclCallCost
  int extraSwitchHops = 0;   ///< switch hops beyond the first on the longest fabric path
};

/** The cost of a call with the algorithm and protocol that were taken. */
struct CallCost
{
  std::string algorithm; ///< "ring", "tree", "alltoall", "sendrecv"
  std::string protocol;  ///< "LL", "LL128", "Simple"
  double timeS = 0;      ///< latency + bytes / bandwidth
  double latencyS = 0;   ///< the α part
};

enum class Protocol
{
  Ll,
  Ll128,
  Simple
};

/** Ring all-reduce with `protocol` (formula in the file comment). Throws SpecError on bad input. */
CallCost ringAllReduceCost(const CollectiveCall& call, Protocol protocol);
/** Double-binary-tree all-reduce with `protocol`; only for nodes > 1. */
CallCost treeAllReduceCost(const CollectiveCall& call, Protocol protocol);
/**
 * The fastest algorithm and protocol NCCL's model would take: for an all-reduce every ring
 * protocol and, across nodes, every tree protocol; all-to-all and send/recv: Simple. Here
 * `call.busBwBytesPerS` is the line-rate bus bandwidth of the flows; the Simple protocol reaches
 * 0.822 of it on NVLink (370 of 450 GB/s on H100) and 0.94 across nodes (47 of 50 GB/s on NDR),
 * the figures NCCL's developers give for nccl-tests (collective_latency.json). `ringOnly`:
 * as with NCCL_ALGO=RING.
 */
CallCost ncclCallCost(const CollectiveCall& call, bool ringOnly = false);

} // namespace myriad::engine::traffic
