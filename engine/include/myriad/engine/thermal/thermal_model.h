#pragma once
/**
 * @file thermal_model.h
 * Hall thermal model: turns a hall of the scene into a ThermalProblem (grid, rack and cooler air
 * ports), solves it with a ThermalSolver backend and reports per-rack inlet and exhaust
 * temperatures, ASHRAE A1 checks, RCI_HI, SHI/RHI, cooler loads, liquid (CDU) loads and the
 * energy balance. The model and its limits are described in docs/models/thermal.md.
 *
 * Rack airflow: Q = P_air / (ρ·c_p·ΔT_design), P_air = P_rack·(1 − liquid share), where P_rack is
 * the power of the rack's contents at `utilisation` u, per part P_idle + u·(P_max − P_idle): the
 * power chain's figure (economics/power_chain.h, partPower), so the heat the thermal model
 * removes is the IT load the power model draws at the same evaluation context.
 * RCI_HI (Herrlin 2005): [1 − Σ_{T>T_rec}(T − T_rec) / (n·(T_all − T_rec))]·100 % over the n
 * rack intake cells (each cell one intake point), T_rec = 27 °C, T_all = 32 °C (ASHRAE A1).
 * SHI (Sharma, Bash, Patel 2002): Σ Q_r·(T_in − T_sup) / Σ Q_r·(T_out − T_sup), RHI = 1 − SHI.
 *
 * Cancellation (for a worker that drops a stale run when a newer edit arrives): set
 * `options.solver.cancelRequested` to a cheap, non-throwing `bool()` (e.g. reading an atomic flag
 * or comparing an edit counter). analyzeHall() polls it before and after the grid build, between
 * the solver's phases and inside every flow and temperature iteration (on the 10k sample at
 * 0.3 m cells at most ~5 ms of CPU work apart, ~730 polls per cold solve), and throws
 * SolveCancelled (thermal_problem.h) when it returns true. SolveCancelled is not an Error, so a
 * `catch (const Error&)` that reports failures lets it through (catch it before any
 * `catch (const std::exception&)`). A hook that returns false
 * changes no bit of the result; the result does not keep the hook (its problem.settings has an
 * empty cancelRequested). Nothing is left half-done: the same inputs solve normally afterwards.
 *
 *   std::atomic<std::uint64_t> latestEdit;   // bumped by the UI thread on every edit
 *   const std::uint64_t mine = latestEdit.load();
 *   options.solver.cancelRequested = [&latestEdit, mine] { return latestEdit.load() != mine; };
 *   try { result = analyzeHall(scene, 0, catalog, options, nullptr, warm); }
 *   catch (const SolveCancelled&) { return; } // a newer edit wins; drop this run
 * References: docs/references.md#ashrae-tc99, #herrlin2005, #sharma2002.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/solver_run.h"
#include "myriad/engine/thermal/thermal_problem.h"

#include <algorithm>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::thermal
{

/** Settings of the hall model (geometry → grid, rack and cooler air). */
struct ThermalOptions
{
  double cellM = 0.25;             ///< grid cell edge (m), 0.05–2
  double designDeltaTK = 12;       ///< rack air temperature rise at full power (K)
  double utilisation = 1.0;        ///< IT load, 0–1 (1: every part at its catalog maximum)
  double liquidShare = 0.8;        ///< share of heat to liquid for Liquid racks without a
                                   ///< `liquidShare` figure on their server part (cold plate)
  double memoryLimitBytes = 4.0e9; ///< grids needing more are rejected
  double tileDepthM = 0.6;         ///< perforated-tile band in front of each intake (m)
  /** Scale C of the placed-tile jets' entrainment on Ricou & Spalding's coefficient, the jets
   *  slowed by the racks' suction (thermal_jets.h): 2.4, tuned on two CFD cases
   *  (docs/models/thermal-cfd.md); 1 = the published free-jet value, 0 = none, 0–5. */
  double tileJetEntrainment = 2.4;
  SolverSettings solver;
};

