#pragma once
/**
 * @file parsers.h
 * Telemetry parsers. Each takes the whole input text and ParseOptions and returns a Snapshot
 * holding every good sample plus a Diagnostic for every bad line/field. They never throw on
 * bad input and never crash on garbage; inputs over ParseOptions::maxBytes are rejected with a
 * single Error diagnostic and no samples.
 *
 * Formats and their gotchas: docs/models/telemetry.md and the ecosystem facts (part A).
 */

#include "myriad/engine/telemetry/snapshot.h"

#include <string>
#include <string_view>

namespace myriad::engine::telemetry
{

/** Prometheus text exposition (DCGM exporter /metrics). Timestamps are milliseconds. */
Snapshot parsePrometheusText(std::string_view text, const ParseOptions& options = {});

/** Prometheus HTTP API /api/v1/query response (resultType vector; values are strings,
 *  timestamps seconds). */
Snapshot parsePrometheusJson(std::string_view text, const ParseOptions& options = {});

/** nvidia-smi --query-gpu=… --format=csv or csv,nounits (header row required). */
Snapshot parseNvidiaSmiCsv(std::string_view text, const ParseOptions& options = {});

/** One Redfish resource (legacy Thermal or Power; ThermalMetrics, EnvironmentMetrics,
 *  PowerSubsystem, PowerSupplyMetrics, Fan) or a JSON array of such resources. */
Snapshot parseRedfish(std::string_view text, const ParseOptions& options = {});

/** Guess the format from the content (and the file name's extension as a tie-breaker). */
SourceFormat detectFormat(std::string_view text, const std::string& fileName = {});

/** detectFormat() then the matching parser; Unknown gives an Error diagnostic. */
Snapshot parseSnapshot(std::string_view text, const ParseOptions& options = {});

/** Read `path` (refusing files over options.maxBytes before reading them) and parse it.
 *  An unreadable file gives an Error diagnostic, never an exception. */
Snapshot parseSnapshotFile(const std::string& path, ParseOptions options = {});

} // namespace myriad::engine::telemetry
