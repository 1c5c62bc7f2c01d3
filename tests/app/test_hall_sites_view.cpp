// The app on a scene of two sites, one hall each (tests/scenes/two_site_scene.h): the 3D view
// draws each hall at its own origin (engine/hall_placement.h) while edits and models stay in the
// hall's frame. A rack of the second hall dragged in the plan view moves by whole tiles in its
// hall's frame (the drag's offset is the same in the world and in the hall), and the Thermal
// dock shows the field of the second hall over that hall, not over the first.
#include "app_test_support.h"
#include "editing_module.h"
#include "hall_view_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "plan_drag_tool.h"
#include "scene_document.h"
#include "thermal_panel.h"
#include "vtk_view_widget.h"

#include "../scenes/two_site_scene.h"

#include "myriad/engine/hall_placement.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/scenes/hall_scene.h"
#include "myriad/scenes/thermal_view.h"

#include <vtkNew.h>
#include <vtkRenderer.h>

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

namespace myriad::app
{

class TestHallSitesView final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void dragInSecondHallMovesInItsFrame();
  void thermalFieldOfSecondHallLiesOverIt();
};

void TestHallSitesView::dragInSecondHallMovesInItsFrame()
{
  test::ErrorRecorder errors;
  MainWindow window;
  window.resize(1280, 800);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  window.document()->setGenerated(tests::twoSiteScene());
  // The Sites dock a scene with sites opens is not what this test looks at: closed, so that the
  // view keeps its size while the test maps world points to pixels.
  QDockWidget* sites = window.ui().dock(QStringLiteral("siting.sites.dock"));
  QVERIFY(sites && sites->isVisible());
  sites->close();
  test::editingModule(window).setPlanEditing(true);
  QVERIFY(test::editingModule(window).planDragTool()->isEnabled());
  const engine::Scene& scene = window.document()->scene();
  const engine::HallOrigin origin = engine::hallOrigins(scene).at(1);
  QVERIFY(origin.yM > 0); // the second site stands behind the first
  const std::string id = "B-H1-R01-K01";
  const auto rackOf = [&]() -> const engine::Rack&
  {
    const engine::ObjectRef ref = engine::findById(scene, id).value();
    return scene.site.halls.at(ref.hall).rows.at(ref.row).racks.at(ref.rack);
  };
  const double x0 = rackOf().xM, y0 = rackOf().yM;
  const engine::Box local = engine::rackBox(rackOf(), window.document()->catalog());
  // The plan view flown to the rack, so that a tile is many pixels wide: the camera then stays
  // where it is when docks open and the view resizes (a preset would be framed again). The
  // rack is drawn at its hall-local box + the hall's origin.
  QVERIFY(test::waitForLiveResults(window));
  const engine::ObjectRef ref = engine::findById(scene, id).value();
  QCOMPARE(ref.hall, 1);
  window.hallView()->flyTo(ref);
  QVERIFY(test::waitForFrames(window, 2));
  const double cx = origin.xM + 0.5 * (local.x0 + local.x1);
  const double cy = origin.yM + 0.5 * (local.y0 + local.y1);

  // Drag 1.3 m towards −Y (the free aisle in front of the row): 1.2 m, two whole tiles, in the
  // hall's own frame; the drawn box follows at the hall's origin.
  const QPoint from = test::widgetPointOf(window, cx, cy, local.z1);
  const QPoint to = test::widgetPointOf(window, cx, cy - 1.3, local.z1);
  QVERIFY(window.view()->rect().contains(from) && window.view()->rect().contains(to));
  const int stackBefore = window.document()->undoStack()->count();
  QTest::mousePress(window.view(), Qt::LeftButton, Qt::NoModifier, from);
  for (int i = 1; i <= 6; ++i)
  {
    QTest::mouseMove(window.view(), from + (to - from) * i / 6);
  }
  QTest::mouseRelease(window.view(), Qt::LeftButton, Qt::NoModifier, to);
  QCOMPARE(window.document()->undoStack()->count(), stackBefore + 1);
  QCOMPARE(engine::idOf(scene, window.selection()), id); // the press picked the hall-1 rack
  QVERIFY2(std::abs(rackOf().yM - (y0 - 1.2)) < 1e-6,
           qPrintable(QStringLiteral("y %1 → %2").arg(y0).arg(rackOf().yM)));
  QCOMPARE(rackOf().xM, x0);
  const auto drawn = window.hallScene()->objectBox(engine::findById(scene, id).value());
  const engine::Box moved = engine::rackBox(rackOf(), window.document()->catalog());
  QVERIFY(drawn);
  QVERIFY(std::abs(drawn->x0 - (moved.x0 + origin.xM)) < 1e-9);
  QVERIFY(std::abs(drawn->y0 - (moved.y0 + origin.yM)) < 1e-9);
  QVERIFY2(errors.messages.isEmpty(), qPrintable(errors.messages.join('\n')));
}

void TestHallSitesView::thermalFieldOfSecondHallLiesOverIt()
{
  // The dock solves the hall chosen in its hall box (here the second) in that hall's frame; the
  // view shows the field moved by the hall's origin, so its world bounds start at the origin
  // plus the grid's corner, and the view reports the origin for the dock's hall coordinates.
  const engine::Scene scene = tests::twoSiteScene();
  const engine::HallOrigin origin = engine::hallOrigins(scene).at(1);
  LiveScheduler scheduler(engine::Catalog::builtin()); // the panel's solves are scheduler jobs
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  ThermalPanel panel;
  panel.setScheduler(&scheduler);
  panel.setView(&view);
  panel.setScene(&scene, &engine::Catalog::builtin());
  auto* halls = panel.findChild<QComboBox*>(QStringLiteral("thermalHallCombo"));
  QVERIFY(halls);
  QCOMPARE(halls->count(), 2);
  halls->setCurrentIndex(1);
  panel.cellSpin()->setValue(0.5); // coarse: the placement is under test, not the field
  QSignalSpy solved(&panel, &ThermalPanel::solved);
  QSignalSpy failed(&panel, &ThermalPanel::solveFailed);
  panel.solve();
  QTRY_VERIFY_WITH_TIMEOUT(solved.count() + failed.count() > 0, 180000);
  QCOMPARE(failed.count(), 0);
  const engine::thermal::ThermalResult* result = panel.result();
  QVERIFY(result);
  QCOMPARE(result->hallId, std::string("H2"));
  QVERIFY(view.hasResult());
  QCOMPARE(view.hallOrigin()[0], origin.xM);
  QCOMPARE(view.hallOrigin()[1], origin.yM);
  const std::array<double, 6> bounds = view.bounds();
  QVERIFY(std::abs(bounds[0] - (origin.xM + result->problem.grid.x0)) < 1e-9);
  QVERIFY(std::abs(bounds[2] - (origin.yM + result->problem.grid.y0)) < 1e-9);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestHallSitesView)
#include "test_hall_sites_view.moc"
