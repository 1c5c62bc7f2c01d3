/**
 * @file test_thermal_solver.cpp
 * Physics of the CPU thermal backend on hand-built grids: potential flow in a duct, the 1D
 * advection–diffusion closed form, two ducted racks in series, energy conservation and
 * divergence detection.
 */

#include "myriad/engine/thermal/thermal_problem.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>

using namespace myriad::engine::thermal;

namespace
{

ThermalProblem channel(int nx, int ny, int nz, double cellM)
{
  ThermalProblem p;
  p.grid.nx = nx;
  p.grid.ny = ny;
  p.grid.nz = nz;
  p.grid.cellM = cellM;
  p.grid.solid.assign(p.grid.cellCount(), 0);
  return p;
}

std::vector<std::int32_t> plane(const ThermalGrid& g, int i)
{
  std::vector<std::int32_t> cells;
  for (int k = 0; k < g.nz; ++k)
    for (int j = 0; j < g.ny; ++j)
      cells.push_back(g.index(i, j, k));
  return cells;
}

double mean(const std::vector<double>& t, const std::vector<std::int32_t>& cells)
{
  double s = 0;
  for (auto c : cells)
    s += t[c];
  return s / double(cells.size());
}

/** ρ·c_p·(Σ sink Q·T − Σ supply Q·T) − Σ rack ρ·c_p·Q·ΔT: zero for an energy-conserving field. */
double energyResidualW(const ThermalProblem& p, const ThermalSolution& s)
{
  double w = 0;
  for (const auto& k : p.sinks)
    w += k.flowM3s * mean(s.temperatureC, k.cells);
  for (const auto& a : p.supplies)
    w -= a.flowM3s * a.temperatureC;
  for (const auto& r : p.racks)
    w -= r.flowM3s * r.heatRiseK;
  return kAirRhoCp * w;
}

} // namespace

class TestThermalSolver final : public QObject
{
  Q_OBJECT

private slots:
  void uniformDuctFlow();
  void advectionDiffusionClosedForm();
  void twoRacksInSeriesDucted();
  void warmStartReusesField();
  void warmSolveStopsAtItsLooserTolerance();
  void divergenceIsReportedNotNaN();
};

void TestThermalSolver::uniformDuctFlow()
{
  // A 10 m duct of 0.75 m × 0.5 m (40 × 3 × 2 cells of 0.25 m). 1.2 m³/s enter through one
  // corner cell at x = 0 and leave through the opposite corner cell at x = 10 m. Potential flow
  // spreads over the section within about a duct width (disturbances decay like e^(−πx/W)), so
  // in the middle every x-face carries Q/6 = 0.2 m³/s, cross flows vanish and the speed is
  // Q/A = 1.2 / 0.375 = 3.2 m/s. Air at 20 °C stays at 20 °C everywhere.
  ThermalProblem p = channel(40, 3, 2, 0.25);
  const auto& g = p.grid;
  p.supplies.push_back({ "in", { g.index(0, 0, 0) }, 1.2, 20.0 });
  p.sinks.push_back({ "out", { g.index(39, 2, 1) }, 1.2 });
  auto solver = makeCpuThermalSolver();
  const ThermalSolution s = solver->solve(p, nullptr);
  for (int i = 10; i < 30; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k)
      {
        const int c = g.index(i, j, k);
        QVERIFY(std::abs(faceFlowM3s(p, s, c, 0) - 0.2) < 1e-4);
        QVERIFY(std::abs(faceFlowM3s(p, s, c, 1)) < 1e-4);
        QVERIFY(std::abs(cellSpeedMs(p, s, c) - 3.2) < 2e-3);
      }
  QCOMPARE(s.flowImbalanceM3s, 0.0);
  for (int c = 0; c < int(g.cellCount()); ++c)
    QVERIFY(std::abs(s.temperatureC[c] - 20.0) < 1e-6);
}

