#pragma once
// Shared pieces of the traffic benchmarks: best-of-N timing and the 100k-flow all-to-all-like
// max-min problem on a 10,240-host two-tier leaf-spine (320 leaves × 32 hosts, 32 spines, one
// 400G link per direction and leaf-spine pair, spine chosen per flow by a seeded RNG).

#include "myriad/engine/traffic/maxmin.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <random>

namespace myriad::bench
{

/** Best wall time of `repeats` runs of `f`, in milliseconds. */
inline double bestMs(int repeats, const std::function<void()>& f)
{
  double best = 1e300;
  for (int i = 0; i < repeats; ++i)
  {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(
      best,
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

/** `flows` random host pairs on the leaf-spine above (seed 7). */
inline engine::traffic::MaxMinProblem leafSpineAllToAll(int flows)
{
  using engine::traffic::MaxMinProblem;
  constexpr int kLeaves = 320, kHostsPerLeaf = 32, kSpines = 32, kHosts = kLeaves * kHostsPerLeaf;
  MaxMinProblem p;
  p.reserve(2 * kHosts + 2 * kLeaves * kSpines, flows, 4 * static_cast<std::size_t>(flows));
  for (int i = 0; i < 2 * kHosts + 2 * kLeaves * kSpines; ++i)
  {
    p.addLink(400e9);
  }
  auto hostUp = [](int h) { return h; };
  auto hostDown = [](int h) { return kHosts + h; };
  auto leafUp = [](int l, int s) { return 2 * kHosts + l * kSpines + s; };
  auto leafDown = [](int l, int s) { return 2 * kHosts + kLeaves * kSpines + l * kSpines + s; };
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> host(0, kHosts - 1), spine(0, kSpines - 1);
  for (int f = 0; f < flows; ++f)
  {
    const int a = host(rng);
    int b = host(rng);
    b = b == a ? (b + 1) % kHosts : b;
    const int la = a / kHostsPerLeaf, lb = b / kHostsPerLeaf, s = spine(rng);
    if (la == lb)
    {
      p.addFlow({ hostUp(a), hostDown(b) });
    }
    else
    {
      p.addFlow({ hostUp(a), leafUp(la, s), leafDown(lb, s), hostDown(b) });
    }
  }
  return p;
}

} // namespace myriad::bench
