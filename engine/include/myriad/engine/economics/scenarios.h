#pragma once
/**
 * @file scenarios.h
 * Scenarios ("what happens to the numbers in scenario B") and their comparison with the base.
 *
 * A Scenario (model.h) holds economics input overrides and layout edits. Evaluating it:
 *   1. copy the scene and apply its edits in order (edit::applyEdit, placement checks on);
 *   2. overlay its inputs on the base inputs (JSON merge patch: a key replaces the base value,
 *      nested objects such as "cooling" merge key by key, null restores the default);
 *   3. evaluateEconomics on the edited copy with the merged inputs.
 * Comparison: the KPI table (CAPEX, annual OPEX, TCO, $/GPU-hour, PUE, annual MWh, carbon, IT
 * MW, GPUs, interruptions/day, goodput) of base and scenario with the absolute delta
 * (scenario − base) and the relative delta ((scenario − base) / |base|, missing when the base is
 * 0 or either value is missing), and the 3D diff: rack, cooler and feed ids added, removed or
 * changed (same id, different content) between the two scenes.
 */

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/model.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::economics
{

/** The scenario called `name`, or nullptr. */
const Scenario* findScenario(const Scene& scene, const std::string& name);
/** As findScenario, but throws SpecError naming the scenario and listing the known ones. */
const Scenario& requireScenario(const Scene& scene, const std::string& name);

/** Base inputs with the scenario's overrides; throws LoadError naming the scenario and path. */
EconomicsInputs scenarioInputs(const Scenario& scenario, const EconomicsInputs& base);

/**
 * A copy of `base` with the scenario's edits applied (the copy keeps no scenarios). Throws
 * SpecError naming the scenario, the edit's index and op, and the edit's own message.
 */
Scene applyScenarioEdits(const Scene& base, const Scenario& scenario, const Catalog& catalog);

/** The edited scene, the merged inputs and the economics of one scenario. */
struct ScenarioEvaluation
{
  std::string name;
  Scene scene;
  EconomicsInputs inputs;
  EconomicsResult result;
};

ScenarioEvaluation evaluateScenario(const Scene& base, const Catalog& catalog,
                                    const EconomicsInputs& baseInputs, const Scenario& scenario,
                                    bool withTornado = false);

/** One row of the comparison table. */
struct KpiDelta
{
  std::string key;   ///< "capexUSD", as in economicsResultToJson
  std::string label; ///< "CAPEX"
  std::string unit;  ///< "USD", "USD/year", "MW", "" …
  std::optional<double> base;
  std::optional<double> scenario;
  bool lowerIsBetter = true; ///< colours a delta good or bad
  std::optional<double> absolute() const;
  std::optional<double> relative() const; ///< fraction (0.1 = +10 %)
};

/** Objects that differ between two scenes, by id. */
struct SceneDiff
{
  std::vector<std::string> addedRacks, removedRacks, changedRacks;
  std::vector<std::string> addedCoolers, removedCoolers, changedCoolers;
  std::vector<std::string> addedFeeds, removedFeeds, changedFeeds;
  bool empty() const;
};

/** Racks, coolers and feeds compared by id and content (operator==). Lists are sorted. */
SceneDiff diffScenes(const Scene& base, const Scene& other);

/** The KPI rows of the table, in display order. */
std::vector<KpiDelta> kpiDeltas(const EconomicsResult& base, const EconomicsResult& scenario);

struct ScenarioComparison
{
  std::string scenarioName;
  std::string description;
  EconomicsResult base;
  ScenarioEvaluation scenario;
  std::vector<KpiDelta> kpis;
  SceneDiff diff;
};

/** Evaluate the base and the scenario called `name` (SpecError when unknown) and compare. */
ScenarioComparison compareScenario(const Scene& scene, const Catalog& catalog,
                                   const EconomicsInputs& baseInputs, const std::string& name,
                                   bool withTornado = false);

/** The comparison as JSON: {"scenario", "kpis":[{key, base, scenario, delta, relative}], "diff"}.
 */
std::string comparisonToJson(const ScenarioComparison& comparison);

} // namespace myriad::engine::economics
