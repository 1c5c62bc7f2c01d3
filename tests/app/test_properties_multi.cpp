// Editing a multiple selection in the Properties dock, on lab-256 (row H1-R01: eight compute
// racks of four DGX H100 with 44 kW caps and the network rack K05). The dock names the counts
// and totals, shows "(mixed)" where the racks differ, and a value set in its editor goes to every
// selected rack as ONE undo step and ONE live-loop submission; undo gives each rack its own old
// value back; a refusal by any rack changes none and names it; a mixed-kind selection is edited
// one kind at a time.
#include "app_test_support.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "properties_panel.h"
#include "property_editor.h"
#include "scene_document.h"

#include "myriad/engine/query.h"
#include "myriad/scenes/hall_scene.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <memory>

namespace myriad::app
{

class TestPropertiesMulti final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void countsTotalsAndMixedValues();
  void capOnAllIsOneUndoStep();
  void typingTheValueUnderneathAMixedField();
  void mixedChoiceAppliesToAll();
  void refusedValueChangesNothing();
  void oneRefusingRackRollsBackTheOthers();
  void mixedKindsAreEditedOneKindAtATime();
  void aSelectedRowEditsItsRacks();
  void ctrlClickAddsAndRemovesRacks();

private:
  PropertiesPanel* panel() const { return test::selectionModule(*m_window).propertiesPanel(); }
  PropertyEditor* editor() const { return panel()->editor(); }
  QUndoStack* stack() const { return m_window->document()->undoStack(); }
  const engine::Scene& scene() const { return m_window->document()->scene(); }
  const engine::Rack& rack(const std::string& id) const;
  void selectIds(const std::vector<std::string>& ids);
  /** Set rack `id`'s cap by a single edit (so that the selection's caps differ). */
  void setCap(const std::string& id, double watts);
  /** Click the top of rack `id` in the 3D view, with `modifiers` held. */
  void clickRack(const std::string& id, Qt::KeyboardModifiers modifiers);

  const std::vector<std::string> m_racks{ "H1-R01-K01", "H1-R01-K02", "H1-R01-K03", "H1-R01-K04" };
  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestPropertiesMulti::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  QVERIFY(m_window->openFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json")));
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  QVERIFY(test::waitForLiveResults(*m_window));
}

void TestPropertiesMulti::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

const engine::Rack& TestPropertiesMulti::rack(const std::string& id) const
{
  const auto ref = engine::findById(scene(), id);
  if (!ref || ref->kind != engine::ObjectKind::Rack)
  {
    qFatal("no rack %s", id.c_str());
  }
  return scene().site.halls[ref->hall].rows[ref->row].racks[ref->rack];
}

void TestPropertiesMulti::selectIds(const std::vector<std::string>& ids)
{
  std::vector<engine::ObjectRef> refs;
  for (const std::string& id : ids)
  {
    const auto ref = engine::findById(scene(), id);
    QVERIFY2(ref.has_value(), id.c_str());
    refs.push_back(*ref);
  }
  m_window->selectObjects(refs);
  QCOMPARE(m_window->selectionSetIds(), ids);
}

void TestPropertiesMulti::setCap(const std::string& id, double watts)
{
  QVERIFY(m_window->editController()->apply(engine::edit::SetProperty{ id, "powerCapW", watts }));
}

void TestPropertiesMulti::clickRack(const std::string& id, Qt::KeyboardModifiers modifiers)
{
  const engine::Box box = engine::rackBox(rack(id), m_window->document()->catalog());
  const QPoint at =
    test::widgetPointOf(*m_window, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, box.z1);
  QTest::mouseClick(m_window->view(), Qt::LeftButton, modifiers, at);
}

void TestPropertiesMulti::countsTotalsAndMixedValues()
{
  setCap(m_racks[0], 30000); // K01 at 30 kW, K02–K04 at 44 kW
  selectIds(m_racks);
  QVERIFY(panel()->showsSelection());
  const QString text = panel()->plainText();
  QVERIFY2(text.contains(QStringLiteral("4 racks</b> selected")), qPrintable(text));
  // Totals from the model: 4 racks × 4 DGX H100 × 8 GPUs; caps 30 + 3 × 44 kW.
  int gpus = 0;
  for (const std::string& id : m_racks)
  {
    for (const engine::Node& node : rack(id).nodes)
    {
      gpus += static_cast<int>(node.gpus.size());
    }
  }
  QCOMPARE(gpus, 4 * 4 * 8);
  QVERIFY2(text.contains(QStringLiteral("GPUs: %1").arg(gpus)), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("Power cap (total): 162.0 kW")), qPrintable(text));
  // Shared values are shown, differing ones are mixed; ids are not listed one by one.
  QVERIFY2(text.contains(QStringLiteral("Cooling: air")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("Power cap: (mixed)")), qPrintable(text));
  QVERIFY2(!text.contains(QStringLiteral("Id: ")), qPrintable(text));

