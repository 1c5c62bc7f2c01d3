// The Traffic dock on the lab-256 sample: presets load from samples/jobs; a small job runs on a
// worker thread while the event loop keeps running; the tables and the timeline show the
// engine's result; the hottest cables are listed hottest first; the job's GPUs are laid over
// the hall and the others are not; a switch selected in 3D can be failed; a bad job file is
// reported with its name.
#include "app_test_support.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scene_document.h"
#include "traffic_panel.h"

#include "myriad/engine/query.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cmath>
#include <memory>

namespace tr = myriad::engine::traffic;

namespace myriad::app
{

class TestTrafficPanel final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void presetsLoad();
  void runsOffTheUiThreadAndShowsTheResult();
  void breakdownAndWhatChangesItMost();
  void hotLinksAreSortedHottestFirst();
  void jobGpusAreLaidOverTheHall();
  void selectedSwitchCanBeFailed();
  void badJobFileIsReported();
  void routingComboSetsTheJobsRouting();
  void aNewerRunReplacesTheRunningOne();
  void aFailedRunKeepsThePreviousResult();

private:
  TrafficPanel* panel() const { return test::trafficModule(*m_window).panel(); }
  static tr::JobSpec smallJob();

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

tr::JobSpec TestTrafficPanel::smallJob()
{
  // 32 GPUs (4 DGX nodes): TP 8 inside each node, DP 4 across nodes; a 7B-class model.
  tr::JobSpec job;
  job.name = "test-7b";
  job.parameters = 7e9;
  job.layers = 32;
  job.hidden = 4096;
  job.tokensPerStep = 1 << 20;
  job.tp = 8;
  job.dp = 4;
  job.microBatches = 4;
  job.mfu = 0.4;
  return job;
}

void TestTrafficPanel::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  QVERIFY(m_window->openFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json")));
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  // Runs go on the live fabric stage's fabric: wait for the stage to have one.
  QVERIFY(QTest::qWaitFor(
    [&] { return m_window->liveScheduler()->stageCurrent(engine::live::Stage::Fabric); }, 60000));
}

void TestTrafficPanel::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

void TestTrafficPanel::presetsLoad()
{
  // Every samples/jobs/*.json preset is in the list, and the first one is ticked.
  const int presets = static_cast<int>(QDir(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/jobs"))
                                         .entryList({ QStringLiteral("*.json") }, QDir::Files)
                                         .size());
  QVERIFY(presets > 0);
  QCOMPARE(panel()->jobCount(), presets);
  QCOMPARE(panel()->selectedJobs().size(), std::size_t{ 1 });
}

void TestTrafficPanel::runsOffTheUiThreadAndShowsTheResult()
{
  panel()->addJob(smallJob());
  panel()->selectJobs({ QStringLiteral("test-7b") });
  QCOMPARE(panel()->selectedJobs().size(), std::size_t{ 1 });
  int ticks = 0;
  QTimer ticker;
  connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
  ticker.start(5);
  QSignalSpy ready(panel(), &TrafficPanel::resultReady);
  test::trafficModule(*m_window).runTraffic();
  QVERIFY(panel()->running());
  QVERIFY(ready.wait(120000));
  QVERIFY(ticks > 0); // the UI thread kept serving events while the worker simulated
  QVERIFY2(m_errors->messages.isEmpty(), qPrintable(m_errors->messages.join('\n')));

  const tr::WorkloadResult& result = panel()->result();
  QCOMPARE(result.jobs.size(), std::size_t{ 1 });
  const tr::JobResult& job = result.jobs.front();
  QCOMPARE(job.gpus, 32);
  // A step is the compute time plus whatever communication does not hide under it.
  QVERIFY(job.computeS > 0);
  QVERIFY(job.stepS >= job.computeS);
  QCOMPARE(panel()->jobsTable()->rowCount(), 1);
  QCOMPARE(panel()->jobsTable()->item(0, 0)->text(), QStringLiteral("test-7b"));
  QVERIFY(panel()->collectivesTable()->rowCount() >= 2); // TP and DP at least
  QVERIFY(panel()->timeline()->chart() != nullptr);
  QCOMPARE(panel()->timeline()->chart()->series().size(), 1);
}

void TestTrafficPanel::breakdownAndWhatChangesItMost()
{
  // The selected job's breakdown: its shares of the step and its MFU (an output). Then "What
  // changes it most?" runs on the scheduler and ranks the changes by |Δ step| (issue: the
  // planner sees what moves the step). The test-7b job on lab-256 spans 4 nodes, so its DP ring
  // crosses the leaf uplinks: 4:1 oversubscription cannot make the step shorter.
  const tr::JobResult& job = panel()->result().jobs.front();
  QVERIFY2(panel()->breakdownText().contains(QStringLiteral("compute")) &&
             panel()->breakdownText().contains(QStringLiteral("MFU")),
           qPrintable(panel()->breakdownText()));
  QCOMPARE(panel()->jobsTable()->item(0, 6)->data(Qt::UserRole).toDouble(), job.mfu);
  QVERIFY(job.mfu > 0 && job.mfu < 1);
  QSignalSpy ranked(panel(), &TrafficPanel::sensitivityReady);
  QVERIFY(panel()->sensitivityButton()->isEnabled());
  panel()->sensitivityButton()->click();
  QVERIFY(panel()->sensitivityRunning());
  QVERIFY(ranked.wait(120000));
  const tr::StepSensitivity& s = panel()->sensitivity();
  QCOMPARE(s.job, std::string("test-7b"));
  QCOMPARE(s.base.stepS, job.stepS); // the job alone, as it ran (no other job)
  QCOMPARE(panel()->sensitivityTable()->rowCount(), static_cast<int>(s.variants.size()));
  QVERIFY(s.variants.size() >= 6);
  double previous = 1e300;
  for (int r = 0; r < panel()->sensitivityTable()->rowCount(); ++r)
  {
    const QTableWidgetItem* delta = panel()->sensitivityTable()->item(r, 0);
    if (s.variants[static_cast<std::size_t>(r)].feasible())
    {
      QVERIFY(std::abs(delta->data(Qt::UserRole).toDouble()) <= previous + 1e-12);
      previous = std::abs(delta->data(Qt::UserRole).toDouble());
    }
  }
  for (const tr::StepVariant& v : s.variants)
  {
    if (v.change.find("1/4 rate") != std::string::npos)
    {
      QVERIFY(v.feasible());
      QVERIFY2(v.stepS >= s.base.stepS, qPrintable(QString::number(v.delta)));
    }
  }
  QVERIFY(m_errors->messages.isEmpty());
}

void TestTrafficPanel::hotLinksAreSortedHottestFirst()
{
  QTableWidget* hot = panel()->hotLinksTable();
  QVERIFY(hot->rowCount() > 0); // DP traffic crosses the fabric between the 4 nodes
  for (int r = 1; r < hot->rowCount(); ++r)
  {
    QVERIFY(hot->item(r - 1, 2)->data(Qt::UserRole).toDouble() >=
            hot->item(r, 2)->data(Qt::UserRole).toDouble());
  }
  const double top = hot->item(0, 2)->data(Qt::UserRole).toDouble();
  QVERIFY(top > 0 && top <= 1.0 + 1e-9); // max-min rates never exceed a cable's capacity
}

void TestTrafficPanel::jobGpusAreLaidOverTheHall()
{
  scenes::HallScene* hall = m_window->hallScene();
  QVERIFY(hall->hasOverlay());
  const auto graph = panel()->resultGraph();
  const tr::GpuCluster cluster = tr::gpuCluster(*graph);
  const std::vector<int>& ranks = panel()->result().jobs.front().gpuIds;
  const std::string first = sceneGpuIdOf(*graph, cluster, ranks.front());
  QVERIFY(!first.empty());
  QVERIFY(hall->overlayColor(first).has_value());
  // A GPU outside the job has no value.
  for (int gpu = 0; gpu < cluster.size(); ++gpu)
  {
    if (std::find(ranks.begin(), ranks.end(), gpu) == ranks.end())
    {
      QVERIFY(!hall->overlayColor(sceneGpuIdOf(*graph, cluster, gpu)).has_value());
      break;
    }
  }
}

void TestTrafficPanel::selectedSwitchCanBeFailed()
{
  const engine::Scene& scene = m_window->document()->scene();
  engine::ObjectRef sw;
  for (int r = 0; r < static_cast<int>(scene.site.halls[0].rows.size()) && !sw.valid(); ++r)
  {
    const auto& racks = scene.site.halls[0].rows[r].racks;
    for (int k = 0; k < static_cast<int>(racks.size()) && !sw.valid(); ++k)
    {
      if (!racks[k].switches.empty())
      {
        sw = { engine::ObjectKind::Switch, 0, r, k, -1, 0 };
      }
    }
  }
  QVERIFY(sw.valid());
  m_window->selectObject(sw);
  emit panel()->failSelectedRequested();
  QCOMPARE(panel()->failedSwitches().size(), 1);
  const auto& rack = scene.site.halls[0].rows[sw.row].racks[sw.rack];
  QCOMPARE(panel()->failedSwitches().front(), QString::fromStdString(rack.switches[0].id));
  // Failing it again does not list it twice; a non-switch selection fails nothing.
  emit panel()->failSelectedRequested();
  QCOMPARE(panel()->failedSwitches().size(), 1);
  m_window->selectObject({});
  emit panel()->failSelectedRequested();
  QCOMPARE(panel()->failedSwitches().size(), 1);
  panel()->setFailedSwitches({});
}

void TestTrafficPanel::badJobFileIsReported()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("broken-job.json"));
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write("{ \"name\": \"x\", \"parallelism\": { \"tp\": \"eight\" } }");
  file.close();
  const int jobs = panel()->jobCount();
  m_errors->messages.clear();
  QVERIFY(!panel()->addJobFile(path));
  QCOMPARE(panel()->jobCount(), jobs);
  QCOMPARE(m_errors->messages.size(), 1);
  QVERIFY(m_errors->messages.front().contains(QStringLiteral("broken-job.json")));
}

