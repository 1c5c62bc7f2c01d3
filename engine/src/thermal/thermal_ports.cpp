/**
 * @file thermal_ports.cpp
 * Placed floor tiles and ceiling grilles → supplies and sinks; see thermal_ports.h for the model.
 */

#include "thermal/thermal_ports.h"

#include "myriad/engine/error.h"
#include "thermal/grid_cells.h"

#include <cmath>
#include <cstdio>

namespace myriad::engine::thermal::detail
{

namespace
{

std::string number(double v, const char* format = "%.3g")
{
  char text[48];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

/** Open cells of layer `k` under the footprint x/y … x+w/y+d. */
std::vector<std::int32_t> footprintCells(const ThermalGrid& g, double x, double y, double w,
                                         double d, int k)
{
  const CellRange r = cellRange(g, Box{ x, y, 0, x + w, y + d, g.cellM });
  return openLayerCells(g, r, k);
}

/** Measured tile flows scaled to the supply when they cannot be balanced otherwise. */
void scaleMeasured(std::vector<AirSupply>& tiles, const std::vector<bool>& measured,
                   double measuredFlow, double supplyFlow, const Hall& hall,
                   std::vector<std::string>& warnings)
{
  const double factor = supplyFlow / measuredFlow;
  for (std::size_t i = 0; i < tiles.size(); ++i)
    tiles[i].flowM3s = measured[i] ? tiles[i].flowM3s * factor : 0.0;
  warnings.push_back("hall " + hall.id + ": the measured tile flows add up to " +
                     number(measuredFlow) + " m³/s but the perimeter units supply " +
                     number(supplyFlow) + " m³/s; each measured flow is scaled by " +
                     number(factor) + " to conserve the air");
}

} // namespace

std::vector<AirSupply> tileSupplies(const Hall& hall, const ThermalGrid& grid, double supplyFlowM3s,
                                    double supplyC, std::vector<std::string>& warnings)
{
  std::vector<AirSupply> tiles;
  std::vector<bool> measured;
  std::vector<double> openArea;
  double measuredFlow = 0, openTotal = 0;
  for (const FloorTile& tile : hall.tiles)
  {
    std::vector<std::int32_t> cells =
      footprintCells(grid, tile.xM, tile.yM, tile.widthM, tile.depthM, 0);
    if (cells.empty())
    {
      warnings.push_back("floor tile " + tile.id +
                         " lies under a rack or cooler; it passes no air");
      continue;
    }
    const bool isMeasured = tile.flowM3s > 0;
    const double area = tile.openAreaPct / 100.0 * tile.widthM * tile.depthM;
    tiles.push_back(
      { "tile:" + tile.id, std::move(cells), isMeasured ? tile.flowM3s : 0.0, supplyC });
    measured.push_back(isMeasured);
    openArea.push_back(isMeasured ? 0.0 : area);
    measuredFlow += isMeasured ? tile.flowM3s : 0.0;
    openTotal += isMeasured ? 0.0 : area;
  }
  if (supplyFlowM3s <= 0)
    return {};
  const double rest = supplyFlowM3s - measuredFlow;
  if (openTotal > 0 && rest > 1e-9 * supplyFlowM3s)
  {
    for (std::size_t i = 0; i < tiles.size(); ++i)
      if (!measured[i])
        tiles[i].flowM3s = rest * openArea[i] / openTotal;
  }
  else if (measuredFlow > 0 && std::abs(rest) > 1e-9 * supplyFlowM3s)
    scaleMeasured(tiles, measured, measuredFlow, supplyFlowM3s, hall, warnings);
  else if (measuredFlow <= 0)
    throw Error("hall " + hall.id + ": no floor tile passes air (every tile is closed, " +
                "openAreaPct 0, or under equipment, and none has a measured flow); the " +
                number(supplyFlowM3s) + " m³/s the perimeter units supply has no way out");
  std::vector<AirSupply> out;
  for (AirSupply& tile : tiles)
    if (tile.flowM3s > 0)
      out.push_back(std::move(tile));
  return out;
}

std::vector<AirSink> grilleSinks(const Hall& hall, const ThermalGrid& grid, double returnFlowM3s,
                                 std::vector<std::string>& warnings)
{
  std::vector<AirSink> sinks;
  std::vector<double> areas;
  double total = 0;
  for (const ReturnGrille& grille : hall.grilles)
  {
    std::vector<std::int32_t> cells =
      footprintCells(grid, grille.xM, grille.yM, grille.widthM, grille.depthM, grid.nz - 1);
    if (cells.empty())
    {
      warnings.push_back("return grille " + grille.id + " has no open air under it");
      continue;
    }
    sinks.push_back({ "grille:" + grille.id, std::move(cells), 0.0 });
    areas.push_back(grille.widthM * grille.depthM);
    total += areas.back();
  }
  if (returnFlowM3s <= 0)
    return {};
  if (sinks.empty())
    throw Error("hall " + hall.id + ": no ceiling grille has open air under it; the " +
                number(returnFlowM3s) + " m³/s of return air has no way out");
  for (std::size_t i = 0; i < sinks.size(); ++i)
    sinks[i].flowM3s = returnFlowM3s * areas[i] / total;
  return sinks;
}

bool isCeilingPlenumSink(const AirSink& sink)
{
  return sink.id.rfind("aisle:", 0) == 0 || sink.id.rfind("grille:", 0) == 0;
}

} // namespace myriad::engine::thermal::detail
