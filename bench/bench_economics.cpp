// bench_economics: time of evaluateEconomics (power chain, energy, cost, reliability, tornado)
// on the 10k SuperPOD, GB200 and immersion samples and on a generated ~100k-GPU scene, and of the
// cooling-choices comparison (air, cold plate, immersion) of the 10k SuperPOD. Budget: an edit
// updates power and cost in < 50 ms on the 2-core CPU for the 10k sample (docs/benchmarks.md).
//   cmake --build BUILD --target bench_economics && BUILD/bench/bench_economics [repeats]
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/cooling_choices.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/validation.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace myriad::engine;
namespace econ = myriad::engine::economics;

namespace
{

template <typename F>
double medianMs(int repeats, F&& body)
{
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i)
  {
    const auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

void benchScene(const char* label, const Scene& scene, int repeats)
{
  const Catalog& catalog = Catalog::builtin();
  const econ::EconomicsInputs inputs;
  econ::EconomicsResult r;
  const double noTornado =
    medianMs(repeats, [&] { r = econ::evaluateEconomics(scene, catalog, inputs, false); });
  const double full =
    medianMs(repeats, [&] { r = econ::evaluateEconomics(scene, catalog, inputs, true); });
  const double power =
    medianMs(repeats, [&] { (void)econ::analyzePowerChain(scene, catalog, 0.8); });
  std::printf("%s: %d GPUs, %zu racks, %zu feeds, %zu violations | evaluateEconomics %.2f ms "
              "(with tornado, %zu bars) | %.2f ms (no tornado) | power chain alone %.2f ms | "
              "median of %d\n",
              label, r.kpis.gpus, r.power.racks.size(), r.power.feeds.size(),
              r.power.violations.size(), full, r.tornado.size(), noTornado, power, repeats);
}

} // namespace

int main(int argc, char** argv)
{
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 11;
  const Catalog& catalog = Catalog::builtin();
  benchScene("h100-superpod-10k", generateScene(builtinSpec("h100-superpod-10k"), catalog),
             repeats);
  benchScene("gb200-nvl72-10k", generateScene(builtinSpec("gb200-nvl72-10k"), catalog), repeats);
  const Scene tanks = generateScene(builtinSpec("h100-immersion-10k"), catalog);
  benchScene("h100-immersion-10k", tanks, repeats);
  // Air, cold plate and immersion side by side (two conversions, three evaluations).
  const econ::EconomicsInputs inputs;
  const Scene air = generateScene(builtinSpec("h100-superpod-10k"), catalog);
  std::vector<econ::CoolingChoiceResult> choices;
  const double compare =
    medianMs(repeats, [&] { choices = econ::compareCoolingChoices(air, catalog, inputs); });
  const double convert = medianMs(
    repeats, [&] { (void)econ::convertCooling(air, catalog, econ::CoolingChoice::Immersion); });
  Scene rated = tanks;
  rated.site.halls[0].floorRatingKgM2 = 1200;
  std::size_t findings = 0;
  const double enclosures =
    medianMs(repeats, [&] { findings = enclosureDiagnostics(rated, catalog).size(); });
  std::printf("cooling choices of h100-superpod-10k: compareCoolingChoices %.2f ms (%zu choices) | "
              "convertCooling to immersion %.2f ms | enclosure checks of h100-immersion-10k "
              "(floor rated 1,200 kg/m2) %.2f ms, %zu findings | median of %d\n",
              compare, choices.size(), convert, enclosures, findings, repeats);
  GeneratorSpec big = builtinSpec("h100-superpod-10k");
  big.gpuCount = 102400;
  benchScene("h100-superpod-100k", generateScene(big, catalog), std::max(1, repeats / 3));
  return 0;
}
