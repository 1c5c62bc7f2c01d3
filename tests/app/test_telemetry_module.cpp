// The Telemetry module without a main window: its panel alone imports a snapshot of a given scene
// and lists its hottest GPUs (those of the racks given an inlet hot spot), and the module in a
// bare context registers its dock, its File-menu action by id and lays its overlay over the hall.
#include "app_test_support.h"
#include "live_scheduler.h"
#include "module_test_support.h"
#include "telemetry_module.h"
#include "telemetry_panel.h"

#include "myriad/engine/telemetry/sample_generator.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

class TestTelemetryModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void panelAloneListsTheHottestGpus();
  void moduleImportsIntoTheDockAndOverlaysTheHall();
  void panelAloneComparesOnTheScheduler();

private:
  /** A DCGM scrape of `scene` with 3 hot-spot racks (+12 K inlet), written to m_dir. */
  QString writeScrape(const engine::Scene& scene);

  QTemporaryDir m_dir;
  tel::GeneratedFaults m_faults;
};

QString TestTelemetryModule::writeScrape(const engine::Scene& scene)
{
  m_faults = {};
  const std::string text = tel::generateDcgmSnapshot(scene, tel::GeneratorOptions{}, &m_faults);
  const QString path = m_dir.filePath(QStringLiteral("scrape.prom"));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    return {};
  file.write(text.data(), qint64(text.size()));
  return path;
}

void TestTelemetryModule::panelAloneListsTheHottestGpus()
{
  SceneDocument document(engine::Catalog::builtin());
  document.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  TelemetryPanel panel;
  panel.setScene(&document.scene(), &document.catalog());
  QCOMPARE(panel.importFiles({ writeScrape(document.scene()) }), 1);
  // A +12 K inlet lifts a hot-spot rack's GPUs ≈ 12 K above the others (noise σ ≈ 1 K): the
  // hottest GPUs listed are all in the hot-spot racks.
  const QStringList ids = panel.rankedIds();
  QVERIFY(!ids.isEmpty());
  QCOMPARE(m_faults.hotRackIds.size(), std::size_t{ 3 });
  for (const QString& id : ids)
  {
    bool inHotRack = false;
    for (const std::string& rack : m_faults.hotRackIds)
      inHotRack = inHotRack || id.startsWith(QString::fromStdString(rack) + QLatin1Char('-'));
    QVERIFY2(inHotRack, qPrintable(id));
  }
}

void TestTelemetryModule::panelAloneComparesOnTheScheduler()
{
  // The comparison (thermal solve + fit) is one of the scheduler's on-demand jobs, the app's one
  // background mechanism: the scheduler answers for the key "telemetry.residuals", and the fit
  // finds the generator's hot-spot racks (+12 K inlet) as the worst inlet residual.
  SceneDocument document(engine::Catalog::builtin());
  document.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  LiveScheduler scheduler(document.catalog());
  QStringList jobKeys;
  connect(&scheduler, &LiveScheduler::jobFinished, this,
          [&](const JobOutcome& outcome) { jobKeys << outcome.key; });
  TelemetryPanel panel;
  panel.setScene(&document.scene(), &document.catalog());
  QCOMPARE(panel.importFiles({ writeScrape(document.scene()) }), 1);
  panel.setScheduler(&scheduler);
  QSignalSpy ready(&panel, &TelemetryPanel::residualsReady);
  panel.computeResiduals();
  QVERIFY(panel.residualsRunning());
  QVERIFY(ready.wait(120000));
  QCOMPARE(jobKeys, QStringList{ QStringLiteral("telemetry.residuals") });
  QVERIFY(panel.calibration().has_value());
  const std::string worst = panel.calibration()->before.inletSummary.worstId;
  bool worstIsHot = false;
  for (const std::string& rack : m_faults.hotRackIds)
    worstIsHot = worstIsHot || worst == rack || worst.rfind(rack + '-', 0) == 0;
  QVERIFY2(worstIsHot, worst.c_str());
}

void TestTelemetryModule::moduleImportsIntoTheDockAndOverlaysTheHall()
{
  test::BareContext bare;
  TelemetryModule& telemetry = bare.add<TelemetryModule>();
  QCOMPARE(bare.ui.dock(QStringLiteral("telemetry.dock")), telemetry.dock());
  QAction* import = bare.ui.action(QStringLiteral("telemetry.import"));
  QVERIFY(import);
  QVERIFY(bare.ui.menu(QStringLiteral("file.menu"))->actions().contains(import));
  QVERIFY(bare.window->acceptDrops()); // snapshot files may be dropped onto the window

  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  bare.window->show();
  QVERIFY(QTest::qWaitForWindowExposed(bare.window.get()));
  telemetry.dock()->show();
  QCOMPARE(telemetry.panel()->importFiles({ writeScrape(bare.context.document->scene()) }), 1);
  // The dock is shown: the snapshot colours the hall, through the context's overlay service.
  QTRY_VERIFY(bare.hall->hasOverlay());
  QCOMPARE(bare.hall->colorBy(), scenes::ColorBy::Overlay);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTelemetryModule)
#include "test_telemetry_module.moc"
