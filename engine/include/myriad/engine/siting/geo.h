#pragma once
/**
 * @file geo.h
 * Where a site is and how far apart two sites are.
 *
 * Great-circle distance by the haversine formula on a sphere of the Earth's mean radius
 * R = 6,371.0 km (IUGG mean radius R1 = 6,371.0088 km; the sphere is within 0.5 % of the
 * ellipsoid's geodesic, far below the uncertainty of a fibre route):
 *   h = sin²(Δφ/2) + cos φ₁ · cos φ₂ · sin²(Δλ/2),   d = 2R · asin(√h)
 * with φ latitude and λ longitude in radians. Source: R. W. Sinnott, "Virtues of the Haversine",
 * Sky and Telescope 68(2), 1984 (docs/references.md#haversine).
 */

#include <string>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::siting
{

inline constexpr double kEarthMeanRadiusKm = 6371.0088;

/** A point on the Earth in decimal degrees (WGS 84): latitude −90…90, longitude −180…180. */
struct GeoPoint
{
  double latitudeDeg = 0;
  double longitudeDeg = 0;
};

/** Great-circle distance in km (file comment). */
double greatCircleKm(const GeoPoint& a, const GeoPoint& b);

/**
 * The location of the named site (reference data part "site-<id>", figures "latitude" and
 * "longitude"). Throws SpecError naming the site when it is unknown or has no location.
 */
GeoPoint siteLocation(const std::string& siteId, const Catalog& catalog);

/** Throws SpecError naming `field` unless the point's latitude and longitude are in range. */
void requireValidPoint(const GeoPoint& point, const std::string& field);

} // namespace myriad::engine::siting
