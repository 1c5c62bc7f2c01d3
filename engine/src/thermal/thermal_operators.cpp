/**
 * @file thermal_operators.cpp
 * Sources, region balancing, the open-face mask and the temperature assembly shared by every
 * thermal backend. Equations in thermal_operators.h and thermal_problem.h.
 */

#include "myriad/engine/thermal/thermal_operators.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace myriad::engine::thermal
{

std::vector<double> cellSources(const ThermalProblem& p)
{
  std::vector<double> s(p.grid.cellCount(), 0.0);
  auto spread = [&](const std::vector<std::int32_t>& cells, double flow)
  {
    for (std::int32_t c : cells)
      s[c] += flow / double(cells.size());
  };
  for (const AirSupply& a : p.supplies)
    spread(a.cells, a.flowM3s);
  for (const AirSink& a : p.sinks)
    spread(a.cells, -a.flowM3s);
  for (const AirRack& r : p.racks)
  {
    if (r.flowM3s <= 0 || r.intakeCells.empty() || r.exhaustCells.empty())
      continue;
    spread(r.intakeCells, -r.flowM3s);
    spread(r.exhaustCells, r.flowM3s);
  }
  return s;
}

double balanceRegions(const ThermalGrid& g, std::vector<double>& s,
                      std::vector<std::vector<std::int32_t>>& regions,
                      const std::function<bool()>& cancelRequested)
{
  const std::size_t n = g.cellCount();
  std::size_t visited = 0; // cells popped, for polling the cancellation hook
  std::vector<std::int32_t> label(n, -1), stack;
  double removed = 0;
  const long stride[3] = { 1, g.nx, long(g.nx) * g.ny };
  for (std::size_t seed = 0; seed < n; ++seed)
  {
    if (g.solid[seed] || label[seed] >= 0)
      continue;
    const std::int32_t id = std::int32_t(seed);
    std::vector<std::int32_t> members;
    stack.push_back(id);
    label[seed] = id;
    double net = 0;
    while (!stack.empty())
    {
      const std::int32_t c = stack.back();
      stack.pop_back();
      members.push_back(c);
      if ((++visited & 0x7fff) == 0)
        throwIfCancelled(cancelRequested);
      net += s[c];
      const int idx[3] = { c % g.nx, (c / g.nx) % g.ny, c / (g.nx * g.ny) };
      const int dims[3] = { g.nx, g.ny, g.nz };
      for (int axis = 0; axis < 3; ++axis)
        for (int dir = -1; dir <= 1; dir += 2)
        {
          const int q = idx[axis] + dir;
          if (q < 0 || q >= dims[axis])
            continue;
          const long nb = c + dir * stride[axis];
          if (!g.solid[nb] && label[nb] < 0)
          {
            label[nb] = id;
            stack.push_back(std::int32_t(nb));
          }
        }
    }
    if (std::abs(net) > 0)
    {
      for (std::int32_t c : members)
        s[c] -= net / double(members.size());
      removed += std::abs(net);
    }
    bool active = false;
    for (std::int32_t c : members)
      active = active || s[c] != 0;
    if (active)
      regions.push_back(std::move(members));
  }
  return removed;
}

FlowSystem buildFlowSystem(const ThermalProblem& problem)
{
  const ThermalGrid& g = problem.grid;
  FlowSystem f;
  f.nx = g.nx;
  f.ny = g.ny;
  f.nz = g.nz;
  f.rhs = cellSources(problem);
  for (double v : f.rhs)
    f.sourceScale += std::abs(v);
  f.imbalanceM3s = balanceRegions(g, f.rhs, f.regions, problem.settings.cancelRequested);
  problem.settings.throwIfCancelled();
  // Imbalance below round-off of the source sum is no imbalance.
  if (f.imbalanceM3s < 1e-12 * (f.sourceScale + 1e-30))
    f.imbalanceM3s = 0;
  for (double& v : f.rhs)
    v = -v; // A·ψ = −s with A the positive graph Laplacian
  f.openFaces.assign(g.cellCount(), 0);
  const std::size_t sy = std::size_t(g.nx), sz = sy * g.ny;
  for (int k = 0; k < g.nz; ++k)
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i)
      {
        const std::size_t c = g.index(i, j, k);
        if (g.solid[c])
          continue;
        std::uint8_t bits = 0;
        if (i + 1 < g.nx && !g.solid[c + 1])
          bits |= kOpenPlusX;
        if (j + 1 < g.ny && !g.solid[c + sy])
          bits |= kOpenPlusY;
        if (k + 1 < g.nz && !g.solid[c + sz])
          bits |= kOpenPlusZ;
        f.openFaces[c] = bits;
      }
  return f;
}

