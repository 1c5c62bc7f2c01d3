// Max-min solvers side by side on the same problems: the engine's sequential progressive
// filling (heap of link shares, the CPU reference), the rounds algorithm on the CPU, and the
// rounds algorithm on CUDA when a device is present. Prints the best time of each, the number
// of rounds, and the largest relative rate difference to the reference.
// Problems: (a) 100k random flows over 20,000 links (2–6 links each), (b) a 100k-flow
// all-to-all pattern on a 10,240-host two-tier leaf-spine abstraction (as bench_traffic).
// Usage: bench_maxmin_backends [repeats]  (default 3)

#include "bench_support.h"

#include "myriad/backend/backend.h"
#include "myriad/backend/maxmin_backend.h"
#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>

using namespace myriad;
using engine::traffic::MaxMinProblem;
using myriad::bench::bestMs;
using myriad::bench::leafSpineAllToAll;

namespace
{

MaxMinProblem randomProblem(int links, int flows, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> link(0, links - 1), len(2, 6);
  MaxMinProblem p;
  for (int l = 0; l < links; ++l)
  {
    p.addLink(rng() % 2 ? 100e9 : 400e9);
  }
  for (int f = 0; f < flows; ++f)
  {
    std::vector<int> ls(len(rng));
    for (int& x : ls)
    {
      x = link(rng);
    }
    p.addFlow(ls);
  }
  return p;
}

double maxRelativeDifference(const std::vector<double>& a, const std::vector<double>& b)
{
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(b[i])));
  }
  return worst;
}

void runCase(const char* name, const MaxMinProblem& problem, int repeats, bool cuda)
{
  std::vector<double> reference, rounds;
  backend::MaxMinRoundsStats stats;
  const double heapMs = bestMs(repeats, [&] { reference = engine::traffic::maxMinRates(problem); });
  const double roundsMs =
    bestMs(repeats, [&] { rounds = backend::maxMinRatesRounds(problem, {}, &stats); });
  std::printf("%s\n  CPU heap (reference):   %9.2f ms\n", name, heapMs);
  std::printf("  CPU rounds:             %9.2f ms  (%d rounds, max rel. diff %.2e)\n", roundsMs,
              stats.rounds, maxRelativeDifference(rounds, reference));
  if (cuda)
  {
    std::vector<double> gpu;
    const double gpuMs =
      bestMs(repeats, [&] { gpu = backend::maxMinRatesCuda(problem, {}, &stats); });
    std::printf("  CUDA rounds:            %9.2f ms  (%d rounds, max rel. diff %.2e, "
                "speed-up vs heap %.1fx)\n",
                gpuMs, stats.rounds, maxRelativeDifference(gpu, reference), heapMs / gpuMs);
  }
}

} // namespace

int main(int argc, char** argv)
{
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const backend::BackendChoice choice = backend::selectBackend(backend::Backend::Auto);
  const bool cuda = choice.backend == backend::Backend::Cuda;
  std::printf("backend: %s (%s)\n", backend::toString(choice.backend), choice.reason.c_str());
  runCase("100k random flows / 20,000 links", randomProblem(20000, 100000, 1), repeats, cuda);
  runCase("100k all-to-all flows / 10,240-host leaf-spine (40,960 links)",
          leafSpineAllToAll(100000), repeats, cuda);
  return 0;
}
