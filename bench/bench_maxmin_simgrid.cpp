// The engine's max-min solver and event-driven flow simulation (traffic::maxMinRates,
// traffic::simulateFlows) against SimGrid's flow-level network model (LMM max-min solver, S4U
// API) on the same flows and the same links, in the same run.
//
// Cases (a positional argument each; default: the three fabric cases):
//  fabric-random10k  10,000 distinct random GPU pairs of the 10,240-GPU SuperPOD fabric of the
//                    builtin:h100-superpod-10k sample, 10–100 MB each (seed 42);
//  fabric-ring8k     one step of a ring over 8,192 GPUs (1,024 nodes, rail-major order, as
//                    `myriad-cli traffic --ring-allreduce-gpus`): 8,192 flows of 1 GiB / 8,192;
//  fabric-a2a100k    an all-to-all among 320 GPUs spread over the fabric (every 4th node, rails
//                    in turn): 320 × 319 = 102,080 flows of 1 MB, all at once;
//  N (a number)      N random flows on a 64-leaf × 16-host 2:1 leaf-spine (the first version).
// Fabric routes are the engine's ECMP (EcmpRouter::route, key = flow index); SimGrid gets the
// same cable directions (only those some flow uses) with the same capacities and exactly that
// one route per flow (full zone, one host per endpoint). Every flow starts at t = 0.
//
// SimGrid is made pure max-min: CM02 with every latency 0, latency/bandwidth factors 1,
// weight-S 0, TCP-gamma 0, no cross-traffic, maxmin/precision and surf/precision 1e-9. Its
// engine is a per-process singleton, so each SimGrid run is a forked child.
// Per case: (1) the first solve, the rates at t = 0: SimGrid's wall time from the last comm
// issued to the wake-up of a probe sleep shorter than any completion (one LMM solve and its
// bookkeeping), rates = bytes moved / probe time; against one maxMinRates. (2) the full
// event-driven run: SimGrid's Engine::run against simulateFlows; SimGrid stops at a wall-clock
// limit (--limit-s, default 600), and then the time for all events is extrapolated linearly
// from the events (distinct completion times) it has passed.
// Usage: bench_maxmin_simgrid [CASE...] [--limit-s=S] [--reference] [--cli=PATH]
//                             [--first-solve-only] [--cfg=key:value...]
// (--reference also times simulateFlowsFullResolve; --cli=PATH also times the whole
// `PATH maxmin` command on the case written as CSV, median of 5, against SimGrid's first solve;
// --cfg settings go to SimGrid after ours.)

#include "maxmin_cli_timing.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/traffic/collectives.h"
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
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace sg4 = simgrid::s4u;
namespace tr = myriad::engine::traffic;
namespace fab = myriad::engine::fabric;
using Clock = std::chrono::steady_clock;

