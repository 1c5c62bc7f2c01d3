// myriad-cli path FILE --from ID --to ID: the path a flow between two GPUs (or NICs, switches)
// takes over the scene's SuperPOD fabric, hop by hop (device, port, tier, rate, cable,
// utilisation of the last run of --job, latency), the equal-cost set, and the re-route when
// switches (--fail) or cables (--fail-link) are out of service (engine/traffic/path_trace.h).
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/path_trace.h"
#include "myriad/engine/traffic/workload.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace fab = engine::fabric;
namespace tr = engine::traffic;

/** --fail-link A:B: the first cable between devices A and B. */
int linkBetween(const fab::FabricGraph& g, const std::string& spec)
{
  const std::size_t colon = spec.find(':');
  if (colon == std::string::npos)
  {
    throw UsageError("path: --fail-link " + spec + ": expected DEVICE_A:DEVICE_B");
  }
  const int a = g.find(spec.substr(0, colon));
  const int b = g.find(spec.substr(colon + 1));
  if (a < 0 || b < 0)
  {
    throw UsageError("path: --fail-link " + spec + ": no fabric device " +
                     (a < 0 ? spec.substr(0, colon) : spec.substr(colon + 1)));
  }
  for (const int l : g.linksOf(a))
  {
    if (g.peer(l, a) == b)
    {
      return l;
    }
  }
  throw UsageError("path: --fail-link " + spec + ": the two devices have no cable between them");
}

/** The last run's peak load per cable direction, from --job (empty without). */
std::vector<double> peakLoads(const Args& args, const fab::FabricGraph& g,
                              const engine::Scene& scene, const std::vector<int>& failed)
{
  if (!args.has("--job"))
  {
    return {};
  }
  return tr::simulateWorkload(g, engine::Catalog::builtin(), jobsFromArgs(args, scene), failed)
    .peakLoadBps;
}

void printTrace(const tr::PathTrace& t, const fab::FabricGraph& g, std::uint64_t key)
{
  std::printf("Path            %s → %s: %zu hops, %.0f equal-cost paths, %zu listed (flow key "
              "%llu)\n",
              g.device(t.devices.front()).id.c_str(), g.device(t.devices.back()).id.c_str(),
              t.hops.size(), t.pathCount, t.paths.size(), static_cast<unsigned long long>(key));
  std::printf("%3s  %-26s %5s  %-26s %5s  %-10s %7s %8s %6s %9s\n", "#", "from", "port", "to",
              "port", "tier", "Gb/s", "cable m", "util", "latency");
  double ser = 0, prop = 0, sw = 0;
  for (std::size_t i = 0; i < t.hops.size(); ++i)
  {
    const tr::PathHop& h = t.hops[i];
    char util[16] = "-";
    if (std::isfinite(h.utilisation))
    {
      std::snprintf(util, sizeof util, "%.0f %%", 100 * h.utilisation);
    }
    char cable[16] = "-";
    if (h.cabled)
    {
      std::snprintf(cable, sizeof cable, "%.1f", h.cableM);
    }
    std::printf("%3zu  %-26s %5d  %-26s %5d  %-10s %7.0f %8s %6s %6.0f ns%s%s\n", i + 1,
                g.device(h.from).id.c_str(), h.fromPort, g.device(h.to).id.c_str(), h.toPort,
                fab::toString(h.tier), h.rateBps / 1e9, cable, util, h.latencyNs,
                h.missingFigures.empty() ? "" : "  without ", h.missingFigures.c_str());
    ser += h.serializationNs;
    prop += h.propagationNs;
    sw += h.switchNs;
  }
  std::printf("Latency         %.3f µs one way, one %g-byte packet, no queueing (serialisation "
              "%.0f ns, cables %.0f ns, switches %.0f ns)\n",
              t.latencyNs / 1e3, tr::kPathTraceMtuBytes, ser, prop, sw);
  std::printf("Re-routed       %s (%.0f equal-cost paths with nothing failed)\n",
              t.rerouted ? "yes: the failures moved the flow off its usual path" : "no",
              t.pathsWithoutFailures);
}

int runPath(const std::vector<std::string>& raw)
{
  const Args args(raw,
                  { "--from", "--to", "--fail", "--fail-link", "--job", "--key", "--paths", kOut });
  if (args.positional().size() != 1)
  {
    throw UsageError("path: expected exactly one scene FILE");
  }
  args.require("--from", "ID (a GPU <node>-G<i>, a NIC or a switch)");
  args.require("--to", "ID (a GPU <node>-G<i>, a NIC or a switch)");
  tr::PathTraceRequest request;
  request.flowKey = static_cast<std::uint64_t>(args.integer("--key", 0, 0, 1LL << 53));
  request.maxPaths = static_cast<int>(args.integer("--paths", 64, 1, 100000));
  const engine::Scene scene = loadSceneArgument(args.positional()[0]);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const fab::FabricGraph g = fab::buildSuperPod(scene, catalog);
  request.from = tr::pathEndpoint(scene, g, args.value("--from"));
  request.to = tr::pathEndpoint(scene, g, args.value("--to"));
  for (const std::string& id : args.values("--fail"))
  {
    const int d = g.find(id);
    if (d < 0)
    {
      throw UsageError("path: --fail " + id + ": no device with that id in the fabric");
    }
    request.failedDevices.push_back(d);
  }
  for (const std::string& spec : args.values("--fail-link"))
  {
    request.failedLinks.push_back(linkBetween(g, spec));
  }
  const fab::CablingResult cabling = fab::routeCables(g, scene, catalog);
  const std::vector<double> loads = peakLoads(args, g, scene, request.failedDevices);
  const tr::PathTrace trace = tr::tracePath(g, cabling, catalog, request, loads);
  printTrace(trace, g, request.flowKey);
  if (args.has("--out"))
  {
    engine::writeFileAtomically(args.value("--out"), tr::pathTraceJson(trace, g));
  }
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "path", "the path between two GPUs hop by hop, with latency and re-routes",
    "usage: myriad-cli path FILE --from ID --to ID [--fail ID ...] [--fail-link A:B ...]\n"
    "                       [--job JOB.json ...] [--key K] [--paths N] [-o trace.json]\n"
    "  FILE                  a scene file, or builtin:NAME\n"
    "  --from ID, --to ID    a GPU (<node>-G<i>: it sends through NIC i of its node), a NIC\n"
    "                        (<node>-NIC<i>) or a switch id\n"
    "  --fail ID             take a switch (or NIC) out of service; repeatable\n"
    "  --fail-link A:B       take the first cable between devices A and B out of service;\n"
    "                        repeatable\n"
    "  --job FILE            run this training job first: each hop's utilisation is its\n"
    "                        cable direction's peak load in that run / the link rate\n"
    "  --key K               the flow's ECMP hash key, a whole number ≥ 0 (default 0)\n"
    "  --paths N             most equal-cost paths listed and drawn (default 64; all are\n"
    "                        counted)\n"
    "  -o, --out FILE        also write the trace as JSON (atomically)\n"
    "Latency per hop = serialisation of one 4096-byte packet + cable length × the cable's\n"
    "latencyNsPerM + the receiving switch's portLatencyNs (catalog; a missing figure is named\n"
    "on its hop and left out). Model: docs/models/fabric.md, \"Path trace\".",
    &runPath });

} // namespace myriad::cli
