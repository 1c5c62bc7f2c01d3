// LiveScheduler's on-demand jobs: a dock's own runs (the Thermal dock's solve, the Traffic
// dock's Run) on a worker thread, cancellable, newest wins per key; only the newest job of a key
// answers on the UI thread (jobFinished).
#include "live_scheduler.h"
#include "thread_nice.h"

#include <chrono>
#include <utility>

namespace myriad::app
{

quint64 LiveScheduler::submitJob(const QString& key, JobFunction work)
{
  OnDemand job{ ++m_jobGeneration, std::move(work) };
  JobKey& state = m_jobs[key];
  state.latest = job.generation;
  if (state.thread.joinable())
  {
    // Newest wins: stop the running job (its answer is dropped) and wait for its thread.
    state.running->cancel();
    state.waiting = std::move(job);
    return state.latest;
  }
  startJob(key, std::move(job));
  return state.latest;
}

void LiveScheduler::cancelJob(const QString& key)
{
  const auto it = m_jobs.find(key);
  if (it == m_jobs.end())
  {
    return;
  }
  JobKey& state = it->second;
  if (state.waiting)
  {
    // It never ran: answer for it at once.
    JobOutcome outcome;
    outcome.key = key;
    outcome.generation = state.waiting->generation;
    outcome.cancelled = true;
    state.waiting.reset();
    if (state.running)
    {
      state.running->cancel();
    }
    emit jobFinished(outcome);
    return;
  }
  if (state.running)
  {
    state.running->cancel();
  }
}

bool LiveScheduler::jobPending(const QString& key) const
{
  const auto it = m_jobs.find(key);
  return it != m_jobs.end() && (it->second.thread.joinable() || it->second.waiting);
}

void LiveScheduler::startJob(const QString& key, OnDemand job)
{
  JobKey& state = m_jobs[key];
  auto cancel = std::make_shared<engine::live::CancelToken>();
  state.running = cancel;
  state.thread = std::thread(
    [this, key, job = std::move(job), cancel]() mutable
    {
      nameThisThread("myriad-job");
      setThisThreadsNice("MYRIAD_LIVE_WORKER_NICE", 4);
      JobOutcome outcome = runOnDemand(key, job, *cancel);
      job.work = nullptr; // what the job holds is released on its worker, not on the UI thread
      // The last thing this thread does: the UI thread joins it when the call runs.
      postToUi(
        [this, outcome = std::move(outcome)]
        {
          onJobThreadFinished(outcome.key);
          const auto it = m_jobs.find(outcome.key);
          if (it != m_jobs.end() && it->second.latest == outcome.generation)
          {
            emit jobFinished(outcome); // only the newest of its key answers
          }
        });
    });
}

JobOutcome LiveScheduler::runOnDemand(const QString& key, const OnDemand& job,
                                      const engine::live::CancelToken& cancel)
{
  JobOutcome outcome;
  outcome.key = key;
  outcome.generation = job.generation;
  const auto start = std::chrono::steady_clock::now();
  try
  {
    outcome.value = job.work(cancel);
  }
  catch (const std::exception& error)
  {
    outcome.error = QString::fromUtf8(error.what());
  }
  catch (...)
  {
    outcome.error = QStringLiteral("unknown error");
  }
  if (cancel.cancelled())
  {
    // Whatever it threw (the thermal solver's SolveCancelled): it was stopped on purpose.
    outcome.value.reset();
    outcome.error.clear();
    outcome.cancelled = true;
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

void LiveScheduler::onJobThreadFinished(const QString& key)
{
  JobKey& state = m_jobs[key];
  if (state.thread.joinable())
  {
    state.thread.join(); // it posted this call as its last act: the join is immediate
  }
  state.running.reset();
  if (state.waiting)
  {
    OnDemand next = std::move(*state.waiting);
    state.waiting.reset();
    startJob(key, std::move(next));
  }
}

} // namespace myriad::app
