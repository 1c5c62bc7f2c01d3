// The Dashboard module without a main window: its panel alone shows the figures of given
// economics (the GPUs of the scene, the CAPEX and TCO of the evaluation), and the module in a
// bare context shows the live loop's economics when the scheduler publishes them.
#include "app_test_support.h"
#include "dashboard_module.h"
#include "dashboard_panel.h"
#include "module_test_support.h"

#include "myriad/engine/query.h"

#include <QDockWidget>
#include <QTest>

namespace myriad::app
{

class TestDashboardModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void panelAloneShowsGivenEconomics();
  void moduleShowsTheLiveLoopsEconomics();
};

void TestDashboardModule::panelAloneShowsGivenEconomics()
{
  SceneDocument document(engine::Catalog::builtin());
  document.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  DashboardPanel panel;
  panel.setScene(&document.scene(), &document.catalog());
  LiveEconomics economics =
    evaluateDashboardEconomics(document.scene(), document.catalog(), panel.economicsInputs());
  QVERIFY2(economics.result.has_value(), economics.error.c_str());
  economics.generation = 1; // newer than anything shown
  panel.showLiveEconomics(economics);
  QCOMPARE(panel.liveGeneration(), quint64{ 1 });

  const engine::economics::Kpis& kpis = economics.result->kpis;
  QCOMPARE(panel.kpiValue(QStringLiteral("gpus")), std::optional<double>(kpis.gpus));
  // lab-256 holds 256 GPUs: the card counts the scene's accelerators.
  QCOMPARE(kpis.gpus, engine::countScene(document.scene(), document.catalog()).gpus);
  QVERIFY(kpis.capexUSD.has_value() && *kpis.capexUSD > 0);
  QCOMPARE(panel.kpiValue(QStringLiteral("capex")), kpis.capexUSD);
  QCOMPARE(panel.kpiValue(QStringLiteral("tco")), kpis.tcoUSD);
}

void TestDashboardModule::moduleShowsTheLiveLoopsEconomics()
{
  test::BareContext bare;
  DashboardModule& dashboard = bare.add<DashboardModule>();
  QCOMPARE(bare.ui.dock(QStringLiteral("dashboard.dock")), dashboard.dock());
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  QCOMPARE(dashboard.panel()->liveGeneration(), quint64{ 0 });
  bare.context.live->submitAll(bare.context.document->scene());
  QTRY_VERIFY_WITH_TIMEOUT(dashboard.panel()->liveGeneration() > 0, 120000);
  QCOMPARE(dashboard.panel()->kpiValue(QStringLiteral("gpus")), std::optional<double>(256));
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestDashboardModule)
#include "test_dashboard_module.moc"
