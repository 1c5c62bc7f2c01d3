#pragma once
/**
 * @file poisson_smoother.h
 * Jacobi smoothing sweeps for the 3D Poisson problem −∇²u = f on a uniform grid, with one
 * implementation per backend. The thermal engine's potential-flow model (docs/models/thermal.md)
 * builds its smoothers and multigrid cycles on this.
 *
 * Discretisation: the 7-point stencil on a grid of nx × ny × nz points with spacing h (metres).
 * The outermost layer of points holds Dirichlet values and is never changed. One sweep sets
 * every interior point, from the previous iterate only (Jacobi, not Gauss–Seidel):
 *
 *     u'(i,j,k) = [u(i±1,j,k) + u(i,j±1,k) + u(i,j,k±1) + h²·f(i,j,k)] / 6
 *
 * Both backends evaluate this update with the same function (poisson_stencil.h), so they agree
 * to rounding (the device may fuse a multiply-add). Reference: Briggs, Henson & McCormick,
 * A Multigrid Tutorial, 2nd ed., SIAM 2000, ch. 2 (weighted Jacobi with ω = 1).
 *
 * Storage: x fastest, index = i + nx·(j + ny·k) (Grid3::index).
 *
 * Plain C++: no CUDA header, so any translation unit may include it.
 * References: docs/references.md#briggs2000.
 */

#include <cstddef>
#include <span>

namespace myriad::backend
{

/** A uniform 3D grid: point counts per axis (boundary included) and spacing in metres. */
struct Grid3
{
  int nx = 0;
  int ny = 0;
  int nz = 0;
  double h = 1.0; ///< grid spacing in metres, the same on every axis

  /** Number of grid points, nx·ny·nz. */
  std::size_t pointCount() const
  {
    return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny) *
           static_cast<std::size_t>(nz);
  }
  /** Linear index of point (i, j, k); x varies fastest. */
  std::size_t index(int i, int j, int k) const
  {
    return static_cast<std::size_t>(i) +
           static_cast<std::size_t>(nx) *
             (static_cast<std::size_t>(j) +
              static_cast<std::size_t>(ny) * static_cast<std::size_t>(k));
  }
};

/**
 * Check a problem before running it: every axis has at least 3 points (one interior point),
 * h is finite and > 0, rhs and u hold pointCount() values and sweeps ≥ 0.
 * Throws engine::SpecError naming the offending parameter and its limit.
 */
void validatePoissonProblem(const Grid3& grid, std::span<const double> rhs,
                            std::span<const double> u, int sweeps);

/**
 * CPU reference: `sweeps` Jacobi sweeps on `u` in place (boundary values kept).
 * Throws engine::SpecError on invalid input (validatePoissonProblem).
 */
void jacobiSweepsCpu(const Grid3& grid, std::span<const double> rhs, std::span<double> u,
                     int sweeps);

/**
 * The same sweeps on CUDA device 0, with results copied back into `u`.
 * Throws engine::SpecError on invalid input, and engine::Error when this build has no CUDA
 * (MYRIAD_ENABLE_CUDA=OFF), when no device is present, or when a CUDA call fails (the message
 * carries the runtime's error string and code).
 */
void jacobiSweepsCuda(const Grid3& grid, std::span<const double> rhs, std::span<double> u,
                      int sweeps);

/**
 * Largest absolute residual max |f + ∇²u| over the interior points (∇² the 7-point stencil),
 * in the units of f. Zero when u solves the discrete problem. CPU only.
 * Throws engine::SpecError on invalid input.
 */
double poissonResidualMax(const Grid3& grid, std::span<const double> rhs,
                          std::span<const double> u);

} // namespace myriad::backend
