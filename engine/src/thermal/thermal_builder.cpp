/**
 * @file thermal_builder.cpp
 * Geometry → grid: turns a hall into a ThermalProblem.
 *
 * - Grid: uniform cubes of edge h over the hall interior (0 ≤ x ≤ width, 0 ≤ y ≤ depth,
 *   0 ≤ z ≤ height above the raised floor). A box occupies the cells whose centres lie inside it
 *   (at least one cell per axis), so geometry is rounded to ±h/2.
 * - Racks and air coolers are solid. A rack draws its airflow Q (thermal_inputs.h) over the open
 *   cells touching its front face (Facing = where the front looks) and blows it out of the
 *   cells touching its back face, heated by (P_air − P_rear_door)/(ρ·c_p·Q).
 * - Perimeter CRAH: with a raised floor (plenum assumed at uniform pressure) its supply leaves
 *   through the hall's placed tiles, by open area or measured flow (thermal_ports.h); a hall
 *   without placed tiles gets a band of equal tiles: the floor cells within `tileDepthM` in front
 *   of every powered rack's intake. Without a raised floor it leaves through the lower half of
 *   its front face. Its return is the hall's ceiling grilles when it has any (thermal_ports.h),
 *   else the cells above its top (or the upper half of its back face).
 *   The tile air is the flow-weighted mix of the CRAH setpoints.
 * - In-row cooler: supply over its front face, return over its back face.
 * - Hot-aisle containment: the aisle between two rows that turn their backs to each other is
 *   closed by end panels and a roof at rack height; its top cell layer is a ducted ceiling return
 *   feeding the CRAHs. If the CRAHs draw less than the aisle receives, the excess is carried out
 *   over the roof at the aisle-top temperature (an explicit leak, reported as a warning);
 *   CRAH flow beyond the ducted flow returns from the room at the unit (bypass).
 * - Cold-aisle containment: the aisle between two rows whose fronts face each other is closed
 *   the same way (end panels, side panels continuing a shorter row's front line, a roof one cell
 *   above rack height). Its tiles (and any in-row supply inside) feed only the racks of that
 *   aisle. A supply/demand mismatch is carried explicitly through the roof: surplus supply
 *   escapes into the room above it (bypass), a deficit is drawn in from the room above it at
 *   room temperature (recirculation, reported as a warning).
 * - Cold-aisle doors (`Containment::ColdAisleDoors`): the end panels (and side panels) of a
 *   contained cold aisle without its roof: the ends are closed to rack height, the top is open,
 *   so nothing needs balancing.
 * - CDUs are solid boxes without air ports; rear doors have no geometry of their own.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_model.h"

#include "thermal/grid_cells.h"
#include "thermal/thermal_inputs.h"
#include "thermal/thermal_jets.h"
#include "thermal/thermal_ports.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace myriad::engine::thermal
{

namespace
{

using detail::CellRange;
using detail::cellRange;

std::string fmt(double v)
{
  std::ostringstream s;
  s << v;
  return s.str();
}

struct Aisle
{
  CellRange cells; ///< interior of the contained aisle
  std::string name;
};

class HallGridBuilder
{
public:
  HallGridBuilder(const Hall& hall, const Catalog& catalog, const ThermalOptions& options,
                  std::vector<std::string>& warnings)
    : m_hall(hall)
    , m_catalog(catalog)
    , m_options(options)
    , m_warnings(warnings)
  {
  }

  ThermalProblem build()
  {
    validate();
    makeGrid();
    for (const Row& row : m_hall.rows)
      for (const Rack& rack : row.racks)
        mark(cellRange(m_p.grid, rackBox(rack, m_catalog)));
    for (const CoolingUnit& unit : m_hall.coolers)
      if (unit.kind != CoolerKind::RearDoor)
        mark(cellRange(m_p.grid, coolerBox(unit, m_catalog)));
    if (m_hall.containment == Containment::HotAisle)
      findAisles(Facing::MinusY, m_aisles);
    else if (m_hall.containment == Containment::ColdAisle)
      findAisles(Facing::PlusY, m_coldAisles);
    else if (m_hall.containment == Containment::ColdAisleDoors)
    {
      std::vector<Aisle> doored; // open on top: nothing to balance, no aisle to keep
      findAisles(Facing::PlusY, doored, false);
    }
    for (const Row& row : m_hall.rows)
      for (const Rack& rack : row.racks)
        addRack(rack);
    addCoolers();
    detail::addTileJets(m_p, m_hall, m_catalog, m_options.tileJetEntrainment);
    return std::move(m_p);
  }

private:
  void validate() const
  {
    const ThermalOptions& o = m_options;
    if (!(o.cellM >= 0.05 && o.cellM <= 2.0))
      throw Error("thermal options: cellM = " + fmt(o.cellM) + " (expected 0.05–2 m)");
    if (!(o.designDeltaTK > 0 && o.designDeltaTK <= 60))
      throw Error("thermal options: designDeltaTK = " + fmt(o.designDeltaTK) +
                  " (expected 0–60 K)");
    if (!(o.tileJetEntrainment >= 0 && o.tileJetEntrainment <= 5))
      throw Error("thermal options: tileJetEntrainment = " + fmt(o.tileJetEntrainment) +
                  " (expected 0–5)");
    if (!(o.utilisation >= 0 && o.utilisation <= 1))
      throw Error("thermal options: utilisation = " + fmt(o.utilisation) + " (expected 0–1)");
    if (!(m_hall.widthM > 0 && m_hall.depthM > 0 && m_hall.heightM > 0))
      throw Error("hall " + m_hall.id + ": widthM/depthM/heightM must be > 0 (got " +
                  fmt(m_hall.widthM) + " × " + fmt(m_hall.depthM) + " × " + fmt(m_hall.heightM) +
                  " m)");
    // Without a cooler the racks' heat has nowhere to go: no steady state exists, and solving
    // anyway gives meaningless temperatures (an imported inventory may hold no coolers).
    const bool holdsEquipment = std::any_of(m_hall.rows.begin(), m_hall.rows.end(),
                                            [](const Row& row)
                                            {
                                              return std::any_of(row.racks.begin(), row.racks.end(),
                                                                 [](const Rack& rack) {
                                                                   return !rack.nodes.empty() ||
                                                                          !rack.switches.empty() ||
                                                                          rack.powerW > 0;
                                                                 });
                                            });
    if (m_hall.coolers.empty() && holdsEquipment)
      throw Error("hall " + m_hall.id +
                  " has no cooling units: its racks' heat has nowhere to "
                  "go, so the thermal model has no steady state (add air handlers to the hall)");
    for (const CoolingUnit& unit : m_hall.coolers)
    {
      detail::coolerCapacityW(unit, m_catalog);
      if (!(unit.supplySetpointC >= 5 && unit.supplySetpointC <= 40))
        throw Error("cooler " + unit.id + ": supplySetpointC = " + fmt(unit.supplySetpointC) +
                    " °C (expected 5–40 °C)");
    }
  }

  void makeGrid()
  {
    ThermalGrid& g = m_p.grid;
    g.cellM = m_options.cellM;
    g.nx = std::max(1, int(std::lround(m_hall.widthM / g.cellM)));
    g.ny = std::max(1, int(std::lround(m_hall.depthM / g.cellM)));
    g.nz = std::max(1, int(std::lround(m_hall.heightM / g.cellM)));
    const double cells = double(g.nx) * g.ny * g.nz;
    const double bytes = cells * thermalBytesPerCell();
    if (bytes > m_options.memoryLimitBytes || cells > 2.0e9)
      throw Error("hall " + m_hall.id + ": thermal grid of " + std::to_string(g.nx) + " × " +
                  std::to_string(g.ny) + " × " + std::to_string(g.nz) +
                  " cells at cellM = " + fmt(g.cellM) + " m needs about " +
                  fmt(std::round(bytes / 1e6)) + " MB, above the limit of " +
                  fmt(std::round(m_options.memoryLimitBytes / 1e6)) + " MB; use a larger cell");
    g.solid.assign(g.cellCount(), 0);
    m_p.settings = m_options.solver;
  }

  void mark(const CellRange& r, std::uint8_t value = 1)
  {
    ThermalGrid& g = m_p.grid;
    for (int k = r.k0; k <= r.k1; ++k)
      for (int j = r.j0; j <= r.j1; ++j)
        for (int i = r.i0; i <= r.i1; ++i)
          g.solid[g.index(i, j, k)] = value;
  }

  /** Open cells of the y-layer `j` over the i/k extent of `r`. */
  std::vector<std::int32_t> yLayer(const CellRange& r, int j, int k0, int k1) const
  {
    const ThermalGrid& g = m_p.grid;
    std::vector<std::int32_t> cells;
    if (j < 0 || j >= g.ny)
      return cells;
    for (int k = std::max(0, k0); k <= std::min(g.nz - 1, k1); ++k)
      for (int i = r.i0; i <= r.i1; ++i)
        if (!g.solid[g.index(i, j, k)])
          cells.push_back(g.index(i, j, k));
    return cells;
  }

  /** Open cells of the horizontal layer `k` over the i/j extent of `r`. */
  std::vector<std::int32_t> zLayer(const CellRange& r, int k) const
  {
    return detail::openLayerCells(m_p.grid, r, k);
  }

  /** Front layer (intake side) of a box facing `facing`; `away` = cells further out. */
  int frontJ(const CellRange& r, Facing facing, int away = 1) const
  {
    return facing == Facing::PlusY ? r.j1 + away : r.j0 - away;
  }
  int backJ(const CellRange& r, Facing facing) const
  {
    return facing == Facing::PlusY ? r.j0 - 1 : r.j1 + 1;
  }

  /**
   * Close the aisles between a row whose racks face `lowerFacing` and the next row up (+Y) that
   * faces the other way: Facing::MinusY finds hot aisles (backs to each other), Facing::PlusY
   * cold aisles (fronts to each other). Marks the panels solid and appends the aisles to `out`.
   */
  void findAisles(Facing lowerFacing, std::vector<Aisle>& out, bool roof = true);
  /** Net inflow (m³/s) of each aisle from the ports placed so far (inside its cells). */
  std::vector<double> netFlows(const std::vector<Aisle>& aisles) const;
  /** Carry each contained cold aisle's supply/demand mismatch through its roof. */
  void balanceColdAisles();
  void addRack(const Rack& rack);
  void addCoolers();
  void addTiles(std::vector<std::int32_t>& tiles) const;
  /** Net inflow (m³/s) of every contained aisle from the ports inside it; Σ of the positive. */
  std::vector<double> aisleNetFlows(double& hotFlow) const;
  /** Duct the aisles to the CRAHs (leak the excess); returns the ducted flow (m³/s). */
  double ductHotAisles(double crahFlow);
  void addCrahReturns(const std::vector<const CoolingUnit*>& crahs, double crahFlow, double ducted);
  void addCrahSupplies(const std::vector<const CoolingUnit*>& crahs, double crahFlow,
                       double crahFlowTemp);

  const Hall& m_hall;
  const Catalog& m_catalog;
  const ThermalOptions& m_options;
  std::vector<std::string>& m_warnings;
  ThermalProblem m_p;
  std::vector<Aisle> m_aisles;      ///< contained hot aisles
  std::vector<Aisle> m_coldAisles;  ///< contained cold aisles
  std::vector<CellRange> m_intakes; ///< cell boxes of powered racks with their facing
  std::vector<Facing> m_intakeFacing;
};

