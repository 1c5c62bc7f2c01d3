// The Telemetry dock on the 10,240-GPU sample with the synthetic DCGM scrape
// (docs/models/telemetry.md §5: 3 racks with a +12 K inlet hot spot, 4 absent GPUs, 4 with
// XID 79): dropping the file onto the window imports it and colours the hall, the hottest list
// is made of hot-spot GPUs and selects in 3D, XID GPUs are drawn stale, the timeline switches
// snapshots, the comparison recovers the generator's 75 W idle / 700 W peak power and names a
// hot rack as the worst inlet, bad files are reported without losing the shown snapshot, and a
// watched folder feeds snapshots live with its state in the status bar.
#include "app_test_support.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scene_document.h"
#include "telemetry_panel.h"
#include "telemetry_poller.h"

#include "myriad/engine/telemetry/sample_generator.h"

#include <QDockWidget>
#include <QDropEvent>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

class TestTelemetryPanel final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void dockAndMenuExist();
  void droppedScrapeColoursTheHall();
  void hottestListIsTheHotSpotsAndSelects();
  void metricChooserChangesTheOverlay();
  void timelineSwitchesSnapshots();
  void comparisonRecoversGeneratorParameters();
  void badFileKeepsTheShownSnapshot();
  void watchedFolderFeedsLiveSnapshots();

private:
  TelemetryPanel* panel() const { return test::telemetryModule(*m_window).panel(); }
  QString writeScrape(const QString& name, std::uint64_t seed, std::int64_t timeMs);
  bool inHotRack(const QString& id) const;

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
  QTemporaryDir m_dir;
  tel::GeneratedFaults m_faults;
};

void TestTelemetryPanel::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->openDefaultScene();
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  QVERIFY(m_dir.isValid());
}

void TestTelemetryPanel::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

QString TestTelemetryPanel::writeScrape(const QString& name, std::uint64_t seed,
                                        std::int64_t timeMs)
{
  tel::GeneratorOptions options;
  options.seed = seed;
  options.timeMs = timeMs;
  const std::string text =
    tel::generateDcgmSnapshot(m_window->document()->scene(), options, &m_faults);
  const QString path = m_dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    return {};
  file.write(text.data(), qint64(text.size()));
  return path;
}

bool TestTelemetryPanel::inHotRack(const QString& id) const
{
  for (const std::string& rack : m_faults.hotRackIds)
    if (id.startsWith(QString::fromStdString(rack) + QLatin1Char('-')) ||
        id == QString::fromStdString(rack))
      return true;
  return false;
}

void TestTelemetryPanel::dockAndMenuExist()
{
  auto* dock = m_window->ui().dock(QStringLiteral("telemetry.dock"));
  QVERIFY(dock);
  QCOMPARE(dock->widget(), panel());
  QVERIFY(!dock->isVisible()); // hidden until data arrives
  QVERIFY(m_window->ui().action(QStringLiteral("telemetry.import")));
  QVERIFY(m_window->acceptDrops());
}

