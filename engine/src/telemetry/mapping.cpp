/**
 * @file mapping.cpp
 * Mapping of snapshot entities onto scene nodes and GPUs (rules in mapping.h). Lookups are
 * hash maps built once per call, so mapping 10k GPUs × 20 metrics is linear in entities.
 */
#include "myriad/engine/telemetry/mapping.h"

#include "io/json_reader.h"

#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <unordered_map>

namespace myriad::engine::telemetry
{
namespace
{

std::string lower(std::string s)
{
  for (char& c : s)
    if (c >= 'A' && c <= 'Z')
      c = char(c - 'A' + 'a');
  return s;
}

struct SceneIndex
{
  std::unordered_map<std::string, ObjectRef> nodeByName; ///< lower-case hostname / pattern / id
  std::unordered_map<std::string, ObjectRef> gpuByUuid;  ///< lower-case UUID
  std::unordered_map<std::string, ObjectRef> gpuById;    ///< "NODE-G3"
  int nodes = 0, gpus = 0;
};

SceneIndex buildIndex(const Scene& scene, const MappingOptions& options)
{
  SceneIndex index;
  const auto& halls = scene.site.halls;
  for (int h = 0; h < int(halls.size()); ++h)
    for (int r = 0; r < int(halls[h].rows.size()); ++r)
      for (int k = 0; k < int(halls[h].rows[r].racks.size()); ++k)
      {
        const Rack& rack = halls[h].rows[r].racks[k];
        for (int n = 0; n < int(rack.nodes.size()); ++n)
        {
          const Node& node = rack.nodes[n];
          const ObjectRef ref{ ObjectKind::Node, h, r, k, n, -1 };
          ++index.nodes;
          if (!node.hostname.empty())
            index.nodeByName.emplace(lower(node.hostname), ref);
          if (!options.hostPattern.empty())
            index.nodeByName.emplace(
              lower(expandHostPattern(options.hostPattern, h, r, k, n, node.slotU)), ref);
          index.nodeByName.emplace(lower(node.id), ref);
          for (int g = 0; g < int(node.gpus.size()); ++g)
          {
            const ObjectRef gref{ ObjectKind::Gpu, h, r, k, n, g };
            ++index.gpus;
            if (!node.gpus[g].uuid.empty())
              index.gpuByUuid.emplace(lower(node.gpus[g].uuid), gref);
            index.gpuById.emplace(node.id + "-G" + std::to_string(node.gpus[g].index), gref);
          }
        }
      }
  return index;
}

const Node& nodeAt(const Scene& scene, const ObjectRef& ref)
{
  return scene.site.halls[ref.hall].rows[ref.row].racks[ref.rack].nodes[ref.node];
}

/** Resolve the node of a hostname; nullopt when unknown. */
std::optional<ObjectRef> findNode(const SceneIndex& index, const MappingOptions& options,
                                  const std::string& hostname)
{
  if (hostname.empty())
    return std::nullopt;
  auto table = options.hostTable.find(hostname);
  const std::string key = lower(table != options.hostTable.end() ? table->second : hostname);
  auto it = index.nodeByName.find(key);
  if (it == index.nodeByName.end())
    return std::nullopt;
  return it->second;
}

/** Position of GPU `gpuIndex` (nvidia-smi index) in the node's GPU list, −1 if absent. */
int gpuSlot(const Node& node, int gpuIndex)
{
  for (int g = 0; g < int(node.gpus.size()); ++g)
    if (node.gpus[g].index == gpuIndex)
      return g;
  return -1;
}

} // namespace

std::string expandHostPattern(const std::string& pattern, int hall, int row, int rack,
                              int nodeInRack, int slotU)
{
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i)
  {
    const std::size_t close = pattern[i] == '{' ? pattern.find('}', i) : std::string::npos;
    if (close == std::string::npos)
    {
      out += pattern[i];
      continue;
    }
    std::string token = pattern.substr(i + 1, close - i - 1);
    int width = 0;
    if (auto colon = token.find(':'); colon != std::string::npos)
    {
      std::from_chars(token.data() + colon + 1, token.data() + token.size(), width);
      // A DNS label is at most 63 characters: a wider padding ("{row:1308298222}") would only
      // allocate gigabytes per node (found by fuzz/fuzz_telemetry_mapping.cpp).
      width = std::min(width, 63);
      token.resize(colon);
    }
    int value = -1;
    if (token == "hall")
      value = hall + 1;
    else if (token == "row")
      value = row + 1;
    else if (token == "rack")
      value = rack + 1;
    else if (token == "node")
      value = nodeInRack + 1;
    else if (token == "slot")
      value = slotU;
    if (value < 0)
    { // unknown token: keep it literally
      out += pattern.substr(i, close - i + 1);
    }
    else
    {
      std::string digits = std::to_string(value);
      if (int(digits.size()) < width)
        digits.insert(0, std::size_t(width) - digits.size(), '0');
      out += digits;
    }
    i = close;
  }
  return out;
}