void HallGridBuilder::findAisles(Facing lowerFacing, std::vector<Aisle>& out, bool withRoof)
{
  // A hot aisle lies between a row blowing towards +Y (facing −Y) and the next row up that
  // blows towards −Y (facing +Y), over the x-range either row covers; a cold aisle between a
  // row facing +Y and the next row up facing −Y.
  const Facing upperFacing = lowerFacing == Facing::MinusY ? Facing::PlusY : Facing::MinusY;
  struct RowCells
  {
    CellRange r;
    Facing facing;
    std::string id;
  };
  std::vector<RowCells> rows;
  for (const Row& row : m_hall.rows)
  {
    if (row.racks.empty())
      continue;
    CellRange u = cellRange(m_p.grid, rackBox(row.racks.front(), m_catalog));
    for (const Rack& rack : row.racks)
    {
      const CellRange c = cellRange(m_p.grid, rackBox(rack, m_catalog));
      u.i0 = std::min(u.i0, c.i0), u.i1 = std::max(u.i1, c.i1);
      u.j0 = std::min(u.j0, c.j0), u.j1 = std::max(u.j1, c.j1);
      u.k1 = std::max(u.k1, c.k1);
    }
    rows.push_back({ u, row.racks.front().facing, row.id });
  }
  for (const RowCells& a : rows)
  {
    if (a.facing != lowerFacing)
      continue;
    const RowCells* best = nullptr;
    for (const RowCells& b : rows)
      if (b.facing == upperFacing && b.r.j0 > a.r.j1 && (!best || b.r.j0 < best->r.j0))
        best = &b;
    if (!best || best->r.j0 - a.r.j1 - 1 < 1)
      continue;
    Aisle aisle;
    aisle.name = a.id + "|" + best->id;
    aisle.cells.i0 = std::min(a.r.i0, best->r.i0);
    aisle.cells.i1 = std::max(a.r.i1, best->r.i1);
    aisle.cells.j0 = a.r.j1 + 1;
    aisle.cells.j1 = best->r.j0 - 1;
    aisle.cells.k0 = 0;
    aisle.cells.k1 = std::min(std::max(a.r.k1, best->r.k1), m_p.grid.nz - 3);
    if (aisle.cells.i1 < aisle.cells.i0 || aisle.cells.k1 < 1)
      continue;
    CellRange roof = aisle.cells;
    roof.i0 = std::max(0, roof.i0 - 1);
    roof.i1 = std::min(m_p.grid.nx - 1, roof.i1 + 1);
    roof.k0 = roof.k1 = aisle.cells.k1 + 1;
    if (withRoof)
      mark(roof);
    for (int end : { aisle.cells.i0 - 1, aisle.cells.i1 + 1 })
      if (end >= 0 && end < m_p.grid.nx)
        mark({ end, end, aisle.cells.j0, aisle.cells.j1, 0, aisle.cells.k1 });
    // Where one row is shorter, a side panel continues its aisle-side face to the aisle's end.
    for (const RowCells* row : { &a, best })
    {
      const int j = row == &a ? a.r.j1 : best->r.j0;
      if (row->r.i0 > aisle.cells.i0)
        mark({ aisle.cells.i0, row->r.i0 - 1, j, j, 0, aisle.cells.k1 });
      if (row->r.i1 < aisle.cells.i1)
        mark({ row->r.i1 + 1, aisle.cells.i1, j, j, 0, aisle.cells.k1 });
    }
    out.push_back(aisle);
  }
}

