/**
 * @file maxmin.cpp
 * Max-min fair rates by progressive filling, and the event-driven flow simulation.
 *
 * Progressive filling (Bertsekas & Gallager, Data Networks, 2nd ed., §6.5.2). State per link l:
 * remaining capacity c_l and unfrozen flow count n_l; its fair share is s_l = c_l / n_l.
 *   repeat: take the smallest of (min_l s_l, smallest bound b_f of an unfrozen flow);
 *           a link: freeze all its unfrozen flows at s_l; a bound: freeze that flow at b_f;
 *           freezing f at rate r does c_l −= r, n_l −= 1 on every link of f.
 * Shares never decrease ((c − r)/(n − 1) ≥ c/n when r ≤ c/n), so a heap entry stays a lower
 * bound of its link's share: entries are refreshed only when they reach the top of the min-heap
 * (one entry per link), not on every freeze. Cost O(R + (L + refreshes) log L), R = Σ links per
 * flow.
 * This is the fixed point SimGrid's LMM solver (lmm::System::solve, "max-min" sharing) reaches
 * for flows with unit weights; the comparison with SimGrid 3.32 on the same routes is recorded
 * in docs/benchmarks.md ("Max-min vs SimGrid"; method in docs/models/traffic.md).
 * Assumptions: fluid flows (no packets, no congestion control dynamics, no latency).
 */

#include "myriad/engine/traffic/maxmin.h"

#include "myriad/engine/assert.h"
#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <string>

namespace myriad::engine::traffic
{

int MaxMinProblem::addLink(double capacityBps)
{
  if (!(capacityBps >= 0) || !std::isfinite(capacityBps))
  {
    throw SpecError("maxmin: link " + std::to_string(m_capacity.size()) + ": capacity " +
                    std::to_string(capacityBps) + " bit/s is not a finite value ≥ 0");
  }
  m_capacity.push_back(capacityBps);
  return static_cast<int>(m_capacity.size()) - 1;
}

void MaxMinProblem::setCapacity(int link, double capacityBps)
{
  if (link < 0 || link >= linkCount())
  {
    throw SpecError("maxmin: link " + std::to_string(link) + " does not exist (" +
                    std::to_string(linkCount()) + " links)");
  }
  if (!(capacityBps >= 0) || !std::isfinite(capacityBps))
  {
    throw SpecError("maxmin: link " + std::to_string(link) + ": capacity " +
                    std::to_string(capacityBps) + " bit/s is not a finite value ≥ 0");
  }
  m_capacity[link] = capacityBps;
}

int MaxMinProblem::addFlow(const std::vector<int>& links, double boundBps)
{
  // The message prefix is built only on failure: this runs once per flow of 100k-flow inputs.
  const auto flow = [this] { return "maxmin: flow " + std::to_string(m_bound.size()); };
  if (!(boundBps > 0))
  {
    throw SpecError(flow() + ": bound " + std::to_string(boundBps) + " bit/s is not > 0");
  }
  if (links.empty() && std::isinf(boundBps))
  {
    throw SpecError(flow() + ": crosses no link and has no bound (its fair rate is infinite)");
  }
  for (const int l : links)
  {
    if (l < 0 || l >= linkCount())
    {
      throw SpecError(flow() + ": link " + std::to_string(l) + " does not exist (" +
                      std::to_string(linkCount()) + " links)");
    }
  }
  m_links.insert(m_links.end(), links.begin(), links.end());
  m_offset.push_back(m_links.size());
  m_bound.push_back(boundBps);
  return static_cast<int>(m_bound.size()) - 1;
}

void MaxMinProblem::reserve(std::size_t links, std::size_t flows, std::size_t linkRefs)
{
  m_capacity.reserve(links);
  m_bound.reserve(flows);
  m_offset.reserve(flows + 1);
  m_links.reserve(linkRefs);
}

namespace
{

struct Share
{
  double share;
  int link;
  bool operator>(const Share& o) const { return share > o.share; }
};

/** Solver state of one solve: link → flows index, remaining capacity, counts, heap. */
class Filler
{
public:
  Filler(const MaxMinProblem& p, const std::vector<bool>& active)
    : m_p(p)
    , m_active(active)
    , m_rate(p.flowCount(), 0.0)
    , m_frozen(p.flowCount(), true)
    , m_remaining(p.linkCount())
    , m_count(p.linkCount(), 0)
  {
    for (int l = 0; l < p.linkCount(); ++l)
    {
      m_remaining[l] = p.capacity(l);
    }
    for (int f = 0; f < p.flowCount(); ++f)
    {
      if (!isActive(f))
      {
        continue;
      }
      m_frozen[f] = false;
      for (std::size_t i = p.flowBegin(f); i < p.flowEnd(f); ++i)
      {
        ++m_count[p.linkRefs()[i]];
      }
      if (!std::isinf(p.bound(f)))
      {
        m_bounded.push_back(f);
      }
    }
    std::sort(m_bounded.begin(), m_bounded.end(),
              [&](int a, int b) { return p.bound(a) < p.bound(b); });
    buildLinkIndex();
  }

