#pragma once
/**
 * @file live_scheduler.h
 * Recomputes the live models (engine/live/live_models.h) on worker threads after each edit.
 *
 * - submit() takes a copy of the scene and the change set and returns at once: the UI thread
 *   never waits for a model.
 * - Two lanes, each a worker thread: the cheap stages (geometry, fabric, power, economics: a few
 *   ms on the 10k sample) and the slow ones (traffic, thermal: up to hundreds of ms). The cheap
 *   lane runs at the UI thread's priority, the slow one at a lower one (nice 4), so that the
 *   cost of an edit never waits behind an older edit's thermal solve and the frames keep their
 *   share of the cores. A slow-lane run starts once the cheap lane is idle (or after
 *   kSlowLaneWaitMs), so the cheap figures of an edit come first.
 * - Newest edit wins, per lane: a submit cancels the lane's running run through its CancelToken
 *   (stages poll it) and replaces any run still waiting. The stages a cancelled run did not
 *   finish are added to the lane's next run, so no model is left stale. A lane that the edit does
 *   not touch keeps running: what it computes does not depend on that edit.
 * - Results are published after every stage, reach the UI thread through its mailbox
 * (ui_mailbox.h), and are dropped there when a newer scene was submitted to their lane since: an
 * old result never overwrites a newer one. The UI thread joins the lanes' stages into one
 * LiveResults (engine::live::mergeStage).
 * - The economics stage prices the scene once, at the document's evaluation context
 *   (Scene::evaluationJson: utilisation, site, price, finance) and the routed fabric's BOM: its
 * result is both the status area's KPIs and the Dashboard's figures (economics()), so an edit never
 * prices the scene on the UI thread. The cost is published at once; the ±20 % tornado (two
 * evaluations per input) follows in a second publication of the same generation
 * (LiveEconomics::sensitivity).
 * - It is the one owner of computed results: each stage's result is a read-only shared snapshot
 *   (e.g. results().fabric, the routed fabric of the fabric stage, which the traffic stage of the
 *   same edit reuses instead of building the fabric again) with the generation it describes
 *   (stageGeneration(), stageCurrent()). Docks only read them.
 * - On-demand work (the Thermal dock's fine solve, the Traffic dock's Run) goes through
 *   submitJob(): per key, newest wins (a newer job cancels the running one through its
 *   CancelToken and replaces a waiting one); the answer reaches the UI thread by jobFinished()
 *   and only when it is still the newest of its key. This is the app's only background
 *   mechanism: no other worker thread is created.
 */

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/sensitivity.h"
#include "myriad/engine/live/live_models.h"
#include "ui_mailbox.h"

#include <QObject>
#include <QString>

