/**
 * @file reference_data.cpp
 * Strict reader of the economics reference-data files (samples/reference/): unknown keys,
 * wrong types and unsourced figures are errors naming the file and JSON path, so a figure can
 * never enter the models without saying where it comes from.
 */

#include "myriad/engine/economics/reference_data.h"

#include "io/json_reader.h"
#include "myriad/engine/error.h"

#include <array>
#include <cstdio>
#include <map>
#include <set>

namespace myriad::engine::detail
{
// Generated at build time from samples/reference/*.json (cmake/EmbedText.cmake).
const std::vector<std::pair<std::string, std::string>>& builtinReferenceDataFiles();
} // namespace myriad::engine::detail

namespace myriad::engine::economics
{

namespace
{

struct Source
{
  std::string citation;
  bool cited = false; ///< has a reference (docs/references.md anchor or repository file)
};

using SourceTable = std::map<std::string, Source>;

SourceTable readSources(const detail::JsonReader& reader, const nlohmann::json& json)
{
  SourceTable table;
  for (const auto& [key, value] : reader.object(json, "sources", "").items())
  {
    const std::string path = "/sources/" + key;
    if (!value.is_object())
    {
      reader.fail(path, "got " + detail::describeJsonType(value),
                  "an object with \"citation\" and optional \"reference\"");
    }
    reader.allowOnly(value, path, { "citation", "reference" });
    Source source;
    source.citation = reader.string(value, "citation", path);
    if (source.citation.empty())
    {
      reader.fail(path + "/citation", "empty citation", "the title and publisher of the source");
    }
    if (value.contains("reference"))
    {
      if (reader.string(value, "reference", path).empty())
      {
        reader.fail(path + "/reference", "empty reference",
                    "docs/references.md#anchor or a repository file");
      }
      source.cited = true;
    }
    table.emplace(key, std::move(source));
  }
  return table;
}

Figure readFigure(const detail::JsonReader& reader, const nlohmann::json& json,
                  const std::string& path, const SourceTable& sources)
{
  if (!json.is_object())
  {
    reader.fail(path, "got " + detail::describeJsonType(json), "a figure object");
  }
  reader.allowOnly(json, path, { "value", "unit", "source", "note", "estimate" });
  Figure figure;
  figure.value = reader.number(json, "value", path, "a number");
  figure.unit = reader.string(json, "unit", path);
  const std::string key = reader.string(json, "source", path);
  const auto source = sources.find(key);
  if (source == sources.end())
  {
    std::string known;
    for (const auto& [name, unused] : sources)
    {
      known += (known.empty() ? "" : ", ") + name;
    }
    reader.fail(path + "/source", "unknown source \"" + key + "\"",
                "a key of the file's \"sources\" table (" + known + ")");
  }
  if (!json.contains("estimate") || !json.at("estimate").is_boolean())
  {
    reader.fail(path + "/estimate",
                json.contains("estimate") ? "got " + detail::describeJsonType(json.at("estimate"))
                                          : "missing",
                "true or false (whether the figure is unverified)");
  }
  figure.estimate = json.at("estimate").get<bool>();
  if (!source->second.cited && !figure.estimate)
  {
    reader.fail(path + "/estimate", "a figure whose source has no reference is not verified",
                "true");
  }
  const std::string note = reader.stringOr(json, "note", path, "");
  figure.source = note.empty() ? source->second.citation : source->second.citation + " — " + note;
  return figure;
}

void requireCategoryFigures(const detail::JsonReader& reader, const Part& part,
                            const std::string& path)
{
  if (part.category == "site")
  {
    for (int month = 1; month <= 12; ++month)
    {
      char key[16];
      std::snprintf(key, sizeof key, "tempC%02d", month);
      if (part.figures.count(key) == 0)
      {
        reader.fail(path + "/figures/" + key, "missing", "the month's mean temperature in °C");
      }
    }
  }
  else if (part.category == "failure")
  {
    if (part.figures.count("perUnitYear") == 0)
    {
      reader.fail(path + "/figures/perUnitYear", "missing", "interruptions per unit and year");
    }
    if (part.attributes.count("per") == 0)
    {
      reader.fail(path + "/attributes/per", "missing", "the unit counted (gpu, node, nic, …)");
    }
  }
}

Part readPart(const detail::JsonReader& reader, const nlohmann::json& json, const std::string& path,
              const SourceTable& sources)
{
  if (!json.is_object())
  {
    reader.fail(path, "got " + detail::describeJsonType(json), "a part object");
  }
  reader.allowOnly(json, path, { "id", "category", "name", "attributes", "figures" });
  Part part;
  part.id = reader.string(json, "id", path);
  part.category = reader.string(json, "category", path);
  if (part.category != "site" && part.category != "failure" && part.category != "facility")
  {
    reader.fail(path + "/category", "unknown category \"" + part.category + "\"",
                "site, failure or facility");
  }
  part.name = reader.string(json, "name", path);
  for (const auto& [key, value] : reader.object(json, "figures", path).items())
  {
    part.figures.emplace(key, readFigure(reader, value, path + "/figures/" + key, sources));
  }
  if (json.contains("attributes"))
  {
    for (const auto& [key, value] : reader.object(json, "attributes", path).items())
    {
      if (!value.is_string())
      {
        reader.fail(path + "/attributes/" + key, "got " + detail::describeJsonType(value),
                    "a string");
      }
      part.attributes.emplace(key, value.get<std::string>());
    }
  }
  requireCategoryFigures(reader, part, path);
  return part;
}

} // namespace

std::vector<Part> readReferenceData(const std::string& text, const std::string& fileName)
{
  const detail::JsonReader reader(fileName);
  const auto json = reader.parse(text);
  if (!json.is_object())
  {
    reader.fail("/", "got " + detail::describeJsonType(json), "a reference-data object");
  }
  reader.allowOnly(json, "", { "schema", "description", "sources", "parts" });
  if (!json.contains("schema") || !json.at("schema").is_number_integer() ||
      json.at("schema").get<int>() != 1)
  {
    reader.fail("/schema", "unsupported or missing reference-data schema", "1");
  }
  reader.stringOr(json, "description", "", "");
  const SourceTable sources = readSources(reader, json);
  std::vector<Part> parts;
  std::set<std::string> ids;
  const auto& array = reader.array(json, "parts", "");
  for (std::size_t i = 0; i < array.size(); ++i)
  {
    const std::string path = "/parts/" + std::to_string(i);
    Part part = readPart(reader, array[i], path, sources);
    if (!ids.insert(part.id).second)
    {
      reader.fail(path + "/id", "duplicate part id \"" + part.id + "\"", "a unique id");
    }
    parts.push_back(std::move(part));
  }
  return parts;
}

const std::vector<std::pair<std::string, std::string>>& builtinReferenceFiles()
{
  return detail::builtinReferenceDataFiles();
}

const std::vector<Part>& builtinReferenceParts()
{
  static const std::vector<Part> parts = []
  {
    std::vector<Part> all;
    std::map<std::string, std::string> fileOfId;
    for (const auto& [name, text] : builtinReferenceFiles())
    {
      for (Part& part : readReferenceData(text, name))
      {
        if (const auto [it, added] = fileOfId.emplace(part.id, name); !added)
        {
          throw LoadError(name, "/parts", "part id \"" + part.id + "\" is also in " + it->second,
                          "ids unique across samples/reference/*.json");
        }
        all.push_back(std::move(part));
      }
    }
    return all;
  }();
  return parts;
}

} // namespace myriad::engine::economics
