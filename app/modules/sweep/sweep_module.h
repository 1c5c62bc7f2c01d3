#pragma once
/**
 * @file sweep_module.h
 * Design-space sweeps in the app (docs/sweeps.md): File ▸ Open Sweep Folder… reads a folder
 * planned and run with `myriad-cli sweep` and shows its table and Pareto chart in the Sweep dock;
 * opening a row replaces the document with that scenario's hall (after asking to save), as the
 * sweep's task evaluated it, so its figures can be looked at and edited in 3D.
 */

#include "module.h"

#include <QString>

class QDockWidget;

namespace myriad::app
{

class SweepPanel;

class SweepModule : public Module
{
  Q_OBJECT

public:
  QString id() const override { return QStringLiteral("sweep"); }
  void create(AppContext& context) override;

  /** Read the sweep folder `dir` into the dock and show it; false (reported) when unreadable. */
  bool openFolder(const QString& dir);
  /** Open scenario `index` of the shown sweep as the document; false when refused or failed. */
  bool openScenario(long long index);
  SweepPanel* panel() const { return m_panel; }

private:
  AppContext* m_context = nullptr;
  SweepPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
  QString m_dir;
};

} // namespace myriad::app