void HallGridBuilder::addRack(const Rack& rack)
{
  const detail::RackHeat heat = detail::rackHeat(rack, m_hall, m_catalog, m_options);
  if (heat.airflowM3s <= 0)
    return;
  const CellRange r = cellRange(m_p.grid, rackBox(rack, m_catalog));
  AirRack air;
  air.id = rack.id;
  air.intakeCells = yLayer(r, frontJ(r, rack.facing), r.k0, r.k1);
  air.exhaustCells = yLayer(r, backJ(r, rack.facing), r.k0, r.k1);
  if (air.intakeCells.empty() || air.exhaustCells.empty())
    throw Error("rack " + rack.id + ": " + fmt(heat.airW) + " W of air-cooled heat but its " +
                (air.intakeCells.empty() ? "front (intake)" : "back (exhaust)") +
                " face is blocked by a wall or a solid; no airflow path");
  air.flowM3s = heat.airflowM3s;
  air.heatRiseK = (heat.airW - heat.rearDoorW) / (kAirRhoCp * heat.airflowM3s);
  m_p.racks.push_back(std::move(air));
  if (rack.cooling == CoolingStyle::Immersion)
    return; // a tank's surface heat needs no tiles in front of it
  m_intakes.push_back(r);
  m_intakeFacing.push_back(rack.facing);
}

