#pragma once
/**
 * @file path_trace.h
 * The path between two fabric devices (GPU NICs) hop by hop, as a flow between them takes it:
 * the equal-cost path set, the path the flow's ECMP hash picks, and per hop the devices and
 * ports, the link's rate and tier, its cable, its utilisation in the last traffic run and its
 * latency; with failed switches or cables taken out of service, the routes avoid them (re-route).
 *
 * Routing: EcmpRouter (collectives.h), the router the traffic model runs: per-flow ECMP
 * hashing hop by hop over the shortest paths that avoid failed devices and links; the path set is
 * its sprayRoutes (every usable shortest path, parallel cables apart, at most maxPaths).
 *
 * Latency of one packet on a hop (cut-through, no queueing), ns:
 *   t_hop = t_ser + t_prop + t_sw,
 *   t_ser = 8 · mtuBytes / rate             (the first packet is clocked onto the link once),
 *   t_prop = L_cable · τ_medium             (τ: the cable part's latencyNsPerM, catalog),
 *   t_sw = the receiving switch's port-to-port latency (catalog figure portLatencyNs; 0 at a NIC).
 * A figure the catalog lacks leaves its term out and the hop says so (missingFigures); an
 * uncabled link (same rack, no route) has t_prop = 0. Sum over hops: the path's one-way latency.
 * Utilisation of a hop: the traffic run's peak load of the hop's cable direction / link rate
 * (NaN without a run). Source of the method: IBTA cut-through forwarding; figures in
 * samples/catalog/catalog.json with their sources.
 */

#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/fabric_graph.h"

#include "myriad/engine/model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::traffic
{

/** InfiniBand's largest MTU (bytes): the packet the serialisation term clocks out. */
inline constexpr double kPathTraceMtuBytes = 4096;

struct PathTraceRequest
{
  int from = -1; ///< fabric device (a NIC)
  int to = -1;   ///< fabric device (a NIC)
  std::vector<int> failedDevices;
  std::vector<int> failedLinks;
  std::uint64_t flowKey = 0; ///< the flow's ECMP hash key
  int maxPaths = 64;         ///< most equal-cost paths listed
};

struct PathHop
{
  int from = -1;      ///< device
  int to = -1;        ///< device
  int link = -1;      ///< fabric link index
  int direction = -1; ///< cable direction: 2·link (a → b) or 2·link + 1 (b → a)
  int fromPort = -1;
  int toPort = -1;
  fabric::Tier tier = fabric::Tier::NodeLeaf;
  double rateBps = 0;
  double cableM = 0; ///< routed cable length; 0 when the link has no cable
  bool cabled = false;
  double utilisation = 0; ///< peak load / rate in the last traffic run; NaN without one
  double serializationNs = 0;
  double propagationNs = 0;
  double switchNs = 0;
  double latencyNs = 0;
  std::string missingFigures; ///< catalog figures this hop's latency lacks, "" when none
};

struct PathTrace
{
  std::vector<PathHop> hops;           ///< along the flow's path
  std::vector<int> devices;            ///< the flow's path, from … to
  std::vector<std::vector<int>> paths; ///< the equal-cost set as device sequences (≤ maxPaths)
  /**
   * How many equal-cost device sequences there are in all (parallel cables count once), counted
   * over the shortest-path graph without listing them: N(to) = 1, N(v) = Σ N(w) over the distinct
   * usable neighbours w one hop nearer. Can exceed paths.size() (the list stops at maxPaths).
   */
  double pathCount = 0;
  double latencyNs = 0;                    ///< Σ hops' latency
  double pathsWithoutFailures = 0;         ///< pathCount with nothing failed
  std::vector<int> devicesWithoutFailures; ///< the flow's path with nothing failed
  bool rerouted = false;                   ///< failures changed the flow's path
};

/**
 * Trace `request` on `graph`. `peakLoadBps`: per cable direction (2l, 2l + 1), the last traffic
 * run's peak load (WorkloadResult::peakLoadBps), or empty. Throws SpecError when an index is out
 * of range or the two devices are not connected (naming both ids, and that failures cut them).
 */
PathTrace tracePath(const fabric::FabricGraph& graph, const fabric::CablingResult& cabling,
                    const Catalog& catalog, const PathTraceRequest& request,
                    const std::vector<double>& peakLoadBps = {});

/**
 * The trace as JSON: {"from", "to", "latencyNs", "rerouted", "paths": [[device ids]], "pathCount",
 * "path": [device ids], "pathWithoutFailures": [...], "pathsWithoutFailures", "hops": [{"from",
 * "fromPort", "to", "toPort", "link", "tier", "rateGbps", "cabled", "cableM", "utilisation"
 * (null without a run), "serializationNs", "propagationNs", "switchNs", "latencyNs",
 * "missingFigures"}]}, devices by their fabric id.
 */
std::string pathTraceJson(const PathTrace& trace, const fabric::FabricGraph& graph);

/**
 * The fabric device a path starts or ends at, named by `id`: a fabric device id (a NIC
 * "<node>-NIC<i>" or a switch), or a GPU ("<node>-G<i>", query.h idOf), which sends through
 * NIC i of its node (DGX: one NIC per GPU on its own rail; with fewer NICs, i mod their count).
 * Throws SpecError naming the id and the forms it accepts.
 */
int pathEndpoint(const Scene& scene, const fabric::FabricGraph& graph, const std::string& id);

} // namespace myriad::engine::traffic
