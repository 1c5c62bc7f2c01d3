// Interactive detail in the shown window on the 256-GPU lab sample at the GPU detail level:
// while a rack is dragged in the plan editing mode, the camera is orbited or the wheel zooms,
// the frames hide the servers, switches and GPUs (HallScene::setInteractive); the release (or
// 250 ms without a wheel step) renders the full detail again by itself; with interactive detail
// switched off (setting or MYRIAD_INTERACTIVE_LOD=0) every frame keeps the full detail.
#include "app_test_support.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "plan_drag_tool.h"
#include "scene_document.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/hall_scene.h"

#include <vtkActor.h>
#include <vtkDataSet.h>
#include <vtkGlyph3DMapper.h>
#include <vtkPropCollection.h>
#include <vtkRenderer.h>

#include <QApplication>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace myriad::app
{

class TestInteractiveDetail final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void init();
  void cleanup();
  void rackDragDrawsLighterFrames();
  void cameraOrbitDrawsLighterFrames();
  void wheelBurstEndsAfterQuietTime();
  void switchedOffKeepsFullDetail();
  void environmentSwitchesItOff();

private:
  /** What one frame drew: the interactive state and the server/switch/GPU instances shown. */
  struct Frame
  {
    bool interactive = false;
    int fineInstances = 0;
  };
  /** Server, switch and GPU instances of the visible glyph actors (all minus racks, coolers). */
  int fineInstancesShown() const;
  /** Server, switch and GPU instances the current detail level holds. */
  int fineInstancesHeld() const;
  /** Top centre of rack `id` moved by `dyM` in widget coordinates. */
  QPoint rackTopCentre(const std::string& id, double dyM = 0) const;
  /** Wait for the next frame without asking for one (it must come by itself). */
  bool waitForOwnFrame();

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
  std::vector<Frame> m_frames;
};

void TestInteractiveDetail::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  connect(m_window->view(), &VtkViewWidget::frameRendered, this,
          [this](double) {
            m_frames.push_back({ m_window->hallScene()->interactive(), fineInstancesShown() });
          });
}

void TestInteractiveDetail::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

void TestInteractiveDetail::init()
{
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("lab-256"), engine::Catalog::builtin()));
  test::editingModule(*m_window).setPlanEditing(true);
  m_window->setDetailLevel(scenes::DetailLevel::Gpus);
  QVERIFY(test::waitForFrames(*m_window, 2));
  QVERIFY(fineInstancesHeld() > 256); // 256 GPUs and their servers
  QCOMPARE(m_frames.back().fineInstances, fineInstancesHeld());
  QVERIFY(!m_window->view()->interactive());
  m_frames.clear();
}

void TestInteractiveDetail::cleanup()
{
  m_window->view()->setInteractiveDetailEnabled(true);
  QVERIFY(m_errors->messages.isEmpty());
}

int TestInteractiveDetail::fineInstancesShown() const
{
  int shown = 0;
  vtkPropCollection* props = m_window->view()->renderer()->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp())
  {
    auto* actor = vtkActor::SafeDownCast(prop);
    auto* mapper = actor ? vtkGlyph3DMapper::SafeDownCast(actor->GetMapper()) : nullptr;
    if (mapper && actor->GetVisibility())
    {
      shown += static_cast<int>(mapper->GetInput()->GetNumberOfPoints());
    }
  }
  const scenes::SceneStats stats = m_window->hallScene()->stats();
  return shown - stats.rackInstances - stats.coolerInstances;
}

int TestInteractiveDetail::fineInstancesHeld() const
{
  const scenes::SceneStats stats = m_window->hallScene()->stats();
  // The detailed racks' blanking panels are drawn (and hidden) with their servers and GPUs.
  return stats.nodeInstances + stats.gpuInstances + stats.blankingPanels;
}

QPoint TestInteractiveDetail::rackTopCentre(const std::string& id, double dyM) const
{
  const engine::Scene& scene = m_window->document()->scene();
  const std::optional<engine::ObjectRef> ref = engine::findById(scene, id);
  const engine::Rack& rack = scene.site.halls.at(ref->hall).rows.at(ref->row).racks.at(ref->rack);
  const engine::Box box = engine::rackBox(rack, m_window->document()->catalog());
  return test::widgetPointOf(*m_window, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2 + dyM, box.z1);
}

bool TestInteractiveDetail::waitForOwnFrame()
{
  const int before = m_window->view()->framesRendered();
  return QTest::qWaitFor([&] { return m_window->view()->framesRendered() > before; }, 20000);
}

void TestInteractiveDetail::rackDragDrawsLighterFrames()
{
  VtkViewWidget* view = m_window->view();
  // 1.3 m towards −Y: free floor in front of the first row (the move is applied).
  const QPoint from = rackTopCentre("H1-R01-K01");
  const QPoint to = rackTopCentre("H1-R01-K01", -1.3);
  QVERIFY(view->rect().contains(to));
  const int stackBefore = m_window->document()->undoStack()->count();

  QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
  QTest::mouseMove(view, from + QPoint(0, 2)); // within the click slop: still full detail
  QVERIFY(!view->interactive());
  for (int i = 1; i <= 4; ++i)
  {
    QTest::mouseMove(view, from + (to - from) * i / 4);
  }
  QVERIFY(test::editingModule(*m_window).planDragTool()->dragging());
  QVERIFY(view->interactive());
  QVERIFY(m_window->hallScene()->interactive());
  QVERIFY(waitForOwnFrame());
  QVERIFY(m_frames.back().interactive);
  QCOMPARE(m_frames.back().fineInstances, 0);

  QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to);
  QVERIFY(!view->interactive());
  QVERIFY(!m_window->hallScene()->interactive());
  QCOMPARE(m_window->document()->undoStack()->count(), stackBefore + 1); // the drag's edit
  m_frames.clear();
  QVERIFY(waitForOwnFrame());
  QVERIFY(!m_frames.front().interactive);
  QCOMPARE(m_frames.front().fineInstances, fineInstancesHeld());
}

