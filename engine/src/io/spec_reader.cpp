// Generator spec JSON → GeneratorSpec (inside a scene's "spec" or a stand-alone spec file).
#include "io/scene_json.h"
#include "myriad/engine/generator.h"

namespace myriad::engine::detail
{

// Lengths carry plausibility bounds (a rack pitch of at most 10 m, aisles of at most 20 m, a
// hall of at most 50 m height) so a spec cannot ask for a hall of astronomical size.
GeneratorSpec readSpecJson(const JsonReader& r, const nlohmann::json& j, const std::string& p)
{
  r.allowOnly(j, p,
              { "name", "serverModel", "gpuCount", "nodesPerRack", "nodesPerScalableUnit",
                "scalableUnitsPerRow", "rackPitchM", "coldAisleM", "hotAisleM", "wallClearanceM",
                "hallHeightM", "raisedFloorM", "cooling", "containment", "leafSwitchModel",
                "coolerModel", "switchesPerNetworkRack", "supplySetpointC", "switchPlacement" });
  GeneratorSpec spec;
  spec.name = r.stringOr(j, "name", p, "generated");
  spec.serverModel = r.string(j, "serverModel", p);
  spec.gpuCount = r.integerOr(j, "gpuCount", p, 0);
  spec.nodesPerRack = r.integerOr(j, "nodesPerRack", p, spec.nodesPerRack);
  spec.nodesPerScalableUnit = r.integerOr(j, "nodesPerScalableUnit", p, spec.nodesPerScalableUnit);
  spec.scalableUnitsPerRow = r.integerOr(j, "scalableUnitsPerRow", p, spec.scalableUnitsPerRow);
  spec.rackPitchM = r.numberIn(j, "rackPitchM", p, spec.rackPitchM, 0, 10, "metres");
  spec.coldAisleM = r.numberIn(j, "coldAisleM", p, spec.coldAisleM, 0, 20, "metres");
  spec.hotAisleM = r.numberIn(j, "hotAisleM", p, spec.hotAisleM, 0, 20, "metres");
  spec.wallClearanceM = r.numberIn(j, "wallClearanceM", p, spec.wallClearanceM, 0, 100, "metres");
  spec.hallHeightM = r.numberIn(j, "hallHeightM", p, spec.hallHeightM, 0, 50, "metres");
  spec.raisedFloorM = r.numberIn(j, "raisedFloorM", p, spec.raisedFloorM, 0, 5, "metres");
  const std::string cooling = r.stringOr(j, "cooling", p, toString(spec.cooling));
  const auto style = coolingStyleFromString(cooling);
  if (!style)
  {
    r.fail(p + "/cooling", "unknown value \"" + cooling + "\"", "air, liquid or immersion");
  }
  spec.cooling = *style;
  const std::string containment = r.stringOr(j, "containment", p, toString(spec.containment));
  const auto contained = containmentFromString(containment);
  if (!contained)
  {
    r.fail(p + "/containment", "unknown value \"" + containment + "\"",
           "none, hot-aisle or cold-aisle");
  }
  spec.containment = *contained;
  spec.leafSwitchModel = r.stringOr(j, "leafSwitchModel", p, spec.leafSwitchModel);
  spec.coolerModel = r.stringOr(j, "coolerModel", p, spec.coolerModel);
  spec.switchesPerNetworkRack =
    r.integerOr(j, "switchesPerNetworkRack", p, spec.switchesPerNetworkRack);
  spec.supplySetpointC = r.numberIn(j, "supplySetpointC", p, spec.supplySetpointC, 5, 40, "°C");
  const std::string placement = r.stringOr(j, "switchPlacement", p, toString(spec.switchPlacement));
  const auto where = switchPlacementFromString(placement);
  if (!where)
  {
    r.fail(p + "/switchPlacement", "unknown value \"" + placement + "\"",
           "per-su, end-of-row, middle-of-row or central-row");
  }
  spec.switchPlacement = *where;
  return spec;
}

} // namespace myriad::engine::detail

namespace myriad::engine
{

GeneratorSpec specFromJson(const std::string& text, const std::string& fileName)
{
  const detail::JsonReader reader(fileName);
  const auto json = reader.parse(text);
  return detail::readSpecJson(reader, json, "");
}

} // namespace myriad::engine
