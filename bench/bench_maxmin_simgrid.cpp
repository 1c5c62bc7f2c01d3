// The engine's event-driven max-min flow simulation (traffic::simulateFlows) against SimGrid's
// flow-level network model (LMM max-min solver, S4U API) on the same flows in the same run.
//
// Platform: a two-tier leaf-spine, 64 leaves × 16 hosts (1,024 hosts), 16 spines; per host an
// up and a down link of 100 Gbit/s, per leaf-spine pair an up and a down link of 50 Gbit/s
// (2:1 oversubscribed). A flow between hosts on different leaves crosses host-up, leaf→spine,
// spine→leaf, host-down; the spine is a deterministic hash of the (src, dst) pair. Both
// simulators get exactly the same link lists, capacities and sizes (10–100 MB, fixed seed),
// and every flow starts at t = 0.
//
// SimGrid is made pure max-min: CM02 model with latency, bandwidth factors 1 and every link
// latency 0 (so no TCP-window bound gamma / 2·latency and no latency phase), no cross-traffic,
// maxmin/precision 1e-9 (default 1e-5; surf/precision stays at its default 1e-9). SimGrid's engine
// is a per-process singleton, so each case runs in a forked child. Prints, per case: flows, links,
// wall times, their ratio, the max and mean relative difference of completion times, the makespans,
// and the t = 0 rates (SimGrid's bytes sent during a short probe interval before any completion
// against engine::maxMinRates). Usage: bench_maxmin_simgrid [flows...] [--cfg=key:value...]
// (default 500 2000 10000; a --cfg setting is passed to SimGrid after the ones above, e.g.
// --cfg=maxmin/precision:1e-5)

#include "myriad/engine/traffic/maxmin.h"

#include <simgrid/s4u.hpp>
#include <xbt/log.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sg4 = simgrid::s4u;
using myriad::engine::traffic::MaxMinProblem;
using Clock = std::chrono::steady_clock;

