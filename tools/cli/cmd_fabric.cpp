// myriad-cli fabric FILE: generate the fabric of a scene, route every cable over the trays, and
// report switch counts, cables by medium, length, optics and their power, bisection bandwidth;
// optionally write the BOM and the cut sheet as CSV and a JSON summary.
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>
#include <string>

namespace myriad::cli
{

namespace
{

namespace fab = engine::fabric;

struct Summary
{
  std::map<std::string, int> switchesByTier;
  std::string text;
  std::string json;
};

std::string jsonString(const std::string& s)
{
  std::string out = "\"";
  for (const char c : s)
  {
    if (c == '"' || c == '\\')
    {
      out += '\\';
    }
    out += c;
  }
  return out + "\"";
}

std::string num(double v, const char* format = "%.3f")
{
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string mapJson(const std::map<std::string, int>& m)
{
  std::string out = "{";
  for (const auto& [k, v] : m)
  {
    out += (out.size() > 1 ? ", " : "") + jsonString(k) + ": " + std::to_string(v);
  }
  return out + "}";
}

std::string mapText(const std::map<std::string, int>& m)
{
  std::string out;
  for (const auto& [k, v] : m)
  {
    out += (out.empty() ? "" : ", ") + withCommas(v) + " " + k;
  }
  return out;
}

const char* levelName(int level)
{
  static const char* names[] = { "host", "leaf", "spine", "core" };
  return level >= 0 && level <= 3 ? names[level] : "other";
}

Summary summarise(const fab::FabricGraph& g, const fab::CablingResult& r, double genMs,
                  double routeMs)
{
  Summary s;
  for (const auto& d : g.devices())
  {
    if (d.kind == fab::DeviceKind::Switch)
    {
      ++s.switchesByTier[levelName(d.level)];
    }
  }
  std::map<std::string, int> linksByTier;
  for (const auto& l : g.links())
  {
    ++linksByTier[fab::toString(l.tier)];
  }
  int optics = 0;
  for (const auto& [part, n] : r.opticsByPart)
  {
    optics += n;
  }
  const double bisection = fab::bisectionBandwidthBps(g);
  double maxFill = 0;
  int overfull = 0, overHalf = 0;
  for (const auto& t : r.trays)
  {
    maxFill = std::max(maxFill, t.fill);
    overfull += t.fill > 1 ? 1 : 0;
    overHalf += t.fill > 0.5 ? 1 : 0;
  }
  std::string perTier, perTierJson = "{";
  for (const auto& t : fab::tierSummaries(g, r))
  {
    perTier += (perTier.empty() ? "" : ", ") + std::string(fab::toString(t.tier)) + " " +
               num(t.totalLengthM / 1000, "%.2f") + " km";
    perTierJson += (perTierJson.size() > 1 ? ", " : "") + jsonString(fab::toString(t.tier)) +
                   ": {\"links\": " + std::to_string(t.links) +
                   ", \"capacityBps\": " + num(t.capacityBps, "%.0f") +
                   ", \"cableLengthM\": " + num(t.totalLengthM, "%.2f") + "}";
  }
  perTierJson += "}";
  std::string over, overJson = "{";
  for (int level = 1; level <= 3; ++level)
  {
    const double o = fab::oversubscription(g, level);
    if (o > 0)
    {
      over +=
        (over.empty() ? "" : ", ") + std::string(levelName(level)) + " " + num(o, "%.2f") + ":1";
      overJson +=
        (overJson.size() > 1 ? ", " : "") + jsonString(levelName(level)) + ": " + num(o, "%.4f");
    }
  }
  overJson += "}";
  s.text = "Topology        " + g.topology + "\n" + "Switches        " + mapText(s.switchesByTier) +
           "\n" + "Links           " + mapText(linksByTier) + "\n" + "Cables          " +
           withCommas(static_cast<long long>(r.cables.size())) + " (" + mapText(r.cablesByMedium) +
           ")\n" + "Cable length    " + num(r.totalLengthM / 1000, "%.2f") + " km in all (" +
           perTier + ")\n" + "Trays           " + std::to_string(r.trays.size()) +
           " segments, fullest " + num(100 * maxFill, "%.0f") + " %, " + std::to_string(overHalf) +
           " over 50 %, " + std::to_string(overfull) + " over 100 %\n" + "Optics          " +
           withCommas(optics) + " transceivers (" + mapText(r.opticsByPart) + "), " +
           formatPower(r.opticsPowerW) + "\n" + "Oversubscription " +
           (over.empty() ? std::string("n/a") : over) + "\n" + "Bisection       " +
           num(bisection / 1e12, "%.1f") + " Tb/s per direction" +
           (g.topology == "superpod per site"
              ? " (the smallest site's; between sites: the DCI links, myriad-cli sites)"
              : "") +
           "\n" + "Unreachable     " + std::to_string(r.unreachable) + " cables\n" +
           "Time            generate " + num(genMs, "%.1f") + " ms, route " + num(routeMs, "%.1f") +
           " ms\n";
  s.json =
    "{\"topology\": " + jsonString(g.topology) + ", \"switches\": " + mapJson(s.switchesByTier) +
    ", \"links\": " + mapJson(linksByTier) + ", \"cables\": " + std::to_string(r.cables.size()) +
    ", \"cablesByMedium\": " + mapJson(r.cablesByMedium) +
    ", \"totalCableLengthM\": " + num(r.totalLengthM, "%.2f") + ", \"tiers\": " + perTierJson +
    ", \"traySegments\": " + std::to_string(r.trays.size()) +
    ", \"maxTrayFill\": " + num(maxFill, "%.4f") +
    ", \"overfullTraySegments\": " + std::to_string(overfull) +
    ", \"traySegmentsOver50Percent\": " + std::to_string(overHalf) +
    ", \"optics\": " + std::to_string(optics) + ", \"opticsByPart\": " + mapJson(r.opticsByPart) +
    ", \"opticsPowerW\": " + num(r.opticsPowerW, "%.2f") + ", \"oversubscription\": " + overJson +
    ", \"bisectionBps\": " + num(bisection, "%.0f") +
    ", \"unreachableCables\": " + std::to_string(r.unreachable) +
    ", \"generateMs\": " + num(genMs, "%.2f") + ", \"routeMs\": " + num(routeMs, "%.2f") + "}\n";
  return s;
}

int runFabric(const std::vector<std::string>& arguments)
{
  const Args args(
    arguments, { "--topology", "--bom", "--cutsheet", "--trays", kOut, "--slack", "--placement" });
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  const std::string topology = args.value("--topology", "superpod");
  bool known = false;
  for (const auto& name : fab::topologyNames())
  {
    known = known || name == topology;
  }
  if (!known)
  {
    throw UsageError("--topology " + topology +
                     ": expected superpod, clos, torus, dragonfly or dual-plane");
  }
  std::optional<engine::SwitchPlacement> placement;
  if (args.has("--placement"))
  {
    placement = engine::switchPlacementFromString(args.value("--placement"));
    if (!placement)
    {
      throw UsageError("--placement " + args.value("--placement") +
                       ": expected per-su, end-of-row, middle-of-row or central-row");
    }
  }
  fab::CablingOptions options;
  options.slackMinM = args.number("--slack", options.slackMinM, 0, 100);
  const auto scene = loadSceneArgument(args.positional().front());
  const auto& catalog = engine::Catalog::builtin();
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const fab::FabricGraph graph = placement
                                   ? fab::generateForScene(topology, scene, catalog, *placement)
                                   : fab::generateForScene(topology, scene, catalog);
  const auto t1 = Clock::now();
  const fab::CablingResult result = fab::routeCables(graph, scene, catalog, options);
  const auto t2 = Clock::now();
  const auto ms = [](auto a, auto b)
  { return std::chrono::duration<double, std::milli>(b - a).count(); };
  const Summary s = summarise(graph, result, ms(t0, t1), ms(t1, t2));
  std::fputs(s.text.c_str(), stdout);
  if (args.has("--bom"))
  {
    engine::writeFileAtomically(args.value("--bom"),
                                fab::bomCsv(fab::billOfMaterials(graph, result, catalog)));
  }
  if (args.has("--cutsheet"))
  {
    engine::writeFileAtomically(args.value("--cutsheet"), fab::cutSheetCsv(graph, result, scene));
  }
  if (args.has("--trays"))
  {
    engine::writeFileAtomically(args.value("--trays"), fab::trayCsv(result));
  }
  if (args.has("--out"))
  {
    engine::writeFileAtomically(args.value("--out"), s.json);
  }
  int errors = 0;
  for (const auto& d : result.diagnostics)
  {
    const bool error = d.severity == engine::Severity::Error;
    errors += error ? 1 : 0;
    if (errors <= 10 || !error)
    {
      std::fprintf(stderr, "%s: %s\n", error ? "error" : "warning", d.message.c_str());
    }
  }
  return errors > 0 ? 1 : 0;
}

} // namespace

MYRIAD_CLI_COMMAND({ "fabric", "generate the fabric, route every cable, BOM and cut sheet",
                     "usage: myriad-cli fabric FILE [--topology NAME] [--bom bom.csv]\n"
                     "                         [--cutsheet cables.csv] [-o summary.json]\n"
                     "                         [--trays trays.csv] [--slack M]\n"
                     "                         [--placement WHERE]\n"
                     "  FILE        a scene file, or builtin:NAME for a built-in sample\n"
                     "  --topology  superpod (default: the scene's switches), clos, torus,\n"
                     "              dragonfly or dual-plane (switches placed in network racks)\n"
                     "  --bom       write the bill of materials as CSV\n"
                     "  --cutsheet  write one CSV row per cable (A/B rack, unit, port, medium,\n"
                     "              length)\n"
                     "  --trays     write one CSV row per tray segment (cables, chosen tray\n"
                     "              size and levels, fill)\n"
                     "  --placement re-place leaf, spine and core switches in the scene's network\n"
                     "              racks: per-su, end-of-row, middle-of-row or central-row\n"
                     "              (default: the scene's own switch units)\n"
                     "  -o, --out   write the summary as JSON\n"
                     "  --slack     minimum slack per cable in m, 0 to 100 (default 1; 5 % when\n"
                     "              longer)\n"
                     "Exit status 1 when a cable is longer than every medium's reach or a tray\n"
                     "segment is over 100 % full (over 50 % is a warning).",
                     &runFabric });

} // namespace myriad::cli
