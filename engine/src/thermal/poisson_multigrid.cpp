/**
 * @file poisson_multigrid.cpp
 * Geometric multigrid (cell aggregation) preconditioned CG for the potential-flow equation.
 * See poisson_multigrid.h for the discretisation and the coarsening rule.
 */

#include "thermal/poisson_multigrid.h"

#include "myriad/engine/thermal/thermal_problem.h"

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

void computeDiag(MgLevel& level)
{
  const std::size_t sy = level.nx, sz = std::size_t(level.nx) * level.ny;
  level.diag.assign(level.size(), 0.0);
  for (int k = 0; k < level.nz; ++k)
    for (int j = 0; j < level.ny; ++j)
      for (int i = 0; i < level.nx; ++i)
      {
        const std::size_t c = i + sy * j + sz * k;
        double d = level.kx[c] + level.ky[c] + level.kz[c];
        if (i > 0)
          d += level.kx[c - 1];
        if (j > 0)
          d += level.ky[c - sy];
        if (k > 0)
          d += level.kz[c - sz];
        level.diag[c] = d;
      }
}

void allocate(MgLevel& level)
{
  level.invDiag.resize(level.size());
  for (std::size_t c = 0; c < level.size(); ++c)
    level.invDiag[c] = level.diag[c] > 0 ? 1.0 / level.diag[c] : 0.0;
  level.x.assign(level.size(), 0.0);
  level.b.assign(level.size(), 0.0);
  level.r.assign(level.size(), 0.0);
}

} // namespace

PoissonMultigrid::PoissonMultigrid(int nx, int ny, int nz, const std::vector<std::uint8_t>& solid,
                                   std::function<bool()> cancelRequested)
  : m_cancelRequested(std::move(cancelRequested))
{
  MgLevel fine;
  fine.nx = nx;
  fine.ny = ny;
  fine.nz = nz;
  const std::size_t n = fine.size(), sy = nx, sz = std::size_t(nx) * ny;
  fine.kx.assign(n, 0.f);
  fine.ky.assign(n, 0.f);
  fine.kz.assign(n, 0.f);
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
      {
        const std::size_t c = i + sy * j + sz * k;
        if (solid[c])
          continue;
        if (i + 1 < nx && !solid[c + 1])
          fine.kx[c] = 1.f;
        if (j + 1 < ny && !solid[c + sy])
          fine.ky[c] = 1.f;
        if (k + 1 < nz && !solid[c + sz])
          fine.kz[c] = 1.f;
      }
  throwIfCancelled(m_cancelRequested);
  computeDiag(fine);
  throwIfCancelled(m_cancelRequested);
  allocate(fine);
  m_levels.push_back(std::move(fine));
  throwIfCancelled(m_cancelRequested);
  // Coarsen until the grid is small enough for many smoothing sweeps to act as a direct solve.
  while (m_levels.back().size() > 256)
  {
    MgLevel coarse;
    const MgLevel& f = m_levels.back();
    coarse.cx = f.nx >= 3 ? 2 : 1;
    coarse.cy = f.ny >= 3 ? 2 : 1;
    coarse.cz = f.nz >= 3 ? 2 : 1;
    if (coarse.cx * coarse.cy * coarse.cz == 1)
      break;
    coarse.nx = (f.nx + coarse.cx - 1) / coarse.cx;
    coarse.ny = (f.ny + coarse.cy - 1) / coarse.cy;
    coarse.nz = (f.nz + coarse.cz - 1) / coarse.cz;
    buildCoarse(f, coarse);
    m_levels.push_back(std::move(coarse));
    throwIfCancelled(m_cancelRequested);
  }
}

void PoissonMultigrid::buildCoarse(const MgLevel& f, MgLevel& c) const
{
  const std::size_t n = c.size();
  c.kx.assign(n, 0.f);
  c.ky.assign(n, 0.f);
  c.kz.assign(n, 0.f);
  const std::size_t fsy = f.nx, fsz = std::size_t(f.nx) * f.ny;
  const std::size_t csy = c.nx, csz = std::size_t(c.nx) * c.ny;
  // Each fine face that crosses a coarse face adds k_fine / (factor along its normal).
  for (int k = 0; k < f.nz; ++k)
    for (int j = 0; j < f.ny; ++j)
      for (int i = 0; i < f.nx; ++i)
      {
        const std::size_t fc = i + fsy * j + fsz * k;
        const int I = i / c.cx, J = j / c.cy, K = k / c.cz;
        const std::size_t cc = I + csy * J + csz * K;
        if (f.kx[fc] != 0.f && (i + 1) / c.cx != I)
          c.kx[cc] += f.kx[fc] / float(c.cx);
        if (f.ky[fc] != 0.f && (j + 1) / c.cy != J)
          c.ky[cc] += f.ky[fc] / float(c.cy);
        if (f.kz[fc] != 0.f && (k + 1) / c.cz != K)
          c.kz[cc] += f.kz[fc] / float(c.cz);
      }
  computeDiag(c);
  allocate(c);
}

