/**
 * @file flow_sim_incremental.cpp
 * The event-driven flow simulation with incremental max-min re-solves (simulateFlows).
 *
 * Same model and event rules as the full re-solve reference (flow_sim.cpp); what changes is
 * the work per event:
 *  - Completions of flows whose slowest rate is r: progressive filling on the remaining flows
 *    is unchanged below level r (every link a finished flow crossed saturated at ≥ r, and
 *    saturates no earlier without it), so flows of rate < r keep their rate. Of the flows of
 *    rate ≥ r, only those coupled to the finished flows' links (breadth-first over links and
 *    flows of rate ≥ r) can change; they are re-solved by progressive filling on what the fixed
 *    flows leave of each link. A relative margin of 1e-9 below r re-solves flows that equal r
 *    up to rounding as well (re-solving more is always exact).
 *  - Starts: the new flows' whole component is re-solved (a new flow can lower any rate).
 *  - Bytes left are brought up to date only when a flow's rate changes (B ← B − x·(t − t_ref)),
 *    and completion times t_ref + B/x sit in a min-heap with lazy deletion.
 * So an event costs O(touched refs · log) instead of O(all flows). Results equal the reference
 * to rounding (tested on random problems against simulateFlowsFullResolve).
 *
 * The partial fillings run the heap algorithm inline and cannot use an external MaxMinSolver:
 * a solver passed to simulateFlows runs the simulation itself (MaxMinSolver::simulate; any
 * solver but the CPU reference uses the full re-solve loop), so the backend it names is the
 * one that computed the rates.
 */

#include "flow_sim_detail.h"

#include "myriad/engine/traffic/maxmin.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <vector>

namespace myriad::engine::traffic
{

namespace
{

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTieTolerance = 1e-12;   ///< completions this close (relative) are one event
constexpr double kThresholdMargin = 1e-9; ///< re-solve flows down to r·(1 − margin)

struct TimedEntry
{
  double key;
  int index;
  unsigned version;
  bool operator>(const TimedEntry& o) const { return key > o.key; }
};

using MinHeap = std::priority_queue<TimedEntry, std::vector<TimedEntry>, std::greater<>>;

/** Simulation state: flows in progress, their rates, lazy bytes left, and the solve workspace. */
class IncrementalSim
{
public:
  IncrementalSim(const MaxMinProblem& p, FlowSimTrace* trace)
    : m_p(p)
    , m_trace(trace)
    , m_running(p.flowCount(), 0)
    , m_rate(p.flowCount(), 0.0)
    , m_leftBits(p.flowCount(), 0.0)
    , m_refS(p.flowCount(), 0.0)
    , m_flowVersion(p.flowCount(), 0)
    , m_flowMark(p.flowCount(), 0)
    , m_linkMark(p.linkCount(), 0)
    , m_remaining(p.linkCount(), 0.0)
    , m_count(p.linkCount(), 0)
  {
    buildLinkIndex();
  }

  /** Flow `f` joins at time t with `bits` to send (rate set by the next resolve). */
  void start(int f, double bits, double t)
  {
    m_running[f] = 1;
    m_leftBits[f] = bits;
    m_refS[f] = t;
    m_rate[f] = 0;
  }

  /**
   * Re-solves the flows coupled to `seedFlows` (new flows, re-solved themselves) and to the
   * links of `seedLinksOf` (finished flows), among flows of rate ≥ threshold, at time t.
   * Returns how many flows were re-solved.
   */
  int resolve(const std::vector<int>& seedFlows, const std::vector<int>& seedLinksOf,
              double threshold, double t)
  {
    collectComponent(seedFlows, seedLinksOf, threshold);
    loadResidualCapacities();
    fill();
    for (const int f : m_set)
    {
      const double newRate = m_newRate[f];
      if (m_trace && newRate != m_rate[f])
      {
        m_trace->changes.push_back({ t, f, newRate });
      }
      m_leftBits[f] = std::max(0.0, m_leftBits[f] - m_rate[f] * (t - m_refS[f]));
      m_refS[f] = t;
      m_rate[f] = newRate;
      ++m_flowVersion[f];
      if (newRate > 0 && std::isfinite(m_leftBits[f]))
      {
        m_completions.push({ t + m_leftBits[f] / newRate, f, m_flowVersion[f] });
      }
    }
    if (m_trace)
    {
      m_trace->eventS.push_back(t);
    }
    return static_cast<int>(m_set.size());
  }

  /** Earliest pending completion time (kInf when none). */
  double nextCompletion()
  {
    while (!m_completions.empty() &&
           m_completions.top().version != m_flowVersion[m_completions.top().index])
    {
      m_completions.pop();
    }
    return m_completions.empty() ? kInf : m_completions.top().key;
  }