void TestThermalSolver::advectionDiffusionClosedForm()
{
  // 1D channel of 200 cells, h = 0.1 m, κ = 0.02 m²/s. Q = 1e-4 m³/s at 20 °C enters at cell 0;
  // the same flow at 40 °C is added at cell 150; 2e-4 m³/s leave at cell 199.
  // Upstream of the hot inflow, u·T' = κ·T'' gives T − 20 ∝ exp(u·x/κ): heat diffuses against
  // the flow with decay length κ/u = 0.2 m. The upwind scheme's discrete solution has the exact
  // cell ratio 1 + Pe_h with Pe_h = u·h/κ = F/(κ·h) = 0.05, i.e. 1.05 per cell, and matches the
  // continuum growth e^(u·d/κ) over d = 2 m to within the O(Pe_h) scheme error (2.4 %).
  // Downstream of the hot inflow the mixed temperature is (20 + 40)/2 = 30 °C exactly.
  ThermalProblem p = channel(200, 1, 1, 0.1);
  p.settings.diffusivityM2s = 0.02;
  p.supplies.push_back({ "cold", { 0 }, 1e-4, 20.0 });
  p.supplies.push_back({ "hot", { 150 }, 1e-4, 40.0 });
  p.sinks.push_back({ "out", { 199 }, 2e-4 });
  const ThermalSolution s = makeCpuThermalSolver()->solve(p, nullptr);
  const auto& t = s.temperatureC;
  for (int i = 120; i < 148; ++i)
    QVERIFY2(std::abs((t[i + 1] - 20.0) / (t[i] - 20.0) - 1.05) < 1e-5,
             qPrintable(QString("cell %1 ratio %2").arg(i).arg((t[i + 1] - 20) / (t[i] - 20))));
  const double u = 1e-4 / (0.1 * 0.1), growth = (t[148] - 20.0) / (t[128] - 20.0);
  QVERIFY(std::abs(growth / std::exp(u * 2.0 / 0.02) - 1.0) < 0.03);
  for (int i = 151; i < 200; ++i)
    QVERIFY(std::abs(t[i] - 30.0) < 1e-6);
  QVERIFY(std::abs(energyResidualW(p, s)) < 1e-6);
}

void TestThermalSolver::twoRacksInSeriesDucted()
{
  // A 7.5 m duct of 0.5 m × 0.5 m with two racks filling its section: A at x = 2–2.5 m, B at
  // x = 4.5–5 m. 0.5 m³/s of 18 °C supply air enter at x = 0 and leave at the far end. A heats
  // its air by 10 K, B by 8 K. Fully ducted, nothing bypasses: A's intake is 18 °C, B's intake
  // equals A's exhaust (28 °C) and the air leaves at 36 °C.
  ThermalProblem p = channel(30, 2, 2, 0.25);
  auto& g = p.grid;
  for (int i : { 8, 9, 18, 19 })
    for (auto c : plane(g, i))
      g.solid[c] = 1;
  p.supplies.push_back({ "crah", plane(g, 0), 0.5, 18.0 });
  p.sinks.push_back({ "return", plane(g, 29), 0.5 });
  p.racks.push_back({ "A", plane(g, 7), plane(g, 10), 0.5, 10.0 });
  p.racks.push_back({ "B", plane(g, 17), plane(g, 20), 0.5, 8.0 });
  const ThermalSolution s = makeCpuThermalSolver()->solve(p, nullptr);
  QVERIFY(std::abs(mean(s.temperatureC, plane(g, 7)) - 18.0) < 1e-6);
  QVERIFY(std::abs(mean(s.temperatureC, plane(g, 17)) - 28.0) < 1e-6);
  QVERIFY(std::abs(mean(s.temperatureC, plane(g, 29)) - 36.0) < 1e-6);
  QVERIFY(std::abs(energyResidualW(p, s)) < 1e-3);
}

