#pragma once
/**
 * @file site_scene.h
 * Multi-site scenes (schema 2): building one from a hall design and a GPU count per site, and a
 * training job placed over its sites.
 *
 * The job's data-parallel replicas are shared over the sites in proportion to the replicas each
 * site holds (⌊GPUs / (TP·PP)⌋; largest remainder), in the order of Scene::sites. Each site's
 * replicas are simulated by the traffic model on the fabric of that site's halls alone
 * (traffic/workload.h), then the sites exchange across the DCI links as cross_site.h states:
 *   t_x = 2(S − 1)/S · 8G / B + 2(S − 1)·ℓ,   e' = max(0, t_dp + t_x − w),
 *   t_step = max over sites of (t_site − e_dp + e')           (hierarchical)
 *   t_step = max over sites of (t_site + t_x / H)             (DiLoCo, every H steps)
 * with G = 2 bytes × parameters (BF16 gradients), B the slowest link of the ring of sites (in
 * Scene::sites order; two sites: their one link) per direction, ℓ its largest one-way latency.
 * The scene must declare a link for every pair of neighbours on the ring.
 * Reference: the same job on one hall of the scene's design (Scene::spec with the job's GPUs),
 * when the scene has a spec; slowdown = t_step / t_one-site − 1.
 * Or, with SceneJobOptions::pipelineSplit, every replica's PP stages split over two sites
 * (cross_site.h, pipelineSplitStep): only the stage boundary's activations cross the link.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/siting/cross_site.h"
#include "myriad/engine/siting/dci.h"
#include "myriad/engine/siting/study.h"
#include "myriad/engine/traffic/workload.h"

#include <optional>
#include <string>
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

/** One site of a scene to build: the site and the GPUs its hall holds. */
struct SiteBuild
{
  SceneSite site;
  int gpus = 0; ///< rounded up to whole scalable units by the generator
};

/**
 * A scene with one generated hall of `design` per site (gpuCount from the site), ids and host
 * names prefixed with the site id ("ulanqab-H1-R03-K07-N2", "ulanqab-dgx-r03-k07-n2") so that
 * they stay unique; Scene::spec is the design with the total GPUs. SpecError for bad input.
 */
Scene buildMultiSiteScene(const std::string& name, const GeneratorSpec& design,
                          const std::vector<SiteBuild>& sites, const std::vector<SiteLink>& links,
                          const Catalog& catalog);

/**
 * The job's replicas simulated on the scene's fabric: t_site, t_dp, e_dp and w of a
 * CrossSiteStepInput (the rest left at its defaults).
 */
CrossSiteStepInput simulateSiteShare(const Scene& scene, const Catalog& catalog,
                                     traffic::JobSpec job, traffic::MaxMinSolver* solver);

struct SceneJobOptions
{
  CrossSiteSync sync = CrossSiteSync::Hierarchical;
  int outerSteps = 1;           ///< H (DiLoCo)
  double targetSlowdown = 0.05; ///< for the bandwidth it needs
  bool oneSiteReference = true; ///< simulate the job on one hall of the scene's design
  /**
   * Split every replica's PP stages over two sites instead of placing whole replicas per site
   * (cross_site.h): needs two sites, an even PP, the scene's spec for the one-hall step, and
   * half of every replica's GPUs at each site.
   */
  bool pipelineSplit = false;
};

struct SceneJobSite
{
  std::string site;
  std::string name;
  int gpus = 0;     ///< in the site's halls
  int replicas = 0; ///< of the job placed there
  CrossSiteStepInput step;
  double stepS = 0; ///< with the exchange
};

struct SceneJobResult
{
  std::string job;
  std::vector<SceneJobSite> sites;
  std::vector<DciLink> ring; ///< the links the exchange crosses
  double gradientBytes = 0;  ///< G
  double ringBandwidthBps = 0;
  double ringLatencyS = 0;
  double exchangeS = 0; ///< t_x
  double stepS = 0;
  std::optional<double> oneSiteStepS; ///< none without a spec or when not asked
  std::optional<double> slowdown;     ///< against oneSiteStepS
  std::optional<double> bandwidthForTargetBps;
  CrossSiteSync sync = CrossSiteSync::Hierarchical;
  int outerSteps = 1;
  bool pipelineSplit = false;
  double boundaryBytes = 0; ///< A, a pipeline split's bytes per micro-batch and direction
  double seconds = 0;       ///< evaluation time
};

/**
 * The job over the scene's sites (file comment). SpecError when the scene has no sites, a site
 * has no GPUs, the sites hold fewer replicas than the job's DP, or a ring link is not declared.
 */
SceneJobResult evaluateSceneJob(const Scene& scene, const Catalog& catalog,
                                const traffic::JobSpec& job, const SceneJobOptions& options,
                                traffic::MaxMinSolver* solver);

/**
 * The money, energy, carbon and water of a scene's sites, as a siting study's option (study.h)
 * without step figures: each site's halls evaluated at its reference site (economics.h) with the
 * document's evaluation context, then the site's inputs, its renewable share (market-based
 * carbon) and its fabric priced (fabricBomInput); the ring of links (two sites: one) with their
 * CAPEX, lease, power and carbon; totals and $/GPU-hour. SpecError when the scene has no sites
 * or a ring link is not declared.
 */
SitingOption sceneSitesEconomics(const Scene& scene, const Catalog& catalog);

/**
 * The scene's sites as JSON: "economics" (sceneSitesEconomics: totals, sites, links) and, when
 * given, "job" (evaluateSceneJob: sites, ring links, figures); keys name their units.
 */
std::string sceneSitesToJson(const SitingOption& economics, const SceneJobResult* job);

/**
 * The scene's link between sites `a` and `b` (either direction); SpecError naming both when the
 * scene declares none (the ring of sites needs every neighbouring pair).
 */
const SiteLink& sceneLink(const Scene& scene, const std::string& a, const std::string& b);

/** The site's location: its own latitude/longitude, else its reference site's. */
GeoPoint sceneSiteLocation(const SceneSite& site, const Catalog& catalog);

} // namespace myriad::engine::siting
