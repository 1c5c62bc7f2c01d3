#pragma once
/**
 * @file live_scheduler.h
 * Recomputes the live models (engine/live/live_models.h) on a worker thread after each edit.
 *
 * - submit() takes a copy of the scene and the change set and returns at once: the UI thread
 *   never waits for a model.
 * - Newest edit wins: a submit cancels the running run through its CancelToken (stages poll it)
 *   and replaces any run still waiting. The stages a cancelled run did not finish are added to
 *   the next run, so no model is left stale.
 * - Cheap stages run first (geometry, fabric, power, economics, then traffic, thermal); results
 *   are published after every stage, so cheap figures show before thermal finishes.
 * - Results reach the UI thread through queued calls and are dropped there when a newer scene
 *   was submitted since: an old result never overwrites a newer one.
 * - With the economics stage it also evaluates the Dashboard's full economics (KPIs, charts and
 *   the ±20 % tornado) for the Dashboard's site and price (setEconomicsInputs) and the routed
 *   fabric's BOM, so that an edit never prices the scene on the UI thread (economics()).
 */

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/sensitivity.h"
#include "myriad/engine/live/live_models.h"

#include <QObject>
#include <QString>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

class QThread;

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

  void setOptions(const engine::live::LiveOptions& options);
  /**
   * Site and energy price of the Dashboard's economics (the `bom` member is ignored: each run
   * prices its own routed fabric). Takes effect with the next economics stage.
   */
  void setEconomicsInputs(const engine::economics::EconomicsInputs& inputs);

  /** The newest results published on the UI thread (every stage's latest completed run). */
  const engine::live::LiveResults& results() const { return m_results; }
  /** Generation of the newest submit, and of the results shown. */
  quint64 latestGeneration() const { return m_latestGeneration; }
  quint64 resultsGeneration() const { return m_resultsGeneration; }
  /**
   * The Dashboard's economics from the newest economics stage shown (nullptr before the first);
   * its generation may be older than resultsGeneration() when the last edit did not touch
   * the economics.
   */
  std::shared_ptr<const LiveEconomics> economics() const { return m_economics; }
  /** True while a run is queued or running. */
  bool busy() const { return m_busy; }
  /** Runs that were cancelled because a newer edit arrived (for tests and the status area). */
  int cancelledRuns() const { return m_cancelledRuns; }

signals:
  /** A stage started on the worker (UI thread notification; generation = newest only). */
  void stageStarted(engine::live::Stage stage);
  /**
   * New results for the newest scene: after each stage (`complete` false) and at the end of the
   * run (`complete` true).
   */
  void resultsUpdated(bool complete);
  /** The scheduler became idle or busy. */
  void busyChanged(bool busy);

private:
  struct Job
  {
    std::shared_ptr<const engine::Scene> scene;
    std::set<engine::live::Stage> stages;
    quint64 generation = 0;
    bool reset = false; ///< start from empty results
  };

  quint64 enqueue(const engine::Scene& scene, const std::vector<engine::live::Stage>& stages,
                  bool reset);
  void workerLoop();
  /** Run one job's stages; returns the stages it did not finish (cancelled). */
  std::set<engine::live::Stage> runJob(const Job& job, const engine::live::LiveOptions& options,
                                       const engine::economics::EconomicsInputs& economicsInputs,
                                       const engine::live::CancelToken& cancel,
                                       engine::live::LiveResults& results,
                                       std::shared_ptr<const LiveEconomics>& economics);
  void publish(quint64 generation, engine::live::LiveResults results,
               std::shared_ptr<const LiveEconomics> economics, bool complete);
  void notifyStage(quint64 generation, engine::live::Stage stage);
  void notifyIdle(quint64 generation, bool cancelled);

  const engine::Catalog& m_catalog;

  // Shared with the worker, guarded by m_mutex.
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::unique_ptr<Job> m_pending;
  std::set<engine::live::Stage> m_unfinished; ///< stages a cancelled run left to redo
  std::shared_ptr<engine::live::CancelToken> m_running;
  engine::live::LiveOptions m_options;
  engine::economics::EconomicsInputs m_economicsInputs;
  bool m_stop = false;

  // UI thread only.
  engine::live::LiveResults m_results;
  std::shared_ptr<const LiveEconomics> m_economics;
  quint64 m_latestGeneration = 0;
  quint64 m_resultsGeneration = 0;
  bool m_busy = false;
  int m_cancelledRuns = 0;

  QThread* m_worker = nullptr; ///< started last, in the constructor
};

} // namespace myriad::app
