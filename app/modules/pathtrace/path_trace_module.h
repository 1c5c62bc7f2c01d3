#pragma once
/**
 * @file path_trace_module.h
 * The Path Trace module: Training ▸ Trace a Path opens a dock where two GPUs are chosen (ids or
 * the selection); the path a flow between them takes (traffic::tracePath: the ECMP hash of the
 * traffic model) is listed hop by hop and drawn in 3D with every equal-cost path highlighted and
 * a pulse running along the flow's own path. Failing the switch or the cable of a hop takes it out
 * of service for the trace: the flow re-routes and the list, the paths and the pulse follow.
 * Utilisation comes from the Traffic dock's last run when it ran on the fabric shown.
 *
 * The trace runs on the Fabric module's fabric; asked for while the fabric computes, it runs when
 * it arrives. An edit or another document drops the trace and its failures (device and cable
 * indices belong to one fabric).
 */

#include "module.h"

#include "myriad/engine/traffic/path_trace.h"

#include <QElapsedTimer>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

class QDockWidget;

namespace myriad::scenes
{
class PathPulse;
}

namespace myriad::engine::live
{
struct FabricSnapshot;
}

namespace myriad::app
{

class FabricModule;
class PathTracePanel;

/** Seconds the pulse takes from one end of the path to the other. */
inline constexpr double kPulseSeconds = 2.5;

class PathTraceModule final : public Module
{
  Q_OBJECT

public:
  PathTraceModule();
  ~PathTraceModule() override;
  QString id() const override { return QStringLiteral("pathtrace"); }
  void create(AppContext& context) override;
  void documentReplaced() override;
  void sceneEdited(const engine::edit::ChangeSet& changes) override;
  void releaseGraphics() override;

  PathTracePanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }
  scenes::PathPulse* pulse() const { return m_pulse.get(); }
  /** The trace shown; nullopt before one (or after an error). */
  const std::optional<engine::traffic::PathTrace>& trace() const { return m_trace; }

  /** Trace between the panel's two ends (now, or once the fabric is there). */
  void traceNow();
  /** Take the switch hop `hop` arrives at (or its cable) out of service and trace again. */
  void failHopSwitch(int hop);
  void failHopCable(int hop);
  /** Put everything back in service and trace again. */
  void restoreAll();

signals:
  void traced();
  void traceFailed(const QString& message);

private:
  FabricModule* fabric() const;
  void runPending();
  void showTrace(const engine::live::FabricSnapshot& data);
  void dropTrace(const QString& why);
  /** The flow's path as one polyline along the cables, for the pulse. */
  std::vector<std::array<double, 3>> pulseRoute() const;
  /** The last traffic run's peak load per cable direction when it ran on `graph`. */
  std::vector<double> trafficLoads(const engine::fabric::FabricGraph& graph) const;
  void refreshFailures();

  AppContext* m_context = nullptr;
  PathTracePanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
  std::unique_ptr<scenes::PathPulse> m_pulse;
  std::optional<engine::traffic::PathTrace> m_trace;
  std::shared_ptr<const engine::live::FabricSnapshot> m_fabric; ///< the one m_trace ran on
  std::vector<int> m_failedDevices;
  std::vector<int> m_failedLinks;
  bool m_pending = false;
  QTimer m_timer;
  QElapsedTimer m_clock;
};

} // namespace myriad::app
