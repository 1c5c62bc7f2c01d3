#pragma once
// Shared invariant check for the telemetry fuzz targets: whatever the input, a snapshot's
// samples reference existing entities and metrics, and diagnostics stay within the cap.
#include "myriad/engine/telemetry/parsers.h"

#include <cstdlib>

namespace myriad::fuzz
{

inline engine::telemetry::ParseOptions fuzzOptions()
{
  engine::telemetry::ParseOptions o;
  o.fileName = "fuzz";
  o.hostname = "fuzz-host";
  o.maxDiagnostics = 64;
  return o;
}

inline void checkSnapshot(const engine::telemetry::Snapshot& s)
{
  for (const auto& x : s.samples)
    if (x.entity < 0 || std::size_t(x.entity) >= s.entities.size() || x.metric < 0 ||
        std::size_t(x.metric) >= s.metrics.size())
      std::abort();
  if (s.diagnostics.size() > 64)
    std::abort();
  for (const auto& d : s.diagnostics)
    (void)d.toString();
}

} // namespace myriad::fuzz
