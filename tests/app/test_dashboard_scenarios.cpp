// The Dashboard's tornado, power-by-feed chart and scenario comparison on the lab sample with
// scenarios (samples/scenarios/lab-256-scenarios.json): tornado bars sorted by swing, the
// compare table's deltas equal to the engine's, "Highlight differences in 3D" colouring the
// removed and changed racks, and the PDF report written from the app.
#include "app_test_support.h"
#include "dashboard_panel.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scenario_panel.h"
#include "scene_document.h"

#include "myriad/engine/economics/scenarios.h"
#include "myriad/scenes/hall_scene.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHorizontalStackedBarSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace econ = myriad::engine::economics;

namespace myriad::app
{

namespace
{

const QString kSample =
  QStringLiteral(MYRIAD_SOURCE_DIR "/samples/scenarios/lab-256-scenarios.json");

} // namespace

class TestDashboardScenarios final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void tornadoBarsAreSortedBySwing();
  void feedChartShowsEveryFeed();
  void compareTableShowsTheEngineDeltas();
  void highlightColoursTheDiffInTheView();
  void reportIsWrittenFromTheApp();
  void reportIsWrittenOnTheScheduler();

private:
  DashboardPanel* dashboard() const { return test::dashboardModule(*m_window).panel(); }
  ScenarioPanel* scenarios() const { return dashboard()->scenarioPanel(); }

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestDashboardScenarios::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  QVERIFY(m_window->openFile(kSample));
  QVERIFY2(dashboard()->errorText().isEmpty(), qPrintable(dashboard()->errorText()));
}

void TestDashboardScenarios::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

void TestDashboardScenarios::tornadoBarsAreSortedBySwing()
{
  const auto& sensitivity = dashboard()->sensitivity();
  QVERIFY(sensitivity.has_value());
  const QStringList order = dashboard()->tornadoOrder();
  QVERIFY(order.size() >= 10);
  // Drawn top to bottom in the engine's order, which is by decreasing swing.
  for (int i = 0; i < order.size(); ++i)
  {
    QCOMPARE(order[i],
             QString::fromStdString(sensitivity->bars[static_cast<std::size_t>(i)].input));
  }
  const auto kpi = econ::SensitivityKpi::UsdPerGpuHour;
  for (std::size_t i = 1; i < sensitivity->bars.size(); ++i)
  {
    QVERIFY(sensitivity->bars[i - 1].swing(kpi) >= sensitivity->bars[i].swing(kpi));
  }
  // The chart's sets hold KPI − base, so each category's two bars span exactly the swing.
  const auto series = dashboard()->tornadoChart()->series();
  QCOMPARE(series.size(), 1);
  auto* bars = qobject_cast<QHorizontalStackedBarSeries*>(series.front());
  QVERIFY(bars);
  QCOMPARE(bars->barSets().size(), 2);
  const int top = static_cast<int>(order.size()) - 1; // first category is drawn at the bottom
  const double spanTop = std::abs(bars->barSets()[1]->at(top) - bars->barSets()[0]->at(top));
  QVERIFY(std::abs(spanTop - sensitivity->bars.front().swing(kpi)) < 1e-9);
}

void TestDashboardScenarios::feedChartShowsEveryFeed()
{
  // lab-256 has one 2N pair: H1-F01A and H1-F01B, each carrying half of every rack.
  const auto series = dashboard()->feedChart()->series();
  QCOMPARE(series.size(), 1);
  const auto axes = dashboard()->feedChart()->axes(Qt::Vertical);
  QCOMPARE(axes.size(), 1);
  const QStringList feeds = qobject_cast<QBarCategoryAxis*>(axes.front())->categories();
  QCOMPARE(feeds.size(), 2);
  QVERIFY(feeds.contains("H1-F01A") && feeds.contains("H1-F01B"));
  const auto& power = dashboard()->result()->power;
  auto* bars = qobject_cast<QAbstractBarSeries*>(series.front());
  QCOMPARE(bars->barSets()[0]->at(0), power.feeds.back().peakW / 1e3);
  QCOMPARE(bars->barSets()[1]->at(0), power.feeds.back().capacityW / 1e3);
}

