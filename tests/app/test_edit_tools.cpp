// Editing tools beyond single-object drags, in the shown window on the 256-GPU lab sample:
// a rubber band dragged on the floor of the plan view (simulated mouse events) selects the
// racks it meets, which then move, undo and delete together; the Edit menu's "Add Cooling
// Unit…" and "Add Power Feed…" dialogs add the object through the undo stack, the new cooler
// appears in the view, and the live loop reruns thermal (cooler) and power (feed).
#include "add_equipment_dialog.h"
#include "app_test_support.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "plan_drag_tool.h"
#include "scene_document.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <vtkRenderer.h>

#include <QAction>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>
#include <memory>
#include <set>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;
using myriad::engine::live::Stage;

namespace myriad::app
{

class TestEditTools final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void init();
  void boxSelectPicksRacksInBand();
  void boxSelectionMovesAndDeletesTogether();
  void clickEndsBoxSelection();
  void addCoolingUnitFromMenu();
  void addPowerFeedFromMenu();
  void refusedCoolerIsReported();

private:
  const engine::Scene& scene() const { return m_window->document()->scene(); }
  const engine::Catalog& catalog() const { return m_window->document()->catalog(); }
  ObjectRef refOf(const std::string& id) const
  {
    return engine::findById(scene(), id).value_or(ObjectRef{});
  }
  engine::Box rackBoxOf(const std::string& id) const
  {
    const ObjectRef ref = refOf(id);
    return engine::rackBox(scene().site.halls.at(ref.hall).rows.at(ref.row).racks.at(ref.rack),
                           catalog());
  }
  QPoint widgetPointOf(double x, double y, double z) const;
  void drag(const QPoint& from, const QPoint& to);
  /** Drag a rubber band on the floor over racks K01–K03 of the first row. */
  void bandOverFirstThreeRacks();
  bool waitForFrames(int count);
  bool waitForLiveResults();
  /** Trigger the Edit menu action `name` and accept (or cancel) the dialog it opens. */
  void runDialogAction(const QString& name, const std::function<void(AddEquipmentDialog*)>& fill,
                       bool accept = true);

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestEditTools::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestEditTools::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

void TestEditTools::init()
{
  m_errors->messages.clear();
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("lab-256"), engine::Catalog::builtin()));
  test::editingModule(*m_window).setPlanEditing(true);
  QVERIFY(waitForFrames(2));
}

bool TestEditTools::waitForFrames(int count)
{
  return test::waitForFrames(*m_window, count);
}

bool TestEditTools::waitForLiveResults()
{
  return test::waitForLiveResults(*m_window);
}

QPoint TestEditTools::widgetPointOf(double x, double y, double z) const
{
  return test::widgetPointOf(*m_window, x, y, z);
}

void TestEditTools::drag(const QPoint& from, const QPoint& to)
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

void TestEditTools::bandOverFirstThreeRacks()
{
  // From the free floor in front of K01 (−Y side) to the middle of K03's footprint: the band
  // meets K01, K02 and K03 and no other rack.
  const engine::Box k01 = rackBoxOf("H1-R01-K01");
  const engine::Box k03 = rackBoxOf("H1-R01-K03");
  const QPoint from = widgetPointOf(k01.x0 + 0.1, k01.y0 - 0.5, 0.0);
  const QPoint to = widgetPointOf(0.5 * (k03.x0 + k03.x1), k01.y0 + 0.3, 0.0);
  QVERIFY(m_window->view()->rect().contains(from));
  QVERIFY(m_window->view()->rect().contains(to));
  drag(from, to);
}

void TestEditTools::boxSelectPicksRacksInBand()
{
  const int stackBefore = m_window->document()->undoStack()->count();
  bandOverFirstThreeRacks();
  const std::vector<std::string> expected{ "H1-R01-K01", "H1-R01-K02", "H1-R01-K03" };
  QCOMPARE(m_window->selectionSetIds(), expected);
  QCOMPARE(m_window->hallScene()->selectionSet().size(), expected.size());
  QCOMPARE(engine::idOf(scene(), m_window->selection()), expected.front()); // primary
  QVERIFY(!test::editingModule(*m_window).planDragTool()->banding());
  QCOMPARE(m_window->document()->undoStack()->count(), stackBefore); // selecting is no edit
  QVERIFY(m_errors->messages.isEmpty());
}

