// Editing in the shown window on the 256-GPU lab sample: a rack dragged with simulated mouse
// events in the plan view moves by whole floor tiles (model and view), undoes and redoes; a
// drag onto a neighbour is refused and snaps back; the live models recompute after each edit;
// the violations dock lists an overlap and a click on it selects the rack.
#include "app_test_support.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "plan_drag_tool.h"
#include "scene_document.h"
#include "violations_panel.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <vtkRenderer.h>

#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include <cmath>
#include <memory>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;

namespace myriad::app
{

class TestEditView final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void init();
  void dragMovesRackByWholeTiles();
  void refusedDragSnapsBack();
  void liveResultsFollowEdits();
  void violationsDockListsOverlapAndSelects();

private:
  const engine::Scene& scene() const { return m_window->document()->scene(); }
  ObjectRef refOf(const std::string& id) const
  {
    return engine::findById(scene(), id).value_or(ObjectRef{});
  }
  const engine::Rack& rack(const std::string& id) const
  {
    const ObjectRef ref = refOf(id);
    return scene().site.halls.at(ref.hall).rows.at(ref.row).racks.at(ref.rack);
  }
  /** Widget position of a world point. */
  QPoint widgetPointOf(double x, double y, double z) const;
  /** Centre of the top face of a rack, in widget coordinates. */
  QPoint rackTopCentre(const std::string& id) const;
  /** Press on `from`, move in steps to `to`, release. */
  void drag(const QPoint& from, const QPoint& to);
  bool waitForFrames(int count);
  bool waitForLiveResults();

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestEditView::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestEditView::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

void TestEditView::init()
{
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("lab-256"), engine::Catalog::builtin()));
  test::editingModule(*m_window).setPlanEditing(true);
  QVERIFY(test::editingModule(*m_window).planDragTool()->isEnabled());
  QVERIFY(waitForFrames(2));
}

bool TestEditView::waitForFrames(int count)
{
  return test::waitForFrames(*m_window, count);
}

bool TestEditView::waitForLiveResults()
{
  return test::waitForLiveResults(*m_window);
}

QPoint TestEditView::widgetPointOf(double x, double y, double z) const
{
  return test::widgetPointOf(*m_window, x, y, z);
}

QPoint TestEditView::rackTopCentre(const std::string& id) const
{
  const engine::Box box = engine::rackBox(rack(id), m_window->document()->catalog());
  return widgetPointOf((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, box.z1);
}

void TestEditView::drag(const QPoint& from, const QPoint& to)
{
  VtkViewWidget* view = m_window->view();
  QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
  constexpr int kSteps = 6;
  for (int i = 1; i <= kSteps; ++i)
  {
    QTest::mouseMove(view, from + (to - from) * i / kSteps);
  }
  QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to);
}

