#pragma once
/**
 * @file live_models.h
 * The models the live loop recomputes after an edit, as separate stages, cheapest first:
 * geometry (validation), fabric (graph + cable routing + BOM), power (power chain),
 * economics (energy, cost, reliability), traffic (a ring all-reduce over all compute nodes on
 * the fabric), thermal (air temperature of the first hall, warm-started).
 *
 * Each stage reads a Scene (a copy owned by the caller's worker) and writes its part of
 * LiveResults; results of stages not rerun are kept from the previous run. Stages poll a
 * CancelToken between steps and return early (marked cancelled) when a newer edit arrived.
 * No Qt here: the app's scheduler (app/) runs these on a worker thread; `myriad-cli apply` runs
 * them inline.
 */

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/model.h"
#include "myriad/engine/validation.h"

namespace myriad::engine::thermal
{
struct ThermalResult;
} // namespace myriad::engine::thermal

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}
namespace myriad::engine::traffic
{
class MaxMinSolver; // traffic/maxmin_solver.h
}
namespace myriad::engine::thermal
{
class ThermalSolver; // thermal/thermal_problem.h
}

namespace myriad::engine::live
{

enum class Stage
{
  Geometry,
  Fabric,
  Power,
  Economics,
  Traffic,
  Thermal
};
constexpr int kStageCount = 6;
/** The stage's name ("geometry", …), from the model registry (model_registry.h). */
const char* toString(Stage stage);
/**
 * Stages an edit's ChangeSet needs, in run order: every model whose declared inputs
 * (model_registry.h) include a kind of data the edit changed, and the models reading the results
 * of one of those. Empty when nothing a model reads changed (a row renamed).
 */
std::vector<Stage> stagesFor(const edit::ChangeSet& changes);
/** Every stage, in run order (first computation of a document). */
std::vector<Stage> allStages();

/** Cooperative cancellation: set by the scheduler when a newer edit supersedes this run. */
class CancelToken
{
public:
  void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
  std::atomic<bool> m_cancelled{ false };
};

/** A violation for the violations dock: what, where (object id to fly to) and which model. */
struct Violation
{
  Stage stage = Stage::Geometry;
  Severity severity = Severity::Error;
  std::string objectId;
  std::string message; ///< English: the finding, and "; fix: " and the hint when there is one
  Text text;           ///< the finding as a pattern to translate; empty: only `message` exists
  Text hint;           ///< the fix as a pattern to translate; empty: none, or not written so
};

/**
 * A finding of `stage` from a model's diagnostic: its message with the hint after "; fix: ",
 * and both as patterns (a finding written as plain text becomes the untranslated pattern "%1").
 */
Violation violationOf(Stage stage, const Diagnostic& diagnostic);
/** A finding of `stage` without a fix: its message is `text` in English. */
Violation violationOf(Stage stage, Severity severity, std::string objectId, Text text);

/**
 * The routed fabric of one scene as the fabric stage built it: graph, cables and trays, BOM.
 * Built once per edit and shared read-only (shared_ptr<const>) with the traffic stage and the
 * app's docks, so every view of the fabric shows the same result.
 */
struct FabricSnapshot
{
  /** The scene the fabric was built from, as cabled (NICs without a leaf left out). */
  std::shared_ptr<const Scene> scene;
  fabric::FabricGraph graph;
  fabric::CablingResult cabling;
  std::vector<fabric::BomLine> bom;
  double computeMs = 0; ///< wall time of build + route + BOM
};

/**
 * Build the SuperPOD fabric of `scene` as given, route every cable and make the BOM (one
 * buildSuperPod call). Throws engine::Error (SpecError when the switches cannot be wired).
 */
std::shared_ptr<const FabricSnapshot> buildFabricSnapshot(const Scene& scene,
                                                          const Catalog& catalog);

/** Headline numbers of each model, as the status area and `myriad-cli apply` print them. */
struct Kpis
{
  int racks = 0;
  int gpus = 0;
  double itPowerMW = 0;     ///< peak: every device at its catalog maximum (nameplate), no optics
  double itOperatingMW = 0; ///< power stage: at the evaluation context's utilisation, no optics
  // fabric
  int fabricCables = 0;
  double cableLengthKm = 0;
  int transceivers = 0;
  double opticsPowerKW = 0;
  double maxTrayFill = 0; ///< fraction of the fullest tray segment
  // power + economics
  int powerViolations = 0;
  double facilityPowerMW = 0;
  double annualPue = 0;
  double capexMUSD = 0;
  double annualOpexMUSD = 0;
  double costPerGpuHourUSD = 0;
  // traffic
  double allReduceBusBwGBs = 0;     ///< NCCL bus bandwidth of the whole-cluster ring all-reduce
  double allReduceTimeMs = 0;       ///< for the message size below
  double allReduceMessageMB = 1024; ///< message size in MiB (1024 = 1 GiB)
  // thermal
  double maxInletC = 0;
  double meanInletC = 0;
  int racksOverInletLimit = 0;
  double energyBalanceError = 0; ///< |heat in − heat removed| / heat in
};

/** Last run of each stage: latency, whether it completed, and what it found. */
struct StageStatus
{
  bool computed = false;  ///< has a result (possibly from an earlier run)
  bool cancelled = false; ///< last attempt was superseded
  bool failed = false;    ///< threw; `error` says why, the earlier result is kept
  std::string error;
  double millis = 0; ///< wall time of the last completed run
  /**
   * The backend that ran the last completed run: the solver's lastRun().backend for traffic and
   * thermal ("CPU", "CUDA (NVIDIA H200)", or whatever solver LiveOptions injected), "CPU" for
   * the stages without a solver choice (geometry, fabric, power, economics).
   */
  std::string backend = "CPU";
  /** Why that backend ran: the backend choice's reason, a fallback's cause, or "CPU only". */
  std::string backendReason;
};

struct LiveResults
{
  Kpis kpis;
  std::vector<Violation> violations; ///< all stages, geometry first
  std::array<StageStatus, kStageCount> stages;
  /** The routed fabric's bill of materials (counts, optics power, prices), from the fabric
   *  stage; the economics stage prices it. Empty before the fabric stage ran. */
  economics::BomInput fabricBom;
  /**
   * The fabric stage's routed fabric (null before it ran). Kept when a later run fails, for the
   * docks to show as stale; the traffic stage uses it only while the fabric stage's status is
   * computed and neither failed nor cancelled (it then describes the scene being run).
   */
  std::shared_ptr<const FabricSnapshot> fabric;
  /**
   * The economics stage's full result (KPIs, cost and energy breakdowns, power chain) and the
   * inputs it was evaluated with (the document's evaluation context with the routed BOM): what the
   * app's Dashboard shows, so an edit is priced once. Null before the stage ran or when it failed.
   */
  std::shared_ptr<const economics::EconomicsResult> economics;
  economics::EconomicsInputs economicsInputs;
  /** Per-rack mean inlet temperature (°C) from the thermal stage, by rack id. */
  std::vector<std::pair<std::string, double>> rackInletC;
  /**
   * The thermal stage's solved hall (the first), at the live cell size and the document's
   * utilisation: field, rack inlets, coolers. What the Thermal dock shows when it asks for the
   * same solve, so an edit is solved once; the warm start of the next run. Kept when a later run
   * fails (the dock shows it as stale). Null before the stage ran.
   */
  std::shared_ptr<const thermal::ThermalResult> thermal;