  /** Pops every completion due by `limit`; appends the flows to `done`, stops them. */
  void popCompletions(double limit, std::vector<int>& done)
  {
    while (nextCompletion() <= limit)
    {
      const int f = m_completions.top().index;
      m_completions.pop();
      m_running[f] = 0;
      ++m_flowVersion[f];
      done.push_back(f);
    }
  }

  double rate(int f) const { return m_rate[f]; }

private:
  void buildLinkIndex()
  {
    m_linkStart.assign(m_p.linkCount() + 1, 0);
    for (int f = 0; f < m_p.flowCount(); ++f)
    {
      for (std::size_t i = m_p.flowBegin(f); i < m_p.flowEnd(f); ++i)
      {
        ++m_linkStart[m_p.linkRefs()[i] + 1];
      }
    }
    std::partial_sum(m_linkStart.begin(), m_linkStart.end(), m_linkStart.begin());
    m_linkFlows.resize(m_linkStart.back());
    std::vector<std::size_t> fill(m_linkStart.begin(), m_linkStart.end() - 1);
    for (int f = 0; f < m_p.flowCount(); ++f)
    {
      for (std::size_t i = m_p.flowBegin(f); i < m_p.flowEnd(f); ++i)
      {
        m_linkFlows[fill[m_p.linkRefs()[i]]++] = f;
      }
    }
    m_newRate.assign(m_p.flowCount(), 0.0);
  }

  void markLinksOf(int f)
  {
    for (std::size_t i = m_p.flowBegin(f); i < m_p.flowEnd(f); ++i)
    {
      const int l = m_p.linkRefs()[i];
      if (m_linkMark[l] != m_epoch)
      {
        m_linkMark[l] = m_epoch;
        m_links.push_back(l);
      }
    }
  }

  void addToSet(int f)
  {
    m_flowMark[f] = m_epoch;
    m_set.push_back(f);
    markLinksOf(f);
  }

  /** Breadth-first over links and running flows of rate ≥ threshold·(1 − margin). */
  void collectComponent(const std::vector<int>& seedFlows, const std::vector<int>& seedLinksOf,
                        double threshold)
  {
    ++m_epoch;
    m_set.clear();
    m_links.clear();
    for (const int f : seedFlows)
    {
      if (m_flowMark[f] != m_epoch)
      {
        addToSet(f);
      }
    }
    for (const int f : seedLinksOf)
    {
      markLinksOf(f);
    }
    const double cut = threshold * (1 - kThresholdMargin);
    for (std::size_t next = 0; next < m_links.size(); ++next)
    {
      const int l = m_links[next];
      for (std::size_t i = m_linkStart[l]; i < m_linkStart[l + 1]; ++i)
      {
        const int g = m_linkFlows[i];
        if (m_running[g] && m_flowMark[g] != m_epoch && m_rate[g] >= cut)
        {
          addToSet(g);
        }
      }
    }
  }

  /** Per touched link: capacity less the fixed flows' rates, and the re-solved flow count. */
  void loadResidualCapacities()
  {
    for (const int l : m_links)
    {
      double remaining = m_p.capacity(l);
      int count = 0;
      for (std::size_t i = m_linkStart[l]; i < m_linkStart[l + 1]; ++i)
      {
        const int g = m_linkFlows[i];
        if (!m_running[g])
        {
          continue;
        }
        if (m_flowMark[g] == m_epoch)
        {
          ++count;
        }
        else
        {
          remaining -= m_rate[g];
        }
      }
      m_remaining[l] = remaining;
      m_count[l] = count;
    }
  }

  double share(int l) const { return std::max(m_remaining[l], 0.0) / m_count[l]; }

  void freeze(int f, double rate)
  {
    m_flowMark[f] = m_epoch - 1; // no longer free: marks "frozen" for this solve
    m_newRate[f] = rate;
    for (std::size_t i = m_p.flowBegin(f); i < m_p.flowEnd(f); ++i)
    {
      const int l = m_p.linkRefs()[i];
      m_remaining[l] -= rate;
      --m_count[l];
    }
  }

