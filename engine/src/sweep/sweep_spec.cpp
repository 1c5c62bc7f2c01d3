/**
 * @file sweep_spec.cpp
 * SWEEP.json → SweepSpec (docs/sweeps.md, "The sweep file"). Values are kept as JSON text so
 * that the planner can write them into the base document unchanged; ranges are expanded here.
 */
#include "myriad/engine/sweep/sweep.h"

#include "io/json_reader.h"
#include "myriad/engine/tour/tour_figures.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::sweep
{

using detail::JsonReader;
using nlohmann::json;

const std::vector<std::pair<std::string, std::string>>& sweepParameterNames()
{
  static const std::vector<std::pair<std::string, std::string>> names = {
    { "gpus", "/spec/gpuCount" },
    { "serverModel", "/spec/serverModel" },
    { "cooling", "/spec/cooling" },
    { "containment", "/spec/containment" },
    { "switchPlacement", "/spec/switchPlacement" },
    { "leafSwitchModel", "/spec/leafSwitchModel" },
    { "coolerModel", "/spec/coolerModel" },
    { "supplySetpointC", "/spec/supplySetpointC" },
    { "site", "/evaluation/site" },
    { "utilisation", "/evaluation/utilisation" },
    { "energyPrice", "/evaluation/energyPriceUSDPerKWh" },
    { "carbonPrice", "/evaluation/carbonPriceUSDPerTonne" },
    { "discountRate", "/evaluation/discountRate" },
    { "years", "/evaluation/years" },
    { "hardwarePriceFactor", "/evaluation/hardwarePriceFactor" },
    { "chilledWaterC", "/evaluation/cooling/chilledWaterC" },
    { "liquidSupplyC", "/evaluation/cooling/liquidSupplyC" },
    { "currency", "/site/currency" },
    { "routing", "/jobs/*/routing" },
  };
  return names;
}

const std::vector<std::string>& jobKpiNames()
{
  static const std::vector<std::string> names = { "stepS", "mfu", "tokensPerS", "exposedS" };
  return names;
}

std::vector<std::string> sceneKpiNames()
{
  std::vector<std::string> names = { "gpusBuilt", "racks" };
  for (const auto& figure : tour::figureSpecs())
  {
    names.emplace_back(figure.name);
  }
  return names;
}

namespace
{

std::string knownNames()
{
  std::string out;
  for (const auto& [name, pointer] : sweepParameterNames())
  {
    out += (out.empty() ? "" : ", ") + name;
  }
  return out;
}

/** Where a parameter writes: a JSON pointer into the base document or a job. */
std::string parameterPointer(const JsonReader& r, const json& item, const std::string& path)
{
  if (item.contains("name") == item.contains("pointer"))
  {
    r.fail(path, "a parameter needs exactly one of \"name\" and \"pointer\"",
           "{\"name\": NAME} or {\"pointer\": \"/spec/…\"}");
  }
  if (item.contains("name"))
  {
    const std::string name = r.string(item, "name", path);
    for (const auto& [known, pointer] : sweepParameterNames())
    {
      if (known == name)
      {
        return pointer;
      }
    }
    r.fail(path + "/name", "unknown parameter name \"" + name + "\"", "one of " + knownNames());
  }
  std::string pointer = r.string(item, "pointer", path);
  static const char* const roots[] = { "/spec/", "/evaluation/", "/site/", "/jobs/" };
  const bool rooted =
    std::any_of(std::begin(roots), std::end(roots),
                [&](const char* root) {
                  return pointer.rfind(root, 0) == 0 && pointer.size() > std::string(root).size();
                });
  if (!rooted || pointer.find("/site/halls") == 0)
  {
    r.fail(path + "/pointer", "cannot vary \"" + pointer + "\"",
           "a JSON pointer under /spec/, /evaluation/, /site/ (not /site/halls) or /jobs/K/");
  }
  try
  {
    (void)json::json_pointer(pointer);
  }
  catch (const json::exception&)
  {
    r.fail(path + "/pointer", "\"" + pointer + "\" is not a JSON pointer",
           "RFC 6901, e.g. /spec/gpuCount");
  }
  return pointer;
}

/** A range {"from", "to", "step"} or {"from", "to", "count"} as its values (inclusive). */
std::vector<std::string> rangeValues(const JsonReader& r, const json& range,
                                     const std::string& path, bool integer)
{
  r.allowOnly(range, path, { "from", "to", "step", "count" });
  const double from = r.number(range, "from", path, "a number");
  const double to = r.number(range, "to", path, "a number");
  if (range.contains("step") == range.contains("count"))
  {
    r.fail(path, "a range needs exactly one of \"step\" and \"count\"",
           "{\"from\", \"to\", \"step\"}");
  }
  std::vector<double> values;
  if (range.contains("count"))
  {
    const int count = r.integerOr(range, "count", path, 0);
    if (count < 1 || count > 100000)
    {
      r.fail(path + "/count", "count " + std::to_string(count) + " out of range", "1 to 100000");
    }
    for (int k = 0; k < count; ++k)
    {
      values.push_back(count == 1 ? from : from + (to - from) * k / (count - 1));
    }
  }
  else
  {
    const double step = r.number(range, "step", path, "a number");
    if (!(step > 0) || !(to >= from) || (to - from) / step > 100000)
    {
      r.fail(path, "the range must have step > 0, to ≥ from and at most 100000 steps",
             "{\"from\": 1, \"to\": 9, \"step\": 2}");
    }
    const long long steps = std::llround(std::floor((to - from) / step * (1 + 1e-12)));
    for (long long k = 0; k <= steps; ++k)
    {
      values.push_back(from + step * static_cast<double>(k));
    }
  }
  std::vector<std::string> texts;
  for (const double v : values)
  {
    texts.push_back(integer ? json(std::llround(v)).dump() : json(v).dump());
  }
  return texts;
}

Parameter parseParameter(const JsonReader& r, const json& item, const std::string& path,
                         Design design)
{
  if (!item.is_object())
  {
    r.fail(path, "got " + detail::describeJsonType(item), "an object {\"name\", \"values\"}");
  }
  r.allowOnly(item, path, { "name", "pointer", "values", "range", "integer", "label" });
  Parameter p;
  p.pointer = parameterPointer(r, item, path);
  p.name = item.contains("label")  ? r.string(item, "label", path)
           : item.contains("name") ? r.string(item, "name", path)
                                   : p.pointer;
  p.integer = r.booleanOr(item, "integer", path, p.pointer == "/spec/gpuCount");
  if (item.contains("values") == item.contains("range"))
  {
    r.fail(path, "a parameter needs exactly one of \"values\" and \"range\"",
           "\"values\": [ … ] or \"range\": {\"from\", \"to\", \"step\"}");
  }
  if (item.contains("values"))
  {
    const auto& values = r.array(item, "values", path);
    for (std::size_t k = 0; k < values.size(); ++k)
    {
      if (values[k].is_null() || values[k].is_object() || values[k].is_array())
      {
        r.fail(path + "/values/" + std::to_string(k), "got " + detail::describeJsonType(values[k]),
               "a number, a string or a boolean");
      }
      p.valuesJson.push_back(values[k].dump());
    }
    if (p.valuesJson.empty())
    {
      r.fail(path + "/values", "no values: the grid would be empty", "at least one value");
    }
    return p;
  }
  const auto& range = r.object(item, "range", path);
  if (design == Design::LatinHypercube)
  {
    r.allowOnly(range, path + "/range", { "from", "to" });
    const double from = r.number(range, "from", path + "/range", "a number");
    const double to = r.number(range, "to", path + "/range", "a number");
    if (!(to > from))
    {
      r.fail(path + "/range", "to must be greater than from", "{\"from\": 0.04, \"to\": 0.12}");
    }
    p.continuous = std::pair{ from, to };
    return p;
  }
  p.valuesJson = rangeValues(r, range, path + "/range", p.integer);
  return p;
}

void parseDesign(const JsonReader& r, const json& root, SweepSpec& spec)
{
  if (!root.contains("design"))
  {
    return;
  }
  const auto& design = root.at("design");
  if (design.is_string() && design == "grid")
  {
    spec.design = Design::Grid;
    return;
  }
  if (design.is_string() && design == "zip")
  {
    spec.design = Design::Zip;
    return;
  }
  if (!design.is_object() || !design.contains("latinHypercube"))
  {
    r.fail("/design", "unknown design " + design.dump(),
           "\"grid\", \"zip\" or {\"latinHypercube\": {\"samples\": N, \"seed\": S}}");
  }
  r.allowOnly(design, "/design", { "latinHypercube" });
  const auto& lhs = r.object(design, "latinHypercube", "/design");
  r.allowOnly(lhs, "/design/latinHypercube", { "samples", "seed" });
  spec.design = Design::LatinHypercube;
  spec.samples = r.integerOr(lhs, "samples", "/design/latinHypercube", 0);
  if (spec.samples < 1 || spec.samples > 1000000)
  {
    r.fail("/design/latinHypercube/samples", "samples must be 1 to 1000000", "a whole number");
  }
  spec.seed = static_cast<std::uint64_t>(r.integerOr(lhs, "seed", "/design/latinHypercube", 1));
}

void parseBase(const JsonReader& r, const json& root, SweepSpec& spec)
{
  const auto& base = r.object(root, "base", "");
  r.allowOnly(base, "/base", { "scene", "spec", "builtin" });
  if (base.size() != 1)
  {
    r.fail("/base", "the base needs exactly one of \"scene\", \"spec\" and \"builtin\"",
           "{\"scene\": \"hall.json\"}");
  }
  spec.baseKind = base.begin().key();
  spec.baseRef = r.string(base, spec.baseKind, "/base");
}

std::vector<std::string> stringList(const JsonReader& r, const json& root, const std::string& key,
                                    const std::vector<std::string>& allowed)
{
  std::vector<std::string> out;
  const auto& list = r.array(root, key, "", false);
  for (std::size_t k = 0; k < list.size(); ++k)
  {
    const std::string path = "/" + key + "/" + std::to_string(k);
    if (!list[k].is_string())
    {
      r.fail(path, "got " + detail::describeJsonType(list[k]), "a string");
    }
    const std::string value = list[k];
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), value) == allowed.end())
    {
      std::string known;
      for (const auto& a : allowed)
      {
        known += (known.empty() ? "" : ", ") + a;
      }
      r.fail(path, "unknown " + key.substr(0, key.size() - 1) + " \"" + value + "\"",
             "one of " + known);
    }
    out.push_back(value);
  }
  return out;
}