void TestTelemetryPanel::droppedScrapeColoursTheHall()
{
  const QString path = writeScrape(QStringLiteral("dcgm-1.prom"), 1, 1'767'225'600'000);
  QVERIFY(!path.isEmpty());
  QMimeData mime;
  mime.setUrls({ QUrl::fromLocalFile(path) });
  QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(m_window.get(), &enter);
  QVERIFY(enter.isAccepted());
  QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(m_window.get(), &drop);
  QVERIFY(drop.isAccepted());
  // A scene document is not telemetry: the drag is not taken.
  QMimeData sceneMime;
  sceneMime.setUrls(
    { QUrl::fromLocalFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json")) });
  QDragEnterEvent sceneEnter(QPoint(10, 10), Qt::CopyAction, &sceneMime, Qt::LeftButton,
                             Qt::NoModifier);
  sceneEnter.ignore();
  QApplication::sendEvent(m_window.get(), &sceneEnter);
  QVERIFY(!sceneEnter.isAccepted());

  QCOMPARE(panel()->store().size(), std::size_t(1));
  QVERIFY(test::telemetryModule(*m_window).dock()->isVisible());
  // 10,240 GPUs − 4 absent are mapped; the 4 XID GPUs report blanks (no temperature).
  QCOMPARE(panel()->mapping().gpusWithData, 10236);
  const scenes::Overlay& overlay = panel()->overlay();
  QCOMPARE(overlay.title, std::string("GPU temperature"));
  int finite = 0;
  for (const auto& [id, v] : overlay.values)
    finite += std::isfinite(v) ? 1 : 0;
  QCOMPARE(finite, 10232);
  QVERIFY(overlay.maxValue > overlay.minValue);
  QVERIFY(m_window->hallScene()->hasOverlay());
  QCOMPARE(m_window->hallScene()->colorBy(), scenes::ColorBy::Overlay);
  // XID GPUs are drawn stale (desaturated).
  for (const std::string& id : m_faults.xidGpuIds)
    QVERIFY2(std::find(overlay.stale.begin(), overlay.stale.end(), id) != overlay.stale.end(),
             id.c_str());
  QVERIFY(panel()->summaryText().contains("10,236 / 10,240"));
  qInfo().noquote() << panel()->summaryText().section(QLatin1Char('\n'), -1); // timing, shown
}

void TestTelemetryPanel::hottestListIsTheHotSpotsAndSelects()
{
  // A +12 K inlet lifts a hot-spot rack's GPUs ≈ 12 K above the others (noise σ ≈ 1 K), so all
  // 20 hottest GPUs sit in the 3 hot-spot racks, and their colour is redder than the coolest.
  const QStringList ids = panel()->rankedIds();
  QCOMPARE(ids.size(), 20);
  for (const QString& id : ids)
    QVERIFY2(inHotRack(id), qPrintable(id));
  const auto hot = m_window->hallScene()->overlayColor(ids.front().toStdString());
  QVERIFY(hot.has_value());
  const auto& values = panel()->overlay().values;
  const auto coolest = std::min_element(values.begin(), values.end(),
                                        [](const auto& a, const auto& b)
                                        {
                                          return (std::isfinite(a.second) ? a.second : 1e9) <
                                                 (std::isfinite(b.second) ? b.second : 1e9);
                                        });
  const auto cold = m_window->hallScene()->overlayColor(coolest->first);
  QVERIFY(cold.has_value());
  QVERIFY((*hot)[0] > (*cold)[0]); // more red
  QVERIFY((*hot)[2] < (*cold)[2]); // less blue

  auto* tree = panel()->findChild<QTreeWidget*>(QStringLiteral("telemetryRanked"));
  QVERIFY(tree);
  emit tree->itemClicked(tree->topLevelItem(0), 0);
  const auto expected = engine::findById(m_window->document()->scene(), ids.front().toStdString());
  QVERIFY(expected.has_value());
  QCOMPARE(m_window->selection(), *expected);
}

void TestTelemetryPanel::metricChooserChangesTheOverlay()
{
  panel()->setMetric(TelemetryPanel::Metric::GpuPower);
  QCOMPARE(panel()->overlay().title, std::string("GPU power"));
  QCOMPARE(panel()->overlay().unit, std::string("W"));
  // Generator: P = 75 + 625·u + noise, u ≈ 0.92 (0.02 on idle nodes): all within 0–800 W.
  QVERIFY(panel()->overlay().minValue > 0 && panel()->overlay().maxValue < 800);
  panel()->setMetric(TelemetryPanel::Metric::RackInlet);
  // Rack inlets estimated from GPU temperature: one value per compute rack, hot racks first.
  const QStringList ids = panel()->rankedIds();
  QVERIFY(!ids.isEmpty());
  QVERIFY2(inHotRack(ids.front()), qPrintable(ids.front()));
  panel()->setMetric(TelemetryPanel::Metric::GpuTemperature);
}

void TestTelemetryPanel::timelineSwitchesSnapshots()
{
  const QString second = writeScrape(QStringLiteral("dcgm-2.prom"), 2, 1'767'225'660'000);
  QCOMPARE(panel()->importFiles({ second }), 1);
  QCOMPARE(panel()->store().size(), std::size_t(2));
  QCOMPARE(panel()->shownIndex(), 1); // following the newest
  QCOMPARE(panel()->shownSnapshot(), panel()->store().latest());
  auto* slider = panel()->findChild<QSlider*>(QStringLiteral("telemetryTimeline"));
  QVERIFY(slider);
  QCOMPARE(slider->maximum(), 1);
  slider->setValue(0);
  QCOMPARE(panel()->shownIndex(), 0);
  QCOMPARE(panel()->shownSnapshot(), panel()->store().at(0));
  slider->setValue(1);
}

void TestTelemetryPanel::comparisonRecoversGeneratorParameters()
{
  // The generator draws P = 75 W + (700 W − 75 W)·u + N(0, 5 W) with u ≈ 0.92 and every 20th
  // node idling at 0.02, so idle and peak are identifiable; 10,232 GPUs give errors < 1 W.
  QSignalSpy ready(panel(), &TelemetryPanel::residualsReady);
  panel()->computeResiduals();
  QVERIFY(panel()->residualsRunning());
  QVERIFY(ready.wait(120000));
  QVERIFY(panel()->calibration().has_value());
  const tel::Calibration& c = *panel()->calibration();
  QCOMPARE(c.gpuPower.size(), std::size_t(1));
  QVERIFY(c.gpuPower[0].identifiable);
  QVERIFY2(std::abs(c.gpuPower[0].idleW - 75) < 3, qPrintable(panel()->residualText()));
  QVERIFY2(std::abs(c.gpuPower[0].peakW - 700) < 3, qPrintable(panel()->residualText()));
  QVERIFY(c.gpuPower[0].rmsAfterW < c.gpuPower[0].rmsBeforeW);
  QVERIFY(c.inletFitted);
  QVERIFY2(inHotRack(QString::fromStdString(c.before.inletSummary.worstId)),
           c.before.inletSummary.worstId.c_str());
  QVERIFY(panel()->residualText().contains("RMS"));

  panel()->setMetric(TelemetryPanel::Metric::InletResidual);
  QCOMPARE(panel()->overlay().values.size(), c.before.inlets.size());
  QCOMPARE(panel()->overlay().minValue, -panel()->overlay().maxValue); // symmetric about 0
  QVERIFY(inHotRack(panel()->rankedIds().front()));
  panel()->setMetric(TelemetryPanel::Metric::GpuTemperature);

  const QString out = m_dir.filePath(QStringLiteral("scenario.json"));
  QVERIFY(panel()->saveCalibration(out));
  QFile file(out);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QJsonObject doc = QJsonDocument::fromJson(file.readAll()).object();
  QVERIFY(doc["name"].toString().startsWith("calibrated"));
  QVERIFY(doc["parameters"]["gpuPower"].toObject().contains("h100-sxm"));
  QVERIFY(!panel()->saveCalibration(m_dir.filePath(QStringLiteral("no/such/dir/x.json"))));
  QVERIFY(!panel()->errorText().isEmpty());
}

void TestTelemetryPanel::badFileKeepsTheShownSnapshot()
{
  const auto shown = panel()->shownSnapshot();
  const QString bad = m_dir.filePath(QStringLiteral("garbage.prom"));
  QFile file(bad);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write("\x7f\x45\x4c\x46 not telemetry {{{ \x01\x02");
  file.close();
  QCOMPARE(panel()->importFiles({ bad, m_dir.filePath(QStringLiteral("missing.prom")) }), 0);
  QVERIFY2(panel()->errorText().contains("garbage.prom"), qPrintable(panel()->errorText()));
  QVERIFY2(panel()->errorText().contains("missing.prom"), qPrintable(panel()->errorText()));
  QCOMPARE(panel()->shownSnapshot(), shown);
  QCOMPARE(panel()->store().size(), std::size_t(2));
}

void TestTelemetryPanel::watchedFolderFeedsLiveSnapshots()
{
  QVERIFY(!panel()->startLive(QStringLiteral("ftp://example/metrics"), 1));
  QVERIFY(!panel()->errorText().isEmpty());
  QTemporaryDir folder;
  QVERIFY(panel()->startLive(folder.path(), 1));
  QCOMPARE(panel()->poller()->state(), TelemetryPoller::State::Connecting);
  QFile file(folder.filePath(QStringLiteral("node.prom")));
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"dgx-r01-k01-n1\"} 77\n");
  file.close();
  QTRY_COMPARE_WITH_TIMEOUT(panel()->store().size(), std::size_t(3), 5000);
  QCOMPARE(panel()->poller()->state(), TelemetryPoller::State::Live);
  QCOMPARE(panel()->shownIndex(), 2); // arrived newest (its time is "now"), followed
  auto* label = m_window->findChild<QLabel*>(QStringLiteral("telemetryStatusLabel"));
  QVERIFY(label);
  QVERIFY(label->isVisible());
  QVERIFY2(label->text().contains("live"), qPrintable(label->text()));
  panel()->stopLive();
  QVERIFY(!label->isVisible());
  QVERIFY(m_errors->messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTelemetryPanel)
#include "test_telemetry_panel.moc"
