// The sites of a multi-site scene (scene_json.h): "sites", "links", and the halls' "site".
#include "io/scene_json.h"
#include "myriad/engine/catalog.h"
#include "siting/site_json.h"

#include <algorithm>
#include <set>

namespace myriad::engine::detail
{

namespace
{

using nlohmann::json;
using nlohmann::ordered_json;
namespace sj = siting::detail;

SceneSite readSite(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  if (!j.is_object())
  {
    r.fail(p, "got " + describeJsonType(j), "a site object");
  }
  r.allowOnly(
    j, p,
    { "id", "name", "reference", "latitude", "longitude", "renewableShare", "inputs", "notes" });
  SceneSite site;
  site.id = r.string(j, "id", p);
  if (site.id.empty())
  {
    r.fail(p + "/id", "empty", "a non-empty site id");
  }
  site.name = r.stringOr(j, "name", p, "");
  site.reference = sj::referenceSiteAt(r, j, p, "reference", catalog);
  if (const auto at = sj::locationAt(r, j, p, site.reference, catalog))
  {
    site.latitudeDeg = at->latitudeDeg;
    site.longitudeDeg = at->longitudeDeg;
  }
  site.renewableShare = r.numberIn(j, "renewableShare", p, 0, 0, 1, "(share of the energy)");
  site.inputsJson = sj::inputsAt(r, j, p, catalog);
  return site;
}

void readHallSites(const JsonReader& r, const json& root, const std::vector<std::string>& ids,
                   Scene& scene)
{
  const json& halls = root.at("site").at("halls");
  for (std::size_t i = 0; i < scene.site.halls.size(); ++i)
  {
    const std::string p = "/site/halls/" + std::to_string(i);
    Hall& hall = scene.site.halls[i];
    if (ids.empty())
    {
      if (halls[i].contains("site"))
      {
        r.fail(p + "/site", "a hall names a site but the scene has none",
               "no \"site\", or the site listed under \"sites\"");
      }
      continue;
    }
    hall.site = r.string(halls[i], "site", p);
    if (std::find(ids.begin(), ids.end(), hall.site) == ids.end())
    {
      r.fail(p + "/site", "unknown site \"" + hall.site + "\"",
             "one of the scene's sites (" + sj::joinNames(ids) + ")");
    }
  }
}

} // namespace

void readSceneSites(const JsonReader& r, const json& root, const Catalog& catalog, Scene& scene)
{
  if (scene.schemaVersion < 2)
  {
    for (const char* key : { "sites", "links" })
    {
      if (root.contains(key))
      {
        r.fail(std::string("/") + key, "sites need schema version 2",
               "\"schemaVersion\": 2, or no \"" + std::string(key) + "\"");
      }
    }
  }
  std::vector<std::string> ids;
  const json& sites = r.array(root, "sites", "", false);
  for (std::size_t i = 0; i < sites.size(); ++i)
  {
    const std::string p = "/sites/" + std::to_string(i);
    SceneSite site = readSite(r, catalog, sites[i], p);
    if (std::find(ids.begin(), ids.end(), site.id) != ids.end())
    {
      r.fail(p + "/id", "\"" + site.id + "\" listed twice", "each site id once");
    }
    ids.push_back(site.id);
    scene.sites.push_back(std::move(site));
  }
  readHallSites(r, root, ids, scene);
  if (root.contains("links") && ids.empty())
  {
    r.fail("/links", "links but no sites", "\"sites\" listing the sites the links join");
  }
  scene.links = sj::linksAt(r, root, "links", SiteLink{}, ids, "a site of the scene", catalog);
}

void writeSceneSites(const Scene& scene, ordered_json& out)
{
  if (scene.sites.empty())
  {
    return; // absent: files without sites read as before
  }
  ordered_json sites = ordered_json::array();
  for (const SceneSite& s : scene.sites)
  {
    ordered_json j;
    j["id"] = s.id;
    if (!s.name.empty())
    {
      j["name"] = s.name;
    }
    j["reference"] = s.reference;
    if (s.latitudeDeg && s.longitudeDeg)
    {
      j["latitude"] = *s.latitudeDeg;
      j["longitude"] = *s.longitudeDeg;
    }
    j["renewableShare"] = s.renewableShare;
    if (!s.inputsJson.empty())
    {
      j["inputs"] = ordered_json::parse(s.inputsJson);
    }
    sites.push_back(std::move(j));
  }
  out["sites"] = std::move(sites);
  ordered_json links = ordered_json::array();
  for (const SiteLink& l : scene.links)
  {
    ordered_json j;
    j["from"] = l.from;
    j["to"] = l.to;
    if (l.distanceKm)
    {
      j["distanceKm"] = *l.distanceKm;
    }
    if (l.routeFactor)
    {
      j["routeFactor"] = *l.routeFactor;
    }
    j["channels"] = l.channels;
    j["optic"] = l.optic;
    j["leased"] = l.leased;
    links.push_back(std::move(j));
  }
  out["links"] = std::move(links);
}

} // namespace myriad::engine::detail
