#pragma once
/**
 * @file grid_rounding.h
 * What the thermal grid does to the hall's size. The grid has whole cells of edge h: along each
 * axis n = max(1, round(L / h)) cells (thermal_builder.cpp), so a hall of length L is modelled as
 * L' = n·h — a 3.5 m high hall at 0.2 m cells is solved 3.6 m high. The thermal command and the
 * Thermal dock say so whenever |L' − L| exceeds 1 mm, instead of changing the hall silently.
 */

#include <string>

namespace myriad::engine
{
struct Hall;
}

namespace myriad::engine::thermal
{

struct ThermalGrid;

struct GridRounding
{
  double widthM = 0, depthM = 0, heightM = 0;             ///< the hall's (m)
  double gridWidthM = 0, gridDepthM = 0, gridHeightM = 0; ///< the grid's n·h (m)
  double cellM = 0;
  /** True when any axis differs by more than 1 mm. */
  bool rounded() const;
  /** "height 3.50 m → 3.60 m" for each rounded axis, joined by ", "; empty when none is. */
  std::string describe() const;
};

GridRounding gridRounding(const Hall& hall, const ThermalGrid& grid);

} // namespace myriad::engine::thermal
