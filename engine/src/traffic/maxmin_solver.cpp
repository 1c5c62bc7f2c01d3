/**
 * @file maxmin_solver.cpp
 * The MaxMinSolver defaults (full re-solve simulation, last run = own name) and the CPU
 * reference solver.
 */

#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>

namespace myriad::engine::traffic
{

MaxMinSolver::~MaxMinSolver() = default;

FlowSimResult MaxMinSolver::simulate(const MaxMinProblem& problem, const std::vector<double>& bytes,
                                     const std::vector<double>& startS)
{
  return simulateFlowsFullResolve(problem, bytes, startS, this);
}

SolverRun MaxMinSolver::lastRun() const
{
  return { name(), {} };
}

std::vector<double> RecordingMaxMinSolver::solve(const MaxMinProblem& problem,
                                                 const std::vector<bool>& active)
{
  std::vector<double> rates = m_inner.solve(problem, active);
  note();
  return rates;
}

FlowSimResult RecordingMaxMinSolver::simulate(const MaxMinProblem& problem,
                                              const std::vector<double>& bytes,
                                              const std::vector<double>& startS)
{
  FlowSimResult result = m_inner.simulate(problem, bytes, startS);
  note();
  return result;
}

void RecordingMaxMinSolver::note()
{
  ++m_calls;
  const SolverRun run = m_inner.lastRun();
  const bool seen = std::any_of(m_runs.begin(), m_runs.end(),
                                [&](const SolverRun& r)
                                { return r.backend == run.backend && r.reason == run.reason; });
  if (!seen)
    m_runs.push_back(run);
}

SolverRun RecordingMaxMinSolver::lastRun() const
{
  if (m_runs.empty())
    return m_inner.lastRun();
  auto join = [this](std::string SolverRun::*field, const char* separator)
  {
    std::vector<std::string> items;
    std::string out;
    for (const SolverRun& run : m_runs)
    {
      const std::string& item = run.*field;
      if (item.empty() || std::find(items.begin(), items.end(), item) != items.end())
        continue;
      out += (items.empty() ? "" : separator) + item;
      items.push_back(item);
    }
    return out;
  };
  return { join(&SolverRun::backend, " + "), join(&SolverRun::reason, "; ") };
}

namespace
{

class CpuMaxMinSolver final : public MaxMinSolver
{
public:
  std::string name() const override { return "CPU"; }
  std::vector<double> solve(const MaxMinProblem& problem, const std::vector<bool>& active) override
  {
    return maxMinRates(problem, active);
  }
  FlowSimResult simulate(const MaxMinProblem& problem, const std::vector<double>& bytes,
                         const std::vector<double>& startS) override
  {
    return simulateFlows(problem, bytes, startS); // the incremental reference
  }
};

} // namespace

std::shared_ptr<MaxMinSolver> makeCpuMaxMinSolver()
{
  return std::make_shared<CpuMaxMinSolver>();
}

} // namespace myriad::engine::traffic
