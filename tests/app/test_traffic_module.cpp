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
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
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

  // Training ▸ Export Step Trace writes that result's step for Perfetto: its job's slices end
  // at the step time the dock shows (docs/trace-export.md).
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("step.json"));
  QSignalSpy written(&traffic, &TrafficModule::traceWritten);
  QVERIFY(traffic.exportTrace(path));
  QVERIFY(written.wait(60000));
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QJsonDocument trace = QJsonDocument::fromJson(file.readAll());
  const QJsonArray events = trace.object().value(QStringLiteral("traceEvents")).toArray();
  QVERIFY(!events.isEmpty());
  double lastEndUs = 0;
  int slices = 0;
  for (const QJsonValue& value : events)
  {
    const QJsonObject event = value.toObject();
    if (event.value(QStringLiteral("ph")).toString() == QStringLiteral("X") &&
        event.value(QStringLiteral("pid")).toInt() == 1)
    {
      ++slices;
      lastEndUs = std::max(lastEndUs, event.value(QStringLiteral("ts")).toDouble() +
                                        event.value(QStringLiteral("dur")).toDouble());
    }
  }
  QVERIFY(slices > 0);
  const double stepUs = traffic.panel()->result().jobs.front().stepS * 1e6;
  QVERIFY2(std::abs(lastEndUs - stepUs) <= 1e-6 * stepUs,
           qPrintable(QStringLiteral("%1 vs %2 µs").arg(lastEndUs).arg(stepUs)));
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTrafficModule)
#include "test_traffic_module.moc"
