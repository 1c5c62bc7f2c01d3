// Benchmark of the traffic engine: max-min progressive filling on (a) 10k random flows over
// 2,000 links, (b) a 100k-flow all-to-all-ish pattern on a 10,240-host non-blocking two-tier
// leaf-spine abstraction (320 leaves × 32 hosts, 32 spines, one 400G uplink per leaf-spine
// pair, spine chosen by a per-flow hash), (c) the event-driven flow simulation on 1,000 random
// flows, (d) a ring all-reduce over the 1,280 rail-0 NICs of a 40-SU SuperPOD fabric (ECMP
// routing included).
// Usage: bench_traffic [repeats]  (default 3; prints the best time of each case)

#include "bench_support.h"

#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/engine/traffic/maxmin.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>

using namespace myriad::engine;
using namespace myriad::engine::traffic;
using myriad::bench::bestMs;
using myriad::bench::leafSpineAllToAll;

namespace
{

MaxMinProblem randomProblem(int links, int flows, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> cap(100e9, 800e9);
  std::uniform_int_distribution<int> link(0, links - 1), len(2, 6);
  MaxMinProblem p;
  for (int l = 0; l < links; ++l)
  {
    p.addLink(cap(rng));
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

} // namespace

int main(int argc, char** argv)
{
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const MaxMinProblem random10k = randomProblem(2000, 10000, 1);
  double sum = 0;
  const double a = bestMs(repeats, [&] { sum += maxMinRates(random10k)[0]; });
  std::printf("maxmin 10k random flows / 2,000 links:           %8.2f ms\n", a);
  const MaxMinProblem a2a = leafSpineAllToAll(100000);
  const double b = bestMs(repeats, [&] { sum += maxMinRates(a2a)[0]; });
  std::printf("maxmin 100k all-to-all-ish flows / 40,960 links: %8.2f ms\n", b);
  const MaxMinProblem random1k = randomProblem(500, 1000, 2);
  int solves = 0;
  const double c = bestMs(
    repeats, [&] { solves = simulateFlows(random1k, std::vector<double>(1000, 1e9)).solves; });
  std::printf("flow simulation 1k random flows (%d solves):    %8.2f ms\n", solves, c);
  fabric::SuperPodSpec spec;
  spec.scalableUnits = 40;
  const fabric::FabricGraph g = fabric::superPodFabric(spec);
  std::vector<int> rail0;
  for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
  {
    if (g.device(d).kind == fabric::DeviceKind::Nic && g.device(d).rail == 0)
    {
      rail0.push_back(d);
    }
  }
  CollectiveResult ring;
  const double d = bestMs(1, [&] { ring = ringAllReduce(g, rail0, 1 << 30); });
  std::printf("ring all-reduce 1,280 NICs on 40-SU SuperPOD:    %8.2f ms (busbw %.2f GB/s)\n", d,
              ring.busBwBytesPerS / 1e9);
  return sum > 0 ? 0 : 1;
}
