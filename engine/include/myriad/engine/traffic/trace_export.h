#pragma once
/**
 * @file trace_export.h
 * One training step of the workload model (workload.h) as a Chrome Trace Event Format file
 * (JSON Object Format; docs/references.md#chrome-trace-format), which Perfetto
 * (ui.perfetto.dev) and chrome://tracing open. The format is described field by field in
 * docs/trace-export.md.
 *
 * `{"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}`. Times `ts` and `dur`
 * are in microseconds from the start of the step (t = 0).
 * - Processes: pid j + 1 is job j (process_name, process_sort_index j); pid J + 1 (J jobs)
 *   holds the link counters.
 * - Threads: each track set stands for one rank (`ranks` All), the ranks of a job on one node
 *   (Node) or N consecutive ranks (Group). A track set has K = 1 + C tracks (C collectives of
 *   the job): tid = u·K is the step track of set u, tid = u·K + 1 + i the track of collective i.
 *   thread_name and thread_sort_index (= tid) name and order them.
 * - Step track, "X" slices one after the other: "compute" [0, computeS), "pipeline bubble"
 *   (PP > 1), then "<P> exposed" per collective (exposedS); the last ends at stepS.
 * - Collective track i: one "X" slice of the collective's whole time timeS, ending where its
 *   exposed slice ends on the step track (start clamped at 0), with its stages
 *   (CollectiveStage) as consecutive child slices. The time before the exposed part is the
 *   communication the model counts as overlapped with compute.
 * - Counters ("C", pid J + 1): the `topLinks` cable directions with the highest peak
 *   start-rate utilisation of the run (WorkloadResult::peakLoadBps / link rate, a fraction
 *   0..1), each a counter at ts 0 and at the longest step's end (the model reports one peak per
 *   step, not a time series).
 * Every duration is a field of the JobResult written as it is (× 1e6): args.field names it
 * ("computeS", "collectives[1].stages[0].timeS"). The model's times are per job (ranks run in
 * lockstep), so every track set of a job carries the same slices.
 *
 * Aggregation: Auto writes a track set per rank when the estimated file (the bytes of one
 * rank's events × ranks) stays within maxBytes, else one per node when that fits, else groups
 * of N consecutive ranks with the smallest N that fits; otherData says which and why.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/traffic/workload.h"

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::engine::traffic
{

/** What one track set of a job stands for (file comment). */
enum class TraceRanks
{
  Auto,  ///< All, Node or Group by the size budget
  All,   ///< one track set per rank
  Node,  ///< one per node: the job's ranks on it
  Group, ///< one per ranksPerTrack consecutive ranks
};

struct TraceOptions
{
  TraceRanks ranks = TraceRanks::Auto;
  int ranksPerTrack = 1;          ///< Group: N ≥ 1
  int topLinks = 32;              ///< link counters (the busiest cable directions), ≥ 0
  double maxBytes = 100e6;        ///< Auto: the largest file it aims for, bytes
  std::string scene;              ///< label written into otherData (a file name)
  std::vector<int> failedDevices; ///< stepTraceJson: devices out of service
  std::uint64_t seed = 0;         ///< stepTraceJson: ECMP hash seed
  MaxMinSolver* solver = nullptr; ///< stepTraceJson: max-min solver (null: CPU reference)
};

/** What writeStepTrace wrote. */
struct TraceSummary
{
  std::string ranks;       ///< "all", "node" or "group of N"
  std::string reason;      ///< why (the estimate against the budget, or "asked for")
  int ranksPerTrack = 1;   ///< Group: N; All: 1; Node: GPUs per node
  long long trackSets = 0; ///< over all jobs
  long long events = 0;
  std::size_t bytes = 0;
};

/**
 * Write the trace of one step of `jobs` (their results `result`, from simulateWorkload on
 * `graph` in the same order) to `out`. Throws SpecError when the result does not match the jobs
 * or ranksPerTrack < 1 with Group.
 */
TraceSummary writeStepTrace(std::ostream& out, const fabric::FabricGraph& graph,
                            const std::vector<JobSpec>& jobs, const WorkloadResult& result,
                            const TraceOptions& options);

/**
 * Build the scene's fabric (fabric::buildSuperPod), simulate `jobs` (simulateWorkload with the
 * options' failed devices, seed and solver; a job without a GPU type gets the scene's) and
 * return the trace of one step. `summary`, when given, receives what was written.
 */
std::string stepTraceJson(const Scene& scene, const Catalog& catalog, std::vector<JobSpec> jobs,
                          const TraceOptions& options, TraceSummary* summary = nullptr);

} // namespace myriad::engine::traffic
