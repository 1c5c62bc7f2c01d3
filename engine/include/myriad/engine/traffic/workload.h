#pragma once
/**
 * @file workload.h
 * Training jobs on a fabric: model, parallelism and placement → compute time, the collectives
 * of each parallelism as flows, exposed communication, step time, tokens/s, time and energy of
 * the full run; several jobs on disjoint GPUs at once and their interference.
 *
 * Ranks: rank = tp + TP·(dp + DP·pp) (Megatron-LM order: TP fastest, so packed TP groups stay
 * in one NVLink node). EP groups are EP consecutive DP ranks (EP divides DP).
 *
 * Per step (docs/models/traffic.md, "Training jobs", has every formula with its source), with
 * N_act active parameters, T tokens per step, G = TP·PP·DP GPUs, L layers, sequence length s:
 * - model FLOPs F_model = (6·N_act + 12·L·s·d_attn)·T (2N forward, 4N backward, Kaplan et al.
 *   2020; attention scores and values, PaLM appendix B); full recomputation executes 4/3 of it.
 * - compute t_c = (F_linear/(P_prec·η_prec) + F_attn/(P_bf16·η_bf16))·(1 + ω)/G: peaks P and
 *   GEMM kernel efficiencies η per GPU and precision, ω the calibrated non-GEMM overhead
 *   (traffic_data.h); slowed by SMs/(SMs − commSms) when communication kernels take SMs.
 *   Legacy: a job with `mfu` > 0 takes t_c = 6·N_act·T/(G·P_bf16·mfu) and no bubble (that MFU
 *   already holds the bubble and the communication).
 * - bubble t_b = β·t_c by schedule: 1F1B β = (PP − 1)/m, interleaved (PP − 1)/(v·m),
 *   zero-bubble (ZB-H1) (PP − 1)/(3m), DualPipe 2(PP/2 − 1)/(3m).
 * - collectives as flows (TP ring, DP ring or hierarchical, PP send/recv, EP all-to-all), each
 *   call costed as NCCL would (latency.h: α per call, step and hop; protocol; ring or tree).
 * - overlap (what is exposed): TP fully, or with sequence parallelism the chunked collective
 *   matmul's t_tp/TP + max(0, (t_tp − t_gemm)·(TP − 1)/TP); DP under the last micro-batch's
 *   backward (bucketed) or fully; PP send/recv only in fill and drain (β·t_pp); EP fully, or
 *   under the compute of other micro-batches with DualPipe, max(0, t_ep − t_c).
 * Step t_s = t_c + t_b + Σ exposed; MFU = F_model/(t_s·G·P_bf16); tokens/s = T/t_s.
 * References: docs/references.md#kaplan2020, #megatron2019, #megatron2021, #zero2020, #palm,
 * #nccl-tuning, #zero-bubble, #collective-matmul, #deepseek-v3, #llama3.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/solver_run.h"
#include "myriad/engine/traffic/hierarchical.h"
#include "myriad/engine/traffic/traffic_data.h"

#include <cstdint>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::engine::traffic
{

/** How optimizer state, gradients and parameters are sharded over DP. */
enum class Sharding
{
  None,  ///< plain data parallel: all-reduce of gradients
  Zero1, ///< optimizer state sharded: same traffic as None
  Zero2, ///< + gradients: reduce-scatter + all-gather (same volume as all-reduce)
  Zero3  ///< + parameters (FSDP): 1.5× the all-reduce volume
};
const char* toString(Sharding sharding);

/** Where a job's GPUs are. */
enum class PlacementKind
{
  Packed,  ///< the first free nodes in fabric order
  Spread,  ///< free nodes taken round-robin across scalable units
  Random,  ///< free nodes in a random order (seed)
  Explicit ///< a GPU index per rank (GpuCluster order: node by node, rail by rail)
};
const char* toString(PlacementKind kind);

enum class DpAlgorithm
{
  Auto, ///< hierarchical when a DP group has several GPUs on a node, else ring
  Ring,
  Hierarchical
};

/** Pipeline schedule (bubble fraction in the file comment). */
enum class PipelineSchedule
{
  OneFOneB,    ///< "1f1b" (PipeDream-Flush / Megatron 1F1B)
  Interleaved, ///< "interleaved": v virtual stages per GPU (Narayanan et al. 2021)
  ZeroBubble,  ///< "zero-bubble": ZB-H1, backward split into input and weight gradients
  DualPipe     ///< "dualpipe": bidirectional, forward and backward chunks overlapped
};
const char* toString(PipelineSchedule schedule);