  const StageStatus& status(Stage stage) const { return stages[static_cast<int>(stage)]; }
};

struct LiveOptions
{
  // The load level, site, prices and finance come from the document's evaluation context
  // (Scene::evaluationJson, economics::documentInputs), never from here: one context per document.
  int thermalMaxCells = 400000; ///< cell budget of the live thermal grid (coarser than offline)
  double inletLimitC = 27;      ///< ASHRAE A1 recommended upper limit
  /**
   * Solvers of the traffic and thermal stages, e.g. from the backend factory
   * (backend/factory.h: makeSolvers). Null: the CPU reference, created for each run. The stage
   * status names the backend that actually ran (the solver's lastRun()). A solver shared by
   * runs on several threads must be thread-safe (the factory's are).
   */
  std::shared_ptr<traffic::MaxMinSolver> maxMinSolver;
  std::shared_ptr<thermal::ThermalSolver> thermalSolver;
};

/**
 * Run one stage on `scene`, updating `results` (its KPIs, its violations, its status).
 * Exceptions are caught and recorded in the stage status; the function does not throw.
 */
void runStage(Stage stage, const Scene& scene, const Catalog& catalog, const LiveOptions& options,
              const CancelToken& cancel, LiveResults& results);

/**
 * The cell edge (m) the thermal stage solves `hall` at: the smallest edge ≥ 0.25 m, in steps of
 * 0.05 m, whose grid stays under `maxCells` (LiveOptions::thermalMaxCells). The Thermal dock
 * shows the stage's field when it asks for this cell on the first hall.
 */
double liveThermalCellM(const Hall& hall, int maxCells);

/** Run stages in order (stops early when cancelled). */
void runStages(const std::vector<Stage>& stages, const Scene& scene, const Catalog& catalog,
               const LiveOptions& options, const CancelToken& cancel, LiveResults& results);

/**
 * Copy what stage `stage` owns from `from` into `into`: its status, its KPI fields, its
 * violations and its other outputs (fabric BOM and snapshot; economics result and inputs; rack
 * inlets and the thermal warm start). Lets results computed in separate runs (the app runs the
 * cheap and the slow stages on two workers) be joined into one LiveResults.
 */
void mergeStage(Stage stage, const LiveResults& from, LiveResults& into);

/** KPIs as JSON (for `myriad-cli apply` and tests). */
std::string kpisToJson(const Kpis& kpis);

} // namespace myriad::engine::live
