/**
 * @file poisson_smoother.cpp
 * CPU reference Jacobi sweeps and the boundary of the CUDA implementation (status → exception).
 */

#include "myriad/backend/poisson_smoother.h"

#include "myriad/backend/config.h"
#include "myriad/backend/poisson_stencil.h"
#include "myriad/engine/error.h"

#if MYRIAD_HAVE_CUDA
#include "cuda_runtime_bridge.h"
#endif

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace myriad::backend
{
namespace
{

void requireSize(const char* name, std::size_t actual, std::size_t expected)
{
  if (actual != expected)
  {
    throw engine::SpecError("Poisson smoother: " + std::string(name) + " holds " +
                            std::to_string(actual) +
                            " values (expected nx*ny*nz = " + std::to_string(expected) + ")");
  }
}

/** One sweep from `in` into `out` over the interior points. */
void sweepInterior(const Grid3& grid, const double* rhs, const double* in, double* out)
{
  const double h2 = grid.h * grid.h;
  const std::size_t sy = static_cast<std::size_t>(grid.nx);
  const std::size_t sz = sy * static_cast<std::size_t>(grid.ny);
  for (int k = 1; k < grid.nz - 1; ++k)
  {
    for (int j = 1; j < grid.ny - 1; ++j)
    {
      std::size_t p = grid.index(1, j, k);
      for (int i = 1; i < grid.nx - 1; ++i, ++p)
      {
        out[p] = jacobiPointUpdate(in[p - 1], in[p + 1], in[p - sy], in[p + sy], in[p - sz],
                                   in[p + sz], h2, rhs[p]);
      }
    }
  }
}

} // namespace

void validatePoissonProblem(const Grid3& grid, std::span<const double> rhs,
                            std::span<const double> u, int sweeps)
{
  if (grid.nx < 3 || grid.ny < 3 || grid.nz < 3)
  {
    throw engine::SpecError("Poisson smoother: grid " + std::to_string(grid.nx) + "x" +
                            std::to_string(grid.ny) + "x" + std::to_string(grid.nz) +
                            " is too small (expected at least 3 points per axis)");
  }
  if (!std::isfinite(grid.h) || grid.h <= 0.0)
  {
    throw engine::SpecError("Poisson smoother: grid spacing h = " + std::to_string(grid.h) +
                            " m (expected a finite value > 0)");
  }
  requireSize("rhs", rhs.size(), grid.pointCount());
  requireSize("u", u.size(), grid.pointCount());
  if (sweeps < 0)
  {
    throw engine::SpecError("Poisson smoother: sweeps = " + std::to_string(sweeps) +
                            " (expected >= 0)");
  }
}

void jacobiSweepsCpu(const Grid3& grid, std::span<const double> rhs, std::span<double> u,
                     int sweeps)
{
  validatePoissonProblem(grid, rhs, u, sweeps);
  if (sweeps == 0)
  {
    return;
  }
  // Both buffers start as u, so the Dirichlet boundary is present in each; only interior points
  // are ever written.
  std::vector<double> scratch(u.begin(), u.end());
  double* in = u.data();
  double* out = scratch.data();
  for (int sweep = 0; sweep < sweeps; ++sweep)
  {
    sweepInterior(grid, rhs.data(), in, out);
    std::swap(in, out);
  }
  if (in != u.data())
  {
    std::copy(scratch.begin(), scratch.end(), u.begin());
  }
}

void jacobiSweepsCuda(const Grid3& grid, std::span<const double> rhs, std::span<double> u,
                      int sweeps)
{
  validatePoissonProblem(grid, rhs, u, sweeps);
#if MYRIAD_HAVE_CUDA
  const DeviceQuery& query = queryDevices();
  if (query.devices.empty())
  {
    throw engine::Error("Poisson smoother: CUDA backend has no device: " + query.status);
  }
  const cuda::Status status = cuda::jacobiSweeps(grid, rhs.data(), u.data(), sweeps);
  if (!status.ok())
  {
    throw engine::Error("Poisson smoother: CUDA Jacobi sweeps failed: " + status.message);
  }
#else
  throw engine::Error("Poisson smoother: CUDA backend requested but this build has no CUDA "
                      "(MYRIAD_ENABLE_CUDA=OFF)");
#endif
}

double poissonResidualMax(const Grid3& grid, std::span<const double> rhs, std::span<const double> u)
{
  validatePoissonProblem(grid, rhs, u, 0);
  const double inverseH2 = 1.0 / (grid.h * grid.h);
  const std::size_t sy = static_cast<std::size_t>(grid.nx);
  const std::size_t sz = sy * static_cast<std::size_t>(grid.ny);
  double worst = 0.0;
  for (int k = 1; k < grid.nz - 1; ++k)
  {
    for (int j = 1; j < grid.ny - 1; ++j)
    {
      for (int i = 1; i < grid.nx - 1; ++i)
      {
        const std::size_t p = grid.index(i, j, k);
        const double laplacian =
          (u[p - 1] + u[p + 1] + u[p - sy] + u[p + sy] + u[p - sz] + u[p + sz] - 6.0 * u[p]) *
          inverseH2;
        worst = std::max(worst, std::abs(rhs[p] + laplacian));
      }
    }
  }
  return worst;
}

} // namespace myriad::backend
