// myriad-cli tour validate: check a guided tour against its scene without a GUI (tour.h).
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/tour/tour.h"
#include "myriad/engine/tour/tour_figures.h"

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <utility>

namespace myriad::cli
{

namespace
{

namespace tour = engine::tour;

/** The scene a tour runs on: --scene, else the tour's "scene" (a sample name or a file next to
 *  the tour). */
std::string sceneArgument(const Args& args, const tour::Tour& t, const std::string& tourPath)
{
  if (args.has("--scene"))
    return args.value("--scene");
  if (t.scene.empty())
    throw engine::Error(tourPath + ": the tour names no scene (give --scene FILE)");
  if (std::filesystem::path(t.scene).extension() == ".json")
    return (std::filesystem::path(tourPath).parent_path() / t.scene).string();
  return "builtin:" + t.scene;
}

/** The model figures the tour quotes, from the live models run on `scene` (CPU solvers). */
std::map<std::string, std::string> figuresOf(const tour::Tour& t, const engine::Scene& scene)
{
  const std::vector<engine::live::Stage> stages = tour::stagesForFigures(tour::figuresUsed(t));
  if (stages.empty())
    return {};
  engine::live::LiveResults results;
  engine::live::runStages(stages, scene, engine::Catalog::builtin(), {}, {}, results);
  for (const engine::live::Stage stage : stages)
    if (results.status(stage).failed)
      std::printf("the %s model failed, its figures read \"…\": %s\n",
                  engine::live::toString(stage), results.status(stage).error.c_str());
  return tour::plainFigures(results);
}

/** Apply an "edits" action to `sandbox`; false when it has none or they fail (checkTour says). */
bool applySandboxEdits(const tour::Action& action, engine::Scene& sandbox)
{
  if (action.op != "edits")
    return false;
  engine::Scene edited = sandbox;
  try
  {
    for (const engine::edit::Edit& e : engine::edit::editsFromJson(action.editsJson, "tour action"))
      engine::edit::applyEdit(edited, engine::Catalog::builtin(), e);
  }
  catch (const engine::Error&)
  {
    return false;
  }
  sandbox = std::move(edited);
  return true;
}

void printStep(const tour::Tour& t, const tour::Step& step, std::size_t index,
               const engine::Scene& scene, const std::string& language,
               const std::map<std::string, std::string>& figures)
{
  std::size_t highlighted = 0;
  for (const tour::Target& target : step.highlight)
    highlighted += tour::resolveTarget(scene, t, target).size();
  std::printf("step %zu: %s\n", index + 1,
              tour::renderText(step.title.in(language), scene, t, &figures).c_str());
  std::printf("  %s\n", tour::renderText(step.text.in(language), scene, t, &figures).c_str());
  std::printf("  highlights %zu object(s)%s%s\n", highlighted,
              step.action ? (", action " + step.action->op).c_str() : "",
              step.question ? ", a question" : "");
}

int runTour(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { "--scene", "--lang" });
  const std::string language = args.choice("--lang", "en", { "en", "zh_CN" });
  if (args.positional().size() != 2 || args.positional()[0] != "validate")
    throw UsageError("expected: tour validate FILE");
  const std::string path = args.positional()[1];
  const tour::Tour t = readInput(path, [&] { return tour::loadTour(path); });
  const engine::Scene scene = loadSceneArgument(sceneArgument(args, t, path));
  const auto& catalog = engine::Catalog::builtin();
  std::printf("%s: %s, %zu steps\n", path.c_str(), t.title.in(language).c_str(), t.steps.size());
  // Steps are printed as the app plays them: an "edits" action changes a sandbox copy of the
  // scene, and the figures of that step and the next describe the sandbox.
  engine::Scene sandbox = scene;
  std::map<std::string, std::string> figures = figuresOf(t, sandbox);
  for (std::size_t i = 0; i < t.steps.size(); ++i)
  {
    if (t.steps[i].action && applySandboxEdits(*t.steps[i].action, sandbox))
      figures = figuresOf(t, sandbox);
    printStep(t, t.steps[i], i, sandbox, language, figures);
  }
  const auto problems =
    tour::checkTour(t, scene, catalog, std::filesystem::path(path).parent_path().string());
  int errors = 0;
  for (const engine::Diagnostic& d : problems)
  {
    const bool error = d.severity == engine::Severity::Error;
    errors += error ? 1 : 0;
    std::printf("%s: %s %s: %s\n", path.c_str(), error ? "error" : "warning", d.jsonPath.c_str(),
                d.message.c_str());
  }
  std::printf("%s: %d error(s), %zu warning(s)\n", path.c_str(), errors,
              problems.size() - static_cast<std::size_t>(errors));
  return errors > 0 ? 1 : 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "tour", "check a guided tour against its scene (docs/tours.md)",
    "usage: myriad-cli tour validate FILE [--scene SCENE] [--lang en|zh_CN]\n"
    "  FILE           a tour file (myriad-tour/1, docs/tours.md)\n"
    "  --scene SCENE  the scene to check it on: a scene file or builtin:NAME (default: the\n"
    "                 tour's \"scene\", a built-in sample or a file next to the tour)\n"
    "  --lang L       print the steps in this language: en (default) or zh_CN\n"
    "Prints each step's title and text with its counts written from the scene, its model\n"
    "figures ({{kpi NAME}}) from the live models run on the scene, and how many objects it\n"
    "highlights, then each problem with its JSON path (ids that are no object, queries that\n"
    "match nothing, unknown {{count NAME}} or {{kpi NAME}}, edits that fail; a missing\n"
    "Chinese text is a warning). Exit status: 0 no errors, 1 errors or an unreadable file, 2 "
    "usage.",
    &runTour });

} // namespace myriad::cli
