/**
 * @file inputs.cpp
 * Validation and JSON reading/writing of EconomicsInputs, and the named site climates.
 *
 * Site climates are catalog parts of category "site" with id "site-<name>" and figures
 * tempC01 … tempC12 (monthly mean dry-bulb, °C), gridKgCo2PerKWh and energyPriceUSDPerKWh,
 * each with its own source or estimate mark (built-ins in samples/reference/).
 */

#include "myriad/engine/economics/inputs.h"

#include "economics_data.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <functional>

namespace myriad::engine::economics
{

namespace
{

using Json = nlohmann::json;

std::string fmt(double value)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", value);
  return buf;
}

[[noreturn]] void reject(const std::string& field, const std::string& rule, double value)
{
  throw SpecError("economics inputs: " + field + ": must be " + rule + ", got " + fmt(value));
}

void requireAtLeast(const std::string& field, double value, double min)
{
  if (!std::isfinite(value) || value < min)
  {
    reject(field, "≥ " + fmt(min), value);
  }
}

void requireAbove(const std::string& field, double value, double min)
{
  if (!std::isfinite(value) || value <= min)
  {
    reject(field, "> " + fmt(min), value);
  }
}

void requireFraction(const std::string& field, double value)
{
  if (!std::isfinite(value) || value < 0 || value > 1)
  {
    reject(field, "within 0–1", value);
  }
}

void requireOptional(const std::string& field, const std::optional<double>& value, double min)
{
  if (value)
  {
    requireAtLeast(field, *value, min);
  }
}

void validateCooling(const CoolingParams& c)
{
  requireAbove("cooling.airDeltaTK", c.airDeltaTK, 0);
  requireAtLeast("cooling.fanPressurePa", c.fanPressurePa, 0);
  requireAbove("cooling.fanEfficiency", c.fanEfficiency, 0);
  requireFraction("cooling.fanEfficiency", c.fanEfficiency);
  requireAtLeast("cooling.economiserApproachK", c.economiserApproachK, 0);
  requireAtLeast("cooling.condenserApproachK", c.condenserApproachK, 0);
  requireAtLeast("cooling.evaporatorApproachK", c.evaporatorApproachK, 0);
  requireAtLeast("cooling.evaporativeDepressionK", c.evaporativeDepressionK, 0);
  requireAbove("cooling.carnotFraction", c.carnotFraction, 0);
  requireFraction("cooling.carnotFraction", c.carnotFraction);
  requireAbove("cooling.copMax", c.copMax, 0);
  requireAtLeast("cooling.economiserAuxFraction", c.economiserAuxFraction, 0);
  requireFraction("cooling.liquidHeatFraction", c.liquidHeatFraction);
  requireAbove("cooling.liquidDeltaTK", c.liquidDeltaTK, 0);
  requireAtLeast("cooling.pumpHeadPa", c.pumpHeadPa, 0);
  requireAbove("cooling.pumpEfficiency", c.pumpEfficiency, 0);
  requireFraction("cooling.pumpEfficiency", c.pumpEfficiency);
  requireAtLeast("cooling.electricalLossFraction", c.electricalLossFraction, 0);
  requireAtLeast("cooling.miscFraction", c.miscFraction, 0);
  requireAtLeast("cooling.monthlySigmaK", c.monthlySigmaK, 0);
  requireAtLeast("cooling.waterLitresPerKWh", c.waterLitresPerKWh, 0);
  requireAtLeast("cooling.adiabaticLitresPerKWh", c.adiabaticLitresPerKWh, 0);
}

void validateRun(const TrainingRunInput& run)
{
  requireAtLeast("run.gpus", run.gpus, 0);
  if (run.stepTimeS)
  {
    requireAbove("run.stepTimeS", *run.stepTimeS, 0);
  }
  requireOptional("run.steps", run.steps, 0);
  if (run.parameters)
  {
    requireAbove("run.parameters", *run.parameters, 0);
  }
  if (run.tokens)
  {
    requireAbove("run.tokens", *run.tokens, 0);
  }
  requireAbove("run.mfu", run.mfu, 0);
  requireFraction("run.mfu", run.mfu);
}

void validateMoney(const EconomicsInputs& in)
{
  requireOptional("energyPriceUSDPerKWh", in.energyPriceUSDPerKWh, 0);
  requireOptional("gridKgCo2PerKWh", in.gridKgCo2PerKWh, 0);
  requireAtLeast("carbonPriceUSDPerTonne", in.carbonPriceUSDPerTonne, 0);
  requireAtLeast("hardwarePriceFactor", in.hardwarePriceFactor, 0);
  requireOptional("infraUSDPerW", in.infraUSDPerW, 0);
  if (in.powerCoolingShare)
  {
    requireFraction("powerCoolingShare", *in.powerCoolingShare);
  }
  requireOptional("maintenanceShare", in.maintenanceShare, 0);
  requireOptional("staffFtePerMW", in.staffFtePerMW, 0);
  requireOptional("staffUSDPerFte", in.staffUSDPerFte, 0);
  requireOptional("bom.transceivers", in.bom.transceivers, 0);
  requireOptional("bom.cables", in.bom.cables, 0);
  requireOptional("bom.opticsUSD", in.bom.opticsUSD, 0);
  requireOptional("bom.cablesUSD", in.bom.cablesUSD, 0);
  requireOptional("bom.opticsPowerW", in.bom.opticsPowerW, 0);
}

} // namespace