void HallGridBuilder::addTiles(std::vector<std::int32_t>& tiles) const
{
  // Perforated tiles: floor cells in front of every powered rack's intake (not a tank's),
  // each cell once.
  const ThermalGrid& g = m_p.grid;
  const int depth = std::max(1, int(std::lround(m_options.tileDepthM / g.cellM)));
  std::vector<std::uint8_t> used(g.cellCount(), 0);
  for (std::size_t n = 0; n < m_intakes.size(); ++n)
    for (int d = 1; d <= depth; ++d)
      for (std::int32_t c : yLayer(m_intakes[n], frontJ(m_intakes[n], m_intakeFacing[n], d), 0, 0))
        if (!used[c])
        {
          used[c] = 1;
          tiles.push_back(c);
        }
}

void HallGridBuilder::addCoolers()
{
  const ThermalGrid& g = m_p.grid;
  std::vector<const CoolingUnit*> crahs;
  double crahFlow = 0, crahFlowTemp = 0;
  for (const CoolingUnit& unit : m_hall.coolers)
  {
    const double flow = detail::coolerAirflowM3s(unit, m_catalog);
    if (flow <= 0)
      continue;
    const CellRange r = cellRange(g, coolerBox(unit, m_catalog));
    if (unit.kind == CoolerKind::Crah)
    {
      crahs.push_back(&unit);
      crahFlow += flow;
      crahFlowTemp += flow * unit.supplySetpointC;
      continue;
    }
    AirSupply supply{ unit.id, yLayer(r, frontJ(r, unit.facing), r.k0, r.k1), flow,
                      unit.supplySetpointC };
    AirSink sink{ unit.id, yLayer(r, backJ(r, unit.facing), r.k0, r.k1), flow };
    if (supply.cells.empty() || sink.cells.empty())
      throw Error("cooler " + unit.id + ": front or back face blocked; no airflow path");
    m_p.supplies.push_back(std::move(supply));
    m_p.sinks.push_back(std::move(sink));
  }
  const double ducted = ductHotAisles(crahFlow);
  addCrahReturns(crahs, crahFlow, ducted);
  addCrahSupplies(crahs, crahFlow, crahFlowTemp);
  balanceColdAisles();
}

