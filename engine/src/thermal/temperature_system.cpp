/**
 * @file temperature_system.cpp
 * Assembly and BiCGSTAB/ILU(0) solve of the steady upwind advection–diffusion equation.
 * See temperature_system.h and thermal_problem.h for the equations.
 */

#include "thermal/temperature_system.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace myriad::engine::thermal::detail
{

namespace
{

double dot(const std::vector<double>& a, const std::vector<double>& b)
{
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

} // namespace

TemperatureSystem::TemperatureSystem(const ThermalProblem& problem, const std::vector<double>& psi)
{
  TemperatureCoefficients a = assembleTemperatureCoefficients(problem, psi);
  m_nx = a.nx;
  m_ny = a.ny;
  m_nz = a.nz;
  m_aP = std::move(a.aP);
  m_aW = std::move(a.aW);
  m_aE = std::move(a.aE);
  m_aS = std::move(a.aS);
  m_aN = std::move(a.aN);
  m_aB = std::move(a.aB);
  m_aT = std::move(a.aT);
  m_b = std::move(a.rhs);
  m_couplings = std::move(a.couplings);
  buildIlu();
}

void TemperatureSystem::buildIlu()
{
  const std::size_t n = m_aP.size(), sy = m_nx, sz = std::size_t(m_nx) * m_ny;
  m_d.assign(n, 0.0);
  for (std::size_t c = 0; c < n; ++c)
  {
    double d = m_aP[c];
    if (m_aW[c] != 0.0)
      d -= m_aW[c] * m_aE[c - 1] / m_d[c - 1];
    if (m_aS[c] != 0.0)
      d -= m_aS[c] * m_aN[c - sy] / m_d[c - sy];
    if (m_aB[c] != 0.0)
      d -= m_aB[c] * m_aT[c - sz] / m_d[c - sz];
    // The upwind matrix is an M-matrix, so ILU(0) pivots stay positive; guard anyway.
    m_d[c] = d > 1e-12 * m_aP[c] ? d : m_aP[c];
  }
}

void TemperatureSystem::precondition(const std::vector<double>& r, std::vector<double>& z) const
{
  const long n = long(m_aP.size()), sy = m_nx, sz = long(m_nx) * m_ny;
  for (long c = 0; c < n; ++c)
  {
    double s = r[c];
    if (m_aW[c] != 0.0)
      s += m_aW[c] * z[c - 1];
    if (m_aS[c] != 0.0)
      s += m_aS[c] * z[c - sy];
    if (m_aB[c] != 0.0)
      s += m_aB[c] * z[c - sz];
    z[c] = s / m_d[c];
  }
  for (long c = n - 1; c >= 0; --c)
  {
    double s = 0;
    if (m_aE[c] != 0.0)
      s += m_aE[c] * z[c + 1];
    if (m_aN[c] != 0.0)
      s += m_aN[c] * z[c + sy];
    if (m_aT[c] != 0.0)
      s += m_aT[c] * z[c + sz];
    z[c] += s / m_d[c];
  }
}

void TemperatureSystem::apply(const std::vector<double>& x, std::vector<double>& y) const
{
  const long n = long(m_aP.size()), sy = m_nx, sz = long(m_nx) * m_ny;
  for (long c = 0; c < n; ++c)
  {
    double s = m_aP[c] * x[c];
    if (m_aW[c] != 0.0)
      s -= m_aW[c] * x[c - 1];
    if (m_aE[c] != 0.0)
      s -= m_aE[c] * x[c + 1];
    if (m_aS[c] != 0.0)
      s -= m_aS[c] * x[c - sy];
    if (m_aN[c] != 0.0)
      s -= m_aN[c] * x[c + sy];
    if (m_aB[c] != 0.0)
      s -= m_aB[c] * x[c - sz];
    if (m_aT[c] != 0.0)
      s -= m_aT[c] * x[c + sz];
    y[c] = s;
  }
  for (const RackCoupling& cp : m_couplings)
  {
    double mean = 0;
    for (std::int32_t c : cp.intake)
      mean += x[c];
    mean /= double(cp.intake.size());
    for (std::int32_t c : cp.exhaust)
      y[c] -= cp.weight * mean;
  }
}

int TemperatureSystem::solve(std::vector<double>& x, double tolerance, int maxIterations,
                             double& relResidual)
{
  const std::size_t n = m_b.size();
  const double bNorm = std::sqrt(dot(m_b, m_b));
  std::vector<double> r(n), rHat(n), p(n, 0.0), v(n, 0.0), y(n, 0.0), s(n), z(n, 0.0), t(n);
  apply(x, r);
  for (std::size_t i = 0; i < n; ++i)
    r[i] = m_b[i] - r[i];
  relResidual = bNorm > 0 ? std::sqrt(dot(r, r)) / bNorm : 0;
  if (bNorm == 0 || relResidual <= tolerance)
    return 0;
  rHat = r;
  double rho = 1, alpha = 1, omega = 1;
  const double startResidual = relResidual;
  for (int it = 1; it <= maxIterations; ++it)
  {
    const double rhoNew = dot(rHat, r);
    if (rhoNew == 0 || omega == 0)
      throw SolverError("thermal temperature: BiCGSTAB breakdown at iteration " +
                        std::to_string(it));
    const double beta = (rhoNew / rho) * (alpha / omega);
    rho = rhoNew;
    for (std::size_t i = 0; i < n; ++i)
      p[i] = r[i] + beta * (p[i] - omega * v[i]);
    precondition(p, y);
    apply(y, v);
    alpha = rho / dot(rHat, v);
    for (std::size_t i = 0; i < n; ++i)
      s[i] = r[i] - alpha * v[i];
    precondition(s, z);
    apply(z, t);
    const double tt = dot(t, t);
    omega = tt > 0 ? dot(t, s) / tt : 0;
    for (std::size_t i = 0; i < n; ++i)
    {
      x[i] += alpha * y[i] + omega * z[i];
      r[i] = s[i] - omega * t[i];
    }
    relResidual = std::sqrt(dot(r, r)) / bNorm;
    if (!std::isfinite(relResidual) || relResidual > 1e8 * std::max(startResidual, 1.0))
      throw SolverError("thermal temperature: BiCGSTAB diverged at iteration " +
                        std::to_string(it) + " (relative residual " + std::to_string(relResidual) +
                        ")");
    if (relResidual <= tolerance)
      return it;
  }
  throw SolverError("thermal temperature: BiCGSTAB did not reach relative residual " +
                    std::to_string(tolerance) + " in " + std::to_string(maxIterations) +
                    " iterations (reached " + std::to_string(relResidual) + ")");
}

} // namespace myriad::engine::thermal::detail
