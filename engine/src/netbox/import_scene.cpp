// NetBox inventory → scene (netbox.h): halls and racks from import_layout, devices as nodes and
// switches through the parts map (unknown types as placeholder parts), power feeds, recorded
// cables. Every object left out is named in a warning (NetBox object type and id).
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/netbox/netbox.h"
#include "netbox/import_devices.h"
#include "netbox/import_layout.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace myriad::engine::netbox
{

using namespace detail;

namespace
{

/** The catalog enclosure for a NetBox rack: its myriad_model if known, else the rack part with
 *  enough units whose footprint is closest to the rack's outer width and depth. */
const Part& enclosureFor(const NbRack& rack, const Catalog& catalog)
{
  if (const auto m = rack.customFields.find("myriad_model"); m != rack.customFields.end())
  {
    if (const Part* part = catalog.find(m->second); part && part->category == "rack")
      return *part;
  }
  const Part* best = nullptr;
  double bestScore = 1e18;
  for (const auto& id : catalog.idsOf("rack"))
  {
    const Part& part = catalog.part(id);
    const double units = part.valueOr("units", 42);
    const double w = rack.outerWidthM > 0 ? rack.outerWidthM : 0.6;
    const double d = rack.outerDepthM > 0 ? rack.outerDepthM : 1.2;
    const double score = std::abs(part.valueOr("widthM", 0.6) - w) +
                         std::abs(part.valueOr("depthM", 1.2) - d) +
                         (units < rack.uHeight ? 100.0 : 0.0) + 0.001 * units;
    if (score < bestScore)
    {
      bestScore = score;
      best = &part;
    }
  }
  if (!best)
    throw SpecError("the catalog has no rack enclosure part");
  return *best;
}

RackKind kindOf(const NbRack& rack, const Rack& built)
{
  if (const auto k = rack.customFields.find("myriad_kind"); k != rack.customFields.end())
  {
    if (const auto kind = rackKindFromString(k->second))
      return *kind;
  }
  const std::string& role = rack.role;
  if (role.find("network") != std::string::npos || role.find("switch") != std::string::npos)
    return RackKind::Network;
  if (role.find("storage") != std::string::npos)
    return RackKind::Storage;
  if (role.find("power") != std::string::npos)
    return RackKind::Power;
  if (role.find("cool") != std::string::npos)
    return RackKind::Cooling;
  return built.nodes.empty() && !built.switches.empty() ? RackKind::Network : RackKind::Compute;
}

/** Power feeds of the hall's racks: capacity = V · A · (√3 three-phase) · max utilisation. */
void importFeeds(const Inventory& inv, Hall& hall, std::map<long, Rack*>& racksById)
{
  for (const auto& feed : inv.feeds)
  {
    const auto rack = racksById.find(feed.rack);
    if (rack == racksById.end())
      continue;
    PowerFeed built;
    built.id = "feed-" + std::to_string(feed.id);
    built.name = feed.name.empty() ? built.id : feed.name;
    built.voltageV = feed.voltageV > 0 ? feed.voltageV : 415;
    built.capacityW = built.voltageV * feed.amperage * (feed.threePhase ? std::sqrt(3.0) : 1.0) *
                      feed.maxUtilizationPct / 100.0;
    if (std::none_of(hall.feeds.begin(), hall.feeds.end(),
                     [&](const PowerFeed& f) { return f.id == built.id; }))
      hall.feeds.push_back(built);
    rack->second->feeds.push_back(built.id);
  }
}

} // namespace

ImportResult importScene(const Inventory& inv, const Catalog& catalog, const ImportOptions& options)
{
  ImportResult result;
  const NbSite& site = chooseSite(inv, options.siteSlug);
  std::vector<std::pair<double, double>> footprints;
  std::vector<const Part*> enclosures;
  for (const auto& rack : inv.racks)
  {
    enclosures.push_back(&enclosureFor(rack, catalog));
    footprints.emplace_back(enclosures.back()->valueOr("widthM", 0.6),
                            enclosures.back()->valueOr("depthM", 1.2));
  }
  const std::vector<HallLayout> layouts = layoutHalls(inv, site, footprints, result.warnings);
  Scene& scene = result.scene;
  scene.site.name = site.name.empty() ? site.slug : site.name;
  DeviceImporter devices(inv, catalog, options.parts, result);
  for (const auto& layout : layouts)
  {
    Hall hall;
    hall.id = layout.id;
    hall.name = layout.name;
    hall.widthM = layout.widthM;
    hall.depthM = layout.depthM;
    hall.heightM = layout.heightM;
    const auto rows = formRows(layout);
    for (std::size_t r = 0; r < rows.size(); ++r)
    {
      Row row;
      const NbRack& first = *layout.racks[rows[r].front()].rack;
      const auto named = first.customFields.find("myriad_row");
      row.id = named != first.customFields.end() ? named->second
                                                 : hall.id + "-row-" + std::to_string(r + 1);
      row.name = row.id;
      for (const int k : rows[r])
      {
        const PlacedRack& placed = layout.racks[k];
        Rack rack;
        rack.id =
          placed.rack->name.empty() ? "rack-" + std::to_string(placed.rack->id) : placed.rack->name;
        const auto index = static_cast<std::size_t>(placed.rack - inv.racks.data());
        rack.model = enclosures[index]->id;
        rack.xM = placed.xM;
        rack.yM = placed.yM;
        rack.facing = placed.facing;
        devices.fill(*placed.rack, rack, scene.site.halls.size());
        rack.kind = kindOf(*placed.rack, rack);
        row.racks.push_back(std::move(rack));
        ++result.racks;
      }
      hall.rows.push_back(std::move(row));
    }
    result.positionSources.push_back(layout.positionSource);
    scene.site.halls.push_back(std::move(hall));
  }
  for (auto& hall : scene.site.halls)
  {
    std::map<long, Rack*> racksById = devices.racksById(hall);
    importFeeds(inv, hall, racksById);
  }
  devices.importCables(scene);
  devices.warnUnplaced(site);
  return result;
}

} // namespace myriad::engine::netbox
