// Measured telemetry in the Properties dock and the calibrated scenario in the open document
// (docs/models/telemetry.md §10, §12), on the lab-256 scene with the synthetic DCGM scrape
// (sample_generator.h: hot-spot racks, GPUs absent from the scrape, GPUs reporting XID 79) merged
// with one node's Redfish Thermal reading (samples/telemetry/redfish-thermal-legacy.json:
// Intake 22 °C, Exhaust "41.5" °C).
//
// Expected: a selected GPU lists the snapshot's own temperature for it; a rack lists the Redfish
// inlet/outlet of its node and the max of its GPUs' temperatures; an absent or XID GPU is marked
// stale; without telemetry no measured rows appear. Adding the calibration as a scenario puts it
// into scene().scenarios (document modified, Dashboard lists it), undo removes it, redo restores
// it, a second add gets a " (2)" suffix, and a saved file reads back with it.
#include "app_test_support.h"
#include "dashboard_panel.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "properties_panel.h"
#include "scenario_panel.h"
#include "scene_document.h"
#include "telemetry_panel.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/telemetry/parsers.h"
#include "myriad/engine/telemetry/sample_generator.h"

#include <QComboBox>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

class TestTelemetryProperties final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void noTelemetryNoMeasuredRows();
  void gpuShowsItsMeasuredTemperature();
  void rackShowsRedfishInletAndGpuMax();
  void absentAndXidGpusAreStale();
  void calibrationBecomesAnUndoableScenario();
  void scenarioNamesAreKeptUnique();

private:
  TelemetryPanel* panel() const { return test::telemetryModule(*m_window).panel(); }
  QString properties() const
  {
    return test::selectionModule(*m_window).propertiesPanel()->plainText();
  }
  engine::ObjectRef refOf(const std::string& id) const;
  QStringList listedScenarios() const;

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
  QTemporaryDir m_dir;
  tel::GeneratedFaults m_faults;
  engine::ObjectRef m_redfishRack; ///< the rack of the node with the Redfish reading
};

void TestTelemetryProperties::initTestCase()
{
  test::useTestSettings();
  QVERIFY(m_dir.isValid());
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>(); // not shown: properties and documents need no GL
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("lab-256"), engine::Catalog::builtin()));
}

void TestTelemetryProperties::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

engine::ObjectRef TestTelemetryProperties::refOf(const std::string& id) const
{
  return engine::findById(m_window->document()->scene(), id).value_or(engine::ObjectRef{});
}

QStringList TestTelemetryProperties::listedScenarios() const
{
  const QComboBox* combo =
    test::dashboardModule(*m_window).panel()->scenarioPanel()->scenarioCombo();
  QStringList names;
  for (int i = 1; i < combo->count(); ++i) // item 0 is "(base only)"
    names << combo->itemText(i);
  return names;
}

void TestTelemetryProperties::noTelemetryNoMeasuredRows()
{
  const engine::Scene& scene = m_window->document()->scene();
  const engine::ObjectRef gpu{ engine::ObjectKind::Gpu, 0, 0, 0, 0, 0 };
  m_window->selectObject(gpu);
  QCOMPARE(m_window->selection(), gpu);
  PropertiesPanel* props = test::selectionModule(*m_window).propertiesPanel();
  QVERIFY(props->propertyRowCount() > 0);
  QCOMPARE(props->table()->rowCount(), props->propertyRowCount());
  QVERIFY(!properties().contains("Measured"));
  QVERIFY(!scene.site.halls.empty());
}

