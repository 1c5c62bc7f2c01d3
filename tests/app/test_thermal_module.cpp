// The Thermal module without a main window: its panel alone solves a given scene and shows the
// KPIs of that result (the hottest rack inlet, racks above the limits), and the module in a bare
// context registers its dock by id, hidden, with no field in the view to probe yet.
#include "app_test_support.h"
#include "live_scheduler.h"
#include "module_test_support.h"
#include "status_text.h"
#include "thermal_module.h"
#include "thermal_panel.h"

#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/scenes/thermal_view.h"

#include <QDockWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::app
{

class TestThermalModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void panelAloneShowsTheKpisOfItsResult();
  void moduleRegistersItsDockHidden();
};

void TestThermalModule::panelAloneShowsTheKpisOfItsResult()
{
  SceneDocument document(engine::Catalog::builtin());
  document.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  LiveScheduler scheduler(document.catalog()); // the panel's solves are scheduler jobs
  ThermalPanel panel;
  panel.setScheduler(&scheduler);
  panel.setScene(&document.scene(), &document.catalog());
  QSignalSpy solved(&panel, &ThermalPanel::solved);
  QSignalSpy failed(&panel, &ThermalPanel::solveFailed);
  panel.solve();
  QTRY_VERIFY_WITH_TIMEOUT(solved.count() + failed.count() > 0, 180000);
  QCOMPARE(failed.count(), 0);
  const engine::thermal::ThermalResult* result = panel.result();
  QVERIFY(result != nullptr);

  // The KPI cards are the result's figures: the hottest air-cooled rack inlet and the counts.
  double maxInlet = -std::numeric_limits<double>::infinity();
  for (const engine::thermal::RackThermal& rack : result->racks)
    if (rack.airCooled)
      maxInlet = std::max(maxInlet, rack.inletMaxC);
  QVERIFY(std::isfinite(maxInlet)); // lab-256 has air-cooled racks
  QCOMPARE(panel.kpiText(QStringLiteral("maxInlet")),
           QString::number(maxInlet, 'f', 1) + QStringLiteral(" °C"));
  QCOMPARE(panel.kpiText(QStringLiteral("aboveAllowable")),
           formatCount(result->racksAboveAllowable));
  // Cold air enters the racks: the hottest inlet lies between freezing and boiling.
  QVERIFY2(maxInlet > 0 && maxInlet < 100, qPrintable(QString::number(maxInlet)));
}

void TestThermalModule::moduleRegistersItsDockHidden()
{
  test::BareContext bare;
  ThermalModule& thermal = bare.add<ThermalModule>();
  QCOMPARE(bare.ui.dock(QStringLiteral("thermal.dock")), thermal.dock());
  QCOMPARE(thermal.dock()->objectName(), QStringLiteral("thermalDock"));
  QVERIFY(bare.ui.menu(QStringLiteral("view.menu"))
            ->actions()
            .contains(thermal.dock()->toggleViewAction()));
  QVERIFY(thermal.dock()->isHidden()); // opening it solves the hall
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  QVERIFY(!thermal.thermalView()->hasResult());
  QVERIFY(!thermal.showProbe(10, 10)); // no field shown: no probe
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestThermalModule)
#include "test_thermal_module.moc"
