// The side-by-side table of `myriad-cli economics --cooling-choices` (cooling_choices_table.h).
#include "cooling_choices_table.h"

#include "scene_input.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

namespace myriad::cli
{

namespace
{

namespace econ = engine::economics;
using Result = econ::EconomicsResult;
using Choice = econ::CoolingChoiceResult;

std::string millions(const std::optional<double>& usd)
{
  if (!usd)
    return "missing";
  char buf[32];
  std::snprintf(buf, sizeof buf, "$%.1fM", *usd / 1e6);
  return buf;
}

std::string fixed(double value, const char* format)
{
  char buf[48];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

const char* title(econ::CoolingChoice choice)
{
  switch (choice)
  {
    case econ::CoolingChoice::ColdPlate:
      return "cold plate";
    case econ::CoolingChoice::Immersion:
      return "immersion";
    case econ::CoolingChoice::Air:
      break;
  }
  return "air";
}

void row(const char* label, const std::vector<Choice>& choices,
         const std::function<std::string(const Choice&, const Result&)>& cell)
{
  std::printf("  %-24s", label);
  for (const Choice& c : choices)
    std::printf(" %22s", c.result ? cell(c, *c.result).c_str() : "unavailable");
  std::printf("\n");
}

} // namespace

std::string withCoolingChoices(const std::string& economicsJson, const std::string& choicesJson)
{
  nlohmann::json j = nlohmann::json::parse(economicsJson);
  j["coolingChoices"] = nlohmann::json::parse(choicesJson);
  return j.dump(2);
}

void printCoolingChoices(const std::vector<Choice>& choices)
{
  std::printf("Cooling choices      the same GPUs and inputs; each column is the scene's compute "
              "racks converted (docs/models/cooling.md)\n");
  std::printf("  %-24s", "");
  for (const Choice& c : choices)
    std::printf(" %22s", (std::string(title(c.choice)) + (c.current ? " (as drawn)" : "")).c_str());
  std::printf("\n");
  row("servers", choices, [](const Choice& c, const Result&) { return c.serverModel; });
  row("enclosures", choices,
      [](const Choice& c, const Result&)
      { return withCommas(c.enclosures) + " " + c.enclosureModel; });
  row("IT power peak", choices,
      [](const Choice&, const Result& r) { return formatPower(r.kpis.itPeakMW * 1e6); });
  row("facility power mean", choices,
      [](const Choice&, const Result& r) { return formatPower(r.kpis.facilityMW * 1e6); });
  row("PUE annual", choices,
      [](const Choice&, const Result& r) { return fixed(r.kpis.pue, "%.3f"); });
  row("compressor-free h (liq.)", choices,
      [](const Choice&, const Result& r)
      {
        return r.energy.liquidLoop ? withCommas(std::llround(r.energy.liquidEconomiserHours))
                                   : std::string("no liquid loop");
      });
  row("water m3/year", choices,
      [](const Choice&, const Result& r)
      { return withCommas(std::llround(r.kpis.waterM3PerYear)); });
  row("carbon t CO2/year", choices,
      [](const Choice&, const Result& r)
      {
        return r.kpis.carbonTonnesPerYear ? withCommas(std::llround(*r.kpis.carbonTonnesPerYear))
                                          : std::string("missing");
      });
  row("CAPEX", choices, [](const Choice&, const Result& r) { return millions(r.kpis.capexUSD); });
  row("OPEX per year", choices,
      [](const Choice&, const Result& r) { return millions(r.kpis.opexUSDPerYear); });
  row("cost per GPU-hour", choices,
      [](const Choice&, const Result& r)
      { return r.kpis.usdPerGpuHour ? fixed(*r.kpis.usdPerGpuHour, "$%.3f") : "missing"; });
  row("heaviest floor load", choices,
      [](const Choice& c, const Result&)
      { return withCommas(std::llround(c.maxFloorLoadKgM2)) + " kg/m2"; });
  for (const Choice& c : choices)
    if (c.unavailable)
      std::printf("  %s unavailable: %s\n", title(c.choice), c.unavailable->c_str());
}

} // namespace myriad::cli
