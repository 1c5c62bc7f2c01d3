/**
 * @file test_thermal_cancel.cpp
 * Cancellation of the hall thermal model (SolverSettings::cancelRequested, thermal_problem.h) on
 * the lab-256 sample at 0.3 m cells (13k cells; a cold solve takes 7 flow and 8 temperature
 * iterations): a hook that asks at once stops the model with SolveCancelled (not an engine Error);
 * a hook that asks after N polls stops it at that poll; the poll count grows with the solver's
 * iteration count, so the hook is polled inside the iterations and not only between phases; a
 * hook that never asks changes no bit of the result; and a cancelled solve leaves nothing
 * behind (the next solve, cold or warm, on the same solver object gives the uncancelled answer).
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <QtTest/QtTest>

#include <functional>
#include <memory>
#include <type_traits>

using namespace myriad::engine;
using namespace myriad::engine::thermal;

static_assert(std::is_base_of_v<std::exception, SolveCancelled>);
static_assert(!std::is_base_of_v<Error, SolveCancelled>,
              "a cancel must not look like a failed model run to callers that report Errors");

namespace
{

const Scene& lab()
{
  static const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  return scene;
}

ThermalOptions options(std::function<bool()> hook = {})
{
  ThermalOptions o;
  o.cellM = 0.3;
  o.solver.cancelRequested = std::move(hook);
  return o;
}

/** A hook that counts its calls and asks to stop from call `stopAt` on (0 = never). */
struct CountingHook
{
  int calls = 0;
  int stopAt = 0;
  std::function<bool()> hook()
  {
    return [this]
    {
      ++calls;
      return stopAt > 0 && calls >= stopAt;
    };
  }
};

enum class Outcome
{
  Finished,
  Cancelled,
  Error
};

Outcome run(const ThermalOptions& o, ThermalSolver* solver = nullptr,
            const ThermalSolution* warm = nullptr, const Scene& scene = lab())
{
  try
  {
    analyzeHall(scene, 0, Catalog::builtin(), o, solver, warm);
    return Outcome::Finished;
  }
  catch (const Error&)
  {
    return Outcome::Error;
  }
  catch (const SolveCancelled&)
  {
    return Outcome::Cancelled;
  }
}

/** Every output the live loop and the panels read, compared bit for bit. */
bool identical(const ThermalResult& a, const ThermalResult& b)
{
  if (a.racks.size() != b.racks.size() || a.coolers.size() != b.coolers.size())
    return false;
  for (std::size_t i = 0; i < a.racks.size(); ++i)
    if (a.racks[i].id != b.racks[i].id || a.racks[i].inletMeanC != b.racks[i].inletMeanC ||
        a.racks[i].inletMaxC != b.racks[i].inletMaxC || a.racks[i].exhaustC != b.racks[i].exhaustC)
      return false;
  for (std::size_t i = 0; i < a.coolers.size(); ++i)
    if (a.coolers[i].loadW != b.coolers[i].loadW || a.coolers[i].returnC != b.coolers[i].returnC)
      return false;
  return a.solution.temperatureC == b.solution.temperatureC && a.solution.psi == b.solution.psi &&
         a.solution.flowIterations == b.solution.flowIterations &&
         a.solution.temperatureIterations == b.solution.temperatureIterations &&
         a.energyBalanceError == b.energyBalanceError && a.heatRemovedW == b.heatRemovedW &&
         a.rciHi == b.rciHi && a.shi == b.shi;
}

} // namespace

class TestThermalCancel final : public QObject
{
  Q_OBJECT

private slots:
  void cancelAtOnceThrowsSolveCancelled();
  void cancelAfterNPollsStopsAtThatPoll();
  void pollsGrowWithSolverIterations();
  void hookThatNeverAsksChangesNothing();
  void solveAfterCancelGivesTheSameAnswer();
};

void TestThermalCancel::cancelAtOnceThrowsSolveCancelled()
{
  // Asked before any work: the model throws SolveCancelled, never an Error (a failure), and the
  // hook was asked exactly once (it is polled before the grid is built).
  CountingHook counter;
  counter.stopAt = 1;
  QCOMPARE(run(options(counter.hook())), Outcome::Cancelled);
  QCOMPARE(counter.calls, 1);
  const SolveCancelled cancelled;
  QVERIFY(std::string(cancelled.what()).find("cancel") != std::string::npos);
}

void TestThermalCancel::cancelAfterNPollsStopsAtThatPoll()
{
  // A full solve polls the hook P times: at least once per solver iteration on top of once per
  // phase of the model (grid, flow, temperature, results). A hook that asks from poll N on
  // (N = P/2, and the last poll) stops the model at poll N: it throws SolveCancelled and is not
  // asked again.
  CountingHook full;
  const ThermalResult r = analyzeHall(lab(), 0, Catalog::builtin(), options(full.hook()));
  const int phases = 4;
  qInfo("full solve: %d polls, flow %d / temperature %d iterations, %zu cells", full.calls,
        r.solution.flowIterations, r.solution.temperatureIterations, r.problem.grid.cellCount());
  QVERIFY2(full.calls >= r.solution.flowIterations + r.solution.temperatureIterations + phases,
           qPrintable(QString::number(full.calls)));
  for (int stopAt : { full.calls / 2, full.calls - 1 })
  {
    CountingHook counter;
    counter.stopAt = stopAt;
    QCOMPARE(run(options(counter.hook())), Outcome::Cancelled);
    QCOMPARE(counter.calls, stopAt);
  }
}

