/**
 * @file collectives.cpp
 * ECMP routing of flows on a FabricGraph and the ring all-reduce as lockstep flow phases.
 * Routing does its own breadth-first search over the fabric's links (resumable, per destination)
 * rather than fabric::ecmpPaths, because enumerating every equal-cost path per pair costs a
 * Boost graph build per call (≈ 2.5 ms on the 10k-GPU fabric); the hop-by-hop choice reaches
 * the same path set (tested).
 * Equations and assumptions: collectives.h and docs/models/traffic.md. The per-flow hash is
 * splitmix64 (Steele et al. 2014) of (source, destination, key): a deterministic stand-in for a
 * switch's 5-tuple hash, so the same flow always takes the same path.
 */

#include "myriad/engine/traffic/collectives.h"

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>
#include <limits>
#include <set>
#include <string>
#include <utility>

namespace myriad::engine::traffic
{

namespace
{

std::uint64_t splitmix64(std::uint64_t x)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t flowHash(int from, int to, std::uint64_t key)
{
  return splitmix64(splitmix64(splitmix64(key) ^ static_cast<std::uint64_t>(from)) ^
                    static_cast<std::uint64_t>(to));
}

} // namespace

const char* toString(Routing routing)
{
  switch (routing)
  {
    case Routing::Spray:
      return "spray";
    case Routing::RailLocal:
      return "rail-local";
    case Routing::Ecmp:
      break;
  }
  return "ecmp";
}

bool parseRouting(const std::string& name, Routing& out)
{
  for (const Routing r : { Routing::Ecmp, Routing::Spray, Routing::RailLocal })
  {
    if (name == toString(r))
    {
      out = r;
      return true;
    }
  }
  return false;
}

EcmpRouter::EcmpRouter(const fabric::FabricGraph& graph)
  : m_graph(graph)
{
  // Flat adjacency (link, peer) per device: FabricGraph::peer is a checked out-of-line call
  // and was a quarter of the routing time.
  const int n = static_cast<int>(graph.devices().size());
  m_adjStart.assign(n + 1, 0);
  for (int v = 0; v < n; ++v)
  {
    m_adjStart[v + 1] = m_adjStart[v] + graph.linksOf(v).size();
  }
  m_adj.reserve(m_adjStart.back());
  for (int v = 0; v < n; ++v)
  {
    for (const int l : graph.linksOf(v))
    {
      m_adj.push_back({ l, graph.peer(l, v) });
    }
  }
}

void EcmpRouter::failDevice(int device)
{
  if (device < 0 || device >= static_cast<int>(m_graph.devices().size()))
  {
    throw SpecError("fail: device index " + std::to_string(device) + " does not exist");
  }
  for (const int l : m_graph.linksOf(device))
  {
    failLink(l);
  }
}

void EcmpRouter::failLink(int link)
{
  if (link < 0 || link >= static_cast<int>(m_graph.links().size()))
  {
    throw SpecError("fail: link index " + std::to_string(link) + " does not exist");
  }
  m_failed.resize(m_graph.links().size(), 0);
  m_failed[link] = 1;
  m_distTo = -1; // distances change: forget the cached search
}

void EcmpRouter::addLinks(MaxMinProblem& problem) const
{
  if (problem.linkCount() != 0)
  {
    throw SpecError("EcmpRouter::addLinks: the max-min problem already has links");
  }
  for (const fabric::Link& l : m_graph.links())
  {
    problem.addLink(l.rateBps);
    problem.addLink(l.rateBps);
  }
}

const std::vector<int>& EcmpRouter::distancesTo(int to, int from)
{
  if (m_distTo != to)
  {
    // Reset only what the previous search touched: most ring flows stop after two levels.
    if (m_dist.size() != m_graph.devices().size())
    {
      m_dist.assign(m_graph.devices().size(), -1);
    }
    for (const int v : m_queue)
    {
      m_dist[v] = -1;
    }
    m_queue.assign(1, to);
    m_head = 0;
    m_dist[to] = 0;
    m_distTo = to;
  }
  // Resumable BFS from the destination, stopped as soon as `from` is discovered: at that point
  // every level below d(from) is complete, which is all devicePath reads.
  while (m_dist[from] < 0 && m_head < m_queue.size())
  {
    const int v = m_queue[m_head++];
    for (std::size_t e = m_adjStart[v]; e < m_adjStart[v + 1]; ++e)
    {
      const auto [l, w] = m_adj[e];
      if (usable(l) && m_dist[w] < 0)
      {
        m_dist[w] = m_dist[v] + 1;
        m_queue.push_back(w);
      }
    }
  }
  return m_dist;
}

std::vector<int> EcmpRouter::route(int from, int to, std::uint64_t key)
{
  const std::vector<int> path = devicePath(from, to, key);
  const std::uint64_t h = flowHash(from, to, key);
  std::vector<int> links;
  links.reserve(path.size());
  std::vector<int> parallel;
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
  {
    const int u = path[i], v = path[i + 1];
    parallel.clear();
    for (std::size_t e = m_adjStart[u]; e < m_adjStart[u + 1]; ++e)
    {
      const auto [l, w] = m_adj[e];
      if (usable(l) && w == v)
      {
        parallel.push_back(l);
      }
    }
    // Parallel cables are one more ECMP choice; hash with the hop so choices are independent.
    const int l = parallel[splitmix64(h ^ (0x5bd1e995ULL * (i + 1))) % parallel.size()];
    links.push_back(2 * l + (m_graph.links()[l].a.device == u ? 0 : 1));
  }
  return links;
}

std::vector<int> EcmpRouter::devicePath(int from, int to, std::uint64_t key)
{
  const int n = static_cast<int>(m_graph.devices().size());
  if (from < 0 || from >= n || to < 0 || to >= n)
  {
    throw SpecError("route: device index " + std::to_string(from < 0 || from >= n ? from : to) +
                    " does not exist (" + std::to_string(n) + " devices)");
  }
  // A destination with one usable neighbour (a NIC) is reached through it: search from that
  // switch instead, a search every NIC on it shares. Distances to the NIC are those to the
  // switch plus one, so every hop sees the same candidates and takes the same path.
  const int target = searchTarget(from, to);
  const std::vector<int>& dist = distancesTo(target, from);
  if (dist[from] < 0)
  {
    throw SpecError("route: " + m_graph.device(from).id + " and " + m_graph.device(to).id +
                    " are not connected");
  }
  const std::uint64_t h = flowHash(from, to, key);
  std::vector<int> path{ from };
  std::vector<int> next;
  if (target != to && from == target)
  {
    path.push_back(to);
    return path;
  }
  for (int v = from, hop = 0; v != target; ++hop)
  {
    next.clear();
    for (std::size_t e = m_adjStart[v]; e < m_adjStart[v + 1]; ++e)
    {
      const auto [l, w] = m_adj[e];
      if (usable(l) && dist[w] == dist[v] - 1)
      {
        next.push_back(w);
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    v = next[splitmix64(h + static_cast<std::uint64_t>(hop)) % next.size()];
    path.push_back(v);
  }
  if (target != to)
  {
    path.push_back(to);
  }
  return path;
}

int EcmpRouter::searchTarget(int from, int to) const
{
  if (from == to)
  {
    return to;
  }
  int neighbour = -1;
  for (std::size_t e = m_adjStart[to]; e < m_adjStart[to + 1]; ++e)
  {
    if (usable(m_adj[e].link))
    {
      neighbour = neighbour == -1 || neighbour == m_adj[e].peer ? m_adj[e].peer : -2;
    }
  }
  return neighbour >= 0 ? neighbour : to;
}

void EcmpRouter::nextHops(int v, int to, int target, const std::vector<int>& dist,
                          std::vector<std::pair<int, int>>& out) const
{
  out.clear();
  for (std::size_t e = m_adjStart[v]; e < m_adjStart[v + 1]; ++e)
  {
    const auto [l, w] = m_adj[e];
    const bool closer = v == target ? w == to : w != to && dist[w] == dist[v] - 1;
    if (usable(l) && closer)
    {
      out.emplace_back(w, l);
    }
  }
  std::sort(out.begin(), out.end()); // by peer, then cable: independent of adjacency order
}

std::vector<std::vector<int>> EcmpRouter::sprayRoutes(int from, int to, std::uint64_t key,
                                                      int maxPaths)
{
  devicePath(from, to, key); // the same checks and errors as route(), and the search to `to`
  const int target = searchTarget(from, to);
  const std::vector<int>& dist = distancesTo(target, from);
  const std::uint64_t h = flowHash(from, to, key);
  std::vector<std::pair<int, int>> hops;
  // k = Π m_i along path 0 (capped): the number of paths when every branch looks the same.
  long long k = 1;
  for (int v = from; v != to && k < maxPaths;)
  {
    nextHops(v, to, target, dist, hops);
    k *= static_cast<long long>(hops.size());
    v = hops.front().first;
  }
  k = std::max(1LL, std::min<long long>(k, std::max(1, maxPaths)));
  std::vector<std::vector<int>> paths(static_cast<std::size_t>(k));
  for (long long j = 0; j < k; ++j)
  {
    long long digits = j;
    for (int v = from, hop = 0; v != to; ++hop)
    {
      nextHops(v, to, target, dist, hops);
      const auto m = static_cast<long long>(hops.size());
      const auto rotation = static_cast<long long>(splitmix64(h + static_cast<std::uint64_t>(hop)) %
                                                   static_cast<std::uint64_t>(m));
      const auto [w, l] = hops[static_cast<std::size_t>((digits % m + rotation) % m)];
      digits /= m;
      paths[j].push_back(2 * l + (m_graph.links()[l].a.device == v ? 0 : 1));
      v = w;
    }
  }
  return paths;
}

namespace
{

void checkMembers(const std::string& what, const std::vector<int>& members, double bytes)
{
  const int n = static_cast<int>(members.size());
  if (n < 2)
  {
    throw SpecError(what + ": members = " + std::to_string(n) + ", need at least 2");
  }
  if (!(bytes >= 0))
  {
    throw SpecError(what + ": bytes = " + std::to_string(bytes) + ", must be ≥ 0");
  }
  if (std::set<int>(members.begin(), members.end()).size() != members.size())
  {
    throw SpecError(what + ": members: a device appears twice");
  }
}

struct StepOutcome
{
  double makespanS = 0;
  double slowestBps = 0;
  double hottest = 0;
  std::vector<double> load; ///< per max-min link at the start rates, bit/s
};

/**
 * One lockstep phase: flow i from pairs[i].first to .second with `chunk` bytes, key seed + i.
 * The max-min problem holds only the cable directions some flow uses (a step touches a few
 * thousand of the 61k directions of the 10k-GPU fabric, and every solve costs O(links)).
 */
StepOutcome runStep(const fabric::FabricGraph& graph, EcmpRouter& router,
                    const std::vector<std::pair<int, int>>& pairs, double chunk, std::uint64_t seed,
                    MaxMinSolver* solver, const StepRecorder& recorder)
{
  SimulatedStep step;
  SimulatedStep* record = recorder ? &step : nullptr;
  if (record)
  {
    record->endpoints = pairs;
    record->bytes.assign(pairs.size(), chunk);
  }
  std::vector<std::vector<int>> routes(pairs.size());
  std::vector<int> compact(2 * graph.links().size(), -1);
  std::vector<int> used; // compact index → cable direction
  MaxMinProblem problem;
  for (std::size_t i = 0; i < pairs.size(); ++i)
  {
    routes[i] = router.route(pairs[i].first, pairs[i].second, seed + i);
    if (record)
    {
      record->routes.push_back(routes[i]);
    }
    for (int& m : routes[i])
    {
      if (compact[m] < 0)
      {
        compact[m] = problem.addLink(graph.links()[m / 2].rateBps);
        used.push_back(m);
      }
      m = compact[m];
    }
    problem.addFlow(routes[i]);
  }
  StepOutcome out;
  const FlowSimResult sim = simulateFlows(problem, std::vector<double>(pairs.size(), chunk), {},
                                          solver, record ? &record->trace : nullptr);
  out.makespanS = sim.makespanS;
  if (record)
  {
    record->finishS = sim.finishS;
    record->timeS = sim.makespanS;
    recorder(std::move(step));
  }
  const std::vector<double> rates = solver ? solver->solve(problem) : maxMinRates(problem);
  out.slowestBps = *std::min_element(rates.begin(), rates.end());
  out.load.assign(compact.size(), 0.0);
  for (std::size_t f = 0; f < rates.size(); ++f)
  {
    for (std::size_t i = problem.flowBegin(static_cast<int>(f));
         i < problem.flowEnd(static_cast<int>(f)); ++i)
    {
      out.load[used[problem.linkRefs()[i]]] += rates[f];
    }
  }
  for (int l = 0; l < problem.linkCount(); ++l)
  {
    if (problem.capacity(l) > 0)
    {
      out.hottest = std::max(out.hottest, out.load[used[l]] / problem.capacity(l));
    }
  }
  return out;
}

void setBandwidths(CollectiveResult& r, double bytes, double busFactor)
{
  if (r.timeS > 0)
  {
    r.algBwBytesPerS = bytes / r.timeS;
    r.busBwBytesPerS = r.algBwBytesPerS * busFactor;
  }
}

} // namespace

CollectiveResult ringAllReduce(const fabric::FabricGraph& graph, const std::vector<int>& members,
                               double bytes, std::uint64_t seed,
                               const std::vector<int>& failedDevices, MaxMinSolver* solver,
                               const StepRecorder& recorder)
{
  checkMembers("ring all-reduce", members, bytes);
  const int n = static_cast<int>(members.size());
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < n; ++i)
  {
    pairs.emplace_back(members[i], members[(i + 1) % n]);
  }
  EcmpRouter router(graph);
  for (const int d : failedDevices)
  {
    router.failDevice(d);
  }
  const StepOutcome step = runStep(graph, router, pairs, bytes / n, seed, solver, recorder);
  CollectiveResult r;
  r.steps = 2 * (n - 1);
  r.flowsPerStep = n;
  r.stepTimeS = step.makespanS;
  r.timeS = r.steps * r.stepTimeS;
  r.slowestFlowBps = step.slowestBps;
  r.hottestLinkUtilisation = step.hottest;
  r.peakLoadBps = step.load;
  setBandwidths(r, bytes, 2.0 * (n - 1) / n);
  return r;
}

CollectiveResult allToAll(const fabric::FabricGraph& graph, const std::vector<int>& members,
                          double bytes, std::uint64_t seed, const std::vector<int>& failedDevices,
                          MaxMinSolver* solver, const StepRecorder& recorder)
{
  checkMembers("all-to-all", members, bytes);
  const int n = static_cast<int>(members.size());
  EcmpRouter router(graph);
  for (const int d : failedDevices)
  {
    router.failDevice(d);
  }
  CollectiveResult r;
  r.steps = n - 1;
  r.flowsPerStep = n;
  r.slowestFlowBps = std::numeric_limits<double>::infinity();
  std::vector<std::pair<int, int>> pairs(n);
  for (int k = 1; k < n; ++k)
  {
    for (int i = 0; i < n; ++i)
    {
      pairs[i] = { members[i], members[(i + k) % n] };
    }
    const StepOutcome step = runStep(graph, router, pairs, bytes / n,
                                     seed + static_cast<std::uint64_t>(k) * n, solver, recorder);
    r.timeS += step.makespanS;
    r.stepTimeS = std::max(r.stepTimeS, step.makespanS);
    r.slowestFlowBps = std::min(r.slowestFlowBps, step.slowestBps);
    r.hottestLinkUtilisation = std::max(r.hottestLinkUtilisation, step.hottest);
    r.peakLoadBps.resize(step.load.size(), 0.0);
    for (std::size_t l = 0; l < step.load.size(); ++l)
    {
      r.peakLoadBps[l] = std::max(r.peakLoadBps[l], step.load[l]);
    }
  }
  setBandwidths(r, bytes, static_cast<double>(n - 1) / n);
  return r;
}

} // namespace myriad::engine::traffic
