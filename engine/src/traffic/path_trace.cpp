/**
 * @file path_trace.cpp
 * tracePath: the flow's ECMP path with per-hop figures and latency (path_trace.h states the
 * model), the equal-cost set, and the path with nothing failed to tell a re-route.
 */

#include "myriad/engine/traffic/path_trace.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"
#include "myriad/engine/traffic/collectives.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

namespace myriad::engine::traffic
{

namespace fab = engine::fabric;

namespace
{

/** Devices along a route of cable directions starting at `from`. */
std::vector<int> devicesOf(const fab::FabricGraph& graph, int from, const std::vector<int>& route)
{
  std::vector<int> devices{ from };
  for (const int direction : route)
  {
    const fab::Link& link = graph.links().at(static_cast<std::size_t>(direction / 2));
    devices.push_back(direction % 2 == 0 ? link.b.device : link.a.device);
  }
  return devices;
}

EcmpRouter makeRouter(const fab::FabricGraph& graph, const PathTraceRequest& request)
{
  EcmpRouter router(graph);
  for (const int d : request.failedDevices)
  {
    router.failDevice(d);
  }
  for (const int l : request.failedLinks)
  {
    if (l < 0 || l >= static_cast<int>(graph.links().size()))
    {
      throw SpecError("path trace: failed link " + std::to_string(l) + " out of range (0–" +
                      std::to_string(graph.links().size() - 1) + ")");
    }
    router.failLink(l);
  }
  return router;
}

/** A catalog figure of `part`, NaN when the part or figure is unknown. */
double figureOf(const Catalog& catalog, const std::string& part, const std::string& key)
{
  const Part* p = part.empty() ? nullptr : catalog.find(part);
  return p ? p->valueOr(key, std::numeric_limits<double>::quiet_NaN())
           : std::numeric_limits<double>::quiet_NaN();
}

struct HopContext
{
  const fab::FabricGraph& graph;
  const fab::CablingResult& cabling;
  const Catalog& catalog;
  const std::vector<int>& cableOfLink;
  const std::vector<double>& peakLoadBps;
};

PathHop makeHop(const HopContext& c, int direction)
{
  const fab::Link& link = c.graph.links().at(static_cast<std::size_t>(direction / 2));
  const bool forward = direction % 2 == 0;
  PathHop hop;
  hop.link = direction / 2;
  hop.direction = direction;
  hop.from = forward ? link.a.device : link.b.device;
  hop.to = forward ? link.b.device : link.a.device;
  hop.fromPort = forward ? link.a.port : link.b.port;
  hop.toPort = forward ? link.b.port : link.a.port;
  hop.tier = link.tier;
  hop.rateBps = link.rateBps;
  hop.utilisation = static_cast<std::size_t>(direction) < c.peakLoadBps.size() && link.rateBps > 0
                      ? c.peakLoadBps[static_cast<std::size_t>(direction)] / link.rateBps
                      : std::numeric_limits<double>::quiet_NaN();
  hop.serializationNs = link.rateBps > 0 ? 8.0 * kPathTraceMtuBytes / link.rateBps * 1e9 : 0.0;
  std::vector<std::string> missing;
  const int cable = c.cableOfLink[static_cast<std::size_t>(hop.link)];
  if (cable >= 0)
  {
    const fab::Cable& cab = c.cabling.cables[static_cast<std::size_t>(cable)];
    hop.cabled = true;
    hop.cableM = cab.lengthM;
    const std::string part =
      cab.medium >= 0 ? c.cabling.media[static_cast<std::size_t>(cab.medium)].cablePart : "";
    const double nsPerM = figureOf(c.catalog, part, "latencyNsPerM");
    if (std::isfinite(nsPerM))
    {
      hop.propagationNs = cab.lengthM * nsPerM;
    }
    else
    {
      missing.push_back((part.empty() ? std::string("cable") : part) + ".latencyNsPerM");
    }
  }
  const fab::Device& to = c.graph.device(hop.to);
  if (to.kind == fab::DeviceKind::Switch)
  {
    const double ns = figureOf(c.catalog, to.model, "portLatencyNs");
    if (std::isfinite(ns))
    {
      hop.switchNs = ns;
    }
    else
    {
      missing.push_back((to.model.empty() ? to.id : to.model) + ".portLatencyNs");
    }
  }
  hop.latencyNs = hop.serializationNs + hop.propagationNs + hop.switchNs;
  for (const std::string& m : missing)
  {
    hop.missingFigures += (hop.missingFigures.empty() ? "" : ", ") + m;
  }
  return hop;
}

/** The equal-cost set as distinct device sequences (parallel cables count once). */
std::vector<std::vector<int>> pathSet(const fab::FabricGraph& graph, EcmpRouter& router,
                                      const PathTraceRequest& r)
{
  std::set<std::vector<int>> distinct;
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& route : router.sprayRoutes(r.from, r.to, r.flowKey, r.maxPaths))
  {
    std::vector<int> devices = devicesOf(graph, r.from, route);
    if (distinct.insert(devices).second)
    {
      out.push_back(std::move(devices));
    }
  }
  return out;
}

/**
 * Equal-cost device sequences from request.from to request.to avoiding failed devices and
 * cables: breadth-first distances d from `to`, then N(to) = 1 and N(v) = Σ N(w) over distinct
 * usable neighbours w with d(w) = d(v) − 1, taken in order of increasing d. Doubles: a large
 * fat tree has more paths than an int holds. 0 when the two are not connected.
 */
double countEqualCostPaths(const fab::FabricGraph& graph, const PathTraceRequest& r)
{
  const std::size_t n = graph.devices().size();
  std::vector<char> deviceDown(n, 0);
  std::vector<char> linkDown(graph.links().size(), 0);
  for (const int d : r.failedDevices)
  {
    deviceDown.at(static_cast<std::size_t>(d)) = 1;
  }
  for (const int l : r.failedLinks)
  {
    linkDown.at(static_cast<std::size_t>(l)) = 1;
  }
  auto usable = [&](int v, int l) { return !linkDown[l] && !deviceDown[graph.peer(l, v)]; };
  std::vector<int> dist(n, -1);
  std::vector<int> order{ r.to }; // breadth-first order: nondecreasing distance
  dist[static_cast<std::size_t>(r.to)] = 0;
  for (std::size_t i = 0; i < order.size() && dist[static_cast<std::size_t>(r.from)] < 0; ++i)
  {
    const int v = order[i];
    for (const int l : graph.linksOf(v))
    {
      const int w = graph.peer(l, v);
      if (usable(v, l) && dist[static_cast<std::size_t>(w)] < 0)
      {
        dist[static_cast<std::size_t>(w)] = dist[static_cast<std::size_t>(v)] + 1;
        order.push_back(w);
      }
    }
  }
  if (deviceDown[static_cast<std::size_t>(r.from)] || deviceDown[static_cast<std::size_t>(r.to)] ||
      dist[static_cast<std::size_t>(r.from)] < 0)
  {
    return 0;
  }
  std::vector<double> count(n, 0.0);
  count[static_cast<std::size_t>(r.to)] = 1;
  std::vector<int> seen;
  for (const int v : order)
  {
    seen.clear();
    for (const int l : graph.linksOf(v))
    {
      const int w = graph.peer(l, v);
      if (usable(v, l) &&
          dist[static_cast<std::size_t>(w)] == dist[static_cast<std::size_t>(v)] - 1 &&
          std::find(seen.begin(), seen.end(), w) == seen.end())
      {
        seen.push_back(w); // parallel cables to w: one device sequence
        count[static_cast<std::size_t>(v)] += count[static_cast<std::size_t>(w)];
      }
    }
  }
  return count[static_cast<std::size_t>(r.from)];
}

} // namespace

