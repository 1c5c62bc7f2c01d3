// Reading a siting study (siting/study.h): strict, every error names the file, JSON path and the
// expected form.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/siting/study.h"
#include "siting/site_json.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

namespace myriad::engine::siting
{

namespace
{

using namespace detail; // the shared site and link readers (site_json.h)

SitingCandidate candidateAt(const JsonReader& r, const Json& json, const std::string& path,
                            const Catalog& catalog)
{
  if (!json.is_object())
  {
    r.fail(path, "got " + engine::detail::describeJsonType(json), "a candidate site object");
  }
  r.allowOnly(json, path,
              { "site", "maxGpus", "renewableShare", "latitude", "longitude", "inputs", "notes" });
  SitingCandidate c;
  c.site = referenceSiteAt(r, json, path, "site", catalog);
  c.maxGpus = r.integerOr(json, "maxGpus", path, 0);
  if (c.maxGpus < 0)
  {
    r.fail(path + "/maxGpus", "negative", "a whole number ≥ 0 (0: no limit)");
  }
  c.renewableShare = r.numberIn(json, "renewableShare", path, 0, 0, 1, "(share of the energy)");
  c.location = locationAt(r, json, path, c.site, catalog);
  c.inputsJson = inputsAt(r, json, path, catalog);
  return c;
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
    r.fail("/hall", "unknown hall design \"" + study.hall + "\"",
           "one of " + joinNames(halls) + ", or a generator spec object");
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
  std::vector<std::string> sites;
  for (const SitingCandidate& c : study.candidates)
  {
    sites.push_back(c.site);
  }
  study.links =
    linksAt(r, root, "links", study.linkDefaults, sites, "a site among the candidates", catalog);
}

} // namespace

SitingStudy parseSitingStudy(const std::string& text, const std::string& fileName,
                             const Catalog& catalog)
{
  const JsonReader r(fileName);
  const Json root = r.parse(text);
  if (!root.is_object())
  {
    r.fail("/", "got " + engine::detail::describeJsonType(root), "a siting study object");
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
