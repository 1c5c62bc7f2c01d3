// The traffic models run the max-min solver they are given (maxmin_solver.h): a counting solver
// passed to the flow simulation, a collective and a GPU network is called, and gives the same
// result as the default CPU reference (full re-solves against the incremental simulation:
// equal to rounding). The CPU reference solver is exactly the engine's functions.
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/engine/traffic/hierarchical.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <QtTest>

#include <cmath>
#include <numeric>

using namespace myriad::engine;
using namespace myriad::engine::fabric;
using namespace myriad::engine::traffic;

namespace
{

/** The CPU reference under another name, counting the solves it is asked for. */
class CountingSolver final : public MaxMinSolver
{
public:
  std::string name() const override { return "counting"; }
  std::vector<double> solve(const MaxMinProblem& problem, const std::vector<bool>& active) override
  {
    ++solves;
    return maxMinRates(problem, active);
  }
  int solves = 0;
};

/** Reports a fixed run, to check how RecordingMaxMinSolver joins them. */
class FixedRunSolver final : public MaxMinSolver
{
public:
  std::string name() const override { return "fixed"; }
  std::vector<double> solve(const MaxMinProblem& problem, const std::vector<bool>& active) override
  {
    return maxMinRates(problem, active);
  }
  SolverRun lastRun() const override { return run; }
  SolverRun run;
};

bool near(double a, double b, double rel = 1e-9)
{
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

/** Three links, five flows of different sizes: several completion events. */
MaxMinProblem smallProblem(std::vector<double>& bytes)
{
  MaxMinProblem p;
  const int a = p.addLink(10e9), b = p.addLink(4e9), c = p.addLink(6e9);
  p.addFlow({ a });
  p.addFlow({ a, b });
  p.addFlow({ b, c });
  p.addFlow({ c });
  p.addFlow({ a, c }, 1e9);
  bytes = { 1e9, 2e9, 0.5e9, 3e9, 1e8 };
  return p;
}

std::vector<int> railNics(const FabricGraph& g, int rail)
{
  std::vector<int> out;
  for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
    if (g.device(d).kind == DeviceKind::Nic && g.device(d).rail == rail)
      out.push_back(d);
  return out;
}

} // namespace

class TestTrafficMaxMinSolver final : public QObject
{
  Q_OBJECT

private slots:
  void flowSimulationUsesTheSolver();
  void cpuReferenceIsTheEngineFunctions();
  void collectivesUseTheSolver();
  void gpuNetworkUsesTheSolver();
  void recorderJoinsWhatRan();
};

void TestTrafficMaxMinSolver::flowSimulationUsesTheSolver()
{
  std::vector<double> bytes;
  const MaxMinProblem p = smallProblem(bytes);
  CountingSolver counting;
  const FlowSimResult mine = simulateFlows(p, bytes, {}, &counting);
  const FlowSimResult reference = simulateFlows(p, bytes);
  // One solve per event; the flows finish at distinct times here, so several events.
  QVERIFY2(counting.solves >= 3, qPrintable(QString::number(counting.solves)));
  QCOMPARE(mine.solves, counting.solves);
  QCOMPARE(mine.finishS.size(), reference.finishS.size());
  for (std::size_t f = 0; f < bytes.size(); ++f)
    QVERIFY2(near(mine.finishS[f], reference.finishS[f]),
             qPrintable(
               QString("flow %1: %2 vs %3").arg(f).arg(mine.finishS[f]).arg(reference.finishS[f])));
  QVERIFY(near(mine.makespanS, reference.makespanS));
}

void TestTrafficMaxMinSolver::cpuReferenceIsTheEngineFunctions()
{
  std::vector<double> bytes;
  const MaxMinProblem p = smallProblem(bytes);
  const auto cpu = makeCpuMaxMinSolver();
  QCOMPARE(cpu->name(), std::string("CPU"));
  QCOMPARE(cpu->solve(p), maxMinRates(p));
  const std::vector<bool> active = { true, false, true, true, false };
  QCOMPARE(cpu->solve(p, active), maxMinRates(p, active));
  // The reference simulates incrementally: bit for bit the same as simulateFlows.
  const FlowSimResult viaSolver = simulateFlows(p, bytes, {}, cpu.get());
  const FlowSimResult direct = simulateFlows(p, bytes);
  QCOMPARE(viaSolver.finishS, direct.finishS);
  QCOMPARE(viaSolver.resolvedFlows, direct.resolvedFlows);
  QCOMPARE(cpu->lastRun().backend, std::string("CPU"));
}

void TestTrafficMaxMinSolver::collectivesUseTheSolver()
{
  SuperPodSpec spec;
  spec.scalableUnits = 1;
  const FabricGraph g = superPodFabric(spec);
  const std::vector<int> members = railNics(g, 0);
  QVERIFY(members.size() >= 8);
  CountingSolver counting;
  const CollectiveResult ring = ringAllReduce(g, members, 1e9, 0, {}, &counting);
  QVERIFY(counting.solves >= 2); // the step's simulation and its start rates
  const CollectiveResult ringRef = ringAllReduce(g, members, 1e9);
  QVERIFY(near(ring.timeS, ringRef.timeS));
  QVERIFY(near(ring.slowestFlowBps, ringRef.slowestFlowBps));
  QCOMPARE(ring.peakLoadBps.size(), ringRef.peakLoadBps.size());

  const std::vector<int> few(members.begin(), members.begin() + 6);
  const int before = counting.solves;
  const CollectiveResult all = allToAll(g, few, 1e8, 0, {}, &counting);
  QVERIFY(counting.solves >= before + 2 * 5); // 5 steps, each simulated and solved
  QVERIFY(near(all.timeS, allToAll(g, few, 1e8).timeS));
}

void TestTrafficMaxMinSolver::gpuNetworkUsesTheSolver()
{
  SuperPodSpec spec;
  spec.scalableUnits = 2;
  spec.nodesPerScalableUnit = 4;
  spec.rails = 8;
  spec.switchRadix = 8;
  const FabricGraph g = superPodFabric(spec);
  std::vector<int> gpus(64);
  std::iota(gpus.begin(), gpus.end(), 0);
  CountingSolver counting;
  GpuNetwork mine(g, 450e9);
  mine.setMaxMinSolver(&counting);
  GpuNetwork reference(g, 450e9);
  const auto a = ringAllReduceGroups(mine, { gpus }, 1e9);
  const auto b = ringAllReduceGroups(reference, { gpus }, 1e9);
  QVERIFY(counting.solves > 0);
  QVERIFY(near(a.timeS, b.timeS));
  QVERIFY(near(a.fabricBytes, b.fabricBytes));
}

void TestTrafficMaxMinSolver::recorderJoinsWhatRan()
{
  std::vector<double> bytes;
  const MaxMinProblem p = smallProblem(bytes);
  FixedRunSolver inner;
  inner.run = { "GPU-X", "chosen" };
  RecordingMaxMinSolver recorder(inner);
  QCOMPARE(recorder.lastRun().backend, std::string("GPU-X")); // before any call: the inner's
  recorder.solve(p);
  inner.run = { "CPU", "fell back" };
  recorder.simulate(p, bytes);
  recorder.solve(p);
  QCOMPARE(recorder.calls(), 3);
  QCOMPARE(recorder.lastRun().backend, std::string("GPU-X + CPU"));
  QCOMPARE(recorder.lastRun().reason, std::string("chosen; fell back"));
}

QTEST_GUILESS_MAIN(TestTrafficMaxMinSolver)
#include "test_traffic_maxmin_solver.moc"