/** Per-rack result. */
struct RackThermal
{
  std::string id;
  double powerW = 0;        ///< rack heat (W)
  double airHeatW = 0;      ///< heat into the air after rear-door removal (W)
  double liquidHeatW = 0;   ///< heat to liquid (W)
  double rearDoorHeatW = 0; ///< heat removed by a rear-door exchanger (W)
  double airflowM3s = 0;
  double inletMeanC = 0;
  double inletMaxC = 0;
  double inletMinC = 0; ///< coldest intake cell
  /** Inlet at the bottom, middle and top of the intake face (the mean across the rack's width
   *  of the lowest cell layer, the layer at mid-height and the highest): the auditor's points. */
  double inletBottomC = 0;
  double inletMiddleC = 0;
  double inletTopC = 0;
  double exhaustC = 0;
  bool airCooled = true; ///< false when the rack moves no air (no power or all liquid) or is
                         ///< an immersion tank (no intake; its surface heat still warms the
                         ///< air); its temperatures are then 0 and it is left out of indices
  /** ASHRAE A1 18–27 °C on the bottom, middle and top points, ±0.05 K (classifyInlet). */
  bool withinRecommended = true;
  bool withinAllowable = true; ///< ASHRAE A1 15–32 °C on the same points
  /** The hottest of the bottom, middle and top points: what the classification reads. */
  double auditInletMaxC() const { return std::max({ inletBottomC, inletMiddleC, inletTopC }); }
};

/** Per-cooler result (CRAH, in-row, rear door, CDU). */
struct CoolerThermal
{
  std::string id;
  CoolerKind kind = CoolerKind::Crah;
  double capacityW = 0;
  double airflowM3s = 0; ///< 0 for CDUs
  double supplyC = 0;
  double returnC = 0; ///< mean return air temperature (air coolers)
  double loadW = 0;   ///< heat removed (W)
  double loadFraction() const { return capacityW > 0 ? loadW / capacityW : 0; }
};

/** Result of one hall. */
struct ThermalResult
{
  std::string hallId;
  double utilisation = 1; ///< the IT load (0–1) the rack heat was evaluated at (options)
  ThermalProblem problem;
  ThermalSolution solution;
  std::vector<RackThermal> racks;
  std::vector<CoolerThermal> coolers;
  double heatInW = 0;         ///< total rack heat (air + rear door + liquid)
  double heatToAirW = 0;      ///< heat the air model carries
  double airHeatRemovedW = 0; ///< ρ·c_p·(Σ sink Q·T − Σ supply Q·T), from the solved field
  double heatRemovedW = 0;    ///< air removed + rear doors + liquid
  double energyBalanceError = 0; ///< |heat in − heat removed| / heat in
  double rackAirflowM3s = 0;     ///< Σ rack airflow
  double coolerAirflowM3s = 0;   ///< Σ air-cooler airflow
  /** Cooler airflow / rack airflow: < 1 means racks must recirculate exhaust air, > 1 bypass. */
  double supplyDemandRatio = 0;
  double rciHi = 100; ///< %
  double shi = 0;
  double rhi = 1;
  double supplyMeanC = 0; ///< flow-weighted cooler supply temperature
  int racksAboveRecommended = 0;
  int racksAboveAllowable = 0;
  double liquidHeatW = 0;            ///< heat to liquid (CDUs)
  double rearDoorHeatW = 0;          ///< heat removed by rear doors
  std::vector<std::string> warnings; ///< modelling simplifications that applied to this hall
  SolverRun solvedBy; ///< the backend that ran the solve and why (ThermalSolver::lastRun)
};

/**
 * Build the grid and air ports of `hall`. Throws Error naming the object and value for
 * unphysical input (cooler capacity ≤ 0, setpoint outside 5–40 °C, a powered rack with no open
 * intake or exhaust face, a grid larger than `memoryLimitBytes`, options out of range).
 */
ThermalProblem buildThermalProblem(const Hall& hall, const Catalog& catalog,
                                   const ThermalOptions& options,
                                   std::vector<std::string>* warnings = nullptr);

/** Estimated bytes the CPU backend needs for a grid of `cells` cells. */
double thermalBytesPerCell();

/**
 * Solve hall `hallIndex` of `scene` and compute the results. `solver` defaults to the CPU
 * backend; `warm` (same grid) speeds up a re-solve after an edit. Throws Error for bad input,
 * SolverError when a solver fails, SolveCancelled when options.solver.cancelRequested asks to
 * stop (see the file comment).
 */
ThermalResult analyzeHall(const Scene& scene, int hallIndex, const Catalog& catalog,
                          const ThermalOptions& options, ThermalSolver* solver = nullptr,
                          const ThermalSolution* warm = nullptr);

/** The result as JSON text (racks, coolers, metrics, energy balance, solver statistics). */
std::string thermalResultToJson(const ThermalResult& result);

/** Write the temperature and speed fields as a VTK XML ImageData (.vti) file, ASCII.
 *  Throws SaveError when the file cannot be written. */
void writeThermalVti(const ThermalResult& result, const std::string& path);

} // namespace myriad::engine::thermal
