// NetBox device types as Myriad catalog parts: interface speeds, figures with their sources,
// and the catalog JSON writer.
#include "myriad/engine/error.h"
#include "myriad/engine/netbox/devicetype.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace myriad::engine::netbox
{

namespace
{

/** A switch has at least this many non-management data ports (when not told its category). */
constexpr int kSwitchMinDataPorts = 16;
/** Server data ports at or above this rate count as compute (GPU fabric) NICs. */
constexpr double kComputeNicMinGbps = 100;

/** Leading decimal number of `text` ("2.5gbase-t" → 2.5, consumed 3); nullopt without digits. */
std::optional<std::pair<double, std::size_t>> leadingNumber(std::string_view text)
{
  std::size_t i = 0;
  double value = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0)
  {
    value = value * 10 + (text[i] - '0');
    ++i;
  }
  if (i == 0)
  {
    return std::nullopt;
  }
  if (i + 1 < text.size() && text[i] == '.' &&
      std::isdigit(static_cast<unsigned char>(text[i + 1])) != 0)
  {
    double scale = 0.1;
    for (++i; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0; ++i)
    {
      value += (text[i] - '0') * scale;
      scale /= 10;
    }
  }
  return std::make_pair(value, i);
}

/** Per-port (4x) InfiniBand rates in Gb/s. */
double infinibandGbps(std::string_view generation)
{
  static constexpr std::array<std::pair<std::string_view, double>, 9> kRates = { {
    { "sdr", 10 },
    { "ddr", 20 },
    { "qdr", 40 },
    { "fdr10", 40 },
    { "fdr", 56 },
    { "edr", 100 },
    { "hdr", 200 },
    { "ndr", 400 },
    { "xdr", 800 },
  } };
  for (const auto& [name, rate] : kRates)
  {
    if (generation == name)
    {
      return rate;
    }
  }
  return 0;
}

std::string baseName(const std::string& path)
{
  const auto slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool startsWithNoCase(const std::string& text, const std::string& prefix)
{
  if (prefix.empty() || text.size() < prefix.size())
  {
    return false;
  }
  for (std::size_t i = 0; i < prefix.size(); ++i)
  {
    if (std::tolower(static_cast<unsigned char>(text[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i])))
    {
      return false;
    }
  }
  return true;
}

/** Data rates (Gb/s → count) of the non-management interfaces with a known rate. */
std::map<double, int> dataPortRates(const DeviceType& type)
{
  std::map<double, int> rates;
  for (const auto& interface : type.interfaces)
  {
    const double gbps = interfaceTypeGbps(interface.type);
    if (!interface.mgmtOnly && gbps > 0)
    {
      ++rates[gbps];
    }
  }
  return rates;
}

Figure cited(double value, std::string unit, std::string source, bool estimate = false)
{
  return Figure{ value, std::move(unit), std::move(source), estimate };
}

void addSwitchFigures(Part& part, const std::map<double, int>& rates, const std::string& source)
{
  int ports = 0;
  std::pair<double, int> common{ 0, 0 }; // most common rate; ties go to the faster
  for (const auto& [gbps, count] : rates)
  {
    ports += count;
    if (count >= common.second)
    {
      common = { gbps, count };
    }
  }
  part.figures["ports"] =
    cited(ports, "count",
          source + " (" + std::to_string(ports) + " non-management interfaces with a data rate)");
  if (ports == 0)
  {
    return;
  }
  const bool mixed = rates.size() > 1;
  part.figures["portRateGbps"] =
    cited(common.first, "Gb/s",
          source + (mixed ? " (most common rate of " + std::to_string(rates.size()) +
                              " among the data interfaces)"
                          : " (interface type rate, all data interfaces)"),
          mixed);
}

void addServerFigures(Part& part, const std::map<double, int>& rates, const std::string& source)
{
  int nics = 0;
  for (const auto& [gbps, count] : rates)
  {
    if (gbps >= kComputeNicMinGbps)
    {
      nics += count;
    }
  }
  // NetBox lists interfaces (ports), not adapters: each port is counted as one NIC.
  part.figures["computeNics"] = cited(
    nics, "count",
    source + " (" + std::to_string(nics) + " interfaces of 100 Gb/s or more, one NIC each)", true);
}

void addPowerFigure(Part& part, const DeviceType& type, const std::string& source)
{
  const std::string ports = std::to_string(type.powerPorts) + " power-ports";
  if (type.allocatedDrawW > 0)
  {
    part.figures["powerMaxW"] =
      cited(type.allocatedDrawW, "W", source + " (sum of allocated_draw over " + ports + ")");
  }
  else if (type.maximumDrawW > 0)
  {
    part.figures["powerMaxW"] =
      cited(type.maximumDrawW, "W", source + " (sum of maximum_draw over " + ports + ")");
  }
}

} // namespace

double interfaceTypeGbps(const std::string& type)
{
  const std::string_view text(type);
  constexpr std::string_view kInfiniband = "infiniband-";
  if (text.substr(0, kInfiniband.size()) == kInfiniband)
  {
    return infinibandGbps(text.substr(kInfiniband.size()));
  }
  const auto number = leadingNumber(text);
  if (!number)
  {
    return 0;
  }
  const auto [value, length] = *number;
  const std::string_view rest = text.substr(length);
  // Ethernet: "1000base-t" (Mb/s), "25gbase-x-sfp28", "1.6tbase-…"; Fibre Channel: "32gfc-…".
  if (rest.substr(0, 4) == "base")
  {
    return value / 1000;
  }
  if (rest.substr(0, 5) == "gbase" || rest.substr(0, 3) == "gfc")
  {
    return value;
  }
  if (rest.substr(0, 5) == "tbase")
  {
    return value * 1000;
  }
  return 0;
}

engine::Part partFromDeviceType(const DeviceType& type, const std::string& sourceName,
                                const std::string& category)
{
  if (!category.empty() && category != "server" && category != "switch")
  {
    throw Error("device type \"" + type.slug + "\": category \"" + category +
                "\" is neither server nor switch");
  }
  const auto rates = dataPortRates(type);
  int dataPorts = 0;
  for (const auto& entry : rates)
  {
    dataPorts += entry.second;
  }
  Part part;
  part.id = type.slug;
  part.category =
    !category.empty() ? category : (dataPorts >= kSwitchMinDataPorts ? "switch" : "server");
  part.name = startsWithNoCase(type.model, type.manufacturer)
                ? type.model
                : type.manufacturer + " " + type.model;
  const std::string source = "netbox-community/devicetype-library device-types/" +
                             type.manufacturer + "/" + baseName(sourceName);
  part.figures["heightU"] = cited(type.uHeight, "U", source + " (u_height)");
  if (type.weightKg)
  {
    part.figures["weightKg"] = cited(*type.weightKg, "kg", source + " (weight, weight_unit)");
  }
  addPowerFigure(part, type, source);
  if (!type.interfaces.empty())
  {
    if (part.category == "switch")
    {
      addSwitchFigures(part, rates, source);
    }
    else
    {
      addServerFigures(part, rates, source);
    }
  }
  part.attributes["manufacturer"] = type.manufacturer;
  part.attributes["model"] = type.model;
  if (!type.partNumber.empty())
  {
    part.attributes["partNumber"] = type.partNumber;
  }
  if (!type.airflow.empty())
  {
    part.attributes["airflow"] = type.airflow;
  }
  return part;
}

std::string catalogToJson(const std::vector<engine::Part>& parts)
{
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& part : parts)
  {
    nlohmann::ordered_json figures = nlohmann::ordered_json::object();
    for (const auto& [key, figure] : part.figures)
    {
      if (!std::isfinite(figure.value))
      {
        throw Error("catalog part \"" + part.id + "\": figure \"" + key + "\" is not finite");
      }
      figures[key] = { { "value", figure.value },
                       { "unit", figure.unit },
                       { "source", figure.source.empty() ? "estimate" : figure.source },
                       { "estimate", figure.estimate } };
    }
    nlohmann::ordered_json attributes = nlohmann::ordered_json::object();
    for (const auto& [key, value] : part.attributes)
    {
      attributes[key] = value;
    }
    list.push_back({ { "id", part.id },
                     { "category", part.category },
                     { "name", part.name },
                     { "figures", std::move(figures) },
                     { "attributes", std::move(attributes) } });
  }
  const nlohmann::ordered_json document = {
    { "schema", 1 },
    { "description", "Myriad parts catalog. Every figure carries its unit and source; figures "
                     "marked estimate have no public source." },
    { "parts", std::move(list) },
  };
  return document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

} // namespace myriad::engine::netbox
