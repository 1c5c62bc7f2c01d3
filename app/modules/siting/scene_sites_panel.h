#pragma once
/**
 * @file scene_sites_panel.h
 * The Sites dock of a multi-site scene (scene schema 2; docs/models/siting.md, "Multi-site
 * scenes"): the map of the document's sites and DCI links, and a training job timed across them
 * (engine siting/site_scene.h: each site's replicas on its own fabric, the exchange across the
 * ring of links) with a what-if on the wavelengths per link. The document is not touched.
 */

#include "siting_map.h"

#include "myriad/engine/model.h"
#include "myriad/engine/siting/site_scene.h"
#include "myriad/engine/siting/study.h"
#include "myriad/engine/traffic/workload.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

class SceneSitesPanel : public QWidget
{
  Q_OBJECT

public:
  explicit SceneSitesPanel(const engine::Catalog& catalog, QWidget* parent = nullptr);

  /** Show the scene's sites and links; a scene without sites clears the panel. */
  void setScene(const engine::Scene& scene);
  /** Time the chosen job across the sites now; false (the reason shown) when it cannot run. */
  bool timeJob();

  SitingMap* map() const { return m_map; }
  QComboBox* jobs() const { return m_jobs; }
  QSpinBox* channels() const { return m_channels; }
  QComboBox* sync() const { return m_sync; }
  QComboBox* placement() const { return m_placement; }
  QSpinBox* outerSteps() const { return m_outerSteps; }
  QPushButton* runButton() const { return m_run; }
  QLabel* summary() const { return m_summary; }
  QLabel* economics() const { return m_economics; }
  QTableWidget* table() const { return m_table; }
  /** The last timing, none before the first or after a failure. */
  const std::optional<engine::siting::SceneJobResult>& result() const { return m_result; }

private:
  void loadJobs();
  /** The option the map draws: the scene's sites (GPUs) and its links as the model sees them. */
  void rebuildMapOption(const engine::Scene& scene);
  void showResult();
  /** The sites' money and carbon (sceneSitesEconomics) in a line under the heading. */
  void showEconomics(const engine::Scene& scene);

  const engine::Catalog& m_catalog;
  engine::Scene m_scene; ///< a copy: the panel times the job on it with what-if channels
  std::vector<engine::traffic::JobSpec> m_jobSpecs;
  engine::siting::SitingOption m_option; ///< what the map draws
  std::optional<engine::siting::SceneJobResult> m_result;
  SitingMap* m_map = nullptr;
  QLabel* m_heading = nullptr;
  QLabel* m_economics = nullptr;
  QComboBox* m_jobs = nullptr;
  QSpinBox* m_channels = nullptr;
  QComboBox* m_sync = nullptr;
  QComboBox* m_placement = nullptr;
  QSpinBox* m_outerSteps = nullptr;
  QPushButton* m_run = nullptr;
  QLabel* m_summary = nullptr;
  QTableWidget* m_table = nullptr;
};

} // namespace myriad::app
