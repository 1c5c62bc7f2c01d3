#pragma once
/**
 * @file backend_option.h
 * The --backend cpu|cuda|auto option shared by the commands that run traffic or thermal
 * solves (apply, traffic, thermal, maxmin): solvers from the backend factory, and the line that
 * says which backend ran.
 */

#include "command.h"

#include "myriad/backend/factory.h"
#include "myriad/engine/solver_run.h"

#include <string>

namespace myriad::cli
{

/**
 * The factory's solvers for --backend (default auto). An unknown name is a UsageError (exit 2)
 * naming `command`; cuda without a usable device is an engine::Error (exit 1) saying why.
 */
backend::Solvers solversFromArgs(const Args& args, const std::string& command);

/** "CPU (CPU backend: requested)": a run's backend and, when known, why. */
std::string describeRun(const engine::SolverRun& run);

/** `"backend": "<run.backend>", ` with the name JSON-escaped, to open a JSON object with. */
std::string backendJsonField(const engine::SolverRun& run);

} // namespace myriad::cli