  std::vector<double> run()
  {
    for (int l = 0; l < m_p.linkCount(); ++l)
    {
      if (m_count[l] > 0)
      {
        m_heap.push({ share(l), l });
      }
    }
    std::size_t nextBound = 0;
    while (true)
    {
      // Shares only grow, so a heap entry is a lower bound of its link's share: refresh an
      // entry when it reaches the top instead of pushing one on every change.
      while (!m_heap.empty() &&
             (m_count[m_heap.top().link] == 0 || share(m_heap.top().link) > m_heap.top().share))
      {
        const int l = m_heap.top().link;
        m_heap.pop();
        if (m_count[l] > 0)
        {
          m_heap.push({ share(l), l });
        }
      }
      while (nextBound < m_bounded.size() && m_frozen[m_bounded[nextBound]])
      {
        ++nextBound;
      }
      const bool haveLink = !m_heap.empty();
      const bool haveBound = nextBound < m_bounded.size();
      if (!haveLink && !haveBound)
      {
        break;
      }
      if (haveBound && (!haveLink || m_p.bound(m_bounded[nextBound]) <= m_heap.top().share))
      {
        const int f = m_bounded[nextBound++];
        freeze(f, m_p.bound(f));
        continue;
      }
      const int link = m_heap.top().link;
      const double level = share(link);
      m_heap.pop();
      for (std::size_t i = m_linkStart[link]; i < m_linkStart[link + 1]; ++i)
      {
        if (!m_frozen[m_linkFlows[i]])
        {
          freeze(m_linkFlows[i], level);
        }
      }
    }
    MYRIAD_ASSERT(std::all_of(m_frozen.begin(), m_frozen.end(), [](char f) { return f != 0; }),
                  "progressive filling ended with a flow that has no rate");
    return std::move(m_rate);
  }

private:
  bool isActive(int f) const { return m_active.empty() || m_active[f]; }

  void buildLinkIndex()
  {
    m_linkStart.assign(m_p.linkCount() + 1, 0);
    for (int l = 0; l < m_p.linkCount(); ++l)
    {
      m_linkStart[l + 1] = m_linkStart[l] + m_count[l];
    }
    m_linkFlows.resize(m_linkStart.back());
    std::vector<std::size_t> fill(m_linkStart.begin(), m_linkStart.end() - 1);
    for (int f = 0; f < m_p.flowCount(); ++f)
    {
      if (m_frozen[f])
      {
        continue;
      }
      for (std::size_t i = m_p.flowBegin(f); i < m_p.flowEnd(f); ++i)
      {
        m_linkFlows[fill[m_p.linkRefs()[i]]++] = f;
      }
    }
  }

  double share(int l) const { return std::max(m_remaining[l], 0.0) / m_count[l]; }

  void freeze(int f, double rate)
  {
    m_frozen[f] = true;
    m_rate[f] = rate;
    for (std::size_t i = m_p.flowBegin(f); i < m_p.flowEnd(f); ++i)
    {
      const int l = m_p.linkRefs()[i];
      MYRIAD_ASSERT(m_count[l] > 0, "freezing a flow on a link with no unfrozen flow left");
      m_remaining[l] -= rate;
      --m_count[l];
    }
  }

  const MaxMinProblem& m_p;
  const std::vector<bool>& m_active;
  std::vector<double> m_rate;
  std::vector<char> m_frozen;
  std::vector<double> m_remaining;
  std::vector<int> m_count;
  std::vector<int> m_bounded;
  std::vector<std::size_t> m_linkStart;
  std::vector<int> m_linkFlows;
  std::priority_queue<Share, std::vector<Share>, std::greater<>> m_heap;
};

std::vector<double> linkLoads(const MaxMinProblem& p, const std::vector<double>& rates)
{
  std::vector<double> load(p.linkCount(), 0.0);
  for (int f = 0; f < p.flowCount(); ++f)
  {
    for (std::size_t i = p.flowBegin(f); i < p.flowEnd(f); ++i)
    {
      load[p.linkRefs()[i]] += rates.at(f);
    }
  }
  return load;
}

} // namespace

std::vector<double> maxMinRates(const MaxMinProblem& problem, const std::vector<bool>& active)
{
  if (!active.empty() && static_cast<int>(active.size()) != problem.flowCount())
  {
    throw SpecError("maxmin: active mask has " + std::to_string(active.size()) + " entries for " +
                    std::to_string(problem.flowCount()) + " flows");
  }
  return Filler(problem, active).run();
}

double maxOverload(const MaxMinProblem& problem, const std::vector<double>& rates)
{
  const std::vector<double> load = linkLoads(problem, rates);
  double worst = 0;
  for (int l = 0; l < problem.linkCount(); ++l)
  {
    const double c = problem.capacity(l);
    const double over = c > 0 ? (load[l] - c) / c : load[l];
    worst = std::max(worst, over);
  }
  return worst;
}

bool isMaxMinFair(const MaxMinProblem& problem, const std::vector<double>& rates, double tolerance)
{
  const std::vector<double> load = linkLoads(problem, rates);
  std::vector<double> fastest(problem.linkCount(), 0.0);
  for (int f = 0; f < problem.flowCount(); ++f)
  {
    for (std::size_t i = problem.flowBegin(f); i < problem.flowEnd(f); ++i)
    {
      const int l = problem.linkRefs()[i];
      fastest[l] = std::max(fastest[l], rates[f]);
    }
  }
  for (int f = 0; f < problem.flowCount(); ++f)
  {
    const double r = rates[f];
    const double b = problem.bound(f);
    bool bottleneck = !std::isinf(b) && std::abs(r - b) <= tolerance * b;
    for (std::size_t i = problem.flowBegin(f); i < problem.flowEnd(f) && !bottleneck; ++i)
    {
      const int l = problem.linkRefs()[i];
      const double c = problem.capacity(l);
      const bool saturated = load[l] >= c - tolerance * std::max(c, 1.0);
      bottleneck = saturated && r >= fastest[l] * (1 - tolerance);
    }
    if (!bottleneck)
    {
      return false;
    }
  }
  return maxOverload(problem, rates) <= tolerance;
}

} // namespace myriad::engine::traffic
