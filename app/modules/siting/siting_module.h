#pragma once
/**
 * @file siting_module.h
 * Siting studies in the app (docs/models/siting.md): File ▸ Open Siting Study… reads a study
 * (samples/siting/*.json, the file `myriad-cli siting` reads), evaluates it with the engine and
 * shows the ranked options, the map of the sites and links and the Pareto chart in the Siting
 * dock. The document is not touched.
 */

#include "module.h"

#include <QString>

class QDockWidget;

namespace myriad::app
{

class SitingPanel;

class SitingModule : public Module
{
  Q_OBJECT

public:
  QString id() const override { return QStringLiteral("siting"); }
  void create(AppContext& context) override;

  /** Evaluate the study at `path` and show it; false (reported) when it cannot be read. */
  bool openStudy(const QString& path);
  SitingPanel* panel() const { return m_panel; }

private:
  AppContext* m_context = nullptr;
  SitingPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
};

} // namespace myriad::app
