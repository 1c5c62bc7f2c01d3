// Multi-site scenes: building one, and a training job over its sites (siting/site_scene.h).
#include "myriad/engine/siting/site_scene.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

namespace myriad::engine::siting
{

namespace
{

/** "H1…" → "<site>-H1…": the generator's ids all start with the hall's id. */
void prefixId(std::string& id, const std::string& prefix)
{
  if (!id.empty())
  {
    id = prefix + id;
  }
}

void prefixHall(Hall& hall, const std::string& site)
{
  const std::string p = site + "-";
  prefixId(hall.id, p);
  hall.site = site;
  for (Row& row : hall.rows)
  {
    prefixId(row.id, p);
    for (Rack& rack : row.racks)
    {
      prefixId(rack.id, p);
      for (std::string& feed : rack.feeds)
        prefixId(feed, p);
      for (Node& node : rack.nodes)
      {
        prefixId(node.id, p);
        prefixId(node.hostname, p);
      }
      for (Switch& sw : rack.switches)
        prefixId(sw.id, p);
    }
  }
  for (CoolingUnit& cooler : hall.coolers)
  {
    prefixId(cooler.id, p);
    prefixId(cooler.rackId, p);
  }
  for (PowerFeed& feed : hall.feeds)
    prefixId(feed.id, p);
  for (FloorTile& tile : hall.tiles)
    prefixId(tile.id, p);
  for (ReturnGrille& grille : hall.grilles)
    prefixId(grille.id, p);
}

/** Replicas per site in proportion to what each holds (largest remainder), capped by it. */
std::vector<int> shareReplicas(const std::vector<int>& capacity, int replicas)
{
  const int total = std::accumulate(capacity.begin(), capacity.end(), 0);
  std::vector<int> out(capacity.size(), 0);
  std::vector<std::pair<double, std::size_t>> remainders;
  int given = 0;
  for (std::size_t i = 0; i < capacity.size(); ++i)
  {
    const double exact = static_cast<double>(replicas) * capacity[i] / total;
    out[i] = static_cast<int>(std::floor(exact));
    given += out[i];
    remainders.emplace_back(exact - out[i], i);
  }
  std::stable_sort(remainders.begin(), remainders.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t k = 0; given < replicas && k < remainders.size(); ++k)
  {
    const std::size_t i = remainders[k].second;
    if (out[i] < capacity[i])
    {
      ++out[i];
      ++given;
    }
  }
  return out;
}

traffic::JobSpec withReplicas(const traffic::JobSpec& job, int replicas)
{
  traffic::JobSpec out = job;
  out.tokensPerStep = job.tokensPerStep * replicas / job.dp; // the same batch per replica
  out.dp = replicas;
  return out;
}

} // namespace

const SiteLink& sceneLink(const Scene& scene, const std::string& a, const std::string& b)
{
  for (const SiteLink& link : scene.links)
  {
    if ((link.from == a && link.to == b) || (link.from == b && link.to == a))
    {
      return link;
    }
  }
  throw SpecError("multi-site scene: no link between sites " + a + " and " + b +
                  " (the sites are joined in a ring in their order; declare it under "
                  "\"links\")");
}

GeoPoint sceneSiteLocation(const SceneSite& site, const Catalog& catalog)
{
  if (site.latitudeDeg && site.longitudeDeg)
  {
    return { *site.latitudeDeg, *site.longitudeDeg };
  }
  return siteLocation(site.reference, catalog);
}

Scene buildMultiSiteScene(const std::string& name, const GeneratorSpec& design,
                          const std::vector<SiteBuild>& sites, const std::vector<SiteLink>& links,
                          const Catalog& catalog)
{
  if (sites.empty())
  {
    throw SpecError("multi-site scene: no sites");
  }
  Scene scene;
  scene.site.name = name;
  GeneratorSpec total = design;
  total.name = name;
  total.gpuCount = 0;
  for (const SiteBuild& build : sites)
  {
    GeneratorSpec spec = design;
    spec.gpuCount = build.gpus;
    Scene one = generateScene(spec, catalog);
    for (Hall& hall : one.site.halls)
    {
      prefixHall(hall, build.site.id);
      scene.site.halls.push_back(std::move(hall));
    }
    total.gpuCount += countScene(one, catalog).gpus;
    scene.sites.push_back(build.site);
  }
  scene.links = links;
  scene.spec = total;
  return scene;
}

CrossSiteStepInput simulateSiteShare(const Scene& scene, const Catalog& catalog,
                                     traffic::JobSpec job, traffic::MaxMinSolver* solver)
{
  if (job.gpu.empty())
  {
    job.gpu = traffic::sceneGpuPart(scene, catalog);
  }
  const fabric::FabricGraph graph = fabric::buildSuperPod(scene, catalog);
  const traffic::WorkloadResult run =
    traffic::simulateWorkload(graph, catalog, { job }, {}, job.seed, solver);
  const traffic::JobResult& r = run.jobs.front();
  CrossSiteStepInput in;
  in.siteStepS = r.stepS;
  in.computeS = r.computeS;
  for (const traffic::CollectiveTime& c : r.collectives)
  {
    if (c.parallelism == "DP")
    {
      in.dpTimeS += c.timeS;
      in.dpExposedS += c.exposedS;
    }
  }
  if (job.dpOverlap != traffic::DpOverlap::None)
  {
    const bool zero3 = job.sharding == traffic::Sharding::Zero3;
    in.dpWindowS = (zero3 ? 1.0 : 2.0 / 3.0) * r.computeS / job.microBatches;
  }
  return in;
}

namespace
{

/** Every replica's PP stages split over the scene's two sites (cross_site.h). */
SceneJobResult pipelineSplitJob(const Scene& scene, const Catalog& catalog,
                                const traffic::JobSpec& job, const SceneJobOptions& options,
                                traffic::MaxMinSolver* solver)
{
  if (scene.sites.size() != 2 || job.pp < 2 || job.pp % 2 != 0 || !scene.spec)
  {
    throw SpecError("pipeline split: needs two sites (the scene has " +
                    std::to_string(scene.sites.size()) + "), an even PP (" + job.name + ": " +
                    std::to_string(job.pp) +
                    ") and the scene's generator spec (the one-hall step)");
  }
  SceneJobResult result;
  result.job = job.name;
  result.pipelineSplit = true;
  result.gradientBytes = 2.0 * job.parameters;
  const int half = job.gpus() / 2; // half of every replica's stages
  for (const SceneSite& site : scene.sites)
  {
    SceneJobSite s;
    s.site = site.id;
    s.name = site.name.empty() ? site.reference : site.name;
    s.gpus = countScene(siteSubScene(scene, site.id), catalog).gpus;
    if (s.gpus < half)
    {
      throw SpecError("pipeline split: site " + site.id + " holds " + std::to_string(s.gpus) +
                      " GPUs; half of " + job.name + "'s stages need " + std::to_string(half));
    }
    s.replicas = job.dp;
    result.sites.push_back(s);
  }
  const DciLink link = evaluateDciLink(sceneLink(scene, scene.sites[0].id, scene.sites[1].id),
                                       sceneSiteLocation(scene.sites[0], catalog),
                                       sceneSiteLocation(scene.sites[1], catalog), catalog);
  result.ring.push_back(link);
  result.ringBandwidthBps = link.capacityBps;
  result.ringLatencyS = link.oneWayLatencyS;
  GeneratorSpec spec = *scene.spec;
  spec.gpuCount = job.gpus();
  const CrossSiteStepInput one =
    simulateSiteShare(generateScene(spec, catalog), catalog, job, solver);
  const int crossings =
    job.schedule == traffic::PipelineSchedule::Interleaved ? 2 * job.virtualStages - 1 : 1;
  PipelineSplitInput in;
  in.oneSiteStepS = one.siteStepS;
  in.computeS = one.computeS;
  in.microBatches = job.microBatches;
  in.boundaryBytes = crossings * job.tokensPerStep / job.microBatches * job.hidden * 2.0;
  in.bandwidthBps = link.capacityBps;
  in.latencyS = link.oneWayLatencyS;
  const PipelineSplitStep step = pipelineSplitStep(in);
  result.boundaryBytes = in.boundaryBytes;
  result.exchangeS = step.transferS;
  result.stepS = step.stepS;
  for (SceneJobSite& s : result.sites)
  {
    s.step = one;
    s.stepS = step.stepS;
  }
  result.oneSiteStepS = one.siteStepS;
  result.slowdown = step.stepS / one.siteStepS - 1;
  result.bandwidthForTargetBps =
    bandwidthForPipelineSplit(in, (1 + options.targetSlowdown) * one.siteStepS);
  return result;
}

} // namespace

SceneJobResult evaluateSceneJob(const Scene& scene, const Catalog& catalog,
                                const traffic::JobSpec& job, const SceneJobOptions& options,
                                traffic::MaxMinSolver* solver)
{
  const auto t0 = std::chrono::steady_clock::now();
  if (scene.sites.empty())
  {
    throw SpecError("multi-site job: the scene has no sites (schema 2 \"sites\")");
  }
  if (options.outerSteps < 1)
  {
    throw SpecError("multi-site job: outer steps H = " + std::to_string(options.outerSteps) +
                    " must be ≥ 1");
  }
  if (options.pipelineSplit)
  {
    SceneJobResult split = pipelineSplitJob(scene, catalog, job, options, solver);
    split.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return split;
  }
  SceneJobResult result;
  result.job = job.name;
  result.sync = options.sync;
  result.outerSteps = options.outerSteps;
  result.gradientBytes = 2.0 * job.parameters; // BF16 gradients, as the traffic model sends them
  std::vector<Scene> subScenes;
  std::vector<int> capacity;
  for (const SceneSite& site : scene.sites)
  {
    subScenes.push_back(siteSubScene(scene, site.id));
    SceneJobSite s;
    s.site = site.id;
    s.name = site.name.empty() ? site.reference : site.name;
    s.gpus = countScene(subScenes.back(), catalog).gpus;
    capacity.push_back(s.gpus / (job.tp * job.pp));
    result.sites.push_back(s);
  }
  const int held = std::accumulate(capacity.begin(), capacity.end(), 0);
  if (held < job.dp)
  {
    throw SpecError("multi-site job: " + job.name + " needs " + std::to_string(job.dp) +
                    " replicas of " + std::to_string(job.tp * job.pp) + " GPUs; the sites hold " +
                    std::to_string(held));
  }
  const std::vector<int> replicas = shareReplicas(capacity, job.dp);
  const int s = static_cast<int>(scene.sites.size());
  for (int i = 0; s > 1 && i < (s == 2 ? 1 : s); ++i)
  {
    const SceneSite& a = scene.sites[static_cast<std::size_t>(i)];
    const SceneSite& b = scene.sites[static_cast<std::size_t>((i + 1) % s)];
    const DciLink link =
      evaluateDciLink(sceneLink(scene, a.id, b.id), sceneSiteLocation(a, catalog),
                      sceneSiteLocation(b, catalog), catalog);
    result.ringBandwidthBps =
      i == 0 ? link.capacityBps : std::min(result.ringBandwidthBps, link.capacityBps);
    result.ringLatencyS = std::max(result.ringLatencyS, link.oneWayLatencyS);
    result.ring.push_back(link);
  }
  std::optional<double> oneSite;
  if (options.oneSiteReference && scene.spec)
  {
    GeneratorSpec spec = *scene.spec;
    spec.gpuCount = job.gpus();
    oneSite = simulateSiteShare(generateScene(spec, catalog), catalog, job, solver).siteStepS;
  }
  std::optional<double> needed = 0.0;
  const int placedSites =
    static_cast<int>(std::count_if(replicas.begin(), replicas.end(), [](int r) { return r > 0; }));
  for (std::size_t i = 0; i < result.sites.size(); ++i)
  {
    SceneJobSite& site = result.sites[i];
    site.replicas = replicas[i];
    if (site.replicas == 0)
    {
      continue; // holds none of the job's replicas: no share, no exchange
    }
    site.step = simulateSiteShare(subScenes[i], catalog, withReplicas(job, site.replicas), solver);
    site.step.sites = placedSites;
    site.step.gradientBytes = result.gradientBytes;
    site.step.ringBandwidthBps = result.ringBandwidthBps;
    site.step.ringLatencyS = result.ringLatencyS;
    site.step.sync = options.sync;
    site.step.outerSteps = options.outerSteps;
    const CrossSiteStep step = crossSiteStep(site.step);
    site.stepS = step.stepS;
    result.stepS = std::max(result.stepS, step.stepS);
    result.exchangeS = std::max(result.exchangeS, step.exchangeS);
    if (oneSite)
    {
      const auto b = bandwidthForStep(site.step, (1 + options.targetSlowdown) * *oneSite);
      needed = (needed && b) ? std::optional<double>(std::max(*needed, *b)) : std::nullopt;
    }
  }
  result.oneSiteStepS = oneSite;
  if (oneSite)
  {
    result.slowdown = result.stepS / *oneSite - 1;
    result.bandwidthForTargetBps = needed;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

} // namespace myriad::engine::siting
