// A siting study's result as JSON and CSV (siting/study.h).
#include "myriad/engine/siting/site_scene.h"
#include "myriad/engine/siting/study.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace myriad::engine::siting
{

namespace
{

using Json = nlohmann::ordered_json;

Json siteJson(const SiteShare& s)
{
  Json j = { { "site", s.site },
             { "name", s.name },
             { "latitude", s.location.latitudeDeg },
             { "longitude", s.location.longitudeDeg },
             { "replicas", s.replicas },
             { "jobGpus", s.jobGpus },
             { "hallGpus", s.hallGpus },
             { "capexUSD", s.capexUSD },
             { "opexUSDPerYear", s.opexUSDPerYear },
             { "annualisedUSD", s.annualisedUSD },
             { "pue", s.pue },
             { "monthlyPue", s.monthlyPue },
             { "facilityMWh", s.facilityMWh },
             { "carbonLocationTonnes", s.carbonLocationT },
             { "carbonMarketTonnes", s.carbonMarketT },
             { "waterM3", s.waterM3 },
             { "energyPriceUSDPerKWh", s.energyPriceUSDPerKWh },
             { "stepAloneS", s.stepAloneS } };
  if (!s.nameZhCN.empty())
  {
    j["name_zh_CN"] = s.nameZhCN;
  }
  return j;
}

Json linkJson(const DciLink& l)
{
  return { { "from", l.spec.from },
           { "to", l.spec.to },
           { "optic", l.spec.optic },
           { "channels", l.spec.channels },
           { "leased", l.spec.leased },
           { "greatCircleKm", l.greatCircleKm },
           { "routeKm", l.routeKm },
           { "capacityGbps", l.capacityBps / 1e9 },
           { "oneWayLatencyMs", l.oneWayLatencyS * 1e3 },
           { "segments", l.segments },
           { "fibrePairs", l.fibrePairs },
           { "amplifierSites", l.amplifierSites },
           { "modules", l.modules },
           { "powerW", l.powerW },
           { "capexUSD", l.capexUSD ? Json(*l.capexUSD) : Json() },
           { "leaseUSDPerYear", l.leaseUSDPerYear ? Json(*l.leaseUSDPerYear) : Json() },
           { "estimate", l.estimate } };
}

Json optionJson(const SitingOption& o)
{
  Json sites = Json::array();
  for (const SiteShare& s : o.sites)
  {
    sites.push_back(siteJson(s));
  }
  Json links = Json::array();
  for (const DciLink& l : o.links)
  {
    links.push_back(linkJson(l));
  }
  Json j = { { "label", o.label() }, { "feasible", o.feasible } };
  if (!o.feasible)
  {
    j["infeasible"] = o.infeasibleWhy;
    j["sites"] = sites;
    return j;
  }
  j.update({ { "rank", o.rank },
             { "pareto", o.pareto },
             { "hallGpus", o.hallGpus },
             { "capexUSD", o.capexUSD },
             { "opexUSDPerYear", o.opexUSDPerYear },
             { "annualisedUSD", o.annualisedUSD },
             { "usdPerGpuHour", o.usdPerGpuHour },
             { "adjustedUsdPerGpuHour", o.adjustedUsdPerGpuHour },
             { "facilityMWh", o.facilityMWh },
             { "carbonLocationTonnes", o.carbonLocationT },
             { "carbonMarketTonnes", o.carbonMarketT },
             { "waterM3", o.waterM3 },
             { "stepS", o.stepS },
             { "slowdown", o.slowdown },
             { "exchangeS", o.exchangeS },
             { "dciCapacityGbps", o.dciCapacityBps / 1e9 },
             { "dciOneWayLatencyMs", o.dciLatencyS * 1e3 },
             { "bandwidthForTargetGbps",
               o.bandwidthForTargetBps ? Json(*o.bandwidthForTargetBps / 1e9) : Json() },
             { "channelsForTarget", o.channelsForTarget },
             { "sites", sites },
             { "links", links } });
  return j;
}

std::string csvField(const std::string& text)
{
  if (text.find_first_of(",\"\n") == std::string::npos)
  {
    return text;
  }
  std::string out = "\"";
  for (const char c : text)
  {
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return out + "\"";
}

Json simulationsJson(const SitingResult& r)
{
  Json list = Json::array();
  for (const auto& [replicas, seconds] : r.simulationSeconds)
  {
    list.push_back({ { "replicas", replicas }, { "seconds", seconds } });
  }
  return list;
}

} // namespace

std::string sitingResultToJson(const SitingResult& r)
{
  Json options = Json::array();
  for (const SitingOption& o : r.options)
  {
    options.push_back(optionJson(o));
  }
  const Json j = { { "name", r.name },
                   { "name_zh_CN", r.nameZhCN },
                   { "gpus", r.gpus },
                   { "job", r.job },
                   { "sync", r.sync },
                   { "outerSteps", r.outerSteps },
                   { "oneSiteStepS", r.oneSiteStepS },
                   { "targetSlowdown", r.targetSlowdown },
                   { "gradientBytes", r.gradientBytes },
                   { "evaluated", r.evaluated },
                   { "infeasible", r.infeasible },
                   { "simulations", r.simulations },
                   { "simulationSeconds", simulationsJson(r) },
                   { "seconds", r.seconds },
                   { "assumptions", r.assumptions },
                   { "options", options } };
  return j.dump(2) + "\n";
}

std::string sitingResultToCsv(const SitingResult& r)
{
  std::string out = "rank,option,sites,gpus,capex_usd,opex_usd_per_year,usd_per_gpu_hour,"
                    "adjusted_usd_per_gpu_hour,carbon_location_t,carbon_market_t,water_m3,"
                    "facility_mwh,step_s,slowdown,dci_gbps,dci_latency_ms,"
                    "bandwidth_for_target_gbps,pareto\n";
  char line[512];
  for (const SitingOption& o : r.options)
  {
    if (!o.feasible)
    {
      continue;
    }
    const std::string needed =
      o.bandwidthForTargetBps ? std::to_string(*o.bandwidthForTargetBps / 1e9) : "unreachable";
    std::snprintf(
      line, sizeof line,
      "%d,%s,%zu,%d,%.0f,%.0f,%.4f,%.4f,%.1f,%.1f,%.0f,%.1f,%.4f,%.5f,%.0f,%.3f,%s,%s\n", o.rank,
      csvField(o.label()).c_str(), o.sites.size(), o.hallGpus, o.capexUSD, o.opexUSDPerYear,
      o.usdPerGpuHour, o.adjustedUsdPerGpuHour, o.carbonLocationT, o.carbonMarketT, o.waterM3,
      o.facilityMWh, o.stepS, o.slowdown, o.dciCapacityBps / 1e9, o.dciLatencyS * 1e3,
      needed.c_str(), o.pareto ? "yes" : "no");
    out += line;
  }
  return out;
}

namespace
{

Json sceneJobJson(const SceneJobResult& r)
{
  Json sites = Json::array();
  for (const SceneJobSite& s : r.sites)
  {
    sites.push_back({ { "site", s.site },
                      { "name", s.name },
                      { "gpus", s.gpus },
                      { "replicas", s.replicas },
                      { "stepAloneS", s.step.siteStepS },
                      { "dpTimeS", s.step.dpTimeS },
                      { "dpExposedS", s.step.dpExposedS },
                      { "dpWindowS", s.step.dpWindowS },
                      { "stepS", s.stepS } });
  }
  Json ring = Json::array();
  for (const DciLink& l : r.ring)
  {
    ring.push_back(linkJson(l));
  }
  const auto optional = [](const std::optional<double>& v) { return v ? Json(*v) : Json(); };
  Json j = { { "job", r.job },
             { "sync", r.sync == CrossSiteSync::DiLoCo ? "diloco" : "hierarchical" },
             { "outerSteps", r.outerSteps },
             { "pipelineSplit", r.pipelineSplit },
             { "boundaryBytes", r.boundaryBytes },
             { "gradientBytes", r.gradientBytes },
             { "ringCapacityGbps", r.ringBandwidthBps / 1e9 },
             { "ringLatencyMs", r.ringLatencyS * 1e3 },
             { "exchangeS", r.exchangeS },
             { "stepS", r.stepS },
             { "oneSiteStepS", optional(r.oneSiteStepS) },
             { "slowdown", optional(r.slowdown) },
             { "bandwidthForTargetGbps",
               r.bandwidthForTargetBps ? Json(*r.bandwidthForTargetBps / 1e9) : Json() },
             { "seconds", r.seconds },
             { "sites", sites },
             { "ring", ring } };
  return j;
}

Json sceneEconomicsJson(const SitingOption& o)
{
  Json sites = Json::array();
  for (const SiteShare& s : o.sites)
  {
    Json site = siteJson(s);
    for (const char* jobKey : { "replicas", "jobGpus", "stepAloneS" })
    {
      site.erase(jobKey); // economics only: the job's figures are under "job"
    }
    sites.push_back(std::move(site));
  }
  Json links = Json::array();
  for (const DciLink& l : o.links)
  {
    links.push_back(linkJson(l));
  }
  return { { "gpus", o.hallGpus },
           { "capexUSD", o.capexUSD },
           { "opexUSDPerYear", o.opexUSDPerYear },
           { "annualisedUSD", o.annualisedUSD },
           { "usdPerGpuHour", o.usdPerGpuHour },
           { "facilityMWh", o.facilityMWh },
           { "carbonLocationTonnes", o.carbonLocationT },
           { "carbonMarketTonnes", o.carbonMarketT },
           { "waterM3", o.waterM3 },
           { "sites", sites },
           { "links", links } };
}

} // namespace

std::string sceneSitesToJson(const SitingOption& economics, const SceneJobResult* job)
{
  Json j = { { "economics", sceneEconomicsJson(economics) } };
  if (job)
  {
    j["job"] = sceneJobJson(*job);
  }
  return j.dump(2) + "\n";
}

} // namespace myriad::engine::siting
