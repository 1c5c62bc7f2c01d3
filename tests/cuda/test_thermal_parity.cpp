/**
 * @file test_thermal_parity.cpp
 * The thermal backends' GPU algorithm (Jacobi-preconditioned CG for the potential ψ,
 * Jacobi-preconditioned BiCGSTAB for the temperature, thermal_backend.h) against the engine's
 * CPU reference (multigrid CG, ILU(0) BiCGSTAB), one test body per backend: the "cpu-mirror"
 * rows run the algorithm on the CPU, the "cuda" rows on the device (skipped without one, failed
 * with MYRIAD_REQUIRE_GPU=1). Both solve the same discrete equations to a relative residual of
 * 1e-7, so their answers agree to the solvers' tolerance, not to rounding:
 *   face flows   max |F − F_ref| ≤ 1e-4 · max |F_ref| and ‖div F − s‖ / ‖s‖ < 1e-6
 *   temperature  max |T − T_ref| ≤ 0.02 K over the open cells
 */

#include "gpu_requirement.h"
#include "myriad/backend/factory.h"
#include "myriad/backend/thermal_backend.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/engine/thermal/thermal_operators.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

using myriad::backend::Backend;
using namespace myriad::engine::thermal;

Q_DECLARE_METATYPE(myriad::backend::Backend)

