#pragma once
/**
 * @file main_window_test_support.h
 * Waiting and screen-coordinate helpers shared by the tests that drive a whole MainWindow, and
 * its modules by id (the panels and docks are theirs, not the window's).
 */

#include "dashboard_module.h"
#include "editing_module.h"
#include "fabric_module.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "selection_module.h"
#include "telemetry_module.h"
#include "thermal_module.h"
#include "traffic_module.h"
#include "vtk_view_widget.h"

#include <vtkRenderer.h>

#include <QPoint>
#include <QTest>

namespace myriad::app::test
{

/** The window's module `id` as a T; fails the test (a null dereference) when it has none. */
template <class T>
T& moduleOf(MainWindow& window, const char* id)
{
  return *window.module<T>(QString::fromLatin1(id));
}
inline SelectionModule& selectionModule(MainWindow& w)
{
  return moduleOf<SelectionModule>(w, "selection");
}
inline DashboardModule& dashboardModule(MainWindow& w)
{
  return moduleOf<DashboardModule>(w, "dashboard");
}
inline EditingModule& editingModule(MainWindow& w)
{
  return moduleOf<EditingModule>(w, "editing");
}
inline FabricModule& fabricModule(MainWindow& w)
{
  return moduleOf<FabricModule>(w, "fabric");
}
inline ThermalModule& thermalModule(MainWindow& w)
{
  return moduleOf<ThermalModule>(w, "thermal");
}
inline TrafficModule& trafficModule(MainWindow& w)
{
  return moduleOf<TrafficModule>(w, "traffic");
}
inline TelemetryModule& telemetryModule(MainWindow& w)
{
  return moduleOf<TelemetryModule>(w, "telemetry");
}

/** Wait until the view has drawn `count` more frames (asking for them; 20 s at most). */
inline bool waitForFrames(MainWindow& window, int count)
{
  VtkViewWidget* view = window.view();
  const int target = view->framesRendered() + count;
  view->update();
  return QTest::qWaitFor(
    [&]
    {
      view->update();
      return view->framesRendered() >= target;
    },
    20000);
}

/** Wait until the live loop is idle with the results of the newest submitted scene (120 s). */
inline bool waitForLiveResults(MainWindow& window)
{
  LiveScheduler* live = window.liveScheduler();
  return QTest::qWaitFor(
    [&] { return !live->busy() && live->resultsGeneration() == live->latestGeneration(); }, 120000);
}

/** Widget coordinates of a world point (m) in the window's 3D view. */
inline QPoint widgetPointOf(MainWindow& window, double x, double y, double z)
{
  vtkRenderer* renderer = window.view()->renderer();
  renderer->SetWorldPoint(x, y, z, 1.0);
  renderer->WorldToDisplay();
  const double* display = renderer->GetDisplayPoint();
  return window.view()->fromDisplay(display[0], display[1]).toPoint();
}

} // namespace myriad::app::test
