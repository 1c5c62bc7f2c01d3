// Merging and printing live results (live_models.h): which KPI fields each stage owns, how a
// stage's results replace the previous ones, and the KPIs as JSON.
#include "myriad/engine/live/live_models.h"

#include "live/live_stages.h"

#include <algorithm>
#include <tuple>

#include <nlohmann/json.hpp>

namespace myriad::engine::live
{

Violation violationOf(Stage stage, const Diagnostic& diagnostic)
{
  Violation v;
  v.stage = stage;
  v.severity = diagnostic.severity;
  v.objectId = diagnostic.objectId;
  v.message =
    diagnostic.hint.empty() ? diagnostic.message : diagnostic.message + "; fix: " + diagnostic.hint;
  // A finding written as plain text passes through translation as itself.
  v.text = diagnostic.text.empty() ? Text{ "%1", { diagnostic.message } } : diagnostic.text;
  v.hint = diagnostic.hintText.empty() && !diagnostic.hint.empty()
             ? Text{ "%1", { diagnostic.hint } }
             : diagnostic.hintText;
  return v;
}

Violation violationOf(Stage stage, Severity severity, std::string objectId, Text text)
{
  Violation v;
  v.stage = stage;
  v.severity = severity;
  v.objectId = std::move(objectId);
  v.message = text.str();
  v.text = std::move(text);
  return v;
}

void detail::replaceStageViolations(Stage stage, const std::vector<Violation>& incoming,
                                    std::vector<Violation>& all)
{
  all.erase(
    std::remove_if(all.begin(), all.end(), [&](const Violation& v) { return v.stage == stage; }),
    all.end());
  for (const Violation& v : incoming)
    if (v.stage == stage)
      all.push_back(v);
  std::stable_sort(all.begin(), all.end(),
                   [](const Violation& a, const Violation& b) { return a.stage < b.stage; });
}

namespace
{

/** The KPI fields a stage writes (see the Kpis groups). */
void mergeKpis(Stage stage, const Kpis& f, Kpis& k)
{
  switch (stage)
  {
    case Stage::Geometry:
      std::tie(k.racks, k.gpus, k.itPowerMW) = std::tie(f.racks, f.gpus, f.itPowerMW);
      break;
    case Stage::Fabric:
      std::tie(k.fabricCables, k.cableLengthKm, k.transceivers, k.opticsPowerKW, k.maxTrayFill) =
        std::tie(f.fabricCables, f.cableLengthKm, f.transceivers, f.opticsPowerKW, f.maxTrayFill);
      break;
    case Stage::Power:
      k.powerViolations = f.powerViolations;
      k.itOperatingMW = f.itOperatingMW;
      break;
    case Stage::Economics:
      std::tie(k.facilityPowerMW, k.annualPue, k.capexMUSD, k.annualOpexMUSD, k.costPerGpuHourUSD) =
        std::tie(f.facilityPowerMW, f.annualPue, f.capexMUSD, f.annualOpexMUSD,
                 f.costPerGpuHourUSD);
      break;
    case Stage::Traffic:
      std::tie(k.allReduceBusBwGBs, k.allReduceTimeMs, k.allReduceMessageMB) =
        std::tie(f.allReduceBusBwGBs, f.allReduceTimeMs, f.allReduceMessageMB);
      break;
    case Stage::Thermal:
      std::tie(k.maxInletC, k.meanInletC, k.racksOverInletLimit, k.energyBalanceError) =
        std::tie(f.maxInletC, f.meanInletC, f.racksOverInletLimit, f.energyBalanceError);
      break;
  }
}

} // namespace

void mergeStage(Stage stage, const LiveResults& from, LiveResults& into)
{
  into.stages[static_cast<int>(stage)] = from.status(stage); // backend and its reason too
  mergeKpis(stage, from.kpis, into.kpis);
  switch (stage)
  {
    case Stage::Fabric:
      into.fabricBom = from.fabricBom;
      into.fabric = from.fabric;
      break;
    case Stage::Economics:
      into.economics = from.economics;
      into.economicsInputs = from.economicsInputs;
      break;
    case Stage::Thermal:
      into.rackInletC = from.rackInletC;
      into.thermal = from.thermal;
      break;
    default:
      break;
  }
  detail::replaceStageViolations(stage, from.violations, into.violations);
}

std::string kpisToJson(const Kpis& k)
{
  nlohmann::ordered_json j;
  j["racks"] = k.racks;
  j["gpus"] = k.gpus;
  j["itPowerMW"] = k.itPowerMW;
  j["fabricCables"] = k.fabricCables;
  j["cableLengthKm"] = k.cableLengthKm;
  j["transceivers"] = k.transceivers;
  j["opticsPowerKW"] = k.opticsPowerKW;
  j["maxTrayFill"] = k.maxTrayFill;
  j["powerViolations"] = k.powerViolations;
  j["itOperatingMW"] = k.itOperatingMW;
  j["facilityPowerMW"] = k.facilityPowerMW;
  j["annualPue"] = k.annualPue;
  j["capexMUSD"] = k.capexMUSD;
  j["annualOpexMUSD"] = k.annualOpexMUSD;
  j["costPerGpuHourUSD"] = k.costPerGpuHourUSD;
  j["allReduceBusBwGBs"] = k.allReduceBusBwGBs;
  j["allReduceTimeMs"] = k.allReduceTimeMs;
  j["allReduceMessageMB"] = k.allReduceMessageMB;
  j["maxInletC"] = k.maxInletC;
  j["meanInletC"] = k.meanInletC;
  j["racksOverInletLimit"] = k.racksOverInletLimit;
  j["energyBalanceError"] = k.energyBalanceError;
  return j.dump(2);
}
} // namespace myriad::engine::live