void TestTelemetryProperties::gpuShowsItsMeasuredTemperature()
{
  const engine::Scene& scene = m_window->document()->scene();
  tel::GeneratorOptions options;
  options.seed = 7;
  const std::string dcgm = tel::generateDcgmSnapshot(scene, options, &m_faults);
  tel::ParseOptions dcgmOptions;
  dcgmOptions.fileName = "dcgm.prom";
  // Redfish on the first node of the first rack that has nodes.
  const engine::Rack* rack = nullptr;
  for (std::size_t k = 0; k < scene.site.halls[0].rows[0].racks.size() && !rack; ++k)
    if (!scene.site.halls[0].rows[0].racks[k].nodes.empty())
    {
      rack = &scene.site.halls[0].rows[0].racks[k];
      m_redfishRack = { engine::ObjectKind::Rack, 0, 0, int(k) };
    }
  QVERIFY(rack);
  QFile redfishFile(
    QStringLiteral(MYRIAD_SOURCE_DIR "/samples/telemetry/redfish-thermal-legacy.json"));
  QVERIFY(redfishFile.open(QIODevice::ReadOnly));
  const QByteArray redfish = redfishFile.readAll();
  tel::ParseOptions redfishOptions;
  redfishOptions.fileName = "thermal.json";
  redfishOptions.hostname = rack->nodes.front().id;
  auto snapshot = std::make_shared<tel::Snapshot>(tel::mergeSnapshots(
    { tel::parseSnapshot(dcgm, dcgmOptions),
      tel::parseSnapshot(std::string_view(redfish.constData(), std::size_t(redfish.size())),
                         redfishOptions) }));
  QVERIFY(!snapshot->samples.empty());
  panel()->addSnapshot(snapshot);
  QCOMPARE(panel()->shownSnapshot(), snapshot);
  QVERIFY(panel()->mapping().gpusWithData > 200);

  // Selected before the snapshot arrived: the rows appeared with it.
  QVERIFY2(properties().contains("Measured (snapshot"), qPrintable(properties()));
  int checked = 0;
  for (const tel::GpuReading& reading : panel()->report().gpus)
  {
    if (!std::isfinite(reading.temperatureC) || checked == 3)
      continue;
    m_window->selectObject(reading.ref);
    const QString expected =
      QStringLiteral("GPU temperature: %1 °C").arg(reading.temperatureC, 0, 'f', 1);
    QVERIFY2(properties().contains(expected), qPrintable(expected + "\n" + properties()));
    QVERIFY(properties().contains("Power: "));
    QVERIFY(properties().contains(" MHz")); // SM clock, Hz shown as MHz
    QVERIFY(!properties().contains("stale"));
    ++checked;
  }
  QCOMPARE(checked, 3);
}

void TestTelemetryProperties::rackShowsRedfishInletAndGpuMax()
{
  m_window->selectObject(m_redfishRack);
  QCOMPARE(m_window->selection(), m_redfishRack);
  QVERIFY2(properties().contains("Inlet (Redfish): 22.0 °C"), qPrintable(properties()));
  QVERIFY2(properties().contains("Outlet (Redfish): 41.5 °C"), qPrintable(properties()));
  double maxC = -INFINITY;
  for (const tel::GpuReading& reading : panel()->report().gpus)
    if (reading.ref.hall == m_redfishRack.hall && reading.ref.row == m_redfishRack.row &&
        reading.ref.rack == m_redfishRack.rack && std::isfinite(reading.temperatureC))
      maxC = std::max(maxC, reading.temperatureC);
  QVERIFY(std::isfinite(maxC));
  const QString expected = QStringLiteral("GPU temperature (max): %1 °C").arg(maxC, 0, 'f', 1);
  QVERIFY2(properties().contains(expected), qPrintable(expected + "\n" + properties()));

  // A node of it: the same intake sensor, its GPUs' mean and max.
  m_window->selectObject(
    { engine::ObjectKind::Node, m_redfishRack.hall, m_redfishRack.row, m_redfishRack.rack, 0 });
  QVERIFY2(properties().contains("Inlet (Redfish): 22.0 °C"), qPrintable(properties()));
  QVERIFY(properties().contains("GPU temperature (mean): "));
}

void TestTelemetryProperties::absentAndXidGpusAreStale()
{
  QVERIFY(!m_faults.deadGpuIds.empty() && !m_faults.xidGpuIds.empty());
  m_window->selectObject(refOf(m_faults.deadGpuIds.front()));
  QVERIFY(m_window->selection().valid());
  QVERIFY2(properties().contains("stale"), qPrintable(properties()));
  QVERIFY(properties().contains("none in this snapshot"));

  m_window->selectObject(refOf(m_faults.xidGpuIds.front()));
  QVERIFY2(properties().contains("stale"), qPrintable(properties()));
  QVERIFY2(properties().contains("XID error (last): 79"), qPrintable(properties()));
  QVERIFY(properties().contains("GPU temperature: no data")); // DCGM blank sentinel

  // A cooler or a hall has no measured block.
  m_window->selectObject({ engine::ObjectKind::Hall, 0 });
  QVERIFY(!properties().contains("Measured"));
}

