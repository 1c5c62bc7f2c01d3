// The NetBox parts map (netbox.h): device types ↔ catalog parts, switch and skipped roles.
#include "io/json_reader.h"
#include "myriad/engine/netbox/netbox.h"

#include <algorithm>
#include <cctype>

namespace myriad::engine::detail
{
const std::vector<std::pair<std::string, std::string>>& builtinNetboxDataFiles();
}

namespace myriad::engine::netbox
{

using nlohmann::json;
using namespace myriad::engine::detail;

namespace
{

bool sameText(const std::string& a, const std::string& b)
{
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](unsigned char x, unsigned char y)
                                            { return std::tolower(x) == std::tolower(y); });
}

std::vector<std::string> readSlugs(const JsonReader& r, const json& root, const char* key)
{
  std::vector<std::string> slugs;
  const json& list = r.array(root, key, "", false);
  for (std::size_t i = 0; i < list.size(); ++i)
  {
    if (!list[i].is_string())
      r.fail(std::string("/") + key + "/" + std::to_string(i), "got " + describeJsonType(list[i]),
             "a NetBox role slug");
    slugs.push_back(list[i].get<std::string>());
  }
  return slugs;
}

} // namespace

const DeviceTypeMapping* PartsMap::forType(const std::string& slug, const std::string& manufacturer,
                                           const std::string& model) const
{
  for (const auto& m : deviceTypes)
  {
    if (!slug.empty() && m.slug == slug)
      return &m;
  }
  for (const auto& m : deviceTypes)
  {
    if (!model.empty() && sameText(m.model, model) && sameText(m.manufacturer, manufacturer))
      return &m;
  }
  return nullptr;
}

const DeviceTypeMapping* PartsMap::forPart(const std::string& part) const
{
  for (const auto& m : deviceTypes)
  {
    if (m.part == part)
      return &m;
  }
  return nullptr;
}

PartsMap partsMapFromJson(const std::string& text, const std::string& fileName)
{
  const JsonReader r(fileName);
  const json root = r.parse(text);
  if (!root.is_object())
    r.fail("", "got " + describeJsonType(root), "a parts map object {deviceTypes: [...]}");
  r.allowOnly(root, "", { "schema", "description", "deviceTypes", "switchRoles", "skipRoles" });
  PartsMap map;
  const json& types = r.array(root, "deviceTypes", "", false);
  for (std::size_t i = 0; i < types.size(); ++i)
  {
    const std::string p = "/deviceTypes/" + std::to_string(i);
    if (!types[i].is_object())
      r.fail(p, "got " + describeJsonType(types[i]),
             "{\"slug\", \"manufacturer\", \"model\", \"part\"}");
    r.allowOnly(types[i], p, { "slug", "manufacturer", "model", "part" });
    DeviceTypeMapping m;
    m.slug = r.stringOr(types[i], "slug", p, "");
    m.manufacturer = r.stringOr(types[i], "manufacturer", p, "");
    m.model = r.stringOr(types[i], "model", p, "");
    m.part = r.string(types[i], "part", p);
    if (m.slug.empty() && m.model.empty())
      r.fail(p, "names no device type", "a \"slug\" or a \"manufacturer\" and \"model\"");
    map.deviceTypes.push_back(std::move(m));
  }
  map.switchRoles = readSlugs(r, root, "switchRoles");
  map.skipRoles = readSlugs(r, root, "skipRoles");
  return map;
}

PartsMap mergePartsMaps(PartsMap base, const PartsMap& overrides)
{
  // The user's entries first, so forType/forPart find them before the built-in ones.
  std::vector<DeviceTypeMapping> types = overrides.deviceTypes;
  types.insert(types.end(), base.deviceTypes.begin(), base.deviceTypes.end());
  base.deviceTypes = std::move(types);
  for (const auto& role : overrides.switchRoles)
    base.switchRoles.push_back(role);
  for (const auto& role : overrides.skipRoles)
    base.skipRoles.push_back(role);
  return base;
}

const PartsMap& builtinPartsMap()
{
  static const PartsMap map = []
  {
    PartsMap all;
    for (const auto& [name, text] : builtinNetboxDataFiles())
      all = mergePartsMaps(std::move(all), partsMapFromJson(text, name));
    return all;
  }();
  return map;
}

} // namespace myriad::engine::netbox