namespace
{

constexpr int kLeaves = 64, kHostsPerLeaf = 16, kSpines = 16;
constexpr int kHosts = kLeaves * kHostsPerLeaf;
constexpr int kLinks = 2 * kHosts + 2 * kLeaves * kSpines;
constexpr double kHostLinkBytesPerS = 100e9 / 8, kFabricLinkBytesPerS = 50e9 / 8;
constexpr double kProbeS = 1e-4; // shorter than any flow (≥ 10 MB at ≤ 12.5 GB/s: ≥ 0.8 ms)

double linkBytesPerS(int link)
{
  return link < 2 * kHosts ? kHostLinkBytesPerS : kFabricLinkBytesPerS;
}

struct Flow
{
  int src = 0, dst = 0;
  std::uint64_t bytes = 0;
  std::vector<int> links; // indices into the shared link numbering
};

/** Link numbering shared by both simulators: host up, host down, leaf→spine, spine→leaf. */
std::vector<int> routeLinks(int src, int dst)
{
  const int leafA = src / kHostsPerLeaf, leafB = dst / kHostsPerLeaf;
  if (leafA == leafB)
  {
    return { src, kHosts + dst };
  }
  const auto pairHash = static_cast<std::uint64_t>(src) * 0x9E3779B97F4A7C15ULL ^
                        static_cast<std::uint64_t>(dst) * 0xC2B2AE3D27D4EB4FULL;
  const int spine = static_cast<int>((pairHash >> 29) % kSpines);
  return { src, 2 * kHosts + leafA * kSpines + spine,
           2 * kHosts + kLeaves * kSpines + leafB * kSpines + spine, kHosts + dst };
}

/** `count` distinct (src, dst) host pairs, src ≠ dst, sizes uniform in [10, 100] MB. */
std::vector<Flow> randomFlows(int count, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> host(0, kHosts - 1);
  std::uniform_int_distribution<std::uint64_t> size(10'000'000, 100'000'000);
  std::set<std::pair<int, int>> used;
  std::vector<Flow> flows;
  while (static_cast<int>(flows.size()) < count)
  {
    Flow f;
    f.src = host(rng);
    f.dst = host(rng);
    if (f.src == f.dst || !used.insert({ f.src, f.dst }).second)
    {
      continue;
    }
    f.bytes = size(rng);
    f.links = routeLinks(f.src, f.dst);
    flows.push_back(std::move(f));
  }
  return flows;
}

/** SimGrid settings given on the command line (--cfg=key:value), applied after ours. */
std::vector<std::string> g_userConfig;

/** Pure max-min: no latency or bandwidth factors, no TCP-window bound, no cross-traffic. */
void configurePureMaxMin()
{
  sg4::Engine::set_config("network/model:CM02");
  sg4::Engine::set_config("network/latency-factor:1.0");
  sg4::Engine::set_config("network/bandwidth-factor:1.0");
  sg4::Engine::set_config("network/weight-S:0.0");
  sg4::Engine::set_config("network/crosstraffic:0");
  sg4::Engine::set_config("network/TCP-gamma:0");
  sg4::Engine::set_config("network/maxmin-selective-update:1");
  sg4::Engine::set_config("maxmin/precision:1e-9");
  sg4::Engine::set_config("surf/precision:1e-9");
  for (const std::string& setting : g_userConfig)
  {
    try
    {
      sg4::Engine::set_config(setting);
    }
    catch (const std::exception& e)
    {
      const std::string what = e.what();
      std::fprintf(stderr, "bench_maxmin_simgrid: --cfg=%s: %s (expected --cfg=key:value)\n",
                   setting.c_str(), what.substr(0, what.find('\n')).c_str());
      std::fflush(stderr);
      _exit(2);
    }
  }
}

/** Hosts, links (same numbering as routeLinks) and one route per flow in a full zone. */
std::vector<sg4::Host*> buildPlatform(const std::vector<Flow>& flows)
{
  auto* zone = sg4::create_full_zone("fabric");
  std::vector<sg4::Host*> hosts(kHosts);
  for (int h = 0; h < kHosts; ++h)
  {
    hosts[h] = zone->create_host("h" + std::to_string(h), 1e9)->seal();
  }
  std::vector<sg4::Link*> links(kLinks);
  for (int l = 0; l < kLinks; ++l)
  {
    links[l] = zone->create_link("l" + std::to_string(l), linkBytesPerS(l))->set_latency(0)->seal();
  }
  for (const Flow& f : flows)
  {
    std::vector<sg4::LinkInRoute> route;
    for (const int l : f.links)
    {
      route.emplace_back(links[l]);
    }
    zone->add_route(hosts[f.src]->get_netpoint(), hosts[f.dst]->get_netpoint(), nullptr, nullptr,
                    route, false);
  }
  zone->seal();
  return hosts;
}

struct SimGridRun
{
  std::vector<double> finishS, probeBytesPerS;
  double platformMs = 0, runMs = 0;
};

/** Starts every flow at t = 0 from one actor; with `probe`, also samples the t = 0 rates. */
SimGridRun runSimGrid(const std::vector<Flow>& flows, bool probe, int* argc, char** argv)
{
  sg4::Engine engine(argc, argv);
  xbt_log_control_set("root.thresh:warning");
  configurePureMaxMin();
  SimGridRun out;
  auto t0 = Clock::now();
  const std::vector<sg4::Host*> hosts = buildPlatform(flows);
  out.platformMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  std::vector<sg4::CommPtr> comms(flows.size());
  sg4::Actor::create(
    "driver", hosts[0],
    [&]
    {
      for (std::size_t i = 0; i < flows.size(); ++i)
      {
        comms[i] =
          sg4::Comm::sendto_async(hosts[flows[i].src], hosts[flows[i].dst], flows[i].bytes);
      }
      if (probe)
      {
        sg4::this_actor::sleep_for(kProbeS);
        for (std::size_t i = 0; i < flows.size(); ++i)
        {
          out.probeBytesPerS.push_back((flows[i].bytes - comms[i]->get_remaining()) / kProbeS);
        }
        for (auto& c : comms)
        {
          c->cancel(); // the probe needs no completions
        }
        return;
      }
      for (auto& c : comms)
      {
        c->wait();
      }
    });
  t0 = Clock::now();
  engine.run();
  out.runMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  for (const auto& c : comms)
  {
    out.finishS.push_back(probe ? 0.0 : c->get_finish_time());
  }
  return out;
}

struct Agreement
{
  double maxRel = 0, meanRel = 0;
};

Agreement compare(const std::vector<double>& a, const std::vector<double>& b)
{
  Agreement r;
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    const double rel = std::abs(a[i] - b[i]) / std::abs(b[i]);
    r.maxRel = std::max(r.maxRel, rel);
    r.meanRel += rel / static_cast<double>(a.size());
  }
  return r;
}

