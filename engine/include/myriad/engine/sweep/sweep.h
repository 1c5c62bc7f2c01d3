#pragma once
/**
 * @file sweep.h
 * Design-space sweeps (docs/sweeps.md): a SWEEP.json names a base scene (a scene file, a
 * generator spec or a built-in sample), jobs to time, and parameters to vary; planning expands
 * it into scenarios (a full grid, values zipped by position, or a Latin hypercube sample) and
 * writes a self-contained sweep folder:
 *
 *   DIR/sweep.json        the spec as planned (inputs resolved into DIR/inputs/)
 *   DIR/inputs/base.json  the base document (scene, or {"spec": …} for a spec base)
 *   DIR/inputs/job-K.json each job document
 *   DIR/manifest.jsonl    one line per scenario: {"index":N,"parameters":{NAME: VALUE, …}}
 *   DIR/results/N.json    written by evaluating scenario N (atomically)
 *
 * Evaluating scenario N is idempotent: a result with status "ok" is kept, anything else is
 * evaluated again. Every executor (a local pool, a Slurm job array, a Kubernetes Indexed Job)
 * runs the same task, `myriad-cli sweep run DIR --index N`.
 *
 * A parameter is a JSON pointer into the base document ("/spec/gpuCount",
 * "/evaluation/energyPriceUSDPerKWh", "/site/currency") or into a job ("/jobs/0/training/
 * microBatches"), or one of the names of sweepParameterNames() that stand for such pointers.
 * A change under /spec/ regenerates the hall from the changed spec.
 */

