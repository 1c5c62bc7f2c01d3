// myriad-cli generate SPEC.json -o scene.json: build an explicit hall from a parametric spec.
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <cstdio>

namespace myriad::cli
{

namespace
{

int runGenerate(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { "-o", "--output", "--builtin", "--gpus", "--placement" });
  const std::string output = args.value("-o", args.value("--output"));
  if (output.empty())
  {
    throw UsageError("missing -o FILE (where to write the generated scene)");
  }
  engine::GeneratorSpec spec;
  if (args.has("--builtin"))
  {
    if (!args.positional().empty())
    {
      throw UsageError("give either SPEC.json or --builtin NAME, not both");
    }
    spec = engine::builtinSpec(args.value("--builtin"));
  }
  else if (args.positional().size() == 1)
  {
    const std::string& path = args.positional().front();
    spec = engine::specFromJson(engine::readFile(path), path);
  }
  else
  {
    throw UsageError("expected one SPEC.json file or --builtin NAME");
  }
  if (args.has("--gpus"))
  {
    const double gpus = args.number("--gpus", 0);
    if (gpus < 1 || gpus > 2e6 || gpus != static_cast<int>(gpus))
    {
      throw UsageError("--gpus expects a whole number from 1 to 2000000");
    }
    spec.gpuCount = static_cast<int>(gpus);
  }
  if (args.has("--placement"))
  {
    const auto placement = engine::switchPlacementFromString(args.value("--placement"));
    if (!placement)
    {
      throw UsageError("--placement " + args.value("--placement") +
                       ": expected per-su, end-of-row, middle-of-row or central-row");
    }
    spec.switchPlacement = *placement;
  }
  const auto scene = engine::generateScene(spec, engine::Catalog::builtin());
  engine::saveScene(scene, output);
  const auto c = engine::countScene(scene, engine::Catalog::builtin());
  std::printf("wrote %s: %s GPUs in %s nodes, %s racks, %s switches, %s IT\n", output.c_str(),
              withCommas(c.gpus).c_str(), withCommas(c.nodes).c_str(), withCommas(c.racks).c_str(),
              withCommas(c.switches).c_str(), formatPower(c.itPowerW).c_str());
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND({ "generate", "build an explicit hall layout from a parametric spec",
                     "usage: myriad-cli generate SPEC.json -o scene.json [--gpus N]\n"
                     "                                   [--placement WHERE]\n"
                     "       myriad-cli generate --builtin NAME -o scene.json [--gpus N]\n"
                     "  NAME        h100-superpod-10k, gb200-nvl72-10k or lab-256\n"
                     "  --gpus      override the spec's GPU count (rounded up to whole SUs)\n"
                     "  --placement where the leaf switches go: per-su (default), end-of-row,\n"
                     "              middle-of-row or central-row",
                     &runGenerate });

} // namespace myriad::cli
