#pragma once
/**
 * @file thermal_problem.h
 * The discretised thermal problem handed to a ThermalSolver backend, and what a backend returns.
 * Plain types only (no Eigen, no CUDA) so the CPU reference in engine and a CUDA backend in cuda/
 * implement the same interface.
 *
 * Grid: uniform cubic cells of edge `cellM` (m); cell (i, j, k) covers
 * [x0 + i·h, x0 + (i+1)·h] × … in the world frame (metres, Z up); linear index
 * i + nx·(j + ny·k). Boundaries of the box and solid cells are impermeable and adiabatic.
 *
 * Airflow (potential flow): velocity u = ∇φ with ∇·u = s, s the volumetric air sources (m³/s
 * per cell volume). Backends solve for ψ = h·φ (m³/s), so the volume flow through the face
 * between open neighbours P and N is F = ψ_N − ψ_P (m³/s, positive from P to N).
 *
 * Temperature (steady advection–diffusion, first-order upwind, finite volume), per open cell P:
 *   Σ_faces [max(F,0)·T_P − max(−F,0)·T_N + κ·h·(T_P − T_N)] + S_out·T_P = S_in·T_in
 * with κ the effective (turbulent) diffusivity in m²/s, S_out the flow removed by sinks and
 * S_in·T_in the flow injected by supplies and rack exhausts at their temperature. A rack's exhaust
 * temperature is the mean of its intake cells plus its heat rise ΔT = P_air/(ρ·c_p·Q), which
 * couples the intake cells to the exhaust cells inside the same linear system.
 *
 * Cancellation: SolverSettings::cancelRequested (empty = never) is polled between the phases of
 * a solve and inside every solver iteration; when it returns true the solve throws
 * SolveCancelled, which is not an engine Error (see below).
 */