void PoissonMultigrid::apply(const MgLevel& l, const std::vector<double>& x,
                             std::vector<double>& y) const
{
  // As in smooth(): face conductances across the grid's faces are 0, so only the first and last
  // z-plane check their indices.
  const long n = long(l.size()), sy = l.nx, sz = long(l.nx) * l.ny;
  const long lo = std::min(sz, n), hi = std::max(lo, n - sz);
  const float* kx = l.kx.data();
  const float* ky = l.ky.data();
  const float* kz = l.kz.data();
  const double* xp = x.data();
  double* yp = y.data();
  auto checked = [&](long c)
  {
    double s = l.diag[c] * xp[c];
    if (c >= 1)
      s -= kx[c - 1] * xp[c - 1];
    if (c + 1 < n)
      s -= kx[c] * xp[c + 1];
    if (c >= sy)
      s -= ky[c - sy] * xp[c - sy];
    if (c + sy < n)
      s -= ky[c] * xp[c + sy];
    if (c >= sz)
      s -= kz[c - sz] * xp[c - sz];
    if (c + sz < n)
      s -= kz[c] * xp[c + sz];
    yp[c] = s;
  };
  for (long c = 0; c < lo; ++c)
    checked(c);
  const double* diag = l.diag.data();
  for (long c = lo; c < hi; ++c)
    yp[c] = diag[c] * xp[c] - kx[c - 1] * xp[c - 1] - kx[c] * xp[c + 1] - ky[c - sy] * xp[c - sy] -
            ky[c] * xp[c + sy] - kz[c - sz] * xp[c - sz] - kz[c] * xp[c + sz];
  for (long c = hi; c < n; ++c)
    checked(c);
}

void PoissonMultigrid::apply(const std::vector<double>& x, std::vector<double>& y) const
{
  apply(m_levels.front(), x, y);
}

void PoissonMultigrid::smooth(MgLevel& l, bool forward) const
{
  // Conductances to the −x/−y/−z neighbour are 0 on the grid's faces (and the +x/+y/+z ones are
  // 0 there by construction), so only the first and last z-plane need index checks; the rest of
  // the sweep reads its neighbours unconditionally. A cell without open faces has invDiag 0 and
  // stays 0.
  const long n = long(l.size()), sy = l.nx, sz = long(l.nx) * l.ny;
  const float* kx = l.kx.data();
  const float* ky = l.ky.data();
  const float* kz = l.kz.data();
  const double* b = l.b.data();
  const double* inv = l.invDiag.data();
  double* x = l.x.data();
  auto checked = [&](long c)
  {
    double s = b[c];
    if (c >= 1)
      s += kx[c - 1] * x[c - 1];
    if (c + 1 < n)
      s += kx[c] * x[c + 1];
    if (c >= sy)
      s += ky[c - sy] * x[c - sy];
    if (c + sy < n)
      s += ky[c] * x[c + sy];
    if (c >= sz)
      s += kz[c - sz] * x[c - sz];
    if (c + sz < n)
      s += kz[c] * x[c + sz];
    x[c] = s * inv[c];
  };
  const long lo = std::min(sz, n), hi = std::max(lo, n - sz);
  // Interior cells: the value just updated (x[c ∓ 1] in sweep order) is added last. The sweep
  // is a recurrence through it, and a single multiply–add on that path keeps its latency short.
  auto far = [&](long c)
  {
    return b[c] + ky[c - sy] * x[c - sy] + ky[c] * x[c + sy] + kz[c - sz] * x[c - sz] +
           kz[c] * x[c + sz];
  };
  if (forward)
  {
    for (long c = 0; c < lo; ++c)
      checked(c);
    for (long c = lo; c < hi; ++c)
      x[c] = (far(c) + kx[c] * x[c + 1] + kx[c - 1] * x[c - 1]) * inv[c];
    for (long c = hi; c < n; ++c)
      checked(c);
  }
  else
  {
    for (long c = n - 1; c >= hi; --c)
      checked(c);
    for (long c = hi - 1; c >= lo; --c)
      x[c] = (far(c) + kx[c - 1] * x[c - 1] + kx[c] * x[c + 1]) * inv[c];
    for (long c = lo - 1; c >= 0; --c)
      checked(c);
  }
}