/** "exclude": [{NAME: VALUE, …}, …], the grid points left out (a partial grid). */
void parseExclude(const JsonReader& r, const json& root, SweepSpec& spec)
{
  const auto& rules = r.array(root, "exclude", "", false);
  if (!rules.empty() && spec.design != Design::Grid)
  {
    r.fail("/exclude", "\"exclude\" leaves points out of a grid", "a \"grid\" design");
  }
  for (std::size_t k = 0; k < rules.size(); ++k)
  {
    const std::string path = "/exclude/" + std::to_string(k);
    if (!rules[k].is_object() || rules[k].empty())
    {
      r.fail(path, "got " + detail::describeJsonType(rules[k]),
             "an object of parameter names and values, e.g. {\"gpus\": 512, \"cooling\": \"air\"}");
    }
    std::vector<std::pair<std::size_t, std::string>> rule;
    for (const auto& item : rules[k].items())
    {
      const auto it = std::find_if(spec.parameters.begin(), spec.parameters.end(),
                                   [&](const Parameter& p) { return p.name == item.key(); });
      if (it == spec.parameters.end())
      {
        r.fail(path + "/" + item.key(), "no parameter is called \"" + item.key() + "\"",
               "the name (or label) of a parameter");
      }
      const std::string value = item.value().dump();
      if (std::find(it->valuesJson.begin(), it->valuesJson.end(), value) == it->valuesJson.end())
      {
        r.fail(path + "/" + item.key(), value + " is none of the parameter's values",
               "one of its \"values\" (or range points)");
      }
      rule.emplace_back(static_cast<std::size_t>(it - spec.parameters.begin()), value);
    }
    spec.exclude.push_back(std::move(rule));
  }
}

} // namespace

