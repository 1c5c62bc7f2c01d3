// The live scheduler on the 256-GPU lab sample: results arrive on the UI thread while its event
// loop keeps running, a newer scene supersedes a running computation (the old run is cancelled
// or its results dropped) and the results shown always describe the newest scene.
#include "live_scheduler.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <thread>
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
  void costShowsBeforeItsTornadoAndIsPricedOnce();
  void aCheapEditLeavesTheSlowLaneRunning();
  void trafficReusesTheFabricOfItsEdit();
  void jobsOfAKeyNewestWins();
  void aCancelledJobAnswersCancelled();
  void aFailingJobReportsItsError();

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
  // submitAll returns to the UI thread while the run is still going (the models run on a
  // worker); the results arrive through the UI thread's event loop.
  scheduler.submitAll(m_lab);
  QVERIFY(scheduler.busy());
  QVERIFY(waitComplete(scheduler));
  QCOMPARE(offThread, 0);
  // Every stage publishes on its own (cheap results first), then the complete run.
  QVERIFY2(updates >= 2, qPrintable(QString::number(updates)));

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
  const std::vector<Stage> rerun = engine::live::stagesFor(result.changes);
  QVERIFY(std::find(rerun.begin(), rerun.end(), Stage::Geometry) != rerun.end());
  std::vector<Stage> started;
  connect(&scheduler, &LiveScheduler::stageStarted, this,
          [&](Stage stage) { started.push_back(stage); });
  scheduler.submitChanges(moved, result.changes);
  QVERIFY(waitComplete(scheduler));
  const std::vector<Stage> expected = engine::live::stagesFor(result.changes);
  // The two lanes start their stages in parallel; each lane in run order, geometry first.
  QCOMPARE(std::set<Stage>(started.begin(), started.end()),
           std::set<Stage>(expected.begin(), expected.end()));
  QCOMPARE(started.size(), expected.size());
  const auto geometry = std::find(started.begin(), started.end(), Stage::Geometry);
  const auto fabric = std::find(started.begin(), started.end(), Stage::Fabric);
  QVERIFY(geometry != started.end());
  QVERIFY(fabric == started.end() || geometry < fabric);
  QCOMPARE(scheduler.results().kpis.racks, engine::countScene(moved, m_catalog).racks);
}

