#pragma once
/**
 * @file siting_module.h
 * Siting studies in the app (docs/models/siting.md): File ▸ Open Siting Study… reads a study
 * (samples/siting/*.json, the file `myriad-cli siting` reads), evaluates it with the engine and
 * shows the ranked options, the map of the sites and links and the Pareto chart in the Siting
 * dock. The document is not touched.
 * A document with sites (scene schema 2) also gets the Sites dock (scene_sites_panel.h): its
 * sites and DCI links on the map and a training job timed across them.
 */

#include "module.h"

#include <QString>

class QDockWidget;

namespace myriad::app
{

class SceneSitesPanel;
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
  SceneSitesPanel* sitesPanel() const { return m_sitesPanel; }
  /** Time the job preset called `name` across the document's sites; false (reported) if not. */
  bool timeSitesJob(const QString& name);

private:
  /** The document was replaced: show its sites, or hide the Sites dock when it has none. */
  void showDocumentSites();

  AppContext* m_context = nullptr;
  SceneSitesPanel* m_sitesPanel = nullptr;
  QDockWidget* m_sitesDock = nullptr;
  SitingPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
};

} // namespace myriad::app