PathTrace tracePath(const fab::FabricGraph& graph, const fab::CablingResult& cabling,
                    const Catalog& catalog, const PathTraceRequest& request,
                    const std::vector<double>& peakLoadBps)
{
  const int devices = static_cast<int>(graph.devices().size());
  if (request.from < 0 || request.from >= devices || request.to < 0 || request.to >= devices)
  {
    throw SpecError("path trace: device index out of range (0–" + std::to_string(devices - 1) +
                    ")");
  }
  if (request.from == request.to)
  {
    throw SpecError("path trace: " + graph.device(request.from).id + " to itself");
  }
  PathTrace trace;
  {
    PathTraceRequest intact = request;
    intact.failedDevices.clear();
    intact.failedLinks.clear();
    EcmpRouter router(graph);
    trace.devicesWithoutFailures =
      devicesOf(graph, request.from, router.route(request.from, request.to, request.flowKey));
    trace.pathsWithoutFailures = countEqualCostPaths(graph, intact);
  }
  EcmpRouter router = makeRouter(graph, request);
  std::vector<int> route;
  try
  {
    route = router.route(request.from, request.to, request.flowKey);
  }
  catch (const SpecError& error)
  {
    throw SpecError(std::string(error.what()) + " (with " +
                    std::to_string(request.failedDevices.size()) + " devices and " +
                    std::to_string(request.failedLinks.size()) + " cables out of service)");
  }
  trace.devices = devicesOf(graph, request.from, route);
  trace.paths = pathSet(graph, router, request);
  trace.pathCount = countEqualCostPaths(graph, request);
  trace.rerouted = trace.devices != trace.devicesWithoutFailures;
  std::vector<int> cableOfLink(graph.links().size(), -1);
  for (std::size_t c = 0; c < cabling.cables.size(); ++c)
  {
    const int link = cabling.cables[c].link;
    if (link >= 0 && static_cast<std::size_t>(link) < cableOfLink.size())
    {
      cableOfLink[static_cast<std::size_t>(link)] = static_cast<int>(c);
    }
  }
  const HopContext context{ graph, cabling, catalog, cableOfLink, peakLoadBps };
  for (const int direction : route)
  {
    trace.hops.push_back(makeHop(context, direction));
    trace.latencyNs += trace.hops.back().latencyNs;
  }
  return trace;
}

