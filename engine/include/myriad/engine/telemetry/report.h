#pragma once
/**
 * @file report.h
 * Per-GPU readings and a summary of a mapped snapshot: hottest GPUs, dead GPUs (XID reported
 * or every reading blank), scene GPUs without data, diagnostics count. Used by the CLI and
 * the app's lists.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/telemetry/mapping.h"
#include "myriad/engine/telemetry/snapshot.h"

#include <limits>
#include <string>
#include <vector>

namespace myriad::engine::telemetry
{

struct GpuReading
{
  ObjectRef ref;
  std::string gpuId;    ///< scene GPU id
  std::string hostname; ///< as in the snapshot
  double temperatureC = std::numeric_limits<double>::quiet_NaN();
  double powerW = std::numeric_limits<double>::quiet_NaN();
  double utilization = std::numeric_limits<double>::quiet_NaN();
  double xid = 0;
  int valid = 0;   ///< samples with a reading
  int missing = 0; ///< samples the source marked "no data"
  bool dead() const { return xid != 0 || (valid == 0 && missing > 0); }
};

struct TelemetryReport
{
  std::vector<GpuReading> gpus;         ///< one per mapped GPU, scene order
  std::vector<int> hottest;             ///< indices into gpus, hottest first (top N)
  std::vector<int> dead;                ///< indices into gpus
  std::vector<std::string> withoutData; ///< scene GPU ids no entity maps to
  double meanTemperatureC = 0;          ///< NaN when no GPU reported a temperature
  double maxTemperatureC = 0;           ///< NaN when no GPU reported a temperature
  double totalPowerW = 0;
};

TelemetryReport summarize(const Scene& scene, const Snapshot& snapshot,
                          const MappingResult& mapping, int topN = 10);

/** CSV, one row per GPU: gpu_id,hostname,temperature_c,power_w,utilization,xid,status. */
std::string readingsCsv(const TelemetryReport& report);
/** JSON document with coverage, hottest, dead, without-data and diagnostics (capped). */
std::string reportJson(const Snapshot& snapshot, const MappingResult& mapping,
                       const TelemetryReport& report);

} // namespace myriad::engine::telemetry
