// Benchmark of the fabric and cabling engine: generate the SuperPOD fabric from a scene's
// switches and NICs, place (the scene's explicit switches are already placed), route every
// cable over the tray graph and build BOM + cut sheet, for 1k, 10k and 100k GPUs.
// Usage: bench_fabric [repeats]  (default 3; prints the best time of each phase)
// The growth exponent between two sizes is log(t2/t1) / log(n2/n1). Then, per switch placement
// strategy on the 10k spec: generate + route of the strategy's layout, and the time of the
// fabric's own re-placement (placeSwitches by strategy) with the cable length it leads to.

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

using namespace myriad::engine;
using Clock = std::chrono::steady_clock;

namespace
{

double msSince(Clock::time_point t0)
{
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Times
{
  double generate = 1e300, route = 1e300, report = 1e300;
  double total() const { return generate + route; }
};

Times measure(const Scene& scene, int repeats, std::size_t* cables)
{
  const Catalog& catalog = Catalog::builtin();
  Times best;
  for (int i = 0; i < repeats; ++i)
  {
    auto t0 = Clock::now();
    const fabric::FabricGraph g = fabric::buildSuperPod(scene, catalog);
    best.generate = std::min(best.generate, msSince(t0));
    t0 = Clock::now();
    const fabric::CablingResult r = fabric::routeCables(g, scene, catalog);
    best.route = std::min(best.route, msSince(t0));
    t0 = Clock::now();
    const std::string bom = fabric::bomCsv(fabric::billOfMaterials(g, r, catalog));
    const std::string cut = fabric::cutSheetCsv(g, r, scene);
    best.report = std::min(best.report, msSince(t0));
    *cables = r.cables.size() + (bom.empty() || cut.empty() ? 1 : 0);
  }
  return best;
}

} // namespace

int main(int argc, char** argv)
{
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const Catalog& catalog = Catalog::builtin();
  const int sizes[] = { 1024, 10240, 102400 };
  double totals[3] = {};
  double cableCounts[3] = {};
  std::printf("%8s %8s %12s %12s %12s %12s %12s\n", "GPUs", "cables", "scene ms", "generate ms",
              "route ms", "gen+route ms", "bom+cut ms");
  for (int i = 0; i < 3; ++i)
  {
    Scene scene;
    const std::string sample = std::string(MYRIAD_SOURCE_DIR) + "/samples/h100-superpod-10k.json";
    auto t0 = Clock::now();
    if (sizes[i] == 10240 && std::filesystem::exists(sample))
    {
      scene = loadScene(sample, catalog); // the shipped 10,240-GPU sample
    }
    else
    {
      GeneratorSpec spec = builtinSpec("h100-superpod-10k");
      spec.gpuCount = sizes[i];
      scene = generateScene(spec, catalog);
    }
    const double sceneMs = msSince(t0);
    std::size_t cables = 0;
    const Times t = measure(scene, repeats, &cables);
    totals[i] = t.total();
    cableCounts[i] = static_cast<double>(cables);
    std::printf("%8d %8zu %12.1f %12.1f %12.1f %12.1f %12.1f\n", sizes[i], cables, sceneMs,
                t.generate, t.route, t.total(), t.report);
  }
  std::printf("growth exponent vs GPUs (generate+route): 1k->10k %.2f, 10k->100k %.2f\n",
              std::log(totals[1] / totals[0]) / std::log(10.0),
              std::log(totals[2] / totals[1]) / std::log(10.0));
  // 1k GPUs is a two-tier fabric (2 cables per NIC), 10k and 100k three-tier (3 per NIC).
  std::printf("growth exponent vs cables (generate+route): 1k->10k %.2f, 10k->100k %.2f\n",
              std::log(totals[1] / totals[0]) / std::log(cableCounts[1] / cableCounts[0]),
              std::log(totals[2] / totals[1]) / std::log(cableCounts[2] / cableCounts[1]));
  // Placement strategies on the 10k spec: the generator's layout per strategy (generate + route),
  // and the fabric re-placing every switch by the strategy (placeSwitches) on that layout.
  std::printf("\n%-14s %10s %12s %12s %12s\n", "placement", "cables", "length km", "gen+route ms",
              "re-place ms");
  for (const auto placement : { SwitchPlacement::PerScalableUnit, SwitchPlacement::EndOfRow,
                                SwitchPlacement::MiddleOfRow, SwitchPlacement::CentralRow })
  {
    GeneratorSpec spec = builtinSpec("h100-superpod-10k");
    spec.switchPlacement = placement;
    const Scene scene = generateScene(spec, catalog);
    std::size_t cables = 0;
    const Times t = measure(scene, repeats, &cables);
    double replace = 1e300;
    fabric::FabricGraph g = fabric::buildSuperPod(scene, catalog);
    for (int i = 0; i < repeats; ++i)
    {
      const auto t0 = Clock::now();
      fabric::placeSwitches(g, scene, catalog, placement);
      replace = std::min(replace, msSince(t0));
    }
    const double km = fabric::routeCables(g, scene, catalog).totalLengthM / 1000;
    std::printf("%-14s %10zu %12.1f %12.1f %12.1f\n", toString(placement), cables, km, t.total(),
                replace);
  }
  return 0;
}
