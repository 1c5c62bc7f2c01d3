#pragma once
/**
 * @file polyline_route.h
 * A polyline with the cumulative length at each point, and the point at a fraction of its
 * length: where a collective's chunk sits on a cable's route (CollectiveAnimation) and where the
 * path trace's pulse is (PathPulse). Internal to the scenes library.
 */

#include <array>
#include <vector>

namespace myriad::scenes::detail
{

struct PolylineRoute
{
  std::vector<std::array<double, 3>> points;
  std::vector<double> along; ///< length from points.front() at each point (scene units, m)
};

/** The route through `points` with its cumulative lengths. */
PolylineRoute makePolylineRoute(std::vector<std::array<double, 3>> points);

/**
 * The point at `u` (clamped to 0–1) of the route's length from its first point, linear within a
 * segment. The route must have at least two points.
 */
std::array<double, 3> pointAlong(const PolylineRoute& route, double u);

} // namespace myriad::scenes::detail
