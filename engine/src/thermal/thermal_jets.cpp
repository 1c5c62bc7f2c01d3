/**
 * @file thermal_jets.cpp
 * Tile-jet entrainment movers; see thermal_jets.h for the model, its equations and sources.
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

constexpr int kStepsPerLayer = 16; ///< integration steps of the jet equations per cell layer

/** Top of the tallest rack of the hall (m above the floor); 0 without racks. */
double rackTopM(const Hall& hall, const Catalog& catalog)
{
  double top = 0;
  for (const Row& row : hall.rows)
    for (const Rack& rack : row.racks)
      top = std::max(top, rackBox(rack, catalog).z1);
  return top;
}

bool isTile(const AirSupply& s)
{
  return s.id.rfind("tile:", 0) == 0 && s.flowM3s > 0;
}

/** One placed tile's jet: where it draws from and releases, and what its equations need. */
struct JetColumn
{
  std::string tileId;
  std::vector<std::int32_t> ring, release;
  double flowM3s = 0;           ///< Q0, the tile's flow (m³/s)
  double momentum = 0;          ///< M0 = Q0²/A, A the tile's area on the grid (m⁴/s²)
  std::vector<double> drawPerM; ///< intake suction on the column per layer (m³/s per m)
};

/** The open cells around a tile's column, layers 1..kTop (a neighbouring tile's column
 *  too: adjacent jets draw on each other), and the column's cells one layer above kTop. */
void ringAndRelease(const ThermalGrid& g, const AirSupply& s,
                    const std::vector<std::int32_t>& column, int kTop, std::int32_t self,
                    JetColumn& jet)
{
  const std::int64_t layer = std::int64_t(g.nx) * g.ny;
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
      if (column[floorCell] == self || inRing[floorCell])
        continue;
      inRing[floorCell] = 1;
      for (int k = 1; k <= kTop; ++k)
        if (!g.solid[g.index(n[0], n[1], k)])
          jet.ring.push_back(g.index(n[0], n[1], k));
    }
    const std::int32_t up = g.index(i, j, kTop + 1);
    if (!g.solid[up])
      jet.release.push_back(up);
  }
}

/** Each rack draws Q_r evenly over its intake cells; the cells over a tile's column pull on
 *  that tile's jet, layer by layer. */
void addIntakeSuction(const ThermalProblem& problem, const std::vector<std::int32_t>& column,
                      std::vector<JetColumn>& jets)
{
  const ThermalGrid& g = problem.grid;
  const std::int64_t layer = std::int64_t(g.nx) * g.ny;
  for (const AirRack& rack : problem.racks)
  {
    if (rack.id.rfind("leak:", 0) == 0 || rack.intakeCells.empty())
      continue;
    const double perCellPerM = rack.flowM3s / double(rack.intakeCells.size()) / g.cellM;
    for (auto c : rack.intakeCells)
    {
      const std::int32_t jet = column[std::size_t(c % layer)];
      const auto k = std::size_t(c / layer);
      if (jet >= 0 && k < jets[std::size_t(jet)].drawPerM.size())
        jets[std::size_t(jet)].drawPerM[k] += perCellPerM;
    }
  }
}

} // namespace

double jetEntrainedAtTop(double flowM3s, double momentum, const std::vector<double>& drawPerM,
                         double layerM)
{
  // Top-hat jet: Q = Q_t + Q_e (tile air, entrained air), momentum flux M; per metre of rise
  //   dQ_e/dz = e·√M − s·Q_e/Q,  dQ_t/dz = −s·Q_t/Q,  dM/dz = −s·M/Q
  // (the intakes draw the jet's mixture at its velocity M/Q). Midpoint steps, s fixed per layer.
  struct Jet
  {
    double qt, qe, m;
  };
  const auto advance = [](const Jet& at, const Jet& slope, double s, double dz)
  {
    const double take = std::min(s * dz / (slope.qt + slope.qe), 1.0); // share drawn off
    return Jet{ at.qt - take * slope.qt,
                at.qe + kJetEntrainmentPerRootMomentum * std::sqrt(slope.m) * dz - take * slope.qe,
                at.m - take * slope.m };
  };
  Jet jet{ flowM3s, 0, momentum };
  const double dz = layerM / kStepsPerLayer;
  for (double s : drawPerM)
    for (int step = 0; step < kStepsPerLayer; ++step)
    {
      const Jet half = advance(jet, jet, s, dz / 2);
      if (half.qt + half.qe <= 1e-9 * flowM3s)
        return 0; // captured by the intakes below the racks' top
      jet = advance(jet, half, s, dz);
      if (jet.qt + jet.qe <= 1e-9 * flowM3s)
        return 0;
    }
  return jet.qe;
}

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
  std::vector<std::int32_t> column(std::size_t(layer), -1); // floor cell → its tile's jet
  std::vector<JetColumn> jets;
  for (const AirSupply& s : problem.supplies)
    if (isTile(s))
    {
      for (auto c : s.cells)
        column[std::size_t(c % layer)] = std::int32_t(jets.size());
      const double area = double(s.cells.size()) * g.cellM * g.cellM;
      jets.push_back({ s.id.substr(5),
                       {},
                       {},
                       s.flowM3s,
                       s.flowM3s * s.flowM3s / area,
                       std::vector<double>(std::size_t(kTop + 1), 0.0) });
    }
  addIntakeSuction(problem, column, jets);
  std::int32_t next = 0;
  for (const AirSupply& s : problem.supplies)
    if (isTile(s))
    {
      ringAndRelease(g, s, column, kTop, next, jets[std::size_t(next)]);
      ++next;
    }
  for (JetColumn& jet : jets)
  {
    if (jet.ring.empty() || jet.release.empty())
      continue;
    const double entrained =
      coefficient * jetEntrainedAtTop(jet.flowM3s, jet.momentum, jet.drawPerM, g.cellM);
    if (entrained > 0)
      problem.racks.push_back(
        { "leak:jet:" + jet.tileId, std::move(jet.ring), std::move(jet.release), entrained, 0.0 });
  }
}

} // namespace myriad::engine::thermal::detail
