#pragma once
/**
 * @file grid_cells.h
 * Boxes of the world frame → index ranges of the thermal grid (thermal_problem.h): a box occupies
 * the cells whose centres lie inside it, at least the cell holding its midpoint on each axis, so
 * geometry is rounded to ±h/2 with h the cell edge.
 */

#include "myriad/engine/assert.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_problem.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace myriad::engine::thermal::detail
{

/** Inclusive cell index ranges; empty when i1 < i0. */
struct CellRange
{
  int i0 = 0, i1 = -1, j0 = 0, j1 = -1, k0 = 0, k1 = -1;
};

/** Cells whose centres lie in [a, b) along one axis; at least the cell holding the midpoint. */
inline void axisRange(double a, double b, double origin, double h, int n, int& lo, int& hi)
{
  MYRIAD_ASSERT(n > 0 && h > 0, "a thermal grid axis without cells");
  lo = int(std::ceil((a - origin) / h - 0.5));
  hi = int(std::floor((b - origin) / h - 0.5 - 1e-9));
  if (hi < lo)
    lo = hi = int(std::floor(((a + b) / 2 - origin) / h));
  lo = std::clamp(lo, 0, n - 1);
  hi = std::clamp(hi, 0, n - 1);
}

inline CellRange cellRange(const ThermalGrid& g, const Box& b)
{
  CellRange r;
  axisRange(b.x0, b.x1, g.x0, g.cellM, g.nx, r.i0, r.i1);
  axisRange(b.y0, b.y1, g.y0, g.cellM, g.ny, r.j0, r.j1);
  axisRange(b.z0, b.z1, g.z0, g.cellM, g.nz, r.k0, r.k1);
  return r;
}

/** Open cells of the horizontal layer `k` over the i/j extent of `r` (none when k is outside). */
inline std::vector<std::int32_t> openLayerCells(const ThermalGrid& g, const CellRange& r, int k)
{
  std::vector<std::int32_t> cells;
  if (k < 0 || k >= g.nz)
    return cells;
  for (int j = r.j0; j <= r.j1; ++j)
    for (int i = r.i0; i <= r.i1; ++i)
      if (!g.solid[g.index(i, j, k)])
        cells.push_back(g.index(i, j, k));
  return cells;
}

} // namespace myriad::engine::thermal::detail
