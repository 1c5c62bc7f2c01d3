/**
 * @file tour_check.cpp
 * Tours against a scene (tour.h): queries matched over the scene's objects, "{{count NAME}}"
 * written from the scene, and every reference of a tour resolved before it is played.
 */

#include "myriad/engine/tour/tour.h"

#include "myriad/engine/tour/tour_figures.h"
#include "tour_placeholders.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"

#include <filesystem>

namespace myriad::engine::tour
{

namespace
{

bool matches(int wanted, int value)
{
  return wanted < 0 || wanted == value;
}

bool matches(const std::string& wanted, const std::string& value)
{
  return wanted.empty() || wanted == value;
}

/** The racks' objects (the rack, its nodes, GPUs and switches) that `q` matches. */
void matchRack(const Rack& rack, const Query& q, std::vector<std::string>& out)
{
  if (q.kind == "rack" && matches(q.role, toString(rack.kind)))
    out.push_back(rack.id);
  for (const Switch& sw : rack.switches)
    if (q.kind == "switch" && matches(q.role, toString(sw.role)) &&
        matches(q.scalableUnit, sw.scalableUnit) && matches(q.rail, sw.rail))
      out.push_back(sw.id);
  if (q.rail >= 0 || !q.role.empty())
    return; // nodes and GPUs have no role or rail
  for (const Node& node : rack.nodes)
  {
    if (!matches(q.scalableUnit, node.scalableUnit))
      continue;
    if (q.kind == "node")
      out.push_back(node.id);
    if (q.kind == "gpu")
      for (const Gpu& gpu : node.gpus)
        out.push_back(gpuId(node, gpu));
  }
}

/** The hall's objects that `q` matches. */
void matchHall(const Hall& hall, const Query& q, std::vector<std::string>& out)
{
  for (const Row& row : hall.rows)
  {
    if (!matches(q.row, row.id))
      continue;
    if (q.kind == "row")
      out.push_back(row.id);
    for (const Rack& rack : row.racks)
      matchRack(rack, q, out);
  }
  if (!q.row.empty() || q.scalableUnit >= 0 || q.rail >= 0)
    return; // coolers and feeds stand in no row
  for (const CoolingUnit& cooler : hall.coolers)
    if (q.kind == "cooler" && matches(q.role, toString(cooler.kind)))
      out.push_back(cooler.id);
  for (const PowerFeed& feed : hall.feeds)
    if (q.kind == "feed")
      out.push_back(feed.id);
}

class TourCheck
{
public:
  TourCheck(const Tour& tour, const Scene& scene, const Catalog& catalog, std::string tourDir,
            std::vector<Diagnostic>& out)
    : m_tour(tour)
    , m_scene(scene)
    , m_catalog(catalog)
    , m_dir(std::move(tourDir))
    , m_out(out)
  {
  }

  void run()
  {
    for (const auto& [name, query] : m_tour.queries)
      if (matchQuery(m_scene, query).empty())
        error("/queries/" + name, "query \"" + name + "\" matches nothing in the scene");
    text(m_tour.title, "/title");
    if (!m_tour.summary.en.empty())
      text(m_tour.summary, "/summary");
    for (std::size_t i = 0; i < m_tour.steps.size(); ++i)
      step(m_tour.steps[i], "/steps/" + std::to_string(i));
  }

private:
  void error(const std::string& path, const std::string& message)
  {
    m_out.push_back({ Severity::Error, {}, path, message });
  }

  void text(const LocalText& t, const std::string& path)
  {
    for (const std::string* s : { &t.en, &t.zhCN })
      for (const Placeholder& p : placeholders(*s))
      {
        const std::string written = s->substr(p.begin, p.end - p.begin);
        if (p.kind == Placeholder::Count && !m_tour.queries.count(p.name))
          error(path, "\"" + written + "\" names no query of the tour");
        if (p.kind == Placeholder::Figure && !findFigure(p.name))
          error(path, "\"" + written + "\" names no model figure (docs/tours.md lists them: " +
                        figureNames() + ")");
      }
    if (t.zhCN.empty())
      m_out.push_back({ Severity::Warning, {}, path, "no Chinese text (zh_CN)" });
  }

