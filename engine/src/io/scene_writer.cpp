// Model → canonical scene JSON. Key order: each entity's field table (fields.h), then its lists;
// the reader accepts any order.
#include "io/field_io.h"
#include "io/scene_json.h"

namespace myriad::engine::detail
{

namespace
{

using ojson = nlohmann::ordered_json;

ojson writeNode(const Node& node)
{
  ojson j;
  writeFields(fields::nodeFields(), node, j);
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
  writeFields(fields::switchFields(), sw, j);
  return j;
}

ojson writeRack(const Rack& rack)
{
  ojson j;
  writeFields(fields::rackFields(), rack, j);
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
  writeFields(fields::coolerFields(), cooler, j);
  return j;
}

ojson writeFeed(const PowerFeed& feed)
{
  ojson j;
  writeFields(fields::feedFields(), feed, j);
  return j;
}

template <typename Port>
void writePorts(const std::vector<fields::Field<Port>>& table, const std::vector<Port>& ports,
                const char* key, ojson& j)
{
  if (ports.empty())
    return;
  ojson list = ojson::array();
  for (const Port& port : ports)
  {
    ojson item;
    writeFields(table, port, item);
    list.push_back(std::move(item));
  }
  j[key] = std::move(list);
}

ojson writeHall(const Hall& hall)
{
  ojson j;
  writeFields(fields::hallFields(), hall, j);
  if (!hall.site.empty())
  {
    j["site"] = hall.site;
  }
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
  // Tiles and grilles only where the hall has them: files without them stay as they were.
  writePorts(fields::tileFields(), hall.tiles, "tiles", j);
  writePorts(fields::grilleFields(), hall.grilles, "grilles", j);
  ojson rows = ojson::array();
  for (const auto& row : hall.rows)
  {
    ojson racks = ojson::array();
    for (const auto& rack : row.racks)
    {
      racks.push_back(writeRack(rack));
    }
    ojson r;
    writeFields(fields::rowFields(), row, r);
    r["racks"] = std::move(racks);
    rows.push_back(std::move(r));
  }
  j["rows"] = std::move(rows);
  writePorts(fields::recordedCableFields(), hall.cables, "cables", j);
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
  if (!scene.evaluationJson.empty()) // absent when empty: older files stay byte-identical
  {
    j["evaluation"] = ojson::parse(scene.evaluationJson);
  }
  writeSceneSites(scene, j);
  ojson site;
  writeFields(fields::siteFields(), scene.site, site);
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