  /** Progressive filling of m_set on the residual capacities (as maxmin.cpp's Filler). */
  void fill()
  {
    m_bounded.clear();
    for (const int f : m_set)
    {
      if (!std::isinf(m_p.bound(f)))
      {
        m_bounded.push_back(f);
      }
    }
    std::sort(m_bounded.begin(), m_bounded.end(),
              [&](int a, int b) { return m_p.bound(a) < m_p.bound(b); });
    m_shares = MinHeap();
    for (const int l : m_links)
    {
      if (m_count[l] > 0)
      {
        m_shares.push({ share(l), l, 0 });
      }
    }
    const auto isFree = [&](int f) { return m_flowMark[f] == m_epoch; };
    std::size_t nextBound = 0;
    while (true)
    {
      // Shares only grow: an entry is refreshed when it reaches the top (as in maxmin.cpp).
      while (!m_shares.empty() && (m_count[m_shares.top().index] == 0 ||
                                   share(m_shares.top().index) > m_shares.top().key))
      {
        const int l = m_shares.top().index;
        m_shares.pop();
        if (m_count[l] > 0)
        {
          m_shares.push({ share(l), l, 0 });
        }
      }
      while (nextBound < m_bounded.size() && !isFree(m_bounded[nextBound]))
      {
        ++nextBound;
      }
      const bool haveLink = !m_shares.empty();
      const bool haveBound = nextBound < m_bounded.size();
      if (!haveLink && !haveBound)
      {
        break;
      }
      if (haveBound && (!haveLink || m_p.bound(m_bounded[nextBound]) <= m_shares.top().key))
      {
        const int f = m_bounded[nextBound++];
        freeze(f, m_p.bound(f));
        continue;
      }
      const int link = m_shares.top().index;
      const double level = share(link);
      m_shares.pop();
      for (std::size_t i = m_linkStart[link]; i < m_linkStart[link + 1]; ++i)
      {
        const int g = m_linkFlows[i];
        if (m_running[g] && isFree(g))
        {
          freeze(g, level);
        }
      }
    }
  }

  const MaxMinProblem& m_p;
  FlowSimTrace* m_trace;                ///< null: no recording
  std::vector<std::size_t> m_linkStart; ///< link → first entry of m_linkFlows (all flows)
  std::vector<int> m_linkFlows;
  std::vector<char> m_running;
  std::vector<double> m_rate;     ///< current rate, bit/s
  std::vector<double> m_leftBits; ///< bits left at m_refS
  std::vector<double> m_refS;     ///< when m_leftBits was last brought up to date
  std::vector<unsigned> m_flowVersion;
  MinHeap m_completions; ///< (completion time, flow, version)
  // Workspace of one resolve; marks compare against m_epoch so nothing is cleared per solve.
  unsigned m_epoch = 1;
  std::vector<unsigned> m_flowMark; ///< == epoch: free in this solve; epoch − 1: frozen
  std::vector<unsigned> m_linkMark;
  std::vector<int> m_set, m_links, m_bounded;
  std::vector<double> m_newRate, m_remaining;
  std::vector<int> m_count;
  MinHeap m_shares; ///< (lower bound of the fair share, link, unused)
};

} // namespace

FlowSimResult simulateFlows(const MaxMinProblem& problem, const std::vector<double>& bytes,
                            const std::vector<double>& startS, MaxMinSolver* solver,
                            FlowSimTrace* trace)
{
  if (solver)
  {
    // A trace needs the event loop itself: the full re-solve loop MaxMinSolver::simulate runs.
    return trace ? simulateFlowsFullResolve(problem, bytes, startS, solver, trace)
                 : solver->simulate(problem, bytes, startS);
  }
  detail::checkFlowSimInputs(problem, bytes, startS);
  const int n = problem.flowCount();
  FlowSimResult result;
  result.finishS.assign(n, kInf);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  auto start = [&](int f) { return startS.empty() ? 0.0 : startS[f]; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return start(a) < start(b); });
  IncrementalSim sim(problem, trace);
  std::vector<int> started, finished;
  double threshold = kInf; // slowest rate among the flows finished at this event
  std::size_t nextStart = 0;
  int running = 0;
  double t = 0;
  while (nextStart < order.size() || running > 0)
  {
    while (nextStart < order.size() && start(order[nextStart]) <= t)
    {
      const int f = order[nextStart++];
      if (bytes[f] > 0)
      {
        sim.start(f, 8 * bytes[f], t);
        started.push_back(f);
        running += std::isinf(bytes[f]) ? 0 : 1; // background flows never finish
      }
      else
      {
        result.finishS[f] = t;
      }
    }
    const double nextArrival = nextStart < order.size() ? start(order[nextStart]) : kInf;
    if (running > 0 && (!started.empty() || !finished.empty()))
    {
      const double cut = started.empty() ? threshold : -kInf;
      result.resolvedFlows += sim.resolve(started, finished, cut, t);
      ++result.solves;
    }
    started.clear();
    finished.clear();
    threshold = kInf;
    if (running == 0)
    {
      t = nextArrival;
      continue;
    }
    const double tNext = std::min(nextArrival, sim.nextCompletion());
    if (!(tNext < kInf))
    {
      throw detail::neverFinishes(running);
    }
    sim.popCompletions(tNext + kTieTolerance * std::max(tNext - t, tNext), finished);
    for (const int f : finished)
    {
      result.finishS[f] = tNext;
      threshold = std::min(threshold, sim.rate(f));
      if (trace)
      {
        trace->changes.push_back({ tNext, f, 0.0 });
      }
    }
    running -= static_cast<int>(finished.size());
    t = tNext;
  }
  result.makespanS = detail::makespanOf(bytes, result.finishS);
  return result;
}

} // namespace myriad::engine::traffic
