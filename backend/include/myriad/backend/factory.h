#pragma once
/**
 * @file factory.h
 * The backend factory: the solver objects of the chosen backend for the models that have a
 * choice (traffic: engine::traffic::MaxMinSolver; thermal: engine::thermal::ThermalSolver).
 * The live loop (engine live_models.h, LiveOptions) and myriad-cli take their solvers from here.
 *
 * What runs is what is reported: every solver made here answers lastRun() with the backend
 * that ran its last call and why ("CPU" and the choice's reason, "CUDA (NVIDIA H200)", or
 * "CPU" with "fell back to the CPU: …" when the CUDA solver could not take a problem).
 *
 * Also the one-shot calls on a requested backend (maxMinRates, jacobiSweeps, makeThermalSolver)
 * that myriad-cli's maxmin and thermal commands and the parity tests use.
 */

#include "myriad/backend/backend.h"
#include "myriad/backend/poisson_smoother.h"
#include "myriad/engine/thermal/thermal_problem.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace myriad::backend
{

/** The solvers of one backend choice. */
struct Solvers
{
  std::shared_ptr<engine::traffic::MaxMinSolver> maxMin;
  std::shared_ptr<engine::thermal::ThermalSolver> thermal;
  BackendChoice choice; ///< what selectBackend() picked and why
};

/**
 * Solvers for `requested` as selectBackend() picks it. CPU: the engine references (max-min by
 * heap progressive filling, thermal multigrid CG + ILU BiCGSTAB), named "CPU". CUDA: the
 * rounds kernels (maxMinRatesCuda) and the Jacobi-Krylov thermal solver
 * (makeCudaThermalSolver), named "CUDA (<device name>)"; each hands a problem it cannot take
 * (thermal: canSolve false, i.e. too large for the device memory; any engine::Error from the
 * device such as out of memory or, thermal, a Jacobi solve that does not converge) to the CPU
 * reference, and lastRun() then says "CPU" and why. Input errors (engine::SpecError) and
 * thermal::SolveCancelled are not fallbacks: they propagate.
 * Throws engine::Error for Backend::Cuda without a usable device (as selectBackend).
 */
Solvers makeSolvers(Backend requested);

/** "CPU" or "CUDA (<name of device 0>)": the display name of a choice's backend. */
std::string backendLabel(const BackendChoice& choice);

/**
 * A max-min solver that runs `primary` and, when it throws engine::Error (not SpecError),
 * runs the same call on `fallback` instead (null: the error propagates). lastRun(): the
 * primary's backend with `reason`, or the fallback's with "fell back to the CPU: <error>".
 * A flow simulation runs whole on one of them (simulate() is retried on the fallback).
 * Thread-safe; shared between threads, lastRun() is the most recent call's.
 */
std::shared_ptr<engine::traffic::MaxMinSolver> makeFallbackMaxMinSolver(
  std::shared_ptr<engine::traffic::MaxMinSolver> primary,
  std::shared_ptr<engine::traffic::MaxMinSolver> fallback, std::string reason);

/**
 * A thermal solver named `label` that runs `primary`, or `fallback` (may be null) when the
 * primary's canSolve() refuses the problem or its solve() throws engine::Error other than
 * SpecError. lastRun() as makeFallbackMaxMinSolver's, with `label` for the primary.
 */
std::shared_ptr<engine::thermal::ThermalSolver> makeFallbackThermalSolver(
  std::shared_ptr<engine::thermal::ThermalSolver> primary, std::string label,
  std::shared_ptr<engine::thermal::ThermalSolver> fallback, std::string reason);

/**
 * The rounds kernels (maxMinRatesCuda) as a MaxMinSolver named `label`, without fallback:
 * every call throws engine::Error when this build has no CUDA or no device is present.
 */
std::shared_ptr<engine::traffic::MaxMinSolver> makeCudaMaxMinSolver(const std::string& label);

/**
 * The thermal solver for `requested` as selectBackend() picks it: Cpu → the engine reference
 * (name "cpu"), Cuda → makeCudaThermalSolver (name "cuda"; throws engine::Error without a
 * usable device), Auto → CUDA when a device is present, else the reference. No fallback (use
 * makeSolvers for that). `choice` (may be null) receives the choice and its reason.
 */
std::unique_ptr<engine::thermal::ThermalSolver> makeThermalSolver(Backend requested,
                                                                  BackendChoice* choice = nullptr);

/**
 * Max-min rates on the backend selectBackend(requested) picks: CPU runs the engine reference,
 * CUDA the rounds kernels. Returns the choice; rates are written to `rates`.
 */
BackendChoice maxMinRates(Backend requested, const engine::traffic::MaxMinProblem& problem,
                          const std::vector<bool>& active, std::vector<double>& rates);

/**
 * Jacobi sweeps (poisson_smoother.h) on the backend that selectBackend(requested) picks;
 * returns that choice. Throws what selectBackend and the chosen implementation throw.
 */
BackendChoice jacobiSweeps(Backend requested, const Grid3& grid, std::span<const double> rhs,
                           std::span<double> u, int sweeps);

} // namespace myriad::backend
