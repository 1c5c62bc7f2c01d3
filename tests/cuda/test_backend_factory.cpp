/**
 * @file test_backend_factory.cpp
 * The backend factory on whatever machine runs it: parsing backend names, what Auto and Cpu pick
 * and why, that asking for CUDA where it cannot run is an error naming the cause, the solver
 * objects makeSolvers() hands out (names, what lastRun() reports) and the CPU fallback of the
 * wrappers. Written so it passes both without a GPU (the usual CI case) and with one; the rows
 * that need a device skip without one, or fail with MYRIAD_REQUIRE_GPU=1 (gpu_requirement.h).
 */

#include "gpu_requirement.h"
#include "myriad/backend/backend.h"
#include "myriad/backend/config.h"
#include "myriad/backend/factory.h"
#include "myriad/backend/poisson_smoother.h"
#include "myriad/engine/error.h"
#include "myriad/engine/log.h"
#include "myriad/engine/thermal/thermal_problem.h"
#include "myriad/engine/traffic/maxmin.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <QtTest/QtTest>

#include <string>
#include <vector>

using myriad::backend::Backend;

namespace
{

bool contains(const std::string& text, const std::string& part)
{
  return text.find(part) != std::string::npos;
}

bool cudaUsable()
{
  const auto& query = myriad::backend::queryDevices();
  return query.compiledIn && !query.devices.empty();
}

/** Two links, three flows (rates 6, 4 and 4 Gb/s on the reference). */
myriad::engine::traffic::MaxMinProblem smallProblem()
{
  myriad::engine::traffic::MaxMinProblem p;
  const int a = p.addLink(10e9), b = p.addLink(8e9);
  p.addFlow({ a });
  p.addFlow({ a, b }, 4e9);
  p.addFlow({ b });
  return p;
}

/** A solver whose every call fails as a device would (engine::Error). */
class FailingMaxMin final : public myriad::engine::traffic::MaxMinSolver
{
public:
  std::string name() const override { return "failing"; }
  std::vector<double> solve(const myriad::engine::traffic::MaxMinProblem&,
                            const std::vector<bool>&) override
  {
    throw myriad::engine::Error("device lost (test)");
  }
};

/** A thermal solver that refuses every problem (canSolve false), as a full device would. */
class RefusingThermal final : public myriad::engine::thermal::ThermalSolver
{
public:
  std::string name() const override { return "refusing"; }
  bool canSolve(const myriad::engine::thermal::ThermalProblem&) const override { return false; }
  myriad::engine::thermal::ThermalSolution solve(
    const myriad::engine::thermal::ThermalProblem&,
    const myriad::engine::thermal::ThermalSolution*) override
  {
    throw myriad::engine::Error("refusing: solve() called although canSolve() is false");
  }
};

/** A 4 × 3 × 3 box of air, supply on one side of the floor, return under the far ceiling. */
myriad::engine::thermal::ThermalProblem tinyBox()
{
  namespace th = myriad::engine::thermal;
  th::ThermalProblem p;
  p.grid.nx = 4;
  p.grid.ny = 3;
  p.grid.nz = 3;
  p.grid.cellM = 0.5;
  p.grid.solid.assign(p.grid.cellCount(), 0);
  th::AirSupply supply{ "supply", {}, 0.5, 18.0 };
  th::AirSink sink{ "return", {}, 0.5 };
  for (int j = 0; j < p.grid.ny; ++j)
  {
    supply.cells.push_back(p.grid.index(0, j, 0));
    sink.cells.push_back(p.grid.index(p.grid.nx - 1, j, p.grid.nz - 1));
  }
  p.supplies.push_back(supply);
  p.sinks.push_back(sink);
  return p;
}

} // namespace

class TestBackendFactory final : public QObject
{
  Q_OBJECT

private slots:
  void logsEachChoiceOnce();         // first: the CPU choice is logged for the first time
  void cpuRunsNeverProbeTheDevice(); // before any test that asks the runtime
  void namesRoundTrip();
  void unknownNameThrows();
  void queryMatchesBuild();
  void autoPicksCudaOnlyWithDevice();
  void cpuAlwaysGivesCpu();
  void cudaWithoutDeviceThrows();
  void cudaSmootherWithoutDeviceThrows();
  void cpuSolversAreTheReferences();
  void autoSolversSayWhy();
  void cudaSolversNeedADevice();
  void cudaSolversRunOnTheDevice();
  void maxMinFallbackRecordsTheCause();
  void thermalFallbackForAProblemTheDeviceCannotTake();
};