enum class TpOverlap
{
  None,            ///< "none": TP collectives block the GEMMs
  SequenceParallel ///< "sequence-parallel": all-gather/reduce-scatter chunked with the GEMMs
};
enum class DpOverlap
{
  Backward, ///< "backward": bucketed gradient reduction under the last micro-batch's backward
  None      ///< "none": after the step's compute
};
enum class EpOverlap
{
  None,    ///< "none": dispatch and combine block
  DualPipe ///< "dualpipe": under the compute of the paired micro-batch (needs that schedule)
};
enum class Recompute
{
  None, ///< "none"
  Full  ///< "full": the forward pass runs again in the backward pass (4/3 of the FLOPs)
};

/** A training job. Sizes as in the file comment. */
struct JobSpec
{
  std::string name;
  std::string source;          ///< where the figures come from
  double parameters = 0;       ///< N
  double activeParameters = 0; ///< N_act (0: = N, dense)
  double expertParameters = 0; ///< N_exp, the part of N in experts
  int layers = 0;
  int moeLayers = 0; ///< L_moe
  int hidden = 0;
  int expertsPerToken = 0; ///< k (0: dense)
  double tokensPerStep = 0;
  double trainingTokens = 0; ///< D (0: no run figures)
  int tp = 1, pp = 1, dp = 1, ep = 1;
  int microBatches = 1;
  Sharding sharding = Sharding::None;
  DpAlgorithm dpAlgorithm = DpAlgorithm::Auto;
  std::string gpu;        ///< catalog part id; empty: the caller fills it from the scene
  int sequenceLength = 0; ///< s (0: attention FLOPs not counted)
  int attentionDim = 0;   ///< d_attn = heads × head size (0: = hidden)
  Precision precision = Precision::Bf16;
  double kernelEfficiency = 0; ///< η override in (0, 1]; 0: from the GPU table
  /** Legacy end-to-end MFU (0: unset). When set, t_c = 6·N_act·T/(G·P·mfu) and no bubble. */
  double mfu = 0;
  Recompute recompute = Recompute::None;
  PipelineSchedule schedule = PipelineSchedule::OneFOneB;
  int virtualStages = 1; ///< v (interleaved)
  TpOverlap tpOverlap = TpOverlap::None;
  DpOverlap dpOverlap = DpOverlap::Backward;
  EpOverlap epOverlap = EpOverlap::None;
  int expertNodeLimit = 0;                ///< M: nodes a token's dispatch reaches (0: no limit)
  Precision epDispatch = Precision::Bf16; ///< FP8: dispatch (not combine) in 1-byte values
  int commSms = 0;                        ///< SMs reserved for communication kernels
  PlacementKind placement = PlacementKind::Packed;
  std::uint64_t seed = 0;
  std::vector<int> gpuIds;         ///< Explicit placement
  Routing routing = Routing::Ecmp; ///< of the job's fabric flows (collectives.h)
  int gpus() const { return tp * pp * dp; }
};

/**
 * Parse a job file (JSON). "routing": "ecmp" (default), "spray" or "rail-local". Strict: unknown
 * keys, wrong types and impossible values throw LoadError naming `fileName`, the JSON path and the
 * expected form.
 */
JobSpec parseJob(const std::string& text, const std::string& fileName);
JobSpec loadJob(const std::string& path);

/** Figures of a GPU from the catalog and the traffic reference data (traffic_data.h). */
struct GpuFigures
{
  double peakFlops = 0;       ///< dense BF16, FLOP/s (catalog peakBf16Tflops, else the table)
  GpuCompute compute;         ///< peaks per precision, GEMM efficiencies, SMs (table; may be empty)
  double nvlinkBytesPerS = 0; ///< per GPU and direction (nvlinkGBs)
  double powerW = 0;          ///< per GPU incl. its share of the server
};
/**
 * The catalog's figures of `gpuPart`, completed by the traffic table for GPUs the catalog does not
 * hold (A100). Throws SpecError naming the part and the figure when one is missing.
 */
GpuFigures gpuFigures(const Catalog& catalog, const std::string& gpuPart);

/** Compute of one step (file comment). */
struct StepCompute
{
  double modelFlops = 0; ///< F_model: (6·N_act + 12·L·s·d_attn)·T
  double gemmS = 0;      ///< the GEMM kernels' share of computeS (without ω and SM sharing)
  double computeS = 0;   ///< t_c
};
/**
 * t_c of `job` on a GPU with `fig`. Throws SpecError naming the GPU when it lacks the precision
 * (no FP8 peak) or a kernel efficiency (and the job sets none), or commSms ≥ its SMs.
 */
