#pragma once
/**
 * @file parse_util.h
 * Internals shared by the telemetry parsers: a SnapshotBuilder that interns entities and
 * metrics, caps diagnostics and samples, detects duplicate series and checks clock skew; a
 * Go-ParseFloat-like number parser; and the DCGM field table with units and sentinels.
 */

#include "myriad/engine/telemetry/snapshot.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace myriad::engine::telemetry::detail
{

/** Parse a number the way Prometheus (Go ParseFloat) writes them: optional sign, decimal or
 *  exponent form, NaN, Inf, +Inf, -Inf, Infinity (case-insensitive). Whole text must match. */
bool parseNumber(std::string_view text, double& out);

std::string_view trim(std::string_view s);
std::string toLower(std::string_view s);

/** Why `value` of metric `info` is not kept (not finite, or outside `range`); empty when it
 *  is plausible. (plausibility.cpp) */
std::string implausibleReading(const MetricInfo& info, const PlausibleRange& range, double value);

/** How one source metric maps to a canonical metric. */
struct MetricMap
{
  const char* name;     ///< canonical name
  const char* unit;     ///< SI unit after scaling
  double scale;         ///< SI value = source value × scale
  bool counter = false; ///< monotonic counter (documentation only)
};

/** The DCGM exporter field `sourceName` (DCGM_FI_…), nullptr when not in the table. */
const MetricMap* dcgmMetric(std::string_view sourceName);

/** True for the DCGM "blank"/"not found"/"not supported"/"no permission" sentinel values. */
bool isDcgmSentinel(double value);

/** Open-addressing map from a 64-bit series key to the line it was first seen on. It replaces
 *  std::unordered_map on the per-sample hot path (one allocation per growth, not per entry). */
class SeriesMap
{
public:
  /** Insert `key` → `line`; returns the earlier line when the key was already there, else −1. */
  int insert(std::uint64_t key, int line);
  void reserve(std::size_t n);

private:
  void grow(std::size_t capacity);
  std::vector<std::uint64_t> m_keys; ///< key + 1; 0 = empty slot
  std::vector<int> m_lines;
  std::size_t m_size = 0;
};

class SnapshotBuilder
{
public:
  SnapshotBuilder(SourceFormat format, const ParseOptions& options);

  /** False (with an Error diagnostic) when the input is over options.maxBytes. */
  bool checkSize(std::size_t bytes);
  void diag(Severity severity, int line, std::string field, std::string message);
  int entity(const Entity& e);
  int metric(const std::string& name, const std::string& unit, const std::string& sourceName);
  /** Adds a sample; reports duplicates of (entity, metric) and stops at maxSamples.
   *  Returns false when the sample was dropped. */
  bool sample(int entity, int metric, double value, std::int64_t timeMs, int line, bool missing,
              std::string_view fieldForDiag);
  /** Pre-size for about `samples` samples (capped by maxSamples). */
  void reserve(std::size_t samples);
  void rowRead() { ++m_snapshot.rowsRead; }
  void rowRejected() { ++m_snapshot.rowsRejected; }
  const ParseOptions& options() const { return m_options; }
  Snapshot finish();

private:
  ParseOptions m_options;
  Snapshot m_snapshot;
  std::unordered_map<std::string, int> m_entities;
  std::unordered_map<std::string, int> m_metrics;
  std::vector<PlausibleRange> m_ranges; ///< per metric index
  SeriesMap m_series;                   ///< (entity, metric ≥ 64) → first line
  /** Per entity, bit m set when metric m < 64 was seen: the common case stays in cache. */
  std::vector<std::uint64_t> m_seenLowMetrics;
  int m_duplicateScans = 0; ///< first-line look-ups done for bitmask duplicates (capped)
  int firstLineOf(int entity, int metric);
  bool m_samplesCapped = false;
};

/** Label pairs of one Prometheus series. */
using LabelList = std::vector<std::pair<std::string, std::string>>;

/** Build the entity of a Prometheus series from its labels (see prometheus_text.cpp). For
 *  non-DCGM series the remaining labels become `sensor` so distinct series stay distinct.
 *  Returns false with `errField`/`errMessage` set on a malformed identifying label; `warning`
 *  is set (and true returned) when Hostname and hostname disagree. */
bool entityFromLabels(const LabelList& labels, bool dcgm, Entity& out, std::string& errField,
                      std::string& errMessage, std::string& warning);

/** False when JSON text nests deeper than `maxDepth` (guards recursive consumers). */
bool jsonDepthOk(std::string_view text, int maxDepth, std::size_t& offendingOffset);

/** Entity key used for interning (all identifying fields). */
std::string entityKey(const Entity& e);

/** 1-based line and column of byte `offset` in `text`. */
std::pair<int, int> lineColumn(std::string_view text, std::size_t offset);

} // namespace myriad::engine::telemetry::detail
