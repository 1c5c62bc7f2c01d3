#pragma once
// Floor layout of a NetBox import (internal): which racks form a hall, where each stands and
// which way it faces, and the rows they form (import_layout.cpp).
#include "myriad/engine/netbox/netbox.h"

#include <string>
#include <vector>

namespace myriad::engine::netbox::detail
{

/** One NetBox rack placed on the hall floor. */
struct PlacedRack
{
  const NbRack* rack = nullptr;
  double xM = 0, yM = 0; ///< footprint corner with the smallest x and y
  double widthM = 0.6, depthM = 1.2;
  Facing facing = Facing::PlusY;
};

/** The racks of one hall (a NetBox location, or the site when racks have none). */
struct HallLayout
{
  std::string id, name;
  const NbLocation* location = nullptr;
  std::vector<PlacedRack> racks;
  std::string positionSource; ///< "floorplan", "custom-fields" or "assumed"
  double widthM = 0, depthM = 0, heightM = 0;
};

/** The site to import: by slug, else the only one with racks. Throws SpecError. */
const NbSite& chooseSite(const Inventory& inventory, const std::string& slug);

/**
 * Group the site's racks into halls and place them: the floor-plan plugin's canvas, else the
 * myriad_* custom fields, else an assumed layout (rows by name prefix, ordered by facility id).
 * `footprint` gives a rack's width and depth in metres; warnings name the NetBox rack.
 */
std::vector<HallLayout> layoutHalls(const Inventory& inventory, const NbSite& site,
                                    const std::vector<std::pair<double, double>>& footprints,
                                    std::vector<std::string>& warnings);

/** Rack indices of `hall.racks` grouped into rows: same facing and y, ordered by x. */
std::vector<std::vector<int>> formRows(const HallLayout& hall);

/** Myriad facing of a NetBox rotation in degrees (0 → +Y, 180 → −Y; rows run along x). */
Facing facingOfRotation(double degrees);

} // namespace myriad::engine::netbox::detail
