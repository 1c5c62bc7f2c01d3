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
 * Per step, with N parameters (N_act active per token for MoE), T tokens per step, G = TP·PP·DP
 * GPUs of peak F FLOP/s at utilisation MFU, L layers (L_moe MoE layers), hidden size h, m
 * micro-batches, k experts per token, 2-byte BF16 values:
 * - compute t_c = 6·N_act·T / (G·F·MFU): the "6N" rule, 2N FLOPs per token forward and 4N
 *   backward (Kaplan et al., "Scaling Laws for Neural Language Models", 2020, §2.1). MFU is the
 *   utilisation of the compute alone (kernels and pipeline bubble); exposed communication is
 *   added on top.
 * - TP all-reduce (Megatron-LM, Shoeybi et al. 2019: 2 in forward, 2 in backward per layer) of
 *   S_tp = 4·(L/PP)·(T/DP)·h·2 B per GPU per step, all micro-batches summed (α = 0, so one
 *   collective of the summed size takes the same time as the many small ones).
 * - DP gradients: S_dp = 2 B·(N − N_exp + N_exp/EP)/(TP·PP) per GPU, ring or hierarchical
 *   all-reduce (ZeRO-1/2: reduce-scatter + all-gather, the same volume); ZeRO-3/FSDP with
 *   resharding gathers the parameters twice: 1.5× the all-reduce time (Rajbhandari et al.,
 *   ZeRO, 2020, §7). Expert gradients are reduced over the whole DP group (an upper bound).
 * - PP send/recv of activations: S_pp = (T/DP)·h·2 B / TP per GPU per boundary each way
 *   (Megatron scatter/gather over the TP ranks, Narayanan et al. 2021 §4.1); forward and
 *   backward sends are two phases (they happen at different times of the 1F1B schedule).
 * - EP all-to-all (dispatch + combine, forward and backward): S_ep = 4·(L_moe/PP)·(T/(DP·TP))·
 *   k·h·2 B per GPU per step.
 * Overlap rule (exposed = what does not hide under compute): TP and EP are on the critical path
 * (fully exposed); PP: only pipeline fill and drain, exposed = t_pp·(PP − 1)/m; DP overlaps the
 * backward pass of the last micro-batch (bucketed, as PyTorch DDP), exposed =
 * max(0, t_dp − (2/3)·t_c/m); ZeRO-3 prefetches under forward and backward: window t_c/m.
 * Step t_s = t_c + Σ exposed; tokens/s = T/t_s; run: steps = D/T for D training tokens, time =
 * steps·t_s, energy = time·G·P with P = powerMaxW/gpus of the catalog server holding this GPU
 * (GPU tdpW when none); no PUE.
 * References: docs/references.md#kaplan2020, #megatron2019, #megatron2021, #zero2020.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/solver_run.h"
#include "myriad/engine/traffic/hierarchical.h"

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
  std::string gpu; ///< catalog part id; empty: the caller fills it from the scene
  double mfu = 0.4;
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

/** Figures of a GPU from the catalog. */
struct GpuFigures
{
  double peakFlops = 0;       ///< dense BF16, FLOP/s (peakBf16Tflops)
  double nvlinkBytesPerS = 0; ///< per GPU and direction (nvlinkGBs)
  double powerW = 0;          ///< per GPU incl. its share of the server
};
/** Throws SpecError naming the part and the figure when one is missing. */
GpuFigures gpuFigures(const Catalog& catalog, const std::string& gpuPart);

/**
 * The GPU part of the scene's servers: the catalog "gpu" attribute of the first node whose
 * server has one; "" when none does. Jobs without a GPU type run on this one.
 */
std::string sceneGpuPart(const Scene& scene, const Catalog& catalog);

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
  double busBwBytesPerS = 0;
  double fabricBytes = 0; ///< carried between nodes, per step, all groups
  double nvlinkBytes = 0;
  double slowestFabricFlowBps = 0;
};

/** Per-job result. */
struct JobResult
{
  std::string name;
  int gpus = 0;
  std::vector<int> gpuIds; ///< per rank: GPU index (GpuCluster order)
  double computeS = 0;
  std::vector<CollectiveTime> collectives;
  double exposedS = 0;
  double stepS = 0;
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