void TestBackendFactory::cpuRunsNeverProbeTheDevice()
{
  // --backend cpu must not start the CUDA runtime (hundreds of ms on a GPU machine, and a
  // probe the user did not ask for); auto and cuda do.
  QVERIFY(!myriad::backend::devicesQueried());
  const auto solvers = myriad::backend::makeSolvers(Backend::Cpu);
  QCOMPARE(solvers.choice.backend, Backend::Cpu);
  QCOMPARE(solvers.choice.reason, std::string("CPU backend: requested"));
  QVERIFY(!myriad::backend::devicesQueried());
  myriad::backend::selectBackend(Backend::Auto);
  QVERIFY(myriad::backend::devicesQueried());
}

void TestBackendFactory::logsEachChoiceOnce()
{
  // Three requests for the same backend give one Info line; the log sink sees the reason.
  std::vector<std::string> messages;
  myriad::engine::setLogSink(
    [&messages](myriad::engine::LogLevel level, const std::string& text)
    {
      if (level == myriad::engine::LogLevel::Info)
      {
        messages.push_back(text);
      }
    });
  const auto first = myriad::backend::selectBackend(Backend::Cpu);
  myriad::backend::selectBackend(Backend::Cpu);
  myriad::backend::selectBackend(Backend::Cpu);
  myriad::engine::setLogSink({});
  QCOMPARE(messages.size(), std::size_t(1));
  QCOMPARE(messages.front(), first.reason);
}

void TestBackendFactory::namesRoundTrip()
{
  for (Backend backend : { Backend::Cpu, Backend::Cuda, Backend::Auto })
  {
    QCOMPARE(myriad::backend::backendFromString(myriad::backend::toString(backend)), backend);
  }
  QCOMPARE(myriad::backend::backendFromString("CUDA"), Backend::Cuda);
  QCOMPARE(myriad::backend::backendFromString("Auto"), Backend::Auto);
}

void TestBackendFactory::unknownNameThrows()
{
  for (const char* bad : { "", "gpu", "cpu ", "opencl" })
  {
    try
    {
      myriad::backend::backendFromString(bad);
      QFAIL(qPrintable(QString("no exception for backend name \"%1\"").arg(bad)));
    }
    catch (const myriad::engine::SpecError& error)
    {
      QVERIFY2(contains(error.what(), "expected cpu, cuda or auto"), error.what());
    }
  }
}

void TestBackendFactory::queryMatchesBuild()
{
  // The query reports whether CUDA was compiled in, and always says what the runtime answered.
  const auto& query = myriad::backend::queryDevices();
  QCOMPARE(query.compiledIn, MYRIAD_HAVE_CUDA == 1);
  QVERIFY(!query.status.empty());
  QCOMPARE(&myriad::backend::queryDevices(), &query); // cached
  if (!query.compiledIn)
  {
    QVERIFY(query.devices.empty());
  }
  for (const auto& device : query.devices)
  {
    QVERIFY(!device.name.empty());
    QVERIFY(device.computeMajor >= 7); // CUDA 13 supports sm_75 and newer
    QVERIFY(device.memoryBytes > 0);
  }
}

void TestBackendFactory::autoPicksCudaOnlyWithDevice()
{
  const auto choice = myriad::backend::selectBackend(Backend::Auto);
  const auto& query = myriad::backend::queryDevices();
  if (cudaUsable())
  {
    QCOMPARE(choice.backend, Backend::Cuda);
    QVERIFY2(contains(choice.reason, "CUDA backend on " + query.devices.front().name),
             choice.reason.c_str());
    return;
  }
  QCOMPARE(choice.backend, Backend::Cpu);
  const std::string expected = query.compiledIn
                                 ? "CPU backend: CUDA built but no device: " + query.status
                                 : "CPU backend: this build has no CUDA (MYRIAD_ENABLE_CUDA=OFF)";
  QCOMPARE(choice.reason, expected);
}