StepCompute stepCompute(const JobSpec& job, const GpuFigures& fig);
/** Pipeline bubble t_b / t_c of the job's schedule (file comment); 0 for PP = 1. */
double pipelineBubbleFraction(const JobSpec& job);

/**
 * The GPU part of the scene's servers: the catalog "gpu" attribute of the first node whose
 * server has one; "" when none does. Jobs without a GPU type run on this one.
 */
std::string sceneGpuPart(const Scene& scene, const Catalog& catalog);

/**
 * A consecutive part of one collective's time in a step, as the model splits it: ring and
 * tree all-reduce into reduce-scatter and all-gather halves (ZeRO-3: reduce-scatter and two
 * all-gathers, a third each), the hierarchical all-reduce into its intra-node reduce-scatter,
 * inter-node all-reduce and intra-node all-gather in the proportion of their flow times, PP
 * into forward and backward send/recv likewise. The stages of a collective sum to its timeS.
 */
struct CollectiveStage
{
  std::string name;  ///< "reduce-scatter", "inter-node all-reduce", "forward send/recv", ...
  std::string scope; ///< "nvlink" (inside nodes), "fabric" (between nodes) or "mixed"
  double timeS = 0;
};

/** One collective of a step. */
struct CollectiveTime
{
  std::string parallelism; ///< "TP", "DP", "PP", "EP"
  std::string algorithm;
  int groups = 0;
  int members = 0;
  double bytesPerGpu = 0; ///< S per member per step
  double timeS = 0;
  double exposedS = 0;
  double busBwBytesPerS = 0; ///< of the flows (Simple protocol), nccl-tests definition
  int calls = 0;             ///< collective calls per step (per group)
  std::string protocol;      ///< NCCL protocol taken per call ("" none)
  double latencyS = 0;       ///< α part of timeS
  double fabricBytes = 0;    ///< carried between nodes, per step, all groups
  double nvlinkBytes = 0;
  double slowestFabricFlowBps = 0;
  std::vector<CollectiveStage> stages; ///< consecutive parts summing to timeS (may be empty)
};

/** Per-job result. */
struct JobResult
{
  std::string name;
  int gpus = 0;
  std::vector<int> gpuIds;    ///< per rank: GPU index (GpuCluster order)
  double computeS = 0;        ///< kernels only (no bubble, no communication)
  double bubbleS = 0;         ///< pipeline fill and drain by the schedule
  double modelFlops = 0;      ///< F_model per step
  double mfu = 0;             ///< F_model / (stepS · G · P_bf16): an output
  double exposedLatencyS = 0; ///< the α share of the exposed communication
  std::vector<CollectiveTime> collectives;
  double exposedS = 0;     ///< Σ exposed communication (excludes the bubble)
  double stepS = 0;        ///< computeS + bubbleS + exposedS
  double stepAloneS = 0;   ///< without other jobs
  double interference = 0; ///< stepS / stepAloneS − 1
  double tokensPerS = 0;
  double runSteps = 0;
  double runTimeS = 0;
  double runEnergyJ = 0;
};

struct WorkloadResult
{
  std::vector<JobResult> jobs;
  std::vector<double> peakLoadBps; ///< per cable direction (2l: a → b), all jobs together
  SolverRun solvedBy;              ///< the backend(s) that ran the max-min solves and why
};

/** Rank → GPU index of each job, disjoint between jobs. Throws SpecError (names the job). */
std::vector<std::vector<int>> placeJobs(const GpuCluster& cluster,
                                        const std::vector<JobSpec>& jobs);

/**
 * Simulate `jobs` together on `graph` with `failedDevices` out of service. Each job first
 * alone, then (several jobs) again while the busiest fabric phase of every other job is in
 * progress all along (an upper bound of the interference). Throws SpecError naming the job and
 * the parameter for a job that does not fit. `solver` runs every max-min solve and flow
 * simulation (null: the CPU reference; GpuNetwork::setMaxMinSolver).
 */
WorkloadResult simulateWorkload(const fabric::FabricGraph& graph, const Catalog& catalog,
                                const std::vector<JobSpec>& jobs,
                                const std::vector<int>& failedDevices = {}, std::uint64_t seed = 0,
                                MaxMinSolver* solver = nullptr);

} // namespace myriad::engine::traffic
