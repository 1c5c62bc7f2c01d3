// The Dashboard dock on the 10,240-GPU sample: its KPI cards match evaluateEconomics, a higher
// energy price raises annual OPEX and $/GPU-hour, the charts have their categories, and an
// engine error is shown as text instead of numbers.
#include "app_test_support.h"
#include "dashboard_panel.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scene_document.h"

#include "currency_box.h"

#include "myriad/engine/economics/currency.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/edit/edit.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include <memory>

namespace econ = myriad::engine::economics;

namespace myriad::app
{

class TestDashboard final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void dockIsInTheWindow();
  void fabricBomIsTheRoutedFabric();
  void cardsMatchTheEngine();
  void higherEnergyPriceRaisesOpex();
  void energyChartHasTwelveMonths();
  void capexChartHasPricedCategories();
  void opexChartSumsToTheOpexCard();
  void siteChangeReEvaluates();
  void emptySceneNeverShowsZeroPrices();
  void engineErrorIsShownAsText();
  void editShowsTheLiveEconomics();
  void staleLiveResultNeverOverwritesANewerOne();
  void tornadoFollowsTheCostOfTheSameRun();
  void liveResultForAnotherSiteIsReEvaluated();
  void openingASceneReEvaluates();
  void loadIsAnUndoableDocumentEdit();
  void currencyIsAnUndoableDocumentEdit();

private:
  DashboardPanel* dashboard() const { return test::dashboardModule(*m_window).panel(); }
  /** The engine's result for the dashboard's current site and price. */
  econ::EconomicsResult engineResult() const;

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestDashboard::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->openDefaultScene();
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  // The live loop hands the routed fabric's BOM to the dashboard; wait for it so that every
  // comparison below prices the same fabric.
  QVERIFY(QTest::qWaitFor([this] { return dashboard()->fabricBom().has_value(); }, 60000));
}

void TestDashboard::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

econ::EconomicsResult TestDashboard::engineResult() const
{
  econ::EconomicsInputs inputs;
  inputs.site = dashboard()->siteCombo()->currentData().toString().toStdString();
  inputs.energyPriceUSDPerKWh = dashboard()->energyPriceSpin()->value();
  inputs.bom = dashboard()->fabricBom().value_or(econ::BomInput{});
  const SceneDocument* document = m_window->document();
  return econ::evaluateEconomics(document->scene(), document->catalog(), inputs, false);
}

void TestDashboard::dockIsInTheWindow()
{
  auto* dock = m_window->ui().dock(QStringLiteral("dashboard.dock"));
  QVERIFY(dock);
  QCOMPARE(dock->widget(), dashboard());
  QVERIFY(dock->isVisible());
  QVERIFY(dashboard()->errorText().isEmpty());
  QVERIFY(m_errors->messages.isEmpty());
}

void TestDashboard::fabricBomIsTheRoutedFabric()
{
  // The BOM the dashboard prices is the scene's routed fabric: the same counts and optics power
  // as economics::fabricBomInput computes (30,720 cables for the 10k sample's SuperPOD).
  const SceneDocument* document = m_window->document();
  const econ::BomInput expected = econ::fabricBomInput(document->scene(), document->catalog());
  const econ::BomInput& bom = dashboard()->fabricBom().value();
  QCOMPARE(bom.cables.value(), expected.cables.value());
  QCOMPARE(bom.cables.value(), 30720.0);
  QCOMPARE(bom.transceivers.value(), expected.transceivers.value());
  QVERIFY(std::abs(bom.opticsPowerW.value() - expected.opticsPowerW.value()) < 1.0);
  QVERIFY(std::abs(bom.opticsUSD.value() - expected.opticsUSD.value()) < 1.0);
  QVERIFY(std::abs(bom.cablesUSD.value() - expected.cablesUSD.value()) < 1.0);
}

