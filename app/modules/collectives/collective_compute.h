#pragma once
/**
 * @file collective_compute.h
 * What the Collective Animation dock simulates: one collective (ring all-reduce, hierarchical
 * all-reduce or pairwise all-to-all) over the first GPUs of the fabric (ring and all-to-all: the
 * members of traffic/collective_members.h, as `myriad-cli traffic` takes them; hierarchical: whole
 * nodes), with its event timeline
 * (engine/traffic/collective_timeline.h), aggregated for level of detail when it has many flows.
 * No Qt: plain engine calls, run on the UI thread (a ring over 10,240 GPUs takes ~12 ms on the
 * CPU reference solver, docs/benchmarks.md "Collective timeline").
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/model.h"
#include "myriad/engine/traffic/collective_members.h"
#include "myriad/engine/traffic/collective_timeline.h"

#include <optional>
#include <string>

namespace myriad::app
{

enum class CollectiveKind
{
  RingAllReduce,
  HierarchicalAllReduce,
  AllToAll
};

/** Most GPUs of an all-to-all (n(n − 1) flows: 256 GPUs are 65,280). */
inline constexpr int kMaxAllToAllGpus = 256;
/** More flows than this are drawn as rack arrows when the level is automatic. */
inline constexpr std::size_t kAutoDetailFlows = 4096;

struct CollectiveRequest
{
  CollectiveKind kind = CollectiveKind::RingAllReduce;
  int gpus = 0; ///< GPUs of the first nodes (collective_members.h); 0: every GPU
  engine::traffic::MemberOrder order = engine::traffic::MemberOrder::Rail; ///< ring order
  double bytes = 256e6;                                                    ///< per GPU
  std::optional<engine::traffic::TimelineLevel> level;                     ///< nullopt: automatic
};

struct ComputedCollective
{
  engine::traffic::CollectiveTimeline timeline;    ///< as drawn (aggregated when level ≠ Flow)
  std::size_t simulatedFlows = 0;                  ///< flows of the simulation (level Flow)
  int gpus = 0;                                    ///< members
  std::optional<engine::traffic::MemberSpan> span; ///< ring, all-to-all: what the members span
  double nvlinkBytesPerS = 0;                      ///< hierarchical: the GPU's NVLink figure
  std::string gpuPart;                             ///< hierarchical: the GPU it took it from
};

/** Compute GPUs (NICs on a rail) of the fabric, fabric order. */
int computeGpuCount(const engine::fabric::FabricGraph& graph);

/**
 * Simulate `request` on `graph` (the scene's fabric) and build its timeline. Throws
 * engine::Error (SpecError) naming what is wrong: too few GPUs, an all-to-all over
 * kMaxAllToAllGpus, no GPU part with an NVLink figure for the hierarchical all-reduce.
 */
ComputedCollective computeCollective(const engine::fabric::FabricGraph& graph,
                                     const engine::Scene& scene, const engine::Catalog& catalog,
                                     const CollectiveRequest& request);

} // namespace myriad::app
