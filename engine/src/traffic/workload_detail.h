#pragma once
/**
 * @file workload_detail.h
 * Internal to the workload model: one job's step on a GpuNetwork (workload_step.cpp), used by
 * simulateWorkload (workload.cpp).
 */

#include "myriad/engine/traffic/workload.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace myriad::engine::traffic::detail
{

/** Collectives of one step of `job` on `net`, overlap rule, step and run; fills `busiest`. */
JobResult evaluateJob(GpuNetwork& net, const JobSpec& job, const std::vector<int>& gpu,
                      const GpuFigures& fig, std::uint64_t seed,
                      std::vector<std::pair<int, int>>& busiest);

} // namespace myriad::engine::traffic::detail
