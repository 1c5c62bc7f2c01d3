#pragma once
/**
 * @file flow_sim_detail.h
 * Checks and messages shared by the two flow simulations (flow_sim.cpp, the full re-solve
 * reference, and flow_sim_incremental.cpp); internal to engine/src/traffic.
 */

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace myriad::engine::traffic::detail
{

/** Throws SpecError unless bytes (and starts, when given) have one entry ≥ 0 per flow. */
void checkFlowSimInputs(const MaxMinProblem& p, const std::vector<double>& bytes,
                        const std::vector<double>& startS);

/** The error for `running` flows left with rate 0 and no start to wait for. */
inline SpecError neverFinishes(int running)
{
  return SpecError("flow simulation: " + std::to_string(running) +
                   " flows have rate 0 and can never finish (a link of capacity 0?)");
}

/** Last completion over the flows of finite size (background flows of +∞ bytes never end). */
inline double makespanOf(const std::vector<double>& bytes, const std::vector<double>& finishS)
{
  double makespanS = 0;
  for (std::size_t f = 0; f < bytes.size(); ++f)
  {
    if (std::isfinite(bytes[f]))
    {
      makespanS = std::max(makespanS, finishS[f]);
    }
  }
  return makespanS;
}

} // namespace myriad::engine::traffic::detail