  void target(const Target& t, const std::string& path)
  {
    if (!t.queryName.empty() && !m_tour.queries.count(t.queryName))
      error(path, "\"@" + t.queryName + "\" names no query of the tour");
    else if (!t.id.empty() && !findById(m_scene, t.id))
      error(path, "\"" + t.id + "\" is no object of the scene");
    else if (t.query && matchQuery(m_scene, *t.query).empty())
      error(path, "the query matches nothing in the scene");
  }

  void file(const std::string& name, const std::string& path)
  {
    if (!m_dir.empty() && !std::filesystem::exists(std::filesystem::path(m_dir) / name))
      error(path, "\"" + name + "\" does not exist next to the tour");
  }

  void action(const Action& a, const std::string& path)
  {
    for (std::size_t i = 0; i < a.targets.size(); ++i)
      target(a.targets[i], path + "/targets/" + std::to_string(i));
    if (!a.job.empty())
      file(a.job, path + "/job");
    if (a.op != "edits")
      return;
    // On a sandbox copy, as the app runs it: the user's document is never changed by a tour.
    Scene sandbox = m_scene;
    try
    {
      for (const edit::Edit& e : edit::editsFromJson(a.editsJson, "tour action"))
        edit::applyEdit(sandbox, m_catalog, e);
    }
    catch (const Error& failed)
    {
      error(path + "/edits", std::string("the edits fail on the scene: ") + failed.what());
    }
  }

  void step(const Step& s, const std::string& path)
  {
    text(s.title, path + "/title");
    text(s.text, path + "/text");
    if (!s.camera.object.empty() && !findById(m_scene, s.camera.object))
      error(path + "/camera/object", "\"" + s.camera.object + "\" is no object of the scene");
    for (std::size_t i = 0; i < s.highlight.size(); ++i)
      target(s.highlight[i], path + "/highlight/" + std::to_string(i));
    if (!s.show.job.empty())
      file(s.show.job, path + "/show/job");
    if (s.action)
      action(*s.action, path + "/action");
    if (s.question)
    {
      text(s.question->prompt, path + "/question/prompt");
      text(s.question->explanation, path + "/question/explanation");
      for (std::size_t i = 0; i < s.question->options.size(); ++i)
        text(s.question->options[i], path + "/question/options/" + std::to_string(i) + "/text");
      if (s.question->pick)
        target(*s.question->pick, path + "/question/pick");
    }
  }

  const Tour& m_tour;
  const Scene& m_scene;
  const Catalog& m_catalog;
  std::string m_dir;
  std::vector<Diagnostic>& m_out;
};

} // namespace

std::vector<std::string> matchQuery(const Scene& scene, const Query& query)
{
  std::vector<std::string> out;
  for (const Hall& hall : scene.site.halls)
    if (matches(query.hall, hall.id))
      matchHall(hall, query, out);
  return out;
}

std::vector<std::string> resolveTarget(const Scene& scene, const Tour& tour, const Target& target)
{
  if (target.query)
    return matchQuery(scene, *target.query);
  if (!target.queryName.empty())
  {
    const auto named = tour.queries.find(target.queryName);
    return named == tour.queries.end() ? std::vector<std::string>{}
                                       : matchQuery(scene, named->second);
  }
  if (findById(scene, target.id))
    return { target.id };
  return {};
}

std::string renderText(const std::string& text, const Scene& scene, const Tour& tour,
                       const std::map<std::string, std::string>* figures)
{
  std::string out;
  std::size_t last = 0;
  for (const Placeholder& p : placeholders(text))
  {
    out.append(text, last, p.begin - last);
    const std::string written = text.substr(p.begin, p.end - p.begin);
    if (p.kind == Placeholder::Count)
    {
      const auto named = tour.queries.find(p.name);
      out += named == tour.queries.end() ? written
                                         : std::to_string(matchQuery(scene, named->second).size());
    }
    else if (!findFigure(p.name))
    {
      out += written; // checkTour reports it
    }
    else if (figures && figures->count(p.name) != 0)
    {
      out += figures->at(p.name);
    }
    else
    {
      out += "…"; // the model that computes it has not run (yet)
    }
    last = p.end;
  }
  out.append(text, last, std::string::npos);
  return out;
}

std::vector<Diagnostic> checkTour(const Tour& tour, const Scene& scene, const Catalog& catalog,
                                  const std::string& tourDir)
{
  std::vector<Diagnostic> out;
  TourCheck(tour, scene, catalog, tourDir, out).run();
  return out;
}

} // namespace myriad::engine::tour