std::vector<double> HallGridBuilder::aisleNetFlows(double& hotFlow) const
{
  std::vector<double> net = netFlows(m_aisles);
  hotFlow = 0;
  for (double n : net)
    hotFlow += std::max(n, 0.0);
  return net;
}

std::vector<double> HallGridBuilder::netFlows(const std::vector<Aisle>& aisles) const
{
  const ThermalGrid& g = m_p.grid;
  // Contained hot aisles: what flows in (rack exhaust minus in-aisle returns) goes up the duct.
  std::vector<double> source(g.cellCount(), 0.0);
  for (const AirRack& r : m_p.racks)
  {
    for (auto c : r.exhaustCells)
      source[c] += r.flowM3s / double(r.exhaustCells.size());
    for (auto c : r.intakeCells)
      source[c] -= r.flowM3s / double(r.intakeCells.size());
  }
  for (const AirSink& s : m_p.sinks)
    for (auto c : s.cells)
      source[c] -= s.flowM3s / double(s.cells.size());
  for (const AirSupply& s : m_p.supplies)
    for (auto c : s.cells)
      source[c] += s.flowM3s / double(s.cells.size());
  std::vector<double> net(aisles.size(), 0.0);
  for (std::size_t a = 0; a < aisles.size(); ++a)
  {
    const CellRange& r = aisles[a].cells;
    for (int k = r.k0; k <= r.k1; ++k)
      for (int j = r.j0; j <= r.j1; ++j)
        for (int i = r.i0; i <= r.i1; ++i)
          net[a] += source[g.index(i, j, k)];
  }
  return net;
}

void HallGridBuilder::balanceColdAisles()
{
  // A sealed aisle must balance: the mismatch moves through the roof as an explicit air mover
  // without heat (an AirRack with ΔT = 0), out of the aisle top (surplus) or into it (deficit);
  // its "leak:" id keeps it out of the rack results and RCI.
  const std::vector<double> net = netFlows(m_coldAisles);
  double starved = 0;
  for (std::size_t a = 0; a < m_coldAisles.size(); ++a)
  {
    const CellRange& r = m_coldAisles[a].cells;
    const std::vector<std::int32_t> top = zLayer(r, r.k1);
    const std::vector<std::int32_t> above = zLayer(r, r.k1 + 2);
    if (std::abs(net[a]) <= 1e-12 || top.empty() || above.empty())
      continue;
    const std::string name = m_coldAisles[a].name;
    if (net[a] > 0)
      m_p.racks.push_back({ "leak:out:" + name, top, above, net[a], 0.0 });
    else
    {
      m_p.racks.push_back({ "leak:in:" + name, above, top, -net[a], 0.0 });
      starved += -net[a];
    }
  }
  if (starved > 0)
    m_warnings.push_back("cold-aisle containment starved: the racks draw " + fmt(starved) +
                         " m³/s more than the contained aisles are supplied; that air leaks "
                         "in over the containment roof from the room");
}

