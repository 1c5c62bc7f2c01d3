/**
 * @file collective_timeline.cpp
 * Event timelines of the ring all-reduce, the pairwise all-to-all and the hierarchical
 * all-reduce, built from the steps the collectives simulate (StepRecorder) and the flow
 * simulation's rate changes (FlowSimTrace), and the queries at a time. Model and equations:
 * collective_timeline.h; aggregation and JSON: collective_timeline_lod.cpp.
 */

#include "myriad/engine/traffic/collective_timeline.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>

namespace myriad::engine::traffic
{

const char* toString(PhaseKind kind)
{
  switch (kind)
  {
    case PhaseKind::AllGather:
      return "all-gather";
    case PhaseKind::AllToAll:
      return "all-to-all";
    case PhaseKind::ReduceScatter:
      break;
  }
  return "reduce-scatter";
}

const char* toString(PhaseScope scope)
{
  switch (scope)
  {
    case PhaseScope::IntraNode:
      return "intra-node";
    case PhaseScope::InterNode:
      return "inter-node";
    case PhaseScope::Flat:
      break;
  }
  return "flat";
}

namespace
{

/** Turns recorded steps into patterns and lockstep phases of one timeline. */
class TimelineBuilder
{
public:
  TimelineBuilder(CollectiveTimeline& timeline, std::size_t deviceCount,
                  const TimelineOptions& options)
    : m_tl(timeline)
    , m_maxFlows(options.maxFlows)
  {
    if (!options.devices.empty())
    {
      m_keep.assign(deviceCount, 0);
      for (const int d : options.devices)
      {
        if (d < 0 || d >= static_cast<int>(deviceCount))
        {
          throw SpecError("timeline: device index " + std::to_string(d) + " does not exist");
        }
        m_keep[d] = 1;
      }
    }
  }

  /** A new pattern from a simulated step; returns its index. */
  int addPattern(const SimulatedStep& step)
  {
    TimelinePattern pattern;
    pattern.durationS = step.timeS;
    pattern.firstFlow = m_tl.flows.size();
    const int index = static_cast<int>(m_tl.patterns.size());
    addFabricFlows(step, index, pattern);
    for (std::size_t i = 0; i < step.nvlinkBytes.size(); ++i)
    {
      const auto [src, dst] = step.nvlinkEndpoints[i];
      if (!kept(src, dst, pattern))
      {
        continue;
      }
      TimelineFlow& f = newFlow(index, src, dst, step.nvlinkBytes[i]);
      f.nvlink = true;
      f.finishS = step.nvlinkTimeS;
      addSegment(f, 0, step.nvlinkTimeS, 8 * step.nvlinkBytes[i] / step.nvlinkTimeS);
    }
    pattern.flowCount = m_tl.flows.size() - pattern.firstFlow;
    m_tl.patterns.push_back(pattern);
    return index;
  }

  /** `count` phases of `pattern` one after the other, each as long as the pattern's step. */
  void addPhases(int pattern, PhaseKind kind, PhaseScope scope, int count)
  {
    const double d = m_tl.patterns.at(pattern).durationS;
    const double base = m_t;
    int& counter = m_steps[static_cast<int>(kind) * 3 + static_cast<int>(scope)];
    for (int i = 0; i < count; ++i)
    {
      TimelinePhase p;
      p.kind = kind;
      p.scope = scope;
      p.step = ++counter;
      p.name = std::string(scope == PhaseScope::Flat ? "" : toString(scope)) +
               (scope == PhaseScope::Flat ? "" : " ") + toString(kind) + " step " +
               std::to_string(p.step);
      p.startS = base + i * d;
      p.endS = base + (i + 1) * d;
      p.pattern = pattern;
      m_tl.phases.push_back(std::move(p));
    }
    m_t = base + count * d;
    m_tl.endS = m_t;
  }

private:
  bool kept(int src, int dst, TimelinePattern& pattern)
  {
    const bool keep = m_keep.empty() || (src >= 0 && m_keep[src]) || (dst >= 0 && m_keep[dst]);
    if (!keep)
    {
      ++pattern.omittedFlows;
    }
    return keep;
  }

  TimelineFlow& newFlow(int pattern, int src, int dst, double bytes)
  {
    if (m_maxFlows > 0 && m_tl.flows.size() >= m_maxFlows)
    {
      throw SpecError("timeline: more than " + std::to_string(m_maxFlows) +
                      " flows; keep the flows of fewer devices or raise the limit");
    }
    TimelineFlow& f = m_tl.flows.emplace_back();
    f.pattern = pattern;
    f.src = src;
    f.dst = dst;
    f.bytes = bytes;
    f.firstSegment = m_tl.segments.size();
    return f;
  }

