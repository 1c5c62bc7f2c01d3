/**
 * @file factory.cpp
 * makeSolvers(): the CPU references or the CUDA solvers with a CPU fallback, by the backend
 * choice; and the one-shot calls on a requested backend.
 */

#include "myriad/backend/factory.h"

#include "myriad/backend/maxmin_backend.h"
#include "myriad/backend/thermal_backend.h"

namespace myriad::backend
{

std::string backendLabel(const BackendChoice& choice)
{
  if (choice.backend != Backend::Cuda)
    return "CPU";
  const DeviceQuery& query = queryDevices();
  return query.devices.empty() ? "CUDA" : "CUDA (" + query.devices.front().name + ")";
}

Solvers makeSolvers(Backend requested)
{
  Solvers solvers;
  solvers.choice = selectBackend(requested);
  const std::string& reason = solvers.choice.reason;
  std::shared_ptr<engine::thermal::ThermalSolver> cpuThermal =
    engine::thermal::makeCpuThermalSolver();
  if (solvers.choice.backend == Backend::Cuda)
  {
    const std::string label = backendLabel(solvers.choice);
    solvers.maxMin = makeFallbackMaxMinSolver(makeCudaMaxMinSolver(label),
                                              engine::traffic::makeCpuMaxMinSolver(), reason);
    solvers.thermal =
      makeFallbackThermalSolver(makeCudaThermalSolver(), label, std::move(cpuThermal), reason);
  }
  else
  {
    solvers.maxMin = makeFallbackMaxMinSolver(engine::traffic::makeCpuMaxMinSolver(), {}, reason);
    solvers.thermal = makeFallbackThermalSolver(std::move(cpuThermal), "CPU", {}, reason);
  }
  return solvers;
}

std::unique_ptr<engine::thermal::ThermalSolver> makeThermalSolver(Backend requested,
                                                                  BackendChoice* choice)
{
  const BackendChoice picked = selectBackend(requested);
  if (choice)
    *choice = picked;
  if (picked.backend == Backend::Cuda)
    return makeCudaThermalSolver();
  return engine::thermal::makeCpuThermalSolver();
}

BackendChoice maxMinRates(Backend requested, const engine::traffic::MaxMinProblem& problem,
                          const std::vector<bool>& active, std::vector<double>& rates)
{
  const BackendChoice choice = selectBackend(requested);
  rates = choice.backend == Backend::Cuda ? maxMinRatesCuda(problem, active)
                                          : engine::traffic::maxMinRates(problem, active);
  return choice;
}

BackendChoice jacobiSweeps(Backend requested, const Grid3& grid, std::span<const double> rhs,
                           std::span<double> u, int sweeps)
{
  validatePoissonProblem(grid, rhs, u, sweeps);
  const BackendChoice choice = selectBackend(requested);
  if (choice.backend == Backend::Cuda)
    jacobiSweepsCuda(grid, rhs, u, sweeps);
  else
    jacobiSweepsCpu(grid, rhs, u, sweeps);
  return choice;
}

} // namespace myriad::backend
