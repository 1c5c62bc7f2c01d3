#pragma once
// Helpers shared by the telemetry parser tests: read a committed sample, find a diagnostic.
#include "myriad/engine/telemetry/parsers.h"

#include <fstream>
#include <sstream>
#include <string>

namespace myriad::engine::telemetry::test
{

/** Contents of samples/telemetry/NAME ("" when missing: the test's own checks then fail). */
inline std::string sample(const std::string& name)
{
  std::ifstream in(std::string(MYRIAD_SOURCE_DIR) + "/samples/telemetry/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/** True when the snapshot holds a diagnostic at `line` about `field` with `severity`. */
inline bool hasDiag(const Snapshot& s, int line, const std::string& field, Severity severity)
{
  for (const Diagnostic& d : s.diagnostics)
  {
    if (d.line == line && d.field == field && d.severity == severity)
    {
      return true;
    }
  }
  return false;
}

} // namespace myriad::engine::telemetry::test