  void addSegment(TimelineFlow& f, double t0, double t1, double rate)
  {
    if (rate > 0 && t1 > t0)
    {
      m_tl.segments.push_back({ t0, t1, rate });
      ++f.segmentCount;
    }
  }

  /** The step's own flows (finite bytes) with their rate segments from the trace. */
  void addFabricFlows(const SimulatedStep& step, int index, TimelinePattern& pattern)
  {
    const std::size_t n = step.bytes.size();
    // Each flow's changes, in time order: bucket the trace by flow (counting sort).
    std::vector<std::size_t> first(n + 1, 0);
    for (const FlowSimTrace::Change& c : step.trace.changes)
    {
      ++first[c.flow + 1];
    }
    std::partial_sum(first.begin(), first.end(), first.begin());
    std::vector<std::size_t> fill(first.begin(), first.end() - 1);
    std::vector<std::size_t> byFlow(step.trace.changes.size());
    for (std::size_t i = 0; i < step.trace.changes.size(); ++i)
    {
      byFlow[fill[step.trace.changes[i].flow]++] = i;
    }
    for (std::size_t f = 0; f < n; ++f)
    {
      const auto [src, dst] = step.endpoints[f];
      if (!std::isfinite(step.bytes[f]) || src < 0 || !kept(src, dst, pattern))
      {
        continue; // background flows of other jobs are not the collective's
      }
      TimelineFlow& flow = newFlow(index, src, dst, step.bytes[f]);
      flow.links = step.routes[f];
      flow.finishS = step.finishS[f]; // every flow of a step starts at its start (0)
      for (std::size_t k = first[f]; k < first[f + 1]; ++k)
      {
        const FlowSimTrace::Change& c = step.trace.changes[byFlow[k]];
        const double t1 =
          k + 1 < first[f + 1] ? step.trace.changes[byFlow[k + 1]].timeS : flow.finishS;
        addSegment(flow, c.timeS, t1, c.rateBps);
      }
    }
  }

