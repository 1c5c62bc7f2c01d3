// The live stages (live_models.h): each runs one engine model on a scene and writes its KPIs,
// violations and status into LiveResults only when it completes.
#include "myriad/engine/live/live_models.h"

#include "live/live_stages.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/fabric/cableable.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_checks.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/engine/traffic/maxmin_solver.h"
#include "myriad/engine/validation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace myriad::engine::live
{

namespace
{

/** Stage output, committed to LiveResults only when the stage completes. */
struct Output
{
  Kpis kpis;
  std::vector<Violation> violations;
  std::optional<economics::BomInput> fabricBom; ///< set by the fabric stage
  /** What ran the stage (StageStatus::backend, backendReason); traffic and thermal set it. */
  SolverRun run{ "CPU", "this model runs on the CPU only" };
  std::shared_ptr<const FabricSnapshot> fabric; ///< set by the fabric stage
};

/** Thrown between steps when the token is set. */
struct Cancelled
{
};

void poll(const CancelToken& cancel)
{
  if (cancel.cancelled())
    throw Cancelled{};
}

void runGeometry(const Scene& scene, const Catalog& catalog, Output& out)
{
  for (const Diagnostic& d : validateScene(scene, catalog))
    out.violations.push_back(violationOf(Stage::Geometry, d));
  for (const Diagnostic& d : enclosureDiagnostics(scene, catalog))
    out.violations.push_back(violationOf(Stage::Geometry, d));
  const SceneCounts counts = countScene(scene, catalog);
  out.kpis.racks = counts.racks;
  out.kpis.gpus = counts.gpus;
  out.kpis.itPowerMW = counts.itPowerW / 1e6;
}

/** The cableable part of `scene` (fabric/cableable.h); what it leaves out, as warnings. */
Scene cableableScene(const Scene& scene, std::vector<Violation>* warnings)
{
  fabric::CableablePart part = fabric::cableablePart(scene);
  for (const fabric::LeftOut& left : part.leftOut)
  {
    if (warnings == nullptr)
      break;
    if (left.kind == fabric::LeftOut::Kind::RepeatedLeaf)
      warnings->push_back(violationOf(
        Stage::Fabric, Severity::Warning, left.objectId,
        { MYRIAD_TR_NOOP("EngineText", "%1 repeats the place of another leaf (scalable "
                                       "unit %2, rail %3); not cabled"),
          { left.objectId, std::to_string(left.scalableUnit), std::to_string(left.rail) } }));
    else
      warnings->push_back(violationOf(
        Stage::Fabric, Severity::Warning, left.objectId,
        { MYRIAD_TR_NOOP("EngineText", "%1: %2 NICs have no leaf switch for their scalable "
                                       "unit and rail; not cabled"),
          { left.objectId, std::to_string(left.nics) } }));
  }
  return std::move(part.scene);
}

/** A snapshot holding only the graph of the cableable scene (the traffic stage's fallback). */
std::shared_ptr<const FabricSnapshot> buildFabricGraphOnly(const Scene& scene,
                                                           const Catalog& catalog)
{
  auto snapshot = std::make_shared<FabricSnapshot>();
  snapshot->graph = fabric::buildSuperPod(cableableScene(scene, nullptr), catalog);
  return snapshot;
}

/** The fabric of `scene` as given: graph, cables, BOM lines; polls `cancel` between steps. */
std::shared_ptr<FabricSnapshot> makeFabricSnapshot(Scene scene, const Catalog& catalog,
                                                   const CancelToken* cancel)
{
  const auto start = std::chrono::steady_clock::now();
  auto snapshot = std::make_shared<FabricSnapshot>();
  snapshot->scene = std::make_shared<const Scene>(std::move(scene));
  const Scene& wired = *snapshot->scene;
  snapshot->graph = fabric::buildSuperPod(wired, catalog);
  if (cancel)
    poll(*cancel);
  snapshot->cabling = fabric::routeCables(snapshot->graph, wired, catalog);
  if (cancel)
    poll(*cancel);
  snapshot->bom = fabric::billOfMaterials(snapshot->graph, snapshot->cabling, catalog);
  snapshot->computeMs =
    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return snapshot;
}

void runFabric(const Scene& scene, const Catalog& catalog, const CancelToken& cancel, Output& out)
{
  if (!fabric::hasSwitches(scene))
  {
    out.run = { "none", "nothing to cable: the scene has no network switches" };
    out.kpis.fabricCables = 0;
    out.kpis.cableLengthKm = 0;
    out.violations.push_back(violationOf(
      Stage::Fabric, Severity::Warning, {},
      { MYRIAD_TR_NOOP("EngineText", "the scene has no network switches: no fabric to cable") }));
    out.fabricBom = economics::BomInput{ 0.0, 0.0, 0.0, 0.0, 0.0 }; // nothing to cable or price
    return;
  }
  const std::size_t warningsBefore = out.violations.size();
  std::shared_ptr<FabricSnapshot> snapshot =
    makeFabricSnapshot(cableableScene(scene, &out.violations), catalog, &cancel);
  const bool whole = out.violations.size() == warningsBefore;
  const fabric::CablingResult& cabling = snapshot->cabling;
  out.kpis.fabricCables = static_cast<int>(cabling.cables.size());
  out.kpis.cableLengthKm = cabling.totalLengthM / 1000;
  out.kpis.opticsPowerKW = cabling.opticsPowerW / 1000;
  out.kpis.transceivers = 0;
  for (const auto& [part, count] : cabling.opticsByPart)
    out.kpis.transceivers += count;
  out.kpis.maxTrayFill = 0;
  for (const auto& tray : cabling.trays)
    out.kpis.maxTrayFill = std::max(out.kpis.maxTrayFill, tray.fill);
  for (const Diagnostic& d : cabling.diagnostics)
    out.violations.push_back(violationOf(Stage::Fabric, d)); // the cabling's words: English
  // A BOM of part of the hall would price the rest at $0: the economics then estimate optics and
  // cables from counts, as `myriad-cli economics` and the report do (economics::fabricBomInput).
  out.fabricBom = whole ? economics::bomFromCabling(cabling, catalog) : economics::BomInput{};
  out.fabric = std::move(snapshot);
}

void runPower(const Scene& scene, const Catalog& catalog, Output& out)
{
  const auto chain =
    economics::analyzePowerChain(scene, catalog, economics::documentInputs(scene).utilisation);
  out.kpis.powerViolations = static_cast<int>(chain.violations.size());
  out.kpis.itOperatingMW = chain.itOperatingW / 1e6;
  // The same findings, severities and hints as `myriad-cli validate` (design_checks.cpp).
  for (const Diagnostic& d :
       powerDiagnostics(scene, catalog, economics::documentInputs(scene).utilisation))
    out.violations.push_back(violationOf(Stage::Power, d));
}

/** Priced economics of one run, committed with the stage (see LiveResults::economics). */
struct PricedEconomics
{
  economics::EconomicsInputs inputs;
  std::shared_ptr<const economics::EconomicsResult> result;
};

void runEconomics(const Scene& scene, const Catalog& catalog, const LiveResults& previous,
                  Output& out, PricedEconomics& priced)
{
  economics::EconomicsInputs inputs = economics::documentInputs(scene);
  inputs.bom = {};
  const StageStatus& fabric = previous.status(Stage::Fabric);
  if (fabric.computed && !fabric.failed)
  {
    // The fabric stage's routed BOM replaces the estimate from node counts.
    inputs.bom = previous.fabricBom;
  }
  auto r = std::make_shared<economics::EconomicsResult>(
    economics::evaluateEconomics(scene, catalog, inputs, false));
  out.kpis.facilityPowerMW = r->kpis.facilityMW;
  out.kpis.annualPue = r->kpis.pue;
  out.kpis.capexMUSD = r->kpis.capexUSD.value_or(0) / 1e6;
  out.kpis.annualOpexMUSD = r->kpis.opexUSDPerYear.value_or(0) / 1e6;
  out.kpis.costPerGpuHourUSD = r->kpis.usdPerGpuHour.value_or(0);
  if (scene.sites.size() > 1)
    out.violations.push_back(violationOf(
      Stage::Economics, Severity::Warning, {},
      { MYRIAD_TR_NOOP("EngineText",
                       "%1 sites: these figures put every hall at %2 and leave out the DCI "
                       "links; each site at its own site, with the links: myriad-cli sites, the "
                       "Sites dock"),
        { std::to_string(scene.sites.size()), inputs.site } }));
  for (const std::string& missing : r->missing)
    out.violations.push_back(
      violationOf(Stage::Economics, Severity::Warning, {},
                  { MYRIAD_TR_NOOP("EngineText", "missing figure: %1"), { missing } }));
  // The context's facility water against what the tanks and CDUs accept.
  for (const Diagnostic& d : waterSupplyDiagnostics(scene, catalog, inputs.cooling.liquidSupplyC))
    out.violations.push_back(violationOf(Stage::Economics, d));
  priced = { std::move(inputs), std::move(r) };
}

/** What ran a stage's solves; the reference's reason when the caller injected no solver. */
SolverRun stageRun(SolverRun run, bool injected)
{
  if (!injected && run.reason.empty())
    run.reason = "no solver given: the CPU reference";
  return run;
}

/**
 * The all-reduce's ring members: one endpoint per compute node (its lowest cabled rail), in
 * fabric (scene) order; one ring per site of a multi-site scene (no fabric joins sites), else
 * one. Rings of fewer than 2 nodes are left out.
 */
std::vector<std::vector<int>> ringMembersBySite(const Scene& scene,
                                                const fabric::FabricGraph& graph)
{
  std::vector<std::vector<int>> groups(std::max<std::size_t>(1, scene.sites.size()));
  int lastHost = -1;
  for (int d = 0; d < static_cast<int>(graph.devices().size()); ++d)
  {
    const auto& device = graph.device(d);
    if (device.kind != fabric::DeviceKind::Nic || device.host == lastHost)
      continue;
    lastHost = device.host;
    std::size_t group = 0;
    if (!scene.sites.empty() && device.location.hall >= 0)
    {
      const std::string& site =
        scene.site.halls.at(static_cast<std::size_t>(device.location.hall)).site;
      for (std::size_t s = 0; s < scene.sites.size(); ++s)
        group = scene.sites[s].id == site ? s : group;
    }
    groups[group].push_back(d);
  }
  groups.erase(std::remove_if(groups.begin(), groups.end(),
                              [](const std::vector<int>& g) { return g.size() < 2; }),
               groups.end());
  return groups;
}

void runTraffic(const Scene& scene, const Catalog& catalog, const LiveOptions& options,
                const CancelToken& cancel, const LiveResults& results, Output& out)
{
  if (!fabric::hasSwitches(scene))
  {
    out.run = { "none", "nothing to solve: the scene has no network switches" };
    out.kpis.allReduceBusBwGBs = 0;
    out.kpis.allReduceTimeMs = 0;
    out.violations.push_back(violationOf(
      Stage::Traffic, Severity::Warning, {},
      { MYRIAD_TR_NOOP("EngineText",
                       "the scene has no network switches: no collective to simulate") }));
    return;
  }
  // The fabric stage's graph of this scene when there is one: one fabric build per edit.
  const StageStatus& built = results.status(Stage::Fabric);
  std::shared_ptr<const FabricSnapshot> fabricOfScene =
    results.fabric && built.computed && !built.failed && !built.cancelled ? results.fabric
                                                                          : nullptr;
  if (!fabricOfScene)
    fabricOfScene = buildFabricGraphOnly(scene, catalog);
  poll(cancel);
  const fabric::FabricGraph& graph = fabricOfScene->graph;
  const std::vector<std::vector<int>> groups = ringMembersBySite(scene, graph);
  out.kpis.allReduceBusBwGBs = 0;
  out.kpis.allReduceTimeMs = 0;
  if (groups.empty())
  {
    out.run = { "none", "nothing to solve: fewer than 2 cabled compute nodes" };
    out.violations.push_back(violationOf(
      Stage::Traffic, Severity::Warning, {},
      { MYRIAD_TR_NOOP("EngineText", "fewer than 2 cabled compute nodes: no all-reduce") }));
    return;
  }
  if (!scene.sites.empty())
  {
    out.violations.push_back(violationOf(
      Stage::Traffic, Severity::Warning, {},
      { MYRIAD_TR_NOOP("EngineText",
                       "%1 sites: the all-reduce runs inside each site (the slowest is shown); "
                       "between sites the exchange crosses the DCI links (myriad-cli sites)"),
        { std::to_string(scene.sites.size()) } }));
  }
  const double bytes = out.kpis.allReduceMessageMB * 1024 * 1024;
  const std::shared_ptr<traffic::MaxMinSolver> solver =
    options.maxMinSolver ? options.maxMinSolver : traffic::makeCpuMaxMinSolver();
  traffic::RecordingMaxMinSolver recorder(*solver); // every backend that ran a solve
  for (const std::vector<int>& members : groups)
  {
    const auto r = traffic::ringAllReduce(graph, members, bytes, 0, {}, &recorder);
    if (out.kpis.allReduceTimeMs == 0 || r.timeS * 1e3 > out.kpis.allReduceTimeMs)
    {
      out.kpis.allReduceBusBwGBs = r.busBwBytesPerS / 1e9;
      out.kpis.allReduceTimeMs = r.timeS * 1e3;
    }
  }
  out.run = stageRun(recorder.lastRun(), options.maxMinSolver != nullptr);
}

void runThermal(const Scene& scene, const Catalog& catalog, const LiveOptions& options,
                const CancelToken& cancel, LiveResults& results, Output& out,
                std::vector<std::pair<std::string, double>>& inlets,
                std::shared_ptr<const thermal::ThermalResult>& solved)
{
  if (scene.site.halls.empty())
    throw Error("thermal: the scene has no hall");
  const Hall& hall = scene.site.halls.front();
  thermal::ThermalOptions to;
  to.cellM = liveThermalCellM(hall, options.thermalMaxCells);
  to.utilisation = economics::documentInputs(scene).utilisation;
  // A newer edit stops the solve within a few ms (SolveCancelled, caught in runStage).
  to.solver.cancelRequested = [&cancel] { return cancel.cancelled(); };
  // Warm start from the previous live field of this hall at this cell size (analyzeHall uses it
  // only on a grid of the same size; a warm start changes the iterations, not the answer).
  const std::shared_ptr<const thermal::ThermalResult>& previous = results.thermal;
  const bool reuse =
    previous && previous->hallId == hall.id && previous->problem.grid.cellM == to.cellM;
  const std::shared_ptr<thermal::ThermalSolver> solver =
    options.thermalSolver
      ? options.thermalSolver
      : std::shared_ptr<thermal::ThermalSolver>(thermal::makeCpuThermalSolver());
  thermal::ThermalResult r = thermal::analyzeHall(scene, 0, catalog, to, solver.get(),
                                                  reuse ? &previous->solution : nullptr);
  out.run = stageRun(solver->lastRun(), options.thermalSolver != nullptr);
  double sum = 0;
  int n = 0;
  out.kpis.maxInletC = 0;
  out.kpis.racksOverInletLimit = 0;
  for (const auto& rack : r.racks)
  {
    if (!rack.airCooled)
      continue;
    inlets.emplace_back(rack.id, rack.inletMeanC);
    sum += rack.inletMeanC;
    ++n;
    // The auditor's bottom/middle/top points, as the ASHRAE classification reads them.
    out.kpis.maxInletC = std::max(out.kpis.maxInletC, rack.auditInletMaxC());
    if (rack.auditInletMaxC() > options.inletLimitC)
      ++out.kpis.racksOverInletLimit;
  }
  // What the solved hall says is wrong (inlets against ASHRAE A1, coolers and CDUs over capacity
  // or without N+1, starved air) and the cooling design checks at the same utilisation.
  std::vector<Diagnostic> findings = thermal::thermalDiagnostics(scene, 0, r, to.utilisation);
  for (Diagnostic& d : coolingDiagnostics(scene, catalog, { to.utilisation }))
    findings.push_back(std::move(d));
  for (const Diagnostic& d : findings)
    out.violations.push_back(violationOf(Stage::Thermal, d));
  out.kpis.meanInletC = n > 0 ? sum / n : 0;
  out.kpis.energyBalanceError = r.energyBalanceError;
  r.problem.settings.cancelRequested = nullptr; // it refers to this run's token
  solved = std::make_shared<const thermal::ThermalResult>(std::move(r));
}

} // namespace

double liveThermalCellM(const Hall& hall, int maxCells)
{
  const double volume = hall.widthM * hall.depthM * std::max(hall.heightM, 1.0);
  double cell = std::max(0.25, std::cbrt(volume / std::max(1000, maxCells)));
  cell = std::ceil(cell / 0.05 - 1e-9) * 0.05;
  auto cells = [&](double h)
  { return std::ceil(hall.widthM / h) * std::ceil(hall.depthM / h) * std::ceil(hall.heightM / h); };
  while (cells(cell) > maxCells)
    cell += 0.05;
  return cell;
}

std::shared_ptr<const FabricSnapshot> buildFabricSnapshot(const Scene& scene,
                                                          const Catalog& catalog)
{
  return makeFabricSnapshot(scene, catalog, nullptr);
}

namespace detail
{

/** Inputs and outputs of one stage run (model_registry.h); outputs commit in runStage. */
struct StageRun
{
  const Scene& scene;
  const Catalog& catalog;
  const LiveOptions& options;
  const CancelToken& cancel;
  LiveResults& results; ///< earlier results (fabric BOM, warm start); written only on commit
  Output& out;
  std::vector<std::pair<std::string, double>>& inlets;
  std::shared_ptr<const thermal::ThermalResult>& thermal;
  PricedEconomics& priced;
};

// The registry's run functions: each adapts one stage body above to StageRun.
void runGeometryStage(StageRun& r)
{
  runGeometry(r.scene, r.catalog, r.out);
}
void runFabricStage(StageRun& r)
{
  runFabric(r.scene, r.catalog, r.cancel, r.out);
}
void runPowerStage(StageRun& r)
{
  runPower(r.scene, r.catalog, r.out);
}
void runEconomicsStage(StageRun& r)
{
  runEconomics(r.scene, r.catalog, r.results, r.out, r.priced);
}
void runTrafficStage(StageRun& r)
{
  runTraffic(r.scene, r.catalog, r.options, r.cancel, r.results, r.out);
}
void runThermalStage(StageRun& r)
{
  runThermal(r.scene, r.catalog, r.options, r.cancel, r.results, r.out, r.inlets, r.thermal);
}

} // namespace detail

void runStage(Stage stage, const Scene& scene, const Catalog& catalog, const LiveOptions& options,
              const CancelToken& cancel, LiveResults& results)
{
  StageStatus& status = results.stages[static_cast<int>(stage)];
  if (cancel.cancelled())
  {
    status.cancelled = true;
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  Output out;
  out.kpis = results.kpis; // stages update their own KPI fields
  std::vector<std::pair<std::string, double>> inlets;
  std::shared_ptr<const thermal::ThermalResult> solved;
  PricedEconomics priced;
  try
  {
    detail::StageRun run{ scene, catalog, options, cancel, results, out, inlets, solved, priced };
    model(stage).run(run);
    poll(cancel);
  }
  catch (const Cancelled&)
  {
    status.cancelled = true;
    return;
  }
  catch (const thermal::SolveCancelled&)
  {
    status.cancelled = true;
    return;
  }
  catch (const std::exception& error)
  {
    status.failed = true;
    status.cancelled = false;
    status.error = error.what();
    // The stage's findings are replaced by its failure: the design has a problem the model
    // cannot get past (e.g. a fabric whose switches lack the ports it needs).
    detail::replaceStageViolations(
      stage,
      { violationOf(stage, Severity::Error, {},
                    { MYRIAD_TR_NOOP("EngineText", "%1 model failed: %2"),
                      { toString(stage), error.what() } }) },
      results.violations);
    return;
  }
  // Commit: this stage's KPIs (the others are unchanged in `out`), violations and status.
  results.kpis = out.kpis;
  if (out.fabricBom)
  {
    results.fabricBom = *out.fabricBom;
  }
  if (out.fabric)
  {
    results.fabric = std::move(out.fabric);
  }
  detail::replaceStageViolations(stage, out.violations, results.violations);
  if (stage == Stage::Economics)
  {
    results.economics = std::move(priced.result);
    results.economicsInputs = std::move(priced.inputs);
  }
  if (stage == Stage::Thermal)
  {
    results.rackInletC = std::move(inlets);
    results.thermal = std::move(solved);
  }
  status.computed = true;
  status.cancelled = false;
  status.failed = false;
  status.error.clear();
  status.backend = out.run.backend;
  status.backendReason = out.run.reason;
  status.millis =
    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void runStages(const std::vector<Stage>& stages, const Scene& scene, const Catalog& catalog,
               const LiveOptions& options, const CancelToken& cancel, LiveResults& results)
{
  for (const Stage stage : stages)
  {
    if (cancel.cancelled())
    {
      results.stages[static_cast<int>(stage)].cancelled = true;
      continue;
    }
    runStage(stage, scene, catalog, options, cancel, results);
  }
}

} // namespace myriad::engine::live
