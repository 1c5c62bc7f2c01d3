/**
 * @file hierarchical_network.cpp
 * The GPUs of a fabric (one per compute NIC, grouped into NVLink nodes) and one lockstep phase
 * of transfers: NVLink transfers timed per GPU port, fabric flows ECMP-routed and timed by an
 * event-driven max-min simulation with optional background flows. Model: hierarchical.h.
 */

#include "myriad/engine/traffic/hierarchical.h"

#include "myriad/engine/error.h"

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
 * completion time of the last own flow.
 */
double simulateOwnFlows(const MaxMinProblem& problem, const std::vector<double>& bytes)
{
  // The flows after the own ones are other jobs' background traffic: +∞ bytes, never done.
  std::vector<double> all(bytes);
  all.resize(problem.flowCount(), std::numeric_limits<double>::infinity());
  try
  {
    return simulateFlows(problem, all).makespanS;
  }
  catch (const SpecError&)
  {
    throw SpecError("phase: a fabric flow gets rate 0 and can never finish");
  }
}

} // namespace

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
  out.nvlinkTimeS = nvlinkTime(transfers, c, m_nvlinkBytesPerS, out.nvlinkBytes);

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
  if (m_backgroundRoutes.size() != m_background.size())
  {
    m_backgroundRoutes.clear();
    for (std::size_t i = 0; i < m_background.size(); ++i)
    {
      m_backgroundRoutes.push_back(
        m_router.route(m_background[i].first, m_background[i].second, 0xb5u + i));
    }
  }
  MaxMinProblem problem;
  std::vector<int> compact(2 * m_graph.links().size(), -1);
  std::vector<int> used;
  auto addFlow = [&](std::vector<int> route)
  {
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
  for (const int i : order)
  {
    const int a = c.nic[transfers[i].from], b = c.nic[transfers[i].to];
    addFlow(m_router.route(a, b, seed + static_cast<std::uint64_t>(i)));
    bytes.push_back(transfers[i].bytes);
    out.fabricBytes += transfers[i].bytes;
    out.fabricFlows.emplace_back(a, b);
  }
  if (order.empty())
  {
    out.timeS = out.nvlinkTimeS;
    return out;
  }
  for (const std::vector<int>& route : m_backgroundRoutes)
  {
    addFlow(route);
  }
  out.fabricTimeS = simulateOwnFlows(problem, bytes);
  out.timeS = std::max(out.nvlinkTimeS, out.fabricTimeS);

  // Start rates: slowest own flow and the peak load of the own flows per cable direction.
  std::vector<bool> all(problem.flowCount(), true);
  const std::vector<double> rates = maxMinRates(problem, all);
  std::vector<double> load(used.size(), 0.0);
  out.slowestFabricFlowBps = std::numeric_limits<double>::infinity();
  for (std::size_t f = 0; f < order.size(); ++f)
  {
    out.slowestFabricFlowBps = std::min(out.slowestFabricFlowBps, rates[f]);
    for (std::size_t i = problem.flowBegin(f); i < problem.flowEnd(f); ++i)
    {
      load[problem.linkRefs()[i]] += rates[f];
    }
  }
  for (std::size_t l = 0; l < used.size(); ++l)
  {
    m_peakLoadBps[used[l]] = std::max(m_peakLoadBps[used[l]], load[l]);
  }
  return out;
}

} // namespace myriad::engine::traffic
