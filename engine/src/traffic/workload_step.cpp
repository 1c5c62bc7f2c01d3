/**
 * @file workload_step.cpp
 * One training job's step on a GpuNetwork: the GPU groups of each parallelism, their
 * collectives as flows, each call costed with NCCL's latency and protocol model (latency.h),
 * the overlap rule by schedule and option, step time, MFU, run time and energy.
 * Equations and sources: workload.h and docs/models/traffic.md ("Training jobs").
 */

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/latency.h"
#include "workload_detail.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <utility>

namespace myriad::engine::traffic::detail
{

namespace
{

constexpr double kBytesPerValue = 2; // BF16 activations and gradients

/** The GPU groups of a job: rank = tp + TP·(dp + DP·pp). */
struct JobGroups
{
  std::vector<std::vector<int>> tp, dp, ep;
  std::vector<Transfer> ppForward;  ///< activations, stage p → p + 1, every boundary at once
  std::vector<Transfer> ppBackward; ///< gradients, stage p + 1 → p
};

JobGroups groupsOf(const JobSpec& job, const std::vector<int>& gpu, double ppBytes)
{
  auto at = [&](int t, int d, int p) { return gpu[t + job.tp * (d + job.dp * p)]; };
  JobGroups g;
  for (int p = 0; p < job.pp; ++p)
  {
    for (int d = 0; d < job.dp; ++d)
    {
      g.tp.emplace_back();
      for (int t = 0; t < job.tp; ++t)
      {
        g.tp.back().push_back(at(t, d, p));
      }
    }
    for (int t = 0; t < job.tp; ++t)
    {
      g.dp.emplace_back();
      for (int d = 0; d < job.dp; ++d)
      {
        g.dp.back().push_back(at(t, d, p));
        if (d % job.ep == 0)
        {
          g.ep.emplace_back();
        }
        g.ep.back().push_back(at(t, d, p));
        if (p + 1 < job.pp)
        {
          g.ppForward.push_back({ at(t, d, p), at(t, d, p + 1), ppBytes });
          g.ppBackward.push_back({ at(t, d, p + 1), at(t, d, p), ppBytes });
        }
      }
    }
  }
  return g;
}

CollectiveTime fromGroups(const char* parallelism, const GroupCollectiveResult& r)
{
  CollectiveTime c;
  c.parallelism = parallelism;
  c.algorithm = r.algorithm;
  c.groups = r.groups;
  c.members = r.members;
  c.bytesPerGpu = r.bytes;
  c.timeS = r.timeS;
  c.busBwBytesPerS = r.busBwBytesPerS;
  c.fabricBytes = r.fabricBytes;
  c.nvlinkBytes = r.nvlinkBytes;
  c.slowestFabricFlowBps = r.slowestFabricFlowBps;
  return c;
}

bool severalPerNode(const GpuCluster& c, const std::vector<int>& group)
{
  std::vector<int> nodes;
  for (const int g : group)
  {
    nodes.push_back(c.node[g]);
  }
  std::sort(nodes.begin(), nodes.end());
  return std::adjacent_find(nodes.begin(), nodes.end()) != nodes.end();
}

/** "nvlink" when none of the bytes cross the fabric, "fabric" when none ride NVLink. */
const char* scopeOf(double fabricBytes, double nvlinkBytes)
{
  return fabricBytes <= 0 ? "nvlink" : nvlinkBytes <= 0 ? "fabric" : "mixed";
}

/**
 * The stages of `t` (CollectiveStage): `parts` hold the shares of their time (flow times or
 * weights); stages without a share are dropped and the rest scaled to sum to t.timeS.
 */
void setStages(CollectiveTime& t, std::vector<CollectiveStage> parts)
{
  double sum = 0;
  for (const CollectiveStage& p : parts)
  {
    sum += p.timeS;
  }
  t.stages.clear();
  for (CollectiveStage& p : parts)
  {
    if (p.timeS > 0 && sum > 0)
    {
      p.timeS *= t.timeS / sum;
      t.stages.push_back(std::move(p));
    }
  }
}

/** Halves of an all-reduce (ring: reduce-scatter, all-gather; tree: reduce, broadcast). */
void allReduceStages(CollectiveTime& t, bool zero3)
{
  const bool tree = t.algorithm == "tree";
  const std::string scope = scopeOf(t.fabricBytes, t.nvlinkBytes);
  std::vector<CollectiveStage> parts{ { tree ? "reduce" : "reduce-scatter", scope, 1.0 },
                                      { tree ? "broadcast" : "all-gather", scope, 1.0 } };
  if (zero3) // parameters gathered once for the forward and once for the backward pass
  {
    parts.push_back({ "all-gather", scope, 1.0 });
  }
  setStages(t, std::move(parts));
}

/** Where a group's GPUs are: distinct nodes, and extra switch hops when it spans SUs. */
struct GroupSpan
{
  int nodes = 1;
  int extraSwitchHops = 0;
};

GroupSpan spanOf(const GpuCluster& c, const std::vector<int>& group)
{
  std::set<int> nodes, units;
  for (const int g : group)
  {
    nodes.insert(c.node[g]);
    units.insert(c.scalableUnit[g]);
  }
  // Rail-optimised SUs share their rail leaves: inside an SU a step crosses one switch; between
  // SUs it goes up to a spine and down again (2 more). Core hops across pods are not counted.
  return { static_cast<int>(nodes.size()), units.size() > 1 ? 2 : 0 };
}

/**
 * Cost `calls` equal calls of the collective `t` (its flows' time and bus bandwidth, Simple
 * protocol) as NCCL would: per call the algorithm and protocol of least α-β time.
 */
void costCalls(CollectiveTime& t, CollectiveKind kind, double calls, const GroupSpan& span)
{
  t.calls = static_cast<int>(std::max(1.0, std::round(calls)));
  if (!(t.timeS > 0) || t.members < 2)
  {
    return;
  }
  CollectiveCall call;
  call.kind = kind;
  call.ranks = t.members;
  call.nodes = std::min(span.nodes, t.members);
  call.bytes = t.bytesPerGpu / t.calls;
  call.extraSwitchHops = span.extraSwitchHops;
  const double flowTime = t.timeS / t.calls;
  call.busBwBytesPerS =
    kind == CollectiveKind::AllReduce  ? 2.0 * (t.members - 1) / t.members * call.bytes / flowTime
    : kind == CollectiveKind::AllToAll ? call.bytes * (t.members - 1) / t.members / flowTime
                                       : call.bytes / flowTime;
  const CallCost cost = ncclCallCost(call);
  t.timeS = t.calls * cost.timeS;
  t.latencyS = t.calls * cost.latencyS;
  t.protocol = cost.protocol;
  if (cost.algorithm == "tree")
  {
    t.algorithm = "tree";
  }
}

/** Bytes per GPU and step of each parallelism (file comment of workload.h). */
struct StepBytes
{
  double tp = 0, pp = 0, dp = 0, ep = 0;
};

StepBytes stepBytes(const JobSpec& job)
{
  const double tokens = job.tokensPerStep, h = job.hidden;
  StepBytes b;
  b.tp = 4.0 * job.layers / job.pp * (tokens / job.dp) * h * kBytesPerValue;
  b.pp = tokens / job.dp * h * kBytesPerValue / job.tp;
  b.dp = kBytesPerValue * (job.parameters - job.expertParameters + job.expertParameters / job.ep) /
         (static_cast<double>(job.tp) * job.pp);
  b.ep = 4.0 * job.moeLayers / job.pp * (tokens / (job.dp * job.tp)) * job.expertsPerToken * h *
         kBytesPerValue;
  if (job.epDispatch == Precision::Fp8)
  {
    b.ep *= 0.75; // dispatch forward and backward in 1 byte, combine in 2: (1 + 1 + 2 + 2)/8
  }
  return b;
}

/** PP send/recv of one step: every stage boundary at once, forward then backward. */
CollectiveTime pipelineSendRecv(GpuNetwork& net, const JobSpec& job, const JobGroups& g,
                                double ppBytes, std::uint64_t seed,
                                std::vector<std::pair<int, int>>& busiest)
{
  // Forward activations and backward gradients move at different times of the schedule.
  const PhaseResult fwd = net.runPhase(g.ppForward, seed + 2);
  const PhaseResult bwd = net.runPhase(g.ppBackward, seed + 3);
  const double v = job.virtualStages; // each virtual stage sends its own activations
  CollectiveTime t;
  t.parallelism = "PP";
  t.algorithm = "send/recv";
  t.groups = job.tp * job.dp;
  t.members = job.pp;
  t.bytesPerGpu = 2 * ppBytes * v;
  t.timeS = (fwd.timeS + bwd.timeS) * v;
  t.busBwBytesPerS = t.timeS > 0 ? t.bytesPerGpu / t.timeS : 0; // nccl-tests sendrecv: = algbw
  t.fabricBytes = (fwd.fabricBytes + bwd.fabricBytes) * v;
  t.nvlinkBytes = (fwd.nvlinkBytes + bwd.nvlinkBytes) * v;
  const double a = fwd.slowestFabricFlowBps, b = bwd.slowestFabricFlowBps; // 0: no flow
  t.slowestFabricFlowBps = a > 0 && b > 0 ? std::min(a, b) : std::max(a, b);
  if (fwd.fabricFlows.size() > busiest.size())
  {
    busiest = fwd.fabricFlows;
  }
  t.stages = { { "forward send/recv", scopeOf(fwd.fabricBytes, fwd.nvlinkBytes), fwd.timeS },
               { "backward send/recv", scopeOf(bwd.fabricBytes, bwd.nvlinkBytes), bwd.timeS } };
  return t;
}

/** The job's EP all-to-all; node-limited routing sends one copy per node, then NVLink. */
CollectiveTime expertAllToAll(GpuNetwork& net, const JobSpec& job, const JobGroups& g,
                              double epBytes, std::uint64_t seed,
                              std::vector<std::pair<int, int>>& busiest)
{
  const int k = std::max(1, job.expertsPerToken);
  const int m = job.expertNodeLimit > 0 ? std::min(job.expertNodeLimit, k) : k;
  // With at most m nodes per token and one copy per node, m of the k copies cross; the other
  // k − m are forwarded inside the destination node over NVLink (DeepSeek-V3 §3.2.2).
  const double crossing = epBytes * m / k;
  const GroupCollectiveResult c = allToAllGroups(net, g.ep, crossing, seed + 4);
  if (c.busiestPhaseFlows.size() > busiest.size())
  {
    busiest = c.busiestPhaseFlows;
  }
  CollectiveTime t = fromGroups("EP", c);
  t.bytesPerGpu = epBytes;
  const double forwarded = epBytes - crossing;
  t.stages = { { "all-to-all", scopeOf(c.fabricBytes, c.nvlinkBytes), c.timeS },
               { "intra-node forward", "nvlink", forwarded / net.nvlinkBytesPerS() } };
  t.timeS += forwarded / net.nvlinkBytesPerS();
  t.nvlinkBytes += forwarded * job.gpus();
  return t;
}

/** What one job's step needs while its collectives are built. */
struct StepContext
{
  GpuNetwork& net;
  const JobSpec& job;
  const std::vector<int>& gpu;
  const JobGroups& groups;
  const StepBytes& bytes;
  std::uint64_t seed;
  std::vector<std::pair<int, int>>& busiest;
  double layersPerStage = 0, moePerStage = 0;

