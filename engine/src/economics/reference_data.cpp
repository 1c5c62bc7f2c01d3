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
#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

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

/** A file-level exchange rate: units of a currency per US dollar, with its date and source. */
struct ExchangeRate
{
  Figure rate; ///< value in <currency>/USD
  std::string date;
};

using RateTable = std::map<std::string, ExchangeRate>;

bool isCurrencyCode(const std::string& code)
{
  if (code.size() != 3)
  {
    return false;
  }
  for (const char c : code)
  {
    if (!std::isupper(static_cast<unsigned char>(c)))
    {
      return false;
    }
  }
  return true;
}

RateTable readExchangeRates(const detail::JsonReader& reader, const nlohmann::json& json,
                            const SourceTable& sources)
{
  RateTable table;
  if (!json.contains("exchangeRates"))
  {
    return table;
  }
  for (const auto& [code, value] : reader.object(json, "exchangeRates", "").items())
  {
    const std::string path = "/exchangeRates/" + code;
    if (!isCurrencyCode(code) || code == "USD")
    {
      reader.fail(path, "unknown currency code \"" + code + "\"",
                  "a three-letter ISO 4217 code other than USD (e.g. CNY)");
    }
    if (!value.is_object())
    {
      reader.fail(path, "got " + detail::describeJsonType(value),
                  "a figure object with \"date\" (units of " + code + " per USD)");
    }
    ExchangeRate rate;
    rate.date = reader.string(value, "date", path);
    if (rate.date.empty())
    {
      reader.fail(path + "/date", "empty date", "the date of the rate, YYYY-MM-DD");
    }
    nlohmann::json figure = value;
    figure.erase("date");
    rate.rate = readFigure(reader, figure, path, sources);
    if (!(rate.rate.value > 0))
    {
      reader.fail(path + "/value", "non-positive exchange rate",
                  "a positive number of " + code + " per USD");
    }
    if (rate.rate.unit != code + "/USD")
    {
      reader.fail(path + "/unit", "unit \"" + rate.rate.unit + "\"", code + "/USD");
    }
    table.emplace(code, std::move(rate));
  }
  return table;
}

/**
 * A site may give its energy price in another currency, energyPrice<CUR>PerKWh (unit
 * "<CUR>/kWh"), instead of energyPriceUSDPerKWh: the USD figure the models use is derived here
 * with the file's exchange rate for <CUR>, and is an estimate when the price or the rate is.
 */
void deriveUsdEnergyPrice(const detail::JsonReader& reader, Part& part, const std::string& path,
                          const RateTable& rates)
{
  const std::string prefix = "energyPrice";
  const std::string suffix = "PerKWh";
  std::string foreignKey;
  for (const auto& [key, unused] : part.figures)
  {
    if (key.size() == prefix.size() + 3 + suffix.size() && key.rfind(prefix, 0) == 0 &&
        key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0 &&
        key.substr(prefix.size(), 3) != "USD")
    {
      if (!foreignKey.empty())
      {
        reader.fail(path + "/figures/" + key, "a second energy price (also " + foreignKey + ")",
                    "one energy price per site");
      }
      foreignKey = key;
    }
  }
  if (foreignKey.empty())
  {
    return;
  }
  const std::string where = path + "/figures/" + foreignKey;
  const std::string code = foreignKey.substr(prefix.size(), 3);
  const auto rate = rates.find(code);
  if (rate == rates.end()) // the table holds only valid codes (readExchangeRates)
  {
    std::string known;
    for (const auto& [name, unused] : rates)
    {
      known += (known.empty() ? "" : ", ") + name;
    }
    reader.fail(where, "unknown currency \"" + code + "\"",
                "energyPriceUSDPerKWh or energyPrice<CUR>PerKWh with <CUR> a currency of the "
                "file's \"exchangeRates\" (" +
                  (known.empty() ? std::string("none") : known) + ")");
  }
  const Figure& price = part.figures.at(foreignKey);
  if (price.unit != code + "/kWh")
  {
    reader.fail(where + "/unit", "unit \"" + price.unit + "\"", code + "/kWh");
  }
  if (part.figures.count("energyPriceUSDPerKWh") != 0)
  {
    reader.fail(path + "/figures/energyPriceUSDPerKWh", "given together with " + foreignKey,
                "one energy price per site (the USD figure is derived from " + foreignKey + ")");
  }
  std::ostringstream rateText;
  rateText << rate->second.rate.value;
  Figure usd;
  usd.value = price.value / rate->second.rate.value;
  usd.unit = "USD/kWh";
  usd.estimate = price.estimate || rate->second.rate.estimate;
  usd.source = price.source + " — converted at " + rateText.str() + " " + code + "/USD (" +
               rate->second.date + "; " + rate->second.rate.source + ")";
  part.figures.emplace("energyPriceUSDPerKWh", std::move(usd));
}