  QCOMPARE(editor()->objectIds(), m_racks);
  QVERIFY(editor()->isMixed("powerCapW"));
  QVERIFY(!editor()->isMixed("cooling"));
  auto* cap = qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("powerCapW"));
  QVERIFY(cap);
  QVERIFY(cap->text().isEmpty());
  QCOMPARE(cap->findChild<QLineEdit*>()->placeholderText(), QStringLiteral("(mixed)"));
  QVERIFY(!panel()->kindChoice()->isVisible()); // one kind: nothing to choose
}

void TestPropertiesMulti::capOnAllIsOneUndoStep()
{
  selectIds(m_racks);
  QVERIFY(test::waitForLiveResults(*m_window));
  std::vector<double> before;
  for (const std::string& id : m_racks)
  {
    before.push_back(rack(id).powerCapW);
  }
  QVERIFY(before.front() != before.back()); // the previous test left them different
  const int steps = stack()->index();
  LiveScheduler* live = m_window->liveScheduler();
  const quint64 generation = live->latestGeneration();
  QSignalSpy changed(m_window->editController(), &EditController::sceneChanged);

  auto* cap = qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("powerCapW"));
  QVERIFY(cap);
  cap->setValue(50.0); // kW
  for (const std::string& id : m_racks)
  {
    QCOMPARE(rack(id).powerCapW, 50000.0);
  }
  QCOMPARE(stack()->index(), steps + 1);
  QCOMPARE(stack()->count(), stack()->index()); // nothing left to redo
  QCOMPARE(stack()->text(steps), QStringLiteral("Set powerCapW on 4 racks"));
  QCOMPARE(live->latestGeneration(), generation + 1); // one change set for the four racks
  QCOMPARE(changed.count(), 1);
  const auto changes = changed.front().front().value<engine::edit::ChangeSet>();
  QVERIFY(changes.has(engine::edit::DataKind::RackPower));
  QCOMPARE(changes.ids.size(), m_racks.size());
  // The dock still shows the four racks, now with one shared value.
  QVERIFY(panel()->showsSelection());
  QVERIFY(!editor()->isMixed("powerCapW"));
  QCOMPARE(qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("powerCapW"))->value(), 50.0);

  stack()->undo();
  for (std::size_t i = 0; i < m_racks.size(); ++i)
  {
    QCOMPARE(rack(m_racks[i]).powerCapW, before[i]);
  }
  QCOMPARE(live->latestGeneration(), generation + 2);
  QCOMPARE(changed.count(), 2);
  QVERIFY(editor()->isMixed("powerCapW"));
  stack()->redo();
  for (const std::string& id : m_racks)
  {
    QCOMPARE(rack(id).powerCapW, 50000.0);
  }
  QCOMPARE(live->latestGeneration(), generation + 3);
  QCOMPARE(changed.count(), 3);
  stack()->undo();
  QVERIFY(test::waitForLiveResults(*m_window));
  QVERIFY2(m_errors->messages.isEmpty(), qPrintable(m_errors->messages.join('\n')));
}

void TestPropertiesMulti::typingTheValueUnderneathAMixedField()
{
  // A mixed field holds the first rack's value underneath (30 kW); typing exactly that value
  // must still set it on all (no valueChanged comes for an unchanged value).
  selectIds(m_racks);
  auto* cap = qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("powerCapW"));
  QVERIFY(cap && editor()->isMixed("powerCapW"));
  QCOMPARE(cap->value(), 30.0);
  const int steps = stack()->index();
  cap->setFocus();
  QTest::keyClicks(cap, QStringLiteral("30"));
  QTest::keyClick(cap, Qt::Key_Return);
  for (const std::string& id : m_racks)
  {
    QCOMPARE(rack(id).powerCapW, 30000.0);
  }
  QCOMPARE(stack()->index(), steps + 1);
  stack()->undo();
  QCOMPARE(rack(m_racks[1]).powerCapW, 44000.0);
}

void TestPropertiesMulti::mixedChoiceAppliesToAll()
{
  QVERIFY(m_window->editController()->apply(
    engine::edit::SetProperty{ m_racks[2], "cooling", std::string("liquid") }));
  selectIds(m_racks);
  auto* cooling = qobject_cast<QComboBox*>(editor()->fieldWidget("cooling"));
  QVERIFY(cooling && editor()->isMixed("cooling"));
  QCOMPARE(cooling->currentIndex(), -1); // no choice shown: "(mixed)"
  QCOMPARE(cooling->placeholderText(), QStringLiteral("(mixed)"));
  const int steps = stack()->index();
  cooling->setCurrentText(QStringLiteral("liquid"));
  emit cooling->activated(cooling->currentIndex());
  for (const std::string& id : m_racks)
  {
    QCOMPARE(rack(id).cooling, engine::CoolingStyle::Liquid);
  }
  QCOMPARE(stack()->index(), steps + 1);
  stack()->undo();
  QCOMPARE(rack(m_racks[0]).cooling, engine::CoolingStyle::Air);
  QCOMPARE(rack(m_racks[2]).cooling, engine::CoolingStyle::Liquid);
  stack()->undo(); // the single edit of K03
}

