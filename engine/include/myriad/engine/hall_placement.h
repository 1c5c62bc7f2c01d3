#pragma once
/**
 * @file hall_placement.h
 * Where each hall stands in the 3D view's world frame.
 *
 * Every hall keeps its own frame (model.h: metres, origin at a floor corner); the models
 * (fabric, cabling, thermal) work in it. The view places the halls so that none overlaps:
 * the halls of one site side by side along X, kHallGapM apart; the sites one behind the other
 * along Y, kSiteGapM apart, in the order of Scene::sites (halls naming no site, as in a scene
 * without sites, form one group first). The distances between sites are not to scale: the
 * siting map (app) shows where the sites are.
 *
 *   world = hall frame + origin(hall)
 */

#include "myriad/engine/model.h"

#include <string>
#include <vector>

namespace myriad::engine
{

/** The gap between halls of one site and between sites in the view (m). */
inline constexpr double kHallGapM = 8.0;
inline constexpr double kSiteGapM = 40.0;

/** A hall's origin in the world frame (m); z is 0 for every hall. */
struct HallOrigin
{
  double xM = 0;
  double yM = 0;
};

/** One site's rectangle in the world frame (m), enclosing its halls: for labels and framing. */
struct SiteFootprint
{
  std::string site; ///< scene site id ("" for the halls naming no site)
  std::string name; ///< the site's name ("" when it has none)
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::vector<int> halls; ///< indices into Site::halls
};

/** The origin of every hall, in Site::halls order. */
std::vector<HallOrigin> hallOrigins(const Scene& scene);

/** The sites in view order (only those with halls). */
std::vector<SiteFootprint> siteFootprints(const Scene& scene);

} // namespace myriad::engine