#include <array>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace myriad::app
{

/** The Dashboard's economics of one scene: what it shows, computed once, on either thread. */
struct LiveEconomics
{
  engine::economics::EconomicsInputs inputs; ///< as evaluated (site, price, routed BOM)
  std::optional<engine::economics::EconomicsResult> result;
  std::optional<engine::economics::SensitivityResult> sensitivity; ///< the tornado
  std::string error;      ///< the engine's message when the evaluation failed; empty on success
  quint64 generation = 0; ///< the scheduler generation it belongs to (0: not from the scheduler)
};

/** evaluateEconomics (no built-in tornado) + analyzeSensitivity; never throws. */
LiveEconomics evaluateDashboardEconomics(const engine::Scene& scene, const engine::Catalog& catalog,
                                         const engine::economics::EconomicsInputs& inputs);
/**
 * The Dashboard's economics from a live run's economics stage (its result and inputs, no
 * tornado yet); `error` set when the stage failed.
 */
std::shared_ptr<const LiveEconomics> dashboardEconomics(const engine::live::LiveResults& results,
                                                        quint64 generation);
/** A copy of `economics` with the tornado (analyzeSensitivity) added; never throws. */
std::shared_ptr<const LiveEconomics> withSensitivity(const LiveEconomics& economics,
                                                     const engine::Scene& scene,
                                                     const engine::Catalog& catalog);

/** What an on-demand job (LiveScheduler::submitJob) answered: its value, or why it has none. */
struct JobOutcome
{
  QString key;
  quint64 generation = 0;            ///< as submitJob returned it
  std::shared_ptr<const void> value; ///< the job's result; null when it failed or was cancelled
  QString error;                     ///< the exception's message when the job threw
  bool cancelled = false;            ///< cancelJob() stopped it (a superseded job never answers)
  double seconds = 0;                ///< wall time of the job
  template <class T>
  std::shared_ptr<const T> as() const
  {
    return std::static_pointer_cast<const T>(value);
  }
};

/**
 * An on-demand job: computes on a worker from what it captured (its own copy of the scene, or a
 * read-only snapshot), polls `cancel` where it can, may throw.
 */
using JobFunction =
  std::function<std::shared_ptr<const void>(const engine::live::CancelToken& cancel)>;

class LiveScheduler : public QObject
{
  Q_OBJECT

public:
  /** `catalog` must outlive the scheduler (the built-in catalog does). */
  explicit LiveScheduler(const engine::Catalog& catalog, QObject* parent = nullptr);
  ~LiveScheduler() override;

  /** Recompute the stages `stages` for `scene` (copied). Returns its generation number. */
  quint64 submit(const engine::Scene& scene, const std::vector<engine::live::Stage>& stages);
  /** Recompute what `changes` touches (nothing when it is empty). */
  quint64 submitChanges(const engine::Scene& scene, const engine::edit::ChangeSet& changes);
  /** Forget the previous results (a new document) and compute every stage. */
  quint64 submitAll(const engine::Scene& scene);

  /** Model options; solvers left null keep the ones set by setSolvers(). */
  void setOptions(const engine::live::LiveOptions& options);
  /** The model options in use (a copy; e.g. the thermal cell budget the Thermal dock follows). */
  engine::live::LiveOptions options() const;
  /**
   * The solvers every live run and every job uses (the backend factory's, backend/factory.h);
   * null: the engine's CPU references. Takes effect with the next run.
   */
  void setSolvers(std::shared_ptr<engine::traffic::MaxMinSolver> maxMin,
                  std::shared_ptr<engine::thermal::ThermalSolver> thermal);
  std::shared_ptr<engine::traffic::MaxMinSolver> maxMinSolver() const;
  std::shared_ptr<engine::thermal::ThermalSolver> thermalSolver() const;

  /** The newest results published on the UI thread (every stage's latest completed run). */
  const engine::live::LiveResults& results() const { return m_results; }
  /** Generation of the newest submit, and of the newest results shown. */
  quint64 latestGeneration() const { return m_latestGeneration; }
  quint64 resultsGeneration() const { return m_resultsGeneration; }
  /**
   * The Dashboard's economics from the newest economics stage shown (nullptr before the first);
   * its generation may be older than resultsGeneration() when the last edit did not touch
   * the economics.
   */
  std::shared_ptr<const LiveEconomics> economics() const { return m_economics; }
  /**
   * Generation of the run whose result of `stage` is shown in results() (0: none yet), and
   * whether it describes the newest scene (no newer submit included that stage).
   */
  quint64 stageGeneration(engine::live::Stage stage) const;
  bool stageCurrent(engine::live::Stage stage) const;

  /**
   * Run `work` on a worker; returns the job's generation (one counter for all keys). Newest wins
   * per `key`: a running job of that key is cancelled (its answer is dropped) and a waiting one
   * replaced; jobs of one key run one at a time, at the slow lane's priority. jobFinished()
   * delivers the answer on the UI thread.
   */
  quint64 submitJob(const QString& key, JobFunction work);
  /** Cancel the job of `key` (running or waiting); its answer comes with `cancelled` set. */
  void cancelJob(const QString& key);
  /** True while a job of `key` is waiting or running and has not answered. */
  bool jobPending(const QString& key) const;

  /** True while a run is queued or running on either lane. */
  bool busy() const { return m_busy; }
  /** Runs that were cancelled because a newer edit arrived (for tests and the status area). */
  int cancelledRuns() const { return m_cancelledRuns; }

signals:
  /** A stage started on a worker (UI thread notification; newest generation of its lane). */
  void stageStarted(engine::live::Stage stage);
  /** A stage's result for the newest scene of its lane was joined into results(). */
  void stageShown(engine::live::Stage stage);
  /**
   * New results: after each stage (`complete` false) and when the last busy lane finished its
   * run (`complete` true).
   */
  void resultsUpdated(bool complete);
  /** The scheduler became idle or busy. */
  void busyChanged(bool busy);
  /** The newest job of `outcome.key` answered (UI thread); older jobs' answers are dropped. */
  void jobFinished(const myriad::app::JobOutcome& outcome);

private:
  struct Job
  {
    std::shared_ptr<const engine::Scene> scene;
    std::set<engine::live::Stage> stages;
    quint64 generation = 0;
    bool reset = false;           ///< start from empty results
    quint64 fabricGeneration = 0; ///< newest generation whose fabric this scene has
  };

  /** One on-demand job and the state of its key (UI thread only). */
  struct OnDemand
  {
    quint64 generation = 0;
    JobFunction work;
  };
  struct JobKey
  {
    quint64 latest = 0;                                 ///< newest generation submitted for the key
    std::optional<OnDemand> waiting;                    ///< starts when the running one ended
    std::shared_ptr<engine::live::CancelToken> running; ///< null when none runs
    std::thread thread; ///< joinable while the running job's worker has not been joined
  };

  /** One worker thread and the stages it owns. */
  struct Lane
  {
    std::set<engine::live::Stage> owns;
    int defaultNice = 0;
    const char* niceVariable = ""; ///< environment variable overriding defaultNice
    // Shared with the worker, guarded by m_mutex.
    std::condition_variable wake;
    std::unique_ptr<Job> pending;
    std::set<engine::live::Stage> unfinished; ///< stages a cancelled run left to redo
    std::shared_ptr<engine::live::CancelToken> running;
    // UI thread only.
    quint64 latestGeneration = 0; ///< newest generation submitted to this lane
    bool busy = false;
    std::thread thread;
  };
  static constexpr int kLanes = 2;
  static constexpr int kCheapLane = 0;
  /** Longest wait of a slow-lane run for the cheap lane to finish (ms). */
  static constexpr int kSlowLaneWaitMs = 50;

  quint64 enqueue(const engine::Scene& scene, const std::vector<engine::live::Stage>& stages,
                  bool reset);
  void workerLoop(int lane);
  /** Run one job's stages; returns the stages it did not finish (cancelled). */
  std::set<engine::live::Stage> runJob(int lane, const Job& job,
                                       const engine::live::LiveOptions& options,
                                       const engine::live::CancelToken& cancel,
                                       engine::live::LiveResults& results,
                                       std::shared_ptr<const LiveEconomics>& economics);
  void publish(int lane, quint64 generation, engine::live::LiveResults results,
               std::shared_ptr<const LiveEconomics> economics,
               std::optional<engine::live::Stage> stage, bool complete);
  void notifyStage(int lane, quint64 generation, engine::live::Stage stage);
  /**
   * Run `call` on the UI thread, after every call posted before it (ui_mailbox.h: no Qt event is
   * posted from a worker, so ThreadSanitizer sees the whole hand-over).
   */
  void postToUi(std::function<void()> call);
  void setBusy(bool busy);
  void startJob(const QString& key, OnDemand job);
  /** Run one job on its worker: its value, or its error, or cancelled; and its duration. */
  static JobOutcome runOnDemand(const QString& key, const OnDemand& job,
                                const engine::live::CancelToken& cancel);
  /** A job's worker returned (UI thread): join it and start the key's waiting job, if any. */
  void onJobThreadFinished(const QString& key);
  /** Slow lane: the fabric stage's snapshot of the job's scene, or null (builds its own). */
  void takeFabricOfScene(const Job& job, const engine::live::CancelToken& cancel,
                         engine::live::LiveResults& results);

  const engine::Catalog& m_catalog;

  UiMailbox* m_mailbox = nullptr; ///< child: workers' calls to the UI thread

  // Shared with the workers, guarded by m_mutex.
  mutable std::mutex m_mutex;
  engine::live::LiveOptions m_options;
  bool m_stop = false;
  std::array<Lane, kLanes> m_lanes;
  /** The cheap lane's newest completed fabric stage, for the slow lane's traffic stage. */
  std::shared_ptr<const engine::live::FabricSnapshot> m_sharedFabric;
  quint64 m_sharedFabricGeneration = 0;

  // UI thread only.
  engine::live::LiveResults m_results;
  std::shared_ptr<const LiveEconomics> m_economics;
  quint64 m_latestGeneration = 0;
  quint64 m_resultsGeneration = 0;
  bool m_busy = false;
  int m_cancelledRuns = 0;
  quint64 m_fabricGeneration = 0; ///< newest submit that included the fabric stage
  std::array<quint64, engine::live::kStageCount> m_stageSubmitted{};
  std::array<quint64, engine::live::kStageCount> m_stageShown{};
  quint64 m_jobGeneration = 0;
  std::map<QString, JobKey> m_jobs;
};

} // namespace myriad::app

Q_DECLARE_METATYPE(myriad::app::JobOutcome)
