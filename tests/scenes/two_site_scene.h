#pragma once
// The two-site scene of the multi-site view tests (tests/scenes/test_hall_sites.cpp and
// tests/app/test_hall_sites_view.cpp), built from the lab-256 sample. Engine only.

#include "myriad/engine/catalog.h"
#include "myriad/engine/model.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <string>

namespace myriad::tests
{

/**
 * A scene of two sites, one hall each: lab-256's hall at "ulanqab-cn" and a copy of it at
 * "guian-cn". The copy's hall id is "H2" and every id inside it (rows, racks, nodes, switches,
 * coolers, feeds, tiles, grilles, recorded cables) and every hostname carries the prefix "B-", so
 * ids stay unique; references inside the hall (rack feeds, a rear door's rack) follow, and its
 * scalable units are numbered after the original's. Both halls keep their own frame: the copy's
 * racks have the same xM, yM as the original's, and only the view places the halls apart
 * (engine/hall_placement.h).
 */
inline engine::Scene twoSiteScene()
{
  engine::Scene scene = engine::loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/lab-256.json",
                                          engine::Catalog::builtin());
  engine::Hall copy = scene.site.halls.front();
  const auto prefixed = [](std::string& id) { id = "B-" + id; };
  // The copy's scalable units are numbered after the original's, so that the two halls form
  // one fabric (a leaf per scalable unit and rail) rather than two clashing ones.
  int suCount = 0;
  for (const engine::Row& row : copy.rows)
    for (const engine::Rack& rack : row.racks)
    {
      for (const engine::Node& node : rack.nodes)
        suCount = std::max(suCount, node.scalableUnit + 1);
      for (const engine::Switch& sw : rack.switches)
        suCount = std::max(suCount, sw.scalableUnit + 1);
    }
  const auto renumbered = [suCount](int& su) { su = su >= 0 ? su + suCount : su; };
  copy.id = "H2";
  copy.name = "Hall 2";
  for (engine::Row& row : copy.rows)
  {
    prefixed(row.id);
    for (engine::Rack& rack : row.racks)
    {
      prefixed(rack.id);
      for (std::string& feed : rack.feeds)
        prefixed(feed);
      for (engine::Node& node : rack.nodes)
      {
        prefixed(node.id);
        prefixed(node.hostname);
        renumbered(node.scalableUnit);
      }
      for (engine::Switch& sw : rack.switches)
      {
        prefixed(sw.id);
        renumbered(sw.scalableUnit);
      }
    }
  }
  for (engine::CoolingUnit& cooler : copy.coolers)
  {
    prefixed(cooler.id);
    if (!cooler.rackId.empty())
      prefixed(cooler.rackId);
  }
  for (engine::PowerFeed& feed : copy.feeds)
    prefixed(feed.id);
  for (engine::FloorTile& tile : copy.tiles)
    prefixed(tile.id);
  for (engine::ReturnGrille& grille : copy.grilles)
    prefixed(grille.id);
  for (engine::RecordedCable& cable : copy.cables)
  {
    prefixed(cable.id);
    prefixed(cable.aDevice);
    prefixed(cable.bDevice);
  }
  scene.site.halls.push_back(std::move(copy));
  engine::SceneSite ulanqab;
  ulanqab.id = "north";
  ulanqab.reference = "ulanqab-cn";
  engine::SceneSite guian;
  guian.id = "south";
  guian.reference = "guian-cn";
  scene.sites = { ulanqab, guian };
  scene.site.halls[0].site = "north";
  scene.site.halls[1].site = "south";
  return scene;
}

} // namespace myriad::tests