void TestTelemetryProperties::calibrationBecomesAnUndoableScenario()
{
  SceneDocument* document = m_window->document();
  QVERIFY(!document->isModified());
  const std::size_t before = document->scene().scenarios.size();
  QSignalSpy ready(panel(), &TelemetryPanel::residualsReady);
  panel()->computeResiduals();
  QVERIFY(ready.wait(120000));
  QVERIFY(panel()->calibratedScenario().has_value());
  const std::string name = panel()->calibratedScenario()->name;
  QVERIFY(!name.empty());

  auto* add = panel()->findChild<QPushButton*>(QStringLiteral("telemetryAddScenarioButton"));
  QVERIFY(add);
  QVERIFY(add->isEnabled());
  QSignalSpy changed(document, &SceneDocument::scenariosChanged);
  add->click();
  QCOMPARE(changed.count(), 1);
  QCOMPARE(document->scene().scenarios.size(), before + 1);
  QCOMPARE(document->scene().scenarios.back(), *panel()->calibratedScenario());
  QVERIFY(document->isModified());
  QVERIFY2(listedScenarios().contains(QString::fromStdString(name)),
           qPrintable(listedScenarios().join(", ")));
  // The Dashboard compares it with the base (its edits apply to the scene).
  ScenarioPanel* scenarios = test::dashboardModule(*m_window).panel()->scenarioPanel();
  scenarios->scenarioCombo()->setCurrentText(QString::fromStdString(name));
  QVERIFY2(scenarios->compare(), qPrintable(scenarios->statusText()));
  QCOMPARE(scenarios->comparison()->scenarioName, name);

  document->undoStack()->undo();
  QCOMPARE(document->scene().scenarios.size(), before);
  QVERIFY(!document->isModified()); // back at the clean state
  QVERIFY(!listedScenarios().contains(QString::fromStdString(name)));

  document->undoStack()->redo();
  QCOMPARE(document->scene().scenarios.size(), before + 1);
  QCOMPARE(document->scene().scenarios.back().name, name);
  QVERIFY(listedScenarios().contains(QString::fromStdString(name)));

  // The saved document carries it.
  const QString path = m_dir.filePath(QStringLiteral("with-scenario.json"));
  document->saveAs(path);
  const engine::Scene reread = engine::loadScene(path.toStdString(), engine::Catalog::builtin());
  QCOMPARE(reread.scenarios, document->scene().scenarios);
  QVERIFY(!document->isModified());
}

void TestTelemetryProperties::scenarioNamesAreKeptUnique()
{
  SceneDocument* document = m_window->document();
  const std::size_t before = document->scene().scenarios.size();
  engine::Scenario scenario = document->scene().scenarios.back();
  const std::string base = scenario.name;
  QString error, added;
  QVERIFY(document->addScenario(scenario, &error, &added));
  QCOMPARE(added, QString::fromStdString(base + " (2)"));
  QVERIFY(document->addScenario(scenario, &error, &added));
  QCOMPARE(added, QString::fromStdString(base + " (3)"));
  QCOMPARE(document->scene().scenarios.size(), before + 2);
  QVERIFY(listedScenarios().contains(added));

  scenario.name.clear();
  QVERIFY(!document->addScenario(scenario, &error));
  QVERIFY(error.contains("name"));
  QCOMPARE(document->scene().scenarios.size(), before + 2);

  document->undoStack()->undo(); // removes " (3)", not the others
  QCOMPARE(document->scene().scenarios.size(), before + 1);
  QVERIFY(QString::fromStdString(document->scene().scenarios.back().name).endsWith(" (2)"));
  QVERIFY(!listedScenarios().contains(added));
  QVERIFY(m_errors->messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTelemetryProperties)
#include "test_telemetry_properties.moc"
