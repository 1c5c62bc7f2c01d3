/**
 * @file cuda_solvers.cpp
 * The solver objects of the factory (factory.h): the CUDA max-min solver (the rounds kernels
 * of maxmin_backend.h behind the MaxMinSolver interface) and the fallback wrappers that run a
 * problem the primary backend cannot take on the CPU and record which backend ran and why.
 */

#include "myriad/backend/factory.h"
#include "myriad/backend/maxmin_backend.h"
#include "myriad/engine/error.h"

#include <mutex>
#include <string>
#include <utility>

namespace myriad::backend
{
namespace
{

namespace th = engine::thermal;
namespace tr = engine::traffic;
using engine::SolverRun;

/** lastRun() state shared by the wrappers: written after every call, read by status lines. */
class RunRecord
{
public:
  explicit RunRecord(SolverRun initial)
    : m_run(std::move(initial))
  {
  }
  void set(SolverRun run)
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_run = std::move(run);
  }
  SolverRun get() const
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_run;
  }

private:
  mutable std::mutex m_mutex;
  SolverRun m_run;
};

std::string fellBack(const std::string& why)
{
  return "fell back to the CPU: " + why;
}

class FallbackMaxMinSolver final : public tr::MaxMinSolver
{
public:
  FallbackMaxMinSolver(std::shared_ptr<tr::MaxMinSolver> primary,
                       std::shared_ptr<tr::MaxMinSolver> fallback, std::string reason)
    : m_primary(std::move(primary))
    , m_fallback(std::move(fallback))
    , m_reason(std::move(reason))
    , m_record({ m_primary->name(), m_reason })
  {
  }
  std::string name() const override { return m_primary->name(); }
  std::vector<double> solve(const tr::MaxMinProblem& problem,
                            const std::vector<bool>& active) override
  {
    return run([&](tr::MaxMinSolver& s) { return s.solve(problem, active); });
  }
  tr::FlowSimResult simulate(const tr::MaxMinProblem& problem, const std::vector<double>& bytes,
                             const std::vector<double>& startS) override
  {
    // The whole simulation runs on one backend: its completion times come from one algorithm.
    return run([&](tr::MaxMinSolver& s) { return s.simulate(problem, bytes, startS); });
  }
  SolverRun lastRun() const override { return m_record.get(); }

private:
  template <typename Call>
  auto run(Call call) -> decltype(call(std::declval<tr::MaxMinSolver&>()))
  {
    if (!m_fallback)
    {
      auto out = call(*m_primary);
      m_record.set({ m_primary->lastRun().backend, m_reason });
      return out;
    }
    try
    {
      auto out = call(*m_primary);
      m_record.set({ m_primary->lastRun().backend, m_reason });
      return out;
    }
    catch (const engine::SpecError&)
    {
      throw; // bad input: the CPU would refuse it too
    }
    catch (const engine::Error& error)
    {
      auto out = call(*m_fallback);
      m_record.set({ m_fallback->lastRun().backend, fellBack(error.what()) });
      return out;
    }
  }

  std::shared_ptr<tr::MaxMinSolver> m_primary;
  std::shared_ptr<tr::MaxMinSolver> m_fallback;
  std::string m_reason;
  RunRecord m_record;
};

class FallbackThermalSolver final : public th::ThermalSolver
{
public:
  FallbackThermalSolver(std::shared_ptr<th::ThermalSolver> primary, std::string label,
                        std::shared_ptr<th::ThermalSolver> fallback, std::string reason)
    : m_primary(std::move(primary))
    , m_label(std::move(label))
    , m_fallback(std::move(fallback))
    , m_reason(std::move(reason))
    , m_record({ m_label, m_reason })
  {
  }
  std::string name() const override { return m_label; }
  bool canSolve(const th::ThermalProblem& problem) const override
  {
    return m_primary->canSolve(problem) || (m_fallback && m_fallback->canSolve(problem));
  }
  th::ThermalSolution solve(const th::ThermalProblem& problem,
                            const th::ThermalSolution* warm) override
  {
    if (!m_fallback)
      return runPrimary(problem, warm);
    if (!m_primary->canSolve(problem))
      return runFallback(problem, warm,
                         "a grid of " + std::to_string(problem.grid.cellCount()) +
                           " cells is more "
                           "than " +
                           m_label + " can take (device memory)");
    try
    {
      return runPrimary(problem, warm);
    }
    catch (const engine::SpecError&)
    {
      throw; // bad input: the CPU would refuse it too
    }
    catch (const engine::Error& error)
    {
      return runFallback(problem, warm, error.what());
    }
  }
  SolverRun lastRun() const override { return m_record.get(); }

private:
  th::ThermalSolution runPrimary(const th::ThermalProblem& problem, const th::ThermalSolution* warm)
  {
    th::ThermalSolution out = m_primary->solve(problem, warm);
    m_record.set({ m_label, m_reason });
    return out;
  }
  th::ThermalSolution runFallback(const th::ThermalProblem& problem,
                                  const th::ThermalSolution* warm, const std::string& why)
  {
    th::ThermalSolution out = m_fallback->solve(problem, warm);
    m_record.set({ m_fallback->lastRun().backend, fellBack(why) });
    return out;
  }

  std::shared_ptr<th::ThermalSolver> m_primary;
  std::string m_label;
  std::shared_ptr<th::ThermalSolver> m_fallback;
  std::string m_reason;
  RunRecord m_record;
};

/** The rounds kernels (maxMinRatesCuda) as a MaxMinSolver; throws engine::Error on failure. */
class CudaMaxMinSolver final : public tr::MaxMinSolver
{
public:
  explicit CudaMaxMinSolver(std::string label)
    : m_label(std::move(label))
  {
  }
  std::string name() const override { return m_label; }
  std::vector<double> solve(const tr::MaxMinProblem& problem,
                            const std::vector<bool>& active) override
  {
    return maxMinRatesCuda(problem, active);
  }

private:
  std::string m_label;
};

} // namespace

std::shared_ptr<tr::MaxMinSolver> makeFallbackMaxMinSolver(
  std::shared_ptr<tr::MaxMinSolver> primary, std::shared_ptr<tr::MaxMinSolver> fallback,
  std::string reason)
{
  if (!primary)
    throw engine::Error("max-min solver: no primary solver given");
  return std::make_shared<FallbackMaxMinSolver>(std::move(primary), std::move(fallback),
                                                std::move(reason));
}

std::shared_ptr<th::ThermalSolver> makeFallbackThermalSolver(
  std::shared_ptr<th::ThermalSolver> primary, std::string label,
  std::shared_ptr<th::ThermalSolver> fallback, std::string reason)
{
  if (!primary)
    throw engine::Error("thermal solver: no primary solver given");
  return std::make_shared<FallbackThermalSolver>(std::move(primary), std::move(label),
                                                 std::move(fallback), std::move(reason));
}

std::shared_ptr<tr::MaxMinSolver> makeCudaMaxMinSolver(const std::string& label)
{
  return std::make_shared<CudaMaxMinSolver>(label);
}

} // namespace myriad::backend
