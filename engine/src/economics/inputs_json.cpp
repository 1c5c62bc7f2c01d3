/**
 * @file inputs_json.cpp
 * EconomicsInputs ⇄ JSON. Keys are the struct field names; nested objects "cooling", "bom",
 * "run" and "failureRatesPerYear". Unknown keys are rejected (a typo must not silently fall back
 * to a default), and every error names the JSON path. Value ranges are checked separately by
 * validateInputs, which needs the catalog for site names.
 */

#include "myriad/engine/economics/inputs.h"

#include "io/json_reader.h"

#include "myriad/engine/error.h"
#include "myriad/engine/model.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>

namespace myriad::engine::economics
{

namespace
{

using Json = nlohmann::json;
using Handler = std::function<void(const Json&, const std::string& path)>;

/** Reads one JSON object field by field, naming the path in every error. */
class ObjectReader
{
public:
  explicit ObjectReader(std::string file)
    : m_file(std::move(file))
  {
  }

  Handler number(double& out) const
  {
    return [this, &out](const Json& v, const std::string& path) { out = asNumber(v, path); };
  }
  Handler optionalNumber(std::optional<double>& out) const
  {
    return [this, &out](const Json& v, const std::string& path)
    { out = v.is_null() ? std::nullopt : std::optional<double>(asNumber(v, path)); };
  }
  Handler integer(int& out) const
  {
    return [this, &out](const Json& v, const std::string& path)
    {
      if (!v.is_number_integer())
      {
        throw LoadError(m_file, path, "wrong type", "an integer");
      }
      out = v.get<int>();
    };
  }
  Handler text(std::string& out) const
  {
    return [this, &out](const Json& v, const std::string& path)
    {
      if (!v.is_string())
      {
        throw LoadError(m_file, path, "wrong type", "a string");
      }
      out = v.get<std::string>();
    };
  }

  double asNumber(const Json& v, const std::string& path) const
  {
    if (!v.is_number())
    {
      throw LoadError(m_file, path, "wrong type", "a number");
    }
    return v.get<double>();
  }

  void read(const Json& object, const std::string& path,
            const std::map<std::string, Handler>& handlers) const
  {
    if (!object.is_object())
    {
      throw LoadError(m_file, path.empty() ? "/" : path, "wrong type", "an object");
    }
    for (const auto& [key, value] : object.items())
    {
      auto it = handlers.find(key);
      if (it == handlers.end())
      {
        std::string known;
        for (const auto& [name, h] : handlers)
        {
          known += (known.empty() ? "" : ", ") + name;
        }
        throw LoadError(m_file, path + "/" + key, "unknown key", "one of: " + known);
      }
      it->second(value, path + "/" + key);
    }
  }

