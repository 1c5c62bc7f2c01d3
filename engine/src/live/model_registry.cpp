// The live models' registry (model_registry.h): what each model reads, which lane runs it, and
// the stage mapping derived from that (stagesFor, allStages in live_models.h).
#include "myriad/engine/live/model_registry.h"

#include "live/live_stages.h"

#include <algorithm>
#include <stdexcept>

namespace myriad::engine::live
{

namespace
{

using K = edit::DataKind;

/**
 * What each model reads, from its code:
 * - geometry: validateScene (footprints of racks and coolers inside the hall and apart; U slots
 *   of nodes and switches within the enclosure; rack power against its cap; feeds known and
 *   within rating), countScene (racks, GPUs, IT power from the devices' catalog figures) and
 *   enclosureDiagnostics (floor load of filled racks and tanks against the floor rating, tank and
 *   cooling style agree, servers fit their cooling).
 * - fabric: buildSuperPod + routeCables (devices and their rails, switch racks and slots, rack
 *   positions and the hall height for tray lengths). Not facing: cable ends do not depend on it.
 * - power: analyzePowerChain (per-rack load of nodes and switches, cap, cooling style, feeds)
 *   at the evaluation context's utilisation (load level).
 * - economics: evaluateEconomics (priced servers, switches and enclosures, the power chain,
 *   the evaluation context: inputs and load level) and the fabric stage's routed BOM, and the
 *   context's facility water against the tanks' and CDUs' limits (waterSupplyDiagnostics). It
 *   does not read setpoints or cooler positions.
 * - traffic: the fabric graph's endpoints (devices and rails) and the jobs.
 * - thermal: analyzeHall (rack and cooler boxes, intake sides, heat of nodes and switches per
 *   rack at the load level or the rack's given power and airflow, liquid share, coolers, their
 *   setpoints and fan settings, containment). Not caps: heat is the devices' draw.
 */
const std::vector<ModelDescriptor>& table()
{
  // Function-local: safe to use from other static initialisers.
  static const std::vector<ModelDescriptor> kModels = {
    { Stage::Geometry,
      "geometry",
      { K::Layout, K::CoolerLayout, K::Devices, K::RackModels, K::SwitchSlots, K::RackPower,
        K::RackCooling, K::RackLoad, K::Feeds, K::FloorRating },
      {},
      Lane::Cheap,
      &detail::runGeometryStage },
    { Stage::Fabric,
      "fabric",
      { K::Layout, K::Devices, K::SwitchSlots },
      {},
      Lane::Cheap,
      &detail::runFabricStage },
    { Stage::Power,
      "power",
      { K::Devices, K::SwitchSlots, K::RackPower, K::RackCooling, K::RackLoad, K::Feeds,
        K::LoadLevel },
      {},
      Lane::Cheap,
      &detail::runPowerStage },
    { Stage::Economics,
      "economics",
      { K::Devices, K::RackModels, K::SwitchSlots, K::RackPower, K::RackCooling, K::RackLoad,
        K::Feeds, K::EconomicsInputs, K::LoadLevel },
      { Stage::Fabric },
      Lane::Cheap,
      &detail::runEconomicsStage },
    { Stage::Traffic,
      "traffic",
      { K::Devices, K::Jobs },
      {},
      Lane::Slow,
      &detail::runTrafficStage },
    { Stage::Thermal,
      "thermal",
      { K::Layout, K::CoolerLayout, K::Facing, K::Devices, K::SwitchSlots, K::RackCooling,
        K::RackLoad, K::CoolingPlant, K::AirPorts, K::LoadLevel },
      {},
      Lane::Slow,
      &detail::runThermalStage },
  };
  return kModels;
}

} // namespace

const char* toString(Lane lane)
{
  return lane == Lane::Cheap ? "cheap" : "slow";
}

const char* toString(Stage stage)
{
  return model(stage).name;
}

const std::vector<ModelDescriptor>& models()
{
  return table();
}

const ModelDescriptor& model(Stage stage)
{
  for (const ModelDescriptor& m : table())
    if (m.stage == stage)
      return m;
  throw std::logic_error("live model registry: no model for a stage");
}

Lane laneOf(Stage stage)
{
  return model(stage).lane;
}

std::vector<Stage> stagesIn(Lane lane)
{
  std::vector<Stage> out;
  for (const ModelDescriptor& m : table())
    if (m.lane == lane)
      out.push_back(m.stage);
  return out;
}

std::vector<Stage> allStages()
{
  std::vector<Stage> out;
  for (const ModelDescriptor& m : table())
    out.push_back(m.stage);
  return out;
}

std::vector<Stage> stagesFor(const edit::ChangeSet& changes)
{
  // Run order puts a model after the stages it reads, so one pass closes over `after`.
  std::vector<Stage> out;
  for (const ModelDescriptor& m : table())
  {
    const bool stale =
      m.reads.intersects(changes.kinds) ||
      std::any_of(m.after.begin(), m.after.end(),
                  [&](Stage s) { return std::find(out.begin(), out.end(), s) != out.end(); });
    if (stale)
      out.push_back(m.stage);
  }
  return out;
}

} // namespace myriad::engine::live
