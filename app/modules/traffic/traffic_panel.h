#pragma once
/**
 * @file traffic_panel.h
 * The Traffic dock: training jobs on the open scene's fabric. The user picks jobs (presets from
 * samples/jobs or any job file), their placement and routing, and switches to fail; Run simulates
 * them together as a LiveScheduler job (engine traffic::simulateWorkload, max-min rates per phase;
 * a newer Run replaces one still going) and
 * the dock shows per job the compute time, pipeline bubble, exposed communication, step time, MFU,
 * tokens/s and the interference of the other jobs, a timeline of one step per job (compute,
 * bubble and each exposed collective), the selected job's breakdown (shares of the step, the
 * latency share) and collectives, and the hottest cables. "What changes it most" ranks one
 * factor at a time for the selected job (routing, placement, message size, oversubscription:
 * engine traffic::stepSensitivity), also as a scheduler job. The main window
 * colours the cables by utilisation and the GPUs by job (main_window_traffic.cpp).
 */

#include "live_scheduler.h"

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/traffic/step_sensitivity.h"
#include "myriad/engine/traffic/workload.h"

#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

/** Link utilisation from a workload's peak loads: per fabric link, max of both directions. */
std::vector<double> linkUtilisation(const engine::fabric::FabricGraph& graph,
                                    const engine::traffic::WorkloadResult& result);

/** Scene GPU id ("H1-R01-K01-N1-G3") of cluster GPU `gpu`, empty when it has none. */
std::string sceneGpuIdOf(const engine::fabric::FabricGraph& graph,
                         const engine::traffic::GpuCluster& cluster, int gpu);

class TrafficPanel : public QWidget
{
  Q_OBJECT

public:
  explicit TrafficPanel(QWidget* parent = nullptr);
  ~TrafficPanel() override;

  /** Replace the job list with the presets of samples/jobs (sorted by file name). */
  void loadPresets();
  /** Add a job file; on a bad file reports the error (file, JSON path) and returns false. */
  bool addJobFile(const QString& path);
  void addJob(const engine::traffic::JobSpec& job);
  int jobCount() const;
  /** Whether the list holds a job called `name`. */
  bool hasJob(const QString& name) const;
  /** Jobs ticked for the next run, with the placement chosen in the dock. */
  std::vector<engine::traffic::JobSpec> selectedJobs() const;
  /** Tick exactly the jobs whose names are given. */
  void selectJobs(const QStringList& names);

  /** Switch ids (scene ids) taken out of service in the next run. */
  const QStringList& failedSwitches() const { return m_failed; }
  void setFailedSwitches(const QStringList& ids);

  /** The scheduler the runs go through (not owned; must outlive the panel or be replaced). */
  void setScheduler(LiveScheduler* scheduler);
  /**
   * Run the selected jobs on `fabric` as a scheduler job (a run still going is replaced); the GPU
   * type of jobs without one is `defaultGpu`. Returns false (and says why in the state line) when
   * nothing can run.
   */
  bool run(std::shared_ptr<const engine::fabric::FabricGraph> fabric,
           const engine::Catalog& catalog, const std::string& defaultGpu);
  bool running() const;
  /** Turn the event loop until the running simulation (if any) answered and was shown. */
  void waitForRun();

  /** The last result (empty before the first run) and the graph it ran on. */
  const engine::traffic::WorkloadResult& result() const { return m_result; }
  std::shared_ptr<const engine::fabric::FabricGraph> resultGraph() const { return m_graph; }
  /** The jobs the last result ran, as they ran (placement included). */
  const std::vector<engine::traffic::JobSpec>& resultJobs() const { return m_resultJobs; }

  /**
   * Rank what changes the step of job `jobRow` of the last run most (traffic::stepSensitivity on
   * the graph it ran on) as a scheduler job; false (and why in the state line) without a result.
   */
  bool analyseSensitivity(int jobRow);
  bool sensitivityRunning() const { return m_sensitivityJob != 0; }
  /** The last ranking (empty job name before the first). */
  const engine::traffic::StepSensitivity& sensitivity() const { return m_sensitivity; }
  /** The selected job's breakdown line ("Step 12.3 s: compute 71 %, …"). */
  QString breakdownText() const;

  QTableWidget* jobsTable() const { return m_jobsTable; }
  QTableWidget* sensitivityTable() const { return m_sensitivityTable; }
  QPushButton* sensitivityButton() const { return m_sensitivityButton; }
  QTableWidget* collectivesTable() const { return m_collectivesTable; }
  QTableWidget* hotLinksTable() const { return m_hotLinks; }
  QChartView* timeline() const { return m_timeline; }
  QLabel* stateLabel() const { return m_state; }

signals:
  /** The user pressed Run (the main window supplies the fabric and calls run()). */
  void runRequested();
  /** The user asked to fail the switch selected in the 3D view / clear all failures. */
  void failSelectedRequested();
  /** A result arrived (on the UI thread). */
  void resultReady();
  /** A sensitivity ranking arrived (on the UI thread). */
  void sensitivityReady();
  /** A hot link was clicked: its index into FabricGraph::links(). */
  void linkActivated(int link);
  /** An error to report (bad job file, simulation failure). */
  void errorOccurred(const QString& title, const QString& message);

private:
  void buildUi();
  void onJobFinished(const JobOutcome& outcome);
  void showResult();
  void fillJobsTable();
  void fillCollectives(int jobRow);
  void fillHotLinks();
  void fillTimeline();
  void fillBreakdown(int jobRow);
  void fillSensitivity();
  void onSensitivityFinished(const JobOutcome& outcome);

  std::vector<engine::traffic::JobSpec> m_jobs;
  QStringList m_failed;
  std::shared_ptr<const engine::fabric::FabricGraph> m_graph;
  std::shared_ptr<const engine::fabric::FabricGraph> m_pendingGraph;
  engine::traffic::WorkloadResult m_result;
  std::vector<engine::traffic::JobSpec> m_resultJobs;  ///< the specs m_result ran
  std::vector<engine::traffic::JobSpec> m_pendingJobs; ///< the specs of the run going
  std::vector<int> m_resultFailed;                     ///< devices out of service in m_result
  std::vector<int> m_pendingFailed;
  engine::traffic::StepSensitivity m_sensitivity;
  quint64 m_sensitivityJob = 0; ///< generation of the ranking this panel waits for (0: none)

  QPointer<LiveScheduler> m_scheduler; ///< cleared if it goes first (window teardown)
  quint64 m_job = 0;                   ///< generation of the run this panel waits for (0: none)

  QListWidget* m_jobList = nullptr;
  QComboBox* m_placement = nullptr;
  QComboBox* m_routing = nullptr; ///< routing of the current job's fabric flows
  QLabel* m_failedLabel = nullptr;
  QPushButton* m_runButton = nullptr;
  QLabel* m_state = nullptr;
  QTableWidget* m_jobsTable = nullptr;
  QTableWidget* m_collectivesTable = nullptr;
  QTableWidget* m_hotLinks = nullptr;
  QChartView* m_timeline = nullptr;
  QLabel* m_breakdown = nullptr;
  QPushButton* m_sensitivityButton = nullptr;
  QTableWidget* m_sensitivityTable = nullptr;
  QTabWidget* m_details = nullptr; ///< collectives, sensitivity, hottest cables
};

} // namespace myriad::app
