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
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bench/bench_app_edits [N] [DETAIL] [MODE]
//   [FRAMES]
// N edits (default 100); DETAIL auto (from the camera, default), racks, nodes or gpus; MODE
// full (default) or interactive: the view is held in its interactive state during the edits,
// as while a drag is held (servers and GPUs hidden, HallScene::setInteractive()), and released
// after them; the frame of the release is reported on its own. FRAMES drag (default: a frame
// requested every 10 ms from the edit on, as while the camera moves) or nudge (none until the
// edit's own frame is drawn, as after a key nudge or the release of a plan drag).

#include "dashboard_module.h"
#include "dashboard_panel.h"
#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "scene_document.h"
#include "vtk_view_widget.h"

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/fabric/topology.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <cstdint>
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
  const std::string mode = argc > 3 ? argv[3] : "full";
  if (mode != "full" && mode != "interactive")
  {
    std::fprintf(stderr, "mode \"%s\": expected full or interactive\n", mode.c_str());
    return 2;
  }
  const bool interactive = mode == "interactive";
  const std::string requests = argc > 4 ? argv[4] : "drag";
  if (requests != "drag" && requests != "nudge")
  {
    std::fprintf(stderr, "frame requests \"%s\": expected drag or nudge\n", requests.c_str());
    return 2;
  }
  // nudge: no frame is requested until the edit's own frame is drawn (a key nudge, or the
  // release of a plan drag); drag: a frame every 10 ms from the edit on (the camera moving).
  const bool nudge = requests == "nudge";

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
  std::vector<double> costOnScreenMs; // edit -> end of the first frame after its cost was shown
  bool costFramePending = false;
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
                     if (costFramePending)
                     {
                       costOnScreenMs.push_back(editClock.nsecsElapsed() / 1e6);
                       costFramePending = false;
                     }
                   });

  std::vector<double> applyMs;
  std::vector<double> framesPerEdit;
  std::vector<double> dashboardMs; // edit -> the dashboard shows the live economics of it
  std::vector<double> recomputeMs; // edit -> the live loop idle again
  std::vector<double> fpsWhileBusy;
  const int uiEvaluationsBefore =
    window.module<app::DashboardModule>(QStringLiteral("dashboard"))->panel()->uiEvaluations();
  std::map<live::Stage, std::vector<double>> stageMs;
  std::map<live::Stage, std::vector<double>> workMs; // the stage's own time on its worker
  const std::vector<std::string> racks = computeRacks(window.document()->scene(), edits);
  app::VtkViewWidget* view = window.view();
  if (interactive)
  {
    // As a held drag: the lighter scene from the first frame of the edits to the release.
    view->setInteraction(app::VtkViewWidget::Interaction::Held, true);
    if (!view->interactive())
    {
      std::fprintf(stderr, "the view did not enter its interactive state "
                           "(is MYRIAD_INTERACTIVE_LOD=0 set?)\n");
      return 1;
    }
    QTest::qWait(50);
  }
  frames = 0;
  frameMs.clear();
  // Fabric builds (SuperPOD graph constructions) during the edits, all stages and docks.
  const std::uint64_t fabricBuildsBefore = engine::fabric::superPodBuildCount();
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
        if (!dashboardAt && window.module<app::DashboardModule>(QStringLiteral("dashboard"))
                                ->panel()
                                ->liveGeneration() == scheduler->latestGeneration())
        {
          dashboardAt = clock.nsecsElapsed() / 1e6;
        }
      });
    // Each stage's result for this edit, as the UI thread joins it into the shown results.
    const auto stageConnection =
      QObject::connect(scheduler, &app::LiveScheduler::stageShown,
                       [&](live::Stage stage)
                       {
                         if (!seen.count(stage))
                         {
                           seen[stage] = clock.nsecsElapsed() / 1e6;
                           // The next frame puts the cost on screen.
                           costFramePending = costFramePending || stage == live::Stage::Economics;
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
      if (!nudge || !firstFramePending)
      {
        window.view()->update();
      }
      QTest::qWait(10);
    }
    QObject::disconnect(connection);
    QObject::disconnect(stageConnection);
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
      workMs[stage].push_back(scheduler->results().status(stage).millis);
    }
  }

  const double fabricBuildsPerEdit =
    static_cast<double>(engine::fabric::superPodBuildCount() - fabricBuildsBefore) /
    static_cast<double>(std::max<std::size_t>(racks.size(), 1));
  std::optional<double> releaseFrameMs; // interactive: the frame that brings the detail back
  if (interactive)
  {
    const int before = view->framesRendered();
    view->setInteraction(app::VtkViewWidget::Interaction::Held, false);
    if (QTest::qWaitFor([&] { return view->framesRendered() > before; }, 20000))
    {
      releaseFrameMs = view->lastFrameMs();
    }
  }

  std::printf("%d rack moves on the 10,240-GPU sample (1280x800 window, detail %s, %s)\n",
              static_cast<int>(racks.size()), detailName.c_str(),
              interactive ? "interactive: servers and GPUs hidden during the edits" : "full view");
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
  for (const auto& [stage, values] : workMs)
  {
    std::printf("%-28s %10.1f %10.1f %6zu\n",
                (std::string("  worker: ") + live::toString(stage)).c_str(),
                percentile(values, 0.5), percentile(values, 0.95), values.size());
  }
  std::printf("%-28s %10.1f %10.1f %6zu\n", "edit -> cost on screen",
              percentile(costOnScreenMs, 0.5), percentile(costOnScreenMs, 0.95),
              costOnScreenMs.size());
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
  std::printf("%-28s %10.2f\n", "fabric builds per edit", fabricBuildsPerEdit);
  std::printf("%-28s %10.1f %10.1f\n", "fps while recomputing", percentile(fpsWhileBusy, 0.5),
              percentile(fpsWhileBusy, 0.05));
  std::printf(
    "%-28s %10d\n", "dashboard UI evaluations",
    window.module<app::DashboardModule>(QStringLiteral("dashboard"))->panel()->uiEvaluations() -
      uiEvaluationsBefore);
  if (releaseFrameMs)
  {
    std::printf("%-28s %10.1f\n", "release frame (full detail)", *releaseFrameMs);
  }
  return 0;
}
