/**
 * @file thermal_solver_cpu.cpp
 * CPU reference backend of ThermalSolver: potential flow by multigrid-preconditioned CG, then
 * temperature by BiCGSTAB/ILU(0). Equations in thermal_problem.h.
 *
 * Solvability: the potential equation has Neumann (impermeable) boundaries everywhere, so in each
 * connected air region the sources must sum to zero. Every rack and cooler is balanced by
 * construction (it draws what it blows), but a region cut off by solids can still hold an
 * unbalanced port. The net source of such a region is removed uniformly over its cells and its
 * size is reported as ThermalSolution::flowImbalanceM3s, never hidden.
 *
 * Cancellation: SolverSettings::cancelRequested is polled between the steps below and inside the
 * multigrid-CG and BiCGSTAB iterations (poisson_multigrid.h, temperature_system.h).
 */

#include "myriad/engine/thermal/thermal_operators.h"
#include "myriad/engine/thermal/thermal_problem.h"

#include "thermal/poisson_multigrid.h"
#include "thermal/temperature_system.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

namespace myriad::engine::thermal
{

namespace
{

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/**
 * Solve the potential on one connected air region, on the sub-grid of its bounding box with
 * every other cell solid. Regions are solved apart because an aggregation multigrid cannot
 * represent the independent constant of a region sealed off by thin panels (a contained hot
 * aisle): on the whole grid CG then needs four times the iterations.
 */
int solveRegion(const ThermalGrid& g, const std::vector<std::int32_t>& cells,
                const std::vector<double>& b, std::vector<double>& psi, const SolverSettings& st,
                bool warm, double& residual)
{
  int lo[3] = { g.nx, g.ny, g.nz }, hi[3] = { -1, -1, -1 };
  for (std::int32_t c : cells)
  {
    const int idx[3] = { c % g.nx, (c / g.nx) % g.ny, c / (g.nx * g.ny) };
    for (int a = 0; a < 3; ++a)
      lo[a] = std::min(lo[a], idx[a]), hi[a] = std::max(hi[a], idx[a]);
  }
  st.throwIfCancelled();
  const int nx = hi[0] - lo[0] + 1, ny = hi[1] - lo[1] + 1, nz = hi[2] - lo[2] + 1;
  const std::size_t n = std::size_t(nx) * ny * nz;
  std::vector<std::uint8_t> solid(n, 1);
  std::vector<double> subB(n, 0.0), subX(n, 0.0);
  auto local = [&](std::int32_t c)
  {
    const int i = c % g.nx - lo[0], j = (c / g.nx) % g.ny - lo[1], k = c / (g.nx * g.ny) - lo[2];
    return std::size_t(i) + std::size_t(nx) * (j + std::size_t(ny) * k);
  };
  for (std::int32_t c : cells)
  {
    const std::size_t l = local(c);
    solid[l] = 0;
    subB[l] = b[c];
    subX[l] = psi[c];
  }
  st.throwIfCancelled();
  detail::PoissonMultigrid mg(nx, ny, nz, solid, st.cancelRequested);
  const int iterations =
    mg.solve(subB, subX, st.flowToleranceFor(warm), st.maxFlowIterations, residual);
  for (std::int32_t c : cells)
    psi[c] = subX[local(c)];
  return iterations;
}

class CpuThermalSolver final : public ThermalSolver
{
public:
  std::string name() const override { return "cpu"; }
  /** Status lines print "CPU" for every CPU solver (MaxMinSolver's reference is "CPU" too). */
  SolverRun lastRun() const override { return { "CPU", {} }; }
  bool canSolve(const ThermalProblem& problem) const override
  {
    return problem.grid.cellCount() > 0 && problem.grid.solid.size() == problem.grid.cellCount();
  }

  ThermalSolution solve(const ThermalProblem& problem, const ThermalSolution* warm) override
  {
    if (!canSolve(problem))
      throw SolverError("thermal: empty grid or solid mask of the wrong size");
    const ThermalGrid& g = problem.grid;
    const std::size_t n = g.cellCount();
    const bool useWarm = warm && warm->psi.size() == n && warm->temperatureC.size() == n;
    ThermalSolution out;
    const SolverSettings& st = problem.settings;
    st.throwIfCancelled();

    auto t0 = Clock::now();
    const FlowSystem flow = buildFlowSystem(problem);
    st.throwIfCancelled();
    out.flowImbalanceM3s = flow.imbalanceM3s;
    out.psi = useWarm ? warm->psi : std::vector<double>(n, 0.0);
    for (const auto& region : flow.regions)
    {
      double residual = 0;
      out.flowIterations = std::max(
        out.flowIterations, solveRegion(g, region, flow.rhs, out.psi, st, useWarm, residual));
      out.flowResidual = std::max(out.flowResidual, residual);
    }
    requireFinite(out.psi, "potential");
    out.flowSeconds = secondsSince(t0);
    st.throwIfCancelled();

    t0 = Clock::now();
    detail::TemperatureSystem ts(problem, out.psi);
    if (useWarm)
      out.temperatureC = warm->temperatureC;
    else
      out.temperatureC.assign(n, meanSupplyTemperatureC(problem));
    for (std::size_t c = 0; c < n; ++c)
      if (g.solid[c])
        out.temperatureC[c] = 0;
    st.throwIfCancelled();
    out.temperatureIterations = ts.solve(out.temperatureC, st.temperatureToleranceFor(useWarm),
                                         st.maxTemperatureIterations, out.temperatureResidual);
    requireFinite(out.temperatureC, "temperature");
    out.temperatureSeconds = secondsSince(t0);
    return out;
  }
};

} // namespace

std::unique_ptr<ThermalSolver> makeCpuThermalSolver()
{
  return std::make_unique<CpuThermalSolver>();
}

double faceFlowM3s(const ThermalProblem& problem, const ThermalSolution& solution, int cell,
                   int axis)
{
  const ThermalGrid& g = problem.grid;
  const int idx[3] = { cell % g.nx, (cell / g.nx) % g.ny, cell / (g.nx * g.ny) };
  const int dims[3] = { g.nx, g.ny, g.nz };
  const long stride[3] = { 1, g.nx, long(g.nx) * g.ny };
  if (idx[axis] + 1 >= dims[axis])
    return 0;
  const long nb = cell + stride[axis];
  if (g.solid[cell] || g.solid[nb])
    return 0;
  return solution.psi[nb] - solution.psi[cell];
}

double cellSpeedMs(const ThermalProblem& problem, const ThermalSolution& solution, int cell)
{
  const ThermalGrid& g = problem.grid;
  if (g.solid[cell])
    return 0;
  const long stride[3] = { 1, g.nx, long(g.nx) * g.ny };
  const int idx[3] = { cell % g.nx, (cell / g.nx) % g.ny, cell / (g.nx * g.ny) };
  double sum2 = 0;
  for (int axis = 0; axis < 3; ++axis)
  {
    const double plus = faceFlowM3s(problem, solution, cell, axis);
    const double minus =
      idx[axis] > 0 ? faceFlowM3s(problem, solution, int(cell - stride[axis]), axis) : 0.0;
    const double u = 0.5 * (plus + minus) / (g.cellM * g.cellM);
    sum2 += u * u;
  }
  return std::sqrt(sum2);
}

} // namespace myriad::engine::thermal
