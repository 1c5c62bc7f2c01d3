// The live scheduler on the 256-GPU lab sample: results arrive on the UI thread while its event
// loop keeps running, a newer scene supersedes a running computation (the old run is cancelled
// or its results dropped) and the results shown always describe the newest scene.
#include "live_scheduler.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <vector>

namespace myriad::app
{

using engine::live::Stage;

class TestLiveScheduler final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void resultsArriveOnTheUiThread();
  void newestSceneWins();
  void emptyChangeSetRunsNothing();
  void stagesOfAChangeAreRecomputed();
  void dashboardEconomicsFollowTheNewestScene();

private:
  /** Wait until the scheduler published complete results for its newest generation. */
  static bool waitComplete(LiveScheduler& scheduler);

  const engine::Catalog& m_catalog = engine::Catalog::builtin();
  engine::Scene m_lab;
};

void TestLiveScheduler::initTestCase()
{
  m_lab = engine::generateScene(engine::builtinSpec("lab-256"), m_catalog);
}

bool TestLiveScheduler::waitComplete(LiveScheduler& scheduler)
{
  return QTest::qWaitFor(
    [&]
    { return !scheduler.busy() && scheduler.resultsGeneration() == scheduler.latestGeneration(); },
    120000);
}

void TestLiveScheduler::resultsArriveOnTheUiThread()
{
  LiveScheduler scheduler(m_catalog);
  int updates = 0;
  int offThread = 0;
  connect(&scheduler, &LiveScheduler::resultsUpdated, this,
          [&]
          {
            ++updates;
            offThread += QThread::currentThread() != QCoreApplication::instance()->thread() ? 1 : 0;
          });
  // A timer on the UI thread keeps ticking while the models run on the worker.
  int ticks = 0;
  QTimer ticker;
  connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
  ticker.start(5);
  QElapsedTimer clock;
  clock.start();
  scheduler.submitAll(m_lab);
  QVERIFY(scheduler.busy());
  QVERIFY(waitComplete(scheduler));
  const qint64 runMs = clock.elapsed();
  QCOMPARE(offThread, 0);
  // Every stage publishes on its own (cheap results first), then the complete run.
  QVERIFY2(updates >= 2, qPrintable(QString::number(updates)));
  QVERIFY2(runMs < 50 || ticks > 0, "the UI event loop stalled while the models ran");

  const engine::SceneCounts counts = engine::countScene(m_lab, m_catalog);
  const engine::live::LiveResults& results = scheduler.results();
  QCOMPARE(results.kpis.racks, counts.racks);
  QCOMPARE(results.kpis.gpus, counts.gpus);
  for (const Stage stage : engine::live::allStages())
  {
    QVERIFY2(results.status(stage).computed || results.status(stage).failed,
             engine::live::toString(stage));
  }
}

void TestLiveScheduler::newestSceneWins()
{
  // Scene B is the lab without its compute row: 9 racks fewer than A.
  engine::Scene smaller = m_lab;
  engine::edit::applyEdit(smaller, m_catalog, engine::edit::DeleteObjects{ { "H1-R01" } });
  const int racksA = engine::countScene(m_lab, m_catalog).racks;
  const int racksB = engine::countScene(smaller, m_catalog).racks;
  QCOMPARE(racksB, racksA - 9);

  LiveScheduler scheduler(m_catalog);
  std::vector<int> racksSeen;
  int completeRuns = 0;
  connect(&scheduler, &LiveScheduler::resultsUpdated, this,
          [&](bool complete)
          {
            racksSeen.push_back(scheduler.results().kpis.racks);
            completeRuns += complete ? 1 : 0;
          });
  const quint64 first = scheduler.submitAll(m_lab);
  const quint64 second = scheduler.submitAll(smaller); // before the first could finish
  QVERIFY(second > first);
  QVERIFY(waitComplete(scheduler));
  QCOMPARE(scheduler.resultsGeneration(), second);
  QCOMPARE(scheduler.results().kpis.racks, racksB);
  // Nothing of the first scene was ever shown: it was cancelled, or its results dropped.
  for (const int racks : racksSeen)
  {
    QVERIFY2(racks != racksA, "a result of the superseded scene reached the UI");
  }
  QCOMPARE(completeRuns, 1);

  // And a burst of scenes: only the last one's results stay.
  for (int i = 0; i < 5; ++i)
  {
    scheduler.submitAll(i % 2 == 0 ? m_lab : smaller);
  }
  QVERIFY(waitComplete(scheduler));
  QCOMPARE(scheduler.results().kpis.racks, racksA); // i = 4 submitted the lab
}

