// Model → canonical scene JSON. Key order is fixed here; the reader accepts any order.
#include "io/scene_json.h"

namespace myriad::engine::detail
{

namespace
{

using ojson = nlohmann::ordered_json;

ojson writeNode(const Node& node)
{
  ojson j;
  j["id"] = node.id;
  j["hostname"] = node.hostname;
  j["model"] = node.model;
  j["slotU"] = node.slotU;
  j["scalableUnit"] = node.scalableUnit;
  ojson gpus = ojson::array();
  for (const auto& gpu : node.gpus)
  {
    gpus.push_back(ojson{ { "index", gpu.index }, { "uuid", gpu.uuid } });
  }
  j["gpus"] = std::move(gpus);
  ojson nics = ojson::array();
  for (const auto& nic : node.nics)
  {
    nics.push_back(ojson{ { "index", nic.index }, { "rail", nic.rail } });
  }
  j["nics"] = std::move(nics);
  return j;
}

ojson writeSwitch(const Switch& sw)
{
  ojson j;
  j["id"] = sw.id;
  j["model"] = sw.model;
  j["role"] = toString(sw.role);
  j["slotU"] = sw.slotU;
  j["scalableUnit"] = sw.scalableUnit;
  j["rail"] = sw.rail;
  j["group"] = sw.group;
  return j;
}

ojson writeRack(const Rack& rack)
{
  ojson j;
  j["id"] = rack.id;
  j["model"] = rack.model;
  j["kind"] = toString(rack.kind);
  j["xM"] = rack.xM;
  j["yM"] = rack.yM;
  j["facing"] = toString(rack.facing);
  j["cooling"] = toString(rack.cooling);
  j["powerCapW"] = rack.powerCapW;
  j["feeds"] = rack.feeds;
  ojson nodes = ojson::array();
  for (const auto& node : rack.nodes)
  {
    nodes.push_back(writeNode(node));
  }
  j["nodes"] = std::move(nodes);
  ojson switches = ojson::array();
  for (const auto& sw : rack.switches)
  {
    switches.push_back(writeSwitch(sw));
  }
  j["switches"] = std::move(switches);
  return j;
}

ojson writeCooler(const CoolingUnit& cooler)
{
  ojson j;
  j["id"] = cooler.id;
  j["model"] = cooler.model;
  j["kind"] = toString(cooler.kind);
  j["xM"] = cooler.xM;
  j["yM"] = cooler.yM;
  j["facing"] = toString(cooler.facing);
  j["supplySetpointC"] = cooler.supplySetpointC;
  j["rackId"] = cooler.rackId;
  return j;
}

ojson writeFeed(const PowerFeed& feed)
{
  ojson j;
  j["id"] = feed.id;
  j["name"] = feed.name;
  j["capacityW"] = feed.capacityW;
  j["redundancy"] = toString(feed.redundancy);
  j["voltageV"] = feed.voltageV;
  return j;
}

ojson writeHall(const Hall& hall)
{
  ojson j;
  j["id"] = hall.id;
  j["name"] = hall.name;
  j["widthM"] = hall.widthM;
  j["depthM"] = hall.depthM;
  j["heightM"] = hall.heightM;
  j["raisedFloorM"] = hall.raisedFloorM;
  j["containment"] = toString(hall.containment);
  ojson feeds = ojson::array();
  for (const auto& feed : hall.feeds)
  {
    feeds.push_back(writeFeed(feed));
  }
  j["feeds"] = std::move(feeds);
  ojson coolers = ojson::array();
  for (const auto& cooler : hall.coolers)
  {
    coolers.push_back(writeCooler(cooler));
  }
  j["coolers"] = std::move(coolers);
  ojson rows = ojson::array();
  for (const auto& row : hall.rows)
  {
    ojson racks = ojson::array();
    for (const auto& rack : row.racks)
    {
      racks.push_back(writeRack(rack));
    }
    rows.push_back(ojson{ { "id", row.id }, { "name", row.name }, { "racks", std::move(racks) } });
  }
  j["rows"] = std::move(rows);
  return j;
}

/** Inputs and edits are stored as canonical JSON text (see model.h); parse them back here. */
ojson writeScenario(const Scenario& scenario)
{
  ojson j;
  j["name"] = scenario.name;
  j["description"] = scenario.description;
  j["inputs"] = scenario.inputsJson.empty() ? ojson::object() : ojson::parse(scenario.inputsJson);
  ojson edits = ojson::array();
  for (const auto& edit : scenario.editsJson)
  {
    edits.push_back(ojson::parse(edit));
  }
  j["edits"] = std::move(edits);
  return j;
}

} // namespace

ojson writeSpecJson(const GeneratorSpec& spec)
{
  ojson j;
  j["name"] = spec.name;
  j["serverModel"] = spec.serverModel;
  j["gpuCount"] = spec.gpuCount;
  j["nodesPerRack"] = spec.nodesPerRack;
  j["nodesPerScalableUnit"] = spec.nodesPerScalableUnit;
  j["scalableUnitsPerRow"] = spec.scalableUnitsPerRow;
  j["rackPitchM"] = spec.rackPitchM;
  j["coldAisleM"] = spec.coldAisleM;
  j["hotAisleM"] = spec.hotAisleM;
  j["wallClearanceM"] = spec.wallClearanceM;
  j["hallHeightM"] = spec.hallHeightM;
  j["raisedFloorM"] = spec.raisedFloorM;
  j["cooling"] = toString(spec.cooling);
  j["containment"] = toString(spec.containment);
  j["leafSwitchModel"] = spec.leafSwitchModel;
  j["coolerModel"] = spec.coolerModel;
  j["switchesPerNetworkRack"] = spec.switchesPerNetworkRack;
  j["supplySetpointC"] = spec.supplySetpointC;
  if (spec.switchPlacement != SwitchPlacement::PerScalableUnit)
  {
    j["switchPlacement"] = toString(spec.switchPlacement); // absent = per-su (older files)
  }
  return j;
}

ojson writeSceneJson(const Scene& scene)
{
  ojson j;
  j["schemaVersion"] = scene.schemaVersion;
  ojson site;
  site["name"] = scene.site.name;
  site["currency"] = scene.site.currency;
  ojson halls = ojson::array();
  for (const auto& hall : scene.site.halls)
  {
    halls.push_back(writeHall(hall));
  }
  site["halls"] = std::move(halls);
  j["site"] = std::move(site);
  if (scene.spec)
  {
    j["spec"] = writeSpecJson(*scene.spec);
  }
  if (!scene.scenarios.empty()) // absent when empty: older files stay byte-identical
  {
    ojson scenarios = ojson::array();
    for (const auto& scenario : scene.scenarios)
    {
      scenarios.push_back(writeScenario(scenario));
    }
    j["scenarios"] = std::move(scenarios);
  }
  return j;
}

} // namespace myriad::engine::detail