void TestLiveScheduler::dashboardEconomicsFollowTheNewestScene()
{
  // The economics stage also evaluates the Dashboard's figures at the document's context,
  // priced with the routed fabric's BOM: the same KPIs as evaluateEconomics on the scene with
  // that BOM. A superseded scene's evaluation never reaches the UI (9 racks fewer in B: fewer
  // GPUs, so a different GPU count).
  engine::economics::EconomicsInputs inputs;
  inputs.energyPriceUSDPerKWh = 0.2;
  engine::Scene priced = m_lab;
  engine::edit::applyEdit(
    priced, m_catalog, engine::edit::SetEvaluation{ engine::economics::evaluationJsonFor(inputs) });
  engine::Scene smaller = priced;
  engine::edit::applyEdit(smaller, m_catalog, engine::edit::DeleteObjects{ { "H1-R01" } });
  LiveScheduler scheduler(m_catalog);
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
  scheduler.submitAll(priced);
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

void TestLiveScheduler::costShowsBeforeItsTornadoAndIsPricedOnce()
{
  // One economics evaluation per edit feeds both the status area's KPIs and the Dashboard, with
  // the document's price: opex at 0.30 $/kWh exceeds opex at the default price. The run
  // publishes the cost first (no tornado) and then the same generation with the tornado.
  LiveScheduler scheduler(m_catalog);
  engine::economics::EconomicsInputs inputs;
  inputs.energyPriceUSDPerKWh = 0.30;
  engine::Scene priced = m_lab;
  engine::edit::applyEdit(
    priced, m_catalog, engine::edit::SetEvaluation{ engine::economics::evaluationJsonFor(inputs) });
  scheduler.setOptions(engine::live::LiveOptions{}); // the price is the document's
  std::vector<bool> tornadoPublished;                // per publication of an economics result
  connect(&scheduler, &LiveScheduler::resultsUpdated, this,
          [&]
          {
            const auto economics = scheduler.economics();
            if (economics && economics->result &&
                economics->generation == scheduler.latestGeneration())
            {
              tornadoPublished.push_back(economics->sensitivity.has_value());
            }
          });
  scheduler.submitAll(priced);
  QVERIFY(waitComplete(scheduler));
  QVERIFY(tornadoPublished.size() >= 2);
  QCOMPARE(tornadoPublished.front(), false); // the cost, ahead of its tornado
  QCOMPARE(tornadoPublished.back(), true);
  const auto economics = scheduler.economics();
  const engine::live::LiveResults& results = scheduler.results();
  QVERIFY(results.economics);
  QCOMPARE(economics->inputs.energyPriceUSDPerKWh, std::optional(0.30));
  QCOMPARE(results.economicsInputs.energyPriceUSDPerKWh, std::optional(0.30));
  // The status area's KPIs come from the very result the Dashboard shows.
  QCOMPARE(results.kpis.capexMUSD, economics->result->kpis.capexUSD.value_or(0) / 1e6);
  QCOMPARE(results.kpis.annualOpexMUSD, economics->result->kpis.opexUSDPerYear.value_or(0) / 1e6);
  engine::economics::EconomicsInputs defaults;
  defaults.bom = results.fabricBom;
  const auto atDefaultPrice =
    engine::economics::evaluateEconomics(m_lab, m_catalog, defaults, false);
  QVERIFY(*economics->result->kpis.opexUSDPerYear > *atDefaultPrice.kpis.opexUSDPerYear);
  QCOMPARE(economics->result->kpis.capexUSD, atDefaultPrice.kpis.capexUSD); // price: opex only
}

void TestLiveScheduler::aCheapEditLeavesTheSlowLaneRunning()
{
  // Traffic and thermal run on their own lane. An edit that changes only the power (a rack cap)
  // goes to the cheap lane alone (a cap limits the power budget, not the load the thermal model
  // draws: its change set has no thermal or traffic): the slow lane's run for the previous
  // scene is not cancelled and is shown, and so is the cap's power violation.
  LiveScheduler scheduler(m_catalog);
  std::vector<Stage> started;
  connect(&scheduler, &LiveScheduler::stageStarted, this,
          [&](Stage stage) { started.push_back(stage); });
  scheduler.submitAll(m_lab);
  engine::Scene capped = m_lab;
  const engine::edit::EditResult edit = engine::edit::applyEdit(
    capped, m_catalog, engine::edit::SetProperty{ "H1-R01-K01", "powerCapW", 10000.0 });
  const std::vector<Stage> rerun = engine::live::stagesFor(edit.changes);
  QVERIFY(std::count(rerun.begin(), rerun.end(), Stage::Power) == 1 &&
          std::count(rerun.begin(), rerun.end(), Stage::Thermal) == 0 &&
          std::count(rerun.begin(), rerun.end(), Stage::Traffic) == 0);
  scheduler.submitChanges(capped, edit.changes);
  QVERIFY(waitComplete(scheduler));
  QCOMPARE(std::count(started.begin(), started.end(), Stage::Thermal), 1L);
  QCOMPARE(std::count(started.begin(), started.end(), Stage::Traffic), 1L);
  const engine::live::LiveResults& results = scheduler.results();
  QVERIFY(results.status(Stage::Thermal).computed && !results.status(Stage::Thermal).failed);
  QVERIFY(results.kpis.powerViolations >= 1);
  QVERIFY(results.kpis.maxInletC > 15);
  // One merged view: the cheap lane's figures and the slow lane's sit side by side.
  QCOMPARE(results.kpis.gpus, engine::countScene(capped, m_catalog).gpus);
  QVERIFY(results.kpis.allReduceBusBwGBs > 0);
}

void TestLiveScheduler::trafficReusesTheFabricOfItsEdit()
{
  // Every stage of a new document, then an edit touching the fabric and the traffic: each is
  // one fabric build (the fabric stage's), shared with the traffic stage on the other lane.
  LiveScheduler scheduler(m_catalog);
  std::uint64_t before = engine::fabric::superPodBuildCount();
  scheduler.submitAll(m_lab);
  QVERIFY(waitComplete(scheduler));
  QCOMPARE(engine::fabric::superPodBuildCount() - before, std::uint64_t{ 1 });
  const engine::live::LiveResults& results = scheduler.results();
  QVERIFY(results.fabric);
  QCOMPARE(static_cast<int>(results.fabric->cabling.cables.size()), results.kpis.fabricCables);
  QVERIFY(results.kpis.allReduceBusBwGBs > 0);
  QVERIFY(scheduler.stageCurrent(Stage::Fabric));

  engine::Scene edited = m_lab;
  const engine::edit::EditResult r =
    engine::edit::applyEdit(edited, m_catalog, engine::edit::DeleteObjects{ { "H1-R01-K02" } });
  const std::vector<Stage> rerun = engine::live::stagesFor(r.changes);
  QVERIFY(std::count(rerun.begin(), rerun.end(), Stage::Fabric) == 1 &&
          std::count(rerun.begin(), rerun.end(), Stage::Traffic) == 1);
  before = engine::fabric::superPodBuildCount();
  const quint64 generation = scheduler.submitChanges(edited, r.changes);
  QVERIFY(!scheduler.stageCurrent(Stage::Fabric));
  QVERIFY(waitComplete(scheduler));
  QCOMPARE(scheduler.stageGeneration(Stage::Traffic), generation);
  QCOMPARE(engine::fabric::superPodBuildCount() - before, std::uint64_t{ 1 });
  QVERIFY(scheduler.stageCurrent(Stage::Fabric));
}

void TestLiveScheduler::jobsOfAKeyNewestWins()
{
  // The first job waits until it is cancelled; the second of the same key replaces it and is
  // the only one to answer. A job of another key is not disturbed.
  LiveScheduler scheduler(m_catalog);
  QSignalSpy finished(&scheduler, &LiveScheduler::jobFinished);
  std::atomic<bool> firstCancelled{ false };
  const quint64 first =
    scheduler.submitJob(QStringLiteral("k"),
                        [&firstCancelled](const engine::live::CancelToken& cancel)
                        {
                          while (!cancel.cancelled())
                          {
                            std::this_thread::yield();
                          }
                          firstCancelled = true;
                          return std::shared_ptr<const void>();
                        });
  const quint64 other =
    scheduler.submitJob(QStringLiteral("other"), [](const engine::live::CancelToken&)
                        { return std::make_shared<const int>(7); });
  const quint64 second =
    scheduler.submitJob(QStringLiteral("k"), [](const engine::live::CancelToken&)
                        { return std::make_shared<const int>(2); });
  QVERIFY(second > first && other > first);
  QVERIFY(scheduler.jobPending(QStringLiteral("k")));
  QVERIFY(QTest::qWaitFor([&] { return finished.count() >= 2; }, 10000));
  QVERIFY(QTest::qWaitFor([&] { return !scheduler.jobPending(QStringLiteral("k")); }, 10000));
  QVERIFY(firstCancelled);
  QCOMPARE(finished.count(), 2); // the superseded job never answered
  std::map<QString, JobOutcome> byKey;
  for (const QList<QVariant>& args : finished)
  {
    const auto outcome = args.front().value<JobOutcome>();
    byKey[outcome.key] = outcome;
  }
  QCOMPARE(byKey[QStringLiteral("k")].generation, second);
  QCOMPARE(*byKey[QStringLiteral("k")].as<int>(), 2);
  QCOMPARE(byKey[QStringLiteral("other")].generation, other);
  QCOMPARE(*byKey[QStringLiteral("other")].as<int>(), 7);
}

void TestLiveScheduler::aCancelledJobAnswersCancelled()
{
  LiveScheduler scheduler(m_catalog);
  QSignalSpy finished(&scheduler, &LiveScheduler::jobFinished);
  const quint64 job = scheduler.submitJob(QStringLiteral("k"),
                                          [](const engine::live::CancelToken& cancel)
                                          {
                                            while (!cancel.cancelled())
                                            {
                                              std::this_thread::yield();
                                            }
                                            return std::make_shared<const int>(1);
                                          });
  scheduler.cancelJob(QStringLiteral("k"));
  QVERIFY(finished.wait(10000));
  const auto outcome = finished.front().front().value<JobOutcome>();
  QCOMPARE(outcome.generation, job);
  QVERIFY(outcome.cancelled);
  QVERIFY(!outcome.value); // what a cancelled job returns is not a result
  QVERIFY(outcome.error.isEmpty());
}

void TestLiveScheduler::aFailingJobReportsItsError()
{
  LiveScheduler scheduler(m_catalog);
  QSignalSpy finished(&scheduler, &LiveScheduler::jobFinished);
  scheduler.submitJob(QStringLiteral("k"),
                      [](const engine::live::CancelToken&) -> std::shared_ptr<const void>
                      { throw engine::Error("solver: no convergence"); });
  QVERIFY(finished.wait(10000));
  const auto outcome = finished.front().front().value<JobOutcome>();
  QVERIFY(!outcome.value);
  QVERIFY(!outcome.cancelled);
  QCOMPARE(outcome.error, QStringLiteral("solver: no convergence"));
  // The live lanes are not disturbed by it.
  scheduler.submitAll(m_lab);
  QVERIFY(waitComplete(scheduler));
  QVERIFY(scheduler.results().status(Stage::Fabric).computed);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestLiveScheduler)
#include "test_live_scheduler.moc"
