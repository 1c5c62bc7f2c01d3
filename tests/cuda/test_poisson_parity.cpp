/**
 * @file test_poisson_parity.cpp
 * Jacobi sweeps for −∇²u = f, one test body per backend (a `backend` data column, after
 * Thrust's tests that run on host and device). CUDA rows are skipped without a device, or fail
 * when MYRIAD_REQUIRE_GPU=1 (gpu_requirement.h). The CPU implementation is the reference.
 */

#include "gpu_requirement.h"
#include "myriad/backend/backend.h"
#include "myriad/backend/poisson_smoother.h"
#include "myriad/engine/error.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using myriad::backend::Backend;
using myriad::backend::Grid3;

Q_DECLARE_METATYPE(myriad::backend::Backend)

namespace
{

/** Run `sweeps` on the backend of the current row (CUDA rows check for a device first). */
void runSweeps(Backend backend, const Grid3& grid, const std::vector<double>& rhs,
               std::vector<double>& u, int sweeps)
{
  if (backend == Backend::Cuda)
  {
    myriad::backend::jacobiSweepsCuda(grid, rhs, u, sweeps);
  }
  else
  {
    myriad::backend::jacobiSweepsCpu(grid, rhs, u, sweeps);
  }
}

/** Call fn(i, j, k, p) for every grid point, p its linear index. */
template <typename Fn>
void forEachPoint(const Grid3& grid, Fn fn)
{
  for (int k = 0; k < grid.nz; ++k)
  {
    for (int j = 0; j < grid.ny; ++j)
    {
      for (int i = 0; i < grid.nx; ++i)
      {
        fn(i, j, k, grid.index(i, j, k));
      }
    }
  }
}

/** Point coordinates in metres. */
double coord(int index, double h)
{
  return index * h;
}

/** A smooth, non-symmetric field (deterministic, no randomness). */
double pattern(const Grid3& grid, int i, int j, int k)
{
  const double x = coord(i, grid.h);
  const double y = coord(j, grid.h);
  const double z = coord(k, grid.h);
  return std::sin(3.1 * x + 0.7) * std::cos(2.3 * y - 0.2) + 0.5 * z * z - 0.25 * x * y;
}

} // namespace

class TestPoissonParity final : public QObject
{
  Q_OBJECT

private slots:
  void convergesToQuadratic_data() { addBackendRows(); }
  void convergesToQuadratic();
  void matchesCpuReference_data() { addBackendRows(); }
  void matchesCpuReference();
  void zeroSweepsChangeNothing_data() { addBackendRows(); }
  void zeroSweepsChangeNothing();
  void invalidInputThrows_data() { addBackendRows(); }
  void invalidInputThrows();

private:
  static void addBackendRows()
  {
    QTest::addColumn<Backend>("backend");
    QTest::newRow("cpu") << Backend::Cpu;
    QTest::newRow("cuda") << Backend::Cuda;
  }
  static Backend rowBackend()
  {
    QFETCH(Backend, backend);
    return backend;
  }
};

void TestPoissonParity::convergesToQuadratic()
{
  // u = x² + 2y² + 3z² has ∇²u = 12, so f = −12, and the 7-point stencil is exact for
  // quadratics: the discrete solution equals u at every point. Start from zero in the interior
  // with u on the boundary; on a 9³ grid Jacobi's error shrinks by cos(π/8) ≈ 0.924 per sweep,
  // so 500 sweeps leave ~1e-17 of the initial error.
  const Backend backend = rowBackend();
  if (backend == Backend::Cuda)
  {
    MYRIAD_REQUIRE_CUDA_DEVICE();
  }
  const Grid3 grid{ 9, 9, 9, 0.125 };
  std::vector<double> exact(grid.pointCount());
  std::vector<double> rhs(grid.pointCount(), -12.0);
  std::vector<double> u(grid.pointCount(), 0.0);
  forEachPoint(grid,
               [&](int i, int j, int k, std::size_t p)
               {
                 const double x = coord(i, grid.h), y = coord(j, grid.h), z = coord(k, grid.h);
                 exact[p] = x * x + 2.0 * y * y + 3.0 * z * z;
                 const bool boundary = i == 0 || j == 0 || k == 0 || i == grid.nx - 1 ||
                                       j == grid.ny - 1 || k == grid.nz - 1;
                 u[p] = boundary ? exact[p] : 0.0;
               });
  const double residualBefore = myriad::backend::poissonResidualMax(grid, rhs, u);
  runSweeps(backend, grid, rhs, u, 500);
  const double residualAfter = myriad::backend::poissonResidualMax(grid, rhs, u);
  QVERIFY2(residualAfter < 1e-9 * residualBefore,
           qPrintable(QString("residual %1 -> %2").arg(residualBefore).arg(residualAfter)));
  for (std::size_t p = 0; p < u.size(); ++p)
  {
    QVERIFY2(std::abs(u[p] - exact[p]) < 1e-12, qPrintable(QString("point %1").arg(p)));
  }
}