void TestInteractiveDetail::cameraOrbitDrawsLighterFrames()
{
  test::editingModule(*m_window).setPlanEditing(false); // a left drag rotates the camera
  VtkViewWidget* view = m_window->view();
  const QPoint from = view->rect().center();
  QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
  QVERIFY(!view->interactive()); // a press alone does not move the camera
  for (int i = 1; i <= 4; ++i)
  {
    QTest::mouseMove(view, from + QPoint(15 * i, 5 * i));
  }
  QVERIFY(view->interactive());
  QVERIFY(waitForOwnFrame());
  QVERIFY(m_frames.back().interactive);
  QCOMPARE(m_frames.back().fineInstances, 0);

  QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, from + QPoint(60, 20));
  QVERIFY(!view->interactive());
  m_frames.clear();
  QVERIFY(waitForOwnFrame());
  QVERIFY(!m_frames.front().interactive);
  QCOMPARE(m_frames.front().fineInstances, fineInstancesHeld());
}

void TestInteractiveDetail::wheelBurstEndsAfterQuietTime()
{
  VtkViewWidget* view = m_window->view();
  const auto* quiet = view->findChild<QTimer*>(QStringLiteral("wheelQuietTimer"));
  QVERIFY(quiet);
  QCOMPARE(quiet->interval(), VtkViewWidget::kWheelQuietMs);
  bool ended = false;
  const auto connection = connect(view, &VtkViewWidget::interactiveChanged, this,
                                  [&](bool interactive) { ended = ended || !interactive; });
  const QPointF at = view->rect().center();
  for (int step = 0; step < 3; ++step)
  {
    QWheelEvent wheel(at, view->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view, &wheel);
    QVERIFY(view->interactive());
    // Each step restarts the quiet time: the timer holds (nearly) its whole interval again.
    QVERIFY2(quiet->isActive() && quiet->remainingTime() > VtkViewWidget::kWheelQuietMs / 2,
             qPrintable(QString::number(quiet->remainingTime())));
    // Let part of the quiet time pass without running the event loop, so the timer cannot
    // fire in between and the next step must visibly restart it (no fixed sleep: a wait on
    // the timer's own state).
    while (quiet->remainingTime() > VtkViewWidget::kWheelQuietMs / 2)
    {
      QThread::yieldCurrentThread();
    }
    QVERIFY(!ended);
  }
  QVERIFY(QTest::qWaitFor([&] { return ended; }, 5000));
  disconnect(connection);
  QVERIFY(!view->interactive());
  QVERIFY(std::any_of(m_frames.begin(), m_frames.end(),
                      [](const Frame& f) { return f.interactive && f.fineInstances == 0; }));
  m_frames.clear();
  QVERIFY(waitForOwnFrame());
  QVERIFY(!m_frames.front().interactive);
  QCOMPARE(m_frames.front().fineInstances, fineInstancesHeld());
}

void TestInteractiveDetail::switchedOffKeepsFullDetail()
{
  VtkViewWidget* view = m_window->view();
  view->setInteractiveDetailEnabled(false);
  // 1.3 m towards −Y: free floor in front of the first row (the move is applied).
  const QPoint from = rackTopCentre("H1-R01-K01");
  const QPoint to = rackTopCentre("H1-R01-K01", -1.3);
  QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
  for (int i = 1; i <= 4; ++i)
  {
    QTest::mouseMove(view, from + (to - from) * i / 4);
  }
  QVERIFY(test::editingModule(*m_window).planDragTool()->dragging());
  QVERIFY(!view->interactive());
  QVERIFY(waitForOwnFrame());
  QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to);
  QVERIFY(test::waitForFrames(*m_window, 1));
  QVERIFY(!m_frames.empty());
  for (const Frame& frame : m_frames)
  {
    QVERIFY(!frame.interactive);
    QCOMPARE(frame.fineInstances, fineInstancesHeld());
  }
  // Switched on again in the middle of a held interaction: the lighter scene at once.
  view->setInteraction(VtkViewWidget::Interaction::Held, true);
  QVERIFY(!view->interactive());
  view->setInteractiveDetailEnabled(true);
  QVERIFY(view->interactive());
  QVERIFY(m_window->hallScene()->interactive());
  view->setInteraction(VtkViewWidget::Interaction::Held, false);
  QVERIFY(!m_window->hallScene()->interactive());
}

void TestInteractiveDetail::environmentSwitchesItOff()
{
  const QByteArray before = qgetenv("MYRIAD_INTERACTIVE_LOD");
  qputenv("MYRIAD_INTERACTIVE_LOD", "0");
  const bool offWithZero = !VtkViewWidget().interactiveDetailEnabled();
  qputenv("MYRIAD_INTERACTIVE_LOD", "1");
  const bool onWithOne = VtkViewWidget().interactiveDetailEnabled();
  if (before.isNull())
  {
    qunsetenv("MYRIAD_INTERACTIVE_LOD");
  }
  else
  {
    qputenv("MYRIAD_INTERACTIVE_LOD", before);
  }
  QVERIFY(offWithZero);
  QVERIFY(onWithOne);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestInteractiveDetail)
#include "test_interactive_detail.moc"