const char* toString(CoolingPlant plant)
{
  switch (plant)
  {
    case CoolingPlant::Evaporative:
      return "evaporative";
    case CoolingPlant::Adiabatic:
      return "adiabatic";
    case CoolingPlant::AirCooledChiller:
      break;
  }
  return "air-cooled-chiller";
}

std::optional<CoolingPlant> coolingPlantFromString(const std::string& text)
{
  if (text == "evaporative")
  {
    return CoolingPlant::Evaporative;
  }
  if (text == "adiabatic")
  {
    return CoolingPlant::Adiabatic;
  }
  if (text == "air-cooled-chiller")
  {
    return CoolingPlant::AirCooledChiller;
  }
  return std::nullopt;
}

void validateInputs(const EconomicsInputs& in, const Catalog& catalog)
{
  (void)siteClimate(in.site, catalog); // throws naming the field for an unknown site
  requireFraction("utilisation", in.utilisation);
  if (in.utilisationByMonth)
  {
    if (in.utilisationByMonth->size() != 12)
    {
      reject("utilisationByMonth", "12 values (one per month); count",
             static_cast<double>(in.utilisationByMonth->size()));
    }
    for (std::size_t m = 0; m < 12; ++m)
    {
      requireFraction("utilisationByMonth[" + std::to_string(m) + "]", (*in.utilisationByMonth)[m]);
    }
  }
  validateMoney(in);
  requireAtLeast("years", in.years, 1);
  if (!std::isfinite(in.discountRate) || in.discountRate <= -1)
  {
    reject("discountRate", "> −1 (−100 %)", in.discountRate);
  }
  requireAbove("availability", in.availability, 0);
  requireFraction("availability", in.availability);
  requireAtLeast("itLifeYears", in.itLifeYears, 1);
  requireAtLeast("facilityLifeYears", in.facilityLifeYears, 1);
  requireAtLeast("failureRateFactor", in.failureRateFactor, 0);
  for (const auto& [component, rate] : in.failureRatesPerYear)
  {
    requireAtLeast("failureRatesPerYear." + component, rate, 0);
  }
  requireAbove("checkpointWriteS", in.checkpointWriteS, 0);
  requireAtLeast("restartS", in.restartS, 0);
  validateCooling(in.cooling);
  validateRun(in.run);
  if (!std::isfinite(in.sensitivityPercent) || in.sensitivityPercent < 0 ||
      in.sensitivityPercent >= 100)
  {
    reject("sensitivityPercent", "within 0–100 (exclusive)", in.sensitivityPercent);
  }
}

SiteClimate siteClimate(const std::string& id, const Catalog& catalog)
{
  const Part* part = detail::findEconomicsPart(catalog, "site-" + id);
  if (part == nullptr || part->category != "site")
  {
    std::string known;
    for (const auto& name : siteIds(catalog))
    {
      known += (known.empty() ? "" : ", ") + name;
    }
    throw SpecError("economics inputs: site: unknown site '" + id + "' (known: " + known + ")");
  }
  SiteClimate site;
  site.id = id;
  site.name = part->name;
  for (const auto& [key, value] : part->attributes)
  {
    if (key.rfind("name_", 0) == 0 && key.size() > 5)
    {
      site.localNames.emplace(key.substr(5), value);
    }
  }
  site.estimate = false;
  for (int m = 0; m < 12; ++m)
  {
    char key[16];
    std::snprintf(key, sizeof key, "tempC%02d", m + 1);
    const Figure& f = part->figure(key); // a site without all 12 months is a catalog error
    site.monthlyMeanC[static_cast<std::size_t>(m)] = f.value;
    site.estimate = site.estimate || f.estimate;
    if (site.source.empty())
    {
      site.source = f.source;
    }
  }
  if (auto it = part->figures.find("gridKgCo2PerKWh"); it != part->figures.end())
  {
    site.gridKgCo2PerKWh = it->second.value;
  }
  if (auto it = part->figures.find("energyPriceUSDPerKWh"); it != part->figures.end())
  {
    site.energyPriceUSDPerKWh = it->second.value;
  }
  return site;
}

std::vector<std::string> siteIds(const Catalog& catalog)
{
  std::vector<std::string> ids;
  for (const auto& partId : detail::economicsIdsOf(catalog, "site"))
  {
    ids.push_back(partId.rfind("site-", 0) == 0 ? partId.substr(5) : partId);
  }
  return ids;
}

} // namespace myriad::engine::economics
