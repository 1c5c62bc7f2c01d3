/**
 * @file sweep_plan.cpp
 * Expanding a sweep's design into scenarios and writing the sweep folder (sweep.h). Every value
 * is checked against the base before anything is written, so a bad sweep fails here, naming the
 * sweep file and parameter, and never after a thousand tasks were submitted.
 *
 * Latin hypercube sampling (McKay, Beckman & Conover, Technometrics 21(2), 1979): each of the
 * N samples takes, for every parameter, a different one of N equal strata of its range (a
 * random permutation per parameter) and a uniform point inside it; a list of values is cut into
 * strata by index. The generator is splitmix64, so a seed gives the same design everywhere.
 */
#include "sweep/sweep_documents.h"

#include "io/json_reader.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>

namespace myriad::engine::sweep
{

using nlohmann::json;
using nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace
{

std::uint64_t splitmix64(std::uint64_t& state)
{
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

double unit(std::uint64_t& state) // uniform in [0, 1)
{
  return static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-53;
}

std::vector<Scenario> latinHypercube(const SweepSpec& spec)
{
  const int n = spec.samples;
  std::uint64_t state = spec.seed;
  std::vector<Scenario> out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    out[static_cast<std::size_t>(i)].index = i;
  for (const Parameter& p : spec.parameters)
  {
    std::vector<int> strata(static_cast<std::size_t>(n));
    std::iota(strata.begin(), strata.end(), 0);
    for (int k = n - 1; k > 0; --k) // Fisher–Yates
      std::swap(
        strata[static_cast<std::size_t>(k)],
        strata[static_cast<std::size_t>(splitmix64(state) % static_cast<std::uint64_t>(k + 1))]);
    for (int i = 0; i < n; ++i)
    {
      const double x = (strata[static_cast<std::size_t>(i)] + unit(state)) / n;
      std::string value;
      if (p.continuous)
      {
        const double v = p.continuous->first + x * (p.continuous->second - p.continuous->first);
        value = p.integer ? json(std::llround(v)).dump() : json(v).dump();
      }
      else
      {
        const auto count = p.valuesJson.size();
        value = p.valuesJson[std::min(count - 1, static_cast<std::size_t>(x * count))];
      }
      out[static_cast<std::size_t>(i)].valuesJson.push_back(value);
    }
  }
  return out;
}

} // namespace

namespace
{

/** Whether grid point `values` matches one of the spec's exclusion rules. */
bool excluded(const SweepSpec& spec, const std::vector<std::string>& values)
{
  return std::any_of(spec.exclude.begin(), spec.exclude.end(),
                     [&](const auto& rule)
                     {
                       return std::all_of(rule.begin(), rule.end(),
                                          [&](const auto& pair)
                                          { return values[pair.first] == pair.second; });
                     });
}

/** The values of grid point `i` (the last parameter varies fastest). */
std::vector<std::string> gridPoint(const SweepSpec& spec, long long i)
{
  std::vector<std::string> values(spec.parameters.size());
  long long rest = i;
  for (std::size_t k = spec.parameters.size(); k-- > 0;)
  {
    const auto& list = spec.parameters[k].valuesJson;
    const auto n = static_cast<long long>(list.size());
    values[k] = list[static_cast<std::size_t>(spec.design == Design::Zip ? i : rest % n)];
    rest /= n;
  }
  return values;
}

} // namespace

long long scenarioCount(const SweepSpec& spec)
{
  if (spec.design == Design::LatinHypercube)
    return spec.samples;
  if (spec.design == Design::Zip)
    return spec.parameters.empty() ? 0
                                   : static_cast<long long>(spec.parameters[0].valuesJson.size());
  long long count = 1;
  for (const Parameter& p : spec.parameters)
  {
    count *= static_cast<long long>(p.valuesJson.size());
    if (count > (1LL << 40))
      return count; // far beyond any limit; stop before overflowing
  }
  if (spec.parameters.empty())
    return 0;
  if (spec.exclude.empty() || count > (1LL << 24))
    return count; // an upper bound for a huge partial grid: the limit check stays safe
  long long kept = 0;
  for (long long i = 0; i < count; ++i)
    kept += excluded(spec, gridPoint(spec, i)) ? 0 : 1;
  return kept;
}

std::vector<Scenario> expandScenarios(const SweepSpec& spec)
{
  if (spec.parameters.empty())
    throw LoadError(spec.file, "/parameters", "no parameters: the grid is empty", "at least one");
  if (spec.design == Design::LatinHypercube)
    return latinHypercube(spec);
  if (spec.design == Design::Zip)
  {
    for (std::size_t k = 1; k < spec.parameters.size(); ++k)
      if (spec.parameters[k].valuesJson.size() != spec.parameters[0].valuesJson.size())
        throw LoadError(spec.file, "/parameters/" + std::to_string(k),
                        "has " + std::to_string(spec.parameters[k].valuesJson.size()) +
                          " values, parameter 0 has " +
                          std::to_string(spec.parameters[0].valuesJson.size()),
                        "the same number of values in every parameter of a \"zip\" design");
  }
  long long points = 1; // grid points (zip: the common length)
  for (const Parameter& p : spec.parameters)
    points = spec.design == Design::Zip ? static_cast<long long>(p.valuesJson.size())
                                        : points * static_cast<long long>(p.valuesJson.size());
  std::vector<Scenario> out;
  for (long long i = 0; i < points; ++i)
  {
    std::vector<std::string> values = gridPoint(spec, i);
    if (excluded(spec, values))
      continue;
    out.push_back({ static_cast<long long>(out.size()), std::move(values) });
  }
  if (out.empty())
    throw LoadError(spec.file, "/exclude", "every grid point is excluded: the grid is empty",
                    "rules that leave at least one scenario");
  return out;
}

namespace
{

/** The base as a scene document (a spec or built-in is generated once, here). */
detail::Documents planDocuments(const SweepSpec& spec, const Catalog& catalog)
{
  detail::Documents docs;
  const std::string path = detail::resolveBeside(spec.file, spec.baseRef);
  if (spec.baseKind == "scene")
  {
    const std::string text = readFile(path);
    (void)sceneFromJson(text, path, catalog);
    docs.base = engine::detail::JsonReader(path).parse(text);
  }
  else
  {
    const GeneratorSpec generator =
      spec.baseKind == "builtin" ? builtinSpec(spec.baseRef) : specFromJson(readFile(path), path);
    docs.base = json::parse(sceneToJson(generateScene(generator, catalog)));
  }
  for (const auto& ref : spec.jobPaths)
  {
    const std::string job = detail::resolveBeside(spec.file, ref);
    docs.jobs.push_back(engine::detail::JsonReader(job).parse(readFile(job)));
    docs.jobFiles.push_back(job);
  }
  (void)detail::buildJobs(docs);
  return docs;
}

/** Check one value: written into a copy of the documents, read by the model's own reader. */
void checkValue(const detail::Documents& base, const Parameter& p, const std::string& value,
                const Catalog& catalog)
{
  detail::Documents docs = base;
  detail::applyValue(docs, p, value);
  if (p.pointer.rfind("/spec/", 0) == 0)
    // Read, then generated: the generator's own limits (a rack too small for the nodes, a GPU
    // count it cannot lay out) show here, once per value, not in a task.
    (void)generateScene(specFromJson(docs.base.at("spec").dump(), "spec"), catalog);
  else if (p.pointer.rfind("/evaluation/", 0) == 0)
    // Read, then checked as the economics stage checks them: ranges and a site it knows.
    economics::validateInputs(
      economics::economicsInputsFromJson(docs.base.at("evaluation").dump(), "evaluation"), catalog);
  else if (p.pointer.rfind("/site/", 0) == 0)
    (void)sceneFromJson(docs.base.dump(), "scene", catalog, false);
  else
    (void)detail::buildJobs(docs);
}

void checkParameters(const SweepSpec& spec, const detail::Documents& docs, const Catalog& catalog)
{
  for (std::size_t k = 0; k < spec.parameters.size(); ++k)
  {
    const Parameter& p = spec.parameters[k];
    std::vector<std::pair<std::string, std::string>> checks; // path, value
    for (std::size_t v = 0; v < p.valuesJson.size(); ++v)
      checks.emplace_back("/values/" + std::to_string(v), p.valuesJson[v]);
    if (p.continuous)
    {
      const auto text = [&](double v)
      { return p.integer ? json(std::llround(v)).dump() : json(v).dump(); };
      checks.emplace_back("/range/from", text(p.continuous->first));
      checks.emplace_back("/range/to", text(p.continuous->second));
    }
    for (const auto& [path, value] : checks)
    {
      try
      {
        checkValue(docs, p, value, catalog);
      }
      catch (const Error& e)
      {
        throw LoadError(spec.file, "/parameters/" + std::to_string(k) + path,
                        p.name + " = " + value + ": " + e.what());
      }
    }
  }
}

ordered_json plannedSpecJson(const SweepSpec& spec)
{
  ordered_json j;
  j["version"] = 1;
  j["base"] = { { "scene", "inputs/base.json" } };
  j["jobs"] = ordered_json::array();
  for (std::size_t k = 0; k < spec.jobPaths.size(); ++k)
    j["jobs"].push_back("inputs/job-" + std::to_string(k) + ".json");
  ordered_json parameters = ordered_json::array();
  for (const Parameter& p : spec.parameters)
  {
    ordered_json item = { { "pointer", p.pointer }, { "label", p.name }, { "integer", p.integer } };
    if (p.continuous)
      item["range"] = { { "from", p.continuous->first }, { "to", p.continuous->second } };
    else
    {
      item["values"] = ordered_json::array();
      for (const auto& v : p.valuesJson)
        item["values"].push_back(ordered_json::parse(v));
    }
    parameters.push_back(std::move(item));
  }
  j["parameters"] = std::move(parameters);
  if (spec.design == Design::Zip)
    j["design"] = "zip";
  if (spec.design == Design::LatinHypercube)
    j["design"] = { { "latinHypercube", { { "samples", spec.samples }, { "seed", spec.seed } } } };
  if (!spec.exclude.empty())
  {
    ordered_json rules = ordered_json::array();
    for (const auto& rule : spec.exclude)
    {
      ordered_json item = ordered_json::object();
      for (const auto& [k, value] : rule)
        item[spec.parameters[k].name] = ordered_json::parse(value);
      rules.push_back(std::move(item));
    }
    j["exclude"] = std::move(rules);
  }
  j["models"] = spec.models;
  j["kpis"] = spec.kpis;
  j["limit"] = spec.limit;
  return j;
}

} // namespace

long long planSweep(const SweepSpec& spec, const std::string& dir, const Catalog& catalog,
                    bool allowOverLimit)
{
  const long long count = scenarioCount(spec);
  if (count > spec.limit && !allowOverLimit)
    throw LoadError(spec.file, "/parameters",
                    std::to_string(count) + " scenarios exceed the limit of " +
                      std::to_string(spec.limit),
                    "at most \"limit\" scenarios, or confirm with --yes");
  const auto scenarios = expandScenarios(spec);
  const detail::Documents docs = planDocuments(spec, catalog);
  checkParameters(spec, docs, catalog);
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_empty(dir, ec))
    throw SaveError(dir +
                    ": the folder is not empty (expected a new or empty folder for the sweep)");
  fs::create_directories(fs::path(dir) / "inputs", ec);
  fs::create_directories(fs::path(dir) / "results", ec);
  if (ec)
    throw SaveError(dir + ": cannot create the sweep folder: " + ec.message());
  writeFileAtomically((fs::path(dir) / "inputs" / "base.json").string(), docs.base.dump() + "\n");
  for (std::size_t k = 0; k < docs.jobs.size(); ++k)
    writeFileAtomically(
      (fs::path(dir) / "inputs" / ("job-" + std::to_string(k) + ".json")).string(),
      docs.jobs[k].dump(2) + "\n");
  std::string manifest;
  for (const Scenario& s : scenarios)
  {
    ordered_json line = { { "index", s.index }, { "parameters", ordered_json::object() } };
    for (std::size_t k = 0; k < spec.parameters.size(); ++k)
      line["parameters"][spec.parameters[k].name] = ordered_json::parse(s.valuesJson[k]);
    manifest += line.dump() + "\n";
  }
  writeFileAtomically((fs::path(dir) / "manifest.jsonl").string(), manifest);
  // Written last: a folder with sweep.json is completely planned.
  writeFileAtomically((fs::path(dir) / "sweep.json").string(),
                      plannedSpecJson(spec).dump(2) + "\n");
  return count;
}

SweepSpec readPlannedSweep(const std::string& dir)
{
  const std::string path = (fs::path(dir) / "sweep.json").string();
  if (!fs::exists(path))
    throw LoadError(path, "", "no planned sweep here", "a folder written by myriad-cli sweep plan");
  return parseSweep(readFile(path), path);
}

namespace
{

std::vector<std::string> manifestLines(const std::string& dir)
{
  const std::string path = (fs::path(dir) / "manifest.jsonl").string();
  const std::string text = readFile(path, std::uintmax_t(1) << 30);
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size())
  {
    const auto end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? end : end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

/** Manifest line `index` (0-based) read against the planned spec's parameters. */
Scenario scenarioFromLine(const SweepSpec& spec, const std::string& path, const std::string& text,
                          long long index)
{
  const json line = engine::detail::JsonReader(path).parse(text);
  if (!line.is_object() || line.value("index", -1LL) != index || !line.contains("parameters") ||
      !line.at("parameters").is_object())
    throw LoadError(path, "line " + std::to_string(index + 1),
                    "not scenario " + std::to_string(index),
                    "{\"index\": N, \"parameters\": {…}} on line N + 1");
  Scenario s{ index, {} };
  for (const Parameter& p : spec.parameters)
  {
    if (!line.at("parameters").contains(p.name))
      throw LoadError(path, "line " + std::to_string(index + 1) + "/parameters",
                      "no value of " + p.name, "a value for every parameter of sweep.json");
    s.valuesJson.push_back(line.at("parameters").at(p.name).dump());
  }
  return s;
}

} // namespace

long long plannedScenarioCount(const std::string& dir)
{
  return static_cast<long long>(manifestLines(dir).size());
}

Scenario plannedScenario(const std::string& dir, long long index)
{
  const auto lines = manifestLines(dir);
  const std::string path = (fs::path(dir) / "manifest.jsonl").string();
  if (index < 0 || index >= static_cast<long long>(lines.size()))
    throw LoadError(path, "", "no scenario " + std::to_string(index),
                    "an index from 0 to " +
                      std::to_string(static_cast<long long>(lines.size()) - 1));
  return scenarioFromLine(readPlannedSweep(dir), path, lines[static_cast<std::size_t>(index)],
                          index);
}

std::vector<Scenario> plannedScenarios(const std::string& dir)
{
  const SweepSpec spec = readPlannedSweep(dir);
  const std::string path = (fs::path(dir) / "manifest.jsonl").string();
  const auto lines = manifestLines(dir);
  std::vector<Scenario> out;
  out.reserve(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    out.push_back(scenarioFromLine(spec, path, lines[i], static_cast<long long>(i)));
  return out;
}

std::string resultPath(const std::string& dir, long long index)
{
  return (fs::path(dir) / "results" / (std::to_string(index) + ".json")).string();
}

namespace
{

/** The result file's field `key` as text ("" when the file, the field or its form is missing). */
std::string resultField(const std::string& dir, long long index, const char* key)
{
  std::ifstream in(resultPath(dir, index));
  if (!in)
    return {};
  const json result = json::parse(in, nullptr, false);
  if (result.is_discarded() || !result.is_object() || !result.contains(key))
    return {};
  const json& value = result.at(key);
  if (value.is_array() && !value.empty() && value.front().is_string())
    return value.front().get<std::string>();
  return value.is_string() ? value.get<std::string>() : std::string();
}

} // namespace

std::string resultStatus(const std::string& dir, long long index)
{
  return resultField(dir, index, "status");
}

std::string resultError(const std::string& dir, long long index)
{
  return resultField(dir, index, "errors");
}

} // namespace myriad::engine::sweep