#include "myriad/engine/error.h"
#include "myriad/engine/solver_run.h"

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace myriad::engine::thermal
{

/** Air properties used throughout the thermal model (dry air near 20 °C, sea level). */
inline constexpr double kAirDensityKgM3 = 1.2;
inline constexpr double kAirHeatCapacityJKgK = 1005.0;
/** ρ·c_p of air in J/(m³·K). */
inline constexpr double kAirRhoCp = kAirDensityKgM3 * kAirHeatCapacityJKgK;

/** A solver failed: divergence, non-finite values or no convergence within its iteration cap. */
class SolverError : public Error
{
public:
  using Error::Error;
};

/**
 * A solve stopped because SolverSettings::cancelRequested returned true. Deliberately derived
 * from std::exception and NOT from engine Error: callers that report an Error as a failed model
 * run must let it through, and the caller that asked for the cancel catches it and drops the
 * run. A cancelled solve leaves nothing behind (solvers keep no state between solves), so the
 * next solve with the same inputs and solver gives the same answer as if none had been
 * cancelled.
 */
class SolveCancelled : public std::exception
{
public:
  const char* what() const noexcept override { return "thermal: solve cancelled"; }
};

/** Throw SolveCancelled when the cancellation hook `cancelRequested` is set and asks to stop. */
inline void throwIfCancelled(const std::function<bool()>& cancelRequested)
{
  if (cancelRequested && cancelRequested())
    throw SolveCancelled();
}

/** Uniform cubic grid over one hall. */
struct ThermalGrid
{
  int nx = 0, ny = 0, nz = 0;
  double cellM = 0.25;             ///< cell edge h (m)
  double x0 = 0, y0 = 0, z0 = 0;   ///< world position of the grid corner (m)
  std::vector<std::uint8_t> solid; ///< 1 = solid (rack, cooler, panel), 0 = air; size nx·ny·nz

  std::size_t cellCount() const { return std::size_t(nx) * ny * nz; }
  int index(int i, int j, int k) const { return i + nx * (j + ny * k); }
};

/** Cooler supply, perforated tile or any inflow at a fixed temperature. */
struct AirSupply
{
  std::string id;
  std::vector<std::int32_t> cells; ///< open cells receiving the flow, equal shares
  double flowM3s = 0;              ///< total volume flow (m³/s), > 0
  double temperatureC = 20;        ///< temperature of the injected air (°C)
};

/** Cooler return or any outflow; air leaves at the temperature of its cells. */
struct AirSink
{
  std::string id;
  std::vector<std::int32_t> cells;
  double flowM3s = 0; ///< total volume flow (m³/s), > 0
};

/** A rack as an air mover: it draws `flowM3s` over its intake cells and blows the same flow,
 *  heated by `heatRiseK`, out of its exhaust cells. */
struct AirRack
{
  std::string id;
  std::vector<std::int32_t> intakeCells;
  std::vector<std::int32_t> exhaustCells;
  double flowM3s = 0;   ///< rack airflow Q (m³/s)
  double heatRiseK = 0; ///< exhaust − intake mean (K) = P_air / (ρ·c_p·Q)
};

/** Solver settings shared by all backends. */
struct SolverSettings
{
  double diffusivityM2s = 0.02; ///< effective turbulent diffusivity κ (m²/s)
  double flowTolerance = 1e-7;  ///< PCG stop: ‖r‖ ≤ tol·‖s‖ on the potential equation
  double temperatureTolerance = 1e-7; ///< BiCGSTAB stop: ‖r‖ ≤ tol·‖b‖
  int maxFlowIterations = 200;
  int maxTemperatureIterations = 2000;
  /**
   * A warm-started re-solve (previous solution on the same grid) stops at this multiple of both
   * tolerances. After an edit the start is close, and the last decade of residual buys nothing
   * a user sees: on the 10k sample at 0.25 m, 10⁻⁶ instead of 10⁻⁷ leaves every rack inlet
   * within 1.3·10⁻⁴ K of a 10⁻¹⁰ solve (cells within 0.01 K, energy balance 10⁻⁶) and saves a
   * third of the iterations (docs/benchmarks.md, "Thermal field"). 1 makes warm solves as tight
   * as cold ones.
   */
  double warmToleranceFactor = 10;
  /**
   * Cancellation hook, empty = never cancel. Polled on the solving thread between the phases of
   * the model (grid build, flow, temperature, results) and inside every iteration of the flow
   * and temperature solvers (CPU backend on the 10k sample at 0.3 m, 238k cells: ~730 polls
   * per cold solve, at most ~5 ms of CPU work apart); when it returns true the solve throws
   * SolveCancelled. It must be cheap and must not throw: read an atomic flag or compare an edit
   * counter. The CUDA backend polls between its phases and once per Krylov iteration, on the
   * host. It never changes a result: a hook that returns false gives bit-identical output.
   */
  std::function<bool()> cancelRequested;

  double flowToleranceFor(bool warm) const
  {
    return warm ? flowTolerance * warmToleranceFactor : flowTolerance;
  }
  double temperatureToleranceFor(bool warm) const
  {
    return warm ? temperatureTolerance * warmToleranceFactor : temperatureTolerance;
  }
  /** Throw SolveCancelled when the hook is set and asks to stop. */
  void throwIfCancelled() const { thermal::throwIfCancelled(cancelRequested); }
};

/** Everything a backend needs; built from a hall by buildThermalProblem() or by hand in tests. */
struct ThermalProblem
{
  ThermalGrid grid;
  std::vector<AirSupply> supplies;
  std::vector<AirSink> sinks;
  std::vector<AirRack> racks;
  SolverSettings settings;
};

/** A backend's answer. `psi` and `temperatureC` have one value per cell (0 in solids). */
struct ThermalSolution
{
  std::vector<double> psi;          ///< ψ = h·φ (m³/s); face flow F = ψ_N − ψ_P
  std::vector<double> temperatureC; ///< cell temperatures (°C)
  int flowIterations = 0;
  int temperatureIterations = 0;
  double flowResidual = 0;        ///< final relative residual of the potential equation
  double temperatureResidual = 0; ///< final relative residual of the temperature equation
  double flowSeconds = 0;
  double temperatureSeconds = 0;
  /** Net source removed per connected air region to make the potential problem solvable
   *  (m³/s, summed absolute value); 0 when every region balances. */
  double flowImbalanceM3s = 0;
};

/** Backend interface: the CPU implementation is the reference; a CUDA one lives in cuda/. */
class ThermalSolver
{
public:
  virtual ~ThermalSolver() = default;
  /** Name for logs ("cpu", "cuda"). */
  virtual std::string name() const = 0;
  /** Whether this backend can take the problem (size, memory). */
  virtual bool canSolve(const ThermalProblem& problem) const = 0;
  /**
   * Solve airflow then temperature. `warm` (may be null) is a previous solution on the same grid
   * used as the starting point. Throws SolverError on divergence or non-convergence, and
   * SolveCancelled when problem.settings.cancelRequested asks to stop; never returns non-finite
   * values.
   */
  virtual ThermalSolution solve(const ThermalProblem& problem, const ThermalSolution* warm) = 0;
  /**
   * The backend that ran the last solve() of this object and why (solver_run.h). Default:
   * name() with no reason; a solver that hands a problem to another backend (the CUDA solver
   * of the backend layer falls back to the CPU) reports the one that ran.
   */
  virtual SolverRun lastRun() const { return { name(), {} }; }
};

/** The CPU reference backend (multigrid-preconditioned CG for the flow, BiCGSTAB with an
 *  ILU(0) preconditioner for the temperature). */
std::unique_ptr<ThermalSolver> makeCpuThermalSolver();

/** Volume flow (m³/s) through the face between cell `cell` and its +axis neighbour
 *  (axis 0 = x, 1 = y, 2 = z); 0 when either side is solid or outside the grid. */
double faceFlowM3s(const ThermalProblem& problem, const ThermalSolution& solution, int cell,
                   int axis);

/** Air speed (m/s) at a cell centre from the mean of its face flows on each axis. */
double cellSpeedMs(const ThermalProblem& problem, const ThermalSolution& solution, int cell);

} // namespace myriad::engine::thermal
