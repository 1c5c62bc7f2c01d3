// myriad-cli generate SPEC.json -o scene.json: build an explicit hall from a parametric spec.
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <cstdio>
#include <optional>

namespace myriad::cli
{

namespace
{

int runGenerate(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut, "--builtin", "--gpus", "--placement" });
  args.require("--out", "FILE (where to write the generated scene)");
  const std::string output = args.value("--out");
  if (args.has("--builtin") == (args.positional().size() == 1) || args.positional().size() > 1)
  {
    throw UsageError("expected one SPEC.json file or --builtin NAME (not both)");
  }
  const long long gpus = args.integer("--gpus", 0, 1, 2000000);
  std::optional<engine::SwitchPlacement> placement;
  if (args.has("--placement"))
  {
    placement = engine::switchPlacementFromString(args.value("--placement"));
    if (!placement)
    {
      throw UsageError("--placement " + args.value("--placement") +
                       ": expected per-su, end-of-row, middle-of-row or central-row");
    }
  }
  engine::GeneratorSpec spec;
  if (args.has("--builtin"))
  {
    spec = builtinSpecOption(args, "--builtin");
  }
  else
  {
    const std::string& path = args.positional().front();
    spec = readInput(path, [&] { return engine::specFromJson(engine::readFile(path), path); });
  }
  if (args.has("--gpus"))
  {
    spec.gpuCount = static_cast<int>(gpus);
  }
  if (placement)
  {
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
                     "  SPEC.json   a generator spec (the \"spec\" object of a scene)\n"
                     "  NAME        h100-superpod-10k, gb200-nvl72-10k, h100-immersion-10k,\n"
                     "              ascend-910b-10k or lab-256\n"
                     "  -o, --out   the scene file to write\n"
                     "  --gpus      override the spec's GPU count, 1 to 2000000 (rounded up to\n"
                     "              whole SUs)\n"
                     "  --placement where the leaf switches go: per-su (default), end-of-row,\n"
                     "              middle-of-row or central-row",
                     &runGenerate });

} // namespace myriad::cli
