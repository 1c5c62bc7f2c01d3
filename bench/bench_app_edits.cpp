// Live-editing benchmark through the app's own command path: the main window on the 10,240-GPU
// sample, N racks moved one by one (each 0.1 m into its aisle, one MoveObjects edit through the
// EditController and the undo stack, as a nudge in the view does). Per edit it records
//   - apply: the edit on the UI thread (engine edit + 3D view update),
//   - per live stage: time from the edit until that stage's result for this edit is shown,
//   - frames: frames the view drew while the worker recomputed (UI responsiveness),
//   - moved rack drawn: time from the edit until the first frame after it was drawn,
//   - frame times: the first frame after an edit and every frame meanwhile,
// and prints median and 95th percentile of each over the N edits.
//
// Run under an X server (the view is OpenGL), e.g.
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bench/bench_app_edits [N] [DETAIL]
// N edits (default 100); DETAIL auto (from the camera, default), racks, nodes or gpus.

#include "dashboard_panel.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "scene_document.h"
#include "vtk_view_widget.h"

#include "myriad/engine/edit/edit.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace myriad;
namespace live = engine::live;

namespace
{

double percentile(std::vector<double> values, double p)
{
  if (values.empty())
  {
    return 0;
  }
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

/** Compute racks of the first hall, row by row (those the benchmark moves). */
std::vector<std::string> computeRacks(const engine::Scene& scene, int count)
{
  std::vector<std::string> ids;
  for (const engine::Row& row : scene.site.halls.at(0).rows)
  {
    for (const engine::Rack& rack : row.racks)
    {
      if (rack.kind == engine::RackKind::Compute && static_cast<int>(ids.size()) < count)
      {
        ids.push_back(rack.id);
      }
    }
  }
  return ids;
}

} // namespace

int main(int argc, char** argv)
{
  qputenv("QT_XCB_GL_INTEGRATION", "xcb_glx");
  app::VtkViewWidget::installDefaultSurfaceFormat();
  QApplication application(argc, argv);
  const int edits = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100;
  const std::string detailName = argc > 2 ? argv[2] : "auto";
  const std::map<std::string, std::optional<scenes::DetailLevel>> levels{
    { "auto", std::nullopt },
    { "racks", scenes::DetailLevel::Racks },
    { "nodes", scenes::DetailLevel::Nodes },
    { "gpus", scenes::DetailLevel::Gpus }
  };
  if (!levels.count(detailName))
  {
    std::fprintf(stderr, "detail level \"%s\": expected auto, racks, nodes or gpus\n",
                 detailName.c_str());
    return 2;
  }

  app::MainWindow window;
  window.resize(1280, 800);
  if (!window.openFile(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/h100-superpod-10k.json")))
  {
    std::fprintf(stderr, "cannot open the 10k sample\n");
    return 1;
  }
  window.show();
  if (!QTest::qWaitForWindowExposed(&window))
  {
    return 1;
  }
  // Forced levels draw servers (and GPUs) in every rack within the detail budget, as when the
  // camera is close: the worst case for updating the view after an edit.
  window.setDetailLevel(levels.at(detailName));
  app::LiveScheduler* scheduler = window.liveScheduler();
  if (!QTest::qWaitFor([scheduler] { return !scheduler->busy(); }, 120000))
  {
    std::fprintf(stderr, "the first computation of the live models did not finish\n");
    return 1;
  }

  int frames = 0;
  std::vector<double> frameMs;      // every frame drawn during the edits
  std::vector<double> firstFrameMs; // the first frame after each edit
  std::vector<double> drawnMs;      // edit -> end of the first frame after it (the edit visible)
  bool firstFramePending = false;
  QElapsedTimer editClock;
  QObject::connect(window.view(), &app::VtkViewWidget::frameRendered,
                   [&](double ms)
                   {
                     ++frames;
                     frameMs.push_back(ms);
                     if (firstFramePending)
                     {
                       firstFrameMs.push_back(ms);
                       drawnMs.push_back(editClock.nsecsElapsed() / 1e6);
                       firstFramePending = false;
                     }
                   });
  live::Stage running = live::Stage::Geometry;
  QObject::connect(scheduler, &app::LiveScheduler::stageStarted,
                   [&running](live::Stage stage) { running = stage; });

  std::vector<double> applyMs;
  std::vector<double> framesPerEdit;
  std::vector<double> dashboardMs; // edit -> the dashboard shows the live economics of it
  std::vector<double> recomputeMs; // edit -> the live loop idle again
  std::vector<double> fpsWhileBusy;
  const int uiEvaluationsBefore = window.dashboard()->uiEvaluations();
  std::map<live::Stage, std::vector<double>> stageMs;
  const std::vector<std::string> racks = computeRacks(window.document()->scene(), edits);
  for (const std::string& id : racks)
  {
    QElapsedTimer& clock = editClock;
    clock.start();
    std::map<live::Stage, double> seen;
    std::optional<double> dashboardAt;
    const auto connection = QObject::connect(
      scheduler, &app::LiveScheduler::resultsUpdated,
      [&](bool)
      {
        if (scheduler->resultsGeneration() == scheduler->latestGeneration() && !seen.count(running))
        {
          seen[running] = clock.nsecsElapsed() / 1e6;
        }
        if (!dashboardAt && window.dashboard()->liveGeneration() == scheduler->latestGeneration())
        {
          dashboardAt = clock.nsecsElapsed() / 1e6;
        }
      });
    const int framesBefore = frames;
    engine::edit::MoveObjects move;
    move.ids = { id };
    move.dyM = 0.1;
    firstFramePending = true;
    window.editController()->apply(move);
    applyMs.push_back(clock.nsecsElapsed() / 1e6);
    // Keep the view drawing while the worker recomputes, as a drag would.
    while (scheduler->busy() && clock.elapsed() < 60000)
    {
      window.view()->update();
      QTest::qWait(10);
    }
    QObject::disconnect(connection);
    const double busyMs = clock.nsecsElapsed() / 1e6;
    recomputeMs.push_back(busyMs);
    framesPerEdit.push_back(frames - framesBefore);
    fpsWhileBusy.push_back((frames - framesBefore) * 1000.0 / std::max(busyMs, 1.0));
    if (dashboardAt)
    {
      dashboardMs.push_back(*dashboardAt);
    }
    for (const auto& [stage, ms] : seen)
    {
      stageMs[stage].push_back(ms);
    }
  }

  std::printf("%d rack moves on the 10,240-GPU sample (1280x800 window, detail %s)\n",
              static_cast<int>(racks.size()), detailName.c_str());
  std::printf("%-28s %10s %10s %6s\n", "step", "median ms", "p95 ms", "n");
  std::printf("%-28s %10.1f %10.1f %6zu\n", "apply (UI thread)", percentile(applyMs, 0.5),
              percentile(applyMs, 0.95), applyMs.size());
  std::printf("%-28s %10.1f %10.1f %6zu\n", "edit -> moved rack drawn", percentile(drawnMs, 0.5),
              percentile(drawnMs, 0.95), drawnMs.size());
  for (const auto& [stage, values] : stageMs)
  {
    std::printf("%-28s %10.1f %10.1f %6zu\n",
                (std::string("edit -> ") + live::toString(stage)).c_str(), percentile(values, 0.5),
                percentile(values, 0.95), values.size());
  }
  std::printf("%-28s %10.1f %10.1f %6zu\n", "edit -> dashboard shown", percentile(dashboardMs, 0.5),
              percentile(dashboardMs, 0.95), dashboardMs.size());
  std::printf("%-28s %10.1f %10.1f %6zu\n", "edit -> live loop idle", percentile(recomputeMs, 0.5),
              percentile(recomputeMs, 0.95), recomputeMs.size());
  std::printf("%-28s %10.1f %10.1f %6zu\n", "first frame after an edit",
              percentile(firstFrameMs, 0.5), percentile(firstFrameMs, 0.95), firstFrameMs.size());
  std::printf("%-28s %10.1f %10.1f %6zu\n", "any frame during the edits", percentile(frameMs, 0.5),
              percentile(frameMs, 0.95), frameMs.size());
  std::printf("%-28s %10.1f %10.1f\n", "frames drawn per edit", percentile(framesPerEdit, 0.5),
              percentile(framesPerEdit, 0.95));
  // Frames per second while the live loop recomputes (median and the 5th percentile, the slow
  // end), and economics evaluations the dashboard ran on the UI thread during the edits.
  std::printf("%-28s %10.1f %10.1f\n", "fps while recomputing", percentile(fpsWhileBusy, 0.5),
              percentile(fpsWhileBusy, 0.05));
  std::printf("%-28s %10d\n", "dashboard UI evaluations",
              window.dashboard()->uiEvaluations() - uiEvaluationsBefore);
  return 0;
}
