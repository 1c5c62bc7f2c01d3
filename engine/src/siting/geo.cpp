// Great-circle distance and site locations (siting/geo.h).
#include "myriad/engine/siting/geo.h"

#include "economics/economics_data.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <cmath>
#include <numbers>

namespace myriad::engine::siting
{

namespace
{
double radians(double degrees)
{
  return degrees * std::numbers::pi / 180.0;
}
} // namespace

double greatCircleKm(const GeoPoint& a, const GeoPoint& b)
{
  const double phi1 = radians(a.latitudeDeg);
  const double phi2 = radians(b.latitudeDeg);
  const double dPhi = phi2 - phi1;
  const double dLambda = radians(b.longitudeDeg - a.longitudeDeg);
  const double s1 = std::sin(dPhi / 2);
  const double s2 = std::sin(dLambda / 2);
  const double h = s1 * s1 + std::cos(phi1) * std::cos(phi2) * s2 * s2;
  return 2 * kEarthMeanRadiusKm * std::asin(std::sqrt(std::min(1.0, h)));
}

void requireValidPoint(const GeoPoint& point, const std::string& field)
{
  if (!std::isfinite(point.latitudeDeg) || point.latitudeDeg < -90 || point.latitudeDeg > 90)
  {
    throw SpecError(field + ": latitude must be within −90…90 degrees, got " +
                    std::to_string(point.latitudeDeg));
  }
  if (!std::isfinite(point.longitudeDeg) || point.longitudeDeg < -180 || point.longitudeDeg > 180)
  {
    throw SpecError(field + ": longitude must be within −180…180 degrees, got " +
                    std::to_string(point.longitudeDeg));
  }
}

GeoPoint siteLocation(const std::string& siteId, const Catalog& catalog)
{
  const Part* part = economics::detail::findEconomicsPart(catalog, "site-" + siteId);
  if (part == nullptr || part->category != "site")
  {
    throw SpecError("site '" + siteId + "': unknown site");
  }
  const auto lat = part->figures.find("latitude");
  const auto lon = part->figures.find("longitude");
  if (lat == part->figures.end() || lon == part->figures.end())
  {
    throw SpecError("site '" + siteId +
                    "': no location (figures \"latitude\" and \"longitude\" in degrees)");
  }
  const GeoPoint point{ lat->second.value, lon->second.value };
  requireValidPoint(point, "site '" + siteId + "'");
  return point;
}

} // namespace myriad::engine::siting
