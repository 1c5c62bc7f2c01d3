#pragma once
/**
 * @file thermal_krylov.h
 * The thermal backends' Krylov solvers, written once over an `Ops` type so that the CUDA backend
 * (device vectors, kernels) and its CPU mirror (std::vector, loops) run the very same algorithm:
 *
 *   conjugateGradient  Jacobi-preconditioned CG (Saad, Iterative Methods for Sparse Linear
 *                      Systems, 2nd ed., Alg. 9.1) for the singular Neumann potential problem:
 *                      the right-hand side is balanced per air region (engine buildFlowSystem),
 *                      so it lies in the range of A; the iterate's region means are set to 0 at
 *                      the start and the end (ops.project), which fixes the free constant.
 *   biCgStab           Jacobi-preconditioned BiCGSTAB (van der Vorst 1992), right
 *                      preconditioning, as the engine's TemperatureSystem with ILU(0) replaced
 *                      by the diagonal (ILU's triangular solves are sequential).
 *
 * Ops provides: `Vector`, `Vector vector()` (zeroed), `copy(dst, src)`, `double dot(a, b)`,
 * `axpby(y, a, x, b)` (y = a·x + b·y), `apply(x, y)`, `precondition(r, z)`, `project(x)` (CG only)
 * and `bool failed()` (a device call failed: the solver stops and reports DeviceError). Plain C++
 * (host code), also compiled by nvcc for the device Ops.
 *
 * Cancellation: KrylovSettings::cancelRequested (empty = never) is polled on the host once per
 * iteration, before its first device operation; when it returns true the solver stops with
 * KrylovOutcome::Cancelled (the backend then throws engine::thermal::SolveCancelled).
 */

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

