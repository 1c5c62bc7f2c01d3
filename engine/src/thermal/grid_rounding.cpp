// The thermal grid's extent against the hall's (grid_rounding.h).
#include "myriad/engine/thermal/grid_rounding.h"

#include "myriad/engine/model.h"
#include "myriad/engine/thermal/thermal_problem.h"

#include <cmath>
#include <cstdio>

namespace myriad::engine::thermal
{

namespace
{

constexpr double kToleranceM = 1e-3;

void describeAxis(const char* name, double hallM, double gridM, std::string& out)
{
  if (std::abs(gridM - hallM) <= kToleranceM)
    return;
  char text[96];
  std::snprintf(text, sizeof text, "%s%s %.2f m → %.2f m", out.empty() ? "" : ", ", name, hallM,
                gridM);
  out += text;
}

} // namespace

bool GridRounding::rounded() const
{
  return std::abs(gridWidthM - widthM) > kToleranceM ||
         std::abs(gridDepthM - depthM) > kToleranceM ||
         std::abs(gridHeightM - heightM) > kToleranceM;
}

std::string GridRounding::describe() const
{
  std::string out;
  describeAxis("width", widthM, gridWidthM, out);
  describeAxis("depth", depthM, gridDepthM, out);
  describeAxis("height", heightM, gridHeightM, out);
  return out;
}

GridRounding gridRounding(const Hall& hall, const ThermalGrid& grid)
{
  GridRounding r;
  r.widthM = hall.widthM;
  r.depthM = hall.depthM;
  r.heightM = hall.heightM;
  r.cellM = grid.cellM;
  r.gridWidthM = grid.nx * grid.cellM;
  r.gridDepthM = grid.ny * grid.cellM;
  r.gridHeightM = grid.nz * grid.cellM;
  return r;
}

} // namespace myriad::engine::thermal