  const std::string& file() const { return m_file; }

private:
  std::string m_file;
};

std::map<std::string, Handler> coolingHandlers(const ObjectReader& r, CoolingParams& c)
{
  return {
    { "plant",
      [&r, &c](const Json& v, const std::string& path)
      {
        auto plant = v.is_string() ? coolingPlantFromString(v.get<std::string>()) : std::nullopt;
        if (!plant)
        {
          throw LoadError(r.file(), path, "unknown cooling plant",
                          "\"air-cooled-chiller\", \"evaporative\" or \"adiabatic\"");
        }
        c.plant = *plant;
      } },
    { "airDeltaTK", r.number(c.airDeltaTK) },
    { "fanPressurePa", r.number(c.fanPressurePa) },
    { "fanEfficiency", r.number(c.fanEfficiency) },
    { "chilledWaterC", r.number(c.chilledWaterC) },
    { "liquidSupplyC", r.number(c.liquidSupplyC) },
    { "economiserApproachK", r.number(c.economiserApproachK) },
    { "condenserApproachK", r.number(c.condenserApproachK) },
    { "evaporatorApproachK", r.number(c.evaporatorApproachK) },
    { "evaporativeDepressionK", r.number(c.evaporativeDepressionK) },
    { "carnotFraction", r.number(c.carnotFraction) },
    { "copMax", r.number(c.copMax) },
    { "economiserAuxFraction", r.number(c.economiserAuxFraction) },
    { "liquidHeatFraction", r.number(c.liquidHeatFraction) },
    { "liquidDeltaTK", r.number(c.liquidDeltaTK) },
    { "pumpHeadPa", r.number(c.pumpHeadPa) },
    { "pumpEfficiency", r.number(c.pumpEfficiency) },
    { "electricalLossFraction", r.number(c.electricalLossFraction) },
    { "miscFraction", r.number(c.miscFraction) },
    { "monthlySigmaK", r.number(c.monthlySigmaK) },
    { "waterLitresPerKWh", r.number(c.waterLitresPerKWh) },
    { "adiabaticSwitchC", r.number(c.adiabaticSwitchC) },
    { "adiabaticLitresPerKWh", r.number(c.adiabaticLitresPerKWh) },
  };
}

std::map<std::string, Handler> bomHandlers(const ObjectReader& r, BomInput& b)
{
  return {
    { "transceivers", r.optionalNumber(b.transceivers) },
    { "cables", r.optionalNumber(b.cables) },
    { "opticsUSD", r.optionalNumber(b.opticsUSD) },
    { "cablesUSD", r.optionalNumber(b.cablesUSD) },
    { "opticsPowerW", r.optionalNumber(b.opticsPowerW) },
  };
}

std::map<std::string, Handler> runHandlers(const ObjectReader& r, TrainingRunInput& run)
{
  return {
    { "gpus", r.integer(run.gpus) },
    { "stepTimeS", r.optionalNumber(run.stepTimeS) },
    { "steps", r.optionalNumber(run.steps) },
    { "parameters", r.optionalNumber(run.parameters) },
    { "tokens", r.optionalNumber(run.tokens) },
    { "mfu", r.number(run.mfu) },
  };
}

std::map<std::string, Handler> topHandlers(const ObjectReader& r, EconomicsInputs& in)
{
  std::map<std::string, Handler> h = {
    { "site", r.text(in.site) },
    { "utilisation", r.number(in.utilisation) },
    { "energyPriceUSDPerKWh", r.optionalNumber(in.energyPriceUSDPerKWh) },
    { "gridKgCo2PerKWh", r.optionalNumber(in.gridKgCo2PerKWh) },
    { "carbonPriceUSDPerTonne", r.number(in.carbonPriceUSDPerTonne) },
    { "years", r.integer(in.years) },
    { "discountRate", r.number(in.discountRate) },
    { "availability", r.number(in.availability) },
    { "itLifeYears", r.integer(in.itLifeYears) },
    { "facilityLifeYears", r.integer(in.facilityLifeYears) },
    { "hardwarePriceFactor", r.number(in.hardwarePriceFactor) },
    { "infraUSDPerW", r.optionalNumber(in.infraUSDPerW) },
    { "powerCoolingShare", r.optionalNumber(in.powerCoolingShare) },
    { "maintenanceShare", r.optionalNumber(in.maintenanceShare) },
    { "staffFtePerMW", r.optionalNumber(in.staffFtePerMW) },
    { "staffUSDPerFte", r.optionalNumber(in.staffUSDPerFte) },
    { "failureRateFactor", r.number(in.failureRateFactor) },
    { "checkpointWriteS", r.number(in.checkpointWriteS) },
    { "restartS", r.number(in.restartS) },
    { "sensitivityPercent", r.number(in.sensitivityPercent) },
  };
  h["utilisationByMonth"] = [&r, &in](const Json& v, const std::string& path)
  {
    if (!v.is_array())
    {
      throw LoadError(r.file(), path, "wrong type", "an array of 12 numbers");
    }
    std::vector<double> values;
    for (std::size_t i = 0; i < v.size(); ++i)
    {
      values.push_back(r.asNumber(v[i], path + "/" + std::to_string(i)));
    }
    in.utilisationByMonth = values;
  };
  h["failureRatesPerYear"] = [&r, &in](const Json& v, const std::string& path)
  {
    if (!v.is_object())
    {
      throw LoadError(r.file(), path, "wrong type", "an object component → rate");
    }
    for (const auto& [key, rate] : v.items())
    {
      in.failureRatesPerYear[key] = r.asNumber(rate, path + "/" + key);
    }
  };
  h["cooling"] = [&r, &in](const Json& v, const std::string& path)
  { r.read(v, path, coolingHandlers(r, in.cooling)); };
  h["bom"] = [&r, &in](const Json& v, const std::string& path)
  { r.read(v, path, bomHandlers(r, in.bom)); };
  h["run"] = [&r, &in](const Json& v, const std::string& path)
  { r.read(v, path, runHandlers(r, in.run)); };
  return h;
}

void putOptional(Json& j, const char* key, const std::optional<double>& value)
{
  if (value)
  {
    j[key] = *value;
  }
}

Json coolingToJson(const CoolingParams& c)
{
  return Json{ { "plant", toString(c.plant) },
               { "airDeltaTK", c.airDeltaTK },
               { "fanPressurePa", c.fanPressurePa },
               { "fanEfficiency", c.fanEfficiency },
               { "chilledWaterC", c.chilledWaterC },
               { "liquidSupplyC", c.liquidSupplyC },
               { "economiserApproachK", c.economiserApproachK },
               { "condenserApproachK", c.condenserApproachK },
               { "evaporatorApproachK", c.evaporatorApproachK },
               { "evaporativeDepressionK", c.evaporativeDepressionK },
               { "carnotFraction", c.carnotFraction },
               { "copMax", c.copMax },
               { "economiserAuxFraction", c.economiserAuxFraction },
               { "liquidHeatFraction", c.liquidHeatFraction },
               { "liquidDeltaTK", c.liquidDeltaTK },
               { "pumpHeadPa", c.pumpHeadPa },
               { "pumpEfficiency", c.pumpEfficiency },
               { "electricalLossFraction", c.electricalLossFraction },
               { "miscFraction", c.miscFraction },
               { "monthlySigmaK", c.monthlySigmaK },
               { "waterLitresPerKWh", c.waterLitresPerKWh },
               { "adiabaticSwitchC", c.adiabaticSwitchC },
               { "adiabaticLitresPerKWh", c.adiabaticLitresPerKWh } };
}

} // namespace

EconomicsInputs economicsInputsFromJson(const std::string& text, const std::string& fileName)
{
  // Bounded, finite numbers, errors in plain words with line and column (io/json_reader.h).
  const Json doc = myriad::engine::detail::parseJsonBounded(text, fileName);
  EconomicsInputs inputs;
  ObjectReader reader(fileName);
  reader.read(doc, "", topHandlers(reader, inputs));
  return inputs;
}

std::string economicsInputsToJson(const EconomicsInputs& in)
{
  Json j;
  j["site"] = in.site;
  j["utilisation"] = in.utilisation;
  if (in.utilisationByMonth)
  {
    j["utilisationByMonth"] = *in.utilisationByMonth;
  }
  putOptional(j, "energyPriceUSDPerKWh", in.energyPriceUSDPerKWh);
  putOptional(j, "gridKgCo2PerKWh", in.gridKgCo2PerKWh);
  j["carbonPriceUSDPerTonne"] = in.carbonPriceUSDPerTonne;
  j["years"] = in.years;
  j["discountRate"] = in.discountRate;
  j["availability"] = in.availability;
  j["itLifeYears"] = in.itLifeYears;
  j["facilityLifeYears"] = in.facilityLifeYears;
  j["hardwarePriceFactor"] = in.hardwarePriceFactor;
  putOptional(j, "infraUSDPerW", in.infraUSDPerW);
  putOptional(j, "powerCoolingShare", in.powerCoolingShare);
  putOptional(j, "maintenanceShare", in.maintenanceShare);
  putOptional(j, "staffFtePerMW", in.staffFtePerMW);
  putOptional(j, "staffUSDPerFte", in.staffUSDPerFte);
  j["failureRateFactor"] = in.failureRateFactor;
  if (!in.failureRatesPerYear.empty())
  {
    j["failureRatesPerYear"] = in.failureRatesPerYear;
  }
  j["checkpointWriteS"] = in.checkpointWriteS;
  j["restartS"] = in.restartS;
  j["sensitivityPercent"] = in.sensitivityPercent;
  j["cooling"] = coolingToJson(in.cooling);
  Json bom = Json::object();
  putOptional(bom, "transceivers", in.bom.transceivers);
  putOptional(bom, "cables", in.bom.cables);
  putOptional(bom, "opticsUSD", in.bom.opticsUSD);
  putOptional(bom, "cablesUSD", in.bom.cablesUSD);
  putOptional(bom, "opticsPowerW", in.bom.opticsPowerW);
  j["bom"] = bom;
  Json run = Json{ { "gpus", in.run.gpus }, { "mfu", in.run.mfu } };
  putOptional(run, "stepTimeS", in.run.stepTimeS);
  putOptional(run, "steps", in.run.steps);
  putOptional(run, "parameters", in.run.parameters);
  putOptional(run, "tokens", in.run.tokens);
  j["run"] = run;
  return j.dump(2) + "\n";
}

EconomicsInputs documentInputs(const Scene& scene)
{
  if (scene.evaluationJson.empty())
  {
    return {};
  }
  try
  {
    return economicsInputsFromJson(scene.evaluationJson, "scene");
  }
  catch (const LoadError& e)
  {
    const std::string sub = e.jsonPath() == "/" ? "" : e.jsonPath();
    throw LoadError("scene", "/evaluation" + sub, e.detail(), e.expected());
  }
}

EconomicsInputs inputsWithOverrides(const EconomicsInputs& base, const std::string& overridesJson,
                                    const std::string& fileName)
{
  // Bounded like every reader: a number beyond a double ("1e999") is a LoadError, not the JSON
  // library's out_of_range (found by fuzz/fuzz_economics_inputs.cpp).
  const Json overrides = myriad::engine::detail::parseJsonBounded(overridesJson, fileName);
  if (!overrides.is_object())
  {
    throw LoadError(fileName, "/", "wrong type", "a JSON object of economics inputs");
  }
  Json merged = Json::parse(economicsInputsToJson(base));
  merged.merge_patch(overrides);
  return economicsInputsFromJson(merged.dump(), fileName);
}

std::string evaluationJsonFor(const EconomicsInputs& inputs)
{
  const Json defaults = Json::parse(economicsInputsToJson(EconomicsInputs{}));
  const Json all = Json::parse(economicsInputsToJson(inputs));
  Json out = Json::object();
  for (const auto& [key, value] : all.items())
  {
    if (key == "bom")
    {
      continue; // from the fabric stage, never part of the context
    }
    if (!defaults.contains(key) || defaults.at(key) != value)
    {
      out[key] = value;
    }
  }
  return out.empty() ? std::string{} : out.dump();
}

} // namespace myriad::engine::economics
