/**
 * @file tour_reader.cpp
 * Reading a tour file (tour.h): every field typed and checked with its JSON path, unknown keys
 * refused (a typo such as "higlight" is named, not ignored).
 */

#include "myriad/engine/tour/tour.h"

#include "io/json_reader.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace myriad::engine::tour
{

namespace
{

using detail::JsonReader;
using Json = nlohmann::json;

/** Docks a step may show (the app's dock ids without ".dock"; docs/tours.md). */
const std::vector<std::string> kDocks = { "dashboard",  "fabric",    "thermal",
                                          "traffic",    "telemetry", "violations",
                                          "properties", "sceneTree", "undoHistory" };
/** Tabs a step may open, by dock (the app names each tab page "tab-<id>"; docs/tours.md). */
const std::map<std::string, std::vector<std::string>> kTabs = {
  { "dashboard", { "overview", "costs", "energy", "sensitivity", "cooling", "scenarios" } },
  { "fabric", { "bom", "cutSheet", "trays" } },
  { "thermal", { "racks", "coolers" } },
  { "traffic", { "breakdown", "collectives", "hottestCables" } },
};
/** Fabric tiers a step may draw. */
const std::vector<std::string> kTiers = { "leaf", "spine", "core" };

class TourReader
{
public:
  explicit TourReader(const std::string& fileName)
    : r(fileName)
  {
  }

  Tour read(const std::string& text)
  {
    const Json doc = r.parse(text);
    if (!doc.is_object())
      r.fail("", "got " + detail::describeJsonType(doc), "a tour object");
    r.allowOnly(doc, "", { "schema", "id", "title", "summary", "scene", "queries", "steps" });
    const std::string schema = r.string(doc, "schema", "");
    if (schema != kTourSchema)
      r.fail("/schema", "\"" + schema + "\" is not a tour schema this version reads",
             std::string("\"") + kTourSchema + "\"");
    Tour tour;
    tour.id = r.string(doc, "id", "");
    tour.title = localText(doc, "title", "");
    tour.summary = doc.contains("summary") ? localText(doc, "summary", "") : LocalText{};
    tour.scene = r.stringOr(doc, "scene", "", "");
    if (doc.contains("queries"))
    {
      const Json& queries = r.object(doc, "queries", "");
      for (const auto& [name, value] : queries.items())
        tour.queries[name] = query(value, "/queries/" + name);
    }
    const Json& steps = r.array(doc, "steps", "");
    if (steps.empty())
      r.fail("/steps", "a tour without steps", "at least one step");
    for (std::size_t i = 0; i < steps.size(); ++i)
      tour.steps.push_back(step(steps[i], "/steps/" + std::to_string(i)));
    return tour;
  }

private:
  LocalText localText(const Json& parent, const std::string& key, const std::string& path)
  {
    const std::string p = path + "/" + key;
    const Json& value = r.object(parent, key, path);
    r.allowOnly(value, p, { "en", "zh_CN" });
    LocalText text;
    text.en = r.string(value, "en", p);
    if (text.en.empty())
      r.fail(p + "/en", "an empty text", "the English text");
    text.zhCN = r.stringOr(value, "zh_CN", p, "");
    return text;
  }

  Query query(const Json& value, const std::string& p)
  {
    if (!value.is_object())
      r.fail(p, "got " + detail::describeJsonType(value), "a query object {\"kind\": …}");
    r.allowOnly(value, p, { "kind", "role", "su", "rail", "hall", "row" });
    Query q;
    q.kind = r.string(value, "kind", p);
    static const char* const kinds[] = { "rack", "node", "gpu", "switch", "cooler", "feed", "row" };
    if (std::find(std::begin(kinds), std::end(kinds), q.kind) == std::end(kinds))
      r.fail(p + "/kind", "\"" + q.kind + "\" is not a kind of object",
             "rack, node, gpu, switch, cooler, feed or row");
    q.role = r.stringOr(value, "role", p, "");
    if (!q.role.empty())
      checkRole(q, p + "/role");
    q.scalableUnit = r.integerOr(value, "su", p, -1);
    q.rail = r.integerOr(value, "rail", p, -1);
    q.hall = r.stringOr(value, "hall", p, "");
    q.row = r.stringOr(value, "row", p, "");
    return q;
  }

  /** A role names a switch role, a rack kind or a cooler kind, as the scene file spells it. */
  void checkRole(const Query& q, const std::string& p) const
  {
    if (q.kind == "switch" && !switchRoleFromString(q.role))
      r.fail(p, "\"" + q.role + "\" is not a switch role", "leaf, spine, core, management, nvlink");
    else if (q.kind == "rack" && !rackKindFromString(q.role))
      r.fail(p, "\"" + q.role + "\" is not a rack kind", "a rack kind of the scene format");
    else if (q.kind == "cooler" && !coolerKindFromString(q.role))
      r.fail(p, "\"" + q.role + "\" is not a cooler kind", "a cooler kind of the scene format");
    else if (q.kind != "switch" && q.kind != "rack" && q.kind != "cooler")
      r.fail(p, "a " + q.kind + " has no role",
             "no role, or a query of switches, racks or coolers");
  }

  Target target(const Json& value, const std::string& p)
  {
    Target t;
    if (value.is_string())
    {
      const std::string text = value.get<std::string>();
      if (text.empty())
        r.fail(p, "an empty id", "an object id, \"@QUERY\" or a query object");
      if (text.front() == '@')
        t.queryName = text.substr(1);
      else
        t.id = text;
      return t;
    }
    t.query = query(value, p);
    return t;
  }

  std::vector<Target> targets(const Json& parent, const std::string& key, const std::string& p)
  {
    std::vector<Target> out;
    if (!parent.contains(key))
      return out;
    const Json& list = r.array(parent, key, p);
    for (std::size_t i = 0; i < list.size(); ++i)
      out.push_back(target(list[i], p + "/" + key + "/" + std::to_string(i)));
    return out;
  }

  /** {"dashboard": "costs", …}: a known dock with tabs, and one of its tabs. */
  std::map<std::string, std::string> tabs(const Json& value, const std::string& p)
  {
    std::map<std::string, std::string> out;
    for (const auto& [dock, tab] : value.items())
    {
      const auto known = kTabs.find(dock);
      if (known == kTabs.end())
        r.fail(p + "/" + dock, "\"" + dock + "\" is no dock with tabs",
               "dashboard, fabric, thermal or traffic");
      if (!tab.is_string())
        r.fail(p + "/" + dock, "not a string", "a tab id");
      const std::string id = tab.get<std::string>();
      if (std::find(known->second.begin(), known->second.end(), id) == known->second.end())
        r.fail(p + "/" + dock, "\"" + id + "\" is not one of the " + dock + " dock's tabs",
               joined(known->second));
      out[dock] = id;
    }
    return out;
  }

  /** "a, b, c": the names an error message offers. */
  static std::string joined(const std::vector<std::string>& names)
  {
    std::string list;
    for (const std::string& k : names)
    {
      list += list.empty() ? "" : ", ";
      list += k;
    }
    return list;
  }

  /** Each of `names` is one of `known` (a typo is named rather than ignored). */
  void oneOf(const std::vector<std::string>& names, const std::string& p,
             const std::vector<std::string>& known)
  {
    for (std::size_t i = 0; i < names.size(); ++i)
    {
      if (std::find(known.begin(), known.end(), names[i]) == known.end())
        r.fail(p + "/" + std::to_string(i), "\"" + names[i] + "\" is not one of them",
               joined(known));
    }
  }

  std::vector<std::string> strings(const Json& parent, const std::string& key, const std::string& p)
  {
    std::vector<std::string> out;
    if (!parent.contains(key))
      return out;
    const Json& list = r.array(parent, key, p);
    for (std::size_t i = 0; i < list.size(); ++i)
    {
      if (!list[i].is_string())
        r.fail(p + "/" + key + "/" + std::to_string(i), "got " + detail::describeJsonType(list[i]),
               "a string");
      out.push_back(list[i].get<std::string>());
    }
    return out;
  }

  std::optional<std::array<double, 3>> vector3(const Json& camera, const std::string& key,
                                               const std::string& p)
  {
    if (!camera.contains(key))
      return std::nullopt;
    const Json& list = r.array(camera, key, p);
    if (list.size() != 3 || !list[0].is_number() || !list[1].is_number() || !list[2].is_number())
      r.fail(p + "/" + key, "not three numbers", "[x, y, z] in metres");
    return std::array<double, 3>{ list[0].get<double>(), list[1].get<double>(),
                                  list[2].get<double>() };
  }

  Camera camera(const Json& step, const std::string& path)
  {
    Camera c;
    if (!step.contains("camera"))
      return c;
    const std::string p = path + "/camera";
    const Json& value = r.object(step, "camera", path);
    r.allowOnly(value, p, { "preset", "object", "eye", "focus", "up" });
    c.preset = r.stringOr(value, "preset", p, "");
    if (!c.preset.empty() && c.preset != "top" && c.preset != "isometric" && c.preset != "aisle")
      r.fail(p + "/preset", "\"" + c.preset + "\" is not a camera preset",
             "top, isometric or aisle");
    c.object = r.stringOr(value, "object", p, "");
    c.eye = vector3(value, "eye", p);
    c.focus = vector3(value, "focus", p);
    c.up = vector3(value, "up", p);
    const int ways = int(!c.preset.empty()) + int(!c.object.empty()) + int(c.eye.has_value());
    if (ways != 1 || c.eye.has_value() != c.focus.has_value())
      r.fail(p, "the camera needs exactly one of a preset, an object, or eye and focus",
             "{\"preset\": …} or {\"object\": ID} or {\"eye\": […], \"focus\": […]}");
    return c;
  }

  Show show(const Json& step, const std::string& path)
  {
    Show s;
    if (!step.contains("show"))
      return s;
    const std::string p = path + "/show";
    const Json& value = r.object(step, "show", path);
    r.allowOnly(value, p, { "docks", "tabs", "thermalSlice", "fabricTiers", "job" });
    s.docks = strings(value, "docks", p);
    oneOf(s.docks, p + "/docks", kDocks);
    if (value.contains("tabs"))
      s.tabs = tabs(r.object(value, "tabs", p), p + "/tabs");
    s.thermalSlice = r.booleanOr(value, "thermalSlice", p, false);
    s.fabricTiers = strings(value, "fabricTiers", p);
    oneOf(s.fabricTiers, p + "/fabricTiers", kTiers);
    s.job = r.stringOr(value, "job", p, "");
    return s;
  }

  Action action(const Json& step, const std::string& path)
  {
    const std::string p = path + "/action";
    const Json& value = r.object(step, "action", path);
    r.allowOnly(value, p, { "op", "targets", "edits", "job" });
    Action a;
    a.op = r.string(value, "op", p);
    if (a.op == "fail")
    {
      a.targets = targets(value, "targets", p);
      if (a.targets.empty())
        r.fail(p + "/targets", "nothing to fail", "switch ids or queries");
    }
    else if (a.op == "edits")
      a.editsJson = r.array(value, "edits", p).dump();
    else if (a.op == "run-job")
      a.job = r.string(value, "job", p);
    else
      r.fail(p + "/op", "\"" + a.op + "\" is not an action", "fail, edits or run-job");
    return a;
  }

  Question question(const Json& step, const std::string& path)
  {
    const std::string p = path + "/question";
    const Json& value = r.object(step, "question", path);
    r.allowOnly(value, p, { "prompt", "pick", "options", "explanation" });
    Question q;
    q.prompt = localText(value, "prompt", p);
    q.explanation = localText(value, "explanation", p);
    if (value.contains("pick") == value.contains("options"))
      r.fail(p, "a question needs either a pick or options", "\"pick\" or \"options\"");
    if (value.contains("pick"))
    {
      q.pick = target(value.at("pick"), p + "/pick");
      return q;
    }
    const Json& options = r.array(value, "options", p);
    for (std::size_t i = 0; i < options.size(); ++i)
    {
      const std::string o = p + "/options/" + std::to_string(i);
      const Json& option = options[i];
      if (!option.is_object())
        r.fail(o, "got " + detail::describeJsonType(option), "{\"text\": {…}, \"correct\": …}");
      r.allowOnly(option, o, { "text", "correct" });
      q.options.push_back(localText(option, "text", o));
      if (r.booleanOr(option, "correct", o, false))
        q.correctOptions.push_back(static_cast<int>(i));
    }
    if (q.options.size() < 2 || q.correctOptions.empty())
      r.fail(p + "/options", "fewer than two options or none marked correct",
             "two or more options, at least one with \"correct\": true");
    return q;
  }

  Step step(const Json& value, const std::string& p)
  {
    if (!value.is_object())
      r.fail(p, "got " + detail::describeJsonType(value), "a step object");
    r.allowOnly(value, p, { "title", "text", "camera", "highlight", "show", "action", "question" });
    Step s;
    s.title = localText(value, "title", p);
    s.text = localText(value, "text", p);
    s.camera = camera(value, p);
    s.highlight = targets(value, "highlight", p);
    s.show = show(value, p);
    if (value.contains("action"))
      s.action = action(value, p);
    if (value.contains("question"))
      s.question = question(value, p);
    return s;
  }

  JsonReader r;
};

} // namespace

const std::string& LocalText::in(const std::string& language) const
{
  const bool chinese = language.rfind("zh", 0) == 0;
  return chinese && !zhCN.empty() ? zhCN : en;
}

Tour parseTour(const std::string& text, const std::string& fileName)
{
  return TourReader(fileName).read(text);
}

Tour loadTour(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw LoadError(path, "", "cannot open the tour file", "a readable myriad-tour/1 JSON file");
  std::ostringstream text;
  text << in.rdbuf();
  return parseTour(text.str(), path);
}

} // namespace myriad::engine::tour
