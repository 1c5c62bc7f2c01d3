// bench_thermal_backends: the thermal solve of the 10k-GPU sample hall (h100-superpod-10k) on
// each backend: the CPU reference (multigrid CG + ILU(0) BiCGSTAB), the GPU algorithm's CPU
// mirror (Jacobi CG + Jacobi BiCGSTAB) and CUDA when a device is present; with the largest
// rack-inlet difference of each backend from the reference.
// Usage: bench_thermal_backends [CELL_M ...]   (default: 0.5)
#include "myriad/backend/backend.h"
#include "myriad/backend/thermal_backend.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

using namespace myriad::engine;
using namespace myriad::engine::thermal;

namespace
{

using Clock = std::chrono::steady_clock;

void report(const char* name, const ThermalResult& r, double seconds, const ThermalResult* ref)
{
  double inletDiff = 0;
  if (ref)
    for (std::size_t i = 0; i < r.racks.size() && i < ref->racks.size(); ++i)
      inletDiff = std::max(inletDiff, std::abs(r.racks[i].inletMeanC - ref->racks[i].inletMeanC));
  const ThermalSolution& s = r.solution;
  std::printf("  %-11s %7.2f s total (flow %5d it %6.2f s, temperature %5d it %6.2f s), "
              "energy error %.4f %%, max inlet diff %.1e K\n",
              name, seconds, s.flowIterations, s.flowSeconds, s.temperatureIterations,
              s.temperatureSeconds, 100 * r.energyBalanceError, inletDiff);
}

ThermalResult timed(const Scene& scene, const ThermalOptions& o, ThermalSolver& solver,
                    double& seconds)
{
  const auto t0 = Clock::now();
  ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), o, &solver);
  seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return r;
}

void run(const Scene& scene, double cellM)
{
  ThermalOptions o;
  o.cellM = cellM;
  double seconds = 0;
  auto cpu = makeCpuThermalSolver();
  const ThermalResult ref = timed(scene, o, *cpu, seconds);
  const auto& g = ref.problem.grid;
  std::printf("cell %.3f m: %d x %d x %d = %zu cells\n", cellM, g.nx, g.ny, g.nz, g.cellCount());
  report("cpu", ref, seconds, nullptr);
  auto mirror = myriad::backend::makeMirrorThermalSolver();
  const ThermalResult mirrored = timed(scene, o, *mirror, seconds);
  report("cpu-mirror", mirrored, seconds, &ref);
  const auto& query = myriad::backend::queryDevices();
  if (!query.compiledIn || query.devices.empty())
  {
    std::printf("  cuda        skipped: %s\n",
                query.compiledIn ? query.status.c_str() : "this build has no CUDA");
    return;
  }
  auto cuda = myriad::backend::makeCudaThermalSolver();
  timed(scene, o, *cuda, seconds); // first call pays the context and module load
  const ThermalResult device = timed(scene, o, *cuda, seconds);
  report("cuda", device, seconds, &ref);
}

} // namespace

int main(int argc, char** argv)
{
  std::vector<double> cells;
  for (int i = 1; i < argc; ++i)
    cells.push_back(std::atof(argv[i]));
  if (cells.empty())
    cells = { 0.5 };
  const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
  std::printf("h100-superpod-10k, hall 0\n");
  try
  {
    for (double c : cells)
      run(scene, c);
  }
  catch (const Error& e)
  {
    std::fprintf(stderr, "bench_thermal_backends: %s\n", e.what());
    return 1;
  }
  return 0;
}