void TestDashboardScenarios::compareTableShowsTheEngineDeltas()
{
  QComboBox* combo = scenarios()->scenarioCombo();
  QCOMPARE(combo->count(), 3); // (base only), hydro-quebec, liquid-retrofit
  combo->setCurrentIndex(combo->findText("liquid-retrofit"));
  QTest::mouseClick(scenarios()->compareButton(), Qt::LeftButton);
  QVERIFY2(scenarios()->comparison().has_value(), qPrintable(scenarios()->statusText()));
  QTableWidget* table = scenarios()->compareTable();
  QVERIFY(table->isVisible());
  const auto& rows = scenarios()->comparison()->kpis;
  QCOMPARE(table->rowCount(), static_cast<int>(rows.size()));
  for (int i = 0; i < table->rowCount(); ++i)
  {
    if (table->item(i, 0)->text() == "GPUs")
    {
      // One compute rack of 4 DGX H100 × 8 GPUs deleted: 256 → 224, −32, −12.5 %; more GPUs
      // are better, so the change is red.
      QCOMPARE(table->item(i, 1)->text(), QString("256"));
      QCOMPARE(table->item(i, 2)->text(), QString("224"));
      QCOMPARE(table->item(i, 3)->text(), QString("-32"));
      QCOMPARE(table->item(i, 4)->text(), QString("-12.5 %"));
      QCOMPARE(table->item(i, 3)->foreground().color(), QColor(190, 40, 40));
    }
    if (table->item(i, 0)->text() == "OPEX per year")
    {
      // Cheaper power and fewer racks: lower OPEX, shown green.
      QVERIFY(table->item(i, 3)->text().startsWith(QChar(0x2212))); // the minus sign "−"
      QCOMPARE(table->item(i, 3)->foreground().color(), QColor(30, 130, 60));
    }
  }
  // The engine's comparison, independently.
  const SceneDocument* document = m_window->document();
  econ::EconomicsInputs inputs;
  inputs.site = dashboard()->siteCombo()->currentData().toString().toStdString();
  inputs.energyPriceUSDPerKWh = dashboard()->energyPriceSpin()->value();
  inputs.bom = dashboard()->fabricBom().value_or(econ::BomInput{});
  const auto engine =
    econ::compareScenario(document->scene(), document->catalog(), inputs, "liquid-retrofit");
  for (std::size_t i = 0; i < rows.size(); ++i)
  {
    QCOMPARE(rows[i].absolute(), engine.kpis[i].absolute());
  }

  // The chart puts the costs side by side: per side, CAPEX + OPEX categories in $ M add up to
  // that side's CAPEX plus one year of OPEX.
  const QList<QAbstractSeries*> series = scenarios()->comparisonChart()->series();
  QCOMPARE(series.size(), 1);
  auto* bars = qobject_cast<QAbstractBarSeries*>(series.first());
  QVERIFY(bars && bars->count() == 2);
  QCOMPARE(bars->barSets().at(1)->label(), QStringLiteral("liquid-retrofit"));
  auto total = [](const econ::EconomicsResult& r)
  {
    double sum = 0;
    for (const auto& items : { r.capex, r.opex })
    {
      for (const econ::CostItem& item : items)
      {
        sum += item.usd.value_or(0) / 1e6;
      }
    }
    return sum;
  };
  const auto& comparison = *scenarios()->comparison();
  QVERIFY(std::abs(bars->barSets().at(0)->sum() - total(comparison.base)) < 1e-6);
  QVERIFY(std::abs(bars->barSets().at(1)->sum() - total(comparison.scenario.result)) < 1e-6);
}

void TestDashboardScenarios::highlightColoursTheDiffInTheView()
{
  QVERIFY(scenarios()->highlightButton()->isEnabled());
  QTest::mouseClick(scenarios()->highlightButton(), Qt::LeftButton);
  scenes::HallScene* view = m_window->hallScene();
  QVERIFY(view->hasOverlay());
  QCOMPARE(view->colorBy(), scenes::ColorBy::Overlay);
  const auto removed = view->overlayColor("H1-R01-K09");
  const auto changed = view->overlayColor("H1-R01-K01");
  QVERIFY(removed && changed);
  QVERIFY(*removed != *changed);              // −1 and 0 map to different colours
  QVERIFY(!view->overlayColor("H1-R01-K06")); // unchanged rack: no value
  m_window->hallView()->clearOverlay();
}

void TestDashboardScenarios::reportIsWrittenFromTheApp()
{
  QTemporaryDir dir;
  const QString path = dir.filePath("report.pdf");
  const QString error = scenarios()->exportReport(path);
  QVERIFY2(error.isEmpty(), qPrintable(error));
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray bytes = file.readAll();
  QVERIFY(bytes.startsWith("%PDF-"));
  QVERIFY(bytes.size() > 10 * 1024);
  QVERIFY(m_errors->messages.isEmpty());
}

void TestDashboardScenarios::reportIsWrittenOnTheScheduler()
{
  // File ▸ PDF Report… writes on a scheduler job (the report solves the hall twice): the call
  // returns at once and reportFinished() comes with the file written.
  QTemporaryDir dir;
  const QString path = dir.filePath("report-job.pdf");
  QSignalSpy finished(scenarios(), &ScenarioPanel::reportFinished);
  scenarios()->startReport(path);
  QVERIFY(scenarios()->isWritingReport());
  QVERIFY(m_window->liveScheduler()->jobPending(QStringLiteral("report.pdf")));
  QVERIFY(finished.wait(120000));
  QCOMPARE(finished.front().at(0).toString(), path);
  QVERIFY2(finished.front().at(1).toString().isEmpty(),
           qPrintable(finished.front().at(1).toString()));
  QVERIFY(!scenarios()->isWritingReport());
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  QVERIFY(file.readAll().startsWith("%PDF-"));
  QVERIFY2(scenarios()->statusText().startsWith(QStringLiteral("Wrote ")),
           qPrintable(scenarios()->statusText()));
  // A file that cannot be written: the error comes back the same way, nothing is left behind.
  const QString bad = dir.filePath("no-such-dir/report.pdf");
  scenarios()->startReport(bad);
  QVERIFY(finished.wait(120000));
  QVERIFY(!finished.back().at(1).toString().isEmpty());
  QVERIFY(!QFile::exists(bad));
  QVERIFY(m_errors->messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestDashboardScenarios)
#include "test_dashboard_scenarios.moc"
