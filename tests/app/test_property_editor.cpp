// Editing properties in the Properties dock: each change is one undoable engine edit
// (SetProperty) applied through the undo stack. On lab-256: a rack's power cap typed in kW is
// stored in W; a cooler's setpoint and a hall's containment change the document; undo restores
// the old values; objects without settable properties show no form; the hall's switch placement
// choice re-places the switches and the live fabric stage's cable length follows.
#include "app_test_support.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "properties_panel.h"
#include "property_editor.h"
#include "scene_document.h"

#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QTest>
#include <QUndoStack>

#include <memory>

namespace myriad::app
{

class TestPropertyEditor final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void rackPowerCapIsStoredInWatts();
  void coolerSetpointAndUndo();
  void hallContainmentChoice();
  void nodesHaveNoForm();
  void switchPlacementChoiceRePlacesSwitches(); // last: replaces the document

private:
  PropertyEditor* editor() const
  {
    return test::selectionModule(*m_window).propertiesPanel()->editor();
  }
  const engine::Hall& hall() const { return m_window->document()->scene().site.halls.at(0); }
  void select(const std::string& id);
  bool waitForLiveResults() const;
  double liveCableLengthKm() const
  {
    return m_window->liveScheduler()->results().kpis.cableLengthKm;
  }

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestPropertyEditor::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  QVERIFY(m_window->openFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json")));
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestPropertyEditor::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

void TestPropertyEditor::select(const std::string& id)
{
  const auto ref = engine::findById(m_window->document()->scene(), id);
  QVERIFY2(ref.has_value(), id.c_str());
  m_window->selectObject(*ref);
}

bool TestPropertyEditor::waitForLiveResults() const
{
  return test::waitForLiveResults(*m_window);
}

void TestPropertyEditor::rackPowerCapIsStoredInWatts()
{
  const std::string rack = hall().rows.at(0).racks.at(0).id;
  select(rack);
  QVERIFY(editor()->isVisible());
  QCOMPARE(editor()->objectId(), rack);
  auto* cap = qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("powerCapW"));
  QVERIFY(cap);
  QCOMPARE(cap->suffix(), QStringLiteral(" kW"));
  const int steps = m_window->document()->undoStack()->count();
  cap->setValue(30.0); // 30 kW → 30,000 W in the model
  QCOMPARE(hall().rows.at(0).racks.at(0).powerCapW, 30000.0);
  QCOMPARE(m_window->document()->undoStack()->count(), steps + 1);
  QVERIFY(m_window->document()->isModified());
}

void TestPropertyEditor::coolerSetpointAndUndo()
{
  const engine::CoolingUnit before = hall().coolers.at(0);
  select(before.id);
  auto* setpoint = qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("setpoint"));
  QVERIFY(setpoint);
  QCOMPARE(setpoint->value(), before.supplySetpointC);
  setpoint->setValue(before.supplySetpointC + 2.0);
  QCOMPARE(hall().coolers.at(0).supplySetpointC, before.supplySetpointC + 2.0);
  // The form shows the document's value after the edit.
  setpoint = qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("setpoint"));
  QCOMPARE(setpoint->value(), before.supplySetpointC + 2.0);
  m_window->document()->undoStack()->undo();
  QCOMPARE(hall().coolers.at(0), before);
}

void TestPropertyEditor::hallContainmentChoice()
{
  select(hall().id);
  auto* containment = qobject_cast<QComboBox*>(editor()->fieldWidget("containment"));
  QVERIFY(containment);
  const engine::Containment before = hall().containment;
  const QString target = QString::fromLatin1(engine::toString(engine::Containment::ColdAisle));
  QVERIFY(containment->findText(target) >= 0);
  containment->setCurrentText(target);
  emit containment->activated(containment->currentIndex());
  QCOMPARE(hall().containment, engine::Containment::ColdAisle);
  m_window->document()->undoStack()->undo();
  QCOMPARE(hall().containment, before);
}

void TestPropertyEditor::nodesHaveNoForm()
{
  select(hall().rows.at(0).racks.at(0).nodes.at(0).id);
  QVERIFY(!editor()->isVisible());
  QVERIFY(editor()->fieldWidget("powerCapW") == nullptr);
  QVERIFY2(m_errors->messages.isEmpty(), qPrintable(m_errors->messages.join('\n')));
}

void TestPropertyEditor::switchPlacementChoiceRePlacesSwitches()
{
  // 4 SUs of 32 DGX H100 in one 32-rack row with a leaf rack per SU (the per-su layout).
  // Middle-of-row moves the 32 leaves into the two leaf racks nearest the row middle, so node
  // cables of the outer SUs cross half an SU or more instead of a few racks: per
  // docs/models/fabric.md node–leaf length grows (≈ (racks per SU / 4)·p → ≈ n·p/4), and the
  // live fabric stage's cable length with it. Undo restores the scene and the length.
  engine::GeneratorSpec spec = engine::builtinSpec("lab-256");
  spec.gpuCount = 4 * 32 * 8;
  spec.scalableUnitsPerRow = 4;
  m_window->document()->setGenerated(engine::generateScene(spec, m_window->document()->catalog()));
  QVERIFY(waitForLiveResults());
  const engine::Scene before = m_window->document()->scene();
  const double lengthBefore = liveCableLengthKm();
  QVERIFY(lengthBefore > 0);

  select(hall().id);
  auto* placement = qobject_cast<QComboBox*>(editor()->fieldWidget("switchPlacement"));
  QVERIFY(placement);
  QCOMPARE(placement->currentText(), QStringLiteral("per-su"));
  const QString target =
    QString::fromLatin1(engine::toString(engine::SwitchPlacement::MiddleOfRow));
  QVERIFY(placement->findText(target) >= 0);
  placement->setCurrentText(target);
  emit placement->activated(placement->currentIndex());
  const engine::Scene& now = m_window->document()->scene();
  QCOMPARE(now.spec->switchPlacement, engine::SwitchPlacement::MiddleOfRow);
  QVERIFY(!(now == before));
  QVERIFY(waitForLiveResults());
  QVERIFY2(
    liveCableLengthKm() > lengthBefore,
    qPrintable(QString("%1 km after, %2 km before").arg(liveCableLengthKm()).arg(lengthBefore)));

  m_window->document()->undoStack()->undo();
  QVERIFY(m_window->document()->scene() == before);
  QVERIFY(waitForLiveResults());
  QCOMPARE(liveCableLengthKm(), lengthBefore);
  QVERIFY2(m_errors->messages.isEmpty(), qPrintable(m_errors->messages.join('\n')));
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestPropertyEditor)
#include "test_property_editor.moc"
