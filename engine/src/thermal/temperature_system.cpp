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
  : m_cancelRequested(problem.settings.cancelRequested)
{
  TemperatureCoefficients a = assembleTemperatureCoefficients(problem, psi);
  throwIfCancelled(m_cancelRequested);
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
  throwIfCancelled(m_cancelRequested);
}

void TemperatureSystem::buildIlu()
{
  const std::size_t n = m_aP.size(), sy = m_nx, sz = std::size_t(m_nx) * m_ny;
  std::vector<double> d(n, 0.0);
  // The pivot recurrence is a sizeable share of a warm solve: poll the hook once per z-plane.
  for (std::size_t plane = 0; plane < n; plane += sz)
  {
    throwIfCancelled(m_cancelRequested);
    for (std::size_t c = plane, end = std::min(n, plane + sz); c < end; ++c)
    {
      double dc = m_aP[c];
      if (m_aW[c] != 0.0)
        dc -= m_aW[c] * m_aE[c - 1] / d[c - 1];
      if (m_aS[c] != 0.0)
        dc -= m_aS[c] * m_aN[c - sy] / d[c - sy];
      if (m_aB[c] != 0.0)
        dc -= m_aB[c] * m_aT[c - sz] / d[c - sz];
      // The upwind matrix is an M-matrix, so ILU(0) pivots stay positive; guard anyway.
      d[c] = dc > 1e-12 * m_aP[c] ? dc : m_aP[c];
    }
  }
  // Single precision for the scaled off-diagonals: the preconditioner only has to be a fixed
  // operator close to A⁻¹; BiCGSTAB's residual uses the exact double-precision A.
  m_invD.resize(n);
  for (auto* v : { &m_lW, &m_lS, &m_lB, &m_uE, &m_uN, &m_uT })
    v->resize(n);
  throwIfCancelled(m_cancelRequested);
  for (std::size_t c = 0; c < n; ++c)
  {
    const double inv = 1.0 / d[c];
    m_invD[c] = inv;
    m_lW[c] = float(m_aW[c] * inv);
    m_lS[c] = float(m_aS[c] * inv);
    m_lB[c] = float(m_aB[c] * inv);
    m_uE[c] = float(m_aE[c] * inv);
    m_uN[c] = float(m_aN[c] * inv);
    m_uT[c] = float(m_aT[c] * inv);
  }
}

void TemperatureSystem::precondition(const std::vector<double>& r, std::vector<double>& z) const
{
  // Coefficients towards a neighbour across the grid's faces are 0, so only the first and last
  // z-plane need index checks (the rest reads every neighbour unconditionally). Each sweep is a
  // recurrence through the neighbour along x: its term comes last, one multiply–add on the path.
  const long n = long(m_aP.size()), sy = m_nx, sz = long(m_nx) * m_ny;
  // The forward sweep reads c − sz unchecked from lo on; the backward sweep reads c + sz
  // unchecked below hi. On a grid of one or two z-planes the two checked ranges overlap.
  const long lo = std::min(sz, n), hi = std::max(0L, n - sz);
  const double* inv = m_invD.data();
  const float *lW = m_lW.data(), *lS = m_lS.data(), *lB = m_lB.data();
  const float *uE = m_uE.data(), *uN = m_uN.data(), *uT = m_uT.data();
  double* zp = z.data();
  const double* rp = r.data();
  auto lowerChecked = [&](long c)
  {
    double s = rp[c] * inv[c];
    if (c >= 1)
      s += lW[c] * zp[c - 1];
    if (c >= sy)
      s += lS[c] * zp[c - sy];
    if (c >= sz)
      s += lB[c] * zp[c - sz];
    zp[c] = s;
  };
  for (long c = 0; c < lo; ++c)
    lowerChecked(c);
  for (long c = lo; c < n; ++c)
    zp[c] = (rp[c] * inv[c] + lS[c] * zp[c - sy] + lB[c] * zp[c - sz]) + lW[c] * zp[c - 1];
  throwIfCancelled(
    m_cancelRequested); // between the sweeps: each is about a quarter of an iteration
  auto upperChecked = [&](long c)
  {
    double s = 0;
    if (c + 1 < n)
      s += uE[c] * zp[c + 1];
    if (c + sy < n)
      s += uN[c] * zp[c + sy];
    if (c + sz < n)
      s += uT[c] * zp[c + sz];
    zp[c] += s;
  };
  for (long c = n - 1; c >= hi; --c)
    upperChecked(c);
  for (long c = hi - 1; c >= 0; --c)
    zp[c] = (zp[c] + uN[c] * zp[c + sy] + uT[c] * zp[c + sz]) + uE[c] * zp[c + 1];
}