void TestEditTools::boxSelectionMovesAndDeletesTogether()
{
  bandOverFirstThreeRacks();
  QCOMPARE(m_window->selectionSetIds().size(), std::size_t{ 3 });
  std::vector<double> ys;
  for (const std::string& id : m_window->selectionSetIds())
  {
    ys.push_back(rackBoxOf(id).y0);
  }
  // Dragging K02 (in the selection) 1.3 m towards −Y moves all three by two tiles, one edit.
  const engine::Box k02 = rackBoxOf("H1-R01-K02");
  const int stackBefore = m_window->document()->undoStack()->count();
  const QPoint from = widgetPointOf(0.5 * (k02.x0 + k02.x1), 0.5 * (k02.y0 + k02.y1), k02.z1);
  const QPoint to = widgetPointOf(0.5 * (k02.x0 + k02.x1), 0.5 * (k02.y0 + k02.y1) - 1.3, k02.z1);
  drag(from, to);
  QCOMPARE(m_window->document()->undoStack()->count(), stackBefore + 1);
  const std::vector<std::string> ids{ "H1-R01-K01", "H1-R01-K02", "H1-R01-K03" };
  for (std::size_t i = 0; i < ids.size(); ++i)
  {
    QVERIFY2(std::abs(rackBoxOf(ids[i]).y0 - (ys[i] - 1.2)) < 1e-6, ids[i].c_str());
    // The view moved them too (incremental update), and the selection stayed on all three.
    QVERIFY(std::abs(m_window->hallScene()->objectBox(refOf(ids[i]))->y0 - (ys[i] - 1.2)) < 1e-6);
  }
  QCOMPARE(m_window->selectionSetIds(), ids);
  QCOMPARE(rackBoxOf("H1-R01-K04").y0, ys.front()); // outside the band: stayed

  // Delete removes the three together; undo brings them back where they were.
  const engine::Scene beforeDelete = scene();
  const int racksBefore = engine::countScene(scene(), catalog()).racks;
  test::editingModule(*m_window).deleteSelection();
  QCOMPARE(engine::countScene(scene(), catalog()).racks, racksBefore - 3);
  QVERIFY(m_window->selectionSetIds().empty());
  QCOMPARE(m_window->hallScene()->stats().rackInstances, racksBefore - 3);
  m_window->document()->undoStack()->undo();
  QVERIFY(scene() == beforeDelete);
  QCOMPARE(m_window->hallScene()->stats().rackInstances, racksBefore);
  QVERIFY(m_errors->messages.isEmpty());
}

void TestEditTools::clickEndsBoxSelection()
{
  bandOverFirstThreeRacks();
  QCOMPARE(m_window->selectionSetIds().size(), std::size_t{ 3 });
  m_window->selectObject(refOf("H1-R02-K01"));
  QVERIFY(m_window->selectionSetIds().empty());
  QVERIFY(m_window->hallScene()->selectionSet().empty());
  // A band over bare floor selects nothing (and is no edit).
  const engine::Box k01 = rackBoxOf("H1-R01-K01");
  drag(widgetPointOf(k01.x0 + 0.1, k01.y0 - 0.9, 0), widgetPointOf(k01.x0 + 1.0, k01.y0 - 0.4, 0));
  QVERIFY(m_window->selectionSetIds().empty());
  QVERIFY(!m_window->selection().valid());
}

void TestEditTools::runDialogAction(const QString& name,
                                    const std::function<void(AddEquipmentDialog*)>& fill,
                                    bool accept)
{
  auto* action = m_window->ui().action(name);
  QVERIFY2(action, qPrintable(name));
  bool seen = false;
  QTimer::singleShot(0, this,
                     [&]
                     {
                       auto* dialog = m_window->findChild<AddEquipmentDialog*>();
                       if (!dialog)
                       {
                         return;
                       }
                       seen = true;
                       fill(dialog);
                       accept ? dialog->accept() : dialog->reject();
                     });
  action->trigger();
  QVERIFY(seen);
}