  void keep(const GroupCollectiveResult& c) const
  {
    if (c.busiestPhaseFlows.size() > busiest.size())
    {
      busiest = c.busiestPhaseFlows;
    }
  }
  GroupSpan span(const std::vector<int>& group) const { return spanOf(net.cluster(), group); }
};

CollectiveTime tensorParallel(const StepContext& x, const StepCompute& compute)
{
  const auto c = ringAllReduceGroups(x.net, x.groups.tp, x.bytes.tp, x.seed);
  x.keep(c);
  CollectiveTime t = fromGroups("TP", c);
  costCalls(t, CollectiveKind::AllReduce, 4 * x.layersPerStage * x.job.microBatches,
            x.span(x.groups.tp.front()));
  allReduceStages(t, false);
  const double tp = x.job.tp;
  // Sequence parallelism: the GEMM is cut into TP chunks and chunk i + 1's all-gather or
  // reduce-scatter runs under chunk i's GEMM (collective matmul): only the first chunk's
  // share and what the GEMMs cannot cover stay exposed.
  t.exposedS = x.job.tpOverlap == TpOverlap::SequenceParallel
                 ? t.timeS / tp + std::max(0.0, (t.timeS - compute.gemmS) * (tp - 1) / tp)
                 : t.timeS;
  return t;
}

CollectiveTime dataParallel(const StepContext& x, double computeS)
{
  const JobSpec& job = x.job;
  const bool hierarchical =
    job.dpAlgorithm == DpAlgorithm::Hierarchical ||
    (job.dpAlgorithm == DpAlgorithm::Auto && severalPerNode(x.net.cluster(), x.groups.dp.front()));
  const auto c = hierarchical ? hierarchicalAllReduce(x.net, x.groups.dp, x.bytes.dp, x.seed + 1)
                              : ringAllReduceGroups(x.net, x.groups.dp, x.bytes.dp, x.seed + 1);
  x.keep(c);
  CollectiveTime t = fromGroups("DP", c);
  costCalls(t, CollectiveKind::AllReduce, x.layersPerStage, x.span(x.groups.dp.front()));
  const bool zero3 = job.sharding == Sharding::Zero3;
  const double factor = zero3 ? 1.5 : 1.0; // parameters gathered twice
  t.timeS *= factor;
  t.latencyS *= factor;
  t.fabricBytes *= factor;
  t.nvlinkBytes *= factor;
  if (hierarchical)
  {
    setStages(t, { { "intra-node reduce-scatter", "nvlink", c.intraNodeS / 2 },
                   { "inter-node all-reduce", "fabric", c.interNodeS },
                   { "intra-node all-gather", "nvlink", c.intraNodeS / 2 } });
  }
  else
  {
    allReduceStages(t, zero3);
  }
  const double window = (zero3 ? 1.0 : 2.0 / 3.0) * computeS / job.microBatches;
  t.exposedS = job.dpOverlap == DpOverlap::None ? t.timeS : std::max(0.0, t.timeS - window);
  return t;
}

/** Step, MFU, tokens/s, run time and energy from the terms already in `r`. */
void finishStep(JobResult& r, const JobSpec& job, const GpuFigures& fig)
{
  for (const CollectiveTime& c : r.collectives)
  {
    r.exposedS += c.exposedS;
    r.exposedLatencyS += c.timeS > 0 ? c.latencyS * c.exposedS / c.timeS : 0.0;
  }
  r.stepS = r.computeS + r.bubbleS + r.exposedS;
  r.stepAloneS = r.stepS;
  r.mfu = r.modelFlops / (r.stepS * job.gpus() * fig.peakFlops);
  r.tokensPerS = job.tokensPerStep / r.stepS;
  r.runSteps = job.trainingTokens / job.tokensPerStep;
  r.runTimeS = r.runSteps * r.stepS;
  r.runEnergyJ = r.runTimeS * job.gpus() * fig.powerW;
}

} // namespace

JobResult evaluateJob(GpuNetwork& net, const JobSpec& job, const std::vector<int>& gpu,
                      const GpuFigures& fig, std::uint64_t seed,
                      std::vector<std::pair<int, int>>& busiest)
{
  JobResult r;
  r.name = job.name;
  r.gpus = job.gpus();
  r.gpuIds = gpu;
  const StepCompute compute = stepCompute(job, fig);
  r.computeS = compute.computeS;
  r.modelFlops = compute.modelFlops;
  const double beta = pipelineBubbleFraction(job);
  r.bubbleS = job.mfu > 0 ? 0.0 : beta * r.computeS; // a legacy MFU holds the bubble already
  const double m = job.microBatches;
  const StepBytes bytes = stepBytes(job);
  const JobGroups g = groupsOf(job, gpu, bytes.pp);
  StepContext x{ net, job, gpu, g, bytes, seed, busiest };
  x.layersPerStage = std::ceil(static_cast<double>(job.layers) / job.pp);
  x.moePerStage = std::ceil(static_cast<double>(job.moeLayers) / job.pp);
  if (job.tp > 1)
  {
    r.collectives.push_back(tensorParallel(x, compute));
  }
  if (job.dp > 1)
  {
    r.collectives.push_back(dataParallel(x, r.computeS));
  }
  if (job.pp > 1)
  {
    CollectiveTime t = pipelineSendRecv(net, job, g, bytes.pp, seed, busiest);
    costCalls(t, CollectiveKind::SendRecv, 2 * m * job.virtualStages,
              x.span({ gpu.front(), gpu.back() }));
    setStages(t, t.stages);      // the forward and backward shares of the costed time
    t.exposedS = t.timeS * beta; // only in pipeline fill and drain
    r.collectives.push_back(t);
  }
  if (job.ep > 1)
  {
    CollectiveTime t = expertAllToAll(net, job, g, bytes.ep, seed, busiest);
    costCalls(t, CollectiveKind::AllToAll, 4 * x.moePerStage * m, x.span(g.ep.front()));
    setStages(t, t.stages);
    t.exposedS =
      job.epOverlap == EpOverlap::DualPipe ? std::max(0.0, t.timeS - r.computeS) : t.timeS;
    r.collectives.push_back(t);
  }
  finishStep(r, job, fig);
  return r;
}

} // namespace myriad::engine::traffic::detail
