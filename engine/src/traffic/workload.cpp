/**
 * @file workload.cpp
 * Placement of training jobs on the GPUs of a fabric, the collectives of each parallelism as
 * groups of GPU-level collectives, the overlap rule, step time, run time and energy, and
 * several jobs together. Equations, overlap rule and sources: workload.h.
 */

#include "myriad/engine/traffic/workload.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>

namespace myriad::engine::traffic
{

namespace
{

constexpr double kBytesPerValue = 2; // BF16 activations and gradients

std::string jobName(const JobSpec& job, std::size_t index)
{
  return "job " + (job.name.empty() ? std::to_string(index) : "\"" + job.name + "\"");
}

std::uint64_t nextRandom(std::uint64_t& state)
{
  std::uint64_t x = (state += 0x9e3779b97f4a7c15ULL);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/** Free whole nodes in the order the placement kind takes them. */
std::vector<int> nodeOrder(const GpuCluster& c, const JobSpec& job, const std::vector<char>& used)
{
  std::vector<int> nodes;
  for (int n = 0; n < c.nodeCount; ++n)
  {
    bool free = true;
    for (int l = 0; l < c.gpusPerNode; ++l)
    {
      free = free && !used[n * c.gpusPerNode + l];
    }
    if (free)
    {
      nodes.push_back(n);
    }
  }
  if (job.placement == PlacementKind::Spread)
  {
    // Round-robin over SUs: key = (position of the node inside its SU, SU).
    std::vector<int> seen(c.nodeCount + 1, 0), key(c.nodeCount, 0);
    for (const int n : nodes)
    {
      const int su = std::max(0, c.scalableUnit[n * c.gpusPerNode]);
      key[n] = seen[std::min(su, c.nodeCount)]++;
    }
    std::stable_sort(nodes.begin(), nodes.end(),
                     [&](int a, int b)
                     {
                       const int sa = c.scalableUnit[a * c.gpusPerNode];
                       const int sb = c.scalableUnit[b * c.gpusPerNode];
                       return key[a] != key[b] ? key[a] < key[b] : sa < sb;
                     });
  }
  else if (job.placement == PlacementKind::Random)
  {
    std::uint64_t state = job.seed;
    for (std::size_t i = nodes.size(); i > 1; --i) // Fisher–Yates
    {
      std::swap(nodes[i - 1], nodes[nextRandom(state) % i]);
    }
  }
  return nodes;
}

} // namespace

std::vector<std::vector<int>> placeJobs(const GpuCluster& c, const std::vector<JobSpec>& jobs)
{
  std::vector<char> used(c.size(), 0);
  std::vector<std::vector<int>> out(jobs.size());
  for (int pass = 0; pass < 2; ++pass) // explicit placements first, then the others
  {
    for (std::size_t j = 0; j < jobs.size(); ++j)
    {
      const JobSpec& job = jobs[j];
      const bool isExplicit = job.placement == PlacementKind::Explicit;
      if (isExplicit != (pass == 0))
      {
        continue;
      }
      if (job.tp > c.gpusPerNode)
      {
        throw SpecError(jobName(job, j) + ": tp = " + std::to_string(job.tp) +
                        " exceeds the NVLink domain of " + std::to_string(c.gpusPerNode) +
                        " GPUs per node");
      }
      if (isExplicit)
      {
        for (const int g : job.gpuIds)
        {
          if (g < 0 || g >= c.size() || used[g])
          {
            throw SpecError(jobName(job, j) + ": placement GPU " + std::to_string(g) +
                            (g < 0 || g >= c.size()
                               ? " does not exist (" + std::to_string(c.size()) + " GPUs)"
                               : " is used twice (by this or another job)"));
          }
          used[g] = 1;
        }
        out[j] = job.gpuIds;
        continue;
      }
      const std::vector<int> nodes = nodeOrder(c, job, used);
      const long long need =
        (static_cast<long long>(job.gpus()) + c.gpusPerNode - 1) / c.gpusPerNode;
      if (need > static_cast<long long>(nodes.size()))
      {
        throw SpecError(jobName(job, j) + ": tp·pp·dp = " + std::to_string(job.gpus()) +
                        " GPUs need " + std::to_string(need) + " free nodes, " +
                        std::to_string(nodes.size()) + " of " + std::to_string(c.nodeCount) +
                        " are free");
      }
      for (long long i = 0; i < need; ++i)
      {
        for (int l = 0; l < c.gpusPerNode && static_cast<int>(out[j].size()) < job.gpus(); ++l)
        {
          const int g = nodes[i] * c.gpusPerNode + l;
          used[g] = 1;
          out[j].push_back(g);
        }
      }
    }
  }
  return out;
}

namespace
{

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

/** PP send/recv of one step: every stage boundary at once, forward then backward. */
CollectiveTime pipelineSendRecv(GpuNetwork& net, const JobSpec& job, const JobGroups& g,
                                double ppBytes, std::uint64_t seed,
                                std::vector<std::pair<int, int>>& busiest)
{
  // Forward activations and backward gradients move at different times of the schedule.
  const PhaseResult fwd = net.runPhase(g.ppForward, seed + 2);
  const PhaseResult bwd = net.runPhase(g.ppBackward, seed + 3);
  CollectiveTime t;
  t.parallelism = "PP";
  t.algorithm = "send/recv";
  t.groups = job.tp * job.dp;
  t.members = job.pp;
  t.bytesPerGpu = 2 * ppBytes;
  t.timeS = fwd.timeS + bwd.timeS;
  t.busBwBytesPerS = t.timeS > 0 ? t.bytesPerGpu / t.timeS : 0; // nccl-tests sendrecv: = algbw
  t.fabricBytes = fwd.fabricBytes + bwd.fabricBytes;
  t.nvlinkBytes = fwd.nvlinkBytes + bwd.nvlinkBytes;
  const double a = fwd.slowestFabricFlowBps, b = bwd.slowestFabricFlowBps; // 0: no flow
  t.slowestFabricFlowBps = a > 0 && b > 0 ? std::min(a, b) : std::max(a, b);
  t.exposedS = t.timeS * (job.pp - 1) / job.microBatches; // pipeline fill and drain only
  if (fwd.fabricFlows.size() > busiest.size())
  {
    busiest = fwd.fabricFlows;
  }
  return t;
}

/** Collectives of one step of `job` on `net` and the overlap rule; fills `busiest`. */
JobResult evaluateJob(GpuNetwork& net, const JobSpec& job, const std::vector<int>& gpu,
                      const GpuFigures& fig, std::uint64_t seed,
                      std::vector<std::pair<int, int>>& busiest)
{
  JobResult r;
  r.name = job.name;
  r.gpus = job.gpus();
  r.gpuIds = gpu;
  const double nAct = job.activeParameters > 0 ? job.activeParameters : job.parameters;
  const double tokens = job.tokensPerStep, h = job.hidden, m = job.microBatches;
  r.computeS = 6 * nAct * tokens / (job.gpus() * fig.peakFlops * job.mfu);
  const double tpBytes = 4.0 * job.layers / job.pp * (tokens / job.dp) * h * kBytesPerValue;
  const double ppBytes = tokens / job.dp * h * kBytesPerValue / job.tp;
  const double dpParams = (job.parameters - job.expertParameters + job.expertParameters / job.ep) /
                          (static_cast<double>(job.tp) * job.pp);
  const double dpBytes = kBytesPerValue * dpParams;
  const double epBytes = 4.0 * job.moeLayers / job.pp * (tokens / (job.dp * job.tp)) *
                         job.expertsPerToken * h * kBytesPerValue;
  const JobGroups g = groupsOf(job, gpu, ppBytes);
  auto keep = [&](const GroupCollectiveResult& c)
  {
    if (c.busiestPhaseFlows.size() > busiest.size())
    {
      busiest = c.busiestPhaseFlows;
    }
  };
  if (job.tp > 1)
  {
    const auto c = ringAllReduceGroups(net, g.tp, tpBytes, seed);
    keep(c);
    r.collectives.push_back(fromGroups("TP", c));
    r.collectives.back().exposedS = c.timeS; // blocking, on the critical path
  }
  if (job.dp > 1)
  {
    const bool hierarchical =
      job.dpAlgorithm == DpAlgorithm::Hierarchical ||
      (job.dpAlgorithm == DpAlgorithm::Auto && severalPerNode(net.cluster(), g.dp.front()));
    auto c = hierarchical ? hierarchicalAllReduce(net, g.dp, dpBytes, seed + 1)
                          : ringAllReduceGroups(net, g.dp, dpBytes, seed + 1);
    keep(c);
    CollectiveTime t = fromGroups("DP", c);
    const bool zero3 = job.sharding == Sharding::Zero3;
    t.timeS *= zero3 ? 1.5 : 1.0; // parameters gathered twice
    t.fabricBytes *= zero3 ? 1.5 : 1.0;
    t.nvlinkBytes *= zero3 ? 1.5 : 1.0;
    const double window = (zero3 ? 1.0 : 2.0 / 3.0) * r.computeS / m;
    t.exposedS = std::max(0.0, t.timeS - window);
    r.collectives.push_back(t);
  }
  if (job.pp > 1)
  {
    r.collectives.push_back(pipelineSendRecv(net, job, g, ppBytes, seed, busiest));
  }
  if (job.ep > 1)
  {
    const auto c = allToAllGroups(net, g.ep, epBytes, seed + 4);
    keep(c);
    r.collectives.push_back(fromGroups("EP", c));
    r.collectives.back().exposedS = c.timeS;
  }
  for (const CollectiveTime& c : r.collectives)
  {
    r.exposedS += c.exposedS;
  }
  r.stepS = r.computeS + r.exposedS;
  r.stepAloneS = r.stepS;
  r.tokensPerS = tokens / r.stepS;
  r.runSteps = job.trainingTokens / tokens;
  r.runTimeS = r.runSteps * r.stepS;
  r.runEnergyJ = r.runTimeS * job.gpus() * fig.powerW;
  return r;
}

} // namespace

WorkloadResult simulateWorkload(const fabric::FabricGraph& graph, const Catalog& catalog,
                                const std::vector<JobSpec>& jobs,
                                const std::vector<int>& failedDevices, std::uint64_t seed,
                                MaxMinSolver* solver)
{
  if (jobs.empty())
  {
    throw SpecError("workload: no job");
  }
  const GpuCluster cluster = gpuCluster(graph);
  const std::vector<std::vector<int>> placed = placeJobs(cluster, jobs);
  // Every solve goes through the recorder so the result names the backends that really ran.
  std::optional<RecordingMaxMinSolver> recorder;
  if (solver)
  {
    recorder.emplace(*solver);
  }
  MaxMinSolver* used = recorder ? &*recorder : nullptr;
  std::vector<GpuFigures> figures;
  std::vector<GpuNetwork> nets;
  nets.reserve(jobs.size());
  for (std::size_t j = 0; j < jobs.size(); ++j)
  {
    if (jobs[j].gpu.empty())
    {
      throw SpecError(jobName(jobs[j], j) + ": training.gpu is not set (a catalog GPU id)");
    }
    figures.push_back(gpuFigures(catalog, jobs[j].gpu));
    nets.emplace_back(graph, figures.back().nvlinkBytesPerS);
    nets.back().setRouting(jobs[j].routing);
    nets.back().setMaxMinSolver(used);
    for (const int d : failedDevices)
    {
      nets.back().failDevice(d);
    }
  }
  WorkloadResult out;
  std::vector<std::vector<std::pair<int, int>>> busiest(jobs.size());
  for (std::size_t j = 0; j < jobs.size(); ++j)
  {
    out.jobs.push_back(evaluateJob(nets[j], jobs[j], placed[j], figures[j], seed, busiest[j]));
  }
  for (std::size_t j = 0; jobs.size() > 1 && j < jobs.size(); ++j)
  {
    std::vector<std::pair<int, int>> background;
    for (std::size_t o = 0; o < jobs.size(); ++o)
    {
      if (o != j)
      {
        background.insert(background.end(), busiest[o].begin(), busiest[o].end());
      }
    }
    nets[j].setBackground(background);
    nets[j].resetPeakLoad();
    std::vector<std::pair<int, int>> unused;
    const double alone = out.jobs[j].stepS;
    out.jobs[j] = evaluateJob(nets[j], jobs[j], placed[j], figures[j], seed, unused);
    out.jobs[j].stepAloneS = alone;
    out.jobs[j].interference = out.jobs[j].stepS / alone - 1;
  }
  out.solvedBy =
    recorder ? recorder->lastRun() : SolverRun{ "CPU", "no solver given: the CPU reference" };
  out.peakLoadBps.assign(2 * graph.links().size(), 0.0);
  for (const GpuNetwork& net : nets)
  {
    for (std::size_t l = 0; l < out.peakLoadBps.size(); ++l)
    {
      out.peakLoadBps[l] += net.peakLoadBps()[l];
    }
  }
  return out;
}

} // namespace myriad::engine::traffic