void TestDashboard::cardsMatchTheEngine()
{
  // The default site (Ashburn) has an energy price, so the spin box shows it.
  QCOMPARE(dashboard()->siteCombo()->currentData().toString(), QStringLiteral("ashburn-va"));
  QVERIFY(dashboard()->energyPriceSpin()->value() > 0);
  const econ::Kpis kpis = engineResult().kpis;
  QCOMPARE(dashboard()->kpiText(QStringLiteral("gpus")), QStringLiteral("10,240"));
  QCOMPARE(dashboard()->kpiText(QStringLiteral("itMW")), QString::number(kpis.itMW, 'f', 2));
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("itMW")).value(), kpis.itMW);
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("facilityMW")).value(), kpis.facilityMW);
  QCOMPARE(dashboard()->kpiText(QStringLiteral("pue")), QString::number(kpis.pue, 'f', 2));
  // A money figure is either the engine's number or "—" when the engine lacks a price.
  for (const auto& [key, usd] : { std::pair{ QStringLiteral("capex"), kpis.capexUSD },
                                  std::pair{ QStringLiteral("opex"), kpis.opexUSDPerYear },
                                  std::pair{ QStringLiteral("tco"), kpis.tcoUSD },
                                  std::pair{ QStringLiteral("gpuHour"), kpis.usdPerGpuHour } })
  {
    QCOMPARE(dashboard()->kpiValue(key), usd);
    QVERIFY2(usd ? dashboard()->kpiText(key).startsWith(QLatin1Char('$'))
                 : dashboard()->kpiText(key) == QStringLiteral("—"),
             qPrintable(key + QLatin1Char('=') + dashboard()->kpiText(key)));
  }
  for (const QString& key : DashboardPanel::kpiKeys())
  {
    QVERIFY2(!dashboard()->kpiText(key).isEmpty(), qPrintable(key));
    QVERIFY2(dashboard()->kpiText(key) != QStringLiteral("0"), qPrintable(key));
  }
}

void TestDashboard::higherEnergyPriceRaisesOpex()
{
  QDoubleSpinBox* price = dashboard()->energyPriceSpin();
  price->setValue(0.05);
  const double opexLow = dashboard()->kpiValue(QStringLiteral("opex")).value();
  const double hourLow = dashboard()->kpiValue(QStringLiteral("gpuHour")).value();
  const QString opexLowText = dashboard()->kpiText(QStringLiteral("opex"));
  price->setValue(0.15);
  const double opexHigh = dashboard()->kpiValue(QStringLiteral("opex")).value();
  const double hourHigh = dashboard()->kpiValue(QStringLiteral("gpuHour")).value();
  // 0.10 $/kWh more on ~100+ GWh a year: OPEX up by more than $10 M.
  QVERIFY2(opexHigh > opexLow + 10e6,
           qPrintable(QStringLiteral("%1 → %2").arg(opexLow).arg(opexHigh)));
  QVERIFY(hourHigh > hourLow);
  QVERIFY(dashboard()->kpiText(QStringLiteral("opex")) != opexLowText);
  QCOMPARE(opexHigh, engineResult().kpis.opexUSDPerYear.value());
  // The price does not change the power figures.
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("itMW")).value(), engineResult().kpis.itMW);
}

void TestDashboard::energyChartHasTwelveMonths()
{
  const QList<QAbstractAxis*> axes = dashboard()->energyChart()->axes(Qt::Horizontal);
  QCOMPARE(axes.size(), 1);
  auto* months = qobject_cast<QBarCategoryAxis*>(axes.first());
  QVERIFY(months);
  QCOMPARE(months->count(), 12);
  QCOMPARE(months->at(0), QStringLiteral("J"));
  QCOMPARE(months->at(11), QStringLiteral("D"));
  QCOMPARE(dashboard()->energyChart()->series().size(), 1);
}

void TestDashboard::capexChartHasPricedCategories()
{
  const econ::EconomicsResult result = engineResult();
  qsizetype priced = 0;
  for (const econ::CostItem& item : result.capex)
  {
    priced += item.usd ? 1 : 0;
  }
  QVERIFY(priced > 0);
  const QList<QAbstractAxis*> axes = dashboard()->capexChart()->axes(Qt::Vertical);
  QCOMPARE(axes.size(), 1);
  auto* categories = qobject_cast<QBarCategoryAxis*>(axes.first());
  QVERIFY(categories);
  QCOMPARE(categories->count(), priced);
}

