// A siting option's DCI links, totals, step across sites, and the ranking of options
// (siting/study.h).
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/finance.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "siting/study_detail.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::engine::siting
{

namespace
{

namespace eco = economics;

/** The study's link between sites a and b: a given route, else the defaults. */
DciLinkSpec linkSpec(const SitingStudy& study, const std::string& a, const std::string& b)
{
  for (const DciLinkSpec& given : study.links)
  {
    if ((given.from == a && given.to == b) || (given.from == b && given.to == a))
    {
      DciLinkSpec spec = given;
      spec.from = a;
      spec.to = b;
      return spec;
    }
  }
  DciLinkSpec spec = study.linkDefaults;
  spec.from = a;
  spec.to = b;
  return spec;
}

/** Pairs of site indices the option links: one link for two sites, a ring for more. */
std::vector<std::pair<int, int>> ringPairs(int sites)
{
  std::vector<std::pair<int, int>> pairs;
  if (sites == 2)
  {
    pairs.emplace_back(0, 1);
  }
  else if (sites > 2)
  {
    for (int i = 0; i < sites; ++i)
    {
      pairs.emplace_back(i, (i + 1) % sites);
    }
  }
  return pairs;
}

/** Market-based share of a site's carbon: 1 − renewable share. */
double marketFactor(const SiteShare& s)
{
  return s.carbonLocationT > 0 ? s.carbonMarketT / s.carbonLocationT : 1.0;
}

/** Money and carbon of one link over the study's horizon. */
void addLink(const DciLink& link, const SiteShare& a, const SiteShare& b,
             const eco::EconomicsInputs& finance, SitingOption& option)
{
  if (!link.capexUSD || !link.leaseUSDPerYear)
  {
    throw SpecError("siting: DCI link " + link.spec.from + "–" + link.spec.to +
                    ": a price is missing from the DCI reference data");
  }
  const double kWhPerYear = link.powerW * eco::kHoursPerYear / 1000.0;
  const double energyUSD = kWhPerYear * (a.energyPriceUSDPerKWh + b.energyPriceUSDPerKWh) / 2;
  const double opex = *link.leaseUSDPerYear + energyUSD;
  const double residual = eco::residualValue(*link.capexUSD, finance.years, finance.itLifeYears) /
                          std::pow(1 + finance.discountRate, finance.years);
  const double tco =
    *link.capexUSD - residual + eco::annuityPresentValue(opex, finance.discountRate, finance.years);
  const double carbonT = kWhPerYear * (a.gridKgCo2PerKWh + b.gridKgCo2PerKWh) / 2 / 1000.0;
  option.capexUSD += *link.capexUSD;
  option.opexUSDPerYear += opex;
  option.annualisedUSD += tco * eco::capitalRecoveryFactor(finance.discountRate, finance.years);
  option.facilityMWh += kWhPerYear / 1000.0;
  option.carbonLocationT += carbonT;
  option.carbonMarketT += carbonT * (marketFactor(a) + marketFactor(b)) / 2;
}

void addSiteTotals(SitingOption& option)
{
  for (const SiteShare& s : option.sites)
  {
    option.hallGpus += s.hallGpus;
    option.capexUSD += s.capexUSD;
    option.opexUSDPerYear += s.opexUSDPerYear;
    option.annualisedUSD += s.annualisedUSD;
    option.facilityMWh += s.facilityMWh;
    option.carbonLocationT += s.carbonLocationT;
    option.carbonMarketT += s.carbonMarketT;
    option.waterM3 += s.waterM3;
  }
}

/** Step across sites (the slowest site) and the bandwidth the target slowdown needs. */
void addStep(const SitingStudy& study, SitingOption& option, std::vector<CrossSiteStepInput> steps,
             double oneSiteStepS, const Catalog& catalog)
{
  const double target = (1 + study.targetSlowdown) * oneSiteStepS;
  std::optional<double> needed = 0.0;
  for (CrossSiteStepInput& in : steps)
  {
    in.ringBandwidthBps = option.dciCapacityBps;
    in.ringLatencyS = option.dciLatencyS;
    const CrossSiteStep step = crossSiteStep(in);
    option.stepS = std::max(option.stepS, step.stepS);
    option.exchangeS = std::max(option.exchangeS, step.exchangeS);
    const auto b = bandwidthForStep(in, target);
    needed = (needed && b) ? std::optional<double>(std::max(*needed, *b)) : std::nullopt;
  }
  option.slowdown = option.stepS / oneSiteStepS - 1;
  option.bandwidthForTargetBps = needed;
  if (needed && option.sites.size() > 1)
  {
    const double channelBps = dciOptic(study.linkDefaults.optic, catalog).rateGbps * 1e9;
    // Capped so that a budget barely above the latency (B* → ∞) cannot overflow the count.
    option.channelsForTarget =
      static_cast<int>(std::min(1e9, std::ceil(*needed / channelBps - 1e-9)));
  }
}

} // namespace

namespace detail
{

void addLinksAndMoney(const SitingStudy& study, SitingOption& option, const Catalog& catalog)
{
  eco::EconomicsInputs finance;
  if (!study.inputsJson.empty())
  {
    finance = eco::inputsWithOverrides(finance, study.inputsJson, study.fileName);
  }
  addSiteTotals(option);
  option.dciCapacityBps = std::numeric_limits<double>::infinity();
  for (const auto& [i, j] : ringPairs(static_cast<int>(option.sites.size())))
  {
    const SiteShare& a = option.sites[static_cast<std::size_t>(i)];
    const SiteShare& b = option.sites[static_cast<std::size_t>(j)];
    DciLink link =
      evaluateDciLink(linkSpec(study, a.site, b.site), a.location, b.location, catalog);
    addLink(link, a, b, finance, option);
    option.dciCapacityBps = std::min(option.dciCapacityBps, link.capacityBps);
    option.dciLatencyS = std::max(option.dciLatencyS, link.oneWayLatencyS);
    option.links.push_back(std::move(link));
  }
  if (option.links.empty())
  {
    option.dciCapacityBps = 0;
  }
  option.usdPerGpuHour =
    eco::costPerGpuHour(option.annualisedUSD, option.hallGpus, finance.availability);
}

void addLinksAndTotals(const SitingStudy& study, SitingOption& option, const Catalog& catalog,
                       std::vector<CrossSiteStepInput> steps, double oneSiteStepS)
{
  addLinksAndMoney(study, option, catalog);
  addStep(study, option, std::move(steps), oneSiteStepS, catalog);
  option.adjustedUsdPerGpuHour = option.usdPerGpuHour * (1 + option.slowdown);
}

void rankOptions(const SitingStudy& study, std::vector<SitingOption>& options)
{
  auto key = [&](const SitingOption& o)
  {
    switch (study.rankBy)
    {
      case RankBy::Carbon:
        return o.carbonMarketT;
      case RankBy::Capex:
        return o.capexUSD;
      case RankBy::Cost:
        break;
    }
    return o.adjustedUsdPerGpuHour;
  };
  std::stable_sort(options.begin(), options.end(),
                   [&](const SitingOption& a, const SitingOption& b)
                   {
                     if (a.feasible != b.feasible)
                     {
                       return a.feasible;
                     }
                     return a.feasible && key(a) < key(b);
                   });
  int rank = 0;
  for (SitingOption& o : options)
  {
    if (!o.feasible)
    {
      continue;
    }
    o.rank = ++rank;
    o.pareto = std::none_of(options.begin(), options.end(),
                            [&](const SitingOption& other)
                            {
                              return other.feasible &&
                                     other.adjustedUsdPerGpuHour <= o.adjustedUsdPerGpuHour &&
                                     other.carbonMarketT <= o.carbonMarketT &&
                                     (other.adjustedUsdPerGpuHour < o.adjustedUsdPerGpuHour ||
                                      other.carbonMarketT < o.carbonMarketT);
                            });
  }
}

} // namespace detail

} // namespace myriad::engine::siting
