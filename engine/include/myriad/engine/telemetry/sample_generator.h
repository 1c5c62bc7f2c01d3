#pragma once
/**
 * @file sample_generator.h
 * Deterministic synthetic DCGM exporter scrape for every GPU of a scene (a test and demo
 * fixture, not a physical simulation). The model, its parameters and the injected faults are
 * documented in sample_generator.cpp and docs/models/telemetry.md.
 */

#include "myriad/engine/model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace myriad::engine::telemetry
{

struct GeneratorOptions
{
  std::uint64_t seed = 1;
  std::int64_t timeMs = 1'767'225'600'000; ///< 2026-01-01T00:00:00Z; every sample carries it
  int hotRacks = 3;         ///< racks given an inlet-air recirculation hot spot (+12 °C)
  int deadGpus = 4;         ///< GPUs that fell off the bus: absent from the scrape
  int xidGpus = 4;          ///< GPUs reporting XID 79 with DCGM blank sentinels
  bool newHostLabel = true; ///< "hostname" (dcgm-exporter HEAD) instead of "Hostname"
};

/** What was injected, so tests can check the report finds it. */
struct GeneratedFaults
{
  std::vector<std::string> hotRackIds;
  std::vector<std::string> deadGpuIds;
  std::vector<std::string> xidGpuIds;
};

/** Prometheus text for all GPUs of `scene` (20 DCGM metrics each). Same seed → same text. */
std::string generateDcgmSnapshot(const Scene& scene, const GeneratorOptions& options = {},
                                 GeneratedFaults* faults = nullptr);

} // namespace myriad::engine::telemetry
