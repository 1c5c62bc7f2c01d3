// The fabric of a multi-site scene: one SuperPOD per site, side by side (topology.h).
#include "fabric/multi_site_fabric.h"

#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/query.h"

#include <algorithm>

namespace myriad::engine::fabric::detail
{

namespace
{

/** Index, in scene order, of the first node of every hall. */
std::vector<int> firstNodeOfHall(const Scene& scene)
{
  std::vector<int> first;
  int nodes = 0;
  for (const Hall& hall : scene.site.halls)
  {
    first.push_back(nodes);
    for (const Row& row : hall.rows)
      for (const Rack& rack : row.racks)
        nodes += static_cast<int>(rack.nodes.size());
  }
  return first;
}

} // namespace

FabricGraph buildSitePods(const Scene& scene,
                          const std::function<FabricGraph(const Scene&)>& buildOne)
{
  FabricGraph g;
  g.topology = "superpod per site";
  const std::vector<int> fullFirst = firstNodeOfHall(scene);
  int suOffset = 0; // SUs numbered on from site to site, so that each stays one group
  for (const SceneSite& site : scene.sites)
  {
    const Scene sub = siteSubScene(scene, site.id);
    if (sub.site.halls.empty())
    {
      continue;
    }
    std::vector<int> hallIndex; // sub-scene hall → scene hall
    for (std::size_t h = 0; h < scene.site.halls.size(); ++h)
    {
      if (scene.site.halls[h].site == site.id)
      {
        hallIndex.push_back(static_cast<int>(h));
      }
    }
    const std::vector<int> subFirst = firstNodeOfHall(sub);
    const FabricGraph one = buildOne(sub);
    const int offset = static_cast<int>(g.devices().size());
    int highestSu = -1;
    g.reserve(g.devices().size() + one.devices().size(), g.links().size() + one.links().size());
    for (Device d : one.devices())
    {
      if (d.location.hall >= 0)
      {
        const int local = d.location.hall;
        d.location.hall = hallIndex.at(static_cast<std::size_t>(local));
        if (d.host >= 0)
        {
          d.host += fullFirst.at(static_cast<std::size_t>(d.location.hall)) -
                    subFirst.at(static_cast<std::size_t>(local));
        }
      }
      if (d.scalableUnit >= 0)
      {
        d.scalableUnit += suOffset;
        highestSu = std::max(highestSu, d.scalableUnit);
      }
      g.addDevice(std::move(d));
    }
    suOffset = std::max(suOffset, highestSu + 1);
    for (const Link& link : one.links())
    {
      g.connectPorts({ link.a.device + offset, link.a.port },
                     { link.b.device + offset, link.b.port }, link.rateBps, link.tier);
    }
    const double cut = bisectionBandwidthBps(one);
    g.analyticBisectionBps =
      g.links().size() == one.links().size() ? cut : std::min(g.analyticBisectionBps, cut);
  }
  return g;
}

} // namespace myriad::engine::fabric::detail