void TestTrafficPanel::routingComboSetsTheJobsRouting()
{
  // The routing box edits the current job's routing (the job run next carries it); a job
  // selected again shows its own routing.
  auto* routing = panel()->findChild<QComboBox*>(QStringLiteral("trafficRouting"));
  auto* jobs = panel()->findChild<QListWidget*>(QStringLiteral("trafficJobList"));
  QVERIFY(routing && jobs);
  tr::JobSpec job = smallJob();
  job.name = "routing-7b";
  panel()->addJob(job);
  jobs->setCurrentRow(panel()->jobCount() - 1);
  QCOMPARE(routing->currentData().toInt(), static_cast<int>(tr::Routing::Ecmp));
  const int spray = routing->findData(static_cast<int>(tr::Routing::Spray));
  QVERIFY(spray >= 0);
  routing->setCurrentIndex(spray);
  emit routing->activated(spray);
  panel()->selectJobs({ QStringLiteral("routing-7b") });
  QCOMPARE(panel()->selectedJobs().size(), std::size_t{ 1 });
  QCOMPARE(panel()->selectedJobs().front().routing, tr::Routing::Spray);
  jobs->setCurrentRow(0);
  jobs->setCurrentRow(panel()->jobCount() - 1);
  QCOMPARE(routing->currentIndex(), spray);
}