void TestPropertiesMulti::refusedValueChangesNothing()
{
  selectIds(m_racks);
  QVERIFY(test::waitForLiveResults(*m_window));
  const engine::Scene before = scene();
  const int steps = stack()->index();
  const quint64 generation = m_window->liveScheduler()->latestGeneration();
  m_errors->messages.clear();
  // What the editor sends for a value typed below the range (the spin box clamps its own).
  emit editor()->editedMany(editor()->objectIds(), "powerCapW", -1000.0);
  QVERIFY(scene() == before);
  QCOMPARE(stack()->index(), steps);
  QCOMPARE(m_window->liveScheduler()->latestGeneration(), generation);
  QCOMPARE(m_errors->titles.size(), 1);
  QCOMPARE(m_errors->titles.front(), QStringLiteral("Cannot set powerCapW on 4 racks"));
  QVERIFY2(m_errors->messages.front().contains(QStringLiteral("H1-R01-K01")),
           qPrintable(m_errors->messages.front()));
  QVERIFY2(m_errors->messages.front().contains(QStringLiteral("out of range")),
           qPrintable(m_errors->messages.front()));
  // The dock shows the document's values again.
  QVERIFY(panel()->showsSelection());
  QVERIFY(editor()->isMixed("powerCapW"));
}

void TestPropertiesMulti::oneRefusingRackRollsBackTheOthers()
{
  // DGX H200 has the GPU and NIC counts of the H100, so K01–K04 accept it; the network rack
  // K05 has no nodes and refuses. The four accepted swaps are undone: nothing changes.
  std::vector<std::string> ids = m_racks;
  ids.push_back("H1-R01-K05");
  const engine::Scene before = scene();
  const int steps = stack()->index();
  const quint64 generation = m_window->liveScheduler()->latestGeneration();
  m_errors->messages.clear();
  EditController* controller = m_window->editController();
  QVERIFY(!controller->setOnAll(ids, "serverModel", std::string("dgx-h200")));
  QVERIFY(scene() == before);
  QCOMPARE(rack(m_racks[0]).nodes.front().model, std::string("dgx-h100"));
  QCOMPARE(stack()->index(), steps);
  QCOMPARE(m_window->liveScheduler()->latestGeneration(), generation);
  QVERIFY2(controller->lastError().contains(QStringLiteral("H1-R01-K05 has no nodes")),
           qPrintable(controller->lastError()));
  QCOMPARE(m_errors->messages.size(), 1);

  // Without the network rack the same change is one step; undo restores every node.
  QVERIFY(controller->setOnAll(m_racks, "serverModel", std::string("dgx-h200")));
  QCOMPARE(rack(m_racks[3]).nodes.back().model, std::string("dgx-h200"));
  QCOMPARE(stack()->index(), steps + 1);
  stack()->undo();
  QVERIFY(scene() == before);
}

void TestPropertiesMulti::mixedKindsAreEditedOneKindAtATime()
{
  m_errors->messages.clear();
  const std::string cooler = scene().site.halls.at(0).coolers.at(0).id;
  std::vector<std::string> ids{ m_racks[0], cooler, m_racks[1], m_racks[2] };
  selectIds(ids);
  QVERIFY2(panel()->plainText().contains(QStringLiteral("3 racks, 1 cooler</b> selected")),
           qPrintable(panel()->plainText()));
  QVERIFY2(panel()->plainText().contains(QStringLiteral("Cooling capacity (total): 250.0 kW")),
           qPrintable(panel()->plainText()));
  QComboBox* kind = panel()->kindChoice();
  QVERIFY(kind->isVisible());
  QCOMPARE(kind->count(), 2);
  QCOMPARE(kind->currentText(), QStringLiteral("Edit the 3 racks")); // most numerous first
  QCOMPARE(editor()->objectIds(), (std::vector<std::string>{ m_racks[0], m_racks[1], m_racks[2] }));
  QVERIFY(editor()->fieldWidget("powerCapW") != nullptr);

  kind->setCurrentIndex(1);
  emit kind->activated(1);
  QCOMPARE(editor()->objectIds(), std::vector<std::string>{ cooler });
  auto* setpoint = qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("setpoint"));
  QVERIFY(setpoint);
  const double old = setpoint->value();
  setpoint->setValue(old + 1);
  QCOMPARE(scene().site.halls.at(0).coolers.at(0).supplySetpointC, old + 1);
  // The selection and the chosen kind survive the edit.
  QCOMPARE(m_window->selectionSetIds(), ids);
  QCOMPARE(kind->currentText(), QStringLiteral("Edit the cooler"));
  stack()->undo();
  QCOMPARE(scene().site.halls.at(0).coolers.at(0).supplySetpointC, old);
  QVERIFY2(m_errors->messages.isEmpty(), qPrintable(m_errors->messages.join('\n')));
}

