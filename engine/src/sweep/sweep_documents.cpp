/**
 * @file sweep_documents.cpp
 * Writing a sweep parameter's value into the base scene or a job document, and building the
 * scenario's scene (generated again when its spec changed) and jobs.
 */
#include "sweep/sweep_documents.h"

#include "io/json_reader.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <filesystem>

namespace myriad::engine::sweep::detail
{

using nlohmann::json;

std::string folderOf(const std::string& file)
{
  const auto parent = std::filesystem::path(file).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

std::string resolveBeside(const std::string& file, const std::string& ref)
{
  const std::filesystem::path path(ref);
  return path.is_absolute() ? ref : (std::filesystem::path(folderOf(file)) / path).string();
}

namespace
{

/** "a number", "a string", "a boolean": the kind a value must keep. */
std::string kindOf(const json& value)
{
  if (value.is_number())
    return "a number";
  if (value.is_string())
    return "a string";
  if (value.is_boolean())
    return "a boolean";
  return engine::detail::describeJsonType(value);
}

/// The documents a pointer writes into, and the pointer inside them ("/jobs/*": every job).
std::vector<std::pair<json*, json::json_pointer>> targets(Documents& docs,
                                                          const std::string& pointer)
{
  if (pointer.rfind("/jobs/", 0) != 0)
  {
    return { { &docs.base, json::json_pointer(pointer) } };
  }
  const auto slash = pointer.find('/', 6);
  const std::string indexText = pointer.substr(6, slash == std::string::npos ? slash : slash - 6);
  if (slash == std::string::npos || docs.jobs.empty())
  {
    throw SpecError(pointer + ": the sweep has " + std::to_string(docs.jobs.size()) +
                    " job(s) (expected /jobs/K/FIELD or /jobs/*/FIELD, and a job in \"jobs\")");
  }
  const json::json_pointer inside(pointer.substr(slash));
  std::vector<std::pair<json*, json::json_pointer>> out;
  if (indexText == "*")
  {
    for (json& job : docs.jobs)
      out.emplace_back(&job, inside);
    return out;
  }
  std::size_t job = 0;
  try
  {
    std::size_t used = 0;
    job = std::stoul(indexText, &used);
    if (used != indexText.size())
      throw std::invalid_argument(indexText);
  }
  catch (const std::exception&)
  {
    throw SpecError(pointer + ": \"" + indexText + "\" is not a job index (expected /jobs/K/…)");
  }
  if (job >= docs.jobs.size())
  {
    throw SpecError(pointer + ": the sweep has " + std::to_string(docs.jobs.size()) +
                    " job(s) (expected /jobs/K/FIELD with K below that)");
  }
  out.emplace_back(&docs.jobs[job], inside);
  return out;
}

} // namespace

void applyValue(Documents& docs, const Parameter& parameter, const std::string& valueJson)
{
  const json value = json::parse(valueJson);
  for (auto& [doc, pointer] : targets(docs, parameter.pointer))
  {
    if (doc->contains(pointer))
    {
      const json& old = doc->at(pointer);
      if (kindOf(old) != kindOf(value))
      {
        throw SpecError(parameter.pointer + ": got " + kindOf(value) + " " + valueJson +
                        " (expected " + kindOf(old) + ", like the base's " + old.dump() + ")");
      }
    }
    else if (parameter.pointer.rfind("/evaluation/", 0) == 0)
    {
      // The evaluation context lists only what differs from the defaults: its objects
      // ("cooling", "run") are made as needed, and the economics reader checks the keys.
    }
    else if (!doc->contains(pointer.parent_pointer()) ||
             !doc->at(pointer.parent_pointer()).is_object())
    {
      throw SpecError(parameter.pointer + ": the base has no object " +
                      pointer.parent_pointer().to_string() +
                      " to set it in (expected a pointer to a field of the base or a job)");
    }
    (*doc)[pointer] = value;
  }
  if (parameter.pointer.rfind("/spec/", 0) == 0)
  {
    docs.specChanged = true;
  }
}

Scene buildScene(const Documents& docs, const Catalog& catalog)
{
  if (!docs.specChanged)
  {
    return sceneFromJson(docs.base.dump(), "scenario scene", catalog);
  }
  if (!docs.base.contains("spec"))
  {
    throw SpecError("the base scene has no generator spec, so /spec/ fields cannot be varied");
  }
  const GeneratorSpec spec = specFromJson(docs.base.at("spec").dump(), "scenario spec");
  json generated = json::parse(sceneToJson(generateScene(spec, catalog)));
  // The generated hall with the base's own settings: evaluation context, scenarios, currency.
  for (const auto& item : docs.base.items())
  {
    if (item.key() != "site" && item.key() != "spec")
      generated[item.key()] = item.value();
  }
  for (const auto& item : docs.base.at("site").items())
  {
    if (item.key() != "halls")
      generated["site"][item.key()] = item.value();
  }
  return sceneFromJson(generated.dump(), "scenario scene", catalog);
}

std::vector<traffic::JobSpec> buildJobs(const Documents& docs)
{
  std::vector<traffic::JobSpec> jobs;
  for (std::size_t k = 0; k < docs.jobs.size(); ++k)
  {
    jobs.push_back(traffic::parseJob(docs.jobs[k].dump(), docs.jobFiles[k]));
  }
  return jobs;
}

Documents readDocuments(const SweepSpec& spec)
{
  Documents docs;
  const engine::detail::JsonReader reader(resolveBeside(spec.file, spec.baseRef));
  docs.base = reader.parse(readFile(reader.file()));
  for (const auto& ref : spec.jobPaths)
  {
    const std::string path = resolveBeside(spec.file, ref);
    docs.jobs.push_back(engine::detail::JsonReader(path).parse(readFile(path)));
    docs.jobFiles.push_back(path);
  }
  return docs;
}

} // namespace myriad::engine::sweep::detail
