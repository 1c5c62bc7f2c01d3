// Reading a siting study (siting/study.h): strict, every error names the file, JSON path and the
// expected form.
#include "io/json_reader.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/siting/study.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

namespace myriad::engine::siting
{

namespace
{

using Json = nlohmann::json;
using detail::JsonReader;

/** Economics overrides at `path`: checked now (errors name the path inside the study). */
std::string inputsAt(const JsonReader& r, const Json& parent, const std::string& path,
                     const Catalog& catalog)
{
  if (!parent.contains("inputs"))
  {
    return {};
  }
  const Json& inputs = r.object(parent, "inputs", path);
  std::string text = inputs.dump();
  economics::EconomicsInputs checked;
  try
  {
    checked = economics::inputsWithOverrides(economics::EconomicsInputs{}, text, r.file());
  }
  catch (const LoadError& e)
  {
    const std::string inner = e.jsonPath() == "/" ? "" : e.jsonPath();
    throw LoadError(r.file(), path + "/inputs" + inner, e.detail(), e.expected());
  }
  try
  {
    economics::validateInputs(checked, catalog);
  }
  catch (const SpecError& e)
  {
    r.fail(path + "/inputs", e.what(), "economics inputs within their ranges");
  }
  return text;
}

std::string siteAt(const JsonReader& r, const Json& parent, const std::string& path,
                   const Catalog& catalog)
{
  std::string id = r.string(parent, "site", path);
  const auto known = economics::siteIds(catalog);
  if (std::find(known.begin(), known.end(), id) == known.end())
  {
    std::string list;
    for (const auto& k : known)
    {
      list += (list.empty() ? "" : ", ") + k;
    }
    r.fail(path + "/site", "unknown site \"" + id + "\"", "one of " + list);
  }
  return id;
}

std::string opticAt(const JsonReader& r, const Json& parent, const std::string& path,
                    const std::string& fallback, const Catalog& catalog)
{
  std::string id = r.stringOr(parent, "optic", path, fallback);
  const auto known = dciOpticIds(catalog);
  if (std::find(known.begin(), known.end(), id) == known.end())
  {
    std::string list;
    for (const auto& k : known)
    {
      list += (list.empty() ? "" : ", ") + k;
    }
    r.fail(path + "/optic", "unknown DCI optic \"" + id + "\"", "one of " + list);
  }
  return id;
}

SitingCandidate candidateAt(const JsonReader& r, const Json& json, const std::string& path,
                            const Catalog& catalog)
{
  if (!json.is_object())
  {
    r.fail(path, "got " + detail::describeJsonType(json), "a candidate site object");
  }
  r.allowOnly(json, path,
              { "site", "maxGpus", "renewableShare", "latitude", "longitude", "inputs", "notes" });
  SitingCandidate c;
  c.site = siteAt(r, json, path, catalog);
  c.maxGpus = r.integerOr(json, "maxGpus", path, 0);
  if (c.maxGpus < 0)
  {
    r.fail(path + "/maxGpus", "negative", "a whole number ≥ 0 (0: no limit)");
  }
  c.renewableShare = r.numberIn(json, "renewableShare", path, 0, 0, 1, "(share of the energy)");
  if (json.contains("latitude") != json.contains("longitude"))
  {
    r.fail(path, "only one of latitude and longitude", "both, in decimal degrees, or neither");
  }
  if (json.contains("latitude"))
  {
    c.location = GeoPoint{ r.numberIn(json, "latitude", path, 0, -90, 90, "degrees"),
                           r.numberIn(json, "longitude", path, 0, -180, 180, "degrees") };
  }
  else
  {
    try
    {
      (void)siteLocation(c.site, catalog);
    }
    catch (const SpecError& e)
    {
      r.fail(path, e.what(), "\"latitude\" and \"longitude\" in decimal degrees");
    }
  }
  c.inputsJson = inputsAt(r, json, path, catalog);
  return c;
}

int channelsAt(const JsonReader& r, const Json& json, const std::string& path, int fallback)
{
  const int channels = r.integerOr(json, "channels", path, fallback);
  if (channels < 1 || channels > 10000)
  {
    r.fail(path + "/channels", "got " + std::to_string(channels),
           "a whole number from 1 to 10,000 (wavelengths per direction)");
  }
  return channels;
}

std::optional<double> routeFactorAt(const JsonReader& r, const Json& json, const std::string& path)
{
  if (!json.contains("routeFactor"))
  {
    return std::nullopt;
  }
  return r.numberIn(json, "routeFactor", path, 1, 1, 10, "(route over great circle)");
}

DciLinkSpec linkDefaultsAt(const JsonReader& r, const Json& root, const Catalog& catalog)
{
  DciLinkSpec spec;
  if (!root.contains("dci"))
  {
    return spec;
  }
  const Json& dci = r.object(root, "dci", "");
  const std::string path = "/dci";
  r.allowOnly(dci, path, { "optic", "channels", "routeFactor", "leased" });
  spec.optic = opticAt(r, dci, path, spec.optic, catalog);
  spec.channels = channelsAt(r, dci, path, spec.channels);
  spec.routeFactor = routeFactorAt(r, dci, path);
  spec.leased = r.booleanOr(dci, "leased", path, spec.leased);
  return spec;
}

DciLinkSpec linkAt(const JsonReader& r, const Json& json, const std::string& path,
                   const SitingStudy& study, const Catalog& catalog)
{
  if (!json.is_object())
  {
    r.fail(path, "got " + detail::describeJsonType(json), "a link object");
  }
  r.allowOnly(json, path,
              { "from", "to", "distanceKm", "routeFactor", "channels", "optic", "leased" });
  DciLinkSpec link = study.linkDefaults;
  for (const char* end : { "from", "to" })
  {
    const std::string id = r.string(json, end, path);
    const bool candidate = std::any_of(study.candidates.begin(), study.candidates.end(),
                                       [&](const SitingCandidate& c) { return c.site == id; });
    if (!candidate)
    {
      r.fail(path + "/" + end, "unknown site \"" + id + "\"", "a site among the candidates");
    }
    (std::string(end) == "from" ? link.from : link.to) = id;
  }
  if (link.from == link.to)
  {
    r.fail(path + "/to", "the same site as \"from\"", "two different candidate sites");
  }
  if (json.contains("distanceKm"))
  {
    const double km = r.number(json, "distanceKm", path, "a fibre route length in km");
    if (!(km > 0) || km > 40000)
    {
      std::ostringstream got;
      got << "got " << km;
      r.fail(path + "/distanceKm", got.str(), "a length in km, > 0 and ≤ 40,000");
    }
    link.distanceKm = km;
  }
  if (const auto factor = routeFactorAt(r, json, path))
  {
    link.routeFactor = factor;
  }
  link.channels = channelsAt(r, json, path, link.channels);
  link.optic = opticAt(r, json, path, link.optic, catalog);
  link.leased = r.booleanOr(json, "leased", path, link.leased);
  return link;
}

/** The job file relative to the study's folder, DP set from the study's GPU count. */
traffic::JobSpec jobAt(const JsonReader& r, const Json& root, const std::string& fileName, int gpus)
{
  const std::string relative = r.string(root, "job", "");
  const std::filesystem::path folder = std::filesystem::path(fileName).parent_path();
  const std::filesystem::path path = std::filesystem::path(relative).is_absolute()
                                       ? std::filesystem::path(relative)
                                       : folder / relative;
  if (!std::filesystem::exists(path))
  {
    r.fail("/job", "no such file \"" + path.string() + "\"", "a job file (samples/jobs/*.json)");
  }
  traffic::JobSpec job = traffic::loadJob(path.string());
  if (!job.gpuIds.empty())
  {
    r.fail("/job", "the job places its ranks explicitly", "a job with packed or spread placement");
  }
  const int replicaGpus = job.tp * job.pp;
  if (gpus % replicaGpus != 0)
  {
    r.fail("/gpus",
           "got " + std::to_string(gpus) +
             ", not whole replicas of TP·PP = " + std::to_string(replicaGpus) + " GPUs",
           "a multiple of " + std::to_string(replicaGpus));
  }
  const int dp = gpus / replicaGpus;
  job.tokensPerStep *= static_cast<double>(dp) / job.dp; // the same batch per replica
  job.dp = dp;
  if (job.ep > 1 && dp % job.ep != 0)
  {
    r.fail("/gpus",
           "DP " + std::to_string(dp) + " is not a multiple of the job's EP " +
             std::to_string(job.ep),
           "a GPU count whose DP the job's EP divides");
  }
  return job;
}

/** "hall": a built-in generator spec's name, or a spec object (the keys of a scene's "spec"). */
void readHall(const JsonReader& r, const Json& root, SitingStudy& study)
{
  if (root.contains("hall") && root.at("hall").is_object())
  {
    try
    {
      study.hallSpec = specFromJson(root.at("hall").dump(), r.file());
    }
    catch (const LoadError& e)
    {
      const std::string inner = e.jsonPath() == "/" ? "" : e.jsonPath();
      throw LoadError(r.file(), "/hall" + inner, e.detail(), e.expected());
    }
    study.hall = study.hallSpec.name.empty() ? "custom" : study.hallSpec.name;
    return;
  }
  study.hall = r.stringOr(root, "hall", "", study.hall);
  const auto halls = builtinSpecNames();
  if (std::find(halls.begin(), halls.end(), study.hall) == halls.end())
  {
    std::string list;
    for (const auto& k : halls)
    {
      list += (list.empty() ? "" : ", ") + k;
    }
    r.fail("/hall", "unknown hall design \"" + study.hall + "\"",
           "one of " + list + ", or a generator spec object");
  }
  study.hallSpec = builtinSpec(study.hall);
}

void readCandidates(const JsonReader& r, const Json& root, SitingStudy& study,
                    const Catalog& catalog)
{
  const Json& list = r.array(root, "candidates", "");
  if (list.empty())
  {
    r.fail("/candidates", "empty", "at least one candidate site");
  }
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list.size(); ++i)
  {
    const std::string path = "/candidates/" + std::to_string(i);
    SitingCandidate c = candidateAt(r, list[i], path, catalog);
    if (!seen.insert(c.site).second)
    {
      r.fail(path + "/site", "\"" + c.site + "\" listed twice", "each candidate once");
    }
    study.candidates.push_back(std::move(c));
  }
}

void readLinks(const JsonReader& r, const Json& root, SitingStudy& study, const Catalog& catalog)
{
  if (!root.contains("links"))
  {
    return;
  }
  const Json& list = r.array(root, "links", "");
  std::set<std::pair<std::string, std::string>> seen;
  for (std::size_t i = 0; i < list.size(); ++i)
  {
    const std::string path = "/links/" + std::to_string(i);
    DciLinkSpec link = linkAt(r, list[i], path, study, catalog);
    const auto key = std::minmax(link.from, link.to);
    if (!seen.insert(key).second)
    {
      r.fail(path, "a second link between " + link.from + " and " + link.to,
             "one link per pair of sites");
    }
    study.links.push_back(std::move(link));
  }
}

} // namespace

