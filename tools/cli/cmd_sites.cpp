// myriad-cli sites SCENE.json: the sites of a multi-site scene (schema 2), their money, energy,
// carbon and water, the DCI links between them, and, with --job, the step of a training job placed
// over the sites: each site's replicas simulated on that site's fabric, the exchange across the
// ring of sites (siting/site_scene.h).
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/siting/site_scene.h"

#include <cstdio>
#include <string>

namespace myriad::cli
{

namespace
{

namespace st = engine::siting;

void printSites(const engine::Scene& scene, const st::SitingOption& e)
{
  std::printf("Scene           %s: %zu site(s), %zu hall(s), %zu DCI link(s)\n",
              scene.site.name.c_str(), scene.sites.size(), scene.site.halls.size(),
              scene.links.size());
  for (std::size_t i = 0; i < scene.sites.size(); ++i)
  {
    const engine::SceneSite& site = scene.sites[i];
    const st::SiteShare& s = e.sites[i];
    std::printf("  site %-14s %-16s %7s GPUs  %7.3f°N %8.3f°E  (reference %s, renewable %.0f %%)\n",
                site.id.c_str(), site.name.c_str(), withCommas(s.hallGpus).c_str(),
                s.location.latitudeDeg, s.location.longitudeDeg, site.reference.c_str(),
                site.renewableShare * 100);
    std::printf("       CAPEX %.1f M USD, OPEX %.2f M USD/yr, PUE %.3f (Jan %.3f, Jul %.3f), "
                "%.3f USD/kWh, %.1f kt CO2/yr location-based, %.1f market-based, %.0f m3 water\n",
                s.capexUSD / 1e6, s.opexUSDPerYear / 1e6, s.pue, s.monthlyPue[0], s.monthlyPue[6],
                s.energyPriceUSDPerKWh, s.carbonLocationT / 1e3, s.carbonMarketT / 1e3, s.waterM3);
  }
  for (const st::DciLink& l : e.links)
  {
    std::printf("  link %s–%s: %.0f km great circle, %.0f km route, %d × %s = %.0f Gb/s, "
                "%.2f ms one way, %d segment(s), %.1f kW, CAPEX %.2f M USD, lease %.2f M USD/yr\n",
                l.spec.from.c_str(), l.spec.to.c_str(), l.greatCircleKm, l.routeKm, l.spec.channels,
                l.spec.optic.c_str(), l.capacityBps / 1e9, l.oneWayLatencyS * 1e3, l.segments,
                l.powerW / 1e3, l.capexUSD.value_or(0) / 1e6, l.leaseUSDPerYear.value_or(0) / 1e6);
  }
  std::printf("Total           %s GPUs: CAPEX %.1f M USD (DCI included), OPEX %.2f M USD/yr, "
              "%.3f USD per GPU-hour, %.1f kt CO2/yr location-based, %.1f market-based, "
              "%.0f m3 water\n",
              withCommas(e.hallGpus).c_str(), e.capexUSD / 1e6, e.opexUSDPerYear / 1e6,
              e.usdPerGpuHour, e.carbonLocationT / 1e3, e.carbonMarketT / 1e3, e.waterM3);
}

void printReplicas(const st::SceneJobResult& r)
{
  std::printf("\nJob             %s over %zu site(s), %s synchronisation%s (CPU reference solver, "
              "%.3f s)\n",
              r.job.c_str(), r.sites.size(),
              r.sync == st::CrossSiteSync::DiLoCo ? "DiLoCo" : "hierarchical",
              r.sync == st::CrossSiteSync::DiLoCo
                ? (" every " + std::to_string(r.outerSteps) + " steps").c_str()
                : "",
              r.seconds);
  for (const st::SceneJobSite& s : r.sites)
  {
    std::printf("  %-14s %4d replicas  step alone %.4f s  DP %.4f s (exposed %.4f, window "
                "%.4f)  step %.4f s\n",
                s.site.c_str(), s.replicas, s.step.siteStepS, s.step.dpTimeS, s.step.dpExposedS,
                s.step.dpWindowS, s.stepS);
  }
  std::printf("Exchange        G = %.3g bytes over %.0f Gb/s, %.2f ms one way: t_x = %.4f s\n",
              r.gradientBytes, r.ringBandwidthBps / 1e9, r.ringLatencyS * 1e3, r.exchangeS);
}

void printSplit(const st::SceneJobResult& r)
{
  std::printf("\nJob             %s with its PP stages split over the 2 sites (CPU reference "
              "solver, %.3f s)\n",
              r.job.c_str(), r.seconds);
  const st::CrossSiteStepInput& one = r.sites.front().step;
  std::printf("Boundary        A = %.3g bytes per micro-batch each way over %.0f Gb/s, %.2f ms "
              "one way: tau = %.4f s per micro-batch (compute %.4f s per step)\n",
              r.boundaryBytes, r.ringBandwidthBps / 1e9, r.ringLatencyS * 1e3, r.exchangeS,
              one.computeS);
}

void printJob(const st::SceneJobResult& r, double target)
{
  if (r.pipelineSplit)
  {
    printSplit(r);
  }
  else
  {
    printReplicas(r);
  }
  std::printf("Step            %.4f s", r.stepS);
  if (r.oneSiteStepS && r.slowdown)
  {
    std::printf("; one hall of the scene's design %.4f s; slowdown %.2f %%", *r.oneSiteStepS,
                *r.slowdown * 100);
  }
  std::printf("\n");
  if (r.oneSiteStepS)
  {
    if (r.bandwidthForTargetBps)
    {
      std::printf("Target          %.1f %% slowdown needs %.0f Gb/s per direction%s\n",
                  target * 100, *r.bandwidthForTargetBps / 1e9,
                  r.pipelineSplit ? " on the link" : " on the ring");
    }
    else
    {
      std::printf("Target          %.1f %% slowdown: no DCI bandwidth reaches it\n", target * 100);
    }
  }
}

int runSites(const std::vector<std::string>& argv)
{
  const Args args(argv, { kOut, "--job", "--sync", "--outer-steps", "--target", "--channels" },
                  { "--pipeline-split" });
  if (args.positional().size() != 1)
  {
    throw UsageError("sites: expected one SCENE.json with sites (schema 2)");
  }
  // Every option is checked before any work: a misspelt one is a usage error with or without --job.
  st::SceneJobOptions options;
  options.sync = args.choice("--sync", "hierarchical", { "hierarchical", "diloco" }) == "diloco"
                   ? st::CrossSiteSync::DiLoCo
                   : st::CrossSiteSync::Hierarchical;
  options.outerSteps = static_cast<int>(args.integer("--outer-steps", 1, 1, 1000000));
  options.targetSlowdown = args.number("--target", 5, 0, 1000) / 100;
  options.pipelineSplit = args.has("--pipeline-split");
  if (options.pipelineSplit && (args.has("--sync") || args.has("--outer-steps")))
  {
    throw UsageError("sites: --pipeline-split keeps every DP group inside a site; --sync and "
                     "--outer-steps apply to whole replicas per site");
  }
  const int channels = static_cast<int>(args.integer("--channels", 0, 1, 10000));
  for (const char* jobOption : { "--sync", "--outer-steps", "--target", "--pipeline-split" })
  {
    if (args.has(jobOption) && !args.has("--job"))
    {
      throw UsageError(std::string("sites: ") + jobOption + " applies to --job");
    }
  }
  const engine::Catalog& catalog = engine::Catalog::builtin();
  engine::Scene scene = loadSceneArgument(args.positional().front());
  if (scene.sites.empty())
  {
    throw engine::SpecError(args.positional().front() +
                            ": the scene has no sites (a multi-site scene lists \"sites\" and "
                            "each hall's \"site\"; docs/models/siting.md)");
  }
  if (channels > 0)
  {
    for (engine::SiteLink& link : scene.links)
    {
      link.channels = channels;
    }
  }
  const st::SitingOption economics = st::sceneSitesEconomics(scene, catalog);
  printSites(scene, economics);
  if (!args.has("--job"))
  {
    if (args.has("--out"))
    {
      engine::writeFileAtomically(args.value("--out"), st::sceneSitesToJson(economics, nullptr));
    }
    return 0;
  }
  const auto jobs = jobsFromArgs(args, scene);
  if (jobs.size() != 1)
  {
    throw UsageError("sites: expected one --job JOB.json");
  }
  const st::SceneJobResult r = st::evaluateSceneJob(scene, catalog, jobs.front(), options, nullptr);
  printJob(r, options.targetSlowdown);
  if (args.has("--out"))
  {
    engine::writeFileAtomically(args.value("--out"), st::sceneSitesToJson(economics, &r));
  }
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "sites", "a multi-site scene's sites and DCI links, and a training job timed across them",
    "usage: myriad-cli sites SCENE.json [--job JOB.json [--sync hierarchical|diloco]\n"
    "                        [--outer-steps H | --pipeline-split] [--target PCT]]\n"
    "                        [--channels N] [-o result.json]\n"
    "  SCENE.json            a scene with sites (schema 2; docs/models/siting.md), e.g. one\n"
    "                        written by `myriad-cli siting STUDY.json --scene FILE`\n"
    "  --job JOB.json        time this job over the sites: each site's replicas on its own\n"
    "                        fabric, the gradient exchange across the DCI ring\n"
    "  --sync MODE           hierarchical (every step, default) or diloco (every H steps)\n"
    "  --outer-steps H       DiLoCo's H (default 1)\n"
    "  --pipeline-split      split every replica's PP stages over the two sites instead of\n"
    "                        whole replicas per site: only the stage boundary crosses the link\n"
    "  --target PCT          slowdown against one hall whose DCI bandwidth is reported\n"
    "                        (default 5)\n"
    "  --channels N          what if every link had N wavelengths per direction (1-10,000)\n"
    "  -o, --out FILE        write the sites' economics (and the job's result) as JSON",
    &runSites });

} // namespace myriad::cli
