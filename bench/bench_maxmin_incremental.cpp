// Incremental max-min (traffic::IncrementalMaxMin) against a full solve of the changed problem,
// on two instances of about 100k flows:
//  random      100,000 random host pairs on the 10,240-host leaf-spine of bench_support.h
//              (320 leaves × 32 hosts, 32 spines, 400G links);
//  tenants     the same fabric cut into 320 tenants, one per leaf, each with 320 random flows
//              between its own 32 hosts (102,400 flows; no link shared between tenants).
// Per instance, 300 single changes in turn: a random link's capacity halved or doubled, a random
// link failing (0), a random flow leaving, a random flow arriving (a host pair as above). Each
// update is timed, then a full maxMinRates of the changed problem; rates must agree to 1e-9.
// Prints the median and 90th percentile of both times, their ratio, and the median count of
// re-solved flows. Usage: bench_maxmin_incremental [random|tenants ...] [--changes=N]
#include "bench_support.h"

#include "myriad/engine/traffic/maxmin_incremental.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace tr = myriad::engine::traffic;
using Clock = std::chrono::steady_clock;

namespace
{

constexpr int kLeaves = 320, kHostsPerLeaf = 32, kSpines = 32, kHosts = kLeaves * kHostsPerLeaf;

double msSince(Clock::time_point t0)
{
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/** Links of a flow from host a to host b over spine s (host up, leaf up, leaf down, host down). */
std::vector<int> route(int a, int b, int s)
{
  const int la = a / kHostsPerLeaf, lb = b / kHostsPerLeaf;
  if (la == lb)
    return { a, kHosts + b };
  return { a, 2 * kHosts + la * kSpines + s, 2 * kHosts + kLeaves * kSpines + lb * kSpines + s,
           kHosts + b };
}

/** A random host pair: anywhere (random) or inside one leaf (tenants). */
std::vector<int> randomFlow(bool tenants, std::mt19937_64& rng)
{
  std::uniform_int_distribution<int> host(0, kHosts - 1), inLeaf(1, kHostsPerLeaf - 1),
    spine(0, kSpines - 1);
  const int a = host(rng);
  const int b =
    tenants ? a / kHostsPerLeaf * kHostsPerLeaf + (a % kHostsPerLeaf + inLeaf(rng)) % kHostsPerLeaf
            : (a + 1 + host(rng) % (kHosts - 1)) % kHosts;
  return route(a, b, spine(rng));
}

tr::MaxMinProblem instance(bool tenants)
{
  tr::MaxMinProblem p;
  const int links = 2 * kHosts + 2 * kLeaves * kSpines;
  const int flows = tenants ? kLeaves * 320 : 100'000;
  p.reserve(links, flows, 4 * static_cast<std::size_t>(flows));
  for (int l = 0; l < links; ++l)
    p.addLink(400e9);
  std::mt19937_64 rng(tenants ? 5 : 7);
  for (int f = 0; f < flows; ++f)
  {
    if (tenants)
    {
      // Tenant t = f / 320 on leaf t.
      std::uniform_int_distribution<int> h(0, kHostsPerLeaf - 1), d(1, kHostsPerLeaf - 1);
      const int leaf = f / 320, a = leaf * kHostsPerLeaf + h(rng);
      p.addFlow(route(a, leaf * kHostsPerLeaf + (a % kHostsPerLeaf + d(rng)) % kHostsPerLeaf, 0));
    }
    else
      p.addFlow(randomFlow(false, rng));
  }
  return p;
}

double percentile(std::vector<double> v, double q)
{
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * (v.size() - 1))];
}

void run(const std::string& name, int changes)
{
  const bool tenants = name == "tenants";
  tr::MaxMinProblem p = instance(tenants);
  auto t0 = Clock::now();
  tr::IncrementalMaxMin inc(std::move(p));
  const double setupMs = msSince(t0);
  std::mt19937_64 rng(99);
  std::uniform_int_distribution<int> anyLink(0, inc.problem().linkCount() - 1);
  std::vector<double> updateMs, fullMs, resolved;
  int fullSolves = 0;
  double worst = 0;
  for (int i = 0; i < changes; ++i)
  {
    tr::MaxMinChanges c;
    switch (i % 4)
    {
      case 0:
      {
        const int l = anyLink(rng);
        c.capacities.push_back({ l, inc.problem().capacity(l) * (i % 8 == 0 ? 0.5 : 2.0) });
        break;
      }
      case 1:
        c.capacities.push_back({ anyLink(rng), 0.0 });
        break;
      case 2:
      {
        std::uniform_int_distribution<int> flow(0, inc.problem().flowCount() - 1);
        int f = flow(rng);
        while (!inc.active()[f])
          f = flow(rng);
        c.departures.push_back(f);
        break;
      }
      default:
        c.arrivals.push_back({ randomFlow(tenants, rng), tr::MaxMinProblem::kUnbounded });
    }
    t0 = Clock::now();
    const tr::MaxMinUpdate u = inc.apply(c);
    updateMs.push_back(msSince(t0));
    resolved.push_back(u.resolvedFlows);
    fullSolves += u.fullSolve;
    t0 = Clock::now();
    const std::vector<double> full = tr::maxMinRates(inc.problem(), inc.active());
    fullMs.push_back(msSince(t0));
    for (std::size_t f = 0; f < full.size(); ++f)
      worst = std::max(worst, std::abs(full[f] - inc.rates()[f]) /
                                std::max({ full[f], inc.rates()[f], 1.0 }));
  }
  const double mu = percentile(updateMs, 0.5), mf = percentile(fullMs, 0.5);
  std::printf("%s: %d flows, %d links; first solve + adjacency %.1f ms; %d changes\n", name.c_str(),
              inc.problem().flowCount(), inc.problem().linkCount(), setupMs, changes);
  std::printf("  update: median %.4f ms, p90 %.4f ms, max %.3f ms; re-solved flows: median %.0f, "
              "p90 %.0f; full solves chosen %d\n",
              mu, percentile(updateMs, 0.9), percentile(updateMs, 1.0), percentile(resolved, 0.5),
              percentile(resolved, 0.9), fullSolves);
  std::printf("  full solve of the changed problem: median %.3f ms, p90 %.3f ms\n", mf,
              percentile(fullMs, 0.9));
  std::printf("  full / update (medians): %.0fx; largest relative rate difference %.2e\n", mf / mu,
              worst);
  if (worst > 1e-9)
  {
    std::printf("  MISMATCH above 1e-9\n");
    std::exit(1);
  }
}

} // namespace

int main(int argc, char** argv)
{
  std::vector<std::string> names;
  int changes = 300;
  for (int i = 1; i < argc; ++i)
  {
    const std::string a = argv[i];
    if (a.rfind("--changes=", 0) == 0)
      changes = std::max(4, std::atoi(a.c_str() + 10));
    else if (a == "random" || a == "tenants")
      names.push_back(a);
    else
    {
      std::fprintf(stderr,
                   "bench_maxmin_incremental: '%s': expected random, tenants or "
                   "--changes=N\n",
                   argv[i]);
      return 2;
    }
  }
  if (names.empty())
    names = { "random", "tenants" };
  for (const std::string& n : names)
    run(n, changes);
  return 0;
}
