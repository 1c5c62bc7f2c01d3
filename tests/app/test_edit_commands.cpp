// Undo and redo of the editing commands on the 256-GPU lab sample: every edit undoes to the
// exact scene it started from (Scene ==), successive nudges are one undo step, the modified
// flag follows the undo stack's clean index, and a refused edit changes nothing.
#include "add_row_dialog.h"
#include "app_test_support.h"
#include "edit_controller.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scene_document.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;
namespace edit = myriad::engine::edit;

namespace myriad::app
{

class TestEditCommands final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void init();
  void cleanup();
  void moveUndoesAndRedoesExactly();
  void deleteUndoesAndRedoesExactly();
  void addRowUndoesAndRedoesExactly();
  void nudgesMergeIntoOneUndoStep();
  void modifiedFlagFollowsCleanIndex();
  void refusedMoveChangesNothing();
  void refusedDeleteIsReported();
  void selectionFollowsObjectAcrossEdits();

private:
  const engine::Scene& scene() const { return m_window->document()->scene(); }
  QUndoStack* stack() const { return m_window->document()->undoStack(); }
  ObjectRef refOf(const std::string& id) const
  {
    return engine::findById(scene(), id).value_or(ObjectRef{});
  }
  const engine::Rack& rack(const std::string& id) const
  {
    const ObjectRef ref = refOf(id);
    return scene().site.halls.at(ref.hall).rows.at(ref.row).racks.at(ref.rack);
  }
  /** Undo, check the scene is `before`; redo, check it is `after`. */
  void checkUndoRedo(const engine::Scene& before, const engine::Scene& after);

  QTemporaryDir m_dir;
  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestEditCommands::initTestCase()
{
  test::useTestSettings();
  QVERIFY(m_dir.isValid());
}

void TestEditCommands::init()
{
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>(); // not shown: edits need no GL
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("lab-256"), engine::Catalog::builtin()));
  // The lab hall: row H1-R01 of nine compute racks side by side (0.6 m wide) at y = 2.5 m,
  // row H1-R02 holds one network rack 2.4 m further in +Y.
  QVERIFY(refOf("H1-R01-K01").valid());
  QVERIFY(refOf("H1-R01-K02").valid());
  QCOMPARE(stack()->count(), 0);
}

void TestEditCommands::cleanup()
{
  m_window.reset();
  m_errors.reset();
}

void TestEditCommands::checkUndoRedo(const engine::Scene& before, const engine::Scene& after)
{
  QVERIFY(stack()->canUndo());
  stack()->undo();
  QVERIFY2(scene() == before, "undo did not restore the scene exactly");
  stack()->redo();
  QVERIFY2(scene() == after, "redo did not reproduce the edited scene exactly");
  stack()->undo();
  QVERIFY2(scene() == before, "a second undo did not restore the scene exactly");
}

void TestEditCommands::moveUndoesAndRedoesExactly()
{
  const engine::Scene before = scene();
  const double x0 = rack("H1-R01-K01").xM;
  // The first rack of the row moves one tile towards the wall (free floor there).
  edit::MoveObjects move;
  move.ids = { "H1-R01-K01" };
  move.dxM = -0.6;
  QVERIFY2(m_window->editController()->apply(move),
           qPrintable(m_window->editController()->lastError()));
  QCOMPARE(stack()->count(), 1);
  QCOMPARE(rack("H1-R01-K01").xM, x0 - 0.6);
  const engine::Scene after = scene();
  QVERIFY(!(after == before));
  checkUndoRedo(before, after);
  QVERIFY(m_errors->messages.isEmpty());
}

void TestEditCommands::deleteUndoesAndRedoesExactly()
{
  const engine::Scene before = scene();
  const int racksBefore = engine::countScene(before, engine::Catalog::builtin()).racks;
  QVERIFY(m_window->editController()->apply(edit::DeleteObjects{ { "H1-R01" } }));
  QCOMPARE(engine::countScene(scene(), engine::Catalog::builtin()).racks, racksBefore - 9);
  QVERIFY(!refOf("H1-R01").valid());
  const engine::Scene after = scene();
  checkUndoRedo(before, after);
  QVERIFY(refOf("H1-R01-K05").valid());
}

void TestEditCommands::addRowUndoesAndRedoesExactly()
{
  const engine::Scene before = scene();
  const engine::Catalog& catalog = engine::Catalog::builtin();
  edit::AddRow row = AddRowDialog::suggestedRow(before, catalog);
  row.rackCount = 4;
  // The suggestion copies the compute row and goes behind the last row, on the tile grid.
  QCOMPARE(row.hallId, std::string("H1"));
  QVERIFY(!row.serverModel.empty());
  QVERIFY(m_window->editController()->apply(row));
  QCOMPARE(m_window->editController()->lastCreatedIds().empty(), false);
  QCOMPARE(engine::countScene(scene(), catalog).racks,
           engine::countScene(before, catalog).racks + 4);
  QCOMPARE(scene().site.halls[0].rows.size(), before.site.halls[0].rows.size() + 1);
  const engine::Scene after = scene();
  checkUndoRedo(before, after);
}

