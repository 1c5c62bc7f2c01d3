// Edits ↔ JSON (the form documented in edit.h and docs/editing.md). Values are read through
// JsonReader; its RFC 6901 paths ("/edits/3/dx") are shown as "edits[3].dx" in messages.
// Objects of a "restore" edit use the scene file's own form (io/scene_json.h).
#include "io/json_reader.h"
#include "io/scene_json.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"

#include <type_traits>

namespace myriad::engine::edit
{

namespace
{

using nlohmann::json;
using ojson = nlohmann::ordered_json;
using engine::detail::describeJsonType;
using engine::detail::JsonReader;

/** "/edits/3/dx" → "edits[3].dx". */
std::string dotted(const std::string& pointer)
{
  if (pointer.empty() || pointer[0] != '/')
    return pointer; // "line 3, column 5" from the parser
  std::string out;
  std::size_t start = 1;
  while (start <= pointer.size())
  {
    const std::size_t end = std::min(pointer.find('/', start), pointer.size());
    const std::string part = pointer.substr(start, end - start);
    const bool index = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
    out += index ? "[" + part + "]" : (out.empty() ? "" : ".") + part;
    start = end + 1;
  }
  return out.empty() ? "(top level)" : out;
}

template <typename Enum>
Enum readEnum(const JsonReader& r, const json& j, const std::string& key, const std::string& p,
              std::optional<Enum> (*parse)(const std::string&), Enum fallback,
              const std::string& expected)
{
  if (!j.contains(key))
    return fallback;
  const std::string text = r.string(j, key, p);
  const auto value = parse(text);
  if (!value)
    r.fail(p + "/" + key, "unknown value \"" + text + "\"", expected);
  return *value;
}

std::vector<std::string> readStrings(const JsonReader& r, const json& j, const std::string& key,
                                     const std::string& p, bool required)
{
  const json& list = r.array(j, key, p, required);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < list.size(); ++i)
  {
    if (!list[i].is_string())
      r.fail(p + "/" + key + "/" + std::to_string(i), "got " + describeJsonType(list[i]),
             "an id string");
    out.push_back(list[i].get<std::string>());
  }
  return out;
}

PropertyValue readValue(const JsonReader& r, const json& j, const std::string& p)
{
  const std::string expected = "a number, a text or a list of texts";
  if (!j.contains("value"))
    r.fail(p + "/value", "missing", expected);
  const json& v = j.at("value");
  if (v.is_number())
    return r.number(j, "value", p, expected);
  if (v.is_string())
    return v.get<std::string>();
  if (v.is_array())
    return readStrings(r, j, "value", p, true);
  r.fail(p + "/value", "got " + describeJsonType(v), expected);
}

/** Read one scene object through a minimal scene around it, so the scene reader checks it. */
Hall readRestoreHall(const JsonReader& r, json hall, const std::string& inner,
                     const std::string& outer)
{
  hall["id"] = "restore";
  hall["widthM"] = hall["depthM"] = 1;
  hall["heightM"] = 3; // within the hall table's range (fields.h); the wrapper is never used
  const json root = { { "schemaVersion", Scene::kSchemaVersion },
                      { "site", { { "halls", json::array({ std::move(hall) }) } } } };
  try
  {
    return engine::detail::readSceneJson(r, root, Catalog::builtin()).site.halls.front();
  }
  catch (const LoadError& error)
  {
    std::string path = error.jsonPath();
    path = path.rfind(inner, 0) == 0 ? outer + path.substr(inner.size()) : outer;
    throw LoadError(r.file(), path, error.detail(), error.expected());
  }
}

RestoreObjects readRestore(const JsonReader& r, const json& j, const std::string& p)
{
  r.allowOnly(j, p, { "op", "rows", "racks", "coolers", "feeds" });
  RestoreObjects out;
  const std::string hallPath = "/site/halls/0";
  auto each = [&](const char* key, auto&& read)
  {
    const json& list = r.array(j, key, p, false);
    for (std::size_t i = 0; i < list.size(); ++i)
      read(list[i], p + "/" + key + "/" + std::to_string(i));
  };
  each("rows",
       [&](const json& e, const std::string& ep)
       {
         r.allowOnly(e, ep, { "hall", "index", "row" });
         const Hall h = readRestoreHall(r, { { "rows", json::array({ r.object(e, "row", ep) }) } },
                                        hallPath + "/rows/0", ep + "/row");
         out.rows.push_back(
           { r.integerOr(e, "hall", ep, 0), r.integerOr(e, "index", ep, -1), h.rows.front() });
       });
  each("racks",
       [&](const json& e, const std::string& ep)
       {
         r.allowOnly(e, ep, { "hall", "row", "index", "rack" });
         const json row = { { "id", "restore" },
                            { "racks", json::array({ r.object(e, "rack", ep) }) } };
         const Hall h = readRestoreHall(r, { { "rows", json::array({ row }) } },
                                        hallPath + "/rows/0/racks/0", ep + "/rack");
         out.racks.push_back({ r.integerOr(e, "hall", ep, 0), r.integerOr(e, "row", ep, -1),
                               r.integerOr(e, "index", ep, -1), h.rows.front().racks.front() });
       });
  each("coolers",
       [&](const json& e, const std::string& ep)
       {
         r.allowOnly(e, ep, { "hall", "index", "cooler" });
         const Hall h =
           readRestoreHall(r, { { "coolers", json::array({ r.object(e, "cooler", ep) }) } },
                           hallPath + "/coolers/0", ep + "/cooler");
         out.coolers.push_back(
           { r.integerOr(e, "hall", ep, 0), r.integerOr(e, "index", ep, -1), h.coolers.front() });
       });
  each("feeds",
       [&](const json& e, const std::string& ep)
       {
         r.allowOnly(e, ep, { "hall", "index", "feed" });
         const Hall h =
           readRestoreHall(r, { { "feeds", json::array({ r.object(e, "feed", ep) }) } },
                           hallPath + "/feeds/0", ep + "/feed");
         out.feeds.push_back(
           { r.integerOr(e, "hall", ep, 0), r.integerOr(e, "index", ep, -1), h.feeds.front() });
       });
  return out;
}

MoveObjects readMove(const JsonReader& r, const json& j, const std::string& p)
{
  r.allowOnly(j, p, { "op", "ids", "dx", "dy", "exact" });
  MoveObjects m{ readStrings(r, j, "ids", p, true),
                 r.numberOr(j, "dx", p, 0, "a number in metres"),
                 r.numberOr(j, "dy", p, 0, "a number in metres"),
                 {} };
  const json& exact = r.array(j, "exact", p, false);
  for (std::size_t i = 0; i < exact.size(); ++i)
  {
    const std::string ep = p + "/exact/" + std::to_string(i);
    r.allowOnly(exact[i], ep, { "id", "x", "y" });
    m.exactXY.push_back({ r.string(exact[i], "id", ep), r.number(exact[i], "x", ep, "metres"),
                          r.number(exact[i], "y", ep, "metres") });
  }
  return m;
}

AddRow readAddRow(const JsonReader& r, const json& j, const std::string& p)
{
  r.allowOnly(j, p,
              { "op", "hall", "name", "x", "y", "racks", "facing", "kind", "rackModel",
                "serverModel", "nodesPerRack", "cooling", "feeds" });
  AddRow a;
  a.hallId = r.string(j, "hall", p);
  a.name = r.stringOr(j, "name", p, "");
  a.xM = r.number(j, "x", p, "a number in metres");
  a.yM = r.number(j, "y", p, "a number in metres");
  a.rackCount = r.integerOr(j, "racks", p, 1);
  a.facing = readEnum(r, j, "facing", p, &facingFromString, Facing::PlusY, "+y or -y");
  a.kind = readEnum(r, j, "kind", p, &rackKindFromString, RackKind::Compute,
                    "compute, network, storage, power or cooling");
  a.rackModel = r.stringOr(j, "rackModel", p, "");
  a.serverModel = r.stringOr(j, "serverModel", p, "");
  a.nodesPerRack = r.integerOr(j, "nodesPerRack", p, a.serverModel.empty() ? 0 : 4);
  a.cooling = readEnum(r, j, "cooling", p, &coolingStyleFromString, CoolingStyle::Air,
                       "air, liquid or immersion");
  a.feeds = readStrings(r, j, "feeds", p, false);
  return a;
}

AddCooler readAddCooler(const JsonReader& r, const json& j, const std::string& p)
{
  r.allowOnly(j, p,
              { "op", "hall", "id", "model", "kind", "x", "y", "facing", "setpoint", "rackId" });
  AddCooler a;
  a.hallId = r.string(j, "hall", p);
  a.unit.id = r.stringOr(j, "id", p, "");
  a.unit.model = r.string(j, "model", p);
  a.unit.kind = readEnum(r, j, "kind", p, &coolerKindFromString, CoolerKind::Crah,
                         "crah, inrow, reardoor or cdu");
  a.unit.xM = r.number(j, "x", p, "a number in metres");
  a.unit.yM = r.number(j, "y", p, "a number in metres");
  a.unit.facing = readEnum(r, j, "facing", p, &facingFromString, Facing::PlusY, "+y or -y");
  a.unit.supplySetpointC = r.numberOr(j, "setpoint", p, 18, "a temperature in °C");
  a.unit.rackId = r.stringOr(j, "rackId", p, "");
  return a;
}

AddFeed readAddFeed(const JsonReader& r, const json& j, const std::string& p)
{
  r.allowOnly(j, p, { "op", "hall", "id", "name", "capacityW", "redundancy", "voltageV" });
  AddFeed a;
  a.hallId = r.string(j, "hall", p);
  a.feed.id = r.stringOr(j, "id", p, "");
  a.feed.name = r.stringOr(j, "name", p, "");
  a.feed.capacityW = r.nonNegative(j, "capacityW", p, 0, "W");
  a.feed.redundancy =
    readEnum(r, j, "redundancy", p, &redundancyFromString, Redundancy::N, "N, N+1 or 2N");
  a.feed.voltageV = r.nonNegative(j, "voltageV", p, 415, "V");
  return a;
}

Edit readEdit(const JsonReader& r, const json& j, const std::string& p)
{
  if (!j.is_object())
    r.fail(p, "got " + describeJsonType(j), "an edit object with an \"op\" key");
  const std::string op = r.string(j, "op", p);
  if (op == "move")
    return readMove(r, j, p);
  if (op == "rotate" || op == "delete")
  {
    r.allowOnly(j, p, { "op", "ids" });
    auto ids = readStrings(r, j, "ids", p, true);
    return op == "rotate" ? Edit(RotateObjects{ std::move(ids) })
                          : Edit(DeleteObjects{ std::move(ids) });
  }
  if (op == "duplicate")
  {
    r.allowOnly(j, p, { "op", "ids", "dx", "dy" });
    return DuplicateObjects{ readStrings(r, j, "ids", p, true),
                             r.numberOr(j, "dx", p, 0, "a number in metres"),
                             r.numberOr(j, "dy", p, 0, "a number in metres") };
  }
  if (op == "set")
  {
    r.allowOnly(j, p, { "op", "id", "key", "value", "switches" });
    SetProperty s{ r.string(j, "id", p), r.string(j, "key", p), readValue(r, j, p) };
    const json& slots = r.array(j, "switches", p, false);
    for (std::size_t i = 0; i < slots.size(); ++i)
    {
      const std::string sp = p + "/switches/" + std::to_string(i);
      r.allowOnly(slots[i], sp, { "id", "rack", "index", "slotU" });
      s.switchSlots.push_back({ r.string(slots[i], "id", sp), r.string(slots[i], "rack", sp),
                                r.integerOr(slots[i], "index", sp, -1),
                                r.integerOr(slots[i], "slotU", sp, 1) });
    }
    return s;
  }
  if (op == "add-row")
    return readAddRow(r, j, p);
  if (op == "add-cooler")
    return readAddCooler(r, j, p);
  if (op == "add-feed")
    return readAddFeed(r, j, p);
  if (op == "restore")
    return readRestore(r, j, p);
  if (op == "set-air-ports")
  {
    r.allowOnly(j, p, { "op", "hall", "tiles", "grilles" });
    SetAirPorts e;
    e.hallId = r.string(j, "hall", p);
    // Each list in the scene file's own form, read (and range-checked) by the scene reader.
    const json tiles = r.array(j, "tiles", p, false);
    const json grilles = r.array(j, "grilles", p, false);
    e.tiles = readRestoreHall(r, { { "tiles", tiles } }, "/site/halls/0/tiles", p + "/tiles").tiles;
    e.grilles =
      readRestoreHall(r, { { "grilles", grilles } }, "/site/halls/0/grilles", p + "/grilles")
        .grilles;
    return e;
  }
  if (op == "set-evaluation")
  {
    r.allowOnly(j, p, { "op", "inputs" });
    const json& inputs = r.object(j, "inputs", p);
    return SetEvaluation{ inputs.empty() ? std::string{} : inputs.dump() };
  }
  r.fail(p + "/op", "unknown op \"" + op + "\"",
         "move, rotate, add-row, delete, duplicate, set, add-cooler, add-feed, restore, "
         "set-evaluation or set-air-ports");
}

/** Run `read`, turning JsonReader paths into the dotted form. */
template <typename F>
auto withDottedPaths(F&& read)
{
  try
  {
    return read();
  }
  catch (const LoadError& error)
  {
    throw LoadError(error.file(), dotted(error.jsonPath()), error.detail(), error.expected());
  }
}

ojson sceneObjects(const Hall& hall)
{
  Scene scene;
  scene.site.halls.push_back(hall);
  return engine::detail::writeSceneJson(scene)["site"]["halls"][0];
}

ojson restoreJson(const RestoreObjects& e)
{
  ojson j;
  j["op"] = "restore";
  ojson rows = ojson::array(), racks = ojson::array(), coolers = ojson::array(),
        feeds = ojson::array();
  for (const auto& x : e.rows)
  {
    Hall h;
    h.rows = { x.row };
    rows.push_back(
      { { "hall", x.hall }, { "index", x.index }, { "row", sceneObjects(h)["rows"][0] } });
  }
  for (const auto& x : e.racks)
  {
    Hall h;
    h.rows = { Row{ "restore", "restore", { x.rack } } };
    racks.push_back({ { "hall", x.hall },
                      { "row", x.row },
                      { "index", x.index },
                      { "rack", sceneObjects(h)["rows"][0]["racks"][0] } });
  }
  for (const auto& x : e.coolers)
  {
    Hall h;
    h.coolers = { x.unit };
    coolers.push_back(
      { { "hall", x.hall }, { "index", x.index }, { "cooler", sceneObjects(h)["coolers"][0] } });
  }
  for (const auto& x : e.feeds)
  {
    Hall h;
    h.feeds = { x.feed };
    feeds.push_back(
      { { "hall", x.hall }, { "index", x.index }, { "feed", sceneObjects(h)["feeds"][0] } });
  }
  j["rows"] = std::move(rows);
  j["racks"] = std::move(racks);
  j["coolers"] = std::move(coolers);
  j["feeds"] = std::move(feeds);
  return j;
}

ojson toJson(const Edit& edit)
{
  return std::visit(
    [](const auto& e) -> ojson
    {
      using T = std::decay_t<decltype(e)>;
      ojson j;
      if constexpr (std::is_same_v<T, MoveObjects>)
      {
        j = { { "op", "move" }, { "ids", e.ids }, { "dx", e.dxM }, { "dy", e.dyM } };
        if (!e.exactXY.empty())
        {
          ojson exact = ojson::array();
          for (const PlacedAt& at : e.exactXY)
            exact.push_back({ { "id", at.id }, { "x", at.xM }, { "y", at.yM } });
          j["exact"] = std::move(exact);
        }
      }
      else if constexpr (std::is_same_v<T, RotateObjects>)
        j = { { "op", "rotate" }, { "ids", e.ids } };
      else if constexpr (std::is_same_v<T, DeleteObjects>)
        j = { { "op", "delete" }, { "ids", e.ids } };
      else if constexpr (std::is_same_v<T, DuplicateObjects>)
        j = { { "op", "duplicate" }, { "ids", e.ids }, { "dx", e.dxM }, { "dy", e.dyM } };
      else if constexpr (std::is_same_v<T, SetProperty>)
      {
        j = { { "op", "set" }, { "id", e.id }, { "key", e.key } };
        std::visit([&](const auto& v) { j["value"] = v; }, e.value);
        if (!e.switchSlots.empty())
        {
          ojson slots = ojson::array();
          for (const SwitchSlot& at : e.switchSlots)
            slots.push_back({ { "id", at.id },
                              { "rack", at.rackId },
                              { "index", at.index },
                              { "slotU", at.slotU } });
          j["switches"] = std::move(slots);
        }
      }
      else if constexpr (std::is_same_v<T, AddRow>)
        j = { { "op", "add-row" },
              { "hall", e.hallId },
              { "name", e.name },
              { "x", e.xM },
              { "y", e.yM },
              { "racks", e.rackCount },
              { "facing", toString(e.facing) },
              { "kind", toString(e.kind) },
              { "rackModel", e.rackModel },
              { "serverModel", e.serverModel },
              { "nodesPerRack", e.nodesPerRack },
              { "cooling", toString(e.cooling) },
              { "feeds", e.feeds } };
      else if constexpr (std::is_same_v<T, AddCooler>)
        j = { { "op", "add-cooler" },
              { "hall", e.hallId },
              { "id", e.unit.id },
              { "model", e.unit.model },
              { "kind", toString(e.unit.kind) },
              { "x", e.unit.xM },
              { "y", e.unit.yM },
              { "facing", toString(e.unit.facing) },
              { "setpoint", e.unit.supplySetpointC },
              { "rackId", e.unit.rackId } };
      else if constexpr (std::is_same_v<T, AddFeed>)
        j = { { "op", "add-feed" },
              { "hall", e.hallId },
              { "id", e.feed.id },
              { "name", e.feed.name },
              { "capacityW", e.feed.capacityW },
              { "redundancy", toString(e.feed.redundancy) },
              { "voltageV", e.feed.voltageV } };
      else if constexpr (std::is_same_v<T, SetEvaluation>)
        j = { { "op", "set-evaluation" },
              { "inputs", e.inputsJson.empty() ? ojson::object() : ojson::parse(e.inputsJson) } };
      else if constexpr (std::is_same_v<T, SetAirPorts>)
      {
        Hall h;
        h.tiles = e.tiles;
        h.grilles = e.grilles;
        const ojson written = sceneObjects(h);
        j = { { "op", "set-air-ports" },
              { "hall", e.hallId },
              { "tiles", written.value("tiles", ojson::array()) },
              { "grilles", written.value("grilles", ojson::array()) } };
      }
      else
        j = restoreJson(e);
      return j;
    },
    edit);
}

} // namespace

std::string editToJson(const Edit& edit)
{
  return toJson(edit).dump();
}

Edit editFromJson(const std::string& text, const std::string& fileName)
{
  const JsonReader reader(fileName);
  return withDottedPaths([&] { return readEdit(reader, reader.parse(text), ""); });
}

std::vector<Edit> editsFromJson(const std::string& text, const std::string& fileName)
{
  const JsonReader reader(fileName);
  return withDottedPaths(
    [&]
    {
      const json root = reader.parse(text);
      if (!root.is_array() && !root.is_object())
        reader.fail("/", "got " + describeJsonType(root),
                    "{\"edits\": [...]} or an array of edits");
      if (root.is_object())
        reader.allowOnly(root, "", { "edits", "description" });
      const json& list = root.is_array() ? root : reader.array(root, "edits", "");
      std::vector<Edit> edits;
      for (std::size_t i = 0; i < list.size(); ++i)
        edits.push_back(readEdit(reader, list[i], "/edits/" + std::to_string(i)));
      return edits;
    });
}

} // namespace myriad::engine::edit
