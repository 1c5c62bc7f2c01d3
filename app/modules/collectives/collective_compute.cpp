// computeCollective: members, the simulated collective with its timeline, level of detail.
#include "collective_compute.h"

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/collective_members.h"
#include "myriad/engine/traffic/hierarchical.h"
#include "myriad/engine/traffic/workload.h"

#include <algorithm>

namespace myriad::app
{

namespace fab = engine::fabric;
namespace tr = engine::traffic;

namespace
{

/** The GPU part of the scene's first server (catalog attribute "gpu"); empty when none. */
std::string firstGpuPart(const engine::Scene& scene, const engine::Catalog& catalog)
{
  for (const engine::Hall& hall : scene.site.halls)
  {
    for (const engine::Row& row : hall.rows)
    {
      for (const engine::Rack& rack : row.racks)
      {
        for (const engine::Node& node : rack.nodes)
        {
          const engine::Part* server = catalog.find(node.model);
          if (server && server->attributes.count("gpu") != 0U)
          {
            return server->attributes.at("gpu");
          }
        }
      }
    }
  }
  return {};
}

tr::CollectiveTimeline hierarchical(const fab::FabricGraph& graph, const engine::Scene& scene,
                                    const engine::Catalog& catalog, int gpus, double bytes,
                                    ComputedCollective& out)
{
  out.gpuPart = firstGpuPart(scene, catalog);
  if (out.gpuPart.empty())
  {
    throw engine::SpecError("hierarchical all-reduce: the scene has no server with a GPU part");
  }
  out.nvlinkBytesPerS = tr::gpuFigures(catalog, out.gpuPart).nvlinkBytesPerS;
  tr::GpuNetwork net(graph, out.nvlinkBytesPerS); // throws when the figure is missing
  const tr::GpuCluster& cluster = net.cluster();
  // Whole nodes only: the algorithm reduces inside each node first.
  const int perNode = std::max(1, cluster.gpusPerNode);
  const int members = std::max(perNode, gpus / perNode * perNode);
  std::vector<std::vector<int>> groups(1);
  for (int g = 0; g < members && g < cluster.size(); ++g)
  {
    groups.front().push_back(g);
  }
  out.gpus = static_cast<int>(groups.front().size());
  return tr::hierarchicalAllReduceTimeline(net, groups, bytes);
}

} // namespace

int computeGpuCount(const fab::FabricGraph& graph)
{
  return static_cast<int>(tr::computeNics(graph).size());
}

ComputedCollective computeCollective(const fab::FabricGraph& graph, const engine::Scene& scene,
                                     const engine::Catalog& catalog,
                                     const CollectiveRequest& request)
{
  const std::vector<int> nics = tr::computeNics(graph);
  const int gpus = request.gpus > 0 ? std::min<int>(request.gpus, static_cast<int>(nics.size()))
                                    : static_cast<int>(nics.size());
  if (gpus < 2)
  {
    throw engine::SpecError("collective: the fabric has " + std::to_string(nics.size()) +
                            " GPU NICs on a rail; a collective needs at least 2");
  }
  if (!(request.bytes > 0))
  {
    throw engine::SpecError("collective: size per GPU must be > 0 bytes");
  }
  ComputedCollective out;
  out.gpus = gpus;
  const std::vector<int> members = request.kind == CollectiveKind::HierarchicalAllReduce
                                     ? std::vector<int>{}
                                     : tr::collectiveMembers(graph, gpus, request.order);
  if (!members.empty())
  {
    out.span = tr::memberSpan(graph, members);
  }
  tr::CollectiveTimeline flows;
  switch (request.kind)
  {
    case CollectiveKind::RingAllReduce:
      flows = tr::ringAllReduceTimeline(graph, members, request.bytes);
      break;
    case CollectiveKind::AllToAll:
      if (gpus > kMaxAllToAllGpus)
      {
        throw engine::SpecError("all-to-all: " + std::to_string(gpus) + " GPUs; at most " +
                                std::to_string(kMaxAllToAllGpus) + " (n(n − 1) flows)");
      }
      flows = tr::allToAllTimeline(graph, members, request.bytes);
      break;
    case CollectiveKind::HierarchicalAllReduce:
      flows = hierarchical(graph, scene, catalog, gpus, request.bytes, out);
      break;
  }
  out.simulatedFlows = flows.flows.size();
  const tr::TimelineLevel level = request.level.value_or(
    flows.flows.size() > kAutoDetailFlows ? tr::TimelineLevel::Rack : tr::TimelineLevel::Flow);
  out.timeline = level == tr::TimelineLevel::Flow ? std::move(flows)
                                                  : tr::aggregateTimeline(flows, graph, level);
  return out;
}

} // namespace myriad::app
