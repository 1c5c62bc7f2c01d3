#pragma once
/**
 * @file mapping.h
 * Mapping of snapshot entities onto the scene layout: hostname → Node, GPU index/UUID → GPU.
 *
 * Hostnames are matched case-insensitively, in this order: an explicit table (MappingOptions::
 * hostTable, e.g. loaded from a JSON map file), the node's `hostname` field, then a naming
 * pattern generated from the node's position (e.g. "dgx-{row:2}-{rack:2}-{node}"). A GPU
 * entity maps through its index inside the node; when both the snapshot and the scene carry a
 * UUID they must agree (a mismatch is reported), and a UUID-only entity is found by UUID.
 * Entities that match nothing are listed as unmapped; two non-MIG entities landing on the same
 * GPU are listed as duplicates (MIG slices of one GPU are not duplicates).
 */

#include "myriad/engine/model.h"
#include "myriad/engine/query.h"
#include "myriad/engine/telemetry/snapshot.h"

#include <map>
#include <string>
#include <vector>

namespace myriad::engine::telemetry
{

struct MappingOptions
{
  /** Telemetry hostname → scene node id (or scene hostname). */
  std::map<std::string, std::string> hostTable;
  /** GPU UUID → scene GPU id ("NODE-G3"). */
  std::map<std::string, std::string> uuidTable;
  /** Hostname pattern; tokens {hall} {row} {rack} {node} {slot}, 1-based (slot = slotU),
   *  optional zero-padding width: {row:2}. Empty: not used. */
  std::string hostPattern;
};

/** Parse a map file: {"hosts":{"telemetry-name":"node-id"},"gpus":{"GPU-uuid":"gpu-id"},
 *  "pattern":"dgx-{row:2}-{rack:2}-{node}"}. Throws LoadError naming the JSON path. */
MappingOptions mappingOptionsFromJson(const std::string& text, const std::string& fileName);

/** Expand `pattern` for a node at 0-based (hall,row,rack,nodeInRack) with slot `slotU`. */
std::string expandHostPattern(const std::string& pattern, int hall, int row, int rack,
                              int nodeInRack, int slotU);

struct MappingResult
{
  /** Per snapshot entity: the node (host entities) or GPU it maps to; kind None if unmapped. */
  std::vector<ObjectRef> entityRefs;
  std::vector<int> unmapped;                   ///< entity indices that matched nothing
  std::vector<std::string> unmappedReasons;    ///< one per `unmapped` entry
  std::vector<std::pair<int, int>> duplicates; ///< (first entity, later entity) on one GPU/node
  std::vector<Diagnostic> diagnostics;         ///< UUID mismatches etc.
  int sceneNodes = 0, sceneGpus = 0;
  int nodesWithData = 0, gpusWithData = 0;
  std::vector<ObjectRef> gpusWithoutData; ///< scene GPUs no entity maps to
  double nodeCoverage() const { return sceneNodes ? double(nodesWithData) / sceneNodes : 0; }
  double gpuCoverage() const { return sceneGpus ? double(gpusWithData) / sceneGpus : 0; }
};

/** Map every entity of `snapshot` onto `scene`. Never throws on unmatched data. */
MappingResult mapSnapshot(const Scene& scene, const Snapshot& snapshot,
                          const MappingOptions& options = {});

} // namespace myriad::engine::telemetry
