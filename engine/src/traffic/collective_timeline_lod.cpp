/**
 * @file collective_timeline_lod.cpp
 * Level of detail for collective timelines (flows merged into node, rack or rail arrows with
 * summed rates) and the timeline's JSON form (docs/models/traffic.md, "Event timeline").
 * Model: collective_timeline.h.
 */

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/collective_timeline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>
#include <utility>

namespace myriad::engine::traffic
{

namespace fab = fabric;

const char* toString(TimelineLevel level)
{
  switch (level)
  {
    case TimelineLevel::Node:
      return "node";
    case TimelineLevel::Rack:
      return "rack";
    case TimelineLevel::Rail:
      return "rail";
    case TimelineLevel::Flow:
      break;
  }
  return "flow";
}

bool parseTimelineLevel(const std::string& name, TimelineLevel& out)
{
  for (const TimelineLevel l :
       { TimelineLevel::Flow, TimelineLevel::Node, TimelineLevel::Rack, TimelineLevel::Rail })
  {
    if (name == toString(l))
    {
      out = l;
      return true;
    }
  }
  return false;
}

namespace
{

/** Group of each device at a level: a key that orders groups, and the group's label. */
std::pair<std::tuple<int, int, int, int>, std::string> groupOf(const fab::Device& d, int index,
                                                               TimelineLevel level)
{
  switch (level)
  {
    case TimelineLevel::Node:
    {
      if (d.host < 0)
      {
        return { { 1, index, 0, 0 }, d.id }; // no node: the device is its own group
      }
      const std::size_t cut = d.id.rfind("-NIC");
      return { { 0, d.host, 0, 0 }, cut == std::string::npos ? d.id : d.id.substr(0, cut) };
    }
    case TimelineLevel::Rack:
    {
      if (!d.location.placed())
      {
        return { { 1, 0, 0, 0 }, "unplaced" };
      }
      const fab::Location& l = d.location;
      char label[64];
      std::snprintf(label, sizeof label, "H%d/R%d/K%d", l.hall, l.row, l.rack);
      return { { 0, l.hall, l.row, l.rack }, label };
    }
    case TimelineLevel::Rail:
    {
      std::string label = "no rail";
      if (d.rail >= 0)
      {
        label = "rail ";
        label += std::to_string(d.rail);
      }
      return { { d.rail < 0 ? 1 : 0, d.rail, 0, 0 }, label };
    }
    case TimelineLevel::Flow:
      break;
  }
  return { { 0, index, 0, 0 }, d.id };
}

/** The summed rate of `members` (flows of `tl`) on the union of their segment bounds. */
void sumRates(const CollectiveTimeline& tl, const std::vector<int>& members, TimelineFlow& arrow,
              std::vector<RateSegment>& out)
{
  std::vector<std::pair<double, double>> edges; // (time, ± rate)
  for (const int i : members)
  {
    const TimelineFlow& f = tl.flows[i];
    for (std::size_t s = f.firstSegment; s < f.firstSegment + f.segmentCount; ++s)
    {
      edges.emplace_back(tl.segments[s].t0S, tl.segments[s].rateBps);
      edges.emplace_back(tl.segments[s].t1S, -tl.segments[s].rateBps);
    }
  }
  std::sort(edges.begin(), edges.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  arrow.firstSegment = out.size();
  double rate = 0;
  int open = 0; // segments in progress: at 0 the sum is exactly 0, whatever the rounding
  for (std::size_t i = 0; i < edges.size();)
  {
    const double t = edges[i].first;
    for (; i < edges.size() && edges[i].first == t; ++i)
    {
      rate += edges[i].second;
      open += edges[i].second > 0 ? 1 : -1;
    }
    if (open == 0)
    {
      rate = 0;
    }
    if (i < edges.size() && rate > 0)
    {
      out.push_back({ t, edges[i].first, rate });
    }
  }
  arrow.segmentCount = out.size() - arrow.firstSegment;
}

/** One arrow from `members` (flows of `tl`): bytes, times, links and rates (segments to `out`). */
TimelineFlow mergeFlows(const CollectiveTimeline& tl, const std::vector<int>& members,
                        std::vector<RateSegment>& out)
{
  TimelineFlow arrow;
  arrow.merged = static_cast<int>(members.size());
  arrow.startS = tl.flows[members.front()].startS;
  arrow.finishS = tl.flows[members.front()].finishS;
  for (const int i : members)
  {
    const TimelineFlow& f = tl.flows[i];
    arrow.bytes += f.bytes;
    arrow.startS = std::min(arrow.startS, f.startS);
    arrow.finishS = std::max(arrow.finishS, f.finishS);
    arrow.links.insert(arrow.links.end(), f.links.begin(), f.links.end());
  }
  std::sort(arrow.links.begin(), arrow.links.end());
  arrow.links.erase(std::unique(arrow.links.begin(), arrow.links.end()), arrow.links.end());
  sumRates(tl, members, arrow, out);
  return arrow;
}

} // namespace

CollectiveTimeline aggregateTimeline(const CollectiveTimeline& timeline,
                                     const fab::FabricGraph& graph, TimelineLevel level)
{
  if (timeline.level != TimelineLevel::Flow)
  {
    throw SpecError(std::string("timeline: aggregating a timeline already at level ") +
                    toString(timeline.level));
  }
  if (level == TimelineLevel::Flow)
  {
    return timeline;
  }
  CollectiveTimeline out;
  out.collective = timeline.collective;
  out.level = level;
  out.endS = timeline.endS;
  out.phases = timeline.phases;
  std::map<std::tuple<int, int, int, int>, int> groupIndex;
  std::map<int, int> groupOfDevice;
  auto group = [&](int device)
  {
    const auto found = groupOfDevice.find(device);
    if (found != groupOfDevice.end())
    {
      return found->second;
    }
    const auto [key, label] = groupOf(graph.device(device), device, level);
    const auto [it, added] = groupIndex.emplace(key, static_cast<int>(out.groupLabels.size()));
    if (added)
    {
      out.groupLabels.push_back(label);
      out.groupDevice.push_back(device);
    }
    groupOfDevice.emplace(device, it->second);
    return it->second;
  };
  for (std::size_t p = 0; p < timeline.patterns.size(); ++p)
  {
    const TimelinePattern& in = timeline.patterns[p];
    std::map<std::tuple<bool, int, int>, std::vector<int>> arrows; // (nvlink, src, dst) → flows
    for (std::size_t i = in.firstFlow; i < in.firstFlow + in.flowCount; ++i)
    {
      const TimelineFlow& f = timeline.flows[i];
      arrows[{ f.nvlink, group(f.src), group(f.dst) }].push_back(static_cast<int>(i));
    }
    TimelinePattern pattern = in;
    pattern.firstFlow = out.flows.size();
    for (const auto& [key, members] : arrows)
    {
      TimelineFlow arrow = mergeFlows(timeline, members, out.segments);
      arrow.pattern = static_cast<int>(p);
      std::tie(arrow.nvlink, arrow.src, arrow.dst) = key;
      out.flows.push_back(std::move(arrow));
    }
    pattern.flowCount = out.flows.size() - pattern.firstFlow;
    out.patterns.push_back(pattern);
  }
  return out;
}

namespace
{

void appendNumber(std::string& out, double x)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  out += buf;
}

void appendString(std::string& out, const std::string& text)
{
  // Escaped as the trace exporter does it (trace_export.cpp): nlohmann-json's string dump.
  out += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void appendFlow(std::string& out, const CollectiveTimeline& tl, const TimelineFlow& f,
                const fab::FabricGraph& graph)
{
  const bool flowLevel = tl.level == TimelineLevel::Flow;
  out += "{\"src\": ";
  appendString(out, flowLevel ? graph.device(f.src).id : tl.groupLabels.at(f.src));
  out += ", \"dst\": ";
  appendString(out, flowLevel ? graph.device(f.dst).id : tl.groupLabels.at(f.dst));
  out += f.nvlink ? ", \"nvlink\": true" : ", \"nvlink\": false";
  out += ", \"merged\": " + std::to_string(f.merged) + ", \"bytes\": ";
  appendNumber(out, f.bytes);
  out += ", \"startS\": ";
  appendNumber(out, f.startS);
  out += ", \"finishS\": ";
  appendNumber(out, f.finishS);
  out += ", \"links\": [";
  for (std::size_t i = 0; i < f.links.size(); ++i)
  {
    out += (i ? ", " : "") + std::to_string(f.links[i]);
  }
  out += "], \"segments\": [";
  for (std::size_t s = 0; s < f.segmentCount; ++s)
  {
    const RateSegment& seg = tl.segments[f.firstSegment + s];
    out += s ? ", [" : "[";
    appendNumber(out, seg.t0S);
    out += ", ";
    appendNumber(out, seg.t1S);
    out += ", ";
    appendNumber(out, seg.rateBps);
    out += "]";
  }
  out += "]}";
}

/** The cable directions the flows use: id, from, to, tier, rate. */
void appendCables(std::string& out, const CollectiveTimeline& tl, const fab::FabricGraph& graph)
{
  std::vector<int> used;
  for (const TimelineFlow& f : tl.flows)
  {
    used.insert(used.end(), f.links.begin(), f.links.end());
  }
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  out += "  \"cables\": [";
  for (std::size_t i = 0; i < used.size(); ++i)
  {
    const fab::Link& l = graph.links().at(used[i] / 2);
    const bool ab = used[i] % 2 == 0;
    out += i ? ",\n    {\"id\": " : "\n    {\"id\": ";
    out += std::to_string(used[i]) + ", \"from\": ";
    appendString(out, graph.device(ab ? l.a.device : l.b.device).id);
    out += ", \"to\": ";
    appendString(out, graph.device(ab ? l.b.device : l.a.device).id);
    out += std::string(", \"tier\": \"") + fab::toString(l.tier) + "\", \"rateBps\": ";
    appendNumber(out, l.rateBps);
    out += "}";
  }
  out += "\n  ],\n";
}

} // namespace

std::string timelineJson(const CollectiveTimeline& tl, const fab::FabricGraph& graph)
{
  std::string out = "{\n  \"format\": \"myriad-collective-timeline\",\n  \"version\": 1,\n";
  out += "  \"collective\": ";
  appendString(out, tl.collective);
  out += std::string(",\n  \"level\": \"") + toString(tl.level) + "\",\n  \"endS\": ";
  appendNumber(out, tl.endS);
  out += ",\n  \"groups\": [";
  for (std::size_t g = 0; g < tl.groupLabels.size(); ++g)
  {
    out += g ? ", {\"label\": " : "{\"label\": ";
    appendString(out, tl.groupLabels[g]);
    out += ", \"device\": ";
    appendString(out, graph.device(tl.groupDevice[g]).id);
    out += "}";
  }
  out += "],\n";
  appendCables(out, tl, graph);
  out += "  \"phases\": [";
  for (std::size_t p = 0; p < tl.phases.size(); ++p)
  {
    const TimelinePhase& ph = tl.phases[p];
    out += p ? ",\n    {\"name\": " : "\n    {\"name\": ";
    appendString(out, ph.name);
    out += std::string(", \"kind\": \"") + toString(ph.kind) + "\", \"scope\": \"" +
           toString(ph.scope) + "\", \"step\": " + std::to_string(ph.step) + ", \"startS\": ";
    appendNumber(out, ph.startS);
    out += ", \"endS\": ";
    appendNumber(out, ph.endS);
    out += ", \"pattern\": " + std::to_string(ph.pattern) + "}";
  }
  out += "\n  ],\n  \"patterns\": [";
  for (std::size_t p = 0; p < tl.patterns.size(); ++p)
  {
    const TimelinePattern& pat = tl.patterns[p];
    out += p ? ",\n    {\"durationS\": " : "\n    {\"durationS\": ";
    appendNumber(out, pat.durationS);
    out += ", \"omittedFlows\": " + std::to_string(pat.omittedFlows) + ", \"flows\": [";
    for (std::size_t i = 0; i < pat.flowCount; ++i)
    {
      out += i ? ",\n      " : "\n      ";
      appendFlow(out, tl, tl.flows[pat.firstFlow + i], graph);
    }
    out += "]}";
  }
  out += "\n  ]\n}\n";
  return out;
}

} // namespace myriad::engine::traffic
