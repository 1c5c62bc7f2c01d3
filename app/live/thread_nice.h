#pragma once
/**
 * @file thread_nice.h
 * The per-thread nice value of the scheduler's workers (live lanes and jobs), shared by
 * live_scheduler.cpp and live_scheduler_jobs.cpp.
 */

namespace myriad::app
{

/**
 * Set the calling thread's nice value from environment variable `variable`, else `fallback`
 * (Linux; a no-op elsewhere). See live_scheduler.cpp for why a nice value and not a QThread
 * priority.
 */
void setThisThreadsNice(const char* variable, int fallback);

/** Name the calling thread for debuggers and top (Linux; at most 15 characters). */
void nameThisThread(const char* name);

} // namespace myriad::app