void TemperatureSystem::apply(const std::vector<double>& x, std::vector<double>& y) const
{
  const long n = long(m_aP.size()), sy = m_nx, sz = long(m_nx) * m_ny;
  const long lo = std::min(sz, n), hi = std::max(lo, n - sz);
  const double* xp = x.data();
  auto checked = [&](long c)
  {
    double s = m_aP[c] * xp[c];
    if (c >= 1)
      s -= m_aW[c] * xp[c - 1];
    if (c + 1 < n)
      s -= m_aE[c] * xp[c + 1];
    if (c >= sy)
      s -= m_aS[c] * xp[c - sy];
    if (c + sy < n)
      s -= m_aN[c] * xp[c + sy];
    if (c >= sz)
      s -= m_aB[c] * xp[c - sz];
    if (c + sz < n)
      s -= m_aT[c] * xp[c + sz];
    y[c] = s;
  };
  for (long c = 0; c < lo; ++c)
    checked(c);
  const double *aP = m_aP.data(), *aW = m_aW.data(), *aE = m_aE.data(), *aS = m_aS.data(),
               *aN = m_aN.data(), *aB = m_aB.data(), *aT = m_aT.data();
  double* yp = y.data();
  for (long c = lo; c < hi; ++c)
    yp[c] = aP[c] * xp[c] - aW[c] * xp[c - 1] - aE[c] * xp[c + 1] - aS[c] * xp[c - sy] -
            aN[c] * xp[c + sy] - aB[c] * xp[c - sz] - aT[c] * xp[c + sz];
  for (long c = hi; c < n; ++c)
    checked(c);
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
  // First touch of the work vectors costs page faults (about 7 ms for all eight at 238k cells):
  // the hook is polled halfway as well.
  std::vector<double> r(n), rHat(n), p(n, 0.0), v(n, 0.0);
  throwIfCancelled(m_cancelRequested);
  std::vector<double> y(n, 0.0), s(n), z(n, 0.0), t(n);
  throwIfCancelled(m_cancelRequested);
  apply(x, r);
  for (std::size_t i = 0; i < n; ++i)
    r[i] = m_b[i] - r[i];
  relResidual = bNorm > 0 ? std::sqrt(dot(r, r)) / bNorm : 0;
  if (bNorm == 0 || relResidual <= tolerance)
    return 0;
  rHat = r;
  double rho = 1, alpha = 1, omega = 1;
  double rhoNew = dot(rHat, r);
  const double startResidual = relResidual;
  // Vector updates and the dot products that follow them share one pass over memory each: the
  // sweeps are memory-bound on large grids. The cancellation hook is polled before each of the
  // two preconditioned products of an iteration (and between the sweeps inside each).
  for (int it = 1; it <= maxIterations; ++it)
  {
    throwIfCancelled(m_cancelRequested);
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
    throwIfCancelled(m_cancelRequested);
    precondition(s, z);
    apply(z, t);
    double tt = 0, ts = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
      tt += t[i] * t[i];
      ts += t[i] * s[i];
    }
    omega = tt > 0 ? ts / tt : 0;
    double rr = 0;
    rhoNew = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
      x[i] += alpha * y[i] + omega * z[i];
      const double ri = s[i] - omega * t[i];
      r[i] = ri;
      rr += ri * ri;
      rhoNew += rHat[i] * ri;
    }
    relResidual = std::sqrt(rr) / bNorm;
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