void PoissonMultigrid::vcycle(std::size_t li)
{
  // Polled at every level visit: on the finest level a visit is two smoothing sweeps, so a
  // cancel is seen within a few milliseconds; on coarse levels the poll costs next to nothing.
  throwIfCancelled(m_cancelRequested);
  MgLevel& l = m_levels[li];
  if (li + 1 == m_levels.size())
  {
    // Coarsest level (≤ a few hundred cells): enough symmetric sweeps to converge.
    for (int s = 0; s < 20; ++s)
    {
      smooth(l, true);
      smooth(l, false);
    }
    return;
  }
  smooth(l, true);
  smooth(l, true);
  apply(l, l.x, l.r);
  for (std::size_t c = 0; c < l.size(); ++c)
    l.r[c] = l.b[c] - l.r[c];
  MgLevel& cl = m_levels[li + 1];
  std::fill(cl.b.begin(), cl.b.end(), 0.0);
  std::fill(cl.x.begin(), cl.x.end(), 0.0);
  // Coarsening factors are 1 or 2: shifts instead of integer divisions in the transfer loops.
  const int shiftX = cl.cx == 2 ? 1 : 0, shiftY = cl.cy == 2 ? 1 : 0, shiftZ = cl.cz == 2 ? 1 : 0;
  const std::size_t csy = cl.nx, csz = std::size_t(cl.nx) * cl.ny;
  std::size_t f = 0;
  for (int k = 0; k < l.nz; ++k)
    for (int j = 0; j < l.ny; ++j)
    {
      double* coarseRow = cl.b.data() + csy * (j >> shiftY) + csz * (k >> shiftZ);
      for (int i = 0; i < l.nx; ++i, ++f)
        coarseRow[i >> shiftX] += l.r[f];
    }
  // W-cycle (two coarse visits): piecewise-constant transfers make a V-cycle too weak.
  vcycle(li + 1);
  vcycle(li + 1);
  f = 0;
  for (int k = 0; k < l.nz; ++k)
    for (int j = 0; j < l.ny; ++j)
    {
      const double* coarseRow = cl.x.data() + csy * (j >> shiftY) + csz * (k >> shiftZ);
      for (int i = 0; i < l.nx; ++i, ++f)
        l.x[f] += coarseRow[i >> shiftX];
    }
  throwIfCancelled(m_cancelRequested);
  smooth(l, false);
  smooth(l, false);
}

void PoissonMultigrid::precondition(const std::vector<double>& r, std::vector<double>& z)
{
  MgLevel& fine = m_levels.front();
  fine.b = r;
  std::fill(fine.x.begin(), fine.x.end(), 0.0);
  vcycle(0);
  z = fine.x;
}

int PoissonMultigrid::solve(const std::vector<double>& b, std::vector<double>& x, double tolerance,
                            int maxIterations, double& relResidual)
{
  const std::size_t n = b.size();
  const double bNorm = std::sqrt(dot(b, b));
  relResidual = 0;
  if (bNorm == 0)
  {
    std::fill(x.begin(), x.end(), 0.0);
    return 0;
  }
  std::vector<double> r(n), z(n), p(n), ap(n);
  throwIfCancelled(m_cancelRequested);
  apply(x, r);
  for (std::size_t i = 0; i < n; ++i)
    r[i] = b[i] - r[i];
  precondition(r, z);
  p = z;
  double rz = dot(r, z);
  for (int it = 1; it <= maxIterations; ++it)
  {
    throwIfCancelled(m_cancelRequested);
    apply(p, ap);
    const double pap = dot(p, ap);
    throwIfCancelled(m_cancelRequested);
    if (!(pap > 0) || !std::isfinite(rz))
      throw SolverError("thermal airflow: conjugate-gradient breakdown at iteration " +
                        std::to_string(it) + " (pᵀAp = " + std::to_string(pap) + ")");
    const double alpha = rz / pap;
    for (std::size_t i = 0; i < n; ++i)
    {
      x[i] += alpha * p[i];
      r[i] -= alpha * ap[i];
    }
    relResidual = std::sqrt(dot(r, r)) / bNorm;
    if (!std::isfinite(relResidual))
      throw SolverError("thermal airflow: non-finite residual at iteration " + std::to_string(it));
    if (relResidual <= tolerance)
      return it;
    precondition(r, z);
    const double rzNew = dot(r, z);
    const double beta = rzNew / rz;
    rz = rzNew;
    for (std::size_t i = 0; i < n; ++i)
      p[i] = z[i] + beta * p[i];
  }
  throw SolverError("thermal airflow: multigrid-CG did not reach relative residual " +
                    std::to_string(tolerance) + " in " + std::to_string(maxIterations) +
                    " iterations (reached " + std::to_string(relResidual) + ")");
}

} // namespace myriad::engine::thermal::detail
