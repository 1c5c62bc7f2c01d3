#pragma once
/**
 * @file snapshot.h
 * The common telemetry snapshot: what every parser (DCGM/Prometheus text, Prometheus HTTP API
 * JSON, nvidia-smi CSV, Redfish) produces, in SI units.
 *
 * A snapshot holds entities (a host, a GPU of a host, a MIG instance, a named BMC sensor), a
 * table of metrics (canonical name + unit) and flat samples (entity, metric, value, time).
 * Units inside a snapshot: temperature °C ("degC"), power W, energy J, utilisation as a ratio
 * 0–1, clocks Hz, memory bytes, durations s, fan speed rpm or ratio, plain counts "1".
 * Values the source marks as unavailable (DCGM blank sentinels, nvidia-smi "[N/A]", Redfish
 * null / "N/A") are kept as samples with `missing = true` so a report can tell "no data" from
 * "no sensor". Readings that are not finite or lie outside their PlausibleRange are reported
 * and left out.
 *
 * Parsers never throw on bad input: they keep every good row and report each bad one as a
 * Diagnostic naming the file, the line (1-based; 0 when the format has no lines, e.g. JSON
 * where `field` carries the JSON pointer) and the field.
 */

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace myriad::engine::telemetry
{

/** Which parser produced a snapshot. */
enum class SourceFormat
{
  Unknown,
  PrometheusText, ///< text exposition format, e.g. a DCGM exporter /metrics scrape
  PrometheusJson, ///< Prometheus HTTP API /api/v1/query response
  NvidiaSmiCsv,   ///< nvidia-smi --query-gpu=… --format=csv[,nounits]
  Redfish,        ///< Redfish Chassis Thermal/Power or ThermalSubsystem/PowerSubsystem/…
  Merged          ///< several snapshots combined by mergeSnapshots()
};
const char* toString(SourceFormat format);

enum class Severity
{
  Warning, ///< the row/field was kept or skipped, the rest is fine
  Error    ///< the row/field or the whole input was rejected
};

/** One problem found in an input, with its precise location. */
struct Diagnostic
{
  Severity severity = Severity::Warning;
  std::string file;
  int line = 0;      ///< 1-based line; 0 when the format is not line-based (JSON)
  std::string field; ///< column / label / JSON pointer the problem is in
  std::string message;
  /** "FILE:LINE: FIELD: MESSAGE" (line omitted when 0). */
  std::string toString() const;
};

/** Something measured: a host, one GPU of it, a MIG slice or a named sensor. */
struct Entity
{
  std::string hostname;   ///< as reported (Hostname/hostname label, --host for CSV/Redfish)
  int gpu = -1;           ///< GPU index in the host, −1 for host-level entities
  std::string uuid;       ///< "GPU-…", may be empty
  std::string migProfile; ///< GPU_I_PROFILE, e.g. "3g.40gb"; empty when not MIG
  int migInstance = -1;   ///< GPU_I_ID, −1 when not MIG
  std::string sensor;     ///< Redfish sensor / fan / PSU name; empty for GPU metrics
  std::string model;      ///< modelName / name, informative
  bool operator==(const Entity&) const = default;
};

/** A metric column: canonical name ("gpu.temperature"), SI unit and the source's own name. */
struct MetricInfo
{
  std::string name;
  std::string unit;
  std::string sourceName;
};

struct Sample
{
  int entity = 0;
  int metric = 0;
  double value = 0;         ///< SI units, finite and plausible (PlausibleRange); NaN when missing
  std::int64_t timeMs = -1; ///< Unix epoch milliseconds, −1 when the source gave none
  int line = 0;             ///< source line (0 for JSON) for back-references in reports
  bool missing = false;     ///< the source said "no data" (sentinel, [N/A], null, "N/A")
};

/**
 * The range a reading must lie in to be kept (inclusive, SI units). Readings outside it, and
 * NaN or ±Inf readings of any metric (a "1e999" overflows to +Inf), are reported as a Warning
 * naming the line and field and left out of the snapshot, so a broken sensor never becomes the
 * hottest GPU. By unit: temperatures −40…150 °C (GPU, memory, inlet, exhaust, BMC sensors);
 * utilisations and other ratios 0…1 (sources giving percent are scaled first); GPU power
 * 0…5,000 W (a GB200 superchip draws 2.7 kW); other power 0…1 MW (a chassis may be a whole
 * rack); fan speed 0…100,000 rpm; clocks 0…100 GHz; energy, bytes, durations and counts ≥ 0;
 * metrics of other units (non-DCGM series) only need to be finite.
 */
struct PlausibleRange
{
  double minimum = -std::numeric_limits<double>::infinity();
  double maximum = std::numeric_limits<double>::infinity();
};
PlausibleRange plausibleRange(const std::string& metricName, const std::string& unit);

/** Limits every parser honours (bounded memory, bounded diagnostics). */
struct ParseOptions
{
  std::string fileName = "<input>";
  std::size_t maxBytes = 256u << 20;   ///< larger inputs are rejected with one Error diagnostic
  std::size_t maxDiagnostics = 1000;   ///< further diagnostics are only counted
  std::size_t maxSamples = 20'000'000; ///< further samples are dropped with one Error diagnostic
  std::string hostname;                ///< host for formats that do not name one (CSV, Redfish)
  /** Throttle counters DCGM_FI_DEV_*_VIOLATION: seconds per reported unit. The current
   *  dcgm-exporter counter files say ns; older copies say µs (see docs/models/telemetry.md). */
  double violationUnitS = 1e-9;
  /** Samples whose timestamp is older than the newest one by more than this are flagged. */
  std::int64_t maxSkewMs = 5 * 60 * 1000;
};

/** The result of parsing one input (or merging several). */
struct Snapshot
{
  SourceFormat format = SourceFormat::Unknown;
  std::string fileName;
  std::int64_t timeMs = -1; ///< newest sample time, −1 when no sample had one
  std::vector<Entity> entities;
  std::vector<MetricInfo> metrics;
  std::vector<Sample> samples;
  std::vector<Diagnostic> diagnostics;
  std::size_t suppressedDiagnostics = 0; ///< diagnostics over ParseOptions::maxDiagnostics
  std::size_t rowsRead = 0;              ///< sample rows / items seen, good or bad
  std::size_t rowsRejected = 0;

  /** Index of the metric called `name`, −1 if absent. */
  int metricIndex(const std::string& name) const;
  std::size_t errorCount() const;
  /** Approximate heap footprint in bytes (for the snapshot store's memory bound). */
  std::size_t approxBytes() const;
};

/** Combine snapshots (e.g. a DCGM scrape and Redfish files of the same moment) into one. */
Snapshot mergeSnapshots(const std::vector<Snapshot>& parts);

/** Canonical metric names used by the parsers and the generator. */
namespace metric
{
inline constexpr const char* GpuTemperature = "gpu.temperature";              // degC
inline constexpr const char* GpuMemoryTemperature = "gpu.memory_temperature"; // degC
inline constexpr const char* GpuPower = "gpu.power";                          // W
inline constexpr const char* GpuEnergy = "gpu.energy";                        // J since boot
inline constexpr const char* GpuUtilization = "gpu.utilization";              // ratio
inline constexpr const char* GpuSmClock = "gpu.sm_clock";                     // Hz
inline constexpr const char* GpuXid = "gpu.xid";                              // last XID code
inline constexpr const char* GpuThermalViolation = "gpu.thermal_violation";   // s
inline constexpr const char* GpuPowerViolation = "gpu.power_violation";       // s
inline constexpr const char* InletTemperature = "node.inlet_temperature";     // degC
inline constexpr const char* ExhaustTemperature = "node.exhaust_temperature"; // degC
inline constexpr const char* SensorTemperature = "node.temperature";          // degC (named sensor)
inline constexpr const char* FanSpeedRpm = "node.fan_speed_rpm";              // rpm
inline constexpr const char* FanSpeedRatio = "node.fan_speed";                // ratio
inline constexpr const char* NodePower = "node.power";                        // W (chassis)
inline constexpr const char* PsuInputPower = "node.psu_input_power";          // W
inline constexpr const char* PsuOutputPower = "node.psu_output_power";        // W
inline constexpr const char* NodeEnergy = "node.energy";                      // J
} // namespace metric

} // namespace myriad::engine::telemetry
