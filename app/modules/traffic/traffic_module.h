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

private:
  void showResult();
  void failSelectedSwitch();
  FabricModule* fabric() const;

  AppContext* m_context = nullptr;
  TrafficPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
};

} // namespace myriad::app