SweepSpec parseSweep(const std::string& text, const std::string& fileName)
{
  const JsonReader r(fileName);
  const json root = r.parse(text);
  if (!root.is_object())
  {
    r.fail("", "got " + detail::describeJsonType(root), "a sweep object");
  }
  r.allowOnly(root, "",
              { "version", "base", "jobs", "parameters", "design", "models", "kpis", "limit",
                "exclude", "notes" });
  if (r.integerOr(root, "version", "", 1) != 1)
  {
    r.fail("/version", "unsupported sweep version", "1");
  }
  SweepSpec spec;
  spec.file = fileName;
  parseBase(r, root, spec);
  parseDesign(r, root, spec);
  spec.jobPaths = stringList(r, root, "jobs", {});
  std::vector<std::string> stages;
  for (const auto stage : live::allStages())
  {
    stages.emplace_back(live::toString(stage));
  }
  spec.models = stringList(r, root, "models", stages);
  spec.kpis = stringList(r, root, "kpis", {});
  const auto sceneKpis = sceneKpiNames();
  for (std::size_t k = 0; k < spec.kpis.size(); ++k)
  {
    const auto& name = spec.kpis[k];
    const bool scene = std::find(sceneKpis.begin(), sceneKpis.end(), name) != sceneKpis.end();
    const auto dot = name.rfind('.');
    const bool job = dot != std::string::npos &&
                     std::find(jobKpiNames().begin(), jobKpiNames().end(), name.substr(dot + 1)) !=
                       jobKpiNames().end();
    if (!scene && !job)
    {
      r.fail("/kpis/" + std::to_string(k), "unknown KPI \"" + name + "\"",
             "a scene KPI (capexMUSD, pue, …; docs/sweeps.md) or JOB.stepS, JOB.mfu, "
             "JOB.tokensPerS, JOB.exposedS");
    }
  }
  spec.limit = root.contains("limit") ? r.integerOr(root, "limit", "", 1000) : 1000;
  if (spec.limit < 1)
  {
    r.fail("/limit", "limit must be at least 1", "a whole number of scenarios");
  }
  const auto& parameters = r.array(root, "parameters", "");
  if (parameters.empty())
  {
    r.fail("/parameters", "no parameters: nothing to vary", "at least one parameter");
  }
  for (std::size_t k = 0; k < parameters.size(); ++k)
  {
    spec.parameters.push_back(
      parseParameter(r, parameters[k], "/parameters/" + std::to_string(k), spec.design));
    for (std::size_t j = 0; j < k; ++j)
    {
      if (spec.parameters[j].pointer == spec.parameters[k].pointer)
      {
        r.fail("/parameters/" + std::to_string(k),
               "varies " + spec.parameters[k].pointer + " again (as parameter " +
                 std::to_string(j) + ")",
               "each field once");
      }
    }
  }
  parseExclude(r, root, spec);
  return spec;
}

} // namespace myriad::engine::sweep