  CollectiveTimeline& m_tl;
  std::size_t m_maxFlows;
  std::vector<char> m_keep; ///< per device: keep its flows (empty: all)
  double m_t = 0;
  int m_steps[9] = {}; ///< steps numbered so far per (kind, scope)
};

/** Clears a GpuNetwork's recorder when the timeline is done (or throws). */
struct RecorderGuard
{
  GpuNetwork& net;
  explicit RecorderGuard(GpuNetwork& network)
    : net(network)
  {
  }
  RecorderGuard(const RecorderGuard&) = delete;
  RecorderGuard& operator=(const RecorderGuard&) = delete;
  ~RecorderGuard() { net.setStepRecorder({}); }
};

} // namespace

CollectiveTimeline ringAllReduceTimeline(const fabric::FabricGraph& graph,
                                         const std::vector<int>& members, double bytes,
                                         std::uint64_t seed, const std::vector<int>& failedDevices,
                                         const TimelineOptions& options)
{
  CollectiveTimeline tl;
  tl.collective = "ring-allreduce";
  TimelineBuilder builder(tl, graph.devices().size(), options);
  std::vector<int> patterns;
  const StepRecorder record = [&](SimulatedStep&& s) { patterns.push_back(builder.addPattern(s)); };
  ringAllReduce(graph, members, bytes, seed, failedDevices, nullptr, record);
  const int n = static_cast<int>(members.size());
  // All 2(n − 1) steps move the same flows: one pattern, n − 1 reduce-scatter and n − 1
  // all-gather phases (lockstep: t = 2(n − 1)·t_step, as ringAllReduce counts it).
  builder.addPhases(patterns.at(0), PhaseKind::ReduceScatter, PhaseScope::Flat, n - 1);
  builder.addPhases(patterns.at(0), PhaseKind::AllGather, PhaseScope::Flat, n - 1);
  return tl;
}

CollectiveTimeline allToAllTimeline(const fabric::FabricGraph& graph,
                                    const std::vector<int>& members, double bytes,
                                    std::uint64_t seed, const std::vector<int>& failedDevices,
                                    const TimelineOptions& options)
{
  CollectiveTimeline tl;
  tl.collective = "all-to-all";
  TimelineBuilder builder(tl, graph.devices().size(), options);
  const StepRecorder record = [&](SimulatedStep&& s)
  { builder.addPhases(builder.addPattern(s), PhaseKind::AllToAll, PhaseScope::Flat, 1); };
  allToAll(graph, members, bytes, seed, failedDevices, nullptr, record);
  return tl;
}

CollectiveTimeline hierarchicalAllReduceTimeline(GpuNetwork& net,
                                                 const std::vector<std::vector<int>>& groups,
                                                 double bytes, std::uint64_t seed,
                                                 const TimelineOptions& options)
{
  CollectiveTimeline tl;
  tl.collective = "hierarchical-allreduce";
  TimelineBuilder builder(tl, net.graph().devices().size(), options);
  std::vector<int> patterns;
  {
    const RecorderGuard guard(net);
    net.setStepRecorder([&](SimulatedStep&& s) { patterns.push_back(builder.addPattern(s)); });
    hierarchicalAllReduce(net, groups, bytes, seed);
  }
  // The layout hierarchicalAllReduce checked: g members per node, k = n/g nodes per group; it
  // ran the intra-node step first (when g > 1), then the inter-node one (when k > 1).
  const GpuCluster& c = net.cluster();
  const std::vector<int>& group = groups.front();
  const int g = static_cast<int>(std::count_if(
    group.begin(), group.end(), [&](int gpu) { return c.node[gpu] == c.node[group.front()]; }));
  const int k = static_cast<int>(group.size()) / g;
  std::size_t next = 0;
  const int intra = g > 1 ? patterns.at(next++) : -1;
  const int inter = k > 1 ? patterns.at(next++) : -1;
  if (intra >= 0)
  {
    builder.addPhases(intra, PhaseKind::ReduceScatter, PhaseScope::IntraNode, g - 1);
  }
  if (inter >= 0)
  {
    builder.addPhases(inter, PhaseKind::ReduceScatter, PhaseScope::InterNode, k - 1);
    builder.addPhases(inter, PhaseKind::AllGather, PhaseScope::InterNode, k - 1);
  }
  if (intra >= 0)
  {
    builder.addPhases(intra, PhaseKind::AllGather, PhaseScope::IntraNode, g - 1);
  }
  return tl;
}

int phaseAt(const CollectiveTimeline& timeline, double t)
{
  const auto& ph = timeline.phases;
  auto it = std::upper_bound(ph.begin(), ph.end(), t,
                             [](double x, const TimelinePhase& p) { return x < p.startS; });
  if (it == ph.begin())
  {
    return -1;
  }
  --it;
  return t < it->endS ? static_cast<int>(it - ph.begin()) : -1;
}

double rateAt(const CollectiveTimeline& timeline, const TimelineFlow& flow, double relS)
{
  const auto begin = timeline.segments.begin() + static_cast<std::ptrdiff_t>(flow.firstSegment);
  const auto end = begin + static_cast<std::ptrdiff_t>(flow.segmentCount);
  auto it =
    std::upper_bound(begin, end, relS, [](double x, const RateSegment& s) { return x < s.t0S; });
  if (it == begin)
  {
    return 0;
  }
  --it;
  return relS < it->t1S ? it->rateBps : 0;
}

double sentBytesAt(const CollectiveTimeline& timeline, const TimelineFlow& flow, double relS)
{
  double bits = 0;
  for (std::size_t s = flow.firstSegment; s < flow.firstSegment + flow.segmentCount; ++s)
  {
    const RateSegment& seg = timeline.segments[s];
    if (relS <= seg.t0S)
    {
      break;
    }
    bits += seg.rateBps * (std::min(relS, seg.t1S) - seg.t0S);
  }
  return bits / 8;
}

std::vector<ActiveFlow> flowsActiveAt(const CollectiveTimeline& timeline, double t)
{
  std::vector<ActiveFlow> out;
  const int p = phaseAt(timeline, t);
  if (p < 0)
  {
    return out;
  }
  const TimelinePhase& phase = timeline.phases[p];
  const TimelinePattern& pattern = timeline.patterns.at(phase.pattern);
  const double rel = t - phase.startS;
  for (std::size_t i = pattern.firstFlow; i < pattern.firstFlow + pattern.flowCount; ++i)
  {
    const TimelineFlow& f = timeline.flows[i];
    if (f.startS <= rel && rel < f.finishS)
    {
      out.push_back({ static_cast<int>(i), p, rateAt(timeline, f, rel) });
    }
  }
  return out;
}

std::vector<int> linksBusyAt(const CollectiveTimeline& timeline, double t)
{
  std::vector<int> out;
  for (const ActiveFlow& a : flowsActiveAt(timeline, t))
  {
    if (a.rateBps > 0)
    {
      const std::vector<int>& links = timeline.flows[a.flow].links;
      out.insert(out.end(), links.begin(), links.end());
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace myriad::engine::traffic
