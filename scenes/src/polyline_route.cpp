// PolylineRoute: cumulative lengths and the point at a fraction of the length (polyline_route.h).
#include "polyline_route.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace myriad::scenes::detail
{

PolylineRoute makePolylineRoute(std::vector<std::array<double, 3>> points)
{
  PolylineRoute r;
  r.points = std::move(points);
  r.along.assign(r.points.size(), 0.0);
  for (std::size_t i = 1; i < r.points.size(); ++i)
  {
    const auto& a = r.points[i - 1];
    const auto& b = r.points[i];
    r.along[i] = r.along[i - 1] + std::hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  }
  return r;
}

std::array<double, 3> pointAlong(const PolylineRoute& route, double u)
{
  const double s = std::clamp(u, 0.0, 1.0) * route.along.back();
  const auto it = std::lower_bound(route.along.begin(), route.along.end(), s);
  const std::size_t j = std::clamp<std::size_t>(static_cast<std::size_t>(it - route.along.begin()),
                                                1, route.points.size() - 1);
  const double len = route.along[j] - route.along[j - 1];
  const double w = len > 0 ? (s - route.along[j - 1]) / len : 0.0;
  const auto& a = route.points[j - 1];
  const auto& b = route.points[j];
  return { a[0] + w * (b[0] - a[0]), a[1] + w * (b[1] - a[1]), a[2] + w * (b[2] - a[2]) };
}

} // namespace myriad::scenes::detail
