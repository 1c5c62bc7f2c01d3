// Edit ▸ Floor Tiles and Return Grilles… on the sample hall with placed tiles and ceiling
// grilles (samples/halls/hall-tiles-grilles.json: 16 tiles, 6 grilles, 12 × 9 m): a changed
// open area and an added grille apply as one undo step that undo reverts exactly; a grille
// outside the hall and a cell that is not a number are refused with the reason in the dialog,
// which stays open, and the scene is untouched.
#include "air_ports_dialog.h"
#include "app_test_support.h"
#include "edit_controller.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scene_document.h"
#include "ui_registry.h"

#include <QAction>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>
#include <memory>

namespace myriad::app
{

class TestAirPortsDialog final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void init();
  void cleanup();
  void changesApplyAsOneUndoStep();
  void refusalKeepsTheDialogOpen();

private:
  const engine::Hall& hall() const { return m_window->document()->scene().site.halls.at(0); }
  QUndoStack* stack() const { return m_window->document()->undoStack(); }
  /** Trigger the menu action, let `work` act on the open dialog; true when a dialog opened. */
  bool withDialog(const std::function<void(AirPortsDialog*)>& work);

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestAirPortsDialog::initTestCase()
{
  test::useTestSettings();
}

void TestAirPortsDialog::init()
{
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>(); // not shown: the dialog and the edits need no GL
  QVERIFY(
    m_window->openFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json")));
  QCOMPARE(hall().tiles.size(), std::size_t(16));
  QCOMPARE(hall().grilles.size(), std::size_t(6));
}

void TestAirPortsDialog::cleanup()
{
  m_window.reset();
  m_errors.reset();
}

bool TestAirPortsDialog::withDialog(const std::function<void(AirPortsDialog*)>& work)
{
  QAction* action = m_window->ui().action(QStringLiteral("edit.airPorts"));
  if (!action)
  {
    return false;
  }
  bool seen = false;
  QTimer::singleShot(0, this,
                     [&]
                     {
                       auto* dialog = m_window->findChild<AirPortsDialog*>();
                       if (dialog)
                       {
                         seen = true;
                         work(dialog);
                         if (dialog->isVisible())
                         {
                           dialog->reject();
                         }
                       }
                     });
  action->trigger();
  return seen;
}

void TestAirPortsDialog::changesApplyAsOneUndoStep()
{
  const engine::Scene before = m_window->document()->scene();
  const engine::ReturnGrille lastGrille = hall().grilles.back();
  bool accepted = false;
  QVERIFY(withDialog(
    [&](AirPortsDialog* dialog)
    {
      QCOMPARE(dialog->tilesTable()->rowCount(), 16);
      QCOMPARE(dialog->grillesTable()->rowCount(), 6);
      // The first tile's open area 25 % → 40 % (column 5), typed as a user types it.
      dialog->tilesTable()->item(0, 5)->setText(QStringLiteral("40"));
      dialog->findChild<QPushButton*>(QStringLiteral("addGrilleButton"))->click();
      QCOMPARE(dialog->grillesTable()->rowCount(), 7);
      dialog->accept();
      accepted = dialog->result() == QDialog::Accepted;
      QVERIFY2(dialog->errorText().isEmpty(), qPrintable(dialog->errorText()));
    }));
  QVERIFY(accepted);
  QCOMPARE(hall().tiles.at(0).openAreaPct, 40.0);
  QCOMPARE(hall().tiles.at(1).openAreaPct, before.site.halls[0].tiles[1].openAreaPct);
  QCOMPARE(hall().grilles.size(), std::size_t(7));
  // The added grille continues the last one along X, same size, with an id of its own.
  const engine::ReturnGrille& added = hall().grilles.back();
  QCOMPARE(added.xM, lastGrille.xM + lastGrille.widthM);
  QCOMPARE(added.yM, lastGrille.yM);
  QCOMPARE(added.widthM, lastGrille.widthM);
  QCOMPARE(added.id, std::string("H1-G7"));
  QCOMPARE(stack()->count(), 1);
  stack()->undo();
  QVERIFY2(m_window->document()->scene() == before, "undo did not restore the tiles and grilles");
  QVERIFY(m_errors->messages.isEmpty());
}

void TestAirPortsDialog::refusalKeepsTheDialogOpen()
{
  const engine::Scene before = m_window->document()->scene();
  QVERIFY(withDialog(
    [&](AirPortsDialog* dialog)
    {
      // A grille at x = 50 m in a 12 m hall: the engine refuses it and names it.
      dialog->grillesTable()->item(0, 1)->setText(QStringLiteral("50"));
      dialog->accept();
      QVERIFY(dialog->isVisible());
      QVERIFY2(dialog->errorText().contains(QStringLiteral("H1-G-S1")),
               qPrintable(dialog->errorText()));
      // Not a number: named by table, row and column before the engine is asked.
      dialog->grillesTable()->item(0, 1)->setText(QStringLiteral("3,9,"));
      dialog->accept();
      QVERIFY(dialog->isVisible());
      QVERIFY2(dialog->errorText().contains(QStringLiteral("row 1")) &&
                 dialog->errorText().contains(QStringLiteral("X (m)")) &&
                 dialog->errorText().contains(QStringLiteral("3,9,")),
               qPrintable(dialog->errorText()));
    }));
  QVERIFY(m_window->document()->scene() == before);
  QCOMPARE(stack()->count(), 0);
  QVERIFY(m_errors->messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestAirPortsDialog)
#include "test_air_ports_dialog.moc"
