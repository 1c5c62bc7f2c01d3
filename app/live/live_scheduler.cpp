#include "live_scheduler.h"

#include "allocator_tuning.h"
#include "thread_nice.h"

#include "myriad/engine/error.h"
#include "myriad/engine/live/model_registry.h"

#include <QtGlobal>

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <utility>

namespace myriad::app
{

using engine::live::Stage;
namespace econ = engine::economics;

/**
 * Set the calling thread's nice value. QThread priorities map to nothing under Linux's default
 * scheduler; a nice value per thread does, so the frame (drawn by the UI thread and llvmpipe's
 * threads) wins the cores over the slow lane while the models recompute. `variable` overrides
 * `fallback` (0: share the cores equally); 4 for the slow lane measured best in bench_app_edits
 * (docs/benchmarks.md). An unprivileged thread can only raise its nice value, which is all
 * this does.
 */
void setThisThreadsNice(const char* variable, int fallback)
{
#ifdef __linux__
  bool ok = false;
  const int nice = qEnvironmentVariableIntValue(variable, &ok);
  const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
  ::setpriority(PRIO_PROCESS, tid, ok ? nice : fallback); // best effort: failing keeps it
#else
  (void)variable;
  (void)fallback;
#endif
}

void nameThisThread(const char* name)
{
#ifdef __linux__
  ::pthread_setname_np(::pthread_self(), name); // at most 15 characters; debuggers and top show it
#else
  (void)name;
#endif
}

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

std::shared_ptr<const LiveEconomics> dashboardEconomics(const engine::live::LiveResults& results,
                                                        quint64 generation)
{
  auto out = std::make_shared<LiveEconomics>();
  out->generation = generation;
  out->inputs = results.economicsInputs;
  const engine::live::StageStatus& status = results.status(Stage::Economics);
  if (status.failed || !results.economics)
  {
    out->error = status.error.empty() ? "the economics stage has no result" : status.error;
    return out;
  }
  out->result = *results.economics;
  return out;
}

std::shared_ptr<const LiveEconomics> withSensitivity(const LiveEconomics& economics,
                                                     const engine::Scene& scene,
                                                     const engine::Catalog& catalog)
{
  auto out = std::make_shared<LiveEconomics>(economics);
  try
  {
    out->sensitivity = econ::analyzeSensitivity(scene, catalog, economics.inputs);
  }
  catch (const std::exception&)
  {
    out->sensitivity.reset(); // the KPIs stand; the chart keeps its previous bars
  }
  return out;
}

LiveScheduler::LiveScheduler(const engine::Catalog& catalog, QObject* parent)
  : QObject(parent)
  , m_catalog(catalog)
  , m_mailbox(new UiMailbox(this))
{
  tuneAllocatorForLiveSolves(); // a solve's memory is reused by the next (allocator_tuning.h)
  // Which stage runs in which lane is the model registry's (model_registry.h).
  Lane& cheap = m_lanes[kCheapLane];
  for (const Stage stage : engine::live::stagesIn(engine::live::Lane::Cheap))
    cheap.owns.insert(stage);
  cheap.niceVariable = "MYRIAD_LIVE_CHEAP_NICE";
  cheap.defaultNice = 0;
  Lane& slow = m_lanes[1 - kCheapLane];
  for (const Stage stage : engine::live::stagesIn(engine::live::Lane::Slow))
    slow.owns.insert(stage);
  slow.niceVariable = "MYRIAD_LIVE_WORKER_NICE";
  slow.defaultNice = 4;
  for (int i = 0; i < kLanes; ++i)
  {
    m_lanes[i].thread = std::thread(
      [this, i]
      {
        nameThisThread(i == kCheapLane ? "myriad-live" : "myriad-live-slow");
        workerLoop(i);
      });
  }
}

LiveScheduler::~LiveScheduler()
{
  {
    const std::lock_guard lock(m_mutex);
    m_stop = true;
    for (Lane& lane : m_lanes)
    {
      if (lane.running)
      {
        lane.running->cancel();
      }
    }
  }
  for (Lane& lane : m_lanes)
  {
    lane.wake.notify_all();
  }
  for (Lane& lane : m_lanes)
  {
    lane.thread.join();
  }
  for (auto& [key, state] : m_jobs)
  {
    state.waiting.reset();
    if (state.running)
    {
      state.running->cancel();
    }
    if (state.thread.joinable())
    {
      state.thread.join(); // its answer, posted to the mailbox, dies with this object
    }
  }
}

void LiveScheduler::setOptions(const engine::live::LiveOptions& options)
{
  const std::lock_guard lock(m_mutex);
  auto maxMin = options.maxMinSolver ? options.maxMinSolver : m_options.maxMinSolver;
  auto thermal = options.thermalSolver ? options.thermalSolver : m_options.thermalSolver;
  m_options = options;
  m_options.maxMinSolver = std::move(maxMin);
  m_options.thermalSolver = std::move(thermal);
}

engine::live::LiveOptions LiveScheduler::options() const
{
  const std::lock_guard lock(m_mutex);
  return m_options;
}

void LiveScheduler::setSolvers(std::shared_ptr<engine::traffic::MaxMinSolver> maxMin,
                               std::shared_ptr<engine::thermal::ThermalSolver> thermal)
{
  const std::lock_guard lock(m_mutex);
  m_options.maxMinSolver = std::move(maxMin);
  m_options.thermalSolver = std::move(thermal);
}

std::shared_ptr<engine::traffic::MaxMinSolver> LiveScheduler::maxMinSolver() const
{
  const std::lock_guard lock(m_mutex);
  return m_options.maxMinSolver;
}

std::shared_ptr<engine::thermal::ThermalSolver> LiveScheduler::thermalSolver() const
{
  const std::lock_guard lock(m_mutex);
  return m_options.thermalSolver;
}

quint64 LiveScheduler::submit(const engine::Scene& scene, const std::vector<Stage>& stages)
{
  return enqueue(scene, stages, false);
}

quint64 LiveScheduler::submitChanges(const engine::Scene& scene,
                                     const engine::edit::ChangeSet& changes)
{
  // Nothing a model reads changed (e.g. a row renamed): no run, so nothing stays busy.
  const std::vector<Stage> stages = engine::live::stagesFor(changes);
  if (stages.empty())
  {
    return m_latestGeneration;
  }
  return enqueue(scene, stages, false);
}

quint64 LiveScheduler::submitAll(const engine::Scene& scene)
{
  return enqueue(scene, engine::live::allStages(), true);
}

quint64 LiveScheduler::enqueue(const engine::Scene& scene, const std::vector<Stage>& stages,
                               bool reset)
{
  // One copy for both lanes, made outside the lock: a worker never waits for the UI thread.
  const auto shared = std::make_shared<const engine::Scene>(scene);
  const quint64 generation = ++m_latestGeneration;
  for (const Stage stage : stages)
  {
    m_stageSubmitted[static_cast<int>(stage)] = generation;
  }
  if (std::find(stages.begin(), stages.end(), Stage::Fabric) != stages.end())
  {
    m_fabricGeneration = generation;
  }
  for (Lane& lane : m_lanes)
  {
    auto job = std::make_unique<Job>();
    for (const Stage stage : stages)
    {
      if (lane.owns.count(stage))
      {
        job->stages.insert(stage);
      }
    }
    if (job->stages.empty() && !reset)
    {
      continue; // nothing of this lane changed: its running run stays valid
    }
    job->scene = shared;
    job->generation = generation;
    job->reset = reset;
    job->fabricGeneration = m_fabricGeneration;
    {
      const std::lock_guard lock(m_mutex);
      if (lane.pending)
      {
        // The waiting job never ran: its stages still need computing, on the newer scene.
        job->stages.insert(lane.pending->stages.begin(), lane.pending->stages.end());
        job->reset = job->reset || lane.pending->reset;
      }
      lane.pending = std::move(job);
      if (lane.running && !lane.running->cancelled())
      {
        lane.running->cancel();
        ++m_cancelledRuns;
      }
    }
    lane.wake.notify_one();
    lane.latestGeneration = generation;
    lane.busy = true;
  }
  setBusy(true);
  return m_latestGeneration;
}

void LiveScheduler::setBusy(bool busy)
{
  if (m_busy != busy)
  {
    m_busy = busy;
    emit busyChanged(busy);
  }
}

void LiveScheduler::workerLoop(int laneIndex)
{
  Lane& lane = m_lanes[laneIndex];
  setThisThreadsNice(lane.niceVariable, lane.defaultNice);
  engine::live::LiveResults results;              // the lane's stages' latest completed runs
  std::shared_ptr<const LiveEconomics> economics; // the Dashboard's, from the economics stage
  for (;;)
  {
    Job job;
    engine::live::LiveOptions options;
    std::shared_ptr<engine::live::CancelToken> cancel;
    {
      std::unique_lock lock(m_mutex);
      lane.wake.wait(lock, [&] { return m_stop || lane.pending; });
      if (m_stop)
      {
        return;
      }
      job = std::move(*lane.pending);
      lane.pending.reset();
      job.stages.insert(lane.unfinished.begin(), lane.unfinished.end());
      lane.unfinished.clear();
      cancel = std::make_shared<engine::live::CancelToken>();
      lane.running = cancel;
      options = m_options;
      if (laneIndex != kCheapLane)
      {
        // Cheap results first: the slow lane lets the cheap one finish this edit's figures
        // (bounded, so a stream of edits cannot starve it).
        const Lane& cheap = m_lanes[kCheapLane];
        lane.wake.wait_for(
          lock, std::chrono::milliseconds(kSlowLaneWaitMs),
          [&] { return m_stop || cancel->cancelled() || (!cheap.pending && !cheap.running); });
      }
    }
    if (job.reset)
    {
      results = {};
      economics.reset();
    }
    std::set<Stage> unfinished = runJob(laneIndex, job, options, *cancel, results, economics);
    const bool cancelled = !unfinished.empty();
    {
      const std::lock_guard lock(m_mutex);
      lane.unfinished.insert(unfinished.begin(), unfinished.end());
      lane.running.reset();
    }
    if (laneIndex == kCheapLane)
    {
      m_lanes[1 - kCheapLane].wake.notify_all(); // the slow lane may be waiting for this
    }
    if (!cancelled)
    {
      publish(laneIndex, job.generation, results, economics, std::nullopt, true);
    }
  }
}

std::set<Stage> LiveScheduler::runJob(int lane, const Job& job,
                                      const engine::live::LiveOptions& options,
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
    if (stage == Stage::Traffic)
    {
      takeFabricOfScene(job, cancel, results);
    }
    notifyStage(lane, job.generation, stage);
    engine::live::runStage(stage, *job.scene, m_catalog, options, cancel, results);
    if (stage == Stage::Fabric && !results.status(stage).failed &&
        !results.status(stage).cancelled && !cancel.cancelled())
    {
      {
        const std::lock_guard lock(m_mutex);
        m_sharedFabric = results.fabric;
        m_sharedFabricGeneration = job.generation;
      }
      m_lanes[1 - kCheapLane].wake.notify_all(); // a traffic stage may be waiting for it
    }
    if (cancel.cancelled() || results.status(stage).cancelled)
    {
      unfinished.insert(stage);
      continue;
    }
    if (stage == Stage::Economics)
    {
      // The cost shows first; the tornado (two evaluations per input) follows it.
      economics = dashboardEconomics(results, job.generation);
      publish(lane, job.generation, results, economics, stage, false);
      if (economics->result && !cancel.cancelled())
      {
        economics = withSensitivity(*economics, *job.scene, m_catalog);
        publish(lane, job.generation, results, economics, std::nullopt, false);
      }
      continue;
    }
    publish(lane, job.generation, results, economics, stage, false);
  }
  return unfinished;
}