void TestEditTools::addCoolingUnitFromMenu()
{
  QVERIFY(waitForLiveResults());
  const engine::Hall& hall = scene().site.halls.at(0);
  const std::size_t coolersBefore = hall.coolers.size();
  const int drawnBefore = m_window->hallScene()->stats().coolerInstances;
  const int stackBefore = m_window->document()->undoStack()->count();
  std::set<Stage> started;
  const auto connection = connect(m_window->liveScheduler(), &LiveScheduler::stageStarted, this,
                                  [&](Stage stage) { started.insert(stage); });
  engine::edit::AddCooler added;
  runDialogAction(QStringLiteral("edit.addCooler"),
                  [&](AddEquipmentDialog* dialog)
                  {
                    QCOMPARE(dialog->kind(), AddEquipmentDialog::Kind::Cooler);
                    added = std::get<engine::edit::AddCooler>(dialog->edit());
                    added.unit.supplySetpointC = 19.5; // as if typed
                    dialog->setEdit(added);
                  });
  QCOMPARE(scene().site.halls.at(0).coolers.size(), coolersBefore + 1);
  const engine::CoolingUnit& unit = scene().site.halls.at(0).coolers.back();
  QCOMPARE(unit.model, added.unit.model);
  QCOMPARE(unit.supplySetpointC, 19.5);
  QCOMPARE(unit.xM, added.unit.xM);
  QCOMPARE(m_window->document()->undoStack()->count(), stackBefore + 1);
  QCOMPARE(m_window->selection().kind, ObjectKind::Cooler);
  QCOMPARE(engine::idOf(scene(), m_window->selection()), unit.id);
  QCOMPARE(m_window->hallScene()->stats().coolerInstances, drawnBefore + 1);
  QVERIFY(m_window->hallScene()->objectBox(m_window->selection()).has_value());
  // A new heat sink: the thermal stage reruns.
  QVERIFY(waitForLiveResults());
  disconnect(connection);
  QVERIFY(started.count(Stage::Thermal) == 1);

  m_window->document()->undoStack()->undo();
  QCOMPARE(scene().site.halls.at(0).coolers.size(), coolersBefore);
  QCOMPARE(m_window->hallScene()->stats().coolerInstances, drawnBefore);
  QVERIFY(m_errors->messages.isEmpty());
}

void TestEditTools::addPowerFeedFromMenu()
{
  QVERIFY(waitForLiveResults());
  const std::size_t feedsBefore = scene().site.halls.at(0).feeds.size();
  std::set<Stage> started;
  const auto connection = connect(m_window->liveScheduler(), &LiveScheduler::stageStarted, this,
                                  [&](Stage stage) { started.insert(stage); });
  runDialogAction(QStringLiteral("edit.addFeed"),
                  [](AddEquipmentDialog* dialog)
                  {
                    QCOMPARE(dialog->kind(), AddEquipmentDialog::Kind::Feed);
                    auto feed = std::get<engine::edit::AddFeed>(dialog->edit());
                    feed.feed.name = "Utility B";
                    feed.feed.capacityW = 1.25e6;
                    feed.feed.redundancy = engine::Redundancy::NPlus1;
                    dialog->setEdit(feed);
                  });
  QCOMPARE(scene().site.halls.at(0).feeds.size(), feedsBefore + 1);
  const engine::PowerFeed& feed = scene().site.halls.at(0).feeds.back();
  QCOMPARE(feed.name, std::string("Utility B"));
  QCOMPARE(feed.capacityW, 1.25e6);
  QCOMPARE(feed.redundancy, engine::Redundancy::NPlus1);
  QCOMPARE(m_window->selection().kind, ObjectKind::Feed);
  QVERIFY(waitForLiveResults());
  disconnect(connection);
  QVERIFY(started.count(Stage::Power) == 1);
  // Cancel adds nothing.
  runDialogAction(
    QStringLiteral("edit.addFeed"), [](AddEquipmentDialog*) {}, false);
  QCOMPARE(scene().site.halls.at(0).feeds.size(), feedsBefore + 1);
  QVERIFY(m_errors->messages.isEmpty());
}

void TestEditTools::refusedCoolerIsReported()
{
  // A cooler placed on top of rack K01 is refused: a message names the rule, nothing changes.
  const engine::Scene before = scene();
  const engine::Box k01 = rackBoxOf("H1-R01-K01");
  runDialogAction(QStringLiteral("edit.addCooler"),
                  [&](AddEquipmentDialog* dialog)
                  {
                    auto cooler = std::get<engine::edit::AddCooler>(dialog->edit());
                    cooler.unit.xM = k01.x0;
                    cooler.unit.yM = k01.y0;
                    dialog->setEdit(cooler);
                  });
  QVERIFY(scene() == before);
  QCOMPARE(m_errors->messages.size(), 1);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestEditTools)
#include "test_edit_tools.moc"
