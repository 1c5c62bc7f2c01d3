// bench_thermal_cancel: how quickly a thermal solve stops once its cancellation hook
// (SolverSettings::cancelRequested) turns true, and what polling the hook costs, on the 10k-GPU
// sample (h100-superpod-10k) at the live loop's cell edge (0.3 m: 237,660 cells).
// Usage: bench_thermal_cancel [--repeat N] [CELL_M]   (default: 5 runs, 0.3 m)
//
//  1. cost:    solve time without a hook and with a hook that always answers false (one atomic
//              load per poll), cold and warm (after moving one rack), best and median of N runs;
//  2. polls:   a hook that only records when it is called: number of polls and the gaps between
//              them in the solving thread's CPU time (solver work, whatever the machine load);
//              the longest gap bounds how much work a cancel can wait for before it is seen;
//  3. latency: another thread raises the flag at evenly spread moments of the solve; time from
//              raising it to catching SolveCancelled in the solving thread.
#include "bench_scene_edits.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <time.h>
#include <vector>

using namespace myriad::engine;
using namespace myriad::engine::thermal;
using myriad::bench::moveOneRack;

namespace
{

using Clock = std::chrono::steady_clock;

double msBetween(Clock::time_point a, Clock::time_point b)
{
  return std::chrono::duration<double, std::milli>(b - a).count();
}

struct Case
{
  const char* name;
  const Scene* scene;
  const ThermalSolution* warm;
};

/** CPU time of the calling thread (ms): the solver's own work, not time spent preempted. */
double threadCpuMs()
{
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

double median(std::vector<double> v)
{
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void measureCost(const Case& c, const ThermalOptions& base, int repeats)
{
  std::atomic<bool> never{ false };
  ThermalOptions hooked = base;
  hooked.solver.cancelRequested = [&never] { return never.load(std::memory_order_relaxed); };
  std::vector<double> plain, withHook;
  for (int rep = 0; rep < repeats; ++rep) // interleaved, so machine load hits both alike
  {
    auto t0 = Clock::now();
    analyzeHall(*c.scene, 0, Catalog::builtin(), base, nullptr, c.warm);
    plain.push_back(msBetween(t0, Clock::now()));
    t0 = Clock::now();
    analyzeHall(*c.scene, 0, Catalog::builtin(), hooked, nullptr, c.warm);
    withHook.push_back(msBetween(t0, Clock::now()));
  }
  std::printf("  %s cost: no hook best %.1f ms (median %.1f), hook returning false best %.1f ms "
              "(median %.1f)\n",
              c.name, *std::min_element(plain.begin(), plain.end()), median(plain),
              *std::min_element(withHook.begin(), withHook.end()), median(withHook));
}

/** Returns the solve time (ms) for spreading the latency runs over it. */
double measurePolls(const Case& c, const ThermalOptions& base)
{
  std::vector<double> polls; // thread CPU time of each poll (ms)
  polls.reserve(100000);
  ThermalOptions o = base;
  o.solver.cancelRequested = [&polls]
  {
    polls.push_back(threadCpuMs());
    return false;
  };
  const auto wall0 = Clock::now();
  const double t0 = threadCpuMs();
  const ThermalResult r = analyzeHall(*c.scene, 0, Catalog::builtin(), o, nullptr, c.warm);
  const double t1 = threadCpuMs();
  const double wallMs = msBetween(wall0, Clock::now());
  std::vector<double> gaps;
  for (std::size_t i = 1; i < polls.size(); ++i)
    gaps.push_back(polls[i] - polls[i - 1]);
  std::vector<double> sorted = gaps;
  std::sort(sorted.begin(), sorted.end());
  std::printf("  %s polls: %zu in %.1f ms CPU, %.1f ms wall (flow %d it, temperature %d it); "
              "CPU time between polls: max %.2f ms, p95 %.2f ms, median %.3f ms; call → first "
              "poll %.2f ms, last poll → return %.2f ms\n",
              c.name, polls.size(), t1 - t0, wallMs, r.solution.flowIterations,
              r.solution.temperatureIterations, sorted.empty() ? 0 : sorted.back(),
              sorted.empty() ? 0 : sorted[sorted.size() * 95 / 100], median(gaps),
              polls.empty() ? 0 : polls.front() - t0, polls.empty() ? 0 : t1 - polls.back());
  // Where the longest gaps are (offset of the poll that ends each gap), for finding a phase
  // that needs another poll.
  std::vector<std::size_t> order(gaps.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return gaps[a] > gaps[b]; });
  std::printf("    longest gaps:");
  for (std::size_t i = 0; i < std::min<std::size_t>(5, order.size()); ++i)
    std::printf(" %.2f ms (poll %zu at %.1f ms)", gaps[order[i]], order[i] + 1,
                polls[order[i] + 1] - t0);
  std::printf("\n");
  return wallMs;
}

void measureLatency(const Case& c, const ThermalOptions& base, double solveMs, int points)
{
  std::vector<double> toCatch, unwind;
  int finished = 0;
  for (int k = 0; k < points; ++k)
  {
    std::atomic<bool> cancel{ false };
    Clock::time_point raised{}, seen{};
    ThermalOptions o = base;
    o.solver.cancelRequested = [&]
    {
      if (!cancel.load(std::memory_order_acquire))
        return false;
      seen = Clock::now();
      return true;
    };
    const auto start = Clock::now();
    const auto at = start + std::chrono::microseconds(long(1000 * solveMs * (k + 0.5) / points));
    std::thread raiser(
      [&]
      {
        std::this_thread::sleep_until(at);
        raised = Clock::now();
        cancel.store(true, std::memory_order_release);
      });
    try
    {
      analyzeHall(*c.scene, 0, Catalog::builtin(), o, nullptr, c.warm);
      ++finished;
      raiser.join();
    }
    catch (const SolveCancelled&)
    {
      const auto caught = Clock::now();
      raiser.join();
      toCatch.push_back(msBetween(raised, caught));
      unwind.push_back(msBetween(seen, caught));
      if (toCatch.back() > 10) // the machine is shared: say where a slow one happened
        std::printf(
          "    slow cancel: raised at %.1f ms, seen %.2f ms later, caught %.2f ms later\n",
          msBetween(start, raised), msBetween(raised, seen), toCatch.back());
    }
  }
  std::sort(toCatch.begin(), toCatch.end());
  std::printf("  %s cancel → throw: %zu cancelled runs (%d finished first): max %.2f ms, median "
              "%.2f ms; of which unwinding (poll true → catch) max %.3f ms\n",
              c.name, toCatch.size(), finished, toCatch.empty() ? 0 : toCatch.back(),
              median(toCatch),
              unwind.empty() ? 0 : *std::max_element(unwind.begin(), unwind.end()));
}

} // namespace

int main(int argc, char** argv)
{
  int repeats = 5;
  double cellM = 0.3;
  for (int i = 1; i < argc; ++i)
  {
    if (std::string(argv[i]) == "--repeat" && i + 1 < argc)
      repeats = std::max(1, std::atoi(argv[++i]));
    else
      cellM = std::atof(argv[i]);
  }
  const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
  ThermalOptions o;
  o.cellM = cellM;
  const ThermalResult cold = analyzeHall(scene, 0, Catalog::builtin(), o);
  Scene moved = scene;
  moveOneRack(moved);
  std::printf("h100-superpod-10k, cell %.2f m: %zu cells\n", cellM, cold.problem.grid.cellCount());
  for (const Case& c : { Case{ "cold", &scene, nullptr }, Case{ "warm", &moved, &cold.solution } })
  {
    measureCost(c, o, repeats);
    const double solveMs = measurePolls(c, o);
    measureLatency(c, o, solveMs, 20);
  }
  return 0;
}
