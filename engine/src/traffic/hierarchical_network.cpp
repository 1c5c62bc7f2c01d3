/**
 * @file hierarchical_network.cpp
 * The GPUs of a fabric (one per compute NIC, grouped into NVLink nodes) and one lockstep phase
 * of transfers: NVLink transfers timed per GPU port, fabric flows ECMP-routed and timed by an
 * event-driven max-min simulation with optional background flows. Model: hierarchical.h.
 */

#include "myriad/engine/traffic/hierarchical.h"

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <tuple>

namespace myriad::engine::traffic
{

namespace fab = fabric;

GpuCluster gpuCluster(const fab::FabricGraph& graph)
{
  // Node key: the scene's node index when set, else the id before "-NIC" (abstract fabrics).
  std::map<std::string, int> nodeOfKey;
  struct Entry
  {
    int node, rail, device;
  };
  std::vector<Entry> entries;
  for (int d = 0; d < static_cast<int>(graph.devices().size()); ++d)
  {
    const fab::Device& dev = graph.device(d);
    if (dev.kind != fab::DeviceKind::Nic)
    {
      continue;
    }
    const std::size_t cut = dev.id.rfind("-NIC");
    const std::string key = dev.host >= 0
                              ? "#" + std::to_string(dev.host)
                              : (cut == std::string::npos ? dev.id : dev.id.substr(0, cut));
    const auto [it, added] = nodeOfKey.emplace(key, static_cast<int>(nodeOfKey.size()));
    entries.push_back({ it->second, dev.rail, d });
  }
  if (entries.empty())
  {
    throw SpecError("GPUs: the fabric has no NIC to attach a GPU to");
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const Entry& a, const Entry& b)
                   { return std::tie(a.node, a.rail) < std::tie(b.node, b.rail); });
  GpuCluster c;
  c.nodeCount = static_cast<int>(nodeOfKey.size());
  std::vector<int> perNode(c.nodeCount, 0);
  for (const Entry& e : entries)
  {
    c.nic.push_back(e.device);
    c.node.push_back(e.node);
    c.local.push_back(perNode[e.node]++);
    c.scalableUnit.push_back(graph.device(e.device).scalableUnit);
  }
  c.gpusPerNode = perNode[0];
  for (int n = 0; n < c.nodeCount; ++n)
  {
    if (perNode[n] != c.gpusPerNode)
    {
      throw SpecError("GPUs: node " + std::to_string(n) + " has " + std::to_string(perNode[n]) +
                      " compute NICs, node 0 has " + std::to_string(c.gpusPerNode) +
                      "; every node must have the same number of GPUs");
    }
  }
  return c;
}

GpuNetwork::GpuNetwork(const fab::FabricGraph& graph, double nvlinkBytesPerS)
  : m_graph(graph)
  , m_cluster(gpuCluster(graph))
  , m_nvlinkBytesPerS(nvlinkBytesPerS)
  , m_router(graph)
  , m_peakLoadBps(2 * graph.links().size(), 0.0)
{
  if (!(nvlinkBytesPerS > 0) || !std::isfinite(nvlinkBytesPerS))
  {
    throw SpecError("GPUs: NVLink bandwidth = " + std::to_string(nvlinkBytesPerS) +
                    " B/s, expected a finite number > 0");
  }
}

void GpuNetwork::failDevice(int device)
{
  m_router.failDevice(device);
  m_backgroundRoutes.clear();
}

void GpuNetwork::setBackground(const std::vector<std::pair<int, int>>& nicPairs)
{
  m_background = nicPairs;
  m_backgroundRoutes.clear();
}

void GpuNetwork::resetPeakLoad()
{
  std::fill(m_peakLoadBps.begin(), m_peakLoadBps.end(), 0.0);
}