void TestThermalCancel::pollsGrowWithSolverIterations()
{
  // Same grid and inputs, tighter tolerances: only the solvers' iteration counts change, so if
  // the hook is polled in every iteration the poll count grows by at least the added iterations
  // (the phases are the same). Polled only between phases, the counts would be equal.
  auto polls = [](double flowTol, double tempTol, ThermalResult& out)
  {
    CountingHook counter;
    ThermalOptions o = options(counter.hook());
    o.solver.flowTolerance = flowTol;
    o.solver.temperatureTolerance = tempTol;
    out = analyzeHall(lab(), 0, Catalog::builtin(), o);
    return counter.calls;
  };
  ThermalResult loose, tightTemp, tightFlow;
  const int base = polls(1e-4, 1e-4, loose);
  const int moreTemp = polls(1e-4, 1e-10, tightTemp);
  const int moreFlow = polls(1e-10, 1e-4, tightFlow);
  qInfo("polls %d / %d / %d; temperature iterations %d → %d; flow iterations %d → %d", base,
        moreTemp, moreFlow, loose.solution.temperatureIterations,
        tightTemp.solution.temperatureIterations, loose.solution.flowIterations,
        tightFlow.solution.flowIterations);
  const int addedTemp =
    tightTemp.solution.temperatureIterations - loose.solution.temperatureIterations;
  const int addedFlow = tightFlow.solution.flowIterations - loose.solution.flowIterations;
  QVERIFY(addedTemp > 0 && addedFlow > 0);
  QCOMPARE(tightTemp.solution.flowIterations, loose.solution.flowIterations);
  QVERIFY2(moreTemp - base >= addedTemp, qPrintable(QString::number(moreTemp - base)));
  QVERIFY2(moreFlow - base >= addedFlow, qPrintable(QString::number(moreFlow - base)));
}

void TestThermalCancel::hookThatNeverAsksChangesNothing()
{
  // Polling only reads the hook: every rack inlet and exhaust, every cooler load, both fields,
  // the iteration counts and the energy balance are bit-identical to a solve without a hook,
  // cold and warm (the warm solve re-solves after moving one rack, as the live loop does).
  CountingHook counter;
  const ThermalResult plain = analyzeHall(lab(), 0, Catalog::builtin(), options());
  const ThermalResult hooked = analyzeHall(lab(), 0, Catalog::builtin(), options(counter.hook()));
  QVERIFY(counter.calls > 0);
  QVERIFY(identical(plain, hooked));
  QVERIFY(plain.energyBalanceError < 0.01);
  // The result keeps no hook: it outlives the solve and the hook's captures.
  QVERIFY(!hooked.problem.settings.cancelRequested);

  Scene moved = lab();
  moved.site.halls[0].rows.front().racks.front().xM += 0.6;
  const ThermalResult warmPlain =
    analyzeHall(moved, 0, Catalog::builtin(), options(), nullptr, &plain.solution);
  const ThermalResult warmHooked =
    analyzeHall(moved, 0, Catalog::builtin(), options(counter.hook()), nullptr, &plain.solution);
  QVERIFY(identical(warmPlain, warmHooked));
}

void TestThermalCancel::solveAfterCancelGivesTheSameAnswer()
{
  // One solver object, as a long-lived worker keeps it: cancel a cold and a warm solve in the
  // middle, then solve the same inputs again without cancelling. Both answers are bit-identical
  // to those of a fresh solver that was never cancelled, and the warm start (read-only) is
  // unchanged by the cancelled run.
  const std::unique_ptr<ThermalSolver> solver = makeCpuThermalSolver();
  const ThermalResult reference = analyzeHall(lab(), 0, Catalog::builtin(), options());
  CountingHook full;
  analyzeHall(lab(), 0, Catalog::builtin(), options(full.hook()));

  CountingHook counter;
  counter.stopAt = full.calls / 2;
  QCOMPARE(run(options(counter.hook()), solver.get()), Outcome::Cancelled);
  const ThermalResult again = analyzeHall(lab(), 0, Catalog::builtin(), options(), solver.get());
  QVERIFY(identical(reference, again));

  Scene moved = lab();
  moved.site.halls[0].rows.front().racks.front().xM += 0.6;
  const ThermalResult warmReference =
    analyzeHall(moved, 0, Catalog::builtin(), options(), nullptr, &reference.solution);
  const std::vector<double> startField = again.solution.temperatureC;
  CountingHook warmFull;
  analyzeHall(moved, 0, Catalog::builtin(), options(warmFull.hook()), nullptr, &again.solution);
  CountingHook warmCounter;
  warmCounter.stopAt = warmFull.calls / 2;
  QCOMPARE(run(options(warmCounter.hook()), solver.get(), &again.solution, moved),
           Outcome::Cancelled);
  QVERIFY(again.solution.temperatureC == startField);
  const ThermalResult warmAgain =
    analyzeHall(moved, 0, Catalog::builtin(), options(), solver.get(), &again.solution);
  QVERIFY(identical(warmReference, warmAgain));
}

QTEST_APPLESS_MAIN(TestThermalCancel)
#include "test_thermal_cancel.moc"
