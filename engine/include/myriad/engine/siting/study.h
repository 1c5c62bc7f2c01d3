#pragma once
/**
 * @file study.h
 * A siting study: where to build a training cluster of N GPUs, on one site or split over two or
 * three, judged on money, carbon, water and training speed (docs/models/siting.md).
 *
 * Options: every set of 1 … maxSites candidates. A job's data-parallel replicas (TP·PP GPUs each)
 * are shared as evenly as possible (the first sites of the set, in the study's order, take one
 * more); each site builds the study's hall design (a built-in generator spec, or a spec object)
 * for its share,
 * rounded up to whole scalable units by the generator. An option is infeasible when a share
 * exceeds a candidate's maxGpus.
 * Per site: the economics model (economics.h) on that hall at the site's climate, tariff and grid
 * factor, with the fabric's own BOM: CAPEX, OPEX, annualised TCO, PUE from the monthly climate,
 * facility energy, location-based carbon (kWh × grid factor) and water.
 * Market-based carbon = location-based × (1 − renewable share under contract) (GHG Protocol
 * Scope 2 Guidance, 2015: docs/references.md#ghg-scope2).
 * Links: two sites share one DCI link, three or more a ring in the study's order (dci.h); their
 * CAPEX and lease, and their energy at the mean of the two ends' prices and grid factors, join
 * the option. Annualised link cost = (CAPEX − PV(residual after N years of an itLifeYears
 * life) + PV(lease + energy))·CRF(r, N) (finance.h).
 * $/GPU-hour = annualised cost / (GPUs built × 8,760 h × availability); the slowdown-adjusted
 * figure multiplies it by (1 + slowdown), the price of one-site-equivalent training time.
 * Step: the job's own replicas simulated on each site's fabric (traffic/workload.h), then the
 * exchange across sites (cross_site.h); the slowest site sets the step. Slowdown against the whole
 * job simulated on one hall of all GPUs.
 * Ranking by the chosen figure, ascending; Pareto: no other option has both a lower (or equal)
 * slowdown-adjusted $/GPU-hour and a lower (or equal) market-based carbon, one of them lower.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/siting/cross_site.h"
#include "myriad/engine/siting/dci.h"
#include "myriad/engine/traffic/workload.h"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::traffic
{
class MaxMinSolver;
}

namespace myriad::engine::siting
{

/** A site the study may build on. */
struct SitingCandidate
{
  std::string site;          ///< reference site id ("ulanqab-cn")
  int maxGpus = 0;           ///< 0: no limit
  double renewableShare = 0; ///< 0–1, renewable energy under contract (market-based carbon)
  std::string inputsJson;    ///< economics input overrides for this site ("" none)
  std::optional<GeoPoint> location; ///< overrides the reference site's
};

enum class RankBy
{
  Cost,   ///< "cost": slowdown-adjusted $/GPU-hour
  Carbon, ///< "carbon": market-based tCO₂ per year
  Capex   ///< "capex"
};

struct SitingStudy
{
  std::string name;
  std::string nameZhCN; ///< "name_zh_CN": the name in Simplified Chinese ("" none)
  std::string fileName;
  int gpus = 0;                           ///< GPUs of the job (TP·PP·DP after the study sets DP)
  std::string hall = "h100-superpod-10k"; ///< name of the hall design
  GeneratorSpec hallSpec;                 ///< the design each site builds (gpuCount set per share)
  traffic::JobSpec job;                   ///< DP set to gpus / (TP·PP)
  CrossSiteSync sync = CrossSiteSync::Hierarchical;
  int outerSteps = 1; ///< H for DiLoCo
  int maxSites = 3;
  double targetSlowdown = 0.05;
  RankBy rankBy = RankBy::Cost;
  std::string inputsJson;   ///< economics input overrides for every site
  DciLinkSpec linkDefaults; ///< optic, channels, route factor, leased (from/to unused)
  std::vector<SitingCandidate> candidates;
  std::vector<DciLinkSpec> links; ///< given routes between pairs (distance, optic, channels)
};

