// myriad-cli info FILE: what a scene holds (counts, IT power, cooling and feed capacity).
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/query.h"

#include <cstdio>
#include <map>

namespace myriad::cli
{

namespace
{

/** The scene's rail-optimised fabric: link count and bisection, or why it cannot be derived. */
struct FabricSummary
{
  long long links = -1;
  double bisectionBps = 0;
  std::string problem;
};

FabricSummary summariseFabric(const engine::Scene& scene, const engine::Catalog& catalog)
{
  FabricSummary summary;
  try
  {
    const auto graph = engine::fabric::buildSuperPod(scene, catalog);
    summary.links = static_cast<long long>(graph.links().size());
    summary.bisectionBps = engine::fabric::bisectionBandwidthBps(graph);
  }
  catch (const engine::Error& error)
  {
    summary.problem = error.what();
  }
  return summary;
}

int runInfo(const std::vector<std::string>& arguments)
{
  const Args args(arguments, {}, { "--json" });
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  const auto scene = loadSceneArgument(args.positional().front());
  const auto& catalog = engine::Catalog::builtin();
  const auto c = engine::countScene(scene, catalog);
  std::map<std::string, int> byRole;
  for (const auto& hall : scene.site.halls)
  {
    for (const auto& row : hall.rows)
    {
      for (const auto& rack : row.racks)
      {
        for (const auto& sw : rack.switches)
        {
          ++byRole[engine::toString(sw.role)];
        }
      }
    }
  }
  const FabricSummary fabric = summariseFabric(scene, catalog);
  if (args.has("--json"))
  {
    std::printf("{\"name\": \"%s\", \"halls\": %d, \"rows\": %d, \"racks\": %d, "
                "\"computeRacks\": %d, \"networkRacks\": %d, \"nodes\": %d, \"gpus\": %d, "
                "\"nics\": %d, \"switches\": %d, \"coolers\": %d, \"feeds\": %d, "
                "\"itPowerW\": %.1f, \"coolingCapacityW\": %.1f, \"feedCapacityW\": %.1f, "
                "\"fabricLinks\": %lld, \"bisectionBps\": %.1f}\n",
                scene.site.name.c_str(), c.halls, c.rows, c.racks, c.computeRacks, c.networkRacks,
                c.nodes, c.gpus, c.nics, c.switches, c.coolers, c.feeds, c.itPowerW,
                c.coolingCapacityW, c.feedCapacityW, fabric.links, fabric.bisectionBps);
    return 0;
  }
  std::string roles;
  for (const auto& [role, count] : byRole)
  {
    roles += (roles.empty() ? "" : ", ") + withCommas(count) + " " + role;
  }
  std::printf("Scene           %s\n", scene.site.name.c_str());
  std::printf("Halls           %d\n", c.halls);
  std::printf("Rows            %d\n", c.rows);
  std::printf("Racks           %s (%s compute, %s network)\n", withCommas(c.racks).c_str(),
              withCommas(c.computeRacks).c_str(), withCommas(c.networkRacks).c_str());
  std::printf("Nodes           %s\n", withCommas(c.nodes).c_str());
  std::printf("GPUs            %s\n", withCommas(c.gpus).c_str());
  std::printf("NICs            %s\n", withCommas(c.nics).c_str());
  std::printf("Switches        %s%s%s%s\n", withCommas(c.switches).c_str(),
              roles.empty() ? "" : " (", roles.c_str(), roles.empty() ? "" : ")");
  std::printf("IT power        %s (catalog maximum)\n", formatPower(c.itPowerW).c_str());
  std::printf("Cooling units   %d, %s capacity\n", c.coolers,
              formatPower(c.coolingCapacityW).c_str());
  std::printf("Power feeds     %d, %s rated\n", c.feeds, formatPower(c.feedCapacityW).c_str());
  if (fabric.links >= 0)
  {
    std::printf("Fabric          %s links, bisection %.1f Tb/s per direction "
                "(myriad-cli fabric routes the cables)\n",
                withCommas(fabric.links).c_str(), fabric.bisectionBps / 1e12);
  }
  else
  {
    std::printf("Fabric          not derived: %s\n", fabric.problem.c_str());
  }
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND({ "info", "counts, IT power, cooling and feed capacity of a scene",
                     "usage: myriad-cli info FILE [--json]\n"
                     "  FILE     a scene file, or builtin:NAME for a built-in sample\n"
                     "  --json   print the counts as one JSON object",
                     &runInfo });

} // namespace myriad::cli
