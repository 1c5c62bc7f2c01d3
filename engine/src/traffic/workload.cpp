/**
 * @file workload.cpp
 * Placement of training jobs on the GPUs of a fabric and several jobs together (each job's step:
 * workload_step.cpp). Equations, overlap rule and sources: workload.h.
 */

#include "myriad/engine/traffic/workload.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin_solver.h"
#include "workload_detail.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>

namespace myriad::engine::traffic
{

namespace
{

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
    out.jobs.push_back(
      detail::evaluateJob(nets[j], jobs[j], placed[j], figures[j], seed, busiest[j]));
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
    out.jobs[j] = detail::evaluateJob(nets[j], jobs[j], placed[j], figures[j], seed, unused);
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
