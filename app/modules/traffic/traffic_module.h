#pragma once
/**
 * @file traffic_module.h
 * The Traffic module: the Traffic dock — training jobs simulated on the open scene's fabric,
 * cables coloured by their peak utilisation, GPUs coloured by job, hot links highlighted on
 * click, and switches failed from the 3D selection. It runs on the fabric of the Fabric module
 * (found in the ModuleRegistry by its id "fabric").
 */

#include "module.h"

class QDockWidget;

namespace myriad::app
{

class FabricModule;
class TrafficPanel;
struct JobOutcome;

class TrafficModule final : public Module
{
  Q_OBJECT

public:
  using Module::Module;
  QString id() const override { return QStringLiteral("traffic"); }
  void create(AppContext& context) override;
  void documentReplaced() override;

  TrafficPanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }
  /** Simulate the jobs ticked in the dock on the current fabric (worker thread). */
  void runTraffic();
  /**
   * Write the last result's training step as Chrome Trace Event JSON (docs/trace-export.md) to
   * `path`, on a worker; traceWritten() or an error report follows. False (and why in the status
   * bar) when there is no result yet.
   */
  bool exportTrace(const QString& path);

signals:
  /** The trace of the last result was written to `path`. */
  void traceWritten(const QString& path);

private:
  void showResult();
  void failSelectedSwitch();
  FabricModule* fabric() const;
  void createTraceAction();
  void onTraceFinished(const JobOutcome& outcome);

  AppContext* m_context = nullptr;
  TrafficPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
  quint64 m_traceJob = 0;
  QString m_tracePath;
};

} // namespace myriad::app