std::string pathTraceJson(const PathTrace& trace, const fab::FabricGraph& graph)
{
  using nlohmann::json;
  const auto ids = [&](const std::vector<int>& devices)
  {
    json out = json::array();
    for (const int d : devices)
    {
      out.push_back(graph.device(d).id);
    }
    return out;
  };
  json hops = json::array();
  for (const PathHop& h : trace.hops)
  {
    hops.push_back({ { "from", graph.device(h.from).id },
                     { "fromPort", h.fromPort },
                     { "to", graph.device(h.to).id },
                     { "toPort", h.toPort },
                     { "link", h.link },
                     { "tier", fab::toString(h.tier) },
                     { "rateGbps", h.rateBps / 1e9 },
                     { "cabled", h.cabled },
                     { "cableM", h.cableM },
                     { "utilisation", std::isfinite(h.utilisation) ? json(h.utilisation) : json() },
                     { "serializationNs", h.serializationNs },
                     { "propagationNs", h.propagationNs },
                     { "switchNs", h.switchNs },
                     { "latencyNs", h.latencyNs },
                     { "missingFigures", h.missingFigures } });
  }
  json paths = json::array();
  for (const std::vector<int>& p : trace.paths)
  {
    paths.push_back(ids(p));
  }
  const json out = { { "from", graph.device(trace.devices.front()).id },
                     { "to", graph.device(trace.devices.back()).id },
                     { "latencyNs", trace.latencyNs },
                     { "rerouted", trace.rerouted },
                     { "path", ids(trace.devices) },
                     { "pathWithoutFailures", ids(trace.devicesWithoutFailures) },
                     { "pathsWithoutFailures", trace.pathsWithoutFailures },
                     { "paths", paths },
                     { "pathCount", trace.pathCount },
                     { "hops", hops } };
  return out.dump(2) + "\n";
}

int pathEndpoint(const Scene& scene, const fab::FabricGraph& graph, const std::string& id)
{
  const int direct = graph.find(id);
  if (direct >= 0)
  {
    return direct;
  }
  const std::optional<ObjectRef> ref = findById(scene, id);
  if (ref && ref->kind == ObjectKind::Gpu)
  {
    const Node& node =
      scene.site.halls.at(ref->hall).rows.at(ref->row).racks.at(ref->rack).nodes.at(ref->node);
    if (!node.nics.empty())
    {
      const Gpu& gpu = node.gpus.at(ref->item);
      const Nic& nic = node.nics[static_cast<std::size_t>(gpu.index) % node.nics.size()];
      const int device = graph.find(node.id + "-NIC" + std::to_string(nic.index));
      if (device >= 0)
      {
        return device;
      }
    }
    throw SpecError("path: GPU " + id + " has no NIC in the fabric");
  }
  throw SpecError("path: no GPU (<node>-G<i>), NIC (<node>-NIC<i>) or switch with id \"" + id +
                  "\"");
}

} // namespace myriad::engine::traffic