/**
 * Parse a study (JSON; docs/models/siting.md). The job file is read relative to the study's
 * folder. Strict: unknown keys, wrong types and impossible values (no location, unknown site or
 * optic, negative distance or channels, links to sites not among the candidates, a GPU count
 * that is not whole replicas) throw LoadError naming `fileName`, the JSON path and the expected
 * form.
 */
SitingStudy parseSitingStudy(const std::string& text, const std::string& fileName,
                             const Catalog& catalog);
SitingStudy loadSitingStudy(const std::string& path, const Catalog& catalog);

/** One site of an option. */
struct SiteShare
{
  std::string site;
  std::string name;
  std::string nameZhCN;
  GeoPoint location;
  int replicas = 0;
  int jobGpus = 0;
  int hallGpus = 0; ///< built (whole scalable units)
  double capexUSD = 0;
  double opexUSDPerYear = 0;
  double annualisedUSD = 0;
  double pue = 0;
  std::array<double, 12> monthlyPue{};
  double facilityMWh = 0;
  double carbonLocationT = 0;
  double carbonMarketT = 0;
  double waterM3 = 0;
  double energyPriceUSDPerKWh = 0;
  double gridKgCo2PerKWh = 0;
  double stepAloneS = 0; ///< its replicas only, no exchange across sites
};

struct SitingOption
{
  std::vector<SiteShare> sites;
  std::vector<DciLink> links;
  bool feasible = true;
  std::string infeasibleWhy;
  int hallGpus = 0;
  double capexUSD = 0; ///< sites + links
  double opexUSDPerYear = 0;
  double annualisedUSD = 0;
  double usdPerGpuHour = 0;
  double adjustedUsdPerGpuHour = 0; ///< × (1 + slowdown)
  double facilityMWh = 0;
  double carbonLocationT = 0;
  double carbonMarketT = 0;
  double waterM3 = 0;
  double dciCapacityBps = 0; ///< slowest ring link, per direction
  double dciLatencyS = 0;    ///< largest one-way latency of a ring link
  double exchangeS = 0;      ///< one exchange across sites
  double stepS = 0;
  double slowdown = 0;
  std::optional<double> bandwidthForTargetBps; ///< nullopt: no bandwidth reaches the target
  int channelsForTarget = 0;                   ///< of the study's optic, per link
  bool pareto = false;
  int rank = 0;              ///< 1 = best by the study's rankBy among feasible options
  std::string label() const; ///< "ulanqab-cn + guian-cn"
};

struct SitingResult
{
  std::string name;
  std::string nameZhCN;
  int gpus = 0;
  std::string job;
  std::string sync;   ///< "hierarchical" or "diloco"
  int outerSteps = 1; ///< H (DiLoCo)
  double oneSiteStepS = 0;
  double targetSlowdown = 0; ///< the study's, for which bandwidthForTargetBps is given
  double gradientBytes = 0;
  std::vector<SitingOption> options; ///< feasible ones ranked first, then the infeasible
  int evaluated = 0;                 ///< feasible options evaluated
  int infeasible = 0;
  int simulations = 0; ///< workload simulations run (one per distinct share)
  /** Per simulation: the replicas it ran and the seconds it took (hall, fabric and job). */
  std::vector<std::pair<int, double>> simulationSeconds;
  double seconds = 0; ///< wall time of the evaluation
  std::vector<std::string> assumptions;
};

/** Evaluate the study (file comment). Throws SpecError when no option is feasible. */
SitingResult evaluateSitingStudy(const SitingStudy& study, const Catalog& catalog,
                                 traffic::MaxMinSolver* solver = nullptr);

/**
 * The option as a multi-site scene (site_scene.h): one hall of the study's design per site with
 * the GPUs of its share (whole scalable units), the candidates' renewable shares, locations and
 * input overrides, the option's links; scene site ids are the reference site ids, names the
 * reference names up to their first comma; the evaluation context is the study's inputs at the
 * first site.
 */
Scene sitingOptionScene(const SitingStudy& study, const SitingOption& option,
                        const Catalog& catalog);

/** The result as JSON (every option with its sites, links and figures). */
std::string sitingResultToJson(const SitingResult& result);
/** One CSV row per option (header first), as the CLI's table. */
std::string sitingResultToCsv(const SitingResult& result);

} // namespace myriad::engine::siting
