// The Thermal dock on the lab-256 sample: opening it solves on a worker thread while the event
// loop keeps running; the result equals the engine's; the rack table is sorted by inlet; a click
// selects the rack; "Colour racks by inlet" lays the result's inlets over the hall; the slice
// controls drive the 3D field; an edit re-solves; the probe reads the slice under the cursor.
#include "app_test_support.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scene_document.h"
#include "thermal_panel.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/grid_rounding.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/scenes/thermal_view.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QWheelEvent>

#include <vtkCamera.h>
#include <vtkPolyData.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <atomic>
#include <cmath>

#include <map>
#include <memory>

namespace thermal = myriad::engine::thermal;

namespace myriad::app
{

class TestThermalPanel final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void dockStartsHiddenAndIsInTheViewMenu();
  void openingTheDockSolvesWithoutBlocking();
  void resultMatchesTheEngine();
  void rackTableIsSortedByInlet();
  void clickingARackSelectsIt();
  void overlayValuesAreTheInlets();
  void sliceControlsDriveTheView();
  void streamlinesAndSliderFollowTheControls();
  void probeReadsTheSlice();
  void editReSolves();
  void closingTheDockHidesTheField();
  void aFailedSolveKeepsThePreviousResult();
  void aNewerSolveReplacesTheRunningOne();
  void theLiveCellShowsTheLiveField();

private:
  ThermalPanel* panel() const { return test::thermalModule(*m_window).panel(); }
  /** Wait for the running solve to deliver (the lab hall takes well under a minute). */
  bool waitForResult(const thermal::ThermalResult* previous);

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestThermalPanel::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  QVERIFY(m_window->openFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json")));
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestThermalPanel::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

bool TestThermalPanel::waitForResult(const thermal::ThermalResult* previous)
{
  return QTest::qWaitFor([&] { return !panel()->isSolving() && panel()->result() != previous; },
                         120000) &&
         panel()->result() != nullptr;
}

void TestThermalPanel::dockStartsHiddenAndIsInTheViewMenu()
{
  // Hidden at start (opening it costs a solve); its toggle is in the View menu.
  QDockWidget* dock = test::thermalModule(*m_window).dock();
  QVERIFY(dock);
  QCOMPARE(dock->widget(), panel());
  QVERIFY(!dock->isVisible());
  QVERIFY(!panel()->result());
  QVERIFY(!panel()->isSolving());
  bool inMenu = false;
  for (QAction* action : m_window->menuBar()->actions())
  {
    if (action->menu() && action->menu()->actions().contains(dock->toggleViewAction()))
    {
      inMenu = action->menu()->title() == QStringLiteral("&View");
    }
  }
  QVERIFY(inMenu);
  QVERIFY(!test::thermalModule(*m_window).thermalView()->hasResult());
}

void TestThermalPanel::openingTheDockSolvesWithoutBlocking()
{
  // show() returns with the solve running on the worker; the event loop turns (a 0 ms timer
  // ticks) until the result arrives through a queued call.
  int ticksWhileSolving = 0;
  QTimer ticker;
  ticker.setInterval(0);
  connect(&ticker, &QTimer::timeout, this,
          [&]
          {
            if (panel()->isSolving())
            {
              ++ticksWhileSolving;
            }
          });
  ticker.start();
  // A cell other than the live stage's: the dock solves on demand, as a scheduler job (at the
  // live cell it shows the live field: theLiveCellShowsTheLiveField).
  QVERIFY(std::abs(panel()->liveCellM() - 0.3) > 1e-6);
  panel()->cellSpin()->setValue(0.3);
  test::thermalModule(*m_window).dock()->show();
  QVERIFY(panel()->isSolving());
  QVERIFY(!panel()->result());
  QVERIFY(panel()->stateText().startsWith(QStringLiteral("Solving")));
  QVERIFY(waitForResult(nullptr));
  ticker.stop();
  QVERIFY2(ticksWhileSolving > 0, "the event loop did not run during the solve");
  QVERIFY2(panel()->stateText().contains(QStringLiteral("solved in")),
           qPrintable(panel()->stateText()));
  QVERIFY(m_errors->messages.isEmpty());
}

void TestThermalPanel::resultMatchesTheEngine()
{
  // The same hall with the same options (the document's load, 80 % by default) solved here
  // gives the same inlets, and the 3D view holds the result's grid; the KPIs show numbers.
  const thermal::ThermalResult* shown = panel()->result();
  QVERIFY(shown);
  thermal::ThermalOptions options;
  options.cellM = panel()->cellSpin()->value();
  options.utilisation =
    engine::economics::documentInputs(m_window->document()->scene()).utilisation;
  QCOMPARE(shown->utilisation, options.utilisation);
  const thermal::ThermalResult direct = thermal::analyzeHall(
    m_window->document()->scene(), 0, m_window->document()->catalog(), options);
  QCOMPARE(shown->racks.size(), direct.racks.size());
  for (std::size_t i = 0; i < direct.racks.size(); ++i)
  {
    QCOMPARE(shown->racks[i].id, direct.racks[i].id);
    QVERIFY(std::abs(shown->racks[i].inletMeanC - direct.racks[i].inletMeanC) < 1e-6);
  }
  const scenes::ThermalViewStats stats = test::thermalModule(*m_window).thermalView()->stats();
  QCOMPARE(stats.horizontalDims,
           (std::array<int, 2>{ direct.problem.grid.nx, direct.problem.grid.ny }));
  QVERIFY(stats.horizontalCells > 0);
  for (const QString& key : ThermalPanel::kpiKeys())
  {
    QVERIFY2(panel()->kpiText(key) != QStringLiteral("—"), qPrintable(key));
  }
  QCOMPARE(panel()->kpiText(QStringLiteral("aboveAllowable")),
           QString::number(direct.racksAboveAllowable));
  // A hall that is not whole cells is solved a little larger or smaller: the state line says so.
  const bool rounded =
    thermal::gridRounding(m_window->document()->scene().site.halls.front(), shown->problem.grid)
      .rounded();
  QCOMPARE(panel()->stateText().contains(QStringLiteral("whole cells")), rounded);
}

void TestThermalPanel::rackTableIsSortedByInlet()
{
  // One row per air-cooled rack, hottest first by the auditor's points (the hottest of bottom,
  // middle and top, what the ASHRAE class reads); sorting by the mean column reorders.
  const QAbstractItemModel* model = panel()->rackTable()->model();
  int airCooled = 0;
  for (const thermal::RackThermal& rack : panel()->result()->racks)
  {
    airCooled += rack.airCooled ? 1 : 0;
  }
  QCOMPARE(model->rowCount(), airCooled);
  QVERIFY(airCooled > 1);
  const auto column = [&](int c)
  {
    std::vector<double> values;
    for (int row = 0; row < model->rowCount(); ++row)
    {
      values.push_back(model->index(row, c).data(Qt::UserRole + 1).toDouble());
    }
    return values;
  };
  const std::vector<double> maxima = column(ThermalPanel::InletMaxColumn);
  QVERIFY(std::is_sorted(maxima.rbegin(), maxima.rend()));
  double hottest = 0;
  for (const thermal::RackThermal& rack : panel()->result()->racks)
  {
    hottest = std::max(hottest, rack.airCooled ? rack.auditInletMaxC() : 0.0);
  }
  QCOMPARE(maxima.front(), hottest);
  panel()->rackTable()->sortByColumn(ThermalPanel::InletMeanColumn, Qt::AscendingOrder);
  const std::vector<double> means = column(ThermalPanel::InletMeanColumn);
  QVERIFY(std::is_sorted(means.begin(), means.end()));
  panel()->rackTable()->sortByColumn(ThermalPanel::InletMaxColumn, Qt::DescendingOrder);
}

void TestThermalPanel::clickingARackSelectsIt()
{
  // A click on the third row selects that rack in the window (tree, 3D view, properties).
  QTableView* table = panel()->rackTable();
  const QModelIndex index = table->model()->index(2, ThermalPanel::InletMeanColumn);
  const QString id = table->model()->index(2, ThermalPanel::RackIdColumn).data().toString();
  table->scrollTo(index);
  QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
  const auto ref = engine::findById(m_window->document()->scene(), id.toStdString());
  QVERIFY(ref.has_value());
  QCOMPARE(m_window->selection(), *ref);
  QCOMPARE(m_window->hallScene()->selection(), *ref);
}

void TestThermalPanel::overlayValuesAreTheInlets()
{
  // Checking "Colour racks by inlet" lays each air-cooled rack's mean inlet over the hall;
  // unchecking removes the overlay.
  std::map<std::string, double> inlets;
  for (const thermal::RackThermal& rack : panel()->result()->racks)
  {
    if (rack.airCooled)
    {
      inlets[rack.id] = rack.inletMeanC;
    }
  }
  panel()->overlayCheck()->setChecked(true);
  const scenes::Overlay overlay = panel()->inletOverlay();
  QCOMPARE(overlay.values.size(), inlets.size());
  for (const auto& [id, value] : overlay.values)
  {
    QCOMPARE(value, inlets.at(id));
    QVERIFY(value >= overlay.minValue && value <= overlay.maxValue);
  }
  QVERIFY(m_window->hallScene()->hasOverlay());
  QVERIFY(m_window->hallScene()->overlayColor(overlay.values.front().first).has_value());
  panel()->overlayCheck()->setChecked(false);
  QVERIFY(!m_window->hallScene()->hasOverlay());
}

void TestThermalPanel::sliceControlsDriveTheView()
{
  scenes::ThermalView* view = test::thermalModule(*m_window).thermalView();
  panel()->heightSlider()->setValue(20);
  QCOMPARE(view->sliceHeight(), 2.0);
  panel()->verticalCombo()->setCurrentIndex(
    panel()->verticalCombo()->findData(static_cast<int>(scenes::VerticalSlice::AlongY)));
  QCOMPARE(view->verticalSlice(), scenes::VerticalSlice::AlongY);
  QVERIFY(view->stats().verticalCells > 0);
  panel()->arrowsCheck()->setChecked(true);
  QVERIFY(view->arrowsVisible());
  panel()->isosurfaceSpin()->setValue(20.5);
  panel()->isosurfaceCheck()->setChecked(true);
  QCOMPARE(view->isosurface(), std::optional<double>(20.5));
  QVERIFY(view->stats().isosurfaceTriangles > 0);
  panel()->isosurfaceCheck()->setChecked(false);
  QVERIFY(!view->isosurface().has_value());
  panel()->sliceCheck()->setChecked(false);
  QVERIFY(!view->visible());
  panel()->sliceCheck()->setChecked(true);
  panel()->arrowsCheck()->setChecked(false);
  panel()->verticalCombo()->setCurrentIndex(0);
  panel()->heightSlider()->setValue(12);
  QCOMPARE(view->sliceHeight(), 1.2);
}

void TestThermalPanel::streamlinesAndSliderFollowTheControls()
{
  // "Streamlines" traces the air from the supplies into the view and hides it again; the height
  // slider moves the drawn slice at once (no solve), to the slider's value in metres.
  scenes::ThermalView* view = test::thermalModule(*m_window).thermalView();
  QCOMPARE(view->stats().streamlines, 0);
  QSignalSpy frames(panel(), &app::ThermalPanel::viewChanged);
  panel()->streamlinesCheck()->setChecked(true);
  QVERIFY(view->streamlinesVisible());
  QVERIFY(view->stats().streamlines > 0);
  QVERIFY(frames.count() > 0); // the view is asked for a new frame
  panel()->streamlinesCheck()->setChecked(false);
  QVERIFY(!view->streamlinesVisible());
  QCOMPARE(view->stats().streamlines, 0);
  for (int tenths : { 5, 25 })
  {
    panel()->heightSlider()->setValue(tenths);
    double b[6];
    view->horizontalSlice()->GetBounds(b);
    QVERIFY2(std::abs(b[4] - (view->bounds()[4] + tenths / 10.0)) < 1e-6,
             qPrintable(QString::number(b[4])));
  }
  QVERIFY(!panel()->isSolving()); // moving a slice never re-solves
  // Ctrl+wheel over the 3D view moves the horizontal slice one 0.1 m step per notch (and does
  // not zoom: the camera stays where it was).
  panel()->heightSlider()->setValue(12);
  double cameraBefore[3];
  m_window->view()->renderer()->GetActiveCamera()->GetPosition(cameraBefore);
  const QPointF centre(m_window->view()->width() / 2.0, m_window->view()->height() / 2.0);
  QWheelEvent up(centre, m_window->view()->mapToGlobal(centre), QPoint(), QPoint(0, 120),
                 Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(m_window->view(), &up);
  QCOMPARE(panel()->heightSlider()->value(), 13);
  QVERIFY(std::abs(view->sliceHeight() - 1.3) < 1e-9);
  double cameraAfter[3];
  m_window->view()->renderer()->GetActiveCamera()->GetPosition(cameraAfter);
  QCOMPARE(cameraAfter[0], cameraBefore[0]);
  QCOMPARE(cameraAfter[2], cameraBefore[2]);
  panel()->heightSlider()->setValue(12);
}

void TestThermalPanel::probeReadsTheSlice()
{
  // From the top view, pixels over the hall hit the 1.2 m slice (or a rack): the status bar
  // then shows the temperature there.
  const int framesBefore = m_window->view()->framesRendered();
  m_window->applyCameraPreset(scenes::CameraPreset::Top);
  m_window->view()->update();
  QTRY_VERIFY_WITH_TIMEOUT(m_window->view()->framesRendered() > framesBefore,
                           30000); // top view drawn
  const QSize size = m_window->view()->size() * m_window->view()->devicePixelRatio();
  int hits = 0;
  for (int i = 1; i < 10; ++i)
  {
    for (int j = 1; j < 10; ++j)
    {
      if (test::thermalModule(*m_window).showProbe(size.width() * i / 10, size.height() * j / 10))
      {
        ++hits;
      }
    }
  }
  QVERIFY(hits > 0);
  QVERIFY2(m_window->statusBar()->currentMessage().contains(QStringLiteral("°C")),
           qPrintable(m_window->statusBar()->currentMessage()));
  // For a human look: MYRIAD_RENDER_REVIEW_DIR=/tmp/review writes the window with the dock.
  const QByteArray dir = qgetenv("MYRIAD_RENDER_REVIEW_DIR");
  if (!dir.isEmpty())
  {
    m_window->applyCameraPreset(scenes::CameraPreset::Isometric);
    panel()->arrowsCheck()->setChecked(true);
    const int drawn = m_window->view()->framesRendered();
    m_window->view()->update();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->view()->framesRendered() > drawn, 30000); // arrows shown
    QVERIFY(
      m_window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/thermal-dock.png")));
    panel()->arrowsCheck()->setChecked(false);
  }
}

void TestThermalPanel::editReSolves()
{
  // An edit while the dock is shown solves again (warm start from the shown field).
  const thermal::ThermalResult* before = panel()->result();
  const int coldIterations = before->solution.temperatureIterations;
  panel()->sceneChanged();
  QVERIFY(panel()->isSolving());
  QVERIFY(panel()->isStale());
  QVERIFY(waitForResult(before));
  QVERIFY(!panel()->isStale());
  QVERIFY(panel()->result()->solution.temperatureIterations < coldIterations);
}

void TestThermalPanel::closingTheDockHidesTheField()
{
  // Closing the dock takes the slice out of the view and silences the probe; reopening shows
  // the same result again without a new solve.
  const thermal::ThermalResult* shown = panel()->result();
  test::thermalModule(*m_window).dock()->hide();
  QVERIFY(!test::thermalModule(*m_window).thermalView()->visible());
  QVERIFY(!test::thermalModule(*m_window).showProbe(10, 10));
  test::thermalModule(*m_window).dock()->show();
  QVERIFY(test::thermalModule(*m_window).thermalView()->visible());
  QVERIFY(!panel()->isSolving());
  QCOMPARE(panel()->result(), shown);
}

void TestThermalPanel::aFailedSolveKeepsThePreviousResult()
{
  // A solver error (injected: the lab hall converges) reaches the dock's state line; the
  // previous field and KPIs stay on screen, marked stale, and the UI is not blocked.
  const thermal::ThermalResult* shown = panel()->result();
  QVERIFY(shown);
  const QString maxInlet = panel()->kpiText(QStringLiteral("maxInlet"));
  panel()->setSolver([](const engine::Scene&, int, const engine::Catalog&,
                        const thermal::ThermalOptions&,
                        const thermal::ThermalSolution*) -> thermal::ThermalResult
                     { throw thermal::SolverError("thermal airflow: test breakdown"); });
  QSignalSpy failed(panel(), &ThermalPanel::solveFailed);
  panel()->solve();
  QVERIFY(panel()->isSolving());
  QVERIFY(failed.wait(60000));
  QCOMPARE(failed.front().front().toString(), QStringLiteral("thermal airflow: test breakdown"));
  QVERIFY(!panel()->isSolving());
  QCOMPARE(panel()->result(), shown);
  QCOMPARE(panel()->kpiText(QStringLiteral("maxInlet")), maxInlet);
  QVERIFY(panel()->isStale());
  QVERIFY2(panel()->stateText().contains(QStringLiteral("test breakdown")) &&
             panel()->stateText().contains(QStringLiteral("previous result")),
           qPrintable(panel()->stateText()));
  panel()->setSolver({});
}

void TestThermalPanel::aNewerSolveReplacesTheRunningOne()
{
  // Two solves in a row: the first is cancelled through its token (the solver stops), only the
  // second answers.
  std::atomic<int> cancelledSolves{ 0 };
  panel()->setSolver(
    [&cancelledSolves](const engine::Scene& scene, int hall, const engine::Catalog& catalog,
                       const thermal::ThermalOptions& options, const thermal::ThermalSolution* warm)
    {
      try
      {
        return thermal::analyzeHall(scene, hall, catalog, options, nullptr, warm);
      }
      catch (const thermal::SolveCancelled&)
      {
        ++cancelledSolves;
        throw;
      }
    });
  const thermal::ThermalResult* before = panel()->result();
  QSignalSpy solved(panel(), &ThermalPanel::solved);
  QSignalSpy failed(panel(), &ThermalPanel::solveFailed);
  panel()->solve();
  panel()->solve();
  QVERIFY(waitForResult(before));
  QCOMPARE(solved.count(), 1);
  QCOMPARE(failed.count(), 0);
  QVERIFY(!panel()->isStale());
  QVERIFY(cancelledSolves <= 1); // 1 unless the first solve ended before the second came
  panel()->setSolver({});
}

void TestThermalPanel::theLiveCellShowsTheLiveField()
{
  // At the live stage's cell (engine::live::liveThermalCellM of the first hall) the dock shows
  // the live thermal stage's field and solves nothing itself: one thermal solve per edit.
  using engine::live::Stage;
  LiveScheduler* live = m_window->liveScheduler();
  const engine::Hall& hall = m_window->document()->scene().site.halls.front();
  QCOMPARE(panel()->liveCellM(),
           engine::live::liveThermalCellM(hall, live->options().thermalMaxCells));
  int dockJobs = 0;
  connect(live, &LiveScheduler::jobFinished, this,
          [&dockJobs](const JobOutcome& outcome)
          { dockJobs += outcome.key == QStringLiteral("thermal-dock") ? 1 : 0; });
  test::thermalModule(*m_window).dock()->show();
  panel()->cellSpin()->setValue(panel()->liveCellM());
  QVERIFY(panel()->followsLiveField());
  QTRY_VERIFY_WITH_TIMEOUT(live->stageCurrent(Stage::Thermal), 120000);
  panel()->solve();
  QVERIFY(!live->jobPending(QStringLiteral("thermal-dock")));
  QVERIFY(!panel()->isSolving());
  QVERIFY(live->results().thermal);
  QCOMPARE(panel()->result(), live->results().thermal.get());
  QVERIFY2(panel()->stateText().contains(QStringLiteral("live loop")),
           qPrintable(panel()->stateText()));

  // A new load level changes every rack's heat: the live stage solves the edit once and the
  // dock shows that field, at the new utilisation.
  const thermal::ThermalResult* before = panel()->result();
  engine::economics::EconomicsInputs inputs =
    engine::economics::documentInputs(m_window->document()->scene());
  QVERIFY(std::abs(inputs.utilisation - 0.6) > 1e-9);
  inputs.utilisation = 0.6;
  QVERIFY(m_window->editController()->apply(
    engine::edit::SetEvaluation{ engine::economics::evaluationJsonFor(inputs) }));
  QTRY_VERIFY_WITH_TIMEOUT(!panel()->isSolving() && panel()->result() != before, 120000);
  QCOMPARE(panel()->result(), live->results().thermal.get());
  QVERIFY(live->stageCurrent(Stage::Thermal));
  QVERIFY(!panel()->isStale());
  QCOMPARE(panel()->result()->utilisation, 0.6);
  QCOMPARE(dockJobs, 0);
  m_window->document()->undoStack()->undo();
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestThermalPanel)
#include "test_thermal_panel.moc"