void TestBackendFactory::cpuAlwaysGivesCpu()
{
  const auto choice = myriad::backend::selectBackend(Backend::Cpu);
  QCOMPARE(choice.backend, Backend::Cpu);
  QVERIFY2(contains(choice.reason, "CPU backend"), choice.reason.c_str());
}

void TestBackendFactory::cudaWithoutDeviceThrows()
{
  if (cudaUsable())
  {
    QCOMPARE(myriad::backend::selectBackend(Backend::Cuda).backend, Backend::Cuda);
    return;
  }
  const auto& query = myriad::backend::queryDevices();
  try
  {
    myriad::backend::selectBackend(Backend::Cuda);
    QFAIL("asking for CUDA without a usable device did not throw");
  }
  catch (const myriad::engine::Error& error)
  {
    // The message names the cause: the missing build option, or the runtime's answer.
    const std::string cause = query.compiledIn ? query.status : "MYRIAD_ENABLE_CUDA";
    QVERIFY2(contains(error.what(), cause), error.what());
    QVERIFY2(contains(error.what(), "CUDA backend requested"), error.what());
  }
}

void TestBackendFactory::cudaSmootherWithoutDeviceThrows()
{
  if (cudaUsable())
  {
    QSKIP("a CUDA device is present; test_poisson_parity covers the CUDA smoother");
  }
  const myriad::backend::Grid3 grid{ 3, 3, 3, 0.5 };
  std::vector<double> rhs(grid.pointCount(), 1.0);
  std::vector<double> u(grid.pointCount(), 0.0);
  QVERIFY_THROWS_EXCEPTION(myriad::engine::Error,
                           myriad::backend::jacobiSweepsCuda(grid, rhs, u, 1));
  QCOMPARE(u, std::vector<double>(grid.pointCount(), 0.0)); // untouched
  // Auto falls back to the CPU and says so.
  const auto choice = myriad::backend::jacobiSweeps(Backend::Auto, grid, rhs, u, 1);
  QCOMPARE(choice.backend, Backend::Cpu);
  QCOMPARE(u[grid.index(1, 1, 1)], 0.25 * 1.0 / 6.0); // h²·f/6 with zero neighbours
}

void TestBackendFactory::cpuSolversAreTheReferences()
{
  const auto solvers = myriad::backend::makeSolvers(Backend::Cpu);
  QCOMPARE(solvers.choice.backend, Backend::Cpu);
  QCOMPARE(solvers.maxMin->name(), std::string("CPU"));
  QCOMPARE(solvers.thermal->name(), std::string("CPU"));
  const auto problem = smallProblem();
  QCOMPARE(solvers.maxMin->solve(problem), myriad::engine::traffic::maxMinRates(problem));
  const auto run = solvers.maxMin->lastRun();
  QCOMPARE(run.backend, std::string("CPU"));
  QCOMPARE(run.reason, std::string("CPU backend: requested"));
  QCOMPARE(solvers.thermal->lastRun().backend, std::string("CPU"));
  QCOMPARE(solvers.thermal->lastRun().reason, std::string("CPU backend: requested"));
}

void TestBackendFactory::autoSolversSayWhy()
{
  const auto solvers = myriad::backend::makeSolvers(Backend::Auto);
  const auto problem = smallProblem();
  const auto rates = solvers.maxMin->solve(problem);
  const auto run = solvers.maxMin->lastRun();
  if (cudaUsable())
  {
    QCOMPARE(solvers.choice.backend, Backend::Cuda);
    QVERIFY2(run.backend.rfind("CUDA (", 0) == 0, run.backend.c_str());
    return;
  }
  // Without a device: the CPU, and the reason names why (no CUDA in the build, or no device).
  QCOMPARE(solvers.choice.backend, Backend::Cpu);
  QCOMPARE(rates, myriad::engine::traffic::maxMinRates(problem));
  QCOMPARE(run.backend, std::string("CPU"));
  const auto& query = myriad::backend::queryDevices();
  const std::string why = query.compiledIn ? query.status : "MYRIAD_ENABLE_CUDA=OFF";
  QVERIFY2(contains(run.reason, why), run.reason.c_str());
  QCOMPARE(solvers.thermal->lastRun().reason, run.reason);
}

