// Max-min rates kept up to date under changes (maxmin_incremental.h: the equations and why the
// update is exact).
#include "myriad/engine/traffic/maxmin_incremental.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

namespace myriad::engine::traffic
{

namespace
{

constexpr double kInf = std::numeric_limits<double>::infinity();
/** A link counts as saturated within this relative margin (maxMinRates closes to ~1e-15). */
constexpr double kSaturated = 1e-9;
/** Flows within this relative margin below t* are re-solved too (more is still exact). */
constexpr double kLevelMargin = 1e-9;

} // namespace

IncrementalMaxMin::IncrementalMaxMin(MaxMinProblem problem)
  : m_problem(std::move(problem))
  , m_rate(maxMinRates(m_problem))
  , m_active(static_cast<std::size_t>(m_problem.flowCount()), true)
  , m_linkFlows(static_cast<std::size_t>(m_problem.linkCount()))
  , m_activeCount(m_problem.flowCount())
  , m_linkStamp(static_cast<std::size_t>(m_problem.linkCount()), 0)
  , m_flowStamp(static_cast<std::size_t>(m_problem.flowCount()), 0)
  , m_linkLocal(static_cast<std::size_t>(m_problem.linkCount()), -1)
{
  for (int f = 0; f < m_problem.flowCount(); ++f)
    addToAdjacency(f);
}

void IncrementalMaxMin::addToAdjacency(int flow)
{
  const auto& refs = m_problem.linkRefs();
  // One entry per reference: a flow listing a link twice loads it twice (maxmin.h).
  for (std::size_t i = m_problem.flowBegin(flow); i < m_problem.flowEnd(flow); ++i)
    m_linkFlows[refs[i]].push_back(flow);
}

void IncrementalMaxMin::check(const MaxMinChanges& changes) const
{
  for (const auto& c : changes.capacities)
  {
    if (c.link < 0 || c.link >= m_problem.linkCount())
      throw SpecError("maxmin change: link " + std::to_string(c.link) + " does not exist (" +
                      std::to_string(m_problem.linkCount()) + " links)");
    if (!(c.capacityBps >= 0) || !std::isfinite(c.capacityBps))
      throw SpecError("maxmin change: link " + std::to_string(c.link) + ": capacity " +
                      std::to_string(c.capacityBps) + " bit/s is not a finite value ≥ 0");
  }
  std::vector<int> leaving = changes.departures;
  std::sort(leaving.begin(), leaving.end());
  for (std::size_t i = 0; i < leaving.size(); ++i)
  {
    const int f = leaving[i];
    if (f < 0 || f >= m_problem.flowCount() || !m_active[f])
      throw SpecError("maxmin change: flow " + std::to_string(f) +
                      " cannot leave: it is not in progress");
    if (i > 0 && leaving[i - 1] == f)
      throw SpecError("maxmin change: flow " + std::to_string(f) + " leaves twice");
  }
  for (const auto& a : changes.arrivals)
  {
    if (!(a.boundBps > 0))
      throw SpecError("maxmin change: an arriving flow's bound " + std::to_string(a.boundBps) +
                      " bit/s is not > 0");
    if (a.links.empty() && std::isinf(a.boundBps))
      throw SpecError("maxmin change: an arriving flow crosses no link and has no bound");
    for (const int l : a.links)
      if (l < 0 || l >= m_problem.linkCount())
        throw SpecError("maxmin change: an arriving flow's link " + std::to_string(l) +
                        " does not exist (" + std::to_string(m_problem.linkCount()) + " links)");
  }
}

double IncrementalMaxMin::saturationOld(int link) const
{
  double load = 0, top = 0;
  for (const int f : m_linkFlows[link])
    if (m_active[f])
    {
      load += m_rate[f];
      top = std::max(top, m_rate[f]);
    }
  const double c = m_problem.capacity(link);
  return load >= c * (1 - kSaturated) ? top : kInf;
}

double IncrementalMaxMin::saturationNew(int link, double capacityBps, int arriving,
                                        const std::vector<bool>& leaving) const
{
  // Σ_{kept} min(x_f, t) + a·t is piecewise linear in t; walk its pieces in rate order.
  std::vector<double> kept;
  for (const int f : m_linkFlows[link])
    if (m_active[f] && !leaving[f])
      kept.push_back(m_rate[f]);
  std::sort(kept.begin(), kept.end());
  double below = 0; // Σ of the kept rates under the current piece
  for (std::size_t i = 0; i < kept.size(); ++i)
  {
    const auto growing = static_cast<double>(kept.size() - i + arriving);
    if (below + growing * kept[i] >= capacityBps)
      return std::max(0.0, (capacityBps - below) / growing);
    below += kept[i];
  }
  return arriving > 0 ? std::max(0.0, (capacityBps - below) / arriving) : kInf;
}

double IncrementalMaxMin::divergenceLevel(const MaxMinChanges& changes) const
{
  std::map<int, double> capacity; // the touched links T, at their new capacities
  std::map<int, int> arriving;
  std::vector<bool> leaving(static_cast<std::size_t>(m_problem.flowCount()), false);
  for (const auto& c : changes.capacities)
    capacity[c.link] = c.capacityBps;
  const auto touch = [&](int l) { capacity.emplace(l, m_problem.capacity(l)); };
  for (const int f : changes.departures)
  {
    leaving[f] = true;
    for (std::size_t i = m_problem.flowBegin(f); i < m_problem.flowEnd(f); ++i)
      touch(m_problem.linkRefs()[i]);
  }
  for (const auto& a : changes.arrivals)
    for (const int l : a.links)
    {
      touch(l);
      ++arriving[l];
    }
  double level = kInf;
  for (const auto& [link, c] : capacity)
  {
    const auto a = arriving.find(link);
    level = std::min({ level, saturationOld(link),
                       saturationNew(link, c, a == arriving.end() ? 0 : a->second, leaving) });
  }
  return level;
}

MaxMinUpdate IncrementalMaxMin::apply(const MaxMinChanges& changes)
{
  check(changes);
  MaxMinUpdate update;
  update.levelBps = divergenceLevel(changes);

  // The changed problem: capacities, departures (rate 0), arrivals (rate 0 until solved).
  std::vector<int> seeds;
  for (const auto& c : changes.capacities)
  {
    m_problem.setCapacity(c.link, c.capacityBps);
    seeds.push_back(c.link);
  }
  for (const int f : changes.departures)
  {
    m_active[f] = false;
    m_rate[f] = 0;
    --m_activeCount;
    for (std::size_t i = m_problem.flowBegin(f); i < m_problem.flowEnd(f); ++i)
      seeds.push_back(m_problem.linkRefs()[i]);
  }
  const int firstArrival = m_problem.flowCount();
  for (const auto& a : changes.arrivals)
  {
    const int f = m_problem.addFlow(a.links, a.boundBps);
    update.arrived.push_back(f);
    m_active.push_back(true);
    ++m_activeCount;
    m_rate.push_back(a.links.empty() ? a.boundBps : 0); // no link: its bound is its rate
    addToAdjacency(f);
    seeds.insert(seeds.end(), a.links.begin(), a.links.end());
  }
  resolveComponent(seeds, update.levelBps * (1 - kLevelMargin), firstArrival, update);
  return update;
}

void IncrementalMaxMin::resolveComponent(const std::vector<int>& seeds, double threshold,
                                         int firstArrival, MaxMinUpdate& update)
{
  // Collect, from the seed links, the flows of rate ≥ threshold (and the arrivals) and their
  // links, transitively; stamps instead of cleared flags keep this proportional to what it visits.
  ++m_epoch;
  m_flowStamp.resize(static_cast<std::size_t>(m_problem.flowCount()), 0); // arrivals
  std::vector<int> links, flows;
  const auto visitLink = [&](int l)
  {
    if (m_linkStamp[l] != m_epoch)
    {
      m_linkStamp[l] = m_epoch;
      m_linkLocal[l] = static_cast<int>(links.size());
      links.push_back(l);
    }
  };
  for (const int l : seeds)
    visitLink(l);
  const auto& refs = m_problem.linkRefs();
  const std::size_t most = static_cast<std::size_t>(m_activeCount) / 8;
  for (std::size_t next = 0; next < links.size() && flows.size() <= most; ++next)
    for (const int f : m_linkFlows[links[next]])
      if (m_active[f] && m_flowStamp[f] != m_epoch && (f >= firstArrival || m_rate[f] >= threshold))
      {
        m_flowStamp[f] = m_epoch;
        flows.push_back(f);
        for (std::size_t i = m_problem.flowBegin(f); i < m_problem.flowEnd(f); ++i)
          visitLink(refs[i]);
      }
  update.resolvedFlows = static_cast<int>(flows.size());
  update.resolvedLinks = static_cast<int>(links.size());
  if (flows.empty())
    return;
  if (flows.size() > most)
  {
    // Most of the problem: one full solve costs less than collecting and building the rest.
    m_rate = maxMinRates(m_problem, m_active);
    update.fullSolve = true;
    update.resolvedFlows = m_activeCount;
    update.resolvedLinks = m_problem.linkCount();
    return;
  }

  // The sub-problem on the capacity the other flows leave.
  MaxMinProblem sub;
  sub.reserve(links.size(), flows.size(), 6 * flows.size());
  for (const int l : links)
  {
    double others = 0;
    for (const int f : m_linkFlows[l])
      if (m_active[f] && m_flowStamp[f] != m_epoch)
        others += m_rate[f];
    sub.addLink(std::max(0.0, m_problem.capacity(l) - others));
  }
  std::vector<int> local;
  for (const int f : flows)
  {
    local.clear();
    for (std::size_t i = m_problem.flowBegin(f); i < m_problem.flowEnd(f); ++i)
      local.push_back(m_linkLocal[refs[i]]);
    sub.addFlow(local, m_problem.bound(f));
  }
  const std::vector<double> rates = maxMinRates(sub);
  for (std::size_t i = 0; i < flows.size(); ++i)
    m_rate[flows[i]] = rates[i];
}

} // namespace myriad::engine::traffic