/**
 * A DCI part is an optic (attribute kind "optic": rateGbps, reachKm, channelsPerFibrePair, powerW)
 * or the line system (kind "line": latency, route factor, amplifiers, terminals, lease); every
 * figure the siting model reads must be there and positive (siting/dci.h).
 */
void requireDciFigures(const detail::JsonReader& reader, const Part& part, const std::string& path)
{
  const auto kind = part.attributes.find("kind");
  std::vector<const char*> needed;
  if (kind != part.attributes.end() && kind->second == "optic")
  {
    needed = { "rateGbps", "reachKm", "channelsPerFibrePair", "powerW" };
  }
  else if (kind != part.attributes.end() && kind->second == "line")
  {
    needed = { "fibreLatencyUsPerKm", "routeFactor",     "transponderLatencyUs",
               "amplifierSpacingKm",  "amplifierPowerW", "terminalPowerW" };
  }
  else
  {
    reader.fail(path + "/attributes/kind", "missing or unknown", "\"optic\" or \"line\"");
  }
  for (const char* key : needed)
  {
    const auto figure = part.figures.find(key);
    if (figure == part.figures.end())
    {
      reader.fail(path + "/figures/" + key, "missing", "a positive number");
    }
    if (!(figure->second.value > 0))
    {
      reader.fail(path + "/figures/" + key + "/value", "not positive", "a positive number");
    }
  }
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
  else if (part.category == "dci")
  {
    requireDciFigures(reader, part, path);
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
              const SourceTable& sources, const RateTable& rates)
{
  if (!json.is_object())
  {
    reader.fail(path, "got " + detail::describeJsonType(json), "a part object");
  }
  reader.allowOnly(json, path, { "id", "category", "name", "attributes", "figures" });
  Part part;
  part.id = reader.string(json, "id", path);
  part.category = reader.string(json, "category", path);
  if (part.category != "site" && part.category != "failure" && part.category != "facility" &&
      part.category != "dci")
  {
    reader.fail(path + "/category", "unknown category \"" + part.category + "\"",
                "site, failure, facility or dci");
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
  deriveUsdEnergyPrice(reader, part, path, rates);
  return part;
}

/**
 * Each exchange rate as a part of category "exchange-rate" ("exchange-rate-CNY", figure
 * "perUSD", attributes "currency" and "date"), so that economics/currency.h finds the scene
 * currency's rate, with its source, where every other reference figure is.
 */
void appendRateParts(const RateTable& rates, std::vector<Part>& parts)
{
  for (const auto& [code, rate] : rates)
  {
    Part part;
    part.id = "exchange-rate-" + code;
    part.category = "exchange-rate";
    part.name = code + " per US dollar";
    part.figures.emplace("perUSD", rate.rate);
    part.attributes.emplace("currency", code);
    part.attributes.emplace("date", rate.date);
    parts.push_back(std::move(part));
  }
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
  reader.allowOnly(json, "", { "schema", "description", "sources", "exchangeRates", "parts" });
  if (!json.contains("schema") || !json.at("schema").is_number_integer() ||
      json.at("schema").get<int>() != 1)
  {
    reader.fail("/schema", "unsupported or missing reference-data schema", "1");
  }
  reader.stringOr(json, "description", "", "");
  const SourceTable sources = readSources(reader, json);
  const RateTable rates = readExchangeRates(reader, json, sources);
  std::vector<Part> parts;
  std::set<std::string> ids;
  const auto& array = reader.array(json, "parts", "");
  for (std::size_t i = 0; i < array.size(); ++i)
  {
    const std::string path = "/parts/" + std::to_string(i);
    Part part = readPart(reader, array[i], path, sources, rates);
    if (!ids.insert(part.id).second)
    {
      reader.fail(path + "/id", "duplicate part id \"" + part.id + "\"", "a unique id");
    }
    parts.push_back(std::move(part));
  }
  appendRateParts(rates, parts);
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