namespace
{

/** Advection (upwind) and diffusion across every open face. */
void assembleFaces(const ThermalProblem& problem, const std::vector<double>& psi,
                   TemperatureCoefficients& a)
{
  const ThermalGrid& g = problem.grid;
  const double diff = problem.settings.diffusivityM2s * g.cellM; // κ·A/h with A = h²
  const std::size_t stride[3] = { 1, std::size_t(g.nx), std::size_t(g.nx) * g.ny };
  std::vector<double>* plus[3] = { &a.aE, &a.aN, &a.aT };
  std::vector<double>* minus[3] = { &a.aW, &a.aS, &a.aB };
  for (int k = 0; k < g.nz; ++k)
  {
    problem.settings.throwIfCancelled(); // once per z-plane
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i)
      {
        const std::size_t c = g.index(i, j, k);
        if (g.solid[c])
          continue;
        const bool inside[3] = { i + 1 < g.nx, j + 1 < g.ny, k + 1 < g.nz };
        for (int axis = 0; axis < 3; ++axis)
        {
          if (!inside[axis] || g.solid[c + stride[axis]])
            continue;
          const std::size_t e = c + stride[axis];
          const double f = psi[e] - psi[c]; // flow from c to e
          a.aP[c] += std::max(f, 0.0) + diff;
          (*plus[axis])[c] = std::max(-f, 0.0) + diff;
          a.aP[e] += std::max(-f, 0.0) + diff;
          (*minus[axis])[e] = std::max(f, 0.0) + diff;
        }
      }
  }
}

} // namespace

TemperatureCoefficients assembleTemperatureCoefficients(const ThermalProblem& problem,
                                                        const std::vector<double>& psi)
{
  const ThermalGrid& g = problem.grid;
  TemperatureCoefficients a;
  a.nx = g.nx;
  a.ny = g.ny;
  a.nz = g.nz;
  const std::size_t n = g.cellCount();
  for (auto* v : { &a.aP, &a.aW, &a.aE, &a.aS, &a.aN, &a.aB, &a.aT, &a.rhs })
  {
    v->assign(n, 0.0);
    problem.settings.throwIfCancelled(); // first touch of 8 large arrays: page faults add up
  }
  assembleFaces(problem, psi, a);
  problem.settings.throwIfCancelled();
  for (const AirSupply& s : problem.supplies)
    for (std::int32_t c : s.cells)
      a.rhs[c] += s.flowM3s / double(s.cells.size()) * s.temperatureC;
  for (const AirSink& s : problem.sinks)
    for (std::int32_t c : s.cells)
      a.aP[c] += s.flowM3s / double(s.cells.size());
  for (const AirRack& r : problem.racks)
  {
    if (r.flowM3s <= 0 || r.intakeCells.empty() || r.exhaustCells.empty())
      continue;
    for (std::int32_t c : r.intakeCells)
      a.aP[c] += r.flowM3s / double(r.intakeCells.size());
    const double w = r.flowM3s / double(r.exhaustCells.size());
    for (std::int32_t c : r.exhaustCells)
      a.rhs[c] += w * r.heatRiseK;
    a.couplings.push_back({ r.intakeCells, r.exhaustCells, w });
  }
  for (std::size_t c = 0; c < n; ++c)
    if (a.aP[c] <= 0)
      a.aP[c] = 1.0; // solid or sealed cell: T = 0, decoupled
  return a;
}

double meanSupplyTemperatureC(const ThermalProblem& p)
{
  double q = 0, qt = 0;
  for (const AirSupply& s : p.supplies)
  {
    q += s.flowM3s;
    qt += s.flowM3s * s.temperatureC;
  }
  return q > 0 ? qt / q : 20.0;
}

void requireFinite(const std::vector<double>& values, const char* what)
{
  for (double x : values)
    if (!std::isfinite(x))
      throw SolverError(std::string("thermal: non-finite value in the solved ") + what);
}

} // namespace myriad::engine::thermal