SitingStudy parseSitingStudy(const std::string& text, const std::string& fileName,
                             const Catalog& catalog)
{
  const JsonReader r(fileName);
  const Json root = r.parse(text);
  if (!root.is_object())
  {
    r.fail("/", "got " + detail::describeJsonType(root), "a siting study object");
  }
  r.allowOnly(root, "",
              { "schema", "name", "name_zh_CN", "description", "gpus", "hall", "job", "sync",
                "outerSteps", "maxSites", "targetSlowdown", "rankBy", "inputs", "dci", "candidates",
                "links" });
  if (r.integerOr(root, "schema", "", 1) != 1)
  {
    r.fail("/schema", "unsupported version", "1");
  }
  SitingStudy study;
  study.fileName = fileName;
  study.name = r.stringOr(root, "name", "", std::filesystem::path(fileName).stem().string());
  study.nameZhCN = r.stringOr(root, "name_zh_CN", "", "");
  study.gpus = r.integerOr(root, "gpus", "", 0);
  if (study.gpus < 1)
  {
    r.fail("/gpus", "missing or < 1", "the job's GPU count, a whole number ≥ 1");
  }
  readHall(r, root, study);
  study.job = jobAt(r, root, fileName, study.gpus);
  const std::string sync = r.stringOr(root, "sync", "", "hierarchical");
  if (sync != "hierarchical" && sync != "diloco")
  {
    r.fail("/sync", "got \"" + sync + "\"", "\"hierarchical\" or \"diloco\"");
  }
  study.sync = sync == "diloco" ? CrossSiteSync::DiLoCo : CrossSiteSync::Hierarchical;
  study.outerSteps = r.integerOr(root, "outerSteps", "", sync == "diloco" ? 100 : 1);
  if (study.outerSteps < 1)
  {
    r.fail("/outerSteps", "< 1", "inner steps between outer synchronisations, ≥ 1");
  }
  study.maxSites = r.integerOr(root, "maxSites", "", 3);
  if (study.maxSites < 1 || study.maxSites > 4)
  {
    r.fail("/maxSites", "got " + std::to_string(study.maxSites), "1 to 4 sites");
  }
  study.targetSlowdown = r.numberIn(root, "targetSlowdown", "", 0.05, 0, 10, "(fraction)");
  const std::string rank = r.stringOr(root, "rankBy", "", "cost");
  if (rank != "cost" && rank != "carbon" && rank != "capex")
  {
    r.fail("/rankBy", "got \"" + rank + "\"", "\"cost\", \"carbon\" or \"capex\"");
  }
  study.rankBy = rank == "carbon" ? RankBy::Carbon : rank == "capex" ? RankBy::Capex : RankBy::Cost;
  study.inputsJson = inputsAt(r, root, "", catalog);
  study.linkDefaults = linkDefaultsAt(r, root, catalog);
  readCandidates(r, root, study, catalog);
  readLinks(r, root, study, catalog);
  return study;
}

SitingStudy loadSitingStudy(const std::string& path, const Catalog& catalog)
{
  return parseSitingStudy(readFile(path), path, catalog);
}

} // namespace myriad::engine::siting
