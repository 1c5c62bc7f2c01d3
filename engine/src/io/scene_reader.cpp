// Scene JSON → model. Every value is read through JsonReader so errors name the JSON path.
#include "io/json_reader.h"
#include "io/scene_json.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/validation.h"

namespace myriad::engine::detail
{

namespace
{

using nlohmann::json;

template <typename Enum>
Enum readEnum(const JsonReader& reader, const json& parent, const std::string& key,
              const std::string& path, std::optional<Enum> (*parse)(const std::string&),
              Enum fallback, const std::string& expected)
{
  if (!parent.contains(key))
  {
    return fallback;
  }
  const std::string text = reader.string(parent, key, path);
  const auto value = parse(text);
  if (!value)
  {
    reader.fail(path + "/" + key, "unknown value \"" + text + "\"", expected);
  }
  return *value;
}

void requirePart(const JsonReader& reader, const Catalog& catalog, const std::string& id,
                 const std::string& category, const std::string& path)
{
  const Part* part = catalog.find(id);
  if (part == nullptr)
  {
    std::string known;
    for (const auto& candidate : catalog.idsOf(category))
    {
      known += (known.empty() ? "" : ", ") + candidate;
    }
    reader.fail(path, "unknown catalog part \"" + id + "\"", "a " + category + " id: " + known);
  }
  if (part->category != category)
  {
    reader.fail(path, "part \"" + id + "\" is a " + part->category, "a " + category + " id");
  }
}

Node readNode(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  r.allowOnly(j, p, { "id", "hostname", "model", "slotU", "scalableUnit", "gpus", "nics" });
  Node node;
  node.id = r.string(j, "id", p);
  node.hostname = r.stringOr(j, "hostname", p, "");
  node.model = r.string(j, "model", p);
  requirePart(r, catalog, node.model, "server", p + "/model");
  node.slotU = r.integerOr(j, "slotU", p, 1);
  node.scalableUnit = r.integerOr(j, "scalableUnit", p, -1);
  const auto& gpus = r.array(j, "gpus", p, false);
  for (std::size_t i = 0; i < gpus.size(); ++i)
  {
    const std::string gp = p + "/gpus/" + std::to_string(i);
    r.allowOnly(gpus[i], gp, { "index", "uuid" });
    node.gpus.push_back({ r.integerOr(gpus[i], "index", gp, static_cast<int>(i)),
                          r.stringOr(gpus[i], "uuid", gp, "") });
  }
  const auto& nics = r.array(j, "nics", p, false);
  for (std::size_t i = 0; i < nics.size(); ++i)
  {
    const std::string np = p + "/nics/" + std::to_string(i);
    r.allowOnly(nics[i], np, { "index", "rail" });
    node.nics.push_back({ r.integerOr(nics[i], "index", np, static_cast<int>(i)),
                          r.integerOr(nics[i], "rail", np, -1) });
  }
  return node;
}

Switch readSwitch(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  r.allowOnly(j, p, { "id", "model", "role", "slotU", "scalableUnit", "rail", "group" });
  Switch sw;
  sw.id = r.string(j, "id", p);
  sw.model = r.string(j, "model", p);
  requirePart(r, catalog, sw.model, "switch", p + "/model");
  sw.role = readEnum(r, j, "role", p, &switchRoleFromString, SwitchRole::Leaf,
                     "leaf, spine, core, management or nvlink");
  sw.slotU = r.integerOr(j, "slotU", p, 1);
  sw.scalableUnit = r.integerOr(j, "scalableUnit", p, -1);
  sw.rail = r.integerOr(j, "rail", p, -1);
  sw.group = r.integerOr(j, "group", p, -1);
  return sw;
}

Rack readRack(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  r.allowOnly(j, p,
              { "id", "model", "kind", "xM", "yM", "facing", "cooling", "powerCapW", "feeds",
                "nodes", "switches" });
  Rack rack;
  rack.id = r.string(j, "id", p);
  rack.model = r.string(j, "model", p);
  requirePart(r, catalog, rack.model, "rack", p + "/model");
  rack.kind = readEnum(r, j, "kind", p, &rackKindFromString, RackKind::Compute,
                       "compute, network, storage, power or cooling");
  rack.xM = r.number(j, "xM", p, "a number in metres");
  rack.yM = r.number(j, "yM", p, "a number in metres");
  rack.facing = readEnum(r, j, "facing", p, &facingFromString, Facing::PlusY, "+y or -y");
  rack.cooling =
    readEnum(r, j, "cooling", p, &coolingStyleFromString, CoolingStyle::Air, "air or liquid");
  rack.powerCapW = r.nonNegative(j, "powerCapW", p, 0, "W");
  const auto& feeds = r.array(j, "feeds", p, false);
  for (std::size_t i = 0; i < feeds.size(); ++i)
  {
    if (!feeds[i].is_string())
    {
      r.fail(p + "/feeds/" + std::to_string(i), "got " + describeJsonType(feeds[i]),
             "a feed id string");
    }
    rack.feeds.push_back(feeds[i].get<std::string>());
  }
  const auto& nodes = r.array(j, "nodes", p, false);
  for (std::size_t i = 0; i < nodes.size(); ++i)
  {
    rack.nodes.push_back(readNode(r, catalog, nodes[i], p + "/nodes/" + std::to_string(i)));
  }
  const auto& switches = r.array(j, "switches", p, false);
  for (std::size_t i = 0; i < switches.size(); ++i)
  {
    rack.switches.push_back(
      readSwitch(r, catalog, switches[i], p + "/switches/" + std::to_string(i)));
  }
  return rack;
}

CoolingUnit readCooler(const JsonReader& r, const Catalog& catalog, const json& j,
                       const std::string& p)
{
  r.allowOnly(j, p, { "id", "model", "kind", "xM", "yM", "facing", "supplySetpointC", "rackId" });
  CoolingUnit cooler;
  cooler.id = r.string(j, "id", p);
  cooler.model = r.string(j, "model", p);
  requirePart(r, catalog, cooler.model, "cooler", p + "/model");
  cooler.kind = readEnum(r, j, "kind", p, &coolerKindFromString, CoolerKind::Crah,
                         "crah, inrow, reardoor or cdu");
  cooler.xM = r.number(j, "xM", p, "a number in metres");
  cooler.yM = r.number(j, "yM", p, "a number in metres");
  cooler.facing = readEnum(r, j, "facing", p, &facingFromString, Facing::PlusY, "+y or -y");
  cooler.supplySetpointC = r.numberOr(j, "supplySetpointC", p, 18, "a temperature in °C");
  if (cooler.supplySetpointC < 5 || cooler.supplySetpointC > 40)
  {
    r.fail(p + "/supplySetpointC", "setpoint out of range", "5 to 40 °C");
  }
  cooler.rackId = r.stringOr(j, "rackId", p, "");
  return cooler;
}

PowerFeed readFeed(const JsonReader& r, const json& j, const std::string& p)
{
  r.allowOnly(j, p, { "id", "name", "capacityW", "redundancy", "voltageV" });
  PowerFeed feed;
  feed.id = r.string(j, "id", p);
  feed.name = r.stringOr(j, "name", p, feed.id);
  feed.capacityW = r.nonNegative(j, "capacityW", p, 0, "W");
  feed.redundancy =
    readEnum(r, j, "redundancy", p, &redundancyFromString, Redundancy::N, "N, N+1 or 2N");
  feed.voltageV = r.nonNegative(j, "voltageV", p, 415, "V");
  return feed;
}

Hall readHall(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  r.allowOnly(j, p,
              { "id", "name", "widthM", "depthM", "heightM", "raisedFloorM", "containment", "rows",
                "coolers", "feeds" });
  Hall hall;
  hall.id = r.string(j, "id", p);
  hall.name = r.stringOr(j, "name", p, hall.id);
  hall.widthM = r.nonNegative(j, "widthM", p, 0, "metres");
  hall.depthM = r.nonNegative(j, "depthM", p, 0, "metres");
  hall.heightM = r.nonNegative(j, "heightM", p, 0, "metres");
  hall.raisedFloorM = r.nonNegative(j, "raisedFloorM", p, 0, "metres");
  if (hall.widthM <= 0 || hall.depthM <= 0 || hall.heightM <= 0)
  {
    r.fail(p, "hall dimensions must be positive", "widthM, depthM and heightM > 0 metres");
  }
  hall.containment = readEnum(r, j, "containment", p, &containmentFromString, Containment::None,
                              "none, hot-aisle or cold-aisle");
  const auto& feeds = r.array(j, "feeds", p, false);
  for (std::size_t i = 0; i < feeds.size(); ++i)
  {
    hall.feeds.push_back(readFeed(r, feeds[i], p + "/feeds/" + std::to_string(i)));
  }
  const auto& coolers = r.array(j, "coolers", p, false);
  for (std::size_t i = 0; i < coolers.size(); ++i)
  {
    hall.coolers.push_back(readCooler(r, catalog, coolers[i], p + "/coolers/" + std::to_string(i)));
  }
  const auto& rows = r.array(j, "rows", p, false);
  for (std::size_t i = 0; i < rows.size(); ++i)
  {
    const std::string rp = p + "/rows/" + std::to_string(i);
    r.allowOnly(rows[i], rp, { "id", "name", "racks" });
    Row row;
    row.id = r.string(rows[i], "id", rp);
    row.name = r.stringOr(rows[i], "name", rp, row.id);
    const auto& racks = r.array(rows[i], "racks", rp, false);
    for (std::size_t k = 0; k < racks.size(); ++k)
    {
      row.racks.push_back(readRack(r, catalog, racks[k], rp + "/racks/" + std::to_string(k)));
    }
    hall.rows.push_back(std::move(row));
  }
  return hall;
}

/** The edit parser's dotted path ("ids[0]", "unit.x") as a JSON-pointer suffix ("/ids/0"). */
std::string slashPath(const std::string& dotted)
{
  if (dotted.empty() || dotted == "(top level)")
  {
    return "";
  }
  std::string out = "/";
  for (char c : dotted)
  {
    if (c == '.' || c == '[')
    {
      out += out.back() == '/' ? "" : "/";
    }
    else if (c != ']')
    {
      out += c;
    }
  }
  return out;
}

/**
 * One scenario: name (non-empty, unique), description, "inputs" (an object of EconomicsInputs
 * fields, checked key by key by the inputs parser) and "edits" (checked by the edit parser;
 * ids are resolved when the scenario is applied). Both are kept as canonical JSON.
 */
Scenario readScenario(const JsonReader& r, const json& j, const std::string& p)
{
  if (!j.is_object())
  {
    r.fail(p, "got " + describeJsonType(j), "a scenario object");
  }
  r.allowOnly(j, p, { "name", "description", "inputs", "edits" });
  Scenario scenario;
  scenario.name = r.string(j, "name", p);
  if (scenario.name.empty())
  {
    r.fail(p + "/name", "empty name", "a non-empty scenario name");
  }
  scenario.description = r.stringOr(j, "description", p, "");
  if (j.contains("inputs"))
  {
    const json& inputs = r.object(j, "inputs", p);
    if (!inputs.empty())
    {
      scenario.inputsJson = inputs.dump();
      try
      {
        (void)economics::economicsInputsFromJson(scenario.inputsJson, r.file());
      }
      catch (const LoadError& e)
      {
        const std::string sub = e.jsonPath() == "/" ? "" : e.jsonPath();
        r.fail(p + "/inputs" + sub, e.detail(), e.expected());
      }
    }
  }
  const auto& edits = r.array(j, "edits", p, false);
  for (std::size_t i = 0; i < edits.size(); ++i)
  {
    const std::string ep = p + "/edits/" + std::to_string(i);
    if (!edits[i].is_object())
    {
      r.fail(ep, "got " + describeJsonType(edits[i]), "an edit object with an \"op\"");
    }
    scenario.editsJson.push_back(edits[i].dump());
    try
    {
      (void)edit::editFromJson(scenario.editsJson.back(), r.file());
    }
    catch (const LoadError& e)
    {
      r.fail(ep + slashPath(e.jsonPath()), e.detail(), e.expected());
    }
  }
  return scenario;
}

} // namespace

Scene readSceneJson(const JsonReader& r, const json& root, const Catalog& catalog)
{
  if (!root.is_object())
  {
    r.fail("/", "got " + describeJsonType(root), "a scene object");
  }
  r.allowOnly(root, "", { "schemaVersion", "site", "spec", "scenarios" });
  Scene scene;
  if (!root.contains("schemaVersion"))
  {
    r.fail("/schemaVersion", "missing", "the integer " + std::to_string(Scene::kSchemaVersion));
  }
  scene.schemaVersion = r.integerOr(root, "schemaVersion", "", 0);
  if (scene.schemaVersion != Scene::kSchemaVersion)
  {
    r.fail("/schemaVersion", "unsupported schema version " + std::to_string(scene.schemaVersion),
           std::to_string(Scene::kSchemaVersion));
  }
  const auto& site = r.object(root, "site", "");
  r.allowOnly(site, "/site", { "name", "currency", "halls" });
  scene.site.name = r.stringOr(site, "name", "/site", "");
  scene.site.currency = r.stringOr(site, "currency", "/site", "USD");
  const auto& halls = r.array(site, "halls", "/site");
  for (std::size_t i = 0; i < halls.size(); ++i)
  {
    scene.site.halls.push_back(readHall(r, catalog, halls[i], "/site/halls/" + std::to_string(i)));
  }
  if (root.contains("spec"))
  {
    scene.spec = readSpecJson(r, r.object(root, "spec", ""), "/spec");
  }
  const auto& scenarios = r.array(root, "scenarios", "", false);
  for (std::size_t i = 0; i < scenarios.size(); ++i)
  {
    const std::string sp = "/scenarios/" + std::to_string(i);
    Scenario scenario = readScenario(r, scenarios[i], sp);
    for (const auto& earlier : scene.scenarios)
    {
      if (earlier.name == scenario.name)
      {
        r.fail(sp + "/name", "duplicate scenario name \"" + scenario.name + "\"",
               "a name not used by another scenario");
      }
    }
    scene.scenarios.push_back(std::move(scenario));
  }
  return scene;
}

} // namespace myriad::engine::detail