void TestLiveScheduler::emptyChangeSetRunsNothing()
{
  LiveScheduler scheduler(m_catalog);
  scheduler.submitAll(m_lab);
  QVERIFY(waitComplete(scheduler));
  const quint64 generation = scheduler.latestGeneration();
  QCOMPARE(scheduler.submitChanges(m_lab, engine::edit::ChangeSet{}), generation);
  QVERIFY(!scheduler.busy());
}

void TestLiveScheduler::stagesOfAChangeAreRecomputed()
{
  LiveScheduler scheduler(m_catalog);
  scheduler.submitAll(m_lab);
  QVERIFY(waitComplete(scheduler));

  // A move changes geometry: the geometry stage reruns and sees the moved scene.
  engine::Scene moved = m_lab;
  engine::edit::MoveObjects move;
  move.ids = { "H1-R02" };
  move.dyM = 0.6;
  const engine::edit::EditResult result = engine::edit::applyEdit(moved, m_catalog, move);
  QVERIFY(result.changes.geometry);
  std::vector<Stage> started;
  connect(&scheduler, &LiveScheduler::stageStarted, this,
          [&](Stage stage) { started.push_back(stage); });
  scheduler.submitChanges(moved, result.changes);
  QVERIFY(waitComplete(scheduler));
  const std::vector<Stage> expected = engine::live::stagesFor(result.changes);
  QCOMPARE(started.size(), expected.size());
  QVERIFY(started.front() == Stage::Geometry);
  QCOMPARE(scheduler.results().kpis.racks, engine::countScene(moved, m_catalog).racks);
}

void TestLiveScheduler::dashboardEconomicsFollowTheNewestScene()
{
  // The economics stage also evaluates the Dashboard's figures for the chosen site and price,
  // priced with the routed fabric's BOM: the same KPIs as evaluateEconomics on the scene with
  // that BOM. A superseded scene's evaluation never reaches the UI (9 racks fewer in B: fewer
  // GPUs, so a different GPU count).
  engine::Scene smaller = m_lab;
  engine::edit::applyEdit(smaller, m_catalog, engine::edit::DeleteObjects{ { "H1-R01" } });
  LiveScheduler scheduler(m_catalog);
  engine::economics::EconomicsInputs inputs;
  inputs.energyPriceUSDPerKWh = 0.2;
  scheduler.setEconomicsInputs(inputs);
  QVERIFY(!scheduler.economics());
  std::vector<int> gpusSeen;
  connect(&scheduler, &LiveScheduler::resultsUpdated, this,
          [&]
          {
            if (const auto economics = scheduler.economics(); economics && economics->result)
            {
              gpusSeen.push_back(economics->result->kpis.gpus);
            }
          });
  scheduler.submitAll(m_lab);
  const quint64 second = scheduler.submitAll(smaller);
  QVERIFY(waitComplete(scheduler));
  const auto economics = scheduler.economics();
  QVERIFY(economics && economics->result && economics->sensitivity);
  QCOMPARE(economics->generation, second);
  QVERIFY(economics->error.empty());
  QCOMPARE(economics->inputs.energyPriceUSDPerKWh, std::optional(0.2));
  QCOMPARE(economics->inputs.bom.cables, scheduler.results().fabricBom.cables);
  inputs.bom = scheduler.results().fabricBom;
  const auto expected = engine::economics::evaluateEconomics(smaller, m_catalog, inputs, false);
  QCOMPARE(economics->result->kpis.gpus, expected.kpis.gpus);
  QCOMPARE(economics->result->kpis.capexUSD, expected.kpis.capexUSD);
  QCOMPARE(economics->result->kpis.opexUSDPerYear, expected.kpis.opexUSDPerYear);
  const int gpusA = engine::countScene(m_lab, m_catalog).gpus;
  QVERIFY(expected.kpis.gpus < gpusA);
  for (const int gpus : gpusSeen)
  {
    QVERIFY2(gpus != gpusA, "the superseded scene's economics reached the UI");
  }
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestLiveScheduler)
#include "test_live_scheduler.moc"
