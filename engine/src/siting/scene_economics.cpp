// The money, energy, carbon and water of a multi-site scene's sites (siting/site_scene.h).
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"
#include "myriad/engine/siting/site_scene.h"
#include "siting/study_detail.h"

namespace myriad::engine::siting
{

SitingOption sceneSitesEconomics(const Scene& scene, const Catalog& catalog)
{
  if (scene.sites.empty())
  {
    throw SpecError("multi-site economics: the scene has no sites (schema 2 \"sites\")");
  }
  const std::size_t n = scene.sites.size();
  for (std::size_t i = 0; n > 1 && i < (n == 2 ? 1 : n); ++i)
  {
    (void)sceneLink(scene, scene.sites[i].id, scene.sites[(i + 1) % n].id); // throws if none
  }
  SitingStudy study; // the scene's context as a study: its inputs, its links
  study.fileName = scene.site.name;
  study.inputsJson = scene.evaluationJson;
  study.links = scene.links;
  SitingOption option;
  for (const SceneSite& site : scene.sites)
  {
    const Scene sub = siteSubScene(scene, site.id);
    SitingCandidate c;
    c.site = site.reference;
    c.renewableShare = site.renewableShare;
    c.inputsJson = site.inputsJson;
    c.location = sceneSiteLocation(site, catalog);
    SiteShare share =
      detail::evaluateSite(study, c, sub, economics::fabricBomInput(sub, catalog), catalog);
    share.site = site.id; // the links name scene sites
    share.jobGpus = share.hallGpus;
    option.sites.push_back(std::move(share));
  }
  detail::addLinksAndMoney(study, option, catalog);
  return option;
}

} // namespace myriad::engine::siting