namespace myriad::backend::thermal
{

enum class KrylovOutcome
{
  Converged,
  NotConverged,
  Breakdown,
  Diverged,
  DeviceError,
  Cancelled ///< cancelRequested returned true
};

struct KrylovSettings
{
  double tolerance = 1e-7; ///< stop at ‖r‖ ≤ tolerance·‖b‖
  int maxIterations = 1000;
  std::function<bool()> cancelRequested; ///< polled once per iteration; empty = never
};

/** Whether the settings' cancellation hook asks to stop. */
inline bool cancelRequested(const KrylovSettings& settings)
{
  return settings.cancelRequested && settings.cancelRequested();
}

struct KrylovReport
{
  KrylovOutcome outcome = KrylovOutcome::Converged;
  int iterations = 0;
  double relResidual = 0; ///< ‖r‖/‖b‖ at the end (the recurrence residual)
};

/** Rack couplings in compressed rows, ready to copy to a device. */
struct CouplingCsr
{
  std::vector<int> intakeOffset{ 0 }; ///< rack r draws from intake[intakeOffset[r] .. r+1)
  std::vector<std::int32_t> intake;
  std::vector<std::int32_t> exhaust; ///< one entry per (rack, exhaust cell)
  std::vector<int> exhaustRack;      ///< the rack of each exhaust entry
  std::vector<double> weight;        ///< per rack: Q / n_exhaust (m³/s)
  int racks() const { return int(weight.size()); }
};

template <class Couplings>
CouplingCsr toCouplingCsr(const Couplings& couplings)
{
  CouplingCsr csr;
  for (const auto& cp : couplings)
  {
    const int rack = csr.racks();
    csr.intake.insert(csr.intake.end(), cp.intake.begin(), cp.intake.end());
    csr.intakeOffset.push_back(int(csr.intake.size()));
    for (std::int32_t c : cp.exhaust)
    {
      csr.exhaust.push_back(c);
      csr.exhaustRack.push_back(rack);
    }
    csr.weight.push_back(cp.weight);
  }
  return csr;
}

/** Each cell's region (−1: in no solved region) and each region's 1 / cell count, for the
 *  projection of the potential onto zero region means. */
struct RegionIndex
{
  std::vector<std::int32_t> regionOf;
  std::vector<double> inverseCount;
  int regions() const { return int(inverseCount.size()); }
};

inline RegionIndex toRegionIndex(const std::vector<std::vector<std::int32_t>>& regions,
                                 std::size_t cellCount)
{
  RegionIndex index;
  index.regionOf.assign(cellCount, -1);
  for (const auto& cells : regions)
  {
    for (std::int32_t c : cells)
      index.regionOf[c] = index.regions();
    index.inverseCount.push_back(cells.empty() ? 0.0 : 1.0 / double(cells.size()));
  }
  return index;
}

template <class Ops>
KrylovReport conjugateGradient(Ops& ops, const typename Ops::Vector& b, typename Ops::Vector& x,
                               const KrylovSettings& settings)
{
  KrylovReport report;
  ops.project(x);
  auto r = ops.vector(), z = ops.vector(), p = ops.vector(), q = ops.vector();
  ops.apply(x, r);
  ops.axpby(r, 1.0, b, -1.0); // r = b − A·x
  const double bNorm = std::sqrt(ops.dot(b, b));
  report.relResidual = bNorm > 0 ? std::sqrt(ops.dot(r, r)) / bNorm : 0.0;
  if (ops.failed())
    return { KrylovOutcome::DeviceError, 0, report.relResidual };
  if (bNorm == 0 || report.relResidual <= settings.tolerance)
    return report;
  ops.precondition(r, z);
  ops.copy(p, z);
  double rz = ops.dot(r, z);
  for (int it = 1; it <= settings.maxIterations; ++it)
  {
    if (cancelRequested(settings))
      return { KrylovOutcome::Cancelled, it, report.relResidual };
    ops.apply(p, q);
    const double pq = ops.dot(p, q);
    if (ops.failed())
      return { KrylovOutcome::DeviceError, it, report.relResidual };
    if (!(pq > 0))
      return { KrylovOutcome::Breakdown, it, report.relResidual };
    const double alpha = rz / pq;
    ops.axpby(x, alpha, p, 1.0);
    ops.axpby(r, -alpha, q, 1.0);
    report.relResidual = std::sqrt(ops.dot(r, r)) / bNorm;
    report.iterations = it;
    if (ops.failed())
      return { KrylovOutcome::DeviceError, it, report.relResidual };
    if (!std::isfinite(report.relResidual))
      return { KrylovOutcome::Diverged, it, report.relResidual };
    if (report.relResidual <= settings.tolerance)
    {
      ops.project(x);
      return report;
    }
    ops.precondition(r, z);
    const double rzNew = ops.dot(r, z);
    ops.axpby(p, 1.0, z, rzNew / rz); // p = z + β·p
    rz = rzNew;
  }
  report.outcome = KrylovOutcome::NotConverged;
  return report;
}

template <class Ops>
KrylovReport biCgStab(Ops& ops, const typename Ops::Vector& b, typename Ops::Vector& x,
                      const KrylovSettings& settings)
{
  KrylovReport report;
  auto r = ops.vector(), rHat = ops.vector(), p = ops.vector(), v = ops.vector();
  auto y = ops.vector(), s = ops.vector(), z = ops.vector(), t = ops.vector();
  ops.apply(x, r);
  ops.axpby(r, 1.0, b, -1.0);
  const double bNorm = std::sqrt(ops.dot(b, b));
  report.relResidual = bNorm > 0 ? std::sqrt(ops.dot(r, r)) / bNorm : 0.0;
  if (ops.failed())
    return { KrylovOutcome::DeviceError, 0, report.relResidual };
  if (bNorm == 0 || report.relResidual <= settings.tolerance)
    return report;
  ops.copy(rHat, r);
  double rho = 1, alpha = 1, omega = 1;
  const double startResidual = report.relResidual;
  for (int it = 1; it <= settings.maxIterations; ++it)
  {
    if (cancelRequested(settings))
      return { KrylovOutcome::Cancelled, it, report.relResidual };
    report.iterations = it;
    const double rhoNew = ops.dot(rHat, r);
    if (ops.failed())
      return { KrylovOutcome::DeviceError, it, report.relResidual };
    if (rhoNew == 0 || omega == 0)
      return { KrylovOutcome::Breakdown, it, report.relResidual };
    const double beta = (rhoNew / rho) * (alpha / omega);
    rho = rhoNew;
    ops.axpby(p, -omega, v, 1.0); // p = r + β·(p − ω·v)
    ops.axpby(p, 1.0, r, beta);
    ops.precondition(p, y);
    ops.apply(y, v);
    alpha = rho / ops.dot(rHat, v);
    ops.copy(s, r);
    ops.axpby(s, -alpha, v, 1.0);
    ops.precondition(s, z);
    ops.apply(z, t);
    const double tt = ops.dot(t, t);
    omega = tt > 0 ? ops.dot(t, s) / tt : 0.0;
    ops.axpby(x, alpha, y, 1.0);
    ops.axpby(x, omega, z, 1.0);
    ops.copy(r, s);
    ops.axpby(r, -omega, t, 1.0);
    report.relResidual = std::sqrt(ops.dot(r, r)) / bNorm;
    if (ops.failed())
      return { KrylovOutcome::DeviceError, it, report.relResidual };
    if (!std::isfinite(report.relResidual) ||
        report.relResidual > 1e8 * std::max(startResidual, 1.0))
      return { KrylovOutcome::Diverged, it, report.relResidual };
    if (report.relResidual <= settings.tolerance)
      return report;
  }
  report.outcome = KrylovOutcome::NotConverged;
  return report;
}

} // namespace myriad::backend::thermal
