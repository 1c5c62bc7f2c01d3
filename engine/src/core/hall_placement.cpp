// Where each hall stands in the view's world frame (hall_placement.h).
#include "myriad/engine/hall_placement.h"

#include <algorithm>

namespace myriad::engine
{

std::vector<SiteFootprint> siteFootprints(const Scene& scene)
{
  std::vector<SiteFootprint> groups;
  groups.push_back({});
  for (const SceneSite& site : scene.sites)
  {
    groups.push_back({ site.id, site.name.empty() ? site.reference : site.name, 0, 0, 0, 0, {} });
  }
  const auto& halls = scene.site.halls;
  for (std::size_t h = 0; h < halls.size(); ++h)
  {
    auto it = std::find_if(groups.begin() + 1, groups.end(),
                           [&](const SiteFootprint& g) { return g.site == halls[h].site; });
    (it == groups.end() ? groups.front() : *it).halls.push_back(static_cast<int>(h));
  }
  groups.erase(std::remove_if(groups.begin(), groups.end(),
                              [](const SiteFootprint& g) { return g.halls.empty(); }),
               groups.end());
  double y = 0;
  for (SiteFootprint& g : groups)
  {
    double x = 0, depth = 0;
    for (int h : g.halls)
    {
      const Hall& hall = halls[static_cast<std::size_t>(h)];
      x += (x > 0 ? kHallGapM : 0) + hall.widthM;
      depth = std::max(depth, hall.depthM);
    }
    g.x0 = 0;
    g.y0 = y;
    g.x1 = x;
    g.y1 = y + depth;
    y = g.y1 + kSiteGapM;
  }
  return groups;
}

std::vector<HallOrigin> hallOrigins(const Scene& scene)
{
  std::vector<HallOrigin> origins(scene.site.halls.size());
  for (const SiteFootprint& g : siteFootprints(scene))
  {
    double x = g.x0;
    for (int h : g.halls)
    {
      origins[static_cast<std::size_t>(h)] = { x, g.y0 };
      x += scene.site.halls[static_cast<std::size_t>(h)].widthM + kHallGapM;
    }
  }
  return origins;
}

} // namespace myriad::engine
