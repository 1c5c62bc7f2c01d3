// myriad-cli validate FILE: schema, physical sanity and design checks of a scene, then the live
// models' findings (fabric, power, thermal inlets, traffic, economics): the same list the app's
// Violations dock shows for the document. One line per finding.
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/validation.h"

#include <cstdio>
#include <set>
#include <string>
#include <utility>

namespace myriad::cli
{

namespace
{

namespace live = engine::live;

/** A finding's identity across the two lists: object and message without its fix hint. */
std::pair<std::string, std::string> findingKey(const std::string& objectId,
                                               const std::string& message)
{
  const auto hint = message.find("; fix: ");
  return { objectId, hint == std::string::npos ? message : message.substr(0, hint) };
}

void printFinding(const std::string& file, const std::string& where, engine::Severity severity,
                  const std::string& message, const std::string& hint)
{
  std::fprintf(stderr, "%s: %s: %s: %s%s%s\n", file.c_str(), where.c_str(),
               severity == engine::Severity::Error ? "error" : "warning", message.c_str(),
               hint.empty() ? "" : "; fix: ", hint.c_str());
}

int runValidate(const std::vector<std::string>& arguments)
{
  const Args args(arguments, {}, { "--no-models" });
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  const std::string& file = args.positional().front();
  // Schema errors throw here (exit 1 with the file, JSON path and expected form).
  const auto scene = loadSceneArgument(file, false);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  // Physical checks, then the design checks (power chain, cooling) at the document's load.
  engine::DesignCheckOptions design;
  const engine::economics::EconomicsInputs context = engine::economics::documentInputs(scene);
  design.utilisation = context.utilisation;
  design.liquidSupplyC = context.cooling.liquidSupplyC;
  std::printf("%s: design checks at %.0f %% utilisation (the document's evaluation context)\n",
              file.c_str(), design.utilisation * 100);
  const auto diagnostics = engine::validateDesign(scene, catalog, design);
  std::set<std::pair<std::string, std::string>> listed;
  int errors = engine::errorCount(diagnostics);
  int warnings = static_cast<int>(diagnostics.size()) - errors;
  for (const auto& d : diagnostics)
  {
    printFinding(file, d.jsonPath, d.severity, d.message, d.hint);
    listed.insert(findingKey(d.objectId, d.message));
  }
  if (!args.has("--no-models") && !scene.site.halls.empty())
  {
    // The live models as the app runs them after each edit (CPU reference solvers): what they
    // find that the design checks did not (trays over fill, a fabric that cannot be built,
    // rack inlets above ASHRAE limits from the thermal solve, missing prices, …).
    live::LiveResults results;
    const live::CancelToken never;
    const live::LiveOptions options;
    live::runStages(live::allStages(), scene, catalog, options, never, results);
    std::printf("%s: model checks: the live models (thermal at %.2f m cells on hall %s)\n",
                file.c_str(),
                live::liveThermalCellM(scene.site.halls.front(), options.thermalMaxCells),
                scene.site.halls.front().id.c_str());
    for (const live::Violation& v : results.violations)
    {
      if (!listed.insert(findingKey(v.objectId, v.message)).second)
      {
        continue; // a design finding already listed
      }
      printFinding(
        file, std::string(live::toString(v.stage)) + (v.objectId.empty() ? "" : " ") + v.objectId,
        v.severity, v.message, {});
      (v.severity == engine::Severity::Error ? errors : warnings) += 1;
    }
  }
  std::printf("%s: %d error%s, %d warning%s\n", file.c_str(), errors, errors == 1 ? "" : "s",
              warnings, warnings == 1 ? "" : "s");
  return errors == 0 ? 0 : 1;
}

} // namespace

MYRIAD_CLI_COMMAND({ "validate",
                     "check a scene's schema, physical sanity (overlaps, bounds, power), design "
                     "(cooling capacity with N+1, CDUs, airflow) and the live models' findings "
                     "(fabric, thermal inlets, …) at the scene's utilisation",
                     "usage: myriad-cli validate FILE [--no-models]\n"
                     "  FILE         a scene file, or builtin:NAME for a built-in sample\n"
                     "  --no-models  only the schema, physical and design checks (no fabric\n"
                     "               build, thermal solve or traffic run)\n"
                     "  Lists what the app's Violations dock lists for the same file. Exits 0\n"
                     "  when the scene has no errors, 1 otherwise (or when it cannot be read);\n"
                     "  findings go to stderr as FILE: WHERE: error|warning: message, WHERE being\n"
                     "  the JSON path of a design finding or the model and object of a model's",
                     &runValidate });

} // namespace myriad::cli
