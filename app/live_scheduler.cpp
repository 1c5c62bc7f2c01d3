#include "live_scheduler.h"

#include "myriad/engine/error.h"

#include <QMetaObject>
#include <QThread>
#include <QtGlobal>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <utility>

namespace myriad::app
{

using engine::live::Stage;
namespace econ = engine::economics;

namespace
{

/**
 * Lower the calling thread's CPU share below the UI thread's. QThread::LowPriority maps to
 * nothing under Linux's default scheduler; a nice value per thread does, so the frame (drawn by
 * the UI thread and llvmpipe's threads) wins the cores while the models recompute.
 * MYRIAD_LIVE_WORKER_NICE overrides the default of 4 (0: share the cores equally); 4 measured
 * best in bench_app_edits (docs/benchmarks.md).
 */
void lowerThisThreadsPriority()
{
#ifdef __linux__
  bool ok = false;
  const int nice = qEnvironmentVariableIntValue("MYRIAD_LIVE_WORKER_NICE", &ok);
  const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
  ::setpriority(PRIO_PROCESS, tid, ok ? nice : 4); // best effort: failing keeps the default
#endif
}

} // namespace

LiveEconomics evaluateDashboardEconomics(const engine::Scene& scene, const engine::Catalog& catalog,
                                         const econ::EconomicsInputs& inputs)
{
  LiveEconomics out;
  out.inputs = inputs;
  try
  {
    // The built-in tornado is skipped: analyzeSensitivity gives the chart's bars (cost per
    // GPU-hour, with TCO) at the same cost of two evaluations per input.
    out.result = econ::evaluateEconomics(scene, catalog, inputs, false);
    out.sensitivity = econ::analyzeSensitivity(scene, catalog, inputs);
  }
  catch (const std::exception& error)
  {
    out.result.reset();
    out.sensitivity.reset();
    out.error = error.what();
    if (out.error.empty())
    {
      out.error = "unknown error";
    }
  }
  return out;
}

LiveScheduler::LiveScheduler(const engine::Catalog& catalog, QObject* parent)
  : QObject(parent)
  , m_catalog(catalog)
{
  m_worker = QThread::create([this] { workerLoop(); });
  m_worker->setObjectName(QStringLiteral("myriad-live"));
  m_worker->start(QThread::LowPriority); // the UI thread keeps the upper hand on 2 cores
}

LiveScheduler::~LiveScheduler()
{
  {
    const std::lock_guard lock(m_mutex);
    m_stop = true;
    if (m_running)
    {
      m_running->cancel();
    }
  }
  m_wake.notify_all();
  m_worker->wait();
  delete m_worker;
}

void LiveScheduler::setOptions(const engine::live::LiveOptions& options)
{
  const std::lock_guard lock(m_mutex);
  m_options = options;
}

void LiveScheduler::setEconomicsInputs(const econ::EconomicsInputs& inputs)
{
  const std::lock_guard lock(m_mutex);
  m_economicsInputs = inputs;
}

quint64 LiveScheduler::submit(const engine::Scene& scene, const std::vector<Stage>& stages)
{
  return enqueue(scene, stages, false);
}

quint64 LiveScheduler::submitChanges(const engine::Scene& scene,
                                     const engine::edit::ChangeSet& changes)
{
  if (!changes.any())
  {
    return m_latestGeneration;
  }
  return enqueue(scene, engine::live::stagesFor(changes), false);
}

quint64 LiveScheduler::submitAll(const engine::Scene& scene)
{
  return enqueue(scene, engine::live::allStages(), true);
}

quint64 LiveScheduler::enqueue(const engine::Scene& scene, const std::vector<Stage>& stages,
                               bool reset)
{
  // Copy outside the lock: the worker never waits for the UI thread's copy.
  auto job = std::make_unique<Job>();
  job->scene = std::make_shared<const engine::Scene>(scene);
  job->stages.insert(stages.begin(), stages.end());
  job->reset = reset;
  job->generation = ++m_latestGeneration;
  {
    const std::lock_guard lock(m_mutex);
    if (m_pending)
    {
      // The waiting job never ran: its stages still need computing, on the newer scene.
      job->stages.insert(m_pending->stages.begin(), m_pending->stages.end());
      job->reset = job->reset || m_pending->reset;
    }
    m_pending = std::move(job);
    if (m_running && !m_running->cancelled())
    {
      m_running->cancel();
      ++m_cancelledRuns;
    }
  }
  m_wake.notify_one();
  if (!m_busy)
  {
    m_busy = true;
    emit busyChanged(true);
  }
  return m_latestGeneration;
}

void LiveScheduler::workerLoop()
{
  lowerThisThreadsPriority();
  engine::live::LiveResults results;              // every stage's latest completed run, across jobs
  std::shared_ptr<const LiveEconomics> economics; // the Dashboard's, from the economics stage
  for (;;)
  {
    Job job;
    engine::live::LiveOptions options;
    econ::EconomicsInputs economicsInputs;
    std::shared_ptr<engine::live::CancelToken> cancel;
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [this] { return m_stop || m_pending; });
      if (m_stop)
      {
        return;
      }
      job = std::move(*m_pending);
      m_pending.reset();
      job.stages.insert(m_unfinished.begin(), m_unfinished.end());
      m_unfinished.clear();
      cancel = std::make_shared<engine::live::CancelToken>();
      m_running = cancel;
      options = m_options;
      economicsInputs = m_economicsInputs;
    }
    if (job.reset)
    {
      results = {};
      economics.reset();
    }
    std::set<Stage> unfinished = runJob(job, options, economicsInputs, *cancel, results, economics);
    const bool cancelled = !unfinished.empty();
    {
      const std::lock_guard lock(m_mutex);
      m_unfinished.insert(unfinished.begin(), unfinished.end());
      m_running.reset();
    }
    if (!cancelled)
    {
      publish(job.generation, results, economics, true);
    }
    notifyIdle(job.generation, cancelled);
  }
}