void TestEditView::dragMovesRackByWholeTiles()
{
  const std::string id = "H1-R01-K01";
  const double x0 = rack(id).xM;
  const double y0 = rack(id).yM;
  const engine::Scene before = scene();
  const auto boxBefore = m_window->hallScene()->objectBox(refOf(id));
  QVERIFY(boxBefore);
  // Drag 1.3 m towards −Y (free floor in front of the row): snaps to two tiles, 1.2 m.
  const engine::Box box = engine::rackBox(rack(id), m_window->document()->catalog());
  const QPoint from = rackTopCentre(id);
  const QPoint to = widgetPointOf((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2 - 1.3, box.z1);
  QVERIFY(m_window->view()->rect().contains(from));
  QVERIFY(m_window->view()->rect().contains(to));
  const int stackBefore = m_window->document()->undoStack()->count();
  drag(from, to);

  QCOMPARE(m_window->document()->undoStack()->count(), stackBefore + 1);
  QCOMPARE(engine::idOf(scene(), m_window->selection()), id);
  QVERIFY2(std::abs(rack(id).yM - (y0 - 1.2)) < 1e-6,
           qPrintable(QStringLiteral("y %1 → %2").arg(y0).arg(rack(id).yM)));
  QCOMPARE(rack(id).xM, x0);
  // The view was rebuilt: the rack's drawn box moved with it.
  const auto boxAfter = m_window->hallScene()->objectBox(refOf(id));
  QVERIFY(boxAfter);
  QVERIFY(std::abs(boxAfter->y0 - (boxBefore->y0 - 1.2)) < 1e-6);
  QVERIFY(waitForFrames(1));

  m_window->document()->undoStack()->undo();
  QVERIFY(scene() == before);
  QVERIFY(std::abs(m_window->hallScene()->objectBox(refOf(id))->y0 - boxBefore->y0) < 1e-9);
  m_window->document()->undoStack()->redo();
  QVERIFY(std::abs(rack(id).yM - (y0 - 1.2)) < 1e-6);
  QVERIFY(m_errors->messages.isEmpty());
}

void TestEditView::refusedDragSnapsBack()
{
  // K01 dragged one tile in +X lands on K02: refused, nothing moves, the reason is shown.
  const engine::Scene before = scene();
  const int stackBefore = m_window->document()->undoStack()->count();
  const engine::Box box = engine::rackBox(rack("H1-R01-K01"), m_window->document()->catalog());
  const QPoint from = rackTopCentre("H1-R01-K01");
  const QPoint to = widgetPointOf((box.x0 + box.x1) / 2 + 0.6, (box.y0 + box.y1) / 2, box.z1);
  drag(from, to);
  QVERIFY(scene() == before);
  QCOMPARE(m_window->document()->undoStack()->count(), stackBefore);
  QVERIFY(!test::editingModule(*m_window).planDragTool()->dragging());
  const QString message = m_window->statusBar()->currentMessage();
  QVERIFY2(message.contains(QStringLiteral("refused")), qPrintable(message));
  QVERIFY(m_errors->messages.isEmpty()); // a status message, not a dialog
}

void TestEditView::liveResultsFollowEdits()
{
  QVERIFY(waitForLiveResults());
  const engine::Catalog& catalog = m_window->document()->catalog();
  QCOMPARE(m_window->liveScheduler()->results().kpis.racks,
           engine::countScene(scene(), catalog).racks);
  QVERIFY2(m_window->liveStatusText().contains(QStringLiteral("geometry")),
           qPrintable(m_window->liveStatusText()));

  m_window->selectObject(refOf("H1-R01-K09"));
  test::editingModule(*m_window).deleteSelection();
  QVERIFY(waitForLiveResults());
  QCOMPARE(m_window->liveScheduler()->results().kpis.racks,
           engine::countScene(scene(), catalog).racks);
  m_window->document()->undoStack()->undo();
  QVERIFY(waitForLiveResults());
  QCOMPARE(m_window->liveScheduler()->results().kpis.racks,
           engine::countScene(scene(), catalog).racks);
}

void TestEditView::violationsDockListsOverlapAndSelects()
{
  // A scene made elsewhere (not through an edit, which would be refused) with K02 pushed
  // half-way onto K01: the geometry stage must report the overlap.
  engine::Scene overlapping = scene();
  engine::Row& row = overlapping.site.halls.at(0).rows.at(0);
  row.racks.at(1).xM = row.racks.at(0).xM + 0.3;
  m_window->document()->setGenerated(overlapping);
  QVERIFY(waitForLiveResults());
  ViolationsPanel* panel = test::editingModule(*m_window).violationsPanel();
  int line = -1;
  for (int i = 0; i < panel->count(); ++i)
  {
    if (panel->objectIdAt(i).startsWith(QStringLiteral("H1-R01-K0")) &&
        panel->textAt(i).contains(QStringLiteral("overlap"), Qt::CaseInsensitive))
    {
      line = i;
    }
  }
  QVERIFY2(line >= 0, qPrintable(panel->count() > 0 ? panel->textAt(0) : QStringLiteral("none")));

  const QString id = panel->objectIdAt(line);
  m_window->selectObject({});
  QTreeWidget* list = panel->list();
  QTreeWidgetItem* item = list->topLevelItem(line);
  list->scrollToItem(item);
  const QRect rect = list->visualItemRect(item);
  QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
  QCOMPARE(QString::fromStdString(engine::idOf(scene(), m_window->selection())), id);
  QCOMPARE(m_window->selection().kind, ObjectKind::Rack);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestEditView)
#include "test_edit_view.moc"