void TestPropertiesMulti::aSelectedRowEditsItsRacks()
{
  // "Select Row" selects H1-R01 itself: its form sets a value on its nine racks at once.
  const auto row = engine::findById(scene(), "H1-R01");
  QVERIFY(row.has_value());
  m_window->selectObject(*row);
  const engine::Row& racks = scene().site.halls.at(0).rows.at(row->row);
  QCOMPARE(racks.racks.size(), std::size_t{ 9 });
  QCOMPARE(editor()->objectIds().size(), racks.racks.size());
  QVERIFY2(panel()->plainText().contains(QStringLiteral("Racks: 9 (8 compute, 1 network)")),
           qPrintable(panel()->plainText()));
  QVERIFY(editor()->isMixed("powerCapW")); // K01 at 30 kW, the others at 44 kW
  const double k01 = racks.racks.front().powerCapW;
  const int steps = stack()->index();
  qobject_cast<QDoubleSpinBox*>(editor()->fieldWidget("powerCapW"))->setValue(60.0);
  for (const engine::Rack& r : racks.racks)
  {
    QCOMPARE(r.powerCapW, 60000.0);
  }
  QCOMPARE(stack()->index(), steps + 1);
  QCOMPARE(stack()->text(steps), QStringLiteral("Set powerCapW on 9 racks"));
  QCOMPARE(m_window->selection(), *row); // still the row
  stack()->undo();
  QCOMPARE(racks.racks.front().powerCapW, k01);
  QCOMPARE(racks.racks.back().powerCapW, 44000.0);
}

void TestPropertiesMulti::ctrlClickAddsAndRemovesRacks()
{
  // Desktop habit: a click selects one rack, Ctrl+click adds another to the selection (the
  // dock then shows all of them), Ctrl+click on a selected one takes it out again.
  m_window->applyCameraPreset(scenes::CameraPreset::Top);
  m_window->setDetailLevel(scenes::DetailLevel::Racks); // a click picks the rack itself
  QVERIFY(test::waitForFrames(*m_window, 2));
  clickRack(m_racks[0], Qt::NoModifier);
  QCOMPARE(engine::idOf(scene(), m_window->selection()), m_racks[0]);
  QVERIFY(m_window->selectionSetIds().empty());
  clickRack(m_racks[2], Qt::ControlModifier);
  QCOMPARE(m_window->selectionSetIds(), (std::vector<std::string>{ m_racks[0], m_racks[2] }));
  clickRack(m_racks[3], Qt::ControlModifier);
  QCOMPARE(m_window->selectionSetIds(),
           (std::vector<std::string>{ m_racks[0], m_racks[2], m_racks[3] }));
  QCOMPARE(editor()->objectIds().size(), std::size_t{ 3 });
  QVERIFY2(panel()->plainText().contains(QStringLiteral("Racks: 3")),
           qPrintable(panel()->plainText()));
  clickRack(m_racks[2], Qt::ControlModifier); // selected: taken out
  QCOMPARE(m_window->selectionSetIds(), (std::vector<std::string>{ m_racks[0], m_racks[3] }));
  clickRack(m_racks[0], Qt::ControlModifier); // one left: an ordinary single selection
  QVERIFY(m_window->selectionSetIds().empty());
  QCOMPARE(engine::idOf(scene(), m_window->selection()), m_racks[3]);
  clickRack(m_racks[1], Qt::NoModifier); // a plain click starts over
  QVERIFY(m_window->selectionSetIds().empty());
  QCOMPARE(engine::idOf(scene(), m_window->selection()), m_racks[1]);
  // With servers drawn, a click from above hits the rack's top server: Ctrl+click adds its rack.
  m_window->setDetailLevel(scenes::DetailLevel::Nodes);
  QVERIFY(test::waitForFrames(*m_window, 2));
  clickRack(m_racks[2], Qt::ControlModifier);
  QCOMPARE(m_window->selectionSetIds(), (std::vector<std::string>{ m_racks[1], m_racks[2] }));
  m_window->setDetailLevel(scenes::DetailLevel::Racks);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestPropertiesMulti)
#include "test_properties_multi.moc"
