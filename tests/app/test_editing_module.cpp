// The Editing module without a main window: the Violations panel alone lists given violations
// (errors first), and the module in a bare context registers its Edit menu and actions by id and
// edits the shared selection (delete a rack, undo brings it back, the selection follows by id).
#include "app_test_support.h"
#include "editing_module.h"
#include "module_test_support.h"
#include "violations_panel.h"

#include "myriad/engine/query.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;

namespace myriad::app
{

class TestEditingModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void violationsAloneListGivenViolations();
  void moduleRegistersTheEditMenuBeforeView();
  void deleteAndUndoActOnTheSelection();
};

void TestEditingModule::violationsAloneListGivenViolations()
{
  namespace live = engine::live;
  ViolationsPanel panel;
  const std::vector<live::Violation> violations{
    live::violationOf(live::Stage::Thermal, engine::Severity::Warning, "H1-R01-K02",
                      { "inlet 29 °C above 27 °C" }),
    live::violationOf(live::Stage::Geometry, engine::Severity::Error, "H1-R02-K01",
                      { "overlaps H1-R02-K02" }),
  };
  panel.setViolations(violations);
  QCOMPARE(panel.count(), 2);
  // Errors first, then warnings.
  QCOMPARE(panel.objectIdAt(0), QStringLiteral("H1-R02-K01"));
  QVERIFY2(panel.textAt(0).contains(QStringLiteral("overlaps H1-R02-K02")),
           qPrintable(panel.textAt(0)));
  QCOMPARE(panel.objectIdAt(1), QStringLiteral("H1-R01-K02"));
  panel.setViolations({});
  QCOMPARE(panel.count(), 0);
}

void TestEditingModule::moduleRegistersTheEditMenuBeforeView()
{
  test::BareContext bare;
  EditingModule& editing = bare.add<EditingModule>();
  QMenu* edit = bare.ui.menu(QStringLiteral("edit.menu"));
  QVERIFY(edit);
  const QList<QAction*> bar = bare.window->menuBar()->actions();
  QVERIFY(bar.indexOf(edit->menuAction()) <
          bar.indexOf(bare.ui.menu(QStringLiteral("view.menu"))->menuAction()));
  for (const char* id : { "edit.undo", "edit.redo", "edit.delete", "edit.duplicate", "edit.rotate",
                          "edit.addRow", "edit.addCooler", "edit.addFeed", "edit.planView" })
  {
    QAction* action = bare.ui.action(QString::fromLatin1(id));
    QVERIFY2(action && edit->actions().contains(action), id);
  }
  QCOMPARE(bare.ui.action(QStringLiteral("edit.delete"))->shortcut(), QKeySequence(Qt::Key_Delete));
  QCOMPARE(bare.ui.dock(QStringLiteral("violations.dock"))->widget(), editing.violationsPanel());
  QVERIFY(bare.ui.dock(QStringLiteral("undoHistory.dock")));
}

void TestEditingModule::deleteAndUndoActOnTheSelection()
{
  test::BareContext bare;
  EditingModule& editing = bare.add<EditingModule>();
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  const engine::Scene& scene = bare.context.document->scene();
  const int racks = engine::countScene(scene, bare.context.catalog()).racks;
  const ObjectRef rack{ ObjectKind::Rack, 0, 0, 0 };
  const std::string id = engine::idOf(scene, rack);
  QVERIFY(!id.empty());

  bare.context.selection->select(rack);
  editing.deleteSelection();
  QCOMPARE(engine::countScene(scene, bare.context.catalog()).racks, racks - 1);
  QVERIFY(!engine::findById(scene, id));
  QVERIFY(!bare.context.selection->current().valid()); // the deleted rack is not selected

  bare.ui.action(QStringLiteral("edit.undo"))->trigger();
  QCOMPARE(engine::countScene(scene, bare.context.catalog()).racks, racks);
  QVERIFY(engine::findById(scene, id));

  // Nothing editable selected: the status bar says what to select, the scene is unchanged.
  bare.context.selection->select({});
  editing.deleteSelection();
  QCOMPARE(engine::countScene(scene, bare.context.catalog()).racks, racks);
  QVERIFY(bare.window->statusBar()->currentMessage().contains(QStringLiteral("Select a rack")));
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestEditingModule)
#include "test_editing_module.moc"