void TestBackendFactory::cudaSolversNeedADevice()
{
  if (cudaUsable())
    QSKIP("a CUDA device is present: cudaSolversRunOnTheDevice covers Cuda");
  try
  {
    myriad::backend::makeSolvers(Backend::Cuda);
    QFAIL("makeSolvers(Cuda) without a usable device did not throw");
  }
  catch (const myriad::engine::Error& error)
  {
    QVERIFY2(contains(error.what(), "CUDA backend requested"), error.what());
  }
  // The bare CUDA max-min solver says why it cannot run.
  auto bare = myriad::backend::makeCudaMaxMinSolver("CUDA");
  QVERIFY_THROWS_EXCEPTION(myriad::engine::Error, bare->solve(smallProblem()));
}

void TestBackendFactory::cudaSolversRunOnTheDevice()
{
  MYRIAD_REQUIRE_CUDA_DEVICE();
  const auto solvers = myriad::backend::makeSolvers(Backend::Cuda);
  const std::string label = "CUDA (" + myriad::backend::queryDevices().devices.front().name + ")";
  QCOMPARE(solvers.maxMin->name(), label);
  QCOMPARE(solvers.thermal->name(), label);
  const auto problem = smallProblem();
  const auto rates = solvers.maxMin->solve(problem);
  QCOMPARE(solvers.maxMin->lastRun().backend, label); // no fallback on a 3-flow problem
  const auto reference = myriad::engine::traffic::maxMinRates(problem);
  for (std::size_t f = 0; f < rates.size(); ++f)
    QVERIFY(std::abs(rates[f] - reference[f]) <= 1e-9 * reference[f]);
}

void TestBackendFactory::maxMinFallbackRecordsTheCause()
{
  auto solver = myriad::backend::makeFallbackMaxMinSolver(
    std::make_shared<FailingMaxMin>(), myriad::engine::traffic::makeCpuMaxMinSolver(), "chosen");
  QCOMPARE(solver->name(), std::string("failing"));
  const auto problem = smallProblem();
  QCOMPARE(solver->solve(problem), myriad::engine::traffic::maxMinRates(problem));
  QCOMPARE(solver->lastRun().backend, std::string("CPU"));
  QCOMPARE(solver->lastRun().reason, std::string("fell back to the CPU: device lost (test)"));
  // A whole flow simulation falls back too, and gives the reference's result.
  const std::vector<double> bytes = { 1e9, 1e9, 1e9 };
  QCOMPARE(solver->simulate(problem, bytes).finishS,
           myriad::engine::traffic::simulateFlows(problem, bytes).finishS);
  QCOMPARE(solver->lastRun().backend, std::string("CPU"));
  // Without a fallback the error propagates.
  auto alone = myriad::backend::makeFallbackMaxMinSolver(std::make_shared<FailingMaxMin>(), {}, "");
  QVERIFY_THROWS_EXCEPTION(myriad::engine::Error, alone->solve(problem));
}

void TestBackendFactory::thermalFallbackForAProblemTheDeviceCannotTake()
{
  auto solver = myriad::backend::makeFallbackThermalSolver(
    std::make_shared<RefusingThermal>(), "CUDA (test)",
    myriad::engine::thermal::makeCpuThermalSolver(), "chosen");
  QCOMPARE(solver->name(), std::string("CUDA (test)"));
  QCOMPARE(solver->lastRun().backend, std::string("CUDA (test)")); // before any solve
  const auto problem = tinyBox();
  QVERIFY(solver->canSolve(problem)); // the fallback can
  const auto solution = solver->solve(problem, nullptr);
  QCOMPARE(solution.temperatureC.size(), problem.grid.cellCount()); // the CPU solved it
  QCOMPARE(solver->lastRun().backend, std::string("CPU"));
  QVERIFY2(contains(solver->lastRun().reason, "fell back to the CPU: a grid of 36 cells"),
           solver->lastRun().reason.c_str());
}

QTEST_APPLESS_MAIN(TestBackendFactory)
#include "test_backend_factory.moc"