namespace
{

double msSince(Clock::time_point t0)
{
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Flow
{
  int src = 0, dst = 0; // endpoint ids (distinct pairs)
  double bytes = 0;
  std::vector<int> links;
};

/** Links (capacity in byte/s) and flows over them: what both simulators get. */
struct Case
{
  std::string name;
  std::vector<double> bytesPerS;
  std::vector<Flow> flows;
  int endpoints = 0;
};

// ---- the first version's leaf-spine ------------------------------------------------------

constexpr int kLeaves = 64, kHostsPerLeaf = 16, kSpines = 16;
constexpr int kHosts = kLeaves * kHostsPerLeaf;

Case leafSpineCase(int count)
{
  Case c;
  c.name = std::to_string(count) + " random flows, 64 × 16-host 2:1 leaf-spine";
  c.endpoints = kHosts;
  c.bytesPerS.assign(2 * kHosts, 100e9 / 8);
  c.bytesPerS.resize(2 * kHosts + 2 * kLeaves * kSpines, 50e9 / 8);
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<int> host(0, kHosts - 1);
  std::uniform_int_distribution<std::uint64_t> size(10'000'000, 100'000'000);
  std::set<std::pair<int, int>> used;
  while (static_cast<int>(c.flows.size()) < count)
  {
    Flow f;
    f.src = host(rng);
    f.dst = host(rng);
    if (f.src == f.dst || !used.insert({ f.src, f.dst }).second)
    {
      continue;
    }
    f.bytes = static_cast<double>(size(rng));
    const int leafA = f.src / kHostsPerLeaf, leafB = f.dst / kHostsPerLeaf;
    const auto h = static_cast<std::uint64_t>(f.src) * 0x9E3779B97F4A7C15ULL ^
                   static_cast<std::uint64_t>(f.dst) * 0xC2B2AE3D27D4EB4FULL;
    const int spine = static_cast<int>((h >> 29) % kSpines);
    f.links = leafA == leafB ? std::vector<int>{ f.src, kHosts + f.dst }
                             : std::vector<int>{ f.src, 2 * kHosts + leafA * kSpines + spine,
                                                 2 * kHosts + (kLeaves + leafB) * kSpines + spine,
                                                 kHosts + f.dst };
    c.flows.push_back(std::move(f));
  }
  return c;
}

// ---- the 10k-GPU fabric --------------------------------------------------------------------

struct Fabric
{
  fab::FabricGraph graph;
  std::vector<int> nics; ///< compute NICs (one per GPU) in fabric order (node-major)
};

Fabric loadFabric()
{
  using myriad::engine::Catalog;
  const auto scene = myriad::engine::generateScene(myriad::engine::builtinSpec("h100-superpod-10k"),
                                                   Catalog::builtin());
  Fabric f{ fab::buildSuperPod(scene, Catalog::builtin()), {} };
  for (int d = 0; d < static_cast<int>(f.graph.devices().size()); ++d)
  {
    if (f.graph.device(d).kind == fab::DeviceKind::Nic && f.graph.device(d).rail >= 0)
    {
      f.nics.push_back(d);
    }
  }
  return f;
}

/** Routes every (src, dst, bytes) by ECMP; keeps only the cable directions used, renumbered. */
Case routedCase(std::string name, const Fabric& fabric,
                const std::vector<std::tuple<int, int, double>>& pairs)
{
  tr::EcmpRouter router(fabric.graph);
  std::vector<int> compact(2 * fabric.graph.links().size(), -1);
  std::map<int, int> endpoint;
  Case c;
  c.name = std::move(name);
  for (std::size_t i = 0; i < pairs.size(); ++i)
  {
    const auto [a, b, bytes] = pairs[i];
    Flow f;
    f.src = endpoint.emplace(a, static_cast<int>(endpoint.size())).first->second;
    f.dst = endpoint.emplace(b, static_cast<int>(endpoint.size())).first->second;
    f.bytes = bytes;
    for (const int m : router.route(a, b, i))
    {
      if (compact[m] < 0)
      {
        compact[m] = static_cast<int>(c.bytesPerS.size());
        c.bytesPerS.push_back(fabric.graph.links()[m / 2].rateBps / 8);
      }
      f.links.push_back(compact[m]);
    }
    c.flows.push_back(std::move(f));
  }
  c.endpoints = static_cast<int>(endpoint.size());
  return c;
}

Case fabricCase(const std::string& which, const Fabric& fabric)
{
  const std::vector<int>& nics = fabric.nics;
  std::vector<std::tuple<int, int, double>> pairs;
  if (which == "fabric-random10k")
  {
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<std::size_t> nic(0, nics.size() - 1);
    std::uniform_int_distribution<std::uint64_t> size(10'000'000, 100'000'000);
    std::set<std::pair<std::size_t, std::size_t>> used;
    while (pairs.size() < 10'000)
    {
      const std::size_t a = nic(rng), b = nic(rng);
      if (a != b && used.insert({ a, b }).second)
      {
        pairs.emplace_back(nics[a], nics[b], static_cast<double>(size(rng)));
      }
    }
    return routedCase("10,000 random GPU pairs, 10-100 MB", fabric, pairs);
  }
  if (which == "fabric-ring8k")
  {
    std::vector<int> members(nics.begin(), nics.begin() + 8192);
    const fab::FabricGraph& g = fabric.graph;
    std::stable_sort(members.begin(), members.end(),
                     [&](int a, int b)
                     {
                       return std::tie(g.device(a).rail, g.device(a).host) <
                              std::tie(g.device(b).rail, g.device(b).host);
                     });
    for (std::size_t i = 0; i < members.size(); ++i)
    {
      pairs.emplace_back(members[i], members[(i + 1) % members.size()], 1073741824.0 / 8192);
    }
    return routedCase("ring step over 8,192 GPUs, 128 KiB each", fabric, pairs);
  }
  std::vector<int> members;
  for (std::size_t i = 0; i < 320; ++i)
  {
    members.push_back(nics[32 * i + i % 8]); // node 4i, rail i mod 8
  }
  for (const int a : members)
  {
    for (const int b : members)
    {
      if (a != b)
      {
        pairs.emplace_back(a, b, 1e6);
      }
    }
  }
  return routedCase("all-to-all among 320 GPUs, 1 MB each", fabric, pairs);
}

// ---- the engine ----------------------------------------------------------------------------

struct MyriadRun
{
  std::vector<double> rates; // byte/s at t = 0
  tr::FlowSimResult sim;
  double buildMs = 0, solveMs = 0, simMs = 0, referenceMs = -1;
  int events = 0; // distinct completion times
};

MyriadRun runMyriad(const Case& c, bool reference)
{
  MyriadRun out;
  auto t0 = Clock::now();
  tr::MaxMinProblem problem;
  problem.reserve(c.bytesPerS.size(), c.flows.size(), 6 * c.flows.size());
  for (const double b : c.bytesPerS)
  {
    problem.addLink(8 * b);
  }
  std::vector<double> bytes;
  for (const Flow& f : c.flows)
  {
    problem.addFlow(f.links);
    bytes.push_back(f.bytes);
  }
  out.buildMs = msSince(t0);
  t0 = Clock::now();
  out.rates = tr::maxMinRates(problem);
  out.solveMs = msSince(t0);
  for (double& r : out.rates)
  {
    r /= 8;
  }
  t0 = Clock::now();
  out.sim = tr::simulateFlows(problem, bytes);
  out.simMs = msSince(t0);
  if (reference)
  {
    t0 = Clock::now();
    const tr::FlowSimResult ref = tr::simulateFlowsFullResolve(problem, bytes);
    out.referenceMs = msSince(t0);
    double worst = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i)
    {
      worst = std::max(worst, std::abs(ref.finishS[i] - out.sim.finishS[i]) / ref.finishS[i]);
    }
    std::printf("  (full re-solve reference: %d solves, %.1f ms; incremental agrees to %.1e)\n",
                ref.solves, out.referenceMs, worst);
  }
  std::set<double> times(out.sim.finishS.begin(), out.sim.finishS.end());
  out.events = static_cast<int>(times.size());
  return out;
}

// ---- SimGrid -------------------------------------------------------------------------------

std::vector<std::string> g_userConfig; ///< --cfg=key:value, applied after ours

void configurePureMaxMin()
{
  for (const char* s :
       { "network/model:CM02", "network/latency-factor:1.0", "network/bandwidth-factor:1.0",
         "network/weight-S:0.0", "network/crosstraffic:0", "network/TCP-gamma:0",
         "network/maxmin-selective-update:1", "maxmin/precision:1e-9", "surf/precision:1e-9" })
  {
    sg4::Engine::set_config(s);
  }
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

/** One host per endpoint, the case's links, one route per flow, in a full zone. */
std::vector<sg4::Host*> buildPlatform(const Case& c)
{
  auto* zone = sg4::create_full_zone("fabric");
  std::vector<sg4::Host*> hosts(c.endpoints);
  for (int h = 0; h < c.endpoints; ++h)
  {
    hosts[h] = zone->create_host("h" + std::to_string(h), 1e9)->seal();
  }
  std::vector<sg4::Link*> links(c.bytesPerS.size());
  for (std::size_t l = 0; l < links.size(); ++l)
  {
    links[l] = zone->create_link("l" + std::to_string(l), c.bytesPerS[l])->set_latency(0)->seal();
  }
  for (const Flow& f : c.flows)
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
  std::vector<double> probeBytesPerS, finishS; // finishS: NaN for flows not finished
  double platformMs = 0, issueMs = 0, solveMs = 0, runMs = 0, clockS = 0;
  bool limited = false;
};

/**
 * probeS > 0: issue every comm, sleep probeS (one solve), read the bytes moved, cancel.
 * probeS = 0: run to the end or until limitS of wall time has passed.
 */
SimGridRun runSimGrid(const Case& c, double probeS, double limitS, double makespanS)
{
  static int argc = 1;
  static char name[] = "bench_maxmin_simgrid";
  static char* argv[] = { name, nullptr };
  // Left alive like the comms below: the child exits right after the report.
  sg4::Engine& engine = *new sg4::Engine(&argc, argv);
  xbt_log_control_set("root.thresh:warning");
  configurePureMaxMin();
  SimGridRun out;
  auto t0 = Clock::now();
  const std::vector<sg4::Host*> hosts = buildPlatform(c);
  out.platformMs = msSince(t0);
  // Left alive on purpose: the child exits right after, and destroying comms that were never
  // waited for makes SimGrid print a backtrace per comm.
  auto& comms = *new std::vector<sg4::CommPtr>(c.flows.size());
  bool done = false;
  sg4::Actor::create("driver", hosts[0],
                     [&]
                     {
                       const auto tIssue = Clock::now();
                       for (std::size_t i = 0; i < c.flows.size(); ++i)
                       {
                         const Flow& f = c.flows[i];
                         comms[i] = sg4::Comm::sendto_async(hosts[f.src], hosts[f.dst], f.bytes);
                       }
                       out.issueMs = msSince(tIssue);
                       if (probeS > 0)
                       {
                         const auto tSolve = Clock::now();
                         sg4::this_actor::sleep_for(probeS);
                         out.solveMs = msSince(tSolve);
                         for (std::size_t i = 0; i < c.flows.size(); ++i)
                         {
                           out.probeBytesPerS.push_back(
                             (c.flows[i].bytes - comms[i]->get_remaining()) / probeS);
                         }
                         // No cancel: cancelling 100k comms takes SimGrid minutes; the
                         // child exits as soon as the driver is done.
                       }
                       else
                       {
                         for (auto& comm : comms)
                         {
                           comm->wait();
                         }
                       }
                       done = true;
                     });
  t0 = Clock::now();
  // Stop every 1/200 of the expected makespan (probe: of the probe) to look at the wall clock;
  // the probe stops once the driver is done.
  const double step = (probeS > 0 ? probeS : makespanS) / 200;
  while (!done && (probeS > 0 || msSince(t0) < 1000 * limitS))
  {
    engine.run_until(sg4::Engine::get_clock() + step);
  }
  out.runMs = msSince(t0);
  out.limited = !done;
  out.clockS = sg4::Engine::get_clock();
  for (const auto& comm : comms)
  {
    const bool finished = comm && comm->get_state() == sg4::Activity::State::FINISHED;
    out.finishS.push_back(finished ? comm->get_finish_time() : std::nan(""));
  }
  return out;
}

struct Agreement
{
  double maxRel = 0, meanRel = 0;
  int compared = 0;
};

Agreement compare(const std::vector<double>& a, const std::vector<double>& b)
{
  Agreement r;
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    if (std::isnan(a[i]) || std::isnan(b[i]))
    {
      continue;
    }
    const double rel = std::abs(a[i] - b[i]) / std::max(std::abs(b[i]), 1e-300);
    r.maxRel = std::max(r.maxRel, rel);
    r.meanRel += rel;
    ++r.compared;
  }
  r.meanRel /= std::max(r.compared, 1);
  return r;
}

void reportFirstSolve(const Case& c, const MyriadRun& m, const myriad::bench::CliTiming* cli)
{
  double firstFinish = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < c.flows.size(); ++i)
  {
    firstFinish = std::min(firstFinish, c.flows[i].bytes / m.rates[i]);
  }
  const SimGridRun sg = runSimGrid(c, firstFinish / 2, 0, 0);
  const Agreement rate = compare(sg.probeBytesPerS, m.rates);
  std::printf("  first solve (t = 0):  SimGrid %9.1f ms, Myriad maxMinRates %8.1f ms: "
              "ratio %.1f\n",
              sg.solveMs, m.solveMs, sg.solveMs / m.solveMs);
  std::printf("                        (setup: SimGrid issuing the comms %.1f ms, platform "
              "%.0f ms; Myriad building the problem %.1f ms)\n",
              sg.issueMs, sg.platformMs, m.buildMs);
  std::printf("  t = 0 rates:          max rel. diff %.2e, mean %.2e\n", rate.maxRel, rate.meanRel);
  if (cli != nullptr && !cli->ratesBps.empty())
  {
    std::vector<double> bytesPerS;
    for (const double r : cli->ratesBps)
    {
      bytesPerS.push_back(r / 8);
    }
    const Agreement cliRate = compare(bytesPerS, m.rates);
    std::printf(
      "  whole myriad-cli maxmin (CSV in, solve, CSV out): median %.1f ms of 5 (min %.1f):"
      " SimGrid first solve / whole command %.1f; its rates vs maxMinRates: max rel. "
      "diff %.2e\n",
      cli->medianMs, cli->minMs, sg.solveMs / cli->medianMs, cliRate.maxRel);
  }
}

void reportFullRun(const Case& c, const MyriadRun& m, double limitS)
{
  const SimGridRun sg = runSimGrid(c, 0, limitS, m.sim.makespanS);
  const Agreement finish = compare(sg.finishS, m.sim.finishS);
  std::printf("  event-driven run:     SimGrid %9.1f ms, Myriad simulateFlows %8.1f ms", sg.runMs,
              m.simMs);
  if (!sg.limited)
  {
    std::printf(": ratio %.1f\n", sg.runMs / m.simMs);
  }
  else
  {
    // Events SimGrid has passed: our distinct completion times up to its clock.
    std::set<double> passed;
    for (const double t : m.sim.finishS)
    {
      if (t <= sg.clockS)
      {
        passed.insert(t);
      }
    }
    if (passed.empty())
    {
      std::printf("\n                        SimGrid stopped at the %g s limit before the first "
                  "event: no extrapolation\n",
                  limitS);
    }
    else
    {
      const double fraction = static_cast<double>(passed.size()) / m.events;
      const double extrapolatedMs = sg.runMs / fraction;
      // S4U marks a comm finished only once the driver (waiting in order) reaches it.
      std::printf("\n                        SimGrid stopped at the %g s limit at t = %.6f s: "
                  "%zu of %d events, %d of %zu flows waited for;\n"
                  "                        linear extrapolation %.0f s: ratio ≈ %.0f\n",
                  limitS, sg.clockS, passed.size(), m.events, finish.compared, c.flows.size(),
                  extrapolatedMs / 1000, extrapolatedMs / m.simMs);
    }
  }
  std::printf("  Myriad events:        %d solves, %lld flows re-solved (%.1f per solve)\n",
              m.sim.solves, m.sim.resolvedFlows,
              static_cast<double>(m.sim.resolvedFlows) / std::max(m.sim.solves, 1));
  std::printf("  completion times:     max rel. diff %.2e, mean %.2e over %d flows; makespan "
              "Myriad %.9f s\n",
              finish.maxRel, finish.meanRel, finish.compared, m.sim.makespanS);
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
  std::vector<std::string> cases;
  double limitS = 600;
  bool reference = false;
  std::string cli;
  bool firstSolveOnly = false;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    if (arg.rfind("--cfg=", 0) == 0)
    {
      const auto colon = arg.find(':');
      if (colon == 6 || colon == std::string::npos || colon + 1 == arg.size())
      {
        std::fprintf(stderr, "bench_maxmin_simgrid: '%s' must be --cfg=key:value\n", argv[i]);
        return 2;
      }
      g_userConfig.push_back(arg.substr(6));
    }
    else if (arg.rfind("--limit-s=", 0) == 0)
    {
      limitS = std::atof(arg.c_str() + 10);
    }
    else if (arg == "--first-solve-only")
    {
      firstSolveOnly = true;
    }
    else if (arg.rfind("--cli=", 0) == 0)
    {
      cli = arg.substr(6);
    }
    else if (arg == "--reference")
    {
      reference = true;
    }
    else if (arg == "fabric-random10k" || arg == "fabric-ring8k" || arg == "fabric-a2a100k" ||
             (std::atoi(arg.c_str()) >= 1 && std::atoi(arg.c_str()) <= 100'000))
    {
      cases.push_back(arg);
    }
    else
    {
      std::fprintf(stderr,
                   "bench_maxmin_simgrid: '%s': expected fabric-random10k, fabric-ring8k, "
                   "fabric-a2a100k, a flow count 1..100000, --limit-s=S, --reference, "
                   "--cli=PATH, --first-solve-only or --cfg=key:value\n",
                   argv[i]);
      return 2;
    }
  }
  if (cases.empty())
  {
    cases = { "fabric-random10k", "fabric-ring8k", "fabric-a2a100k" };
  }
  Fabric fabric;
  for (const std::string& name : cases)
  {
    const bool onFabric = name.rfind("fabric-", 0) == 0;
    if (onFabric && fabric.nics.empty())
    {
      fabric = loadFabric();
    }
    const Case c = onFabric ? fabricCase(name, fabric) : leafSpineCase(std::atoi(name.c_str()));
    std::printf("%s: %zu flows over %zu links, %d endpoints\n", c.name.c_str(), c.flows.size(),
                c.bytesPerS.size(), c.endpoints);
    const MyriadRun m = runMyriad(c, reference);
    myriad::bench::CliTiming cliTiming;
    if (!cli.empty())
    {
      char dir[] = "/tmp/myriad-maxmin-XXXXXX";
      if (mkdtemp(dir) == nullptr)
      {
        std::perror("mkdtemp");
        return 1;
      }
      std::vector<double> capacityBps;
      for (const double b : c.bytesPerS)
      {
        capacityBps.push_back(8 * b);
      }
      myriad::bench::writeMaxMinCsv(dir, capacityBps, c.flows);
      cliTiming = myriad::bench::timeMaxMinCli(cli, dir, 5);
      std::printf("  (%s: links.csv and flows.csv)\n", dir);
    }
    if (!inChild([&] { reportFirstSolve(c, m, cli.empty() ? nullptr : &cliTiming); }) ||
        (!firstSolveOnly && !inChild([&] { reportFullRun(c, m, limitS); })))
    {
      return 1; // the child said why
    }
  }
  return 0;
}