void TestEditCommands::nudgesMergeIntoOneUndoStep()
{
  const engine::Scene before = scene();
  const double x0 = rack("H1-R01-K01").xM;
  m_window->selectObject(refOf("H1-R01-K01"));
  // Three fine nudges (0.1 m each, Shift+Left) and one tile (Left).
  test::editingModule(*m_window).nudgeSelection(-0.1, 0);
  test::editingModule(*m_window).nudgeSelection(-0.1, 0);
  test::editingModule(*m_window).nudgeSelection(-0.1, 0);
  test::editingModule(*m_window).nudgeSelection(-0.6, 0);
  QCOMPARE(stack()->count(), 1);
  QVERIFY(std::abs(rack("H1-R01-K01").xM - (x0 - 0.9)) < 1e-9);
  QVERIFY2(stack()->text(0).contains(QStringLiteral("Move")), qPrintable(stack()->text(0)));
  const engine::Scene after = scene();
  checkUndoRedo(before, after);

  // A different edit in between starts a new step.
  stack()->redo();
  test::editingModule(*m_window).rotateSelection();
  test::editingModule(*m_window).nudgeSelection(-0.1, 0);
  QCOMPARE(stack()->count(), 3);
}

void TestEditCommands::modifiedFlagFollowsCleanIndex()
{
  const QString path = m_dir.filePath(QStringLiteral("lab.json"));
  QVERIFY(m_window->saveToFile(path));
  QVERIFY(!m_window->document()->isModified());
  QVERIFY(!m_window->isWindowModified());

  m_window->selectObject(refOf("H1-R01-K01"));
  test::editingModule(*m_window).nudgeSelection(-0.6, 0);
  QVERIFY(m_window->document()->isModified());
  QVERIFY(m_window->isWindowModified()); // the title shows "*"
  stack()->undo();
  QVERIFY2(!m_window->document()->isModified(), "undo back to the saved state is clean");
  QVERIFY(!m_window->isWindowModified());
  stack()->redo();
  QVERIFY(m_window->document()->isModified());

  // Saving makes the current state the clean one; undoing from there is a change again.
  m_window->document()->save();
  QVERIFY(!m_window->document()->isModified());
  stack()->undo();
  QVERIFY(m_window->document()->isModified());
}

void TestEditCommands::refusedMoveChangesNothing()
{
  const engine::Scene before = scene();
  edit::MoveObjects move; // one tile in +X puts K01 on top of K02
  move.ids = { "H1-R01-K01" };
  move.dxM = 0.6;
  QVERIFY(!m_window->editController()->apply(move));
  QVERIFY2(scene() == before, "a refused edit changed the scene");
  QCOMPARE(stack()->count(), 0);
  QVERIFY(!m_window->document()->isModified());
  const QString reason = m_window->editController()->lastError();
  QVERIFY2(reason.contains(QStringLiteral("H1-R01-K01")), qPrintable(reason));
  // Moves are refused under the cursor (status bar), not with a dialog.
  QVERIFY(m_errors->messages.isEmpty());

  // Moving the whole row out of the hall is refused the same way.
  edit::MoveObjects outside;
  outside.ids = { "H1-R01" };
  outside.dyM = -30;
  QVERIFY(!m_window->editController()->apply(outside));
  QVERIFY(scene() == before);
}

void TestEditCommands::refusedDeleteIsReported()
{
  const engine::Scene before = scene();
  QVERIFY(!m_window->editController()->apply(edit::DeleteObjects{ { "H1-R99" } }));
  QVERIFY(scene() == before);
  QCOMPARE(stack()->count(), 0);
  QCOMPARE(m_errors->messages.size(), 1);
  QVERIFY2(m_errors->messages.first().contains(QStringLiteral("H1-R99")),
           qPrintable(m_errors->messages.first()));

  // An added row on top of the existing one is refused and reported too.
  edit::AddRow row = AddRowDialog::suggestedRow(before, engine::Catalog::builtin());
  row.yM = rack("H1-R01-K01").yM;
  QVERIFY(!m_window->editController()->apply(row));
  QVERIFY(scene() == before);
  QCOMPARE(m_errors->messages.size(), 2);
}

void TestEditCommands::selectionFollowsObjectAcrossEdits()
{
  // Selecting the network row's rack, then deleting the row before it: the selection stays
  // on the same rack although its indices change.
  const ObjectRef network = refOf("H1-R02-K01");
  QVERIFY(network.valid());
  m_window->selectObject(network);
  QVERIFY(m_window->editController()->apply(edit::DeleteObjects{ { "H1-R01" } }));
  QCOMPARE(engine::idOf(scene(), m_window->selection()), std::string("H1-R02-K01"));
  stack()->undo();
  QCOMPARE(engine::idOf(scene(), m_window->selection()), std::string("H1-R02-K01"));

  // Deleting the selected rack itself (Delete key path) clears the selection.
  m_window->selectObject(refOf("H1-R01-K03"));
  test::editingModule(*m_window).deleteSelection();
  QVERIFY(!m_window->selection().valid());
  QVERIFY(!refOf("H1-R01-K03").valid());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestEditCommands)
#include "test_edit_commands.moc"
