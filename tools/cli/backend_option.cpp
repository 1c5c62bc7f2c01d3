/**
 * @file backend_option.cpp
 * --backend parsing and the backend line of the solver commands (backend_option.h).
 */

#include "backend_option.h"

namespace myriad::cli
{

backend::Solvers solversFromArgs(const Args& args, const std::string& command)
{
  backend::Backend requested = backend::Backend::Auto;
  try
  {
    requested = backend::backendFromString(args.value("--backend", "auto"));
  }
  catch (const engine::SpecError& error)
  {
    throw UsageError(command + ": --" + error.what());
  }
  return backend::makeSolvers(requested);
}

std::string backendJsonField(const engine::SolverRun& run)
{
  std::string out = "\"backend\": \"";
  for (const char c : run.backend)
  {
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20)
      out += c;
  }
  return out + "\", ";
}

std::string describeRun(const engine::SolverRun& run)
{
  return run.reason.empty() ? run.backend : run.backend + " (" + run.reason + ")";
}

} // namespace myriad::cli
