#include "myriad/engine/catalog.h"

#include "io/json_reader.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <array>

namespace myriad::engine
{

namespace detail
{
// Generated at build time from samples/catalog/*.json (cmake/EmbedText.cmake).
const std::vector<std::pair<std::string, std::string>>& builtinCatalogFiles();
} // namespace detail

namespace
{

constexpr std::array<const char*, 9> kCategories = { "gpu",   "server", "switch", "nic",  "optic",
                                                     "cable", "cooler", "rack",   "fluid" };

Part readPart(const detail::JsonReader& reader, const nlohmann::json& json, const std::string& path)
{
  reader.allowOnly(json, path, { "id", "category", "name", "figures", "attributes" });
  Part part;
  part.id = reader.string(json, "id", path);
  part.category = reader.string(json, "category", path);
  if (std::find_if(kCategories.begin(), kCategories.end(),
                   [&](const char* c) { return part.category == c; }) == kCategories.end())
  {
    reader.fail(path + "/category", "unknown category \"" + part.category + "\"",
                "gpu, server, switch, nic, optic, cable, cooler or rack");
  }
  part.name = reader.string(json, "name", path);
  if (json.contains("figures"))
  {
    const auto& figures = reader.object(json, "figures", path);
    for (const auto& [key, value] : figures.items())
    {
      const std::string figurePath = path + "/figures/" + key;
      reader.allowOnly(value, figurePath, { "value", "unit", "source", "estimate" });
      Figure figure;
      figure.value = reader.number(value, "value", figurePath, "a number");
      figure.unit = reader.string(value, "unit", figurePath);
      figure.source = reader.stringOr(value, "source", figurePath, "estimate");
      figure.estimate = reader.booleanOr(value, "estimate", figurePath, false);
      if (figure.source.empty())
      {
        reader.fail(figurePath + "/source", "empty source", "a citation or \"estimate\"");
      }
      part.figures.emplace(key, std::move(figure));
    }
  }
  if (json.contains("attributes"))
  {
    const auto& attributes = reader.object(json, "attributes", path);
    for (const auto& [key, value] : attributes.items())
    {
      if (!value.is_string())
      {
        reader.fail(path + "/attributes/" + key, "got " + detail::describeJsonType(value),
                    "a string");
      }
      part.attributes.emplace(key, value.get<std::string>());
    }
  }
  return part;
}

void mergeInto(Catalog& target, const Catalog& source, const std::string& fileName);

} // namespace

const Figure& Part::figure(const std::string& key) const
{
  const auto it = figures.find(key);
  if (it == figures.end())
  {
    throw Error("catalog part \"" + id + "\" has no figure \"" + key + "\"");
  }
  return it->second;
}

double Part::valueOr(const std::string& key, double fallback) const
{
  const auto it = figures.find(key);
  return it == figures.end() ? fallback : it->second.value;
}

const std::string& Part::attribute(const std::string& key) const
{
  const auto it = attributes.find(key);
  if (it == attributes.end())
  {
    throw Error("catalog part \"" + id + "\" has no attribute \"" + key + "\"");
  }
  return it->second;
}

Catalog Catalog::fromJson(const std::string& text, const std::string& fileName)
{
  const detail::JsonReader reader(fileName);
  const auto json = reader.parse(text);
  if (!json.is_object())
  {
    reader.fail("/", "got " + detail::describeJsonType(json), "a catalog object");
  }
  reader.allowOnly(json, "", { "schema", "description", "parts" });
  const int schema = reader.integerOr(json, "schema", "", 0);
  if (schema != 1)
  {
    reader.fail("/schema", "unsupported catalog schema " + std::to_string(schema), "1");
  }
  Catalog catalog;
  const auto& parts = reader.array(json, "parts", "");
  for (std::size_t i = 0; i < parts.size(); ++i)
  {
    const std::string path = "/parts/" + std::to_string(i);
    Part part = readPart(reader, parts[i], path);
    if (catalog.contains(part.id))
    {
      reader.fail(path + "/id", "duplicate part id \"" + part.id + "\"", "a unique id");
    }
    catalog.m_parts.emplace(part.id, std::move(part));
  }
  return catalog;
}

Catalog Catalog::load(const std::string& path)
{
  return fromJson(readFile(path), path);
}

const Catalog& Catalog::builtin()
{
  static const Catalog catalog = []
  {
    Catalog merged;
    for (const auto& [name, text] : detail::builtinCatalogFiles())
    {
      mergeInto(merged, fromJson(text, name), name);
    }
    return merged;
  }();
  return catalog;
}

const Part& Catalog::part(const std::string& id) const
{
  const Part* found = find(id);
  if (found == nullptr)
  {
    throw Error("unknown catalog part \"" + id + "\"");
  }
  return *found;
}

const Part* Catalog::find(const std::string& id) const
{
  const auto it = m_parts.find(id);
  return it == m_parts.end() ? nullptr : &it->second;
}

std::vector<std::string> Catalog::idsOf(const std::string& category) const
{
  std::vector<std::string> ids;
  for (const auto& [id, part] : m_parts)
  {
    if (part.category == category)
    {
      ids.push_back(id);
    }
  }
  return ids;
}

namespace
{
void mergeInto(Catalog& target, const Catalog& source, const std::string& fileName)
{
  // Catalog has no public mutator; rebuild through JSON-free copies of its parts.
  for (const auto& category : kCategories)
  {
    for (const auto& id : source.idsOf(category))
    {
      if (target.contains(id))
      {
        throw LoadError(fileName, "/parts", "part id \"" + id + "\" is defined twice",
                        "ids unique across samples/catalog/*.json");
      }
      target.add(source.part(id));
    }
  }
}
} // namespace

void Catalog::add(Part part)
{
  const std::string id = part.id;
  m_parts.insert_or_assign(id, std::move(part));
}

} // namespace myriad::engine