void TestThermalSolver::warmStartReusesField()
{
  // Re-solving the same problem from its own solution needs no iterations: the warm start is the
  // answer. This is what an edit-and-re-solve relies on.
  ThermalProblem p = channel(24, 8, 6, 0.25);
  p.supplies.push_back({ "in", { p.grid.index(0, 0, 0) }, 1.0, 18.0 });
  p.sinks.push_back({ "out", { p.grid.index(23, 7, 5) }, 1.0 });
  p.racks.push_back({ "R", { p.grid.index(10, 3, 0) }, { p.grid.index(12, 3, 0) }, 0.3, 12.0 });
  auto solver = makeCpuThermalSolver();
  const ThermalSolution cold = solver->solve(p, nullptr);
  QVERIFY(cold.flowIterations > 0 && cold.temperatureIterations > 0);
  const ThermalSolution warm = solver->solve(p, &cold);
  QVERIFY(warm.flowIterations <= 1);
  QVERIFY(warm.temperatureIterations <= 1);
}

void TestThermalSolver::warmSolveStopsAtItsLooserTolerance()
{
  // After an edit (the rack's heat rise 12 → 15 K) a warm re-solve stops at
  // warmToleranceFactor × the cold tolerances (10 × 10⁻⁷ by default) and still lands within
  // 10⁻³ K of a tight cold solve of the edited problem; factor 1 makes it stop at 10⁻⁷ again.
  ThermalProblem p = channel(24, 8, 6, 0.25);
  p.supplies.push_back({ "in", { p.grid.index(0, 0, 0) }, 1.0, 18.0 });
  p.sinks.push_back({ "out", { p.grid.index(23, 7, 5) }, 1.0 });
  p.racks.push_back({ "R", { p.grid.index(10, 3, 0) }, { p.grid.index(12, 3, 0) }, 0.3, 12.0 });
  auto solver = makeCpuThermalSolver();
  const ThermalSolution before = solver->solve(p, nullptr);
  p.racks.front().heatRiseK = 15.0;
  ThermalProblem tight = p;
  tight.settings.temperatureTolerance = 1e-12;
  const ThermalSolution reference = solver->solve(tight, nullptr);

  QCOMPARE(p.settings.warmToleranceFactor, 10.0);
  const ThermalSolution warm = solver->solve(p, &before);
  QVERIFY(warm.temperatureIterations > 0); // the edit moved the answer
  QVERIFY(warm.temperatureResidual <= 10 * p.settings.temperatureTolerance);
  QVERIFY(warm.flowResidual <= 10 * p.settings.flowTolerance);
  double worst = 0;
  for (std::size_t c = 0; c < warm.temperatureC.size(); ++c)
    worst = std::max(worst, std::abs(warm.temperatureC[c] - reference.temperatureC[c]));
  QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));

  p.settings.warmToleranceFactor = 1;
  const ThermalSolution strict = solver->solve(p, &before);
  QVERIFY(strict.temperatureResidual <= p.settings.temperatureTolerance);
  QVERIFY(strict.temperatureIterations >= warm.temperatureIterations);
}

void TestThermalSolver::divergenceIsReportedNotNaN()
{
  // A non-finite supply temperature must end in SolverError, never in a NaN field.
  ThermalProblem p = channel(10, 2, 2, 0.25);
  p.supplies.push_back({ "bad", { 0 }, 1.0, std::numeric_limits<double>::quiet_NaN() });
  p.sinks.push_back({ "out", { p.grid.index(9, 1, 1) }, 1.0 });
  QVERIFY_THROWS_EXCEPTION(SolverError, makeCpuThermalSolver()->solve(p, nullptr));
  // An iteration cap too small to converge is reported the same way.
  ThermalProblem q = channel(40, 3, 2, 0.25);
  q.supplies.push_back({ "in", { 0 }, 1.0, 20.0 });
  q.sinks.push_back({ "out", { q.grid.index(39, 2, 1) }, 1.0 });
  q.racks.push_back({ "R", { q.grid.index(10, 1, 0) }, { q.grid.index(12, 1, 0) }, 0.3, 12.0 });
  q.settings.maxTemperatureIterations = 1;
  q.settings.temperatureTolerance = 1e-14;
  QVERIFY_THROWS_EXCEPTION(SolverError, makeCpuThermalSolver()->solve(q, nullptr));
}

QTEST_APPLESS_MAIN(TestThermalSolver)
#include "test_thermal_solver.moc"
