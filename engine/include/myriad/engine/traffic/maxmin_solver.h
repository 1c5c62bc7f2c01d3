#pragma once
/**
 * @file maxmin_solver.h
 * A max-min fair rate solver as an object, so that callers choose the backend (the CPU
 * reference here, the CUDA rounds algorithm of the backend layer) and the traffic models run
 * whichever they are given, like thermal::ThermalSolver for the thermal model.
 *
 * Every traffic entry point that solves max-min rates (simulateFlows, ringAllReduce, allToAll,
 * GpuNetwork, simulateWorkload) takes an optional MaxMinSolver*; null means the CPU reference.
 *
 * Flow simulations: the CPU reference simulates with the incremental algorithm of
 * flow_sim_incremental.cpp (partial progressive fillings on residual capacities, which only
 * the heap algorithm provides). Any other solver simulates with the full re-solve event loop
 * (simulateFlowsFullResolve), calling solve() on every flow in progress at every event; the
 * results are equal to rounding (tested in test_flow_incremental.cpp).
 */

#include "myriad/engine/solver_run.h"
#include "myriad/engine/traffic/maxmin.h"

#include <memory>
#include <string>
#include <vector>

namespace myriad::engine::traffic
{

class MaxMinSolver
{
public:
  virtual ~MaxMinSolver();
  /** What runs the solves, for status lines: "CPU", "CUDA (NVIDIA H200)", … */
  virtual std::string name() const = 0;
  /** Max-min fair rates of `problem` (as engine maxMinRates: `active` empty = all flows). */
  virtual std::vector<double> solve(const MaxMinProblem& problem,
                                    const std::vector<bool>& active = {}) = 0;
  /**
   * Event-driven flow simulation (maxmin.h simulateFlows) on this solver. Default: the full
   * re-solve loop with solve() at every event; the CPU reference runs the incremental one.
   */
  virtual FlowSimResult simulate(const MaxMinProblem& problem, const std::vector<double>& bytes,
                                 const std::vector<double>& startS = {});
  /**
   * The backend that ran the last solve() or simulate() of this object and why. Default:
   * name() with no reason. A solver that can hand a problem to another backend (the CUDA
   * solver falls back to the CPU) reports the one that actually ran.
   */
  virtual SolverRun lastRun() const;
};

/**
 * Forwards every call to `inner` and keeps what ran each one (inner.lastRun() after the call),
 * so that a model making several calls (a collective's flow simulation, then its start rates)
 * reports every backend that ran: lastRun() joins the distinct backends with " + " and the
 * distinct reasons with "; " (inner.lastRun() before any call). One object per model run.
 */
class RecordingMaxMinSolver final : public MaxMinSolver
{
public:
  explicit RecordingMaxMinSolver(MaxMinSolver& inner)
    : m_inner(inner)
  {
  }
  std::string name() const override { return m_inner.name(); }
  std::vector<double> solve(const MaxMinProblem& problem,
                            const std::vector<bool>& active = {}) override;
  FlowSimResult simulate(const MaxMinProblem& problem, const std::vector<double>& bytes,
                         const std::vector<double>& startS = {}) override;
  SolverRun lastRun() const override;
  /** Calls forwarded so far (solve and simulate). */
  int calls() const { return m_calls; }

private:
  void note();

  MaxMinSolver& m_inner;
  std::vector<SolverRun> m_runs; ///< distinct, in order of first appearance
  int m_calls = 0;
};

/** The CPU reference: engine maxMinRates (heap progressive filling), name "CPU". */
std::shared_ptr<MaxMinSolver> makeCpuMaxMinSolver();

} // namespace myriad::engine::traffic
