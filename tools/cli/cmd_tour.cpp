// myriad-cli tour validate: check a guided tour against its scene without a GUI (tour.h).
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/tour/tour.h"

#include <cstdio>
#include <filesystem>

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

void printStep(const tour::Tour& t, const tour::Step& step, std::size_t index,
               const engine::Scene& scene, const std::string& language)
{
  std::size_t highlighted = 0;
  for (const tour::Target& target : step.highlight)
    highlighted += tour::resolveTarget(scene, t, target).size();
  std::printf("step %zu: %s\n", index + 1,
              tour::renderText(step.title.in(language), scene, t).c_str());
  std::printf("  %s\n", tour::renderText(step.text.in(language), scene, t).c_str());
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
  for (std::size_t i = 0; i < t.steps.size(); ++i)
    printStep(t, t.steps[i], i, scene, language);
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
    "Prints each step's title and text with its counts written from the scene and how many\n"
    "objects it highlights, then each problem with its JSON path (ids that are no object,\n"
    "queries that match nothing, unknown {{count NAME}}, edits that fail; a missing Chinese\n"
    "text is a warning). Exit status: 0 no errors, 1 errors or an unreadable file, 2 usage.",
    &runTour });

} // namespace myriad::cli
