/**
 * @file economics_json.cpp
 * EconomicsResult → JSON for `myriad-cli economics --out` and the dashboard. Missing values are
 * null, never 0.
 */

#include "myriad/engine/economics/economics.h"

#include <nlohmann/json.hpp>

namespace myriad::engine::economics
{

namespace
{

using Json = nlohmann::json;

Json opt(const std::optional<double>& v)
{
  return v ? Json(*v) : Json(nullptr);
}

Json kpisJson(const Kpis& k)
{
  return Json{ { "gpus", k.gpus },
               { "itMW", k.itMW },
               { "itPeakMW", k.itPeakMW },
               { "facilityMW", k.facilityMW },
               { "pue", k.pue },
               { "annualMWh", k.annualMWh },
               { "carbonTonnesPerYear", opt(k.carbonTonnesPerYear) },
               { "waterM3PerYear", k.waterM3PerYear },
               { "capexUSD", opt(k.capexUSD) },
               { "opexUSDPerYear", opt(k.opexUSDPerYear) },
               { "tcoUSD", opt(k.tcoUSD) },
               { "annualisedTcoUSD", opt(k.annualisedTcoUSD) },
               { "usdPerGpuHour", opt(k.usdPerGpuHour) },
               { "usdPerEffectiveGpuHour", opt(k.usdPerEffectiveGpuHour) },
               { "interruptionsPerDay", k.interruptionsPerDay },
               { "goodput", k.goodput },
               { "goodputLossUSDPerYear", opt(k.goodputLossUSDPerYear) } };
}

Json itemsJson(const std::vector<CostItem>& items)
{
  Json out = Json::array();
  for (const auto& i : items)
  {
    out.push_back(Json{ { "category", i.category },
                        { "usd", opt(i.usd) },
                        { "basis", i.basis },
                        { "estimate", i.estimate },
                        { "lifeYears", i.lifeYears } });
  }
  return out;
}

Json powerJson(const PowerChainResult& p)
{
  Json feeds = Json::array();
  for (const auto& f : p.feeds)
  {
    feeds.push_back(Json{ { "id", f.feedId },
                          { "name", f.name },
                          { "redundancy", toString(f.redundancy) },
                          { "capacityW", f.capacityW },
                          { "peakW", f.peakW },
                          { "operatingW", f.operatingW },
                          { "failoverPeakW", f.failoverPeakW },
                          { "worstFailedFeed", f.worstFailedFeed },
                          { "strandedW", f.strandedW },
                          { "racks", f.racks } });
  }
  Json violations = Json::array();
  for (const auto& v : p.violations)
  {
    violations.push_back(Json{ { "kind", toString(v.kind) },
                               { "object", v.objectId },
                               { "message", v.message },
                               { "loadW", v.loadW },
                               { "limitW", v.limitW } });
  }
  return Json{ { "itPeakW", p.itPeakW },
               { "itIdleW", p.itIdleW },
               { "itOperatingW", p.itOperatingW },
               { "feedCapacityW", p.feedCapacityW },
               { "strandedFeedW", p.strandedFeedW },
               { "strandedRackW", p.strandedRackW },
               { "feeds", feeds },
               { "violations", violations } };
}

Json energyJson(const EnergyResult& e)
{
  Json months = Json::array();
  for (std::size_t m = 0; m < 12; ++m)
  {
    const MonthEnergy& x = e.months[m];
    months.push_back(Json{ { "month", m + 1 },
                           { "outdoorMeanC", x.outdoorMeanC },
                           { "utilisation", x.utilisation },
                           { "itMWh", x.itMWh },
                           { "coolingMWh", x.coolingMWh },
                           { "otherMWh", x.otherMWh },
                           { "facilityMWh", x.facilityMWh },
                           { "economiserHours", x.economiserHours },
                           { "liquidEconomiserHours", x.liquidEconomiserHours },
                           { "pue", x.pue } });
  }
  return Json{ { "itMWh", e.itMWh },
               { "coolingMWh", e.coolingMWh },
               { "facilityMWh", e.facilityMWh },
               { "pue", e.pue },
               { "economiserHours", e.economiserHours },
               { "liquidLoop", e.liquidLoop },
               { "liquidEconomiserHours", e.liquidEconomiserHours },
               { "liquidSupplyC", e.liquidSupplyC },
               { "designFacilityW", e.designFacilityW },
               { "designPue", e.designPue },
               { "carbonTonnes", opt(e.carbonTonnes) },
               { "waterM3", e.waterM3 },
               { "wueLPerKWh", e.wueLPerKWh },
               { "months", months } };
}

Json reliabilityJson(const EconomicsResult& r)
{
  Json components = Json::array();
  for (const auto& c : r.interruptions.byComponent)
  {
    components.push_back(
      Json{ { "component", c.component }, { "perDay", c.perDay }, { "share", c.share } });
  }
  return Json{ { "jobGpus", r.job.gpus },
               { "unexpectedPerDay", r.interruptions.unexpectedPerDay },
               { "plannedPerDay", r.interruptions.plannedPerDay },
               { "hardwareShare", r.interruptions.hardwareShare },
               { "mtbiHours", r.interruptions.mtbiHours },
               { "youngIntervalS", r.goodput.youngIntervalS },
               { "dalyIntervalS", r.goodput.dalyIntervalS },
               { "lostFraction", r.goodput.lostFraction },
               { "goodput", r.goodput.goodput },
               { "byComponent", components } };
}

} // namespace

std::string economicsResultToJson(const EconomicsResult& r)
{
  Json j;
  j["site"] = Json{ { "id", r.site.id },
                    { "name", r.site.name },
                    { "source", r.site.source },
                    { "estimate", r.site.estimate } };
  j["energyPriceUSDPerKWh"] = opt(r.energyPriceUSDPerKWh);
  j["kpis"] = kpisJson(r.kpis);
  j["capex"] = itemsJson(r.capex);
  j["opex"] = itemsJson(r.opex);
  j["power"] = powerJson(r.power);
  j["energy"] = energyJson(r.energy);
  j["reliability"] = reliabilityJson(r);
  if (r.run)
  {
    j["run"] = Json{ { "gpus", r.run->gpus },
                     { "computeDays", r.run->computeDays },
                     { "wallDays", r.run->wallDays },
                     { "interruptions", r.run->interruptions },
                     { "costUSD", opt(r.run->costUSD) },
                     { "energyMWh", r.run->energyMWh },
                     { "basis", r.run->basis } };
  }
  Json tornado = Json::array();
  for (const auto& b : r.tornado)
  {
    tornado.push_back(Json{ { "input", b.input },
                            { "lowInput", b.lowInput },
                            { "highInput", b.highInput },
                            { "kpiAtLow", b.kpiAtLow },
                            { "kpiAtHigh", b.kpiAtHigh },
                            { "swing", b.swing() } });
  }
  j["tornadoKpi"] = r.tornadoKpi;
  j["tornado"] = tornado;
  j["missing"] = r.missing;
  j["assumptions"] = r.assumptions;
  return j.dump(2) + "\n";
}

} // namespace myriad::engine::economics