void TestDashboard::opexChartSumsToTheOpexCard()
{
  // One bar per priced OPEX category (energy, carbon, maintenance, staff…), in $ M per year;
  // the bars add up to the Annual OPEX card.
  const econ::EconomicsResult result = engineResult();
  double expected = 0;
  qsizetype priced = 0;
  for (const econ::CostItem& item : result.opex)
  {
    priced += item.usd ? 1 : 0;
    expected += item.usd.value_or(0) / 1e6;
  }
  QVERIFY(priced >= 2);
  const QList<QAbstractSeries*> series = dashboard()->opexChart()->series();
  QCOMPARE(series.size(), 1);
  auto* bars = qobject_cast<QAbstractBarSeries*>(series.first());
  QVERIFY(bars && bars->count() == 1);
  QCOMPARE(bars->barSets().first()->count(), priced);
  QVERIFY(std::abs(bars->barSets().first()->sum() - expected) < 1e-6 * expected);
  QVERIFY(std::abs(expected - result.kpis.opexUSDPerYear.value() / 1e6) < 1e-6 * expected);
}

void TestDashboard::siteChangeReEvaluates()
{
  QComboBox* sites = dashboard()->siteCombo();
  QVERIFY(sites->count() >= 2);
  const int lulea = sites->findData(QStringLiteral("lulea-se"));
  QVERIFY(lulea >= 0);
  sites->setCurrentIndex(lulea);
  // A cool site needs less cooling: the dashboard follows the engine for that site.
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("pue")).value(), engineResult().kpis.pue);
  QVERIFY(dashboard()->errorText().isEmpty());
  QVERIFY(m_errors->messages.isEmpty());
}

void TestDashboard::emptySceneNeverShowsZeroPrices()
{
  // A scene without GPUs has no GPU-hours to price and no IT energy for a PUE: both are
  // missing ("—"), not 0. Clearing the scene empties the cards and the charts.
  const engine::Scene empty;
  DashboardPanel panel;
  panel.setScene(&empty, &m_window->document()->catalog());
  QVERIFY(panel.errorText().isEmpty());
  QCOMPARE(panel.kpiText(QStringLiteral("gpus")), QStringLiteral("0"));
  QCOMPARE(panel.kpiText(QStringLiteral("gpuHour")), QStringLiteral("—"));
  QCOMPARE(panel.kpiText(QStringLiteral("pue")), QStringLiteral("—"));
  QVERIFY(!panel.kpiValue(QStringLiteral("gpuHour")).has_value());
  panel.setScene(nullptr, nullptr);
  QCOMPARE(panel.kpiText(QStringLiteral("gpus")), QStringLiteral("—"));
  QVERIFY(panel.energyChart()->series().isEmpty());
}

void TestDashboard::engineErrorIsShownAsText()
{
  // A site the catalog does not know: evaluateEconomics throws SpecError, and the panel shows
  // the message with every card missing and empty charts; a known site recovers.
  DashboardPanel panel;
  panel.setScene(&m_window->document()->scene(), &m_window->document()->catalog());
  QVERIFY(panel.result().has_value());
  const int known = panel.siteCombo()->currentIndex();
  panel.siteCombo()->addItem(QStringLiteral("Nowhere"), QStringLiteral("nowhere"));
  panel.siteCombo()->setCurrentIndex(panel.siteCombo()->count() - 1);
  QVERIFY2(panel.errorText().contains(QStringLiteral("nowhere")), qPrintable(panel.errorText()));
  QVERIFY(!panel.result().has_value());
  for (const QString& key : DashboardPanel::kpiKeys())
  {
    QCOMPARE(panel.kpiText(key), QStringLiteral("—"));
  }
  QVERIFY(panel.capexChart()->series().isEmpty());
  panel.siteCombo()->setCurrentIndex(known);
  QVERIFY(panel.errorText().isEmpty());
  QCOMPARE(panel.kpiText(QStringLiteral("gpus")), QStringLiteral("10,240"));
}

