// Scene JSON → model. Every value is read through JsonReader so errors name the JSON path.
#include "io/field_io.h"
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

// Scalar fields come from the field tables (fields.h); lists and catalog checks are read here.

Node readNode(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  const auto& table = fields::nodeFields();
  r.allowOnly(j, p, allowedKeys(table, { "gpus", "nics" }));
  Node node;
  readFields(r, j, p, table, node);
  requirePart(r, catalog, node.model, "server", p + "/model");
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
  const auto& table = fields::switchFields();
  r.allowOnly(j, p, allowedKeys(table, {}));
  Switch sw;
  readFields(r, j, p, table, sw);
  requirePart(r, catalog, sw.model, "switch", p + "/model");
  return sw;
}

Rack readRack(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  const auto& table = fields::rackFields();
  r.allowOnly(j, p, allowedKeys(table, { "nodes", "switches" }));
  Rack rack;
  readFields(r, j, p, table, rack);
  requirePart(r, catalog, rack.model, "rack", p + "/model");
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
  const auto& table = fields::coolerFields();
  r.allowOnly(j, p, allowedKeys(table, {}));
  CoolingUnit cooler;
  readFields(r, j, p, table, cooler);
  requirePart(r, catalog, cooler.model, "cooler", p + "/model");
  return cooler;
}

PowerFeed readFeed(const JsonReader& r, const json& j, const std::string& p)
{
  const auto& table = fields::feedFields();
  r.allowOnly(j, p, allowedKeys(table, {}));
  PowerFeed feed;
  readFields(r, j, p, table, feed);
  return feed;
}

/** Floor tiles or ceiling grilles: a list of table-described objects under `key` (optional). */
template <typename Port>
void readPorts(const JsonReader& r, const json& j, const std::string& p, const char* key,
               const std::vector<fields::Field<Port>>& table, std::vector<Port>& out)
{
  const auto& items = r.array(j, key, p, false);
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const std::string ip = p + "/" + key + "/" + std::to_string(i);
    r.allowOnly(items[i], ip, allowedKeys(table, {}));
    Port port;
    readFields(r, items[i], ip, table, port);
    out.push_back(std::move(port));
  }
}

Hall readHall(const JsonReader& r, const Catalog& catalog, const json& j, const std::string& p)
{
  const auto& table = fields::hallFields();
  r.allowOnly(
    j, p, allowedKeys(table, { "site", "rows", "coolers", "feeds", "tiles", "grilles", "cables" }));
  Hall hall;
  readFields(r, j, p, table, hall);
  if (hall.widthM <= 0 || hall.depthM <= 0 || hall.heightM <= 0)
  {
    r.fail(p, "hall dimensions must be positive", "widthM, depthM and heightM > 0 metres");
  }
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
  readPorts(r, j, p, "tiles", fields::tileFields(), hall.tiles);
  readPorts(r, j, p, "grilles", fields::grilleFields(), hall.grilles);
  readPorts(r, j, p, "cables", fields::recordedCableFields(), hall.cables);
  const auto& rows = r.array(j, "rows", p, false);
  for (std::size_t i = 0; i < rows.size(); ++i)
  {
    const std::string rp = p + "/rows/" + std::to_string(i);
    r.allowOnly(rows[i], rp, allowedKeys(fields::rowFields(), { "racks" }));
    Row row;
    readFields(r, rows[i], rp, fields::rowFields(), row);
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
 * An object of economics inputs (a scenario's overrides, the document's evaluation context), as
 * canonical JSON text ("" when empty); its form is checked here so errors carry the scene path.
 */
std::string readInputsObject(const JsonReader& r, const json& inputs, const std::string& p)
{
  if (inputs.empty())
  {
    return {};
  }
  std::string text = inputs.dump();
  try
  {
    (void)economics::economicsInputsFromJson(text, r.file());
  }
  catch (const LoadError& e)
  {
    const std::string sub = e.jsonPath() == "/" ? "" : e.jsonPath();
    r.fail(p + sub, e.detail(), e.expected());
  }
  return text;
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
    scenario.inputsJson = readInputsObject(r, r.object(j, "inputs", p), p + "/inputs");
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
  r.allowOnly(root, "",
              { "schemaVersion", "sites", "links", "site", "spec", "scenarios", "evaluation" });
  Scene scene;
  if (!root.contains("schemaVersion"))
  {
    r.fail("/schemaVersion", "missing", "the integer " + std::to_string(Scene::kSchemaVersion));
  }
  scene.schemaVersion = r.integerOr(root, "schemaVersion", "", 0);
  if (scene.schemaVersion < Scene::kOldestSchemaVersion ||
      scene.schemaVersion > Scene::kSchemaVersion)
  {
    r.fail("/schemaVersion", "unsupported schema version " + std::to_string(scene.schemaVersion),
           std::to_string(Scene::kOldestSchemaVersion) + " to " +
             std::to_string(Scene::kSchemaVersion));
  }
  const auto& site = r.object(root, "site", "");
  r.allowOnly(site, "/site", allowedKeys(fields::siteFields(), { "halls" }));
  readFields(r, site, "/site", fields::siteFields(), scene.site);
  if (site.contains("exchangeRate") && !(scene.site.exchangeRate > 0))
  {
    r.fail("/site/exchangeRate", "non-positive exchange rate",
           "a positive number of " + scene.site.currency +
             " per USD (leave the key out for the reference data's dated rate)");
  }
  const auto& halls = r.array(site, "halls", "/site");
  for (std::size_t i = 0; i < halls.size(); ++i)
  {
    scene.site.halls.push_back(readHall(r, catalog, halls[i], "/site/halls/" + std::to_string(i)));
  }
  readSceneSites(r, root, catalog, scene);
  // Upgrade on load: schema 1 is schema 2 without sites; the document is written back as 2.
  scene.schemaVersion = Scene::kSchemaVersion;
  if (root.contains("spec"))
  {
    scene.spec = readSpecJson(r, r.object(root, "spec", ""), "/spec");
  }
  if (root.contains("evaluation"))
  {
    scene.evaluationJson = readInputsObject(r, r.object(root, "evaluation", ""), "/evaluation");
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