namespace
{

constexpr double kTemperatureToleranceK = 0.02;
constexpr double kFaceFlowTolerance = 1e-4; ///< relative to the largest face flow
constexpr double kFlowResidualTolerance = 1e-6;

std::unique_ptr<ThermalSolver> solverFor(Backend backend)
{
  return backend == Backend::Cuda ? myriad::backend::makeCudaThermalSolver()
                                  : myriad::backend::makeMirrorThermalSolver();
}

ThermalProblem box(int nx, int ny, int nz, double cellM)
{
  ThermalProblem p;
  p.grid.nx = nx;
  p.grid.ny = ny;
  p.grid.nz = nz;
  p.grid.cellM = cellM;
  p.grid.solid.assign(p.grid.cellCount(), 0);
  return p;
}

double mean(const std::vector<double>& t, const std::vector<std::int32_t>& cells)
{
  double s = 0;
  for (auto c : cells)
    s += t[c];
  return s / double(cells.size());
}

/**
 * A sealed 6 m × 4 m × 2 m box of 0.5 m cells: a supply of 1 m³/s at 18 °C over the floor cells
 * of the −x end, a return of 1 m³/s over the ceiling cells of the +x end. With `rackW` > 0, a
 * solid 1 m × 1 m × 1.5 m rack in the middle draws 0.8 m³/s over its −x face and blows it out
 * of its +x face heated by ΔT = P / (ρ·c_p·Q).
 */
ThermalProblem supplyReturnBox(double rackW)
{
  ThermalProblem p = box(12, 8, 4, 0.5);
  ThermalGrid& g = p.grid;
  AirSupply supply{ "supply", {}, 1.0, 18.0 };
  AirSink sink{ "return", {}, 1.0 };
  for (int j = 0; j < g.ny; ++j)
  {
    supply.cells.push_back(g.index(0, j, 0));
    sink.cells.push_back(g.index(g.nx - 1, j, g.nz - 1));
  }
  p.supplies.push_back(supply);
  p.sinks.push_back(sink);
  if (rackW > 0)
  {
    AirRack rack{ "rack", {}, {}, 0.8, rackW / (kAirRhoCp * 0.8) };
    for (int k = 0; k < 3; ++k)
      for (int j = 3; j < 5; ++j)
      {
        for (int i = 5; i < 7; ++i)
          g.solid[g.index(i, j, k)] = 1;
        rack.intakeCells.push_back(g.index(4, j, k));
        rack.exhaustCells.push_back(g.index(7, j, k));
      }
    p.racks.push_back(rack);
  }
  return p;
}

/** Largest |F_a − F_b| over all faces, and the largest |F_b|. */
std::pair<double, double> faceFlowDifference(const ThermalProblem& p, const ThermalSolution& a,
                                             const ThermalSolution& b)
{
  double diff = 0, largest = 0;
  for (int c = 0; c < int(p.grid.cellCount()); ++c)
    for (int axis = 0; axis < 3; ++axis)
    {
      const double fb = faceFlowM3s(p, b, c, axis);
      diff = std::max(diff, std::abs(faceFlowM3s(p, a, c, axis) - fb));
      largest = std::max(largest, std::abs(fb));
    }
  return { diff, largest };
}

/** ‖net outflow − s‖ / ‖s‖ with s the balanced sources: mass conservation of the flow field. */
double flowResidual(const ThermalProblem& p, const ThermalSolution& s)
{
  const FlowSystem flow = buildFlowSystem(p);
  const ThermalGrid& g = p.grid;
  const long stride[3] = { 1, g.nx, long(g.nx) * g.ny };
  double r2 = 0, s2 = 0;
  for (int c = 0; c < int(g.cellCount()); ++c)
  {
    if (g.solid[c])
      continue;
    const int idx[3] = { c % g.nx, (c / g.nx) % g.ny, c / (g.nx * g.ny) };
    double outflow = 0;
    for (int axis = 0; axis < 3; ++axis)
    {
      outflow += faceFlowM3s(p, s, c, axis);
      if (idx[axis] > 0)
        outflow -= faceFlowM3s(p, s, int(c - stride[axis]), axis);
    }
    const double source = -flow.rhs[c];
    r2 += (outflow - source) * (outflow - source);
    s2 += source * source;
  }
  return std::sqrt(r2 / s2);
}

double maxTemperatureDifference(const ThermalProblem& p, const ThermalSolution& a,
                                const ThermalSolution& b)
{
  double diff = 0;
  for (std::size_t c = 0; c < p.grid.cellCount(); ++c)
    if (!p.grid.solid[c])
      diff = std::max(diff, std::abs(a.temperatureC[c] - b.temperatureC[c]));
  return diff;
}

/** Every parity check of one problem; returns the backend's solution. */
ThermalSolution solveAndCompare(Backend backend, const ThermalProblem& p)
{
  const ThermalSolution ref = makeCpuThermalSolver()->solve(p, nullptr);
  const ThermalSolution sol = solverFor(backend)->solve(p, nullptr);
  [&]
  {
    const auto [diff, largest] = faceFlowDifference(p, sol, ref);
    QVERIFY2(
      diff <= kFaceFlowTolerance * largest,
      qPrintable(QString("face flows differ by %1 m³/s (largest %2)").arg(diff).arg(largest)));
    const double residual = flowResidual(p, sol);
    QVERIFY2(residual < kFlowResidualTolerance,
             qPrintable(QString("flow residual %1").arg(residual)));
    const double dT = maxTemperatureDifference(p, sol, ref);
    QVERIFY2(dT <= kTemperatureToleranceK,
             qPrintable(QString("temperatures differ by %1 K").arg(dT)));
    QCOMPARE(sol.flowImbalanceM3s, ref.flowImbalanceM3s);
  }();
  return sol;
}

void addBackendRows()
{
  QTest::addColumn<Backend>("backend");
  QTest::newRow("cpu-mirror") << Backend::Cpu;
  QTest::newRow("cuda") << Backend::Cuda;
}

} // namespace

/** In a test body: a CUDA row needs a device (a macro: QSKIP must return from the test). */
#define REQUIRE_BACKEND(backend)                                                                   \
  do                                                                                               \
  {                                                                                                \
    if ((backend) == Backend::Cuda)                                                                \
      MYRIAD_REQUIRE_CUDA_DEVICE();                                                                \
  } while (false)