std::set<Stage> LiveScheduler::runJob(const Job& job, const engine::live::LiveOptions& options,
                                      const econ::EconomicsInputs& economicsInputs,
                                      const engine::live::CancelToken& cancel,
                                      engine::live::LiveResults& results,
                                      std::shared_ptr<const LiveEconomics>& economics)
{
  std::set<Stage> unfinished;
  for (const Stage stage : engine::live::allStages()) // run order: cheapest first
  {
    if (job.stages.count(stage) == 0)
    {
      continue;
    }
    if (cancel.cancelled())
    {
      unfinished.insert(stage);
      continue;
    }
    notifyStage(job.generation, stage);
    engine::live::runStage(stage, *job.scene, m_catalog, options, cancel, results);
    if (cancel.cancelled() || results.status(stage).cancelled)
    {
      unfinished.insert(stage);
      continue;
    }
    if (stage == Stage::Economics)
    {
      // The Dashboard's figures, priced with the routed fabric when the fabric stage has it.
      econ::EconomicsInputs inputs = economicsInputs;
      inputs.bom = {}; // empty: the per-node estimate
      const engine::live::StageStatus& fabric = results.status(Stage::Fabric);
      if (fabric.computed && !fabric.failed)
      {
        inputs.bom = results.fabricBom;
      }
      auto evaluated =
        std::make_shared<LiveEconomics>(evaluateDashboardEconomics(*job.scene, m_catalog, inputs));
      evaluated->generation = job.generation;
      economics = std::move(evaluated);
    }
    publish(job.generation, results, economics, false); // cheap figures show before thermal
  }
  return unfinished;
}

void LiveScheduler::publish(quint64 generation, engine::live::LiveResults results,
                            std::shared_ptr<const LiveEconomics> economics, bool complete)
{
  QMetaObject::invokeMethod(
    this,
    [this, generation, complete, results = std::move(results),
     economics = std::move(economics)]() mutable
    {
      if (generation != m_latestGeneration)
      {
        return; // a newer scene was submitted: this result describes an old one
      }
      m_results = std::move(results);
      m_economics = std::move(economics);
      m_resultsGeneration = generation;
      emit resultsUpdated(complete);
    },
    Qt::QueuedConnection);
}

void LiveScheduler::notifyStage(quint64 generation, Stage stage)
{
  QMetaObject::invokeMethod(
    this,
    [this, generation, stage]
    {
      if (generation == m_latestGeneration)
      {
        emit stageStarted(stage);
      }
    },
    Qt::QueuedConnection);
}

void LiveScheduler::notifyIdle(quint64 generation, bool cancelled)
{
  QMetaObject::invokeMethod(
    this,
    [this, generation, cancelled]
    {
      if (generation == m_latestGeneration && !cancelled && m_busy)
      {
        m_busy = false;
        emit busyChanged(false);
      }
    },
    Qt::QueuedConnection);
}

} // namespace myriad::app
