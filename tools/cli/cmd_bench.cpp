// myriad-cli bench: times generate, save, load and validate of a built-in sample.
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/validation.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <sys/resource.h>

namespace myriad::cli
{

namespace
{

using Clock = std::chrono::steady_clock;

template <typename F>
double medianMs(int repeats, F&& body)
{
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i)
  {
    const auto start = Clock::now();
    body();
    times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

long peakRssKiB()
{
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

int runBench(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { "--builtin", "--gpus", "--repeat" });
  if (!args.positional().empty())
  {
    throw UsageError("bench takes no FILE (it times a built-in sample: --builtin NAME)");
  }
  auto spec = builtinSpecOption(args, "--builtin", "h100-superpod-10k");
  spec.gpuCount = static_cast<int>(args.integer("--gpus", spec.gpuCount, 1, 2000000));
  const int repeats = static_cast<int>(args.integer("--repeat", 5, 1, 1000));
  const auto& catalog = engine::Catalog::builtin();
  engine::Scene scene;
  const double generateMs =
    medianMs(repeats, [&] { scene = engine::generateScene(spec, catalog); });
  std::string text;
  const double serialiseMs = medianMs(repeats, [&] { text = engine::sceneToJson(scene); });
  const auto path = std::filesystem::temp_directory_path() / "myriad-bench-scene.json";
  const double saveMs = medianMs(repeats, [&] { engine::saveScene(scene, path.string()); });
  engine::Scene loaded;
  const double loadMs =
    medianMs(repeats, [&] { loaded = engine::loadScene(path.string(), catalog, false); });
  std::size_t findings = 0;
  const double validateMs =
    medianMs(repeats, [&] { findings = engine::validateScene(loaded, catalog).size(); });
  std::filesystem::remove(path);
  const auto c = engine::countScene(loaded, catalog);
  std::printf("scene %s: %s GPUs, %s nodes, %s racks, file %.1f MiB, %zu findings\n",
              spec.name.c_str(), withCommas(c.gpus).c_str(), withCommas(c.nodes).c_str(),
              withCommas(c.racks).c_str(), static_cast<double>(text.size()) / (1 << 20), findings);
  std::printf("generate %.1f ms | serialise %.1f ms | save %.1f ms | load (parse) %.1f ms | "
              "validate %.1f ms | generate+load+validate %.1f ms | peak RSS %.1f MiB "
              "(median of %d)\n",
              generateMs, serialiseMs, saveMs, loadMs, validateMs, generateMs + loadMs + validateMs,
              static_cast<double>(peakRssKiB()) / 1024.0, repeats);
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND({ "bench", "time generate, save, load and validate of a built-in sample",
                     "usage: myriad-cli bench [--builtin NAME] [--gpus N] [--repeat 5]\n"
                     "  --builtin NAME  h100-superpod-10k (default), gb200-nvl72-10k,\n"
                     "                  h100-immersion-10k, ascend-910b-10k or lab-256\n"
                     "  --gpus N        override the sample's GPU count (1 to 2000000)\n"
                     "  --repeat N      runs per step, the median is printed (1 to 1000)\n"
                     "  prints median times in ms and the peak resident memory",
                     &runBench });

} // namespace myriad::cli
