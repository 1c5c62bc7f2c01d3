// The Traffic module without a main window: its panel alone lists the job presets of
// samples/jobs (one entry per file, named after the job, the first ticked), and the module in a
// bare context with the Fabric module runs a job on Fabric's fabric and colours GPUs by job.
#include "app_test_support.h"
#include "fabric_module.h"
#include "fabric_panel.h"
#include "module_test_support.h"
#include "traffic_module.h"
#include "traffic_panel.h"

#include "myriad/engine/traffic/workload.h"

#include <QDir>
#include <QDockWidget>
#include <QListWidget>
#include <QSignalSpy>
#include <QTest>

namespace myriad::app
{

class TestTrafficModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void panelAloneListsTheJobPresets();
  void moduleRunsAJobOnTheFabricModulesFabric();
};

void TestTrafficModule::panelAloneListsTheJobPresets()
{
  const QDir jobs(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/jobs"));
  const QFileInfoList files =
    jobs.entryInfoList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
  QVERIFY(!files.isEmpty());

  TrafficPanel panel;
  panel.loadPresets();
  QCOMPARE(panel.jobCount(), static_cast<int>(files.size()));
  auto* list = panel.findChild<QListWidget*>(QStringLiteral("trafficJobList"));
  QVERIFY(list);
  for (int i = 0; i < files.size(); ++i)
  {
    const std::string name =
      engine::traffic::loadJob(files[i].absoluteFilePath().toStdString()).name;
    QVERIFY2(list->item(i)->text().startsWith(QString::fromStdString(name)),
             qPrintable(list->item(i)->text()));
  }
  QCOMPARE(list->item(0)->checkState(), Qt::Checked);
  QCOMPARE(panel.selectedJobs().size(), std::size_t{ 1 });
}

void TestTrafficModule::moduleRunsAJobOnTheFabricModulesFabric()
{
  test::BareContext bare;
  FabricModule& fabric = bare.add<FabricModule>();
  TrafficModule& traffic = bare.add<TrafficModule>();
  QCOMPARE(bare.ui.dock(QStringLiteral("traffic.dock")), traffic.dock());
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));

  // A 32-GPU job (TP 8 inside each DGX node, DP 4 across nodes) on lab-256's fabric.
  engine::traffic::JobSpec job;
  job.name = "test-7b";
  job.parameters = 7e9;
  job.layers = 32;
  job.hidden = 4096;
  job.tokensPerStep = 1 << 20;
  job.tp = 8;
  job.dp = 4;
  job.microBatches = 4;
  job.mfu = 0.4;
  traffic.panel()->addJob(job);
  traffic.panel()->selectJobs({ QStringLiteral("test-7b") });
  QSignalSpy ready(traffic.panel(), &TrafficPanel::resultReady);
  // Traffic runs on the fabric the live loop computed for the scene (Fabric shows it).
  QTRY_VERIFY_WITH_TIMEOUT(fabric.ensureFabric(), 60000);
  traffic.runTraffic();
  QVERIFY(fabric.fabric());
  QVERIFY(ready.wait(120000));
  // The result ran on the Fabric module's graph, and the GPUs are coloured by job.
  QCOMPARE(traffic.panel()->resultGraph().get(), &fabric.fabric()->graph);
  QCOMPARE(traffic.panel()->result().jobs.size(), std::size_t{ 1 });
  QCOMPARE(traffic.panel()->result().jobs.front().gpus, 32);
  QVERIFY(bare.hall->hasOverlay());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTrafficModule)
#include "test_traffic_module.moc"
