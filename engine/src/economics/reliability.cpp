/**
 * @file reliability.cpp
 * Interruptions per day of a job, Young/Daly checkpoint intervals and goodput (reliability.h).
 * Rates are catalog parts of category "failure" ("failure-<component>"): figure perUnitYear
 * (job interruptions per unit-year) and attributes per (unit counted), hardware, planned.
 * References: docs/references.md#young1974, #daly2006, #llama3.
 */

#include "myriad/engine/economics/reliability.h"

#include "economics_data.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::economics
{

namespace
{

constexpr double kDaysPerYear = 365.25;

double unitsOf(const JobFootprint& job, const std::string& per)
{
  if (per == "gpu")
  {
    return job.gpus;
  }
  if (per == "node")
  {
    return job.nodes;
  }
  if (per == "nic")
  {
    return job.nics;
  }
  if (per == "switch")
  {
    return job.switches;
  }
  if (per == "transceiver")
  {
    return job.transceivers;
  }
  if (per == "psu")
  {
    return job.psus;
  }
  throw Error("failure rates: unknown unit '" + per +
              "' (expected gpu, node, nic, switch, transceiver or psu)");
}

std::string attributeOr(const Part& part, const std::string& key, const std::string& fallback)
{
  auto it = part.attributes.find(key);
  return it == part.attributes.end() ? fallback : it->second;
}

} // namespace

std::vector<FailureRate> failureRates(const Catalog& catalog,
                                      const std::map<std::string, double>& overrides, double factor)
{
  std::vector<FailureRate> rates;
  for (const auto& id : detail::economicsIdsOf(catalog, "failure"))
  {
    const Part& part = *detail::findEconomicsPart(catalog, id);
    const Figure& f = part.figure("perUnitYear");
    FailureRate r;
    r.component = id.rfind("failure-", 0) == 0 ? id.substr(8) : id;
    r.per = part.attribute("per");
    r.perUnitYear = f.value;
    r.hardware = attributeOr(part, "hardware", "true") == "true";
    r.planned = attributeOr(part, "planned", "false") == "true";
    r.source = f.source;
    r.estimate = f.estimate;
    rates.push_back(r);
  }
  for (const auto& [component, rate] : overrides)
  {
    const std::string& name = component; // a lambda cannot capture a structured binding (C++17)
    auto it = std::find_if(rates.begin(), rates.end(),
                           [&](const FailureRate& r) { return r.component == name; });
    if (it == rates.end())
    {
      throw SpecError("economics inputs: failureRatesPerYear." + component +
                      ": unknown component (the catalog has no part failure-" + component + ")");
    }
    it->perUnitYear = rate;
    it->source = "user input";
    it->estimate = false;
  }
  for (auto& r : rates)
  {
    r.perUnitYear *= factor;
  }
  return rates;
}

InterruptionEstimate interruptions(const JobFootprint& job, const std::vector<FailureRate>& rates)
{
  InterruptionEstimate e;
  double hardware = 0;
  for (const auto& r : rates)
  {
    const double perDay = r.perUnitYear * unitsOf(job, r.per) / kDaysPerYear;
    e.byComponent.push_back({ r.component, perDay, 0 });
    if (r.planned)
    {
      e.plannedPerDay += perDay;
    }
    else
    {
      e.unexpectedPerDay += perDay;
      hardware += r.hardware ? perDay : 0;
    }
  }
  e.totalPerDay = e.unexpectedPerDay + e.plannedPerDay;
  e.hardwareShare = e.unexpectedPerDay > 0 ? hardware / e.unexpectedPerDay : 0;
  e.mtbiHours = e.unexpectedPerDay > 0 ? 24 / e.unexpectedPerDay : 0;
  for (std::size_t i = 0; i < rates.size(); ++i)
  {
    const double base = rates[i].planned ? e.totalPerDay : e.unexpectedPerDay;
    e.byComponent[i].share = base > 0 ? e.byComponent[i].perDay / base : 0;
  }
  return e;
}

double youngIntervalS(double checkpointS, double mtbiS)
{
  return std::sqrt(2 * checkpointS * mtbiS);
}

double dalyIntervalS(double checkpointS, double mtbiS)
{
  // Daly (2006), first-order: valid while δ < M/2; beyond it checkpointing every M is optimal.
  if (checkpointS >= mtbiS / 2)
  {
    return mtbiS;
  }
  return std::sqrt(2 * checkpointS * mtbiS) - checkpointS;
}

double lostFraction(double intervalS, double checkpointS, double restartS, double mtbiS)
{
  if (!(intervalS > 0) || !(mtbiS > 0))
  {
    return intervalS > 0 ? std::clamp(checkpointS / intervalS, 0.0, 1.0) : 1.0;
  }
  return std::clamp(checkpointS / intervalS + (intervalS / 2 + restartS) / mtbiS, 0.0, 1.0);
}

GoodputResult goodput(const InterruptionEstimate& estimate, double checkpointS, double restartS)
{
  GoodputResult g;
  const double plannedLoss = estimate.plannedPerDay * restartS / 86400;
  if (estimate.unexpectedPerDay <= 0)
  {
    // No unexpected interruptions: no need to checkpoint for resilience.
    g.lostFraction = std::clamp(plannedLoss, 0.0, 1.0);
    g.goodput = 1 - g.lostFraction;
    return g;
  }
  const double mtbiS = estimate.mtbiHours * 3600;
  g.youngIntervalS = youngIntervalS(checkpointS, mtbiS);
  g.dalyIntervalS = dalyIntervalS(checkpointS, mtbiS);
  g.lostFraction =
    std::clamp(lostFraction(g.dalyIntervalS, checkpointS, restartS, mtbiS) + plannedLoss, 0.0, 1.0);
  g.goodput = 1 - g.lostFraction;
  return g;
}

} // namespace myriad::engine::economics
