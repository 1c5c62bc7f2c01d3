// Floor layout of a NetBox import (import_layout.h). Position sources in order: the
// netbox-floorplan-plugin canvas, the rack custom fields myriad_x_m / myriad_y_m /
// myriad_rotation_deg, else an assumed layout: racks grouped into rows by the letters of their
// name ("A01" → row A), each row ordered by facility id then name, rows 0.6 m apart plus a
// 1.2 m aisle, alternate rows facing each other (cold aisle between rows 0–1, 2–3, …).
#include "netbox/import_layout.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace myriad::engine::netbox::detail
{

namespace
{

constexpr double kAisleM = 1.2;        ///< assumed layout: aisle between facing rows
constexpr double kWallMarginM = 2.0;   ///< assumed layout and hall size: clearance to the walls
constexpr double kRowToleranceM = 0.3; ///< racks whose y differ less form one row

std::string rowKey(const NbRack& rack)
{
  std::string key;
  for (const char c : rack.name)
  {
    if (std::isdigit(static_cast<unsigned char>(c)))
      break;
    key += c;
  }
  if (const auto row = rack.customFields.find("myriad_row"); row != rack.customFields.end())
    key = row->second;
  return key;
}

/** Place a rack by its footprint centre and rotation; Myriad's racks face ±y only. */
void placeCentre(PlacedRack& placed, double xM, double yM, double rotationDeg,
                 std::vector<std::string>& warnings)
{
  placed.xM = xM - placed.widthM / 2;
  placed.yM = yM - placed.depthM / 2;
  placed.facing = facingOfRotation(rotationDeg);
  const double d = std::fmod(std::fmod(rotationDeg, 180.0) + 180.0, 180.0);
  if (std::abs(d - 90) < 45)
    warnings.push_back("rack " + std::to_string(placed.rack->id) + " (" + placed.rack->name +
                       "): turned " + std::to_string(static_cast<int>(std::lround(rotationDeg))) +
                       "°; Myriad's rows run along x, so it is drawn facing " +
                       (placed.facing == Facing::PlusY ? "+y" : "-y"));
}

const NbFloorplan* floorplanOf(const Inventory& inv, long site, long location)
{
  for (const auto& plan : inv.floorplans)
  {
    if (plan.site == site && plan.location == location)
      return &plan;
  }
  for (const auto& plan : inv.floorplans)
  {
    if (location >= 0 && plan.location == location)
      return &plan;
  }
  return nullptr;
}

/** Place from the floor plan; false when the plan does not hold every rack. */
bool placeFromFloorplan(HallLayout& hall, const NbFloorplan& plan,
                        std::vector<std::string>& warnings)
{
  std::map<long, const NbFloorPlacement*> byRack;
  for (const auto& p : plan.racks)
    byRack[p.rack] = &p;
  int missing = 0;
  for (auto& placed : hall.racks)
  {
    const auto it = byRack.find(placed.rack->id);
    if (it == byRack.end())
    {
      ++missing;
      warnings.push_back("rack " + std::to_string(placed.rack->id) + " (" + placed.rack->name +
                         "): not on floor plan " + std::to_string(plan.id) +
                         "; the hall's racks are laid out as assumed");
      continue;
    }
    placeCentre(placed, it->second->xM, it->second->yM, it->second->rotationDeg, warnings);
  }
  return missing == 0;
}

bool placeFromCustomFields(HallLayout& hall, std::vector<std::string>& warnings)
{
  for (const auto& placed : hall.racks)
  {
    if (!placed.rack->xM || !placed.rack->yM)
      return false;
  }
  for (auto& placed : hall.racks)
  {
    placeCentre(placed, *placed.rack->xM, *placed.rack->yM, placed.rack->rotationDeg.value_or(0),
                warnings);
  }
  return true;
}

void placeAssumed(HallLayout& hall)
{
  std::map<std::string, std::vector<PlacedRack*>> rows;
  for (auto& placed : hall.racks)
    rows[rowKey(*placed.rack)].push_back(&placed);
  double y = kWallMarginM;
  int index = 0;
  for (auto& [key, racks] : rows)
  {
    std::sort(racks.begin(), racks.end(),
              [](const PlacedRack* a, const PlacedRack* b)
              {
                return std::tie(a->rack->facilityId, a->rack->name) <
                       std::tie(b->rack->facilityId, b->rack->name);
              });
    double x = kWallMarginM, depth = 0;
    for (PlacedRack* placed : racks)
    {
      placed->xM = x;
      placed->yM = y;
      placed->facing = index % 2 == 0 ? Facing::PlusY : Facing::MinusY;
      x += placed->widthM;
      depth = std::max(depth, placed->depthM);
    }
    // Rows 0 and 1 face each other across a cold aisle; 1 and 2 back onto a hot aisle.
    y += depth + kAisleM;
    ++index;
  }
}

/** Hall size: given by the location's myriad_* fields, else the racks plus wall clearance. */
void sizeHall(HallLayout& hall, std::vector<std::string>& warnings)
{
  double minX = 0, minY = 0, maxX = 0, maxY = 0;
  for (const auto& r : hall.racks)
  {
    minX = std::min(minX, r.xM);
    minY = std::min(minY, r.yM);
    maxX = std::max(maxX, r.xM + r.widthM);
    maxY = std::max(maxY, r.yM + r.depthM);
  }
  if (minX < 0 || minY < 0)
  {
    warnings.push_back("hall " + hall.id +
                       ": racks at negative coordinates; the floor was "
                       "shifted so that every rack lies inside the hall");
    for (auto& r : hall.racks)
    {
      r.xM -= minX;
      r.yM -= minY;
    }
    maxX -= minX;
    maxY -= minY;
  }
  hall.widthM = maxX + kWallMarginM;
  hall.depthM = maxY + kWallMarginM;
  hall.heightM = 4.0;
  if (!hall.location)
    return;
  const auto& fields = hall.location->customFields;
  const auto given = [&](const char* key, double& out, double atLeast)
  {
    const auto it = fields.find(key);
    if (it == fields.end())
      return;
    char* end = nullptr;
    const double value = std::strtod(it->second.c_str(), &end);
    if (end != it->second.c_str() && value >= atLeast)
      out = value;
    else
      warnings.push_back("location " + std::to_string(hall.location->id) + ": custom field " + key +
                         " = \"" + it->second + "\" ignored (expected metres ≥ " +
                         std::to_string(atLeast) + ")");
  };
  given("myriad_width_m", hall.widthM, maxX);
  given("myriad_depth_m", hall.depthM, maxY);
  given("myriad_height_m", hall.heightM, 2.5);
}

} // namespace

Facing facingOfRotation(double degrees)
{
  const double d = std::fmod(std::fmod(degrees, 360.0) + 360.0, 360.0);
  return (d > 90 && d < 270) ? Facing::MinusY : Facing::PlusY;
}

const NbSite& chooseSite(const Inventory& inv, const std::string& slug)
{
  std::vector<const NbSite*> withRacks;
  std::string known;
  for (const auto& site : inv.sites)
  {
    known += (known.empty() ? "" : ", ") + site.slug;
    if (!slug.empty() && site.slug == slug)
      return site;
    const bool hasRacks = std::any_of(inv.racks.begin(), inv.racks.end(),
                                      [&](const NbRack& r) { return r.site == site.id; });
    if (hasRacks)
      withRacks.push_back(&site);
  }
  if (!slug.empty())
    throw SpecError("NetBox has no site with slug \"" + slug +
                    "\" (sites: " + (known.empty() ? "none" : known) + ")");
  if (withRacks.size() == 1)
    return *withRacks.front();
  if (withRacks.empty())
    throw SpecError("NetBox holds no site with racks (sites: " + (known.empty() ? "none" : known) +
                    ")");
  std::string names;
  for (const NbSite* s : withRacks)
    names += (names.empty() ? "" : ", ") + s->slug;
  throw SpecError("NetBox holds several sites with racks (" + names +
                  "); choose one with --site SLUG");
}

std::vector<HallLayout> layoutHalls(const Inventory& inv, const NbSite& site,
                                    const std::vector<std::pair<double, double>>& footprints,
                                    std::vector<std::string>& warnings)
{
  std::map<long, HallLayout> halls; // by location id, −1 = the site itself
  for (std::size_t i = 0; i < inv.racks.size(); ++i)
  {
    const NbRack& rack = inv.racks[i];
    if (rack.site != site.id)
      continue;
    HallLayout& hall = halls[rack.location];
    if (hall.id.empty())
    {
      hall.id = site.slug;
      hall.name = site.name;
      for (const auto& loc : inv.locations)
      {
        if (loc.id == rack.location)
        {
          hall.location = &loc;
          const auto given = loc.customFields.find("myriad_id");
          hall.id = given != loc.customFields.end() ? given->second
                    : loc.slug.empty()              ? "location-" + std::to_string(loc.id)
                                                    : loc.slug;
          hall.name = loc.name;
        }
      }
    }
    hall.racks.push_back({ &rack, 0, 0, footprints[i].first, footprints[i].second });
  }
  std::vector<HallLayout> out;
  for (auto& [location, hall] : halls)
  {
    const NbFloorplan* plan = floorplanOf(inv, site.id, location);
    if (plan && placeFromFloorplan(hall, *plan, warnings))
      hall.positionSource = "floorplan";
    else if (placeFromCustomFields(hall, warnings))
      hall.positionSource = "custom-fields";
    else
    {
      hall.positionSource = "assumed";
      placeAssumed(hall);
    }
    sizeHall(hall, warnings);
    out.push_back(std::move(hall));
  }
  return out;
}

std::vector<std::vector<int>> formRows(const HallLayout& hall)
{
  std::vector<int> order(hall.racks.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(),
            [&](int a, int b)
            {
              return std::tie(hall.racks[a].yM, hall.racks[a].xM) <
                     std::tie(hall.racks[b].yM, hall.racks[b].xM);
            });
  std::vector<std::vector<int>> rows;
  for (const int i : order)
  {
    const PlacedRack& r = hall.racks[i];
    std::vector<int>* row = nullptr;
    for (auto& candidate : rows)
    {
      const PlacedRack& first = hall.racks[candidate.front()];
      if (first.facing == r.facing && std::abs(first.yM - r.yM) < kRowToleranceM &&
          rowKey(*first.rack) == rowKey(*r.rack))
        row = &candidate;
    }
    if (!row)
      row = &rows.emplace_back();
    row->push_back(i);
  }
  for (auto& row : rows)
    std::sort(row.begin(), row.end(),
              [&](int a, int b) { return hall.racks[a].xM < hall.racks[b].xM; });
  return rows;
}

} // namespace myriad::engine::netbox::detail