namespace
{

/** NVLink time of the intra-node transfers: the busiest GPU port, either direction. */
double nvlinkTime(const std::vector<Transfer>& transfers, const GpuCluster& c, double bytesPerS,
                  double& bytesOut)
{
  std::vector<double> sent(c.size(), 0.0), received(c.size(), 0.0);
  for (const Transfer& t : transfers)
  {
    if (c.node[t.from] == c.node[t.to])
    {
      sent[t.from] += t.bytes;
      received[t.to] += t.bytes;
      bytesOut += t.bytes;
    }
  }
  double worst = 0;
  for (int g = 0; g < c.size(); ++g)
  {
    worst = std::max({ worst, sent[g], received[g] });
  }
  return worst / bytesPerS;
}

/**
 * Event-driven fluid simulation of the first bytes.size() flows of `problem` while the remaining
 * flows (background) stay active all along: simulateFlows with +∞ bytes for the background
 * (incremental re-solves; flows finishing within relative 1e-12 complete together). Returns the
 * completion time of the last own flow; `record` (null: none) receives the trace.
 */
double simulateOwnFlows(const MaxMinProblem& problem, const std::vector<double>& bytes,
                        MaxMinSolver* solver, SimulatedStep* record)
{
  // The flows after the own ones are other jobs' background traffic: +∞ bytes, never done.
  std::vector<double> all(bytes);
  all.resize(problem.flowCount(), std::numeric_limits<double>::infinity());
  try
  {
    if (!record)
    {
      return simulateFlows(problem, all, {}, solver).makespanS;
    }
    const FlowSimResult sim = simulateFlows(problem, all, {}, solver, &record->trace);
    record->finishS = sim.finishS;
    record->bytes = all;
    return sim.makespanS;
  }
  catch (const SpecError&)
  {
    throw SpecError("phase: a fabric flow gets rate 0 and can never finish");
  }
}

/**
 * Start rates of a phase's problem: the slowest own flow (the sum of its sub-flows' rates;
 * `owner` maps each own max-min flow, the first owner.size(), to its fabric flow) into `out`,
 * and the own flows' load per cable direction (`used`: compact link → direction) into `peak`.
 */
void recordStartRates(const MaxMinProblem& problem, const std::vector<int>& owner,
                      const std::vector<int>& used, MaxMinSolver* solver, PhaseResult& out,
                      std::vector<double>& peak)
{
  const std::vector<double> rates = solver ? solver->solve(problem) : maxMinRates(problem);
  std::vector<double> load(used.size(), 0.0);
  std::vector<double> flowRate(out.fabricFlows.size(), 0.0);
  for (std::size_t f = 0; f < owner.size(); ++f)
  {
    flowRate[owner[f]] += rates[f];
    for (std::size_t i = problem.flowBegin(static_cast<int>(f));
         i < problem.flowEnd(static_cast<int>(f)); ++i)
    {
      load[problem.linkRefs()[i]] += rates[f];
    }
  }
  out.slowestFabricFlowBps = *std::min_element(flowRate.begin(), flowRate.end());
  for (std::size_t l = 0; l < used.size(); ++l)
  {
    peak[used[l]] = std::max(peak[used[l]], load[l]);
  }
}

} // namespace

void GpuNetwork::setRouting(Routing routing, int maxSprayPaths)
{
  if (maxSprayPaths < 1)
  {
    throw SpecError("routing: spray paths = " + std::to_string(maxSprayPaths) + ", need ≥ 1");
  }
  m_routing = routing;
  m_maxSprayPaths = maxSprayPaths;
  m_backgroundRoutes.clear();
}

std::vector<std::vector<int>> GpuNetwork::routes(int a, int b, std::uint64_t key)
{
  if (m_routing == Routing::Spray)
  {
    return m_router.sprayRoutes(a, b, key, m_maxSprayPaths);
  }
  return { m_router.route(a, b, key) };
}

int GpuNetwork::relayGpu(int gpu, int dst) const
{
  const GpuCluster& c = m_cluster;
  const int rail = m_graph.device(c.nic[dst]).rail;
  if (rail < 0 || m_graph.device(c.nic[gpu]).rail == rail)
  {
    return gpu;
  }
  // GPUs are numbered node by node (gpuCluster): the node's GPUs are one block.
  const int first = c.node[gpu] * c.gpusPerNode;
  for (int g = first; g < first + c.gpusPerNode && g < c.size(); ++g)
  {
    if (c.node[g] == c.node[gpu] && m_graph.device(c.nic[g]).rail == rail)
    {
      return g;
    }
  }
  return gpu;
}

