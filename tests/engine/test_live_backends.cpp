// The live loop runs the solvers it is given: a recording max-min solver and thermal solver
// injected through LiveOptions are the ones the traffic and thermal stages call, the stage
// status names the backend that ran (the solver's lastRun(), also when it reports a fallback),
// and without injection the CPU reference runs and is reported.
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/thermal/thermal_problem.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <QtTest>

#include <atomic>
#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::live;

namespace
{

/** The CPU reference behind another name, counting its calls; may report a fallback. */
class RecordingMaxMin final : public traffic::MaxMinSolver
{
public:
  std::string name() const override { return "test-recorder"; }
  std::vector<double> solve(const traffic::MaxMinProblem& problem,
                            const std::vector<bool>& active) override
  {
    ++solves;
    return m_cpu->solve(problem, active);
  }
  SolverRun lastRun() const override
  {
    return reported.backend.empty() ? MaxMinSolver::lastRun() : reported;
  }

  std::atomic<int> solves{ 0 };
  SolverRun reported; ///< empty: name() with no reason

private:
  std::shared_ptr<traffic::MaxMinSolver> m_cpu = traffic::makeCpuMaxMinSolver();
};

class RecordingThermal final : public thermal::ThermalSolver
{
public:
  std::string name() const override { return "test-recorder"; }
  bool canSolve(const thermal::ThermalProblem& problem) const override
  {
    return m_cpu->canSolve(problem);
  }
  thermal::ThermalSolution solve(const thermal::ThermalProblem& problem,
                                 const thermal::ThermalSolution* warm) override
  {
    ++solves;
    return m_cpu->solve(problem, warm);
  }

  std::atomic<int> solves{ 0 };

private:
  std::unique_ptr<thermal::ThermalSolver> m_cpu = thermal::makeCpuThermalSolver();
};

Scene lab()
{
  return generateScene(builtinSpec("lab-256"), Catalog::builtin());
}

LiveOptions smallThermal()
{
  LiveOptions options;
  options.thermalMaxCells = 20000; // coarse: the test is about who solves, not the field
  return options;
}

LiveResults run(const LiveOptions& options, const std::vector<Stage>& stages)
{
  const CancelToken cancel;
  LiveResults results;
  runStages(stages, lab(), Catalog::builtin(), options, cancel, results);
  return results;
}

const std::vector<Stage> kSolverStages = { Stage::Geometry, Stage::Traffic, Stage::Thermal };

} // namespace

class TestLiveBackends final : public QObject
{
  Q_OBJECT

private slots:
  void injectedSolversRunTheStages();
  void withoutInjectionTheCpuReferenceIsReported();
  void aReportedFallbackIsWhatTheStatusSays();
  void mergeKeepsTheBackend();
};

void TestLiveBackends::injectedSolversRunTheStages()
{
  auto maxMin = std::make_shared<RecordingMaxMin>();
  auto thermalSolver = std::make_shared<RecordingThermal>();
  LiveOptions options = smallThermal();
  options.maxMinSolver = maxMin;
  options.thermalSolver = thermalSolver;
  const LiveResults injected = run(options, kSolverStages);
  QVERIFY2(!injected.status(Stage::Traffic).failed, injected.status(Stage::Traffic).error.c_str());
  QVERIFY2(!injected.status(Stage::Thermal).failed, injected.status(Stage::Thermal).error.c_str());
  // The ring's flow simulation (one solve per event) and its start rates: at least 2 solves.
  QVERIFY2(maxMin->solves >= 2, qPrintable(QString::number(maxMin->solves)));
  QCOMPARE(thermalSolver->solves.load(), 1);
  QCOMPARE(injected.status(Stage::Traffic).backend, std::string("test-recorder"));
  QCOMPARE(injected.status(Stage::Thermal).backend, std::string("test-recorder"));
  QCOMPARE(injected.status(Stage::Geometry).backend, std::string("CPU"));

  // The same numbers as the CPU reference: the injected solvers wrap it (the traffic stage
  // simulates by full re-solves with an injected solver, incrementally without: equal to
  // rounding).
  const LiveResults reference = run(smallThermal(), kSolverStages);
  QVERIFY(reference.kpis.allReduceBusBwGBs > 0);
  QVERIFY(std::abs(injected.kpis.allReduceBusBwGBs - reference.kpis.allReduceBusBwGBs) <=
          1e-9 * reference.kpis.allReduceBusBwGBs);
  QCOMPARE(injected.kpis.maxInletC, reference.kpis.maxInletC);
}

void TestLiveBackends::withoutInjectionTheCpuReferenceIsReported()
{
  const LiveResults results = run(smallThermal(), kSolverStages);
  for (const Stage stage : { Stage::Traffic, Stage::Thermal })
  {
    QCOMPARE(results.status(stage).backend, std::string("CPU"));
    QCOMPARE(results.status(stage).backendReason,
             std::string("no solver given: the CPU reference"));
  }
  QCOMPARE(results.status(Stage::Geometry).backendReason,
           std::string("this model runs on the CPU only"));
}

void TestLiveBackends::aReportedFallbackIsWhatTheStatusSays()
{
  // A solver named "test-recorder" that says the CPU ran its last solve: the status prints
  // what ran, not the solver's name.
  auto maxMin = std::make_shared<RecordingMaxMin>();
  maxMin->reported = { "CPU", "fell back to the CPU: test" };
  LiveOptions options;
  options.maxMinSolver = maxMin;
  const LiveResults results = run(options, { Stage::Traffic });
  QCOMPARE(results.status(Stage::Traffic).backend, std::string("CPU"));
  QCOMPARE(results.status(Stage::Traffic).backendReason, std::string("fell back to the CPU: test"));
}

void TestLiveBackends::mergeKeepsTheBackend()
{
  // Stages run apart (the app's two workers) and joined keep what ran them.
  auto maxMin = std::make_shared<RecordingMaxMin>();
  maxMin->reported = { "test-recorder", "injected by the test" };
  LiveOptions options;
  options.maxMinSolver = maxMin;
  const LiveResults slow = run(options, { Stage::Traffic });
  LiveResults joined;
  QCOMPARE(joined.status(Stage::Traffic).backend, std::string("CPU")); // the default
  mergeStage(Stage::Traffic, slow, joined);
  QCOMPARE(joined.status(Stage::Traffic).backend, std::string("test-recorder"));
  QCOMPARE(joined.status(Stage::Traffic).backendReason, std::string("injected by the test"));
}

QTEST_GUILESS_MAIN(TestLiveBackends)
#include "test_live_backends.moc"
