#pragma once
/**
 * @file collective_timeline.h
 * The event timeline of a collective as the flow simulation computed it: which algorithm step
 * (phase) runs when, which flows move in it, over which cable directions, and each flow's
 * piecewise-constant rate between the simulation's events. Made for animating collectives
 * (chunks moving along the cables that carry them at their simulated rates) and for dumping
 * with `myriad-cli traffic --timeline` (format: docs/models/traffic.md, "Event timeline").
 *
 * Source of the numbers: the timeline functions run the collectives of collectives.h and
 * hierarchical.h themselves with a step recorder (SimulatedStep) and simulateFlows' rate trace
 * (FlowSimTrace), so every time and rate is the simulator's own, and endS equals the
 * collective's timeS (phases are summed in algorithm order: equal to rounding, ≤ 1e-15 rel.).
 *
 * Lockstep: a collective is a sequence of phases; phase p runs over [startS_p, endS_p), with
 * endS_p = startS_{p+1} and endS_p − startS_p = the time of its step (the makespan of its flows,
 * or max(NVLink time, fabric time) on a GpuNetwork). Steps that move the same flows are
 * simulated once: phases refer to a *pattern* (the simulated step) and flow times are relative
 * to the phase start. A ring all-reduce of n members is 1 pattern of n flows and 2(n − 1)
 * phases (n − 1 reduce-scatter, n − 1 all-gather); a pairwise all-to-all is n − 1 patterns of
 * n flows; a hierarchical all-reduce (k nodes × g GPUs) is g − 1 intra-node reduce-scatter,
 * k − 1 inter-node reduce-scatter, k − 1 inter-node all-gather and g − 1 intra-node all-gather
 * phases on 2 patterns.
 *
 * Flow f of a phase starting at T: active over [T + startS_f, T + finishS_f); its rate is
 * x_f(t) = rate of the segment [t0, t1) holding t − T (bit/s), with Σ_segments x·(t1 − t0) =
 * 8·bytes_f to the simulation's tie tolerance (1e-12 rel.). In the steps of these collectives
 * every flow has the same bytes and starts at the step's start, so each flow keeps one rate:
 * flows finish fastest first, and a completion at rate r changes only flows of rate ≥ r
 * (maxmin.h, incremental re-solve), which finish at the same event. Rates differ between flows
 * (ECMP collisions); a rate history of several segments comes with unequal sizes or starts.
 * NVLink transfers (GpuNetwork
 * phases) have no cable: the NVLink model gives only the phase's NVLink time t_nvl = max over
 * GPU ports of bytes / B_nvl (hierarchical.h), so each transfer is one segment [0, t_nvl) at
 * 8·bytes / t_nvl.
 *
 * Size: one flow per max-min flow of each pattern (a sprayed flow is one per sub-flow), its
 * cable directions and its rate segments. The ring over all 10,240 NICs of the 10k-GPU sample
 * is one pattern of 10,240 flows (docs/benchmarks.md, "Collective timeline"); an all-to-all is
 * n(n − 1) flows, so TimelineOptions limits what is kept: the flows touching a device subset,
 * and a cap that fails early instead of running out of memory. aggregateTimeline merges flows
 * into node, rack or rail arrows.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/engine/traffic/hierarchical.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace myriad::engine::traffic
{

/** Which step of the algorithm a phase is. */
enum class PhaseKind
{
  ReduceScatter,
  AllGather,
  AllToAll
};
/** "reduce-scatter", "all-gather", "all-to-all". */
const char* toString(PhaseKind kind);

/** Where a phase moves data: one flat collective, inside the nodes (NVLink) or between them. */
enum class PhaseScope
{
  Flat,
  IntraNode,
  InterNode
};
/** "flat", "intra-node", "inter-node". */
const char* toString(PhaseScope scope);

/** One lockstep step of the collective. */
struct TimelinePhase
{
  std::string name; ///< for a legend: "reduce-scatter step 3", "inter-node all-gather step 1"
  PhaseKind kind = PhaseKind::ReduceScatter;
  PhaseScope scope = PhaseScope::Flat;
  int step = 0;      ///< 1-based index among the phases of the same kind and scope
  double startS = 0; ///< s from the start of the collective
  double endS = 0;   ///< = the next phase's startS
  int pattern = 0;   ///< index into CollectiveTimeline::patterns
};

/** A span of constant rate of one flow, s relative to its phase's start. */
struct RateSegment
{
  double t0S = 0;
  double t1S = 0;
  double rateBps = 0; ///< bit/s, > 0
};

/** One flow (or, aggregated, one arrow merging flows) of a pattern. */
struct TimelineFlow
{
  int pattern = 0;
  int src = -1;           ///< fabric device (NIC); aggregated: group index (groupLabels)
  int dst = -1;           ///< as src
  std::vector<int> links; ///< cable directions carried (2l: a → b, 2l + 1: b → a), path order;
                          ///< aggregated: the sorted union; empty for NVLink transfers
  bool nvlink = false;    ///< inside a node over NVLink (no fabric cable)
  double startS = 0;      ///< relative to the phase start, s
  double finishS = 0;     ///< relative to the phase start, s
  double bytes = 0;
  int merged = 1;               ///< flows merged into this one (aggregateTimeline)
  std::size_t firstSegment = 0; ///< segments [firstSegment, firstSegment + segmentCount)
  std::size_t segmentCount = 0;
};