class TestThermalParity final : public QObject
{
  Q_OBJECT

private slots:
  /** No heat source: the steady field is uniform at the supply temperature (18 °C). */
  void supplyAndReturnOnly_data() { addBackendRows(); }
  void supplyAndReturnOnly()
  {
    QFETCH(Backend, backend);
    REQUIRE_BACKEND(backend);
    const ThermalProblem p = supplyReturnBox(0);
    const ThermalSolution s = solveAndCompare(backend, p);
    if (QTest::currentTestFailed())
      return;
    for (std::size_t c = 0; c < p.grid.cellCount(); ++c)
      QVERIFY(std::abs(s.temperatureC[c] - 18.0) < 1e-4);
  }

  /**
   * One 10 kW rack at 0.8 m³/s in the box: ΔT = 10⁴ / (1206 · 0.8) = 10.36 K between the
   * rack's intake mean and its exhaust; the return removes what the rack adds, so
   * ρ·c_p·Q_return·(T_return − 18 °C) = 10 kW (energy conservation of the upwind scheme).
   */
  void rackHeatRise_data() { addBackendRows(); }
  void rackHeatRise()
  {
    QFETCH(Backend, backend);
    REQUIRE_BACKEND(backend);
    const ThermalProblem p = supplyReturnBox(10e3);
    const ThermalSolution ref = makeCpuThermalSolver()->solve(p, nullptr);
    const ThermalSolution s = solveAndCompare(backend, p);
    if (QTest::currentTestFailed())
      return;
    const AirRack& rack = p.racks.front();
    QVERIFY(std::abs(rack.heatRiseK - 10e3 / (kAirRhoCp * 0.8)) < 1e-12);
    const double inlet = mean(s.temperatureC, rack.intakeCells);
    QVERIFY(std::abs(inlet - mean(ref.temperatureC, rack.intakeCells)) <= kTemperatureToleranceK);
    const double removedW =
      kAirRhoCp * p.sinks.front().flowM3s * (mean(s.temperatureC, p.sinks.front().cells) - 18.0);
    QVERIFY2(std::abs(removedW - 10e3) <= 0.01 * 10e3, qPrintable(QString::number(removedW)));
    // The exhaust is hotter than the intake mean; mixing leaves it between 18 °C and inlet + ΔT.
    const double exhaust = mean(s.temperatureC, rack.exhaustCells);
    QVERIFY(exhaust > inlet && exhaust <= inlet + rack.heatRiseK + 1e-6);
  }

  /** A warm start from the answer itself converges at once to the same answer. */
  void warmStart_data() { addBackendRows(); }
  void warmStart()
  {
    QFETCH(Backend, backend);
    REQUIRE_BACKEND(backend);
    const ThermalProblem p = supplyReturnBox(10e3);
    auto solver = solverFor(backend);
    const ThermalSolution cold = solver->solve(p, nullptr);
    const ThermalSolution warm = solver->solve(p, &cold);
    QVERIFY(warm.flowIterations < cold.flowIterations / 4 + 2);
    QVERIFY(warm.temperatureIterations < cold.temperatureIterations / 4 + 2);
    QVERIFY(maxTemperatureDifference(p, warm, cold) <= kTemperatureToleranceK);
  }

