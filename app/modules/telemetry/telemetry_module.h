#pragma once
/**
 * @file telemetry_module.h
 * The Telemetry module: the Telemetry dock (import, live polling, overlay, residuals,
 * calibration), File ▸ Import Telemetry…, dropping snapshot files onto the window, the live
 * source's state in the status bar, the selection's measured readings in the Properties dock
 * (of the Selection module, id "selection") and the calibrated scenario added to the document.
 */

#include "module.h"

class QDockWidget;
#include <QStringList>

namespace myriad::app
{

class TelemetryPanel;

class TelemetryModule final : public Module
{
  Q_OBJECT

public:
  using Module::Module;
  QString id() const override { return QStringLiteral("telemetry"); }
  void create(AppContext& context) override;
  void documentReplaced() override;
  void sceneEdited(const engine::edit::ChangeSet& changes) override;

  TelemetryPanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }

private:
  void createImportAction();
  void createStatusLabel();
  void connectOverlay();
  void importPaths(const QStringList& paths);
  void addCalibratedScenario();
  /** The telemetry block of the Properties dock for the selection. */
  void updateMeasuredProperties();
  void rebind();

  AppContext* m_context = nullptr;
  TelemetryPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
};

} // namespace myriad::app
