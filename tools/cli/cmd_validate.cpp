// myriad-cli validate FILE: schema and physical sanity of a scene, one line per finding.
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/validation.h"

#include <cstdio>

namespace myriad::cli
{

namespace
{

int runValidate(const std::vector<std::string>& arguments)
{
  const Args args(arguments, {});
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  const std::string& file = args.positional().front();
  // Schema errors throw here (exit 1 with the file, JSON path and expected form).
  const auto scene = loadSceneArgument(file, false);
  // Physical checks, then the design checks (power chain, cooling) at the document's load.
  engine::DesignCheckOptions design;
  design.utilisation = engine::economics::documentInputs(scene).utilisation;
  std::printf("%s: design checks at %.0f %% utilisation (the document's evaluation context)\n",
              file.c_str(), design.utilisation * 100);
  const auto diagnostics = engine::validateDesign(scene, engine::Catalog::builtin(), design);
  for (const auto& d : diagnostics)
  {
    std::fprintf(stderr, "%s: %s: %s: %s%s%s\n", file.c_str(), d.jsonPath.c_str(),
                 d.severity == engine::Severity::Error ? "error" : "warning", d.message.c_str(),
                 d.hint.empty() ? "" : "; fix: ", d.hint.c_str());
  }
  const int errors = engine::errorCount(diagnostics);
  const int warnings = static_cast<int>(diagnostics.size()) - errors;
  std::printf("%s: %d error%s, %d warning%s\n", file.c_str(), errors, errors == 1 ? "" : "s",
              warnings, warnings == 1 ? "" : "s");
  return errors == 0 ? 0 : 1;
}

} // namespace

MYRIAD_CLI_COMMAND({ "validate",
                     "check a scene's schema, physical sanity (overlaps, bounds, power) and "
                     "design (cooling capacity with N+1, CDUs, airflow) at the scene's utilisation",
                     "usage: myriad-cli validate FILE\n"
                     "  FILE     a scene file, or builtin:NAME for a built-in sample\n"
                     "  exits 0 when the scene has no errors, 1 otherwise (or when it cannot be\n"
                     "  read); findings go to stderr as FILE: JSON-PATH: error|warning: message",
                     &runValidate });

} // namespace myriad::cli
