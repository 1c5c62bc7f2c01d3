// A siting option as a multi-site scene (siting/study.h, site_scene.h).
#include "myriad/engine/error.h"
#include "myriad/engine/siting/site_scene.h"
#include "myriad/engine/siting/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace myriad::engine::siting
{

Scene sitingOptionScene(const SitingStudy& study, const SitingOption& option,
                        const Catalog& catalog)
{
  if (!option.feasible)
  {
    throw SpecError("siting: option " + option.label() + " is infeasible: " + option.infeasibleWhy);
  }
  std::vector<SiteBuild> builds;
  for (const SiteShare& share : option.sites)
  {
    const auto c = std::find_if(study.candidates.begin(), study.candidates.end(),
                                [&](const SitingCandidate& k) { return k.site == share.site; });
    SiteBuild build;
    build.site.id = share.site;
    build.site.name = share.name.substr(0, share.name.find(',')); // "Ulanqab", not its climate
    build.site.reference = share.site;
    build.site.latitudeDeg = share.location.latitudeDeg;
    build.site.longitudeDeg = share.location.longitudeDeg;
    if (c != study.candidates.end())
    {
      build.site.renewableShare = c->renewableShare;
      build.site.inputsJson = c->inputsJson;
    }
    build.gpus = share.jobGpus;
    builds.push_back(std::move(build));
  }
  std::vector<SiteLink> links;
  for (const DciLink& link : option.links)
  {
    links.push_back(link.spec);
  }
  Scene scene = buildMultiSiteScene(study.name + " · " + option.label(), study.hallSpec, builds,
                                    links, catalog);
  // The document's evaluation context: the study's inputs at the first site (the scene's
  // economics take one context; the study has each site's).
  nlohmann::json context =
    study.inputsJson.empty() ? nlohmann::json::object() : nlohmann::json::parse(study.inputsJson);
  context["site"] = option.sites.front().site;
  scene.evaluationJson = context.dump();
  return scene;
}

} // namespace myriad::engine::siting
