#pragma once
/**
 * @file solver_run.h
 * What actually ran a solve. A solver backend reports it after each call (MaxMinSolver::lastRun,
 * thermal::ThermalSolver::lastRun), so that a status line names the backend that computed the
 * numbers shown, also when a GPU solver handed a problem to the CPU.
 */

#include <string>

namespace myriad::engine
{

/** The backend that ran the last solve of a solver object, and why that one. */
struct SolverRun
{
  std::string backend; ///< display name, e.g. "CPU" or "CUDA (NVIDIA H200)"
  std::string reason;  ///< why it ran there; empty when the solver ran on its own backend
};

} // namespace myriad::engine