void TestDashboard::editShowsTheLiveEconomics()
{
  // A compute rack moved 0.5 m into its aisle changes its cables' routes: the fabric stage routes
  // them again and the live loop prices the new BOM on its worker. The dashboard then shows that
  // evaluation (the same KPIs as evaluateEconomics on the edited scene with the routed BOM)
  // without evaluating anything on the UI thread.
  LiveScheduler* live = m_window->liveScheduler();
  QVERIFY(QTest::qWaitFor([live] { return !live->busy(); }, 60000));
  const int evaluationsBefore = dashboard()->uiEvaluations();
  std::string id;
  for (const engine::Row& row : m_window->document()->scene().site.halls.at(0).rows)
  {
    for (const engine::Rack& rack : row.racks)
    {
      if (id.empty() && rack.kind == engine::RackKind::Compute)
      {
        id = rack.id;
      }
    }
  }
  engine::edit::MoveObjects move;
  move.ids = { id };
  move.dyM = 0.5;
  QVERIFY(m_window->editController()->apply(move));
  const quint64 generation = live->latestGeneration();
  QVERIFY(QTest::qWaitFor([&] { return dashboard()->liveGeneration() == generation; }, 60000));
  QCOMPARE(dashboard()->uiEvaluations(), evaluationsBefore);
  const std::shared_ptr<const LiveEconomics> economics = live->economics();
  QVERIFY(economics && economics->result);
  QCOMPARE(economics->generation, generation);
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("capex")), economics->result->kpis.capexUSD);
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("tco")), economics->result->kpis.tcoUSD);
  const econ::Kpis expected = engineResult().kpis; // the edited scene, the live BOM
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("capex")), expected.capexUSD);
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("itMW")).value(), expected.itMW);
  QCOMPARE(dashboard()->fabricBom()->cablesUSD, live->results().fabricBom.cablesUSD);
  m_window->document()->undoStack()->undo();
  QVERIFY(QTest::qWaitFor([&] { return dashboard()->liveGeneration() == live->latestGeneration(); },
                          60000));
  QCOMPARE(dashboard()->uiEvaluations(), evaluationsBefore);
}

void TestDashboard::staleLiveResultNeverOverwritesANewerOne()
{
  // Two evaluations of the same scene that differ in the cables' price: the one of the newer
  // generation stays on screen when the older one arrives after it.
  DashboardPanel panel;
  const SceneDocument* document = m_window->document();
  panel.setScene(&document->scene(), &document->catalog());
  econ::EconomicsInputs inputs = panel.economicsInputs();
  inputs.bom = econ::fabricBomInput(document->scene(), document->catalog());
  LiveEconomics older = evaluateDashboardEconomics(document->scene(), document->catalog(), inputs);
  inputs.bom.cablesUSD = inputs.bom.cablesUSD.value_or(0) + 50e6; // $50 M more cable
  LiveEconomics newer = evaluateDashboardEconomics(document->scene(), document->catalog(), inputs);
  QVERIFY(older.result && newer.result);
  QCOMPARE(*newer.result->kpis.capexUSD - *older.result->kpis.capexUSD, 50e6);
  older.generation = 7;
  newer.generation = 8;
  const int evaluations = panel.uiEvaluations();
  panel.showLiveEconomics(newer);
  panel.showLiveEconomics(older);
  QCOMPARE(panel.liveGeneration(), quint64(8));
  QCOMPARE(panel.kpiValue(QStringLiteral("capex")), newer.result->kpis.capexUSD);
  QCOMPARE(panel.fabricBom()->cablesUSD, inputs.bom.cablesUSD);
  older.generation = 9; // a newer one is shown
  panel.showLiveEconomics(older);
  QCOMPARE(panel.kpiValue(QStringLiteral("capex")), older.result->kpis.capexUSD);
  QCOMPARE(panel.uiEvaluations(), evaluations);
}

void TestDashboard::tornadoFollowsTheCostOfTheSameRun()
{
  // The live loop publishes a run's cost first and its tornado second (same generation). $50 M
  // more cable raises the base cost per GPU-hour, the tornado's centre: the cards take the new
  // cost at once, the tornado keeps the previous run's bars until the second publication.
  DashboardPanel panel;
  const SceneDocument* document = m_window->document();
  panel.setScene(&document->scene(), &document->catalog());
  econ::EconomicsInputs inputs = panel.economicsInputs();
  inputs.bom = econ::fabricBomInput(document->scene(), document->catalog());
  LiveEconomics before = evaluateDashboardEconomics(document->scene(), document->catalog(), inputs);
  inputs.bom.cablesUSD = inputs.bom.cablesUSD.value_or(0) + 50e6;
  LiveEconomics after = evaluateDashboardEconomics(document->scene(), document->catalog(), inputs);
  QVERIFY(before.sensitivity && after.sensitivity);
  const double baseBefore = before.sensitivity->base.usdPerGpuHour.value();
  const double baseAfter = after.sensitivity->base.usdPerGpuHour.value();
  QVERIFY(baseAfter > baseBefore);
  before.generation = 1;
  panel.showLiveEconomics(before);
  LiveEconomics costOnly = after;
  costOnly.sensitivity.reset();
  costOnly.generation = 2;
  panel.showLiveEconomics(costOnly);
  QCOMPARE(panel.kpiValue(QStringLiteral("capex")), after.result->kpis.capexUSD);
  QVERIFY(panel.sensitivity().has_value());
  QCOMPARE(panel.sensitivity()->base.usdPerGpuHour.value(), baseBefore); // previous bars kept
  QVERIFY(!panel.tornadoOrder().isEmpty());
  after.generation = 2;
  panel.showLiveEconomics(after);
  QCOMPARE(panel.sensitivity()->base.usdPerGpuHour.value(), baseAfter);
  QCOMPARE(panel.kpiValue(QStringLiteral("capex")), after.result->kpis.capexUSD);
  before.generation = 2; // a repeat of generation 2 with other bars changes nothing
  panel.showLiveEconomics(before);
  QCOMPARE(panel.sensitivity()->base.usdPerGpuHour.value(), baseAfter);
}

