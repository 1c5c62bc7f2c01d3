/**
 * @file flow_sim.cpp
 * Event-driven fluid flow simulation over max-min rates: the full re-solve reference
 * (simulateFlowsFullResolve); the incremental simulateFlows is in flow_sim_incremental.cpp.
 *
 * Model: flow f starts at t0_f with B_f bytes; while it is in progress it sends at its max-min
 * rate x_f(t) (bit/s) among the flows in progress. Rates are piecewise constant between events
 * (a start or a completion), so the next completion after t is t + min_f 8·R_f / x_f with R_f
 * the bytes left. Each event re-solves the rates (SimGrid's flow-level model without latency
 * or TCP-window bounds: Velho et al., "On the validity of flow-level TCP network models for
 * grid and cloud simulations", ACM TOMACS 2013).
 * Flows whose completion falls within a relative 1e-12 of the event finish together, so ties
 * of equal flows do not cost extra solves and closed-form times are reproduced exactly.
 */

#include "flow_sim_detail.h"
#include "myriad/engine/assert.h"

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

namespace myriad::engine::traffic
{

namespace detail
{

void checkFlowSimInputs(const MaxMinProblem& p, const std::vector<double>& bytes,
                        const std::vector<double>& startS)
{
  const auto n = static_cast<std::size_t>(p.flowCount());
  if (bytes.size() != n || (!startS.empty() && startS.size() != n))
  {
    throw SpecError("flow simulation: bytes (" + std::to_string(bytes.size()) + ") and starts (" +
                    std::to_string(startS.size()) + ") must have one entry per flow (" +
                    std::to_string(n) + ")");
  }
  for (std::size_t f = 0; f < n; ++f)
  {
    if (!(bytes[f] >= 0) || (!startS.empty() && !(startS[f] >= 0)))
    {
      throw SpecError("flow simulation: flow " + std::to_string(f) +
                      ": bytes and start time must be ≥ 0");
    }
  }
}

} // namespace detail

namespace
{

/**
 * Move every active flow on by `dt` at its rate; flows that end by tNext (to a relative 1e-12)
 * are finished at tNext and deactivated. Returns how many finished.
 */
int advance(const std::vector<double>& rate, double dt, double tNext, std::vector<bool>& active,
            std::vector<double>& leftBits, std::vector<double>& finishS)
{
  int finished = 0;
  for (std::size_t f = 0; f < active.size(); ++f)
  {
    if (!active[f])
    {
      continue;
    }
    if (rate[f] > 0 && leftBits[f] / rate[f] <= dt + 1e-12 * std::max(dt, tNext))
    {
      active[f] = false;
      ++finished;
      finishS[f] = tNext;
      continue;
    }
    leftBits[f] -= rate[f] * dt;
    // dt never passes the earliest finish (the caller steps to it), so nothing overdraws.
    MYRIAD_ASSERT(leftBits[f] >= -1e-9 * rate[f] * std::max(dt, 1.0),
                  "a flow sent more bits than it had");
  }
  return finished;
}

/** Records the flows in progress whose rate differs from the one last recorded (`traced`). */
void recordRates(FlowSimTrace& trace, double t, const std::vector<double>& rate,
                 const std::vector<bool>& active, std::vector<double>& traced)
{
  trace.eventS.push_back(t);
  for (std::size_t f = 0; f < active.size(); ++f)
  {
    if (active[f] && rate[f] != traced[f])
    {
      trace.changes.push_back({ t, static_cast<int>(f), rate[f] });
      traced[f] = rate[f];
    }
  }
}

/** Records rate 0 at `t` for the flows that finished (recorded rate > 0, no longer active). */
void recordFinished(FlowSimTrace& trace, double t, const std::vector<bool>& active,
                    std::vector<double>& traced)
{
  for (std::size_t f = 0; f < active.size(); ++f)
  {
    if (!active[f] && traced[f] != 0)
    {
      trace.changes.push_back({ t, static_cast<int>(f), 0.0 });
      traced[f] = 0;
    }
  }
}

} // namespace

FlowSimResult simulateFlowsFullResolve(const MaxMinProblem& problem,
                                       const std::vector<double>& bytes,
                                       const std::vector<double>& startS, MaxMinSolver* solver,
                                       FlowSimTrace* trace)
{
  detail::checkFlowSimInputs(problem, bytes, startS);
  const int n = problem.flowCount();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  FlowSimResult result;
  result.finishS.assign(n, kInf);
  std::vector<double> leftBits(n);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  auto start = [&](int f) { return startS.empty() ? 0.0 : startS[f]; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return start(a) < start(b); });
  std::vector<bool> active(n, false);
  std::vector<double> traced(trace ? n : 0, 0.0); // the rate last recorded per flow
  std::size_t nextStart = 0;
  int running = 0;
  double t = 0;
  while (nextStart < order.size() || running > 0)
  {
    // Admit every flow starting now; zero-byte flows complete on arrival.
    while (nextStart < order.size() && start(order[nextStart]) <= t)
    {
      const int f = order[nextStart++];
      leftBits[f] = 8 * bytes[f];
      if (leftBits[f] > 0)
      {
        active[f] = true;
        running += std::isinf(leftBits[f]) ? 0 : 1; // background flows never finish
      }
      else
      {
        result.finishS[f] = t;
      }
    }
    const double nextArrival = nextStart < order.size() ? start(order[nextStart]) : kInf;
    if (running == 0)
    {
      t = nextArrival;
      continue;
    }
    const std::vector<double> rate =
      solver ? solver->solve(problem, active) : maxMinRates(problem, active);
    ++result.solves;
    result.resolvedFlows += std::count(active.begin(), active.end(), true);
    if (trace)
    {
      recordRates(*trace, t, rate, active, traced);
    }
    double dt = nextArrival - t;
    for (int f = 0; f < n; ++f)
    {
      if (active[f] && rate[f] > 0)
      {
        dt = std::min(dt, leftBits[f] / rate[f]);
      }
    }
    if (!(dt < kInf))
    {
      throw detail::neverFinishes(running);
    }
    const double tNext = t + dt;
    running -= advance(rate, dt, tNext, active, leftBits, result.finishS);
    if (trace)
    {
      recordFinished(*trace, tNext, active, traced);
    }
    t = tNext;
  }
  result.makespanS = detail::makespanOf(bytes, result.finishS);
  return result;
}

} // namespace myriad::engine::traffic
