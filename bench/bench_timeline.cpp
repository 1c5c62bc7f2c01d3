// Benchmark of the collective event timeline (traffic/collective_timeline.h): the flow simulation
// with and without its rate trace (the trace off must cost nothing), and the ring all-reduce
// over every compute NIC of lab-256 and of the 10k-GPU hall without the recorder
// (ringAllReduce) and with it (ringAllReduceTimeline), its size in memory and as JSON, the rack
// and rail aggregation; an all-to-all over 64 GPUs of lab-256. Built with
// -DMYRIAD_BENCH_BASELINE it times only what exists without the timeline (for a build of the
// previous commit: the same source compiled against its engine).
// Usage: bench_timeline [repeats]  (default 3; prints the best time of each case)

#include "bench_support.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/engine/traffic/maxmin.h"
#ifndef MYRIAD_BENCH_BASELINE
#include "myriad/engine/traffic/collective_timeline.h"
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <tuple>

using namespace myriad::engine;
using namespace myriad::engine::traffic;
using myriad::bench::bestMs;

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

/** Every compute NIC, rail-major (the order of myriad-cli traffic --ring-allreduce-gpus). */
std::vector<int> railMajor(const fabric::FabricGraph& g, int n)
{
  std::vector<int> nics;
  for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
  {
    if (g.device(d).kind == fabric::DeviceKind::Nic && g.device(d).rail >= 0)
    {
      nics.push_back(d);
    }
  }
  nics.resize(std::min<std::size_t>(nics.size(), n));
  std::stable_sort(nics.begin(), nics.end(),
                   [&](int a, int b)
                   {
                     return std::tie(g.device(a).rail, g.device(a).host) <
                            std::tie(g.device(b).rail, g.device(b).host);
                   });
  return nics;
}

#ifndef MYRIAD_BENCH_BASELINE
/** Bytes the timeline holds (its vectors' capacities and the phase names beyond the SSO). */
double timelineBytes(const CollectiveTimeline& tl)
{
  double b = static_cast<double>(sizeof tl + tl.phases.capacity() * sizeof(TimelinePhase) +
                                 tl.patterns.capacity() * sizeof(TimelinePattern) +
                                 tl.flows.capacity() * sizeof(TimelineFlow) +
                                 tl.segments.capacity() * sizeof(RateSegment));
  for (const TimelinePhase& p : tl.phases)
  {
    b += p.name.capacity() > 15 ? static_cast<double>(p.name.capacity()) : 0.0;
  }
  for (const TimelineFlow& f : tl.flows)
  {
    b += static_cast<double>(f.links.capacity() * sizeof(int));
  }
  return b;
}
#endif

void ringCase(const char* name, const fabric::FabricGraph& g, int n, int repeats)
{
  const std::vector<int> members = railMajor(g, n);
  double sum = 0;
  const double off = bestMs(repeats, [&] { sum += ringAllReduce(g, members, 1e9).timeS; });
  std::printf("%s ring %zu NICs, recorder off (ringAllReduce):   %9.2f ms\n", name, members.size(),
              off);
#ifndef MYRIAD_BENCH_BASELINE
  CollectiveTimeline tl;
  const double on = bestMs(repeats, [&] { tl = ringAllReduceTimeline(g, members, 1e9); });
  std::printf("%s ring %zu NICs, timeline (recorder on):          %9.2f ms: %zu phases, %zu "
              "flows, %zu segments, %.2f MB\n",
              name, members.size(), on, tl.phases.size(), tl.flows.size(), tl.segments.size(),
              timelineBytes(tl) / 1e6);
  std::string json;
  const double js = bestMs(repeats, [&] { json = timelineJson(tl, g); });
  std::printf("%s   JSON (flow level):                              %9.2f ms, %.2f MB\n", name, js,
              static_cast<double>(json.size()) / 1e6);
  for (const TimelineLevel level : { TimelineLevel::Rack, TimelineLevel::Rail })
  {
    CollectiveTimeline agg;
    const double a = bestMs(repeats, [&] { agg = aggregateTimeline(tl, g, level); });
    const std::string aj = timelineJson(agg, g);
    std::printf("%s   aggregate to %-4s:                             %9.2f ms: %zu arrows, JSON "
                "%.2f MB\n",
                name, toString(level), a, agg.flows.size(), static_cast<double>(aj.size()) / 1e6);
  }
#endif
  if (sum < 0)
  {
    std::printf("unreachable\n");
  }
}

} // namespace

int main(int argc, char** argv)
{
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const MaxMinProblem random1k = randomProblem(500, 1000, 2);
  const std::vector<double> bytes(1000, 1e9);
  int solves = 0;
  const double off = bestMs(repeats * 10, [&] { solves = simulateFlows(random1k, bytes).solves; });
  std::printf("simulateFlows 1k random flows (%d solves), no trace:  %9.3f ms\n", solves, off);
#ifndef MYRIAD_BENCH_BASELINE
  std::size_t changes = 0;
  const double on = bestMs(repeats * 10,
                           [&]
                           {
                             FlowSimTrace trace;
                             simulateFlows(random1k, bytes, {}, nullptr, &trace);
                             changes = trace.changes.size();
                           });
  std::printf("simulateFlows 1k random flows, with trace (%zu changes): %9.3f ms\n", changes, on);
#endif
  fabric::SuperPodSpec spec;
  spec.scalableUnits = 40;
  const fabric::FabricGraph pod = fabric::superPodFabric(spec);
  std::vector<int> rail0;
  for (int d = 0; d < static_cast<int>(pod.devices().size()); ++d)
  {
    if (pod.device(d).kind == fabric::DeviceKind::Nic && pod.device(d).rail == 0)
    {
      rail0.push_back(d);
    }
  }
  double sum = 0;
  const double ring = bestMs(repeats, [&] { sum += ringAllReduce(pod, rail0, 1e9).timeS; });
  std::printf("ringAllReduce 1,280 rail-0 NICs of a 40-SU fabric:     %9.2f ms\n", ring);

  const Catalog& catalog = Catalog::builtin();
  const std::string samples = std::string(MYRIAD_SOURCE_DIR) + "/samples/";
  const fabric::FabricGraph lab =
    fabric::buildSuperPod(loadScene(samples + "lab-256.json", catalog), catalog);
  ringCase("lab-256", lab, 256, repeats);
  const std::vector<int> a2a = railMajor(lab, 64);
  const double a2aOff = bestMs(repeats, [&] { sum += allToAll(lab, a2a, 1e9).timeS; });
  std::printf("lab-256 all-to-all 64 GPUs, recorder off:              %9.2f ms\n", a2aOff);
#ifndef MYRIAD_BENCH_BASELINE
  CollectiveTimeline at;
  const double a2aOn = bestMs(repeats, [&] { at = allToAllTimeline(lab, a2a, 1e9); });
  std::printf("lab-256 all-to-all 64 GPUs, timeline:                  %9.2f ms: %zu flows, "
              "%.2f MB, JSON %.2f MB\n",
              a2aOn, at.flows.size(), timelineBytes(at) / 1e6,
              static_cast<double>(timelineJson(at, lab).size()) / 1e6);
#endif
  const fabric::FabricGraph hall =
    fabric::buildSuperPod(loadScene(samples + "h100-superpod-10k.json", catalog), catalog);
  ringCase("10k", hall, 10240, repeats);
  return sum < 0 ? 1 : 0;
}