void TestDashboard::liveResultForAnotherSiteIsReEvaluated()
{
  // The user picked another site while the worker priced the old one: the panel keeps the
  // worker's BOM but evaluates its own site instead of showing the old site's figures.
  DashboardPanel panel;
  const SceneDocument* document = m_window->document();
  panel.setScene(&document->scene(), &document->catalog());
  QVERIFY(panel.siteCombo()->count() > 1);
  econ::EconomicsInputs oldSite = panel.economicsInputs();
  oldSite.bom = econ::fabricBomInput(document->scene(), document->catalog());
  LiveEconomics live = evaluateDashboardEconomics(document->scene(), document->catalog(), oldSite);
  live.generation = 1;
  panel.siteCombo()->setCurrentIndex((panel.siteCombo()->currentIndex() + 1) %
                                     panel.siteCombo()->count());
  const int evaluations = panel.uiEvaluations();
  panel.showLiveEconomics(live);
  QCOMPARE(panel.uiEvaluations(), evaluations + 1);
  QVERIFY(panel.fabricBom().has_value());
  econ::EconomicsInputs expected = panel.economicsInputs();
  QVERIFY(expected.site != oldSite.site);
  expected.bom = oldSite.bom;
  const auto result =
    econ::evaluateEconomics(document->scene(), document->catalog(), expected, false);
  QCOMPARE(panel.kpiValue(QStringLiteral("opex")), result.kpis.opexUSDPerYear);
}

void TestDashboard::openingASceneReEvaluates()
{
  // Last: it replaces the 10k sample. The dashboard follows the document to the 256-GPU lab.
  QVERIFY(m_window->openFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json")));
  const econ::Kpis kpis = engineResult().kpis;
  QVERIFY(kpis.gpus != 10240);
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("gpus")).value(), double(kpis.gpus));
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("itMW")).value(), kpis.itMW);
  QVERIFY(dashboard()->errorText().isEmpty());
  QVERIFY(m_errors->messages.isEmpty());
}

void TestDashboard::loadIsAnUndoableDocumentEdit()
{
  // The load is part of the document: changing it in the Dashboard is one undo step that the
  // scene keeps (saved with it), the status bar names it, and undo brings the default back.
  SceneDocument* document = m_window->document();
  const int undoSteps = document->undoStack()->count();
  QCOMPARE(dashboard()->loadSpin()->value(), 80);
  QVERIFY2(m_window->contextText().contains(QStringLiteral("80 % utilisation")),
           qPrintable(m_window->contextText()));
  dashboard()->loadSpin()->setValue(60);
  QCOMPARE(document->undoStack()->count(), undoSteps + 1);
  QCOMPARE(econ::documentInputs(document->scene()).utilisation, 0.6);
  QVERIFY2(m_window->contextText().contains(QStringLiteral("60 % utilisation")),
           qPrintable(m_window->contextText()));
  // The live power stage evaluates the new load (IT power at 60 % below the one at 80 %).
  LiveScheduler* live = m_window->liveScheduler();
  const quint64 generation = live->latestGeneration();
  QVERIFY(QTest::qWaitFor(
    [&] { return live->stageGeneration(engine::live::Stage::Power) == generation; }, 60000));
  const double at60 = live->results().kpis.itOperatingMW;
  document->undoStack()->undo();
  QVERIFY(document->scene().evaluationJson.empty());
  QCOMPARE(dashboard()->loadSpin()->value(), 80);
  QVERIFY(m_window->contextText().contains(QStringLiteral("80 % utilisation")));
  const quint64 back = live->latestGeneration();
  QVERIFY(QTest::qWaitFor([&] { return live->stageGeneration(engine::live::Stage::Power) == back; },
                          60000));
  QVERIFY2(live->results().kpis.itOperatingMW > at60,
           qPrintable(QStringLiteral("%1 MW at 80 %, %2 MW at 60 %")
                        .arg(live->results().kpis.itOperatingMW)
                        .arg(at60)));
  QVERIFY(m_errors->messages.isEmpty());
}

