// myriad-cli siting STUDY.json: where to build a training cluster, on one site or split over
// several joined by DCI links (siting/study.h): a ranked table of options with CAPEX, OPEX,
// $/GPU-hour, carbon (location- and market-based), water, step time and slowdown of the study's
// job, and the DCI bandwidth a target slowdown needs; -o JSON, --csv the table.
#include "command.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/siting/study.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace myriad::cli
{

namespace
{

namespace st = engine::siting;

std::string gbps(double bps)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.0f", bps / 1e9);
  return text;
}

void printOption(const st::SitingOption& o)
{
  const std::string needed = o.sites.size() < 2        ? "-"
                             : o.bandwidthForTargetBps ? gbps(*o.bandwidthForTargetBps)
                                                       : "unreachable";
  std::printf("%4d %-40s %6d %9.1f %7.3f %7.3f %8.1f %8.1f %9.0f %7.3f %7.2f %8s %7.2f %11s %s\n",
              o.rank, o.label().c_str(), o.hallGpus, o.capexUSD / 1e6, o.usdPerGpuHour,
              o.adjustedUsdPerGpuHour, o.carbonLocationT / 1e3, o.carbonMarketT / 1e3, o.waterM3,
              o.stepS, o.slowdown * 100, o.sites.size() < 2 ? "-" : gbps(o.dciCapacityBps).c_str(),
              o.dciLatencyS * 1e3, needed.c_str(), o.pareto ? "*" : "");
}

void printSites(const st::SitingResult& r)
{
  std::printf("\nSites of the best option (monthly PUE from the site's climate):\n");
  const st::SitingOption& best = r.options.front();
  for (const st::SiteShare& s : best.sites)
  {
    std::printf("  %-16s %6d GPUs built (%d in the job), PUE %.3f (Jan %.3f, Jul %.3f), "
                "%.3f USD/kWh, %.2f kg CO2/kWh, step alone %.3f s\n",
                s.site.c_str(), s.hallGpus, s.jobGpus, s.pue, s.monthlyPue[0], s.monthlyPue[6],
                s.energyPriceUSDPerKWh, s.gridKgCo2PerKWh, s.stepAloneS);
  }
  for (const st::DciLink& l : best.links)
  {
    std::printf("  link %s–%s: %.0f km great circle, %.0f km route, %d × %s = %s Gb/s, "
                "%.2f ms one way, %d segment(s), %.1f kW\n",
                l.spec.from.c_str(), l.spec.to.c_str(), l.greatCircleKm, l.routeKm, l.spec.channels,
                l.spec.optic.c_str(), gbps(l.capacityBps).c_str(), l.oneWayLatencyS * 1e3,
                l.segments, l.powerW / 1e3);
  }
}

/** --scene FILE: the option ranked --option N (default 1) as a multi-site scene. */
void writeOptionScene(const Args& args, const st::SitingStudy& study, const st::SitingResult& r,
                      const engine::Catalog& catalog)
{
  const int rank = static_cast<int>(args.integer("--option", 1, 1, r.evaluated));
  const auto it = std::find_if(r.options.begin(), r.options.end(),
                               [&](const st::SitingOption& o) { return o.rank == rank; });
  const engine::Scene scene = st::sitingOptionScene(study, *it, catalog);
  engine::saveScene(scene, args.value("--scene"));
  std::printf("\nScene           option %d (%s) written to %s: %zu site(s), %zu link(s)\n", rank,
              it->label().c_str(), args.value("--scene").c_str(), scene.sites.size(),
              scene.links.size());
}

int runSiting(const std::vector<std::string>& argv)
{
  const Args args(argv, { kOut, "--csv", "--top", "--rank-by", "--scene", "--option" });
  if (args.positional().size() != 1)
  {
    throw UsageError("siting: expected one STUDY.json (see samples/siting/)");
  }
  const int top = static_cast<int>(args.integer("--top", 15, 1, 1000000));
  const std::string rankBy = args.choice("--rank-by", "", { "cost", "carbon", "capex" });
  const engine::Catalog& catalog = engine::Catalog::builtin();
  st::SitingStudy study = st::loadSitingStudy(args.positional().front(), catalog);
  if (!rankBy.empty())
  {
    study.rankBy = rankBy == "carbon"  ? st::RankBy::Carbon
                   : rankBy == "capex" ? st::RankBy::Capex
                                       : st::RankBy::Cost;
  }
  const st::SitingResult r = st::evaluateSitingStudy(study, catalog);
  std::printf("Siting study    %s: %d GPUs of %s, %s synchronisation across sites%s\n",
              r.name.c_str(), r.gpus, r.job.c_str(), r.sync.c_str(),
              study.sync == st::CrossSiteSync::DiLoCo
                ? (" every " + std::to_string(study.outerSteps) + " steps").c_str()
                : "");
  std::printf("Evaluated       %d options (%d infeasible) with %d workload simulations in "
              "%.3f s (CPU reference solver)\n",
              r.evaluated, r.infeasible, r.simulations, r.seconds);
  std::string sims;
  for (const auto& [replicas, seconds] : r.simulationSeconds)
  {
    char one[64];
    std::snprintf(one, sizeof one, "%s%d replicas %.3f s", sims.empty() ? "" : ", ", replicas,
                  seconds);
    sims += one;
  }
  std::printf("Simulations     %s (hall, fabric and the job's step each)\n", sims.c_str());
  std::printf("One site        step %.3f s; target slowdown %.1f %%\n\n", r.oneSiteStepS,
              study.targetSlowdown * 100);
  std::printf("%4s %-40s %6s %9s %7s %7s %8s %8s %9s %7s %7s %8s %7s %11s %s\n", "rank", "option",
              "GPUs", "CAPEX $M", "$/GPUh", "adj.", "ktCO2 L", "ktCO2 M", "water m3", "step s",
              "slow %", "DCI Gbps", "DCI ms", "need Gbps", "Pareto");
  int shown = 0;
  for (const st::SitingOption& o : r.options)
  {
    if (o.feasible && shown++ < top)
    {
      printOption(o);
    }
  }
  printSites(r);
  std::printf("\nadj. = $/GPU-hour × (1 + slowdown); L/M = location-/market-based carbon; "
              "* = on the Pareto front of adj. cost and market-based carbon.\n");
  for (const std::string& a : r.assumptions)
  {
    std::printf("Assumption: %s\n", a.c_str());
  }
  if (args.has("--out"))
  {
    engine::writeFileAtomically(args.value("--out"), st::sitingResultToJson(r));
  }
  if (args.has("--csv"))
  {
    engine::writeFileAtomically(args.value("--csv"), st::sitingResultToCsv(r));
  }
  if (args.has("--scene"))
  {
    writeOptionScene(args, study, r, catalog);
  }
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "siting", "where to build: one site or a split over several, cost, carbon and training speed",
    "usage: myriad-cli siting STUDY.json [-o result.json] [--csv table.csv] [--top N]\n"
    "                         [--rank-by cost|carbon|capex] [--scene FILE [--option N]]\n"
    "  STUDY.json            candidate sites, GPU count, hall design, training job, DCI optic\n"
    "                        and channels (format: docs/models/siting.md; samples/siting/)\n"
    "  -o, --out FILE        write every option with its sites, links and figures as JSON\n"
    "  --csv FILE            write the ranked table as CSV (feasible options)\n"
    "  --top N               rows of the printed table (default 15; the files hold all)\n"
    "  --rank-by KEY         cost (slowdown-adjusted $/GPU-hour, default), carbon (market-\n"
    "                        based tCO2 per year) or capex; overrides the study's \"rankBy\"\n"
    "  --scene FILE          write an option as a multi-site scene (one hall of the study's\n"
    "                        design per site, its DCI links): open it in the app or time a\n"
    "                        job over it with `myriad-cli sites`\n"
    "  --option N            the option's rank in the table (default 1)",
    &runSiting });

} // namespace myriad::cli