/** A simulated step: its flows are flows[firstFlow, firstFlow + flowCount). */
struct TimelinePattern
{
  double durationS = 0; ///< the step's time (its phases' length)
  std::size_t firstFlow = 0;
  std::size_t flowCount = 0;
  std::size_t omittedFlows = 0; ///< flows the device filter left out
};

/** What the flows of a timeline stand for. */
enum class TimelineLevel
{
  Flow, ///< one per max-min flow, src/dst fabric devices
  Node, ///< arrows between nodes (Device::host; a device without host is its own group)
  Rack, ///< arrows between racks (Device::location hall/row/rack; unplaced: one group)
  Rail  ///< arrows between rails (Device::rail; −1 for devices on no rail)
};
/** "flow", "node", "rack", "rail". */
const char* toString(TimelineLevel level);
/** The level called `name` (toString's names); false, `out` unchanged, when unknown. */
bool parseTimelineLevel(const std::string& name, TimelineLevel& out);

/** The event timeline of one collective. */
struct CollectiveTimeline
{
  std::string collective; ///< "ring-allreduce", "all-to-all", "hierarchical-allreduce"
  TimelineLevel level = TimelineLevel::Flow;
  double endS = 0; ///< completion of the collective, s (= the collective's timeS)
  std::vector<TimelinePhase> phases;
  std::vector<TimelinePattern> patterns;
  std::vector<TimelineFlow> flows;
  std::vector<RateSegment> segments;
  /** Aggregated levels: per group index its label and one member device (for its position). */
  std::vector<std::string> groupLabels;
  std::vector<int> groupDevice;
};

/** What the timeline keeps (the simulation always runs every flow). */
struct TimelineOptions
{
  /** Keep only flows from or to one of these fabric devices (empty: every flow). */
  std::vector<int> devices;
  /** Most flows kept over all patterns (0: no limit); more throws SpecError before building. */
  std::size_t maxFlows = 0;
};

/** Ring all-reduce (collectives.h ringAllReduce, CPU reference solver) with its timeline. */
CollectiveTimeline ringAllReduceTimeline(const fabric::FabricGraph& graph,
                                         const std::vector<int>& members, double bytes,
                                         std::uint64_t seed = 0,
                                         const std::vector<int>& failedDevices = {},
                                         const TimelineOptions& options = {});

/** Pairwise all-to-all (collectives.h allToAll, CPU reference solver) with its timeline. */
CollectiveTimeline allToAllTimeline(const fabric::FabricGraph& graph,
                                    const std::vector<int>& members, double bytes,
                                    std::uint64_t seed = 0,
                                    const std::vector<int>& failedDevices = {},
                                    const TimelineOptions& options = {});

/**
 * Hierarchical all-reduce (hierarchical.h hierarchicalAllReduce on `net`, with its routing,
 * failures, background and solver) with its timeline; flow endpoints are the GPUs' NICs.
 */
CollectiveTimeline hierarchicalAllReduceTimeline(GpuNetwork& net,
                                                 const std::vector<std::vector<int>>& groups,
                                                 double bytes, std::uint64_t seed = 0,
                                                 const TimelineOptions& options = {});

/** A flow active at a time: flows[flow] of phases[phase], at rate rateBps (bit/s). */
struct ActiveFlow
{
  int flow = 0;
  int phase = 0;
  double rateBps = 0;
};

/** Index of the phase with startS ≤ t < endS; −1 before 0 and from endS on. */
int phaseAt(const CollectiveTimeline& timeline, double t);
/** Rate of `flow` at `relS` s from its phase's start (0 outside its segments), bit/s. */
double rateAt(const CollectiveTimeline& timeline, const TimelineFlow& flow, double relS);
/**
 * Bytes `flow` has sent by `relS` s from its phase's start: ∫ rate dt / 8 over its segments up
 * to relS (0 before its start, its bytes from finishS on, to 1e-12 rel.). Where a chunk is on
 * its path: sentBytesAt / bytes.
 */
double sentBytesAt(const CollectiveTimeline& timeline, const TimelineFlow& flow, double relS);
/** Flows of the phase at t with startS ≤ t − T < finishS (T: the phase start), pattern order. */
std::vector<ActiveFlow> flowsActiveAt(const CollectiveTimeline& timeline, double t);
/** Cable directions carrying a flow of rate > 0 at t, sorted, each once. */
std::vector<int> linksBusyAt(const CollectiveTimeline& timeline, double t);

/**
 * Level of detail: per pattern, the flows whose endpoints fall in the same (source group,
 * destination group) pair become one arrow (groups: TimelineLevel) with bytes = Σ bytes,
 * startS = min, finishS = max, links = the union, rate = Σ rates on the union of the flows'
 * segment bounds (times stay the simulation's, exactly). Phases, patterns' durations and endS
 * are unchanged; NVLink transfers merge only with NVLink transfers. An arrow counts as carrying
 * its links from its startS to its finishS, so linksBusyAt on it is a superset of the flows'
 * once some of its flows have finished. `timeline` must be at level Flow (throws SpecError
 * otherwise); Flow returns a copy.
 */
CollectiveTimeline aggregateTimeline(const CollectiveTimeline& timeline,
                                     const fabric::FabricGraph& graph, TimelineLevel level);

/**
 * The timeline as JSON (docs/models/traffic.md, "Event timeline"): devices by their id at level
 * Flow, groups by their label when aggregated; numbers with 17 significant digits.
 */
std::string timelineJson(const CollectiveTimeline& timeline, const fabric::FabricGraph& graph);

} // namespace myriad::engine::traffic
