// One-factor-at-a-time sensitivity of a job's step time (step_sensitivity.h).
#include "myriad/engine/traffic/step_sensitivity.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::traffic
{

namespace
{

bool aboveTheLeaves(fabric::Tier tier)
{
  return tier == fabric::Tier::LeafSpine || tier == fabric::Tier::SpineCore ||
         tier == fabric::Tier::Global;
}

/** The job alone on `graph`: its step, or why it cannot run. */
StepVariant simulate(const fabric::FabricGraph& graph, const Catalog& catalog, const JobSpec& job,
                     MaxMinSolver* solver, const std::vector<int>& failed, std::string factor,
                     std::string change)
{
  StepVariant v{ std::move(factor), std::move(change), 0, 0, {} };
  try
  {
    v.stepS =
      simulateWorkload(graph, catalog, { job }, failed, job.seed, solver).jobs.front().stepS;
  }
  catch (const Error& e)
  {
    v.error = e.what();
  }
  return v;
}

std::string routingName(Routing r)
{
  switch (r)
  {
    case Routing::Ecmp:
      return "ECMP";
    case Routing::Spray:
      return "packet spraying";
    case Routing::RailLocal:
      return "rail-local";
  }
  return toString(r);
}

} // namespace

fabric::FabricGraph withUplinkRate(const fabric::FabricGraph& graph, double factor)
{
  fabric::FabricGraph out;
  out.topology = graph.topology;
  out.analyticBisectionBps = 0; // the generator's cut no longer describes the rates
  out.reserve(graph.devices().size(), graph.links().size());
  for (const fabric::Device& d : graph.devices())
    out.addDevice(d);
  for (const fabric::Link& l : graph.links())
    out.connectPorts(l.a, l.b, aboveTheLeaves(l.tier) ? l.rateBps * factor : l.rateBps, l.tier);
  return out;
}

StepSensitivity stepSensitivity(const fabric::FabricGraph& graph, const Catalog& catalog,
                                const JobSpec& job, MaxMinSolver* solver,
                                const std::function<bool()>& cancelled,
                                const std::vector<int>& failed)
{
  const auto poll = [&]
  {
    if (cancelled && cancelled())
      throw SensitivityCancelled{};
  };
  StepSensitivity out;
  out.job = job.name;
  out.base = simulateWorkload(graph, catalog, { job }, failed, job.seed, solver).jobs.front();
  std::vector<StepVariant> variants;
  for (const Routing r : { Routing::Ecmp, Routing::Spray, Routing::RailLocal })
  {
    if (r == job.routing)
      continue;
    poll();
    JobSpec changed = job;
    changed.routing = r;
    variants.push_back(simulate(graph, catalog, changed, solver, failed, "routing",
                                routingName(job.routing) + " → " + routingName(r)));
  }
  if (job.placement != PlacementKind::Explicit)
  {
    for (const PlacementKind p :
         { PlacementKind::Packed, PlacementKind::Spread, PlacementKind::Random })
    {
      if (p == job.placement)
        continue;
      poll();
      JobSpec changed = job;
      changed.placement = p;
      variants.push_back(simulate(graph, catalog, changed, solver, failed, "placement",
                                  std::string(toString(job.placement)) + " → " + toString(p)));
    }
  }
  for (const int m : { job.microBatches * 2, job.microBatches / 2 })
  {
    if (m < 1 || m == job.microBatches)
      continue;
    poll();
    JobSpec changed = job;
    changed.microBatches = m;
    variants.push_back(simulate(graph, catalog, changed, solver, failed, "micro-batches",
                                std::to_string(job.microBatches) + " → " + std::to_string(m) +
                                  " (messages ×" + (m > job.microBatches ? "1/2" : "2") +
                                  "; bubble re-derived)"));
  }
  for (const int ratio : { 2, 4 })
  {
    poll();
    variants.push_back(simulate(withUplinkRate(graph, 1.0 / ratio), catalog, job, solver, failed,
                                "oversubscription",
                                "links above the leaves at 1/" + std::to_string(ratio) + " rate (" +
                                  std::to_string(ratio) + ":1)"));
  }
  for (StepVariant& v : variants)
    v.delta = v.feasible() && out.base.stepS > 0 ? v.stepS / out.base.stepS - 1 : 0;
  std::stable_sort(variants.begin(), variants.end(),
                   [](const StepVariant& a, const StepVariant& b)
                   {
                     if (a.feasible() != b.feasible())
                       return a.feasible();
                     return std::abs(a.delta) > std::abs(b.delta);
                   });
  out.variants = std::move(variants);
  return out;
}

} // namespace myriad::engine::traffic
