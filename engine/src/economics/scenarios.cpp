/**
 * @file scenarios.cpp
 * Scenario evaluation and comparison (see scenarios.h for the rules).
 */

#include "myriad/engine/economics/scenarios.h"

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace myriad::engine::economics
{

namespace
{

using Json = nlohmann::json;

std::string scenarioLabel(const Scenario& scenario)
{
  return "scenario \"" + scenario.name + "\"";
}

template <typename T>
void diffById(const std::map<std::string, const T*>& base,
              const std::map<std::string, const T*>& other, std::vector<std::string>& added,
              std::vector<std::string>& removed, std::vector<std::string>& changed)
{
  for (const auto& [id, object] : base)
  {
    auto it = other.find(id);
    if (it == other.end())
    {
      removed.push_back(id);
    }
    else if (!(*it->second == *object))
    {
      changed.push_back(id);
    }
  }
  for (const auto& [id, object] : other)
  {
    if (base.count(id) == 0)
    {
      added.push_back(id);
    }
  }
}

struct SceneIndex
{
  std::map<std::string, const Rack*> racks;
  std::map<std::string, const CoolingUnit*> coolers;
  std::map<std::string, const PowerFeed*> feeds;
};

SceneIndex indexScene(const Scene& scene)
{
  SceneIndex index;
  for (const auto& hall : scene.site.halls)
  {
    for (const auto& row : hall.rows)
    {
      for (const auto& rack : row.racks)
      {
        index.racks[rack.id] = &rack;
      }
    }
    for (const auto& cooler : hall.coolers)
    {
      index.coolers[cooler.id] = &cooler;
    }
    for (const auto& feed : hall.feeds)
    {
      index.feeds[feed.id] = &feed;
    }
  }
  return index;
}

KpiDelta row(const char* key, const char* label, const char* unit, std::optional<double> base,
             std::optional<double> scenario, bool lowerIsBetter = true)
{
  return KpiDelta{ key, label, unit, base, scenario, lowerIsBetter };
}

Json opt(const std::optional<double>& v)
{
  return v ? Json(*v) : Json(nullptr);
}

} // namespace

const Scenario* findScenario(const Scene& scene, const std::string& name)
{
  for (const auto& scenario : scene.scenarios)
  {
    if (scenario.name == name)
    {
      return &scenario;
    }
  }
  return nullptr;
}

const Scenario& requireScenario(const Scene& scene, const std::string& name)
{
  if (const Scenario* scenario = findScenario(scene, name))
  {
    return *scenario;
  }
  std::string known;
  for (const auto& scenario : scene.scenarios)
  {
    known += (known.empty() ? "" : ", ") + scenario.name;
  }
  throw SpecError("unknown scenario \"" + name + "\" (the scene has " +
                  (known.empty() ? std::string("no scenarios") : known) + ")");
}

EconomicsInputs scenarioInputs(const Scenario& scenario, const EconomicsInputs& base)
{
  if (scenario.inputsJson.empty())
  {
    return base;
  }
  try
  {
    return inputsWithOverrides(base, scenario.inputsJson, scenarioLabel(scenario));
  }
  catch (const LoadError& e)
  {
    throw LoadError(e.file(), "/inputs" + (e.jsonPath() == "/" ? "" : e.jsonPath()), e.detail(),
                    e.expected());
  }
}

Scene applyScenarioEdits(const Scene& base, const Scenario& scenario, const Catalog& catalog)
{
  Scene scene = base;
  scene.scenarios.clear();
  for (std::size_t i = 0; i < scenario.editsJson.size(); ++i)
  {
    const std::string where = scenarioLabel(scenario) + " edits[" + std::to_string(i) + "]";
    const edit::Edit e = edit::editFromJson(scenario.editsJson[i], where);
    try
    {
      edit::applyEdit(scene, catalog, e);
    }
    catch (const Error& error)
    {
      throw SpecError(where + " (" + edit::describeEdit(e) + "): " + error.what());
    }
  }
  return scene;
}

ScenarioEvaluation evaluateScenario(const Scene& base, const Catalog& catalog,
                                    const EconomicsInputs& baseInputs, const Scenario& scenario,
                                    bool withTornado)
{
  ScenarioEvaluation evaluation;
  evaluation.name = scenario.name;
  evaluation.inputs = scenarioInputs(scenario, baseInputs);
  evaluation.scene = applyScenarioEdits(base, scenario, catalog);
  try
  {
    evaluation.result =
      evaluateEconomics(evaluation.scene, catalog, evaluation.inputs, withTornado);
  }
  catch (const SpecError& error)
  {
    throw SpecError(scenarioLabel(scenario) + ": " + error.what());
  }
  return evaluation;
}

std::optional<double> KpiDelta::absolute() const
{
  if (!base || !scenario)
  {
    return std::nullopt;
  }
  return *scenario - *base;
}

std::optional<double> KpiDelta::relative() const
{
  if (!base || !scenario || *base == 0)
  {
    return std::nullopt;
  }
  return (*scenario - *base) / std::abs(*base);
}

bool SceneDiff::empty() const
{
  return addedRacks.empty() && removedRacks.empty() && changedRacks.empty() &&
         addedCoolers.empty() && removedCoolers.empty() && changedCoolers.empty() &&
         addedFeeds.empty() && removedFeeds.empty() && changedFeeds.empty();
}

SceneDiff diffScenes(const Scene& base, const Scene& other)
{
  const SceneIndex a = indexScene(base);
  const SceneIndex b = indexScene(other);
  SceneDiff d;
  diffById(a.racks, b.racks, d.addedRacks, d.removedRacks, d.changedRacks);
  diffById(a.coolers, b.coolers, d.addedCoolers, d.removedCoolers, d.changedCoolers);
  diffById(a.feeds, b.feeds, d.addedFeeds, d.removedFeeds, d.changedFeeds);
  return d;
}

std::vector<KpiDelta> kpiDeltas(const EconomicsResult& base, const EconomicsResult& scenario)
{
  const Kpis& a = base.kpis;
  const Kpis& b = scenario.kpis;
  return {
    row("capexUSD", "CAPEX", "USD", a.capexUSD, b.capexUSD),
    row("opexUSDPerYear", "OPEX per year", "USD/year", a.opexUSDPerYear, b.opexUSDPerYear),
    row("tcoUSD", "TCO (present value)", "USD", a.tcoUSD, b.tcoUSD),
    row("usdPerGpuHour", "Cost per GPU-hour", "USD/GPU-h", a.usdPerGpuHour, b.usdPerGpuHour),
    row("pue", "PUE", "", a.pue, b.pue),
    row("annualMWh", "Energy per year", "MWh", a.annualMWh, b.annualMWh),
    row("carbonTonnesPerYear", "Carbon per year", "t CO2", a.carbonTonnesPerYear,
        b.carbonTonnesPerYear),
    row("itMW", "IT power (mean)", "MW", a.itMW, b.itMW),
    row("gpus", "GPUs", "", a.gpus, b.gpus, false),
    row("interruptionsPerDay", "Interruptions per day", "/day", a.interruptionsPerDay,
        b.interruptionsPerDay),
    row("goodput", "Goodput", "", a.goodput, b.goodput, false),
  };
}

ScenarioComparison compareScenario(const Scene& scene, const Catalog& catalog,
                                   const EconomicsInputs& baseInputs, const std::string& name,
                                   bool withTornado)
{
  const Scenario& scenario = requireScenario(scene, name);
  ScenarioComparison c;
  c.scenarioName = scenario.name;
  c.description = scenario.description;
  c.base = evaluateEconomics(scene, catalog, baseInputs, withTornado);
  c.scenario = evaluateScenario(scene, catalog, baseInputs, scenario, withTornado);
  c.kpis = kpiDeltas(c.base, c.scenario.result);
  c.diff = diffScenes(scene, c.scenario.scene);
  return c;
}

std::string comparisonToJson(const ScenarioComparison& c)
{
  Json kpis = Json::array();
  for (const auto& k : c.kpis)
  {
    kpis.push_back(Json{ { "key", k.key },
                         { "label", k.label },
                         { "unit", k.unit },
                         { "base", opt(k.base) },
                         { "scenario", opt(k.scenario) },
                         { "delta", opt(k.absolute()) },
                         { "relative", opt(k.relative()) } });
  }
  const SceneDiff& d = c.diff;
  Json diff{
    { "racks",
      { { "added", d.addedRacks }, { "removed", d.removedRacks }, { "changed", d.changedRacks } } },
    { "coolers",
      { { "added", d.addedCoolers },
        { "removed", d.removedCoolers },
        { "changed", d.changedCoolers } } },
    { "feeds",
      { { "added", d.addedFeeds }, { "removed", d.removedFeeds }, { "changed", d.changedFeeds } } }
  };
  Json j{ { "scenario", c.scenarioName },
          { "description", c.description },
          { "kpis", std::move(kpis) },
          { "diff", std::move(diff) } };
  return j.dump(2);
}

} // namespace myriad::engine::economics