void TestTrafficPanel::aNewerRunReplacesTheRunningOne()
{
  // Run twice at once with different jobs: the first run is cancelled and its answer dropped;
  // only the newer run's result is shown.
  tr::JobSpec other = smallJob();
  other.name = "newer-7b";
  panel()->addJob(other);
  panel()->selectJobs({ QStringLiteral("test-7b") });
  QSignalSpy ready(panel(), &TrafficPanel::resultReady);
  test::trafficModule(*m_window).runTraffic();
  QVERIFY(panel()->running());
  panel()->selectJobs({ QStringLiteral("newer-7b") });
  test::trafficModule(*m_window).runTraffic();
  QVERIFY(panel()->running());
  QVERIFY(QTest::qWaitFor([&] { return !panel()->running(); }, 120000));
  QCOMPARE(ready.count(), 1);
  QCOMPARE(panel()->result().jobs.size(), std::size_t{ 1 });
  QCOMPARE(panel()->jobsTable()->item(0, 0)->text(), QStringLiteral("newer-7b"));
}

void TestTrafficPanel::aFailedRunKeepsThePreviousResult()
{
  // A job the fabric cannot hold (more GPUs than the lab has) fails in the simulation: the dock
  // says why and keeps showing the previous result.
  QVERIFY(!panel()->result().jobs.empty());
  const QString shownJob = panel()->jobsTable()->item(0, 0)->text();
  tr::JobSpec huge = smallJob();
  huge.name = "too-big";
  huge.dp = 4096;
  panel()->addJob(huge);
  panel()->selectJobs({ QStringLiteral("too-big") });
  m_errors->messages.clear();
  QSignalSpy ready(panel(), &TrafficPanel::resultReady);
  QSignalSpy failed(panel(), &TrafficPanel::errorOccurred);
  test::trafficModule(*m_window).runTraffic();
  QVERIFY(failed.wait(120000));
  QCOMPARE(ready.count(), 0);
  QVERIFY(!panel()->running());
  QVERIFY2(panel()->stateLabel()->text().contains(QStringLiteral("previous result")),
           qPrintable(panel()->stateLabel()->text()));
  QCOMPARE(panel()->jobsTable()->item(0, 0)->text(), shownJob);
  m_errors->messages.clear();
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTrafficPanel)
#include "test_traffic_panel.moc"