PhaseResult GpuNetwork::runPhase(const std::vector<Transfer>& transfers, std::uint64_t seed)
{
  PhaseResult out;
  const GpuCluster& c = m_cluster;
  for (const Transfer& t : transfers)
  {
    if (t.from < 0 || t.from >= c.size() || t.to < 0 || t.to >= c.size() || !(t.bytes >= 0))
    {
      throw SpecError("phase: transfer " + std::to_string(t.from) + " → " + std::to_string(t.to) +
                      " of " + std::to_string(t.bytes) + " bytes: GPU index out of range (" +
                      std::to_string(c.size()) + " GPUs) or bytes < 0");
    }
  }
  // Rail-local (PXN): a cross-rail transfer becomes an NVLink hop to the relay GPU on the
  // destination's rail plus a fabric flow from the relay's NIC.
  std::vector<Transfer> moved(transfers);
  std::vector<Transfer> nvlink(transfers);
  if (m_routing == Routing::RailLocal)
  {
    for (Transfer& t : moved)
    {
      const int relay =
        c.node[t.from] != c.node[t.to] && t.bytes > 0 ? relayGpu(t.from, t.to) : t.from;
      if (relay != t.from)
      {
        nvlink.push_back({ t.from, relay, t.bytes });
        out.relayBytes += t.bytes;
        t.from = relay;
      }
    }
  }
  out.nvlinkTimeS = nvlinkTime(nvlink, c, m_nvlinkBytesPerS, out.nvlinkBytes);
  SimulatedStep step;
  SimulatedStep* record = m_recorder ? &step : nullptr;
  runFabricFlows(moved, seed, out, record);
  out.timeS = std::max(out.nvlinkTimeS, out.fabricTimeS);
  if (record)
  {
    for (const Transfer& t : nvlink)
    {
      if (c.node[t.from] == c.node[t.to] && t.bytes > 0)
      {
        record->nvlinkEndpoints.emplace_back(c.nic[t.from], c.nic[t.to]);
        record->nvlinkBytes.push_back(t.bytes);
      }
    }
    record->nvlinkTimeS = out.nvlinkTimeS;
    record->timeS = out.timeS;
    m_recorder(std::move(step));
  }
  return out;
}

void GpuNetwork::routeBackground()
{
  if (!m_backgroundRoutes.empty() || m_background.empty())
  {
    return; // routed already (failures and routing changes clear the routes)
  }
  for (std::size_t i = 0; i < m_background.size(); ++i)
  {
    for (std::vector<int>& r : routes(m_background[i].first, m_background[i].second, 0xb5u + i))
    {
      m_backgroundRoutes.push_back(std::move(r));
    }
  }
}

void GpuNetwork::runFabricFlows(const std::vector<Transfer>& transfers, std::uint64_t seed,
                                PhaseResult& out, SimulatedStep* record)
{
  const GpuCluster& c = m_cluster;
  // Fabric flows, routed grouped by the destination's switch: the router keeps one search,
  // from the switch a destination NIC hangs off (EcmpRouter::devicePath).
  auto attachment = [&](int gpu)
  {
    const std::vector<int>& links = m_graph.linksOf(c.nic[gpu]);
    return links.size() == 1 ? m_graph.peer(links[0], c.nic[gpu]) : c.nic[gpu];
  };
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(transfers.size()); ++i)
  {
    const Transfer& t = transfers[i];
    if (c.node[t.from] != c.node[t.to] && t.bytes > 0)
    {
      order.push_back(i);
    }
  }
  std::vector<int> switchOf(transfers.size(), -1);
  for (const int i : order)
  {
    switchOf[i] = attachment(transfers[i].to);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return switchOf[a] < switchOf[b]; });
  if (order.empty())
  {
    return;
  }
  routeBackground();
  MaxMinProblem problem;
  std::vector<int> compact(2 * m_graph.links().size(), -1);
  std::vector<int> used;
  auto addFlow = [&](std::vector<int> route, std::pair<int, int> ends)
  {
    if (record)
    {
      record->routes.push_back(route);
      record->endpoints.push_back(ends);
    }
    for (int& m : route)
    {
      if (compact[m] < 0)
      {
        compact[m] = problem.addLink(m_graph.links()[m / 2].rateBps);
        used.push_back(m);
      }
      m = compact[m];
    }
    problem.addFlow(route);
  };
  std::vector<double> bytes;
  std::vector<int> owner; // per own max-min flow: index of its fabric flow
  for (const int i : order)
  {
    const int a = c.nic[transfers[i].from], b = c.nic[transfers[i].to];
    const auto paths = routes(a, b, seed + static_cast<std::uint64_t>(i));
    for (const std::vector<int>& route : paths)
    {
      addFlow(route, { a, b });
      bytes.push_back(transfers[i].bytes / static_cast<double>(paths.size()));
      owner.push_back(static_cast<int>(out.fabricFlows.size()));
    }
    out.fabricBytes += transfers[i].bytes;
    out.fabricFlows.emplace_back(a, b);
  }
  out.fabricSubFlows = static_cast<int>(bytes.size());
  for (const std::vector<int>& route : m_backgroundRoutes)
  {
    addFlow(route, { -1, -1 }); // background: its endpoints are not kept per sub-flow
  }
  out.fabricTimeS = simulateOwnFlows(problem, bytes, m_solver, record);

  recordStartRates(problem, owner, used, m_solver, out, m_peakLoadBps);
}

} // namespace myriad::engine::traffic
