// The Dashboard module without a main window: its panel alone shows the figures of given
// economics (the GPUs of the scene, the CAPEX and TCO of the evaluation), and the module in a
// bare context shows the live loop's economics when the scheduler publishes them.
#include "app_test_support.h"
#include "dashboard_module.h"
#include "dashboard_panel.h"
#include "module_test_support.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
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
  void openingASceneThatSpellsOutDefaultsMakesNoEdit();
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

void TestDashboardModule::openingASceneThatSpellsOutDefaultsMakesNoEdit()
{
  // lab-256 with an evaluation context that names the default site (ashburn-va) and a load of
  // 80 %: the Dashboard shows that context and makes no edit of it, so the document opens
  // unmodified with nothing to undo (as a sweep scenario with site = ashburn-va opens).
  QTemporaryDir tmp;
  const QString path = tmp.filePath(QStringLiteral("lab-ashburn.json"));
  engine::Scene scene =
    engine::loadScene(MYRIAD_SOURCE_DIR "/samples/lab-256.json", engine::Catalog::builtin());
  scene.evaluationJson = R"({"site":"ashburn-va","utilisation":0.8})";
  engine::saveScene(scene, path.toStdString());
  test::BareContext bare;
  DashboardModule& dashboard = bare.add<DashboardModule>();
  QSignalSpy edited(bare.context.editController, &EditController::sceneChanged);
  bare.open(path);
  QCOMPARE(edited.count(), 0);
  QVERIFY(!bare.context.document->isModified());
  QCOMPARE(dashboard.panel()->economicsInputs().utilisation, 0.8);
  QCOMPARE(QString::fromStdString(dashboard.panel()->economicsInputs().site),
           QStringLiteral("ashburn-va"));
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
