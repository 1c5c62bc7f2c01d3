/**
 * @file thermal_jets.cpp
 * Tile-jet entrainment movers; see thermal_jets.h for the model and its source.
 */

#include "thermal/thermal_jets.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace myriad::engine::thermal::detail
{

namespace
{

constexpr double kRicouSpalding = 0.32; ///< entrained flow per Q0 per diameter of rise

/** Top of the tallest rack of the hall (m above the floor); 0 without racks. */
double rackTopM(const Hall& hall, const Catalog& catalog)
{
  double top = 0;
  for (const Row& row : hall.rows)
    for (const Rack& rack : row.racks)
      top = std::max(top, rackBox(rack, catalog).z1);
  return top;
}

} // namespace

void addTileJets(ThermalProblem& problem, const Hall& hall, const Catalog& catalog,
                 double coefficient)
{
  if (coefficient <= 0 ||
      (hall.containment != Containment::None && hall.containment != Containment::ColdAisleDoors))
    return;
  const ThermalGrid& g = problem.grid;
  const std::int64_t layer = std::int64_t(g.nx) * g.ny;
  // The racks' top layer; the jets release one layer above it (if the hall has room).
  const int kTop = std::clamp(int(std::ceil(rackTopM(hall, catalog) / g.cellM)) - 1, 1, g.nz - 2);
  std::vector<std::uint8_t> column(std::size_t(layer), 0); // floor cells of any tile
  for (const AirSupply& s : problem.supplies)
    if (s.id.rfind("tile:", 0) == 0)
      for (auto c : s.cells)
        column[std::size_t(c % layer)] = 1;
  std::vector<AirRack> jets;
  for (const AirSupply& s : problem.supplies)
  {
    if (s.id.rfind("tile:", 0) != 0 || s.flowM3s <= 0)
      continue;
    std::vector<std::int32_t> ring, release;
    std::vector<std::uint8_t> inRing(std::size_t(layer), 0);
    for (auto c : s.cells)
    {
      const int i = int(c % g.nx), j = int((c / g.nx) % g.ny);
      const int next[4][2] = { { i - 1, j }, { i + 1, j }, { i, j - 1 }, { i, j + 1 } };
      for (const auto& n : next)
      {
        if (n[0] < 0 || n[0] >= g.nx || n[1] < 0 || n[1] >= g.ny)
          continue;
        const std::size_t floorCell = std::size_t(n[0]) + std::size_t(g.nx) * std::size_t(n[1]);
        if (column[floorCell] || inRing[floorCell])
          continue;
        inRing[floorCell] = 1;
        for (int k = 1; k <= kTop; ++k)
          if (!g.solid[g.index(n[0], n[1], k)])
            ring.push_back(g.index(n[0], n[1], k));
      }
      const std::int32_t up = g.index(i, j, kTop + 1);
      if (!g.solid[up])
        release.push_back(up);
    }
    if (ring.empty() || release.empty())
      continue;
    const double area = double(s.cells.size()) * g.cellM * g.cellM;
    const double d0 = std::sqrt(4 * area / std::numbers::pi);
    const double rise = (kTop + 1) * g.cellM;
    const double entrained = coefficient * kRicouSpalding * s.flowM3s * rise / d0;
    jets.push_back(
      { "leak:jet:" + s.id.substr(5), std::move(ring), std::move(release), entrained, 0.0 });
  }
  for (AirRack& jet : jets)
    problem.racks.push_back(std::move(jet));
}

} // namespace myriad::engine::thermal::detail