#include "myriad/engine/live/live_models.h"
#include "myriad/engine/model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::sweep
{

/** One varied parameter: where it writes and the values it takes. */
struct Parameter
{
  std::string name;    ///< column name: the given name, else the pointer
  std::string pointer; ///< RFC 6901 pointer into the base document or "/jobs/K/…"
  /** Values as JSON text, one per scenario level (lists and ranges); empty for an LHS range. */
  std::vector<std::string> valuesJson;
  /** For Latin hypercube sampling of a numeric range: [from, to], integer or not. */
  std::optional<std::pair<double, double>> continuous;
  bool integer = false; ///< sampled values are rounded to whole numbers
};

enum class Design
{
  Grid,          ///< every combination (the product of the value counts)
  Zip,           ///< the K-th value of every parameter together (equal counts)
  LatinHypercube ///< `samples` points, each parameter's range cut in `samples` strata
};

struct SweepSpec
{
  std::string file; ///< where it was read from (for messages)
  /** Base document kind and its path or built-in name as written in the spec. */
  std::string baseKind; ///< "scene", "spec" or "builtin"
  std::string baseRef;
  std::vector<std::string> jobPaths; ///< as written (relative to the sweep file's folder)
  std::vector<Parameter> parameters;
  Design design = Design::Grid;
  int samples = 0;                 ///< Latin hypercube points
  std::uint64_t seed = 1;          ///< Latin hypercube seed
  std::vector<std::string> models; ///< live stages to run (names of live::toString); all if empty
  std::vector<std::string> kpis;   ///< KPI names to keep; all if empty
  long long limit = 1000;          ///< more scenarios than this need the caller's confirmation
  /**
   * A partial grid: combinations left out. Each rule lists parameters (by index) and a value
   * each (canonical JSON text); a grid point matching every pair of a rule is not a scenario.
   */
  std::vector<std::vector<std::pair<std::size_t, std::string>>> exclude;
};

/** The names that stand for pointers, with the pointer each stands for. */
const std::vector<std::pair<std::string, std::string>>& sweepParameterNames();
/**
 * Scene KPI names a result may hold: "gpusBuilt" and "racks" (as built) and every model figure of
 * tour/tour_figures.h ("pue", "capexMUSD", "maxInletC", …); per job, "JOB.stepS" and the rest of
 * jobKpiNames(). A KPI whose model was not run is left out of the result, never written as 0.
 */
std::vector<std::string> sceneKpiNames();
/** Per-job KPI suffixes: "stepS", "mfu", "tokensPerS", "exposedS". */
const std::vector<std::string>& jobKpiNames();

/**
 * Parse SWEEP.json. Throws LoadError naming the file, JSON path and expected form (unknown
 * keys, unknown parameter names, bad ranges, unknown models or KPIs).
 */
SweepSpec parseSweep(const std::string& text, const std::string& fileName);

/** One scenario: its index and the value (JSON text) of each parameter, in spec order. */
struct Scenario
{
  long long index = 0;
  std::vector<std::string> valuesJson;
};

/** The number of scenarios the design gives (grid: the product less the excluded points; may
 *  exceed `limit`). */
long long scenarioCount(const SweepSpec& spec);
/** Expand the design into scenarios. Throws LoadError for an empty grid or unequal zip. */
std::vector<Scenario> expandScenarios(const SweepSpec& spec);

/**
 * Plan: read the base and jobs the spec names, check every parameter against them (the pointer
 * exists or may be set, every value has the right type and the model readers accept it), then
 * write the sweep folder `dir`. Throws LoadError/SpecError naming the sweep file and parameter
 * before anything is written; a count above spec.limit throws unless `allowOverLimit`.
 * Returns the scenario count.
 */
long long planSweep(const SweepSpec& spec, const std::string& dir, const Catalog& catalog,
                    bool allowOverLimit);

/** The spec and scenario count of a planned folder. Throws LoadError. */
SweepSpec readPlannedSweep(const std::string& dir);
long long plannedScenarioCount(const std::string& dir);
/** Scenario `index` of a planned folder (its manifest line). Throws LoadError when out of range. */
Scenario plannedScenario(const std::string& dir, long long index);
/** Every scenario of a planned folder, the manifest read once. Throws LoadError. */
std::vector<Scenario> plannedScenarios(const std::string& dir);

/** Where scenario `index`'s result goes: DIR/results/INDEX.json. */
std::string resultPath(const std::string& dir, long long index);
/** "ok", "failed", or "" when there is no readable result. */
std::string resultStatus(const std::string& dir, long long index);
/** The first error scenario `index`'s result records; "" when none (or no result). */
std::string resultError(const std::string& dir, long long index);

/** Outcome of evaluating one scenario. */
struct RunOutcome
{
  bool skipped = false; ///< an "ok" result was already there
  bool ok = false;
  std::string error; ///< first error when not ok
};

/**
 * Evaluate scenario `index` of planned folder `dir` and write its result atomically: the
 * scenario's parameters, the KPIs kept, each job's step figures, each stage's time and
 * backend, the errors (a failing stage or job makes the status "failed"; the rest still runs),
 * the wall time and the process's peak resident memory. Never throws for a model
 * failure; throws LoadError only when the folder itself is unreadable.
 */
RunOutcome runScenario(const std::string& dir, long long index, const Catalog& catalog,
                       const live::LiveOptions& options, bool force = false);

/** The gathered results of a sweep folder: what `sweep gather` writes and the app shows. */
struct SweepTable
{
  std::vector<std::string> parameterColumns; ///< the parameters' names, in spec order
  /** KPI and job columns: the union over the results, in order of first appearance. */
  std::vector<std::string> kpiColumns;
  struct Row
  {
    long long index = 0;
    std::string status;                      ///< "ok", "failed" or "missing"
    std::vector<std::string> parameters;     ///< values as JSON text ("256", "\"air\"")
    std::vector<std::optional<double>> kpis; ///< by kpiColumns; empty where not computed
    std::string error;                       ///< the first error of a failed scenario
  };
  std::vector<Row> rows; ///< one per scenario, by index
};

/** Read every result of `dir` (missing ones as status "missing"). Throws LoadError. */
SweepTable readSweepTable(const std::string& dir);

/** Counts of a gather. */
struct GatherSummary
{
  long long scenarios = 0;
  long long ok = 0;
  std::vector<std::pair<long long, std::string>> failed; ///< index, error
  std::vector<long long> missing;                        ///< no result yet
};

/**
 * Join every result of `dir` into one CSV (index, status, parameters, KPIs, error; a row per
 * scenario, missing results as status "missing") written atomically to `csvPath`.
 */
GatherSummary gatherSweep(const std::string& dir, const std::string& csvPath);

/**
 * The scene of scenario `index`: the base with the scenario's values written in (the hall
 * generated again when a spec field changed), what the task evaluated. Throws LoadError /
 * SpecError.
 */
Scene scenarioScene(const std::string& dir, long long index, const Catalog& catalog);

/**
 * Whether a larger value of KPI `column` is the better one (bandwidth, goodput, MFU, tokens/s,
 * MTBI); costs, power, PUE, times and temperatures are better smaller.
 */
bool higherIsBetter(const std::string& column);

/**
 * Indices (into `points`) of the Pareto front: the points no other point beats in both
 * coordinates (at least as good in both, better in one), "good" per `maximiseX`/`maximiseY`.
 * Sorted by x. Ties of equal points keep each of them.
 */
std::vector<std::size_t> paretoFront(const std::vector<std::pair<double, double>>& points,
                                     bool maximiseX, bool maximiseY);

} // namespace myriad::engine::sweep