  /** The generated lab-256 hall at 0.25 m: rack inlets, field and energy balance (≤ 1 %). */
  void lab256Hall_data() { addBackendRows(); }
  void lab256Hall()
  {
    QFETCH(Backend, backend);
    REQUIRE_BACKEND(backend);
    using namespace myriad::engine;
    const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
    ThermalOptions options;
    options.cellM = 0.25;
    auto solver = solverFor(backend);
    const ThermalResult ref = analyzeHall(scene, 0, Catalog::builtin(), options);
    const ThermalResult res = analyzeHall(scene, 0, Catalog::builtin(), options, solver.get());
    const ThermalProblem& p = res.problem;
    const auto [diff, largest] = faceFlowDifference(p, res.solution, ref.solution);
    qInfo("%zu cells, %zu racks: flow %d iterations (reference %d), temperature %d (%d); "
          "face flows differ by %.3g of %.3g m³/s, temperatures by %.3g K",
          p.grid.cellCount(), res.racks.size(), res.solution.flowIterations,
          ref.solution.flowIterations, res.solution.temperatureIterations,
          ref.solution.temperatureIterations, diff, largest,
          maxTemperatureDifference(p, res.solution, ref.solution));
    QVERIFY2(diff <= kFaceFlowTolerance * largest, qPrintable(QString::number(diff)));
    QVERIFY(flowResidual(p, res.solution) < kFlowResidualTolerance);
    const double dT = maxTemperatureDifference(p, res.solution, ref.solution);
    QVERIFY2(dT <= kTemperatureToleranceK,
             qPrintable(QString("temperatures differ by %1 K").arg(dT)));
    QVERIFY2(res.energyBalanceError <= 0.01, qPrintable(QString::number(res.energyBalanceError)));
    QCOMPARE(res.racks.size(), ref.racks.size());
    QVERIFY(!res.racks.empty());
    for (std::size_t r = 0; r < res.racks.size(); ++r)
      QVERIFY2(std::abs(res.racks[r].inletMeanC - ref.racks[r].inletMeanC) <=
                 kTemperatureToleranceK,
               qPrintable(QString::fromStdString(res.racks[r].id)));
  }

  /** Bad input and an unreachable tolerance are SolverErrors naming the step, never a crash. */
  void errorsAreReported_data() { addBackendRows(); }
  void errorsAreReported()
  {
    QFETCH(Backend, backend);
    REQUIRE_BACKEND(backend);
    auto solver = solverFor(backend);
    ThermalProblem empty;
    QVERIFY_THROWS_EXCEPTION(SolverError, solver->solve(empty, nullptr));
    ThermalProblem strict = supplyReturnBox(10e3);
    strict.settings.flowTolerance = 1e-30; // below round-off: CG cannot get there
    strict.settings.maxFlowIterations = 2;
    try
    {
      solver->solve(strict, nullptr);
      QFAIL("an unreachable tolerance was reported as converged");
    }
    catch (const SolverError& e)
    {
      QVERIFY2(QString(e.what()).contains("potential"), e.what());
    }
  }

  /** Without a device the CUDA solver refuses with the reason, as an engine::Error. */
  void cudaWithoutDeviceThrows()
  {
    if (myriad::testing::cudaUnavailableReason().empty())
      QSKIP("a CUDA device is present");
    QVERIFY_THROWS_EXCEPTION(myriad::engine::Error, myriad::backend::makeCudaThermalSolver()->solve(
                                                      supplyReturnBox(0), nullptr));
  }

  /** The factory: Cpu gives the engine reference; Cuda without a device throws. */
  void factory()
  {
    myriad::backend::BackendChoice choice;
    auto cpu = myriad::backend::makeThermalSolver(Backend::Cpu, &choice);
    QCOMPARE(QString::fromStdString(cpu->name()), QString("cpu"));
    QVERIFY(choice.backend == Backend::Cpu);
    auto automatic = myriad::backend::makeThermalSolver(Backend::Auto, &choice);
    QCOMPARE(QString::fromStdString(automatic->name()),
             QString(choice.backend == Backend::Cuda ? "cuda" : "cpu"));
    if (myriad::testing::cudaUnavailableReason().empty())
      QCOMPARE(QString::fromStdString(myriad::backend::makeThermalSolver(Backend::Cuda)->name()),
               QString("cuda"));
    else
      QVERIFY_THROWS_EXCEPTION(myriad::engine::Error,
                               myriad::backend::makeThermalSolver(Backend::Cuda));
  }
};

QTEST_GUILESS_MAIN(TestThermalParity)
#include "test_thermal_parity.moc"
