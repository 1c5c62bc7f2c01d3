#pragma once
/**
 * @file scenario_panel.h
 * Scenario comparison in the Dashboard dock: a selector of the scene's scenarios, a "Compare"
 * view (KPI table base vs scenario with the absolute and relative change, green when better and
 * red when worse), "Highlight differences in 3D" (an overlay on the base scene's racks: −1
 * removed, 0 changed, +1 added; racks that only the scenario has cannot be drawn in the base
 * scene and are listed in the text) and "PDF report…" (the same report as `myriad-cli report`).
 *
 * The comparison runs engine::economics::compareScenario on the UI thread when asked and again
 * whenever the scene or the dashboard's inputs change while a scenario is shown.
 */

#include "myriad/engine/economics/scenarios.h"
#include "myriad/scenes/hall_scene.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::app
{

class LiveScheduler;
struct JobOutcome;

class ScenarioPanel : public QWidget
{
  Q_OBJECT

public:
  explicit ScenarioPanel(QWidget* parent = nullptr);

  /** Scene, catalog (both outlive the panel or are replaced first) and the base inputs. */
  void setContext(const engine::Scene* scene, const engine::Catalog* catalog,
                  const engine::economics::EconomicsInputs& inputs);

  /** Compare the selected scenario with the base; false (and the error shown) on failure. */
  bool compare();
  /** Show the current comparison again (e.g. in the scene's new currency). */
  void refreshTable() { showComparison(); }
  /** Emit overlayRequested with the current comparison's diff; false without a comparison. */
  bool highlightDifferences();
  /** Write the PDF report (with the selected scenario, if any); returns the error or "". */
  QString exportReport(const QString& path);
  /**
   * Write the PDF report as a job of `scheduler` (the report solves the thermal model twice:
   * seconds on a large hall, never on the UI thread); reportFinished() tells how it went. Without
   * a scheduler it writes here, as exportReport().
   */
  void startReport(const QString& path);
  bool isWritingReport() const { return m_reportJob != 0; }
  /** The scheduler the report runs on (not owned; cleared if it goes first). */
  void setScheduler(LiveScheduler* scheduler);
  /** Ask for a file name and write the PDF report there (the File menu's "PDF Report…"). */
  void chooseReportFile();

  /** The overlay of a diff: rack id → −1 removed, 0 changed, +1 added. */
  static scenes::Overlay diffOverlay(const engine::economics::SceneDiff& diff);

  QComboBox* scenarioCombo() const { return m_combo; }
  QTableWidget* compareTable() const { return m_table; }
  QPushButton* compareButton() const { return m_compareButton; }
  QPushButton* highlightButton() const { return m_highlightButton; }
  QString statusText() const;
  const std::optional<engine::economics::ScenarioComparison>& comparison() const
  {
    return m_comparison;
  }
  /** Base vs scenario costs side by side (CAPEX and OPEX by category), shown with the table. */
  QChart* comparisonChart() const { return m_chart; }

signals:
  /** Show this overlay in the 3D view (MainWindow::showOverlay). */
  void overlayRequested(const myriad::scenes::Overlay& overlay);
  /** A report started by startReport() was written to `path` (`error` empty) or not. */
  void reportFinished(const QString& path, const QString& error);

private:
  void fillScenarios();
  /** The scenario the report compares with ("" for the base only). */
  std::string selectedScenario() const;
  void onJobFinished(const JobOutcome& outcome);
  void showReportOutcome(const QString& path, const QString& error);
  void showComparison();

  QPointer<LiveScheduler> m_scheduler;
  quint64 m_reportJob = 0; ///< the scheduler's generation of the report being written (0: none)
  QString m_reportPath;
  const engine::Scene* m_scene = nullptr;
  const engine::Catalog* m_catalog = nullptr;
  engine::economics::EconomicsInputs m_inputs;
  QComboBox* m_combo = nullptr;
  QPushButton* m_compareButton = nullptr;
  QPushButton* m_highlightButton = nullptr;
  QPushButton* m_reportButton = nullptr;
  QTableWidget* m_table = nullptr;
  QChart* m_chart = nullptr;
  QChartView* m_chartView = nullptr;
  QLabel* m_status = nullptr;
  std::optional<engine::economics::ScenarioComparison> m_comparison;
};

} // namespace myriad::app