double makespan(const std::vector<double>& v)
{
  return *std::max_element(v.begin(), v.end());
}

void runCase(int flowCount, int* argc, char** argv)
{
  const std::vector<Flow> flows = randomFlows(flowCount, 42);
  MaxMinProblem problem;
  for (int l = 0; l < kLinks; ++l)
  {
    problem.addLink(8 * linkBytesPerS(l)); // bit/s
  }
  std::vector<double> bytes;
  for (const Flow& f : flows)
  {
    problem.addFlow(f.links);
    bytes.push_back(static_cast<double>(f.bytes));
  }
  auto t0 = Clock::now();
  const auto myriad = myriad::engine::traffic::simulateFlows(problem, bytes);
  const double myriadMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  const SimGridRun sg = runSimGrid(flows, false, argc, argv);
  const Agreement finish = compare(myriad.finishS, sg.finishS);
  std::printf("%d flows over %d links (%d hosts, %d leaves, %d spines), %d max-min solves\n",
              flowCount, kLinks, kHosts, kLeaves, kSpines, myriad.solves);
  std::printf("  SimGrid run:             %10.1f ms  (platform build %.1f ms more)\n", sg.runMs,
              sg.platformMs);
  std::printf("  Myriad simulateFlows:    %10.1f ms  (SimGrid / Myriad = %.2f)\n", myriadMs,
              sg.runMs / myriadMs);
  std::printf("  completion times:        max rel. diff %.2e, mean %.2e\n", finish.maxRel,
              finish.meanRel);
  std::printf("  makespan:                SimGrid %.9f s, Myriad %.9f s\n", makespan(sg.finishS),
              myriad.makespanS);
}

/** The t = 0 rates: SimGrid's bytes moved during kProbeS against the engine's max-min rates. */
void runProbe(int flowCount, int* argc, char** argv)
{
  const std::vector<Flow> flows = randomFlows(flowCount, 42);
  MaxMinProblem problem;
  for (int l = 0; l < kLinks; ++l)
  {
    problem.addLink(8 * linkBytesPerS(l));
  }
  for (const Flow& f : flows)
  {
    problem.addFlow(f.links);
  }
  auto t0 = Clock::now();
  std::vector<double> rates = myriad::engine::traffic::maxMinRates(problem);
  const double solveMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  for (double& r : rates)
  {
    r /= 8; // byte/s, as SimGrid
  }
  const SimGridRun sg = runSimGrid(flows, true, argc, argv);
  const Agreement rate = compare(sg.probeBytesPerS, rates);
  std::printf("  t = 0 rates (%d flows):  max rel. diff %.2e, mean %.2e (one engine solve "
              "%.2f ms)\n",
              flowCount, rate.maxRel, rate.meanRel, solveMs);
}

/** SimGrid's engine can be created once per process: run `body` in a child and wait for it. */
template <typename F>
bool inChild(F body)
{
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0)
  {
    body();
    std::fflush(stdout);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

int main(int argc, char** argv)
{
  std::vector<int> counts;
  for (int i = 1; i < argc; ++i)
  {
    if (std::string(argv[i]).rfind("--cfg=", 0) == 0)
    {
      const std::string setting = argv[i] + 6;
      const auto colon = setting.find(':');
      if (colon == 0 || colon == std::string::npos || colon + 1 == setting.size())
      {
        std::fprintf(stderr, "bench_maxmin_simgrid: '%s' must be --cfg=key:value\n", argv[i]);
        return 2;
      }
      g_userConfig.push_back(setting);
      continue;
    }
    const int n = std::atoi(argv[i]);
    if (n < 1 || n > kHosts * (kHosts - 1))
    {
      std::fprintf(stderr, "bench_maxmin_simgrid: flow count '%s' must be 1..%d\n", argv[i],
                   kHosts * (kHosts - 1));
      return 2;
    }
    counts.push_back(n);
  }
  if (counts.empty())
  {
    counts = { 500, 2000, 10000 };
  }
  int sgArgc = 1;
  for (const int n : counts)
  {
    if (!inChild([&] { runCase(n, &sgArgc, argv); }) ||
        !inChild([&] { runProbe(n, &sgArgc, argv); }))
    {
      return 1; // the child said why
    }
  }
  return 0;
}