MappingOptions mappingOptionsFromJson(const std::string& text, const std::string& fileName)
{
  // Bounded, and errors in plain words with line and column (no JSON library message).
  const nlohmann::json doc = engine::detail::parseJsonBounded(text, fileName);
  if (!doc.is_object())
    throw LoadError(fileName, "", "not an object", "{\"hosts\":{…},\"gpus\":{…},\"pattern\":…}");
  MappingOptions options;
  for (const char* key : { "hosts", "gpus" })
  {
    if (!doc.contains(key))
      continue;
    if (!doc[key].is_object())
      throw LoadError(fileName, std::string("/") + key, "wrong type", "an object of strings");
    for (const auto& [name, value] : doc[key].items())
    {
      if (!value.is_string())
        throw LoadError(fileName, std::string("/") + key + "/" + name, "wrong type", "a string");
      (std::string(key) == "hosts" ? options.hostTable : options.uuidTable)[name] =
        value.get<std::string>();
    }
  }
  if (doc.contains("pattern"))
  {
    if (!doc["pattern"].is_string())
      throw LoadError(fileName, "/pattern", "wrong type", "a string like \"dgx-{row:2}-{rack}\"");
    options.hostPattern = doc["pattern"].get<std::string>();
  }
  return options;
}

namespace
{

/** The GPU an entity names (uuid table, host + index, then UUID alone); invalid ref when none,
 *  with `why` set. UUID disagreements are appended to `diagnostics`. */
ObjectRef resolveGpu(const Scene& scene, const SceneIndex& index, const MappingOptions& options,
                     const Entity& entity, const std::optional<ObjectRef>& node,
                     const std::string& fileName, std::vector<Diagnostic>& diagnostics,
                     std::string& why)
{
  if (auto t = options.uuidTable.find(entity.uuid);
      !entity.uuid.empty() && t != options.uuidTable.end())
  {
    if (auto g = index.gpuById.find(t->second); g != index.gpuById.end())
      return g->second;
  }
  if (node && entity.gpu >= 0)
  {
    if (const int slot = gpuSlot(nodeAt(scene, *node), entity.gpu); slot >= 0)
    {
      ObjectRef ref = *node;
      ref.kind = ObjectKind::Gpu;
      ref.item = slot;
      const std::string& sceneUuid = nodeAt(scene, ref).gpus[std::size_t(slot)].uuid;
      if (!sceneUuid.empty() && !entity.uuid.empty() && lower(sceneUuid) != lower(entity.uuid))
        diagnostics.push_back({ Severity::Warning, fileName, 0, "uuid",
                                entity.hostname + " gpu " + std::to_string(entity.gpu) +
                                  ": snapshot UUID " + entity.uuid + " differs from the scene's " +
                                  sceneUuid + "; mapped by index" });
      return ref;
    }
  }
  if (!entity.uuid.empty())
  {
    if (auto g = index.gpuByUuid.find(lower(entity.uuid)); g != index.gpuByUuid.end())
      return g->second;
  }
  why = !node ? (entity.hostname.empty() ? "no hostname and unknown UUID"
                                         : "unknown host '" + entity.hostname + "'")
              : "host has no GPU " + std::to_string(entity.gpu);
  return {};
}

std::string gpuKey(const Scene& scene, const ObjectRef& ref)
{
  return nodeAt(scene, ref).id + "/" + std::to_string(ref.item);
}

} // namespace

MappingResult mapSnapshot(const Scene& scene, const Snapshot& snapshot,
                          const MappingOptions& options)
{
  const SceneIndex index = buildIndex(scene, options);
  MappingResult result;
  result.sceneNodes = index.nodes;
  result.sceneGpus = index.gpus;
  result.entityRefs.resize(snapshot.entities.size());
  std::unordered_map<std::string, int> gpuOwner; // GPU key → first plain (non-MIG) entity
  std::unordered_map<std::string, bool> nodesSeen, gpusSeen;
  // A merged snapshot's name lists every file; the diagnostic names the entity instead.
  const std::string diagFile = snapshot.format == SourceFormat::Merged ? "" : snapshot.fileName;
  for (int e = 0; e < int(snapshot.entities.size()); ++e)
  {
    const Entity& entity = snapshot.entities[std::size_t(e)];
    const auto node = findNode(index, options, entity.hostname);
    std::string why;
    ObjectRef ref;
    if (entity.gpu < 0 && entity.uuid.empty())
    {
      if (node)
        ref = *node;
      else
        why = entity.hostname.empty() ? "no hostname" : "unknown host '" + entity.hostname + "'";
    }
    else
    {
      ref = resolveGpu(scene, index, options, entity, node, diagFile, result.diagnostics, why);
    }
    if (!ref.valid())
    {
      result.unmapped.push_back(e);
      result.unmappedReasons.push_back(std::move(why));
      continue;
    }
    if (ref.kind == ObjectKind::Gpu)
    {
      const std::string key = gpuKey(scene, ref);
      gpusSeen[key] = true;
      auto [it, added] = gpuOwner.emplace(key, e);
      if (!added && entity.migInstance < 0 && entity.sensor.empty() &&
          snapshot.entities[std::size_t(it->second)].migInstance < 0)
        result.duplicates.emplace_back(it->second, e);
    }
    result.entityRefs[std::size_t(e)] = ref;
    nodesSeen[nodeAt(scene, ref).id] = true;
  }
  result.nodesWithData = int(nodesSeen.size());
  result.gpusWithData = int(gpusSeen.size());
  const auto& halls = scene.site.halls;
  for (int h = 0; h < int(halls.size()); ++h)
    for (int r = 0; r < int(halls[h].rows.size()); ++r)
      for (int k = 0; k < int(halls[h].rows[r].racks.size()); ++k)
      {
        const Rack& rack = halls[h].rows[r].racks[k];
        for (int n = 0; n < int(rack.nodes.size()); ++n)
          for (int g = 0; g < int(rack.nodes[n].gpus.size()); ++g)
            if (!gpusSeen.count(rack.nodes[n].id + "/" + std::to_string(g)))
              result.gpusWithoutData.push_back({ ObjectKind::Gpu, h, r, k, n, g });
      }
  return result;
}

} // namespace myriad::engine::telemetry