double HallGridBuilder::ductHotAisles(double crahFlow)
{
  double hotFlow = 0;
  const std::vector<double> net = aisleNetFlows(hotFlow);
  const double ducted = std::min(hotFlow, crahFlow);
  double leaked = 0;
  for (std::size_t a = 0; a < m_aisles.size(); ++a)
  {
    if (net[a] <= 0)
      continue;
    const CellRange& r = m_aisles[a].cells;
    const std::vector<std::int32_t> top = zLayer(r, r.k1);
    const double share = net[a] * ducted / hotFlow;
    if (share > 0)
      m_p.sinks.push_back({ "aisle:" + m_aisles[a].name, top, share });
    if (net[a] - share > 1e-9 * net[a])
    {
      m_p.racks.push_back(
        { "leak:" + m_aisles[a].name, top, zLayer(r, r.k1 + 2), net[a] - share, 0.0 });
      leaked += net[a] - share;
    }
  }
  if (leaked > 0)
    m_warnings.push_back("hot-aisle containment overflows: CRAHs draw " + fmt(crahFlow) +
                         " m³/s but the contained aisles receive " + fmt(hotFlow) + " m³/s; " +
                         fmt(leaked) + " m³/s of exhaust leaks over the containment roof");
  return ducted;
}

void HallGridBuilder::addCrahReturns(const std::vector<const CoolingUnit*>& crahs, double crahFlow,
                                     double ducted)
{
  const ThermalGrid& g = m_p.grid;
  // CRAH returns from the room: whatever the ducts do not supply (bypass air).
  const double roomShare = crahFlow > 0 ? 1.0 - ducted / crahFlow : 0.0;
  if (!m_hall.grilles.empty())
  {
    // A ceiling plenum ducted to the units: the room return rises through the grilles.
    for (AirSink& sink : detail::grilleSinks(m_hall, g, roomShare * crahFlow, m_warnings))
      m_p.sinks.push_back(std::move(sink));
    return;
  }
  for (const CoolingUnit* unit : crahs)
  {
    const double flow = detail::coolerAirflowM3s(*unit, m_catalog);
    const CellRange r = cellRange(g, coolerBox(*unit, m_catalog));
    if (roomShare * flow <= 1e-12)
      continue;
    std::vector<std::int32_t> cells = zLayer(r, r.k1 + 1);
    if (r.k1 + 1 >= g.nz || cells.empty())
      cells = yLayer(r, backJ(r, unit->facing), (r.k0 + r.k1 + 1) / 2, r.k1);
    if (cells.empty())
      throw Error("cooler " + unit->id + ": no open cell above or behind it for its return air");
    m_p.sinks.push_back({ unit->id, cells, roomShare * flow });
  }
}

void HallGridBuilder::addCrahSupplies(const std::vector<const CoolingUnit*>& crahs, double crahFlow,
                                      double crahFlowTemp)
{
  const ThermalGrid& g = m_p.grid;
  if (m_hall.raisedFloorM > 0 && !m_hall.tiles.empty() && crahFlow > 0)
  {
    // The hall's own tiles (placed, with open area or measured flow).
    for (AirSupply& tile :
         detail::tileSupplies(m_hall, g, crahFlow, crahFlowTemp / crahFlow, m_warnings))
      m_p.supplies.push_back(std::move(tile));
    return;
  }
  std::vector<std::int32_t> tiles;
  if (m_hall.raisedFloorM > 0)
    addTiles(tiles);
  if (!tiles.empty() && crahFlow > 0)
  {
    m_p.supplies.push_back({ "tiles", tiles, crahFlow, crahFlowTemp / crahFlow });
    return;
  }
  for (const CoolingUnit* unit : crahs)
  {
    const CellRange r = cellRange(g, coolerBox(*unit, m_catalog));
    AirSupply supply{ unit->id, yLayer(r, frontJ(r, unit->facing), r.k0, (r.k0 + r.k1) / 2),
                      detail::coolerAirflowM3s(*unit, m_catalog), unit->supplySetpointC };
    if (supply.cells.empty())
      throw Error("cooler " + unit->id + ": front face blocked; no path for its supply air");
    m_p.supplies.push_back(std::move(supply));
  }
}

} // namespace

double thermalBytesPerCell()
{
  // Solid flag 1, ψ and T 16, temperature matrix 7×8 + ILU diagonal 8 + right-hand side 8,
  // BiCGSTAB work vectors 8×8, multigrid fine level 3×4 + 4×8 (+1/7 for coarser levels),
  // CG work vectors 4×8, sources and labels 12: about 250 bytes.
  return 250.0;
}

ThermalProblem buildThermalProblem(const Hall& hall, const Catalog& catalog,
                                   const ThermalOptions& options,
                                   std::vector<std::string>* warnings)
{
  std::vector<std::string> local;
  HallGridBuilder builder(hall, catalog, options, warnings ? *warnings : local);
  return builder.build();
}

} // namespace myriad::engine::thermal