void TestDashboard::currencyIsAnUndoableDocumentEdit()
{
  // Choosing CNY on the Dashboard is one undo step kept by the scene; the cards then show the
  // engine's USD figures times the reference rate (7.1884 CNY/USD in samples/reference/), in
  // English as "¥… B" and, where numbers are Chinese, in 亿元 (10^8 yuan).
  SceneDocument* document = m_window->document();
  const int undoSteps = document->undoStack()->index();
  const double capexUsd = engineResult().kpis.capexUSD.value();
  const double rate = econ::siteCurrency(engine::Site{ "", "CNY", 0, {} }).perUsd;
  QComboBox* code = dashboard()->currencyBox()->codeCombo();
  code->setCurrentIndex(code->findData(QStringLiteral("CNY")));
  QCOMPARE(document->undoStack()->index(), undoSteps + 1);
  QCOMPARE(document->scene().site.currency, std::string("CNY"));
  QCOMPARE(document->scene().site.exchangeRate, 0.0);
  // The display rule, written out: English "¥" with B (10^9, 2 decimals), M (10^6; no decimal
  // from 10^8); Chinese 亿 (10^8, 2 decimals) or 万 (10^4; no decimal from 100 万).
  const QLocale english(QLocale::English, QLocale::UnitedStates);
  const QLocale chinese(QLocale::Chinese, QLocale::China);
  const auto inEnglish = [&](double yuan)
  {
    if (yuan >= 1e9)
      return QStringLiteral("¥%1 B").arg(english.toString(yuan / 1e9, 'f', 2));
    return QStringLiteral("¥%1 M").arg(english.toString(yuan / 1e6, 'f', yuan >= 1e8 ? 0 : 1));
  };
  const auto inChinese = [&](double yuan)
  {
    if (yuan >= 1e8)
      return QStringLiteral("%1 亿元").arg(chinese.toString(yuan / 1e8, 'f', 2));
    return QStringLiteral("%1 万元").arg(chinese.toString(yuan / 1e4, 'f', yuan >= 1e6 ? 0 : 1));
  };
  QVERIFY(capexUsd * rate >= 1e6);
  QCOMPARE(dashboard()->kpiText(QStringLiteral("capex")), inEnglish(capexUsd * rate));
  QCOMPARE(dashboard()->kpiValue(QStringLiteral("capex")).value(), capexUsd); // still USD
  QCOMPARE(dashboard()->currencyBox()->rateSpin()->value(), rate);

  // The finance department's rate: 7.0 CNY per USD.
  dashboard()->currencyBox()->rateSpin()->setValue(7.0);
  QCOMPARE(document->undoStack()->index(), undoSteps + 2);
  QCOMPARE(document->scene().site.exchangeRate, 7.0);
  QCOMPARE(dashboard()->kpiText(QStringLiteral("capex")), inEnglish(capexUsd * 7.0));

  // Where numbers are Chinese: 万元 or 亿元.
  QLocale::setDefault(chinese);
  dashboard()->refreshMoney();
  const QString shownInChinese = dashboard()->kpiText(QStringLiteral("capex"));
  QLocale::setDefault(english);
  QCOMPARE(shownInChinese, inChinese(capexUsd * 7.0));

  document->undoStack()->undo();
  document->undoStack()->undo();
  QCOMPARE(document->scene().site.currency, std::string("USD"));
  QCOMPARE(document->scene().site.exchangeRate, 0.0);
  QCOMPARE(code->currentData().toString(), QStringLiteral("USD"));
  QVERIFY(dashboard()->kpiText(QStringLiteral("capex")).startsWith(QLatin1Char('$')));
  QVERIFY(m_errors->messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestDashboard)
#include "test_dashboard.moc"