void LiveScheduler::publish(int laneIndex, quint64 generation, engine::live::LiveResults results,
                            std::shared_ptr<const LiveEconomics> economics,
                            std::optional<Stage> stage, bool complete)
{
  postToUi(
    [this, laneIndex, generation, stage, complete, results = std::move(results),
     economics = std::move(economics)]() mutable
    {
      Lane& lane = m_lanes[laneIndex];
      if (generation != lane.latestGeneration)
      {
        return; // a newer scene was submitted to this lane: this result describes an old one
      }
      for (const Stage owned : lane.owns)
      {
        engine::live::mergeStage(owned, results, m_results);
      }
      if (lane.owns.count(Stage::Economics) && economics)
      {
        m_economics = std::move(economics);
      }
      m_resultsGeneration = std::max(m_resultsGeneration, generation);
      if (stage)
      {
        m_stageShown[static_cast<int>(*stage)] = generation;
        emit stageShown(*stage);
      }
      if (complete)
      {
        lane.busy = false;
      }
      const bool idle =
        std::none_of(m_lanes.begin(), m_lanes.end(), [](const Lane& other) { return other.busy; });
      emit resultsUpdated(complete && idle);
      if (complete && idle)
      {
        setBusy(false);
      }
    });
}

void LiveScheduler::takeFabricOfScene(const Job& job, const engine::live::CancelToken& cancel,
                                      engine::live::LiveResults& results)
{
  std::unique_lock lock(m_mutex);
  // The fabric of this scene is the one of job.fabricGeneration (later edits that did not touch
  // the fabric kept it). Wait for the cheap lane while it may still produce it: a few ms.
  const Lane& cheap = m_lanes[kCheapLane];
  Lane& slow = m_lanes[1 - kCheapLane];
  slow.wake.wait(lock,
                 [&]
                 {
                   return m_stop || cancel.cancelled() ||
                          m_sharedFabricGeneration >= job.fabricGeneration ||
                          (!cheap.pending && !cheap.running);
                 });
  engine::live::StageStatus& fabric = results.stages[static_cast<int>(Stage::Fabric)];
  if (m_sharedFabric && m_sharedFabricGeneration == job.fabricGeneration)
  {
    results.fabric = m_sharedFabric;
    fabric = {};
    fabric.computed = true;
  }
  else
  {
    results.fabric.reset(); // not of this scene: the traffic stage builds its own graph
    fabric = {};
  }
}

quint64 LiveScheduler::stageGeneration(Stage stage) const
{
  return m_stageShown[static_cast<int>(stage)];
}

bool LiveScheduler::stageCurrent(Stage stage) const
{
  const int i = static_cast<int>(stage);
  return m_stageShown[i] != 0 && m_stageShown[i] >= m_stageSubmitted[i];
}

void LiveScheduler::notifyStage(int laneIndex, quint64 generation, Stage stage)
{
  postToUi(
    [this, laneIndex, generation, stage]
    {
      if (generation == m_lanes[laneIndex].latestGeneration)
      {
        emit stageStarted(stage);
      }
    });
}

void LiveScheduler::postToUi(std::function<void()> call)
{
  m_mailbox->post(std::move(call));
}

} // namespace myriad::app