void TestPoissonParity::matchesCpuReference()
{
  // An anisotropic grid (odd sizes, so launch blocks are partly filled) with a non-trivial f and
  // initial guess: the backend must reproduce the CPU reference to 1e-12 relative, with a floor
  // of 1e-3 of the largest value so near-zero points are not over-constrained (CUTLASS
  // TensorRelativelyEquals). The device may fuse multiply-adds, hence not bit-exact.
  const Backend backend = rowBackend();
  if (backend == Backend::Cuda)
  {
    MYRIAD_REQUIRE_CUDA_DEVICE();
  }
  const Grid3 grid{ 37, 12, 7, 0.05 };
  std::vector<double> rhs(grid.pointCount());
  std::vector<double> initial(grid.pointCount());
  forEachPoint(grid,
               [&](int i, int j, int k, std::size_t p)
               {
                 rhs[p] = 40.0 * pattern(grid, k, i, j) - 3.0;
                 initial[p] = pattern(grid, i, j, k);
               });
  std::vector<double> reference = initial;
  myriad::backend::jacobiSweepsCpu(grid, rhs, reference, 37);
  std::vector<double> u = initial;
  runSweeps(backend, grid, rhs, u, 37);

  double largest = 0.0;
  for (double value : reference)
  {
    largest = std::max(largest, std::abs(value));
  }
  const double floor = 1e-3 * largest;
  for (std::size_t p = 0; p < u.size(); ++p)
  {
    const double tolerance = 1e-12 * std::max(std::abs(reference[p]), floor);
    QVERIFY2(std::abs(u[p] - reference[p]) <= tolerance,
             qPrintable(QString("point %1: %2 vs reference %3")
                          .arg(p)
                          .arg(u[p], 0, 'g', 17)
                          .arg(reference[p], 0, 'g', 17)));
  }
  QVERIFY(u != initial); // the sweeps did something
}

void TestPoissonParity::zeroSweepsChangeNothing()
{
  const Backend backend = rowBackend();
  if (backend == Backend::Cuda)
  {
    MYRIAD_REQUIRE_CUDA_DEVICE();
  }
  const Grid3 grid{ 4, 5, 6, 1.0 };
  const std::vector<double> rhs(grid.pointCount(), 7.0);
  std::vector<double> u(grid.pointCount());
  for (std::size_t p = 0; p < u.size(); ++p)
  {
    u[p] = 0.5 * static_cast<double>(p);
  }
  const std::vector<double> before = u;
  runSweeps(backend, grid, rhs, u, 0);
  QCOMPARE(u, before);
}

void TestPoissonParity::invalidInputThrows()
{
  // Input is checked before any device is touched, so these rows run without a GPU too.
  const Backend backend = rowBackend();
  using myriad::engine::SpecError;
  const Grid3 grid{ 3, 4, 5, 0.25 };
  std::vector<double> rhs(grid.pointCount(), 0.0);
  std::vector<double> u(grid.pointCount(), 0.0);
  std::vector<double> shortU(grid.pointCount() - 1, 0.0);
  QVERIFY_THROWS_EXCEPTION(SpecError, runSweeps(backend, Grid3{ 2, 4, 5, 0.25 }, rhs, u, 1));
  QVERIFY_THROWS_EXCEPTION(SpecError, runSweeps(backend, Grid3{ 3, 4, 5, 0.0 }, rhs, u, 1));
  QVERIFY_THROWS_EXCEPTION(SpecError, runSweeps(backend, Grid3{ 3, 4, 5, NAN }, rhs, u, 1));
  QVERIFY_THROWS_EXCEPTION(SpecError, runSweeps(backend, grid, rhs, shortU, 1));
  QVERIFY_THROWS_EXCEPTION(SpecError, runSweeps(backend, grid, shortU, u, 1));
  QVERIFY_THROWS_EXCEPTION(SpecError, runSweeps(backend, grid, rhs, u, -1));
  try
  {
    runSweeps(backend, grid, rhs, shortU, 1);
  }
  catch (const SpecError& error)
  {
    QVERIFY2(std::string(error.what()).find("expected nx*ny*nz = 60") != std::string::npos,
             error.what());
  }
}

QTEST_APPLESS_MAIN(TestPoissonParity)
#include "test_poisson_parity.moc"
