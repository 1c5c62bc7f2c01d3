// Evaluating a siting study (siting/study.h): halls and jobs per share, economics per site,
// DCI links, training across sites, ranking and the Pareto set.
#include "myriad/engine/siting/study.h"

#include "siting/study_detail.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/finance.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/siting/site_scene.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>

namespace myriad::engine::siting
{

namespace
{

namespace eco = economics;

/** A hall built for one share of the job, and the job's replicas simulated on its fabric. */
struct ShareModel
{
  Scene scene;
  eco::BomInput bom;
  double stepS = 0;
  double dpTimeS = 0;
  double dpExposedS = 0;
  double dpWindowS = 0;
};

/** The study's job with `replicas` DP replicas and the same batch per replica. */
traffic::JobSpec jobWithReplicas(const traffic::JobSpec& job, int replicas)
{
  traffic::JobSpec out = job;
  out.tokensPerStep = job.tokensPerStep * replicas / job.dp;
  out.dp = replicas;
  return out;
}

ShareModel buildShare(const SitingStudy& study, int replicas, const Catalog& catalog,
                      traffic::MaxMinSolver* solver)
{
  ShareModel m;
  GeneratorSpec spec = study.hallSpec;
  const traffic::JobSpec job = jobWithReplicas(study.job, replicas);
  spec.gpuCount = job.gpus();
  m.scene = generateScene(spec, catalog);
  m.bom = eco::fabricBomInput(m.scene, catalog);
  const CrossSiteStepInput in = simulateSiteShare(m.scene, catalog, job, solver);
  m.stepS = in.siteStepS;
  m.dpTimeS = in.dpTimeS;
  m.dpExposedS = in.dpExposedS;
  m.dpWindowS = in.dpWindowS;
  return m;
}

/** The economics inputs of a candidate: document defaults, the study's, then the site's. */
eco::EconomicsInputs siteInputs(const SitingStudy& study, const SitingCandidate& c,
                                const Scene& scene, const eco::BomInput& bom)
{
  eco::EconomicsInputs in = eco::documentInputs(scene);
  if (!study.inputsJson.empty())
  {
    in = eco::inputsWithOverrides(in, study.inputsJson, study.fileName);
  }
  if (!c.inputsJson.empty())
  {
    in = eco::inputsWithOverrides(in, c.inputsJson, study.fileName);
  }
  in.site = c.site;
  in.bom = bom;
  return in;
}

double required(const std::optional<double>& value, const std::string& what,
                const std::string& site)
{
  if (!value)
  {
    throw SpecError("siting: site " + site + ": " + what +
                    " unavailable (a price or figure is missing from the catalog)");
  }
  return *value;
}

/** Shares of `replicas` over `count` sites: as even as possible, the first ones one more. */
std::vector<int> evenShares(int replicas, int count)
{
  std::vector<int> shares(static_cast<std::size_t>(count), replicas / count);
  for (int i = 0; i < replicas % count; ++i)
  {
    ++shares[static_cast<std::size_t>(i)];
  }
  return shares;
}

/** Every set of 1 … maxSites candidate indices, in lexicographic order. */
std::vector<std::vector<int>> candidateSets(int candidates, int maxSites)
{
  std::vector<std::vector<int>> sets;
  std::vector<int> current;
  auto extend = [&](auto&& self, int from) -> void
  {
    if (!current.empty())
    {
      sets.push_back(current);
    }
    if (static_cast<int>(current.size()) == maxSites)
    {
      return;
    }
    for (int i = from; i < candidates; ++i)
    {
      current.push_back(i);
      self(self, i + 1);
      current.pop_back();
    }
  };
  extend(extend, 0);
  std::stable_sort(sets.begin(), sets.end(),
                   [](const auto& a, const auto& b) { return a.size() < b.size(); });
  return sets;
}

} // namespace

namespace detail
{

SiteShare evaluateSite(const SitingStudy& study, const SitingCandidate& c, const Scene& scene,
                       const eco::BomInput& bom, const Catalog& catalog)
{
  const eco::EconomicsInputs in = siteInputs(study, c, scene, bom);
  const eco::EconomicsResult e = eco::evaluateEconomics(scene, catalog, in, false);
  SiteShare s;
  s.site = c.site;
  s.name = e.site.name;
  const auto zh = e.site.localNames.find("zh_CN");
  s.nameZhCN = zh != e.site.localNames.end() ? zh->second : std::string();
  s.location = c.location ? *c.location : siteLocation(c.site, catalog);
  s.hallGpus = e.kpis.gpus;
  s.capexUSD = required(e.kpis.capexUSD, "CAPEX", c.site);
  s.opexUSDPerYear = required(e.kpis.opexUSDPerYear, "OPEX", c.site);
  s.annualisedUSD = required(e.kpis.annualisedTcoUSD, "annualised TCO", c.site);
  s.pue = e.kpis.pue;
  for (std::size_t m = 0; m < 12; ++m)
  {
    s.monthlyPue[m] = e.energy.months[m].pue;
  }
  s.facilityMWh = e.kpis.annualMWh;
  s.carbonLocationT = required(e.kpis.carbonTonnesPerYear, "carbon", c.site);
  s.carbonMarketT = s.carbonLocationT * (1 - c.renewableShare);
  s.waterM3 = e.kpis.waterM3PerYear;
  s.energyPriceUSDPerKWh = required(e.energyPriceUSDPerKWh, "energy price", c.site);
  s.gridKgCo2PerKWh = s.facilityMWh > 0 ? s.carbonLocationT / s.facilityMWh : 0;
  return s;
}

} // namespace detail

std::string SitingOption::label() const
{
  std::string out;
  for (const SiteShare& s : sites)
  {
    out += (out.empty() ? "" : " + ") + s.site;
  }
  return out;
}

SitingResult evaluateSitingStudy(const SitingStudy& study, const Catalog& catalog,
                                 traffic::MaxMinSolver* solver)
{
  const auto t0 = std::chrono::steady_clock::now();
  SitingResult result;
  result.name = study.name;
  result.nameZhCN = study.nameZhCN;
  result.gpus = study.gpus;
  result.job = study.job.name;
  result.sync = study.sync == CrossSiteSync::DiLoCo ? "diloco" : "hierarchical";
  result.outerSteps = study.outerSteps;
  result.targetSlowdown = study.targetSlowdown;
  result.gradientBytes = 2.0 * study.job.parameters; // BF16 gradients, the traffic model's
  std::map<int, std::unique_ptr<ShareModel>> shares;
  auto shareFor = [&](int replicas) -> const ShareModel&
  {
    auto& slot = shares[replicas];
    if (!slot)
    {
      const auto start = std::chrono::steady_clock::now();
      slot = std::make_unique<ShareModel>(buildShare(study, replicas, catalog, solver));
      ++result.simulations;
      result.simulationSeconds.emplace_back(
        replicas, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return *slot;
  };
  result.oneSiteStepS = shareFor(study.job.dp).stepS;
  std::map<std::pair<int, int>, SiteShare> siteCache; // (candidate, replicas)
  const int n = static_cast<int>(study.candidates.size());
  for (const auto& set : candidateSets(n, study.maxSites))
  {
    SitingOption option;
    const auto split = evenShares(study.job.dp, static_cast<int>(set.size()));
    std::vector<CrossSiteStepInput> steps; // per site, the ring's figures filled later
    for (std::size_t i = 0; i < set.size(); ++i)
    {
      const SitingCandidate& c = study.candidates[static_cast<std::size_t>(set[i])];
      const int replicas = split[i];
      const int jobGpus = replicas * study.job.tp * study.job.pp;
      if (replicas < 1 || (c.maxGpus > 0 && jobGpus > c.maxGpus))
      {
        option.feasible = false;
        option.infeasibleWhy = c.site + ": " + std::to_string(jobGpus) +
                               " GPUs over its limit of " + std::to_string(c.maxGpus);
        break;
      }
      const ShareModel& share = shareFor(replicas);
      auto key = std::make_pair(set[i], replicas);
      auto it = siteCache.find(key);
      if (it == siteCache.end())
      {
        SiteShare site = detail::evaluateSite(study, c, share.scene, share.bom, catalog);
        site.replicas = replicas;
        site.jobGpus = replicas * study.job.tp * study.job.pp;
        site.stepAloneS = share.stepS;
        it = siteCache.emplace(key, std::move(site)).first;
      }
      option.sites.push_back(it->second);
      CrossSiteStepInput step;
      step.sites = static_cast<int>(set.size());
      step.gradientBytes = result.gradientBytes;
      step.sync = study.sync;
      step.outerSteps = study.outerSteps;
      step.siteStepS = share.stepS;
      step.dpTimeS = share.dpTimeS;
      step.dpExposedS = share.dpExposedS;
      step.dpWindowS = share.dpWindowS;
      steps.push_back(step);
    }
    if (!option.feasible)
    {
      option.sites.clear();
      for (const int idx : set)
      {
        SiteShare s;
        s.site = study.candidates[static_cast<std::size_t>(idx)].site;
        option.sites.push_back(s);
      }
      ++result.infeasible;
      result.options.push_back(std::move(option));
      continue;
    }
    detail::addLinksAndTotals(study, option, catalog, steps, result.oneSiteStepS);
    ++result.evaluated;
    result.options.push_back(std::move(option));
  }
  if (result.evaluated == 0)
  {
    throw SpecError("siting: no option is feasible: every split exceeds a candidate's maxGpus");
  }
  detail::rankOptions(study, result.options);
  result.assumptions = {
    "gradients exchanged across sites in BF16: G = 2 bytes × " +
      std::to_string(static_cast<long long>(study.job.parameters)) + " parameters",
    "replicas shared evenly; each site builds the hall design '" + study.hall +
      "' in whole scalable units",
    "DCI prices, powers, ZR+ reaches, spans and leases are estimates (samples/reference/dci.json)",
  };
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

} // namespace myriad::engine::siting
