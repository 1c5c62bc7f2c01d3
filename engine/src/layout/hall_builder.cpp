/**
 * @file hall_builder.cpp
 * One explicit hall from a GeneratorSpec: rows, network rows, air handlers and CDUs, feeds, ids
 * (the rules are in generator.cpp).
 */
#include "layout/hall_builder.h"

#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/immersion.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace myriad::engine::detail
{

namespace
{

int ceilDiv(int a, int b)
{
  return (a + b - 1) / b;
}

std::string twoDigits(int value)
{
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%02d", value);
  return buffer;
}

double roundUp(double value, double step)
{
  return std::ceil(value / step) * step;
}

} // namespace

std::string syntheticGpuUuid(const std::string& gpuId)
{
  // Two FNV-1a hashes with different offsets give 128 stable bits per id.
  auto fnv = [&](std::uint64_t hash)
  {
    for (const unsigned char c : gpuId)
    {
      hash = (hash ^ c) * 0x100000001b3ULL;
    }
    return hash;
  };
  const std::uint64_t a = fnv(0xcbf29ce484222325ULL);
  const std::uint64_t b = fnv(0x84222325cbf29ce4ULL);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "GPU-%08x-%04x-%04x-%04x-%012llx",
                static_cast<unsigned>(a >> 32), static_cast<unsigned>((a >> 16) & 0xffff),
                static_cast<unsigned>(a & 0xffff), static_cast<unsigned>(b >> 48),
                static_cast<unsigned long long>(b & 0xffffffffffffULL));
  return buffer;
}

HallBuilder::HallBuilder(const GeneratorSpec& spec, const Catalog& catalog, const Part& server,
                         const Part& rack)
  : m_spec(spec)
  , m_catalog(catalog)
  , m_server(server)
  , m_rack(rack)
  , m_networkRack(isTankPart(rack) ? catalog.part(kAirRackModel) : rack)
{
  m_gpusPerNode = std::max(1, static_cast<int>(server.valueOr("gpus", 8)));
  m_rails = std::max(1, static_cast<int>(server.valueOr("computeNics", 8)));
  const int nodes = ceilDiv(spec.gpuCount, m_gpusPerNode);
  m_scalableUnits = ceilDiv(nodes, spec.nodesPerScalableUnit);
  const int radix = static_cast<int>(catalog.part(spec.leafSwitchModel).valueOr("ports", 64));
  m_leavesPerSu = m_rails * ceilDiv(spec.nodesPerScalableUnit, std::max(1, radix / 2));
  const int leaves = m_leavesPerSu * m_scalableUnits;
  // Three tiers: spines in whole pods of radix/2, cores in whole core groups (one per spine of a
  // pod), so that the fabric wires (fabric/superpod.cpp); = L and L/2 when L fills whole pods.
  const int pod = std::max(1, radix / 2);
  m_spines = leaves <= radix ? ceilDiv(leaves, 2) : pod * ceilDiv(leaves, pod);
  m_cores = leaves <= radix ? 0 : pod * ceilDiv(ceilDiv(m_spines, 2), pod);
}

Rack HallBuilder::emptyRack(RackKind kind) const
{
  // Switches stay in air-cooled racks in an immersion hall (their optics are not immersed).
  const Part& enclosure = kind == RackKind::Compute ? m_rack : m_networkRack;
  Rack rack;
  rack.model = enclosure.id;
  rack.kind = kind;
  rack.cooling = kind == RackKind::Compute ? m_spec.cooling : CoolingStyle::Air;
  rack.powerCapW = enclosure.valueOr("powerCapW", 0);
  return rack;
}

void HallBuilder::fillComputeRack(Rack& rack, int su, int& nodeInSu)
{
  const int nodeHeight = partHeightU(m_server.id, m_catalog);
  const int nvlinkTrays = static_cast<int>(m_server.valueOr("nvlinkSwitchTraysPerRack", 0));
  const int firstHalf = m_spec.nodesPerRack / 2;
  int slot = 2; // U1 is left for cable management and the PDU inlets
  for (int n = 0; n < m_spec.nodesPerRack; ++n)
  {
    if (n == firstHalf && nvlinkTrays > 0)
    {
      // NVL72 racks put the NVLink switch trays between the two halves of the compute trays.
      const std::string trayModel = m_server.attribute("nvlinkSwitch");
      for (int t = 0; t < nvlinkTrays; ++t)
      {
        Switch tray;
        tray.model = trayModel;
        tray.role = SwitchRole::NvLink;
        tray.slotU = slot;
        tray.scalableUnit = su;
        rack.switches.push_back(tray);
        slot += partHeightU(trayModel, m_catalog);
      }
    }
    Node node;
    node.model = m_server.id;
    node.slotU = slot;
    node.scalableUnit = su;
    for (int g = 0; g < m_gpusPerNode; ++g)
    {
      node.gpus.push_back({ g, {} });
    }
    for (int r = 0; r < m_rails; ++r)
    {
      node.nics.push_back({ r, r });
    }
    rack.nodes.push_back(std::move(node));
    slot += nodeHeight;
    ++nodeInSu;
  }
}

std::vector<Rack> HallBuilder::networkRacks(std::vector<Switch> switches)
{
  std::vector<Rack> racks;
  if (switches.empty())
  {
    return racks;
  }
  const int height = partHeightU(switches.front().model, m_catalog);
  const int usable = static_cast<int>(m_networkRack.valueOr("units", 48)) - 4; // patch panels
  const int perRack = std::max(1, std::min(m_spec.switchesPerNetworkRack, usable / height));
  for (std::size_t i = 0; i < switches.size(); ++i)
  {
    if (i % perRack == 0)
    {
      racks.push_back(emptyRack(RackKind::Network));
    }
    switches[i].slotU = 2 + static_cast<int>(i % perRack) * height;
    racks.back().switches.push_back(switches[i]);
  }
  return racks;
}

std::vector<Switch> HallBuilder::scalableUnitLeaves(int su) const
{
  std::vector<Switch> leaves;
  for (int i = 0; i < m_leavesPerSu; ++i)
  {
    Switch leaf;
    leaf.model = m_spec.leafSwitchModel;
    leaf.role = SwitchRole::Leaf;
    leaf.scalableUnit = su;
    leaf.rail = i % m_rails;
    leaf.group = i / m_rails;
    leaves.push_back(leaf);
  }
  return leaves;
}

std::vector<Rack> HallBuilder::scalableUnitRacks(int su)
{
  std::vector<Rack> racks;
  int nodeInSu = 0;
  const int computeRacks = m_spec.nodesPerScalableUnit / m_spec.nodesPerRack;
  for (int k = 0; k < computeRacks; ++k)
  {
    Rack rack = emptyRack(RackKind::Compute);
    fillComputeRack(rack, su, nodeInSu);
    racks.push_back(std::move(rack));
  }
  if (m_spec.switchPlacement == SwitchPlacement::PerScalableUnit)
  {
    // The SU's leaf rack sits in the middle of its compute racks to keep node cables short.
    auto network = networkRacks(scalableUnitLeaves(su));
    racks.insert(racks.begin() + computeRacks / 2, network.begin(), network.end());
  }
  return racks;
}

void HallBuilder::planComputeRows()
{
  std::vector<Switch> rowLeaves;
  const auto closeRow = [&]
  {
    if (m_rows.empty() || rowLeaves.empty())
    {
      return;
    }
    // End-of-row: the row's leaf racks follow its last SU; middle-of-row: they sit at the
    // row's centre (between the two middle SUs; inside the middle SU for an odd count).
    auto network = networkRacks(std::move(rowLeaves));
    rowLeaves.clear();
    auto& row = m_rows.back().racks;
    const auto at = m_spec.switchPlacement == SwitchPlacement::EndOfRow
                      ? row.end()
                      : row.begin() + static_cast<std::ptrdiff_t>(row.size() / 2);
    row.insert(at, std::make_move_iterator(network.begin()),
               std::make_move_iterator(network.end()));
  };
  const bool rowLeafRacks = m_spec.switchPlacement == SwitchPlacement::EndOfRow ||
                            m_spec.switchPlacement == SwitchPlacement::MiddleOfRow;
  for (int su = 0; su < m_scalableUnits; ++su)
  {
    if (su % m_spec.scalableUnitsPerRow == 0)
    {
      closeRow();
      m_rows.emplace_back();
    }
    auto racks = scalableUnitRacks(su);
    auto& row = m_rows.back().racks;
    row.insert(row.end(), std::make_move_iterator(racks.begin()),
               std::make_move_iterator(racks.end()));
    if (rowLeafRacks)
    {
      auto leaves = scalableUnitLeaves(su);
      rowLeaves.insert(rowLeaves.end(), leaves.begin(), leaves.end());
    }
  }
  closeRow();
}

void HallBuilder::planSpineRows()
{
  std::vector<Switch> switches;
  if (m_spec.switchPlacement == SwitchPlacement::CentralRow)
  {
    for (int su = 0; su < m_scalableUnits; ++su)
    {
      auto leaves = scalableUnitLeaves(su);
      switches.insert(switches.end(), leaves.begin(), leaves.end());
    }
  }
  for (int i = 0; i < m_spines; ++i)
  {
    Switch spine;
    spine.model = m_spec.leafSwitchModel;
    spine.role = SwitchRole::Spine;
    spine.group = i % m_rails; // rail-aligned spine groups
    switches.push_back(spine);
  }
  for (int i = 0; i < m_cores; ++i)
  {
    Switch core;
    core.model = m_spec.leafSwitchModel;
    core.role = SwitchRole::Core;
    core.group = i % m_rails;
    switches.push_back(core);
  }
  auto racks = networkRacks(std::move(switches));
  if (racks.empty())
  {
    return;
  }
  // Central network rows: no longer than the longest compute row, placed mid-hall.
  std::size_t maxLength = 1;
  for (const auto& row : m_rows)
  {
    maxLength = std::max(maxLength, row.racks.size());
  }
  const std::size_t rowCount = (racks.size() + maxLength - 1) / maxLength;
  m_spineRowIndex = static_cast<int>((m_rows.size() + 1) / 2);
  std::vector<RowPlan> spineRows(rowCount);
  for (std::size_t i = 0; i < racks.size(); ++i)
  {
    spineRows[i / maxLength].racks.push_back(std::move(racks[i]));
  }
  m_rows.insert(m_rows.begin() + m_spineRowIndex, spineRows.begin(), spineRows.end());
}

namespace
{

/**
 * Peak heat and airflow of the hall split by where the heat goes. A liquid rack's server hands
 * its `liquidFraction` to liquid; a server without one (an air-cooled model in a liquid rack:
 * cold-plate retrofit) hands the default share. The thermal model's default (0.8) and the
 * energy model's (0.85) differ, so each side is sized for the share that loads it most: air
 * handlers for 1 − 0.8, CDUs for 0.85. Switches are air-cooled for the air side and follow
 * the energy model (liquid share of their rack) for the CDU side.
 */
struct HeatBudget
{
  double airW = 0;
  double liquidW = 0;
  double rackAirflowM3s = 0; ///< Σ air heat / (ρ·c_p·ΔT), ΔT the part's designDeltaTK
};

HeatBudget heatBudget(const Hall& hall, const Catalog& catalog)
{
  const double airShareDefault = thermal::ThermalOptions{}.liquidShare;
  const double liquidShareDefault = economics::CoolingParams{}.liquidHeatFraction;
  const double defaultDeltaTK = thermal::ThermalOptions{}.designDeltaTK;
  HeatBudget b;
  auto add = [&](const Part& part, bool liquidRack, bool isSwitch, double tankShare)
  {
    const double power = part.valueOr("powerMaxW", 0);
    const double own = isSwitch ? 0 : part.valueOr("liquidFraction", 0);
    // Liquid share as the air side sees it (smallest) and as the CDU side sees it (largest);
    // one share in a tank, where every part sits in the fluid.
    const double airSideShare = tankShare > 0 ? tankShare
                                : liquidRack  ? (own > 0    ? own
                                                 : isSwitch ? 0
                                                            : airShareDefault)
                                              : 0;
    const double cduSideShare = tankShare > 0 ? tankShare
                                : liquidRack  ? (own > 0 ? own : liquidShareDefault)
                                              : 0;
    const double air = power * (1 - airSideShare);
    b.airW += air;
    b.liquidW += power * cduSideShare;
    b.rackAirflowM3s += air / (thermal::kAirRhoCp * part.valueOr("designDeltaTK", defaultDeltaTK));
  };
  for (const auto& row : hall.rows)
    for (const auto& rack : row.racks)
    {
      const bool liquid = rack.cooling == CoolingStyle::Liquid;
      const double tankShare = immersionFluidShare(rack, catalog);
      for (const auto& node : rack.nodes)
        add(catalog.part(node.model), liquid, false, tankShare);
      for (const auto& sw : rack.switches)
        add(catalog.part(sw.model), liquid, true, tankShare);
    }
  return b;
}

/** The catalog's coolant distribution unit (attribute kind "cdu") with the largest capacity. */
const Part* largestCdu(const Catalog& catalog)
{
  const Part* best = nullptr;
  for (const auto& id : catalog.idsOf("cooler"))
  {
    const Part& part = catalog.part(id);
    if (part.attributes.count("kind") && part.attribute("kind") == "cdu" &&
        (!best || part.valueOr("capacityW", 0) > best->valueOr("capacityW", 0)))
      best = &part;
  }
  return best;
}

} // namespace

void HallBuilder::placeRows(Hall& hall)
{
  // Rows are as deep as their deepest enclosure; a smaller one (a network rack among tanks)
  // stands centred in its slot.
  const double rackDepth =
    std::max(m_rack.valueOr("depthM", 1.2), m_networkRack.valueOr("depthM", 1.2));
  // A row of network racks only stands at its racks' own pitch where the compute enclosure is
  // wider (tanks): gaps between racks would let exhaust back to the intakes.
  const double networkPitch =
    std::min(m_spec.rackPitchM, std::max(m_networkRack.valueOr("widthM", 0.6), 0.6));
  auto pitchOf = [&](const RowPlan& plan)
  {
    const bool network = std::all_of(plan.racks.begin(), plan.racks.end(),
                                     [](const Rack& k) { return k.kind == RackKind::Network; });
    return network && &m_networkRack != &m_rack ? networkPitch : m_spec.rackPitchM;
  };
  double rowLength = 0;
  for (const auto& plan : m_rows)
  {
    rowLength = std::max(rowLength, static_cast<double>(plan.racks.size()) * pitchOf(plan));
  }
  hall.widthM = std::max(hall.widthM, rowLength + 2 * m_spec.wallClearanceM);
  const double x0 = (hall.widthM - rowLength) / 2;
  double y = m_spec.wallClearanceM;
  for (std::size_t r = 0; r < m_rows.size(); ++r)
  {
    // Pairs of rows face each other across a cold aisle and turn their backs to a hot aisle.
    const bool firstOfPair = r % 2 == 0;
    const double pitch = pitchOf(m_rows[r]);
    Row row;
    for (std::size_t k = 0; k < m_rows[r].racks.size(); ++k)
    {
      Rack rack = std::move(m_rows[r].racks[k]);
      const RackSize size = rackSize(rack, m_catalog);
      rack.xM = x0 + static_cast<double>(k) * pitch + (pitch - size.widthM) / 2;
      rack.yM = y + (rackDepth - size.depthM) / 2;
      rack.facing = firstOfPair ? Facing::PlusY : Facing::MinusY;
      row.racks.push_back(std::move(rack));
    }
    hall.rows.push_back(std::move(row));
    y += rackDepth;
    if (r + 1 < m_rows.size())
    {
      y += firstOfPair ? m_spec.coldAisleM : m_spec.hotAisleM;
    }
  }
  hall.depthM = y + m_spec.wallClearanceM;
}

int HallBuilder::airHandlerCount(double airW, double rackAirflowM3s) const
{
  // Enough units for the heat at the design load and for the racks' airflow with margin, plus
  // one spare (N+1); see generator.cpp for why both.
  const Part& handler = m_catalog.part(m_spec.coolerModel);
  const double capacity = handler.valueOr("capacityW", 1);
  const double airflow = handler.valueOr("airflowM3s", capacity / (thermal::kAirRhoCp * 12.0));
  const int forHeat = static_cast<int>(std::ceil(airW / (capacity * kDesignLoadFraction)));
  const int forAir = static_cast<int>(std::ceil(rackAirflowM3s * kAirflowMargin / airflow));
  return std::max(forHeat, forAir) + 1;
}

void HallBuilder::placeCoolers(Hall& hall)
{
  const HeatBudget heat = heatBudget(hall, m_catalog);
  const Part& handler = m_catalog.part(m_spec.coolerModel);
  const int handlers = heat.airW > 0 ? airHandlerCount(heat.airW, heat.rackAirflowM3s) : 0;
  const double width = handler.valueOr("widthM", 1);
  const double depth = handler.valueOr("depthM", 1);
  const int perWall = std::max(1, (handlers + 1) / 2);
  hall.widthM = std::max(hall.widthM, perWall * (width + 0.4) + 2.0);
  const double spacing = hall.widthM / perWall;
  const auto kind =
    m_spec.coolerModel.rfind("inrow", 0) == 0 ? CoolerKind::InRow : CoolerKind::Crah;
  for (int i = 0; i < handlers; ++i)
  {
    const bool south = i % 2 == 0; // alternate walls so N+1 spreads over both
    CoolingUnit unit;
    unit.model = handler.id;
    unit.kind = kind;
    const int pair = i / 2; // units stand in pairs
    unit.xM = spacing * (pair + 0.5) - width / 2;
    unit.yM = south ? 0.2 : hall.depthM - depth - 0.2;
    unit.facing = south ? Facing::PlusY : Facing::MinusY;
    unit.supplySetpointC = m_spec.supplySetpointC;
    hall.coolers.push_back(unit);
  }
  if (heat.liquidW > 0)
    placeCdus(hall, heat.liquidW);
}

void HallBuilder::placeCdus(Hall& hall, double liquidW)
{
  const Part* cdu = largestCdu(m_catalog);
  if (cdu == nullptr)
    throw SpecError("the hall has " + std::to_string(liquidW / 1e6) +
                    " MW of liquid heat but the catalog has no cooler of kind \"cdu\"");
  // N+1: the units left when the largest fails still carry the liquid heat.
  const int count = static_cast<int>(std::ceil(liquidW / cdu->valueOr("capacityW", 1))) + 1;
  const int perSide = (count + 1) / 2;
  const double usable = hall.depthM - 2 * m_spec.wallClearanceM;
  const double step = usable / perSide;
  for (int i = 0; i < count; ++i)
  {
    const bool west = i % 2 == 0;
    CoolingUnit unit;
    unit.model = cdu->id;
    unit.kind = CoolerKind::Cdu;
    unit.xM = west ? 0.3 : hall.widthM - 0.3 - cdu->valueOr("widthM", 1.2);
    const int pair = i / 2; // in pairs
    unit.yM = m_spec.wallClearanceM + step * pair + (step - cdu->valueOr("depthM", 1.2)) / 2;
    unit.supplySetpointC = m_spec.supplySetpointC;
    hall.coolers.push_back(unit);
  }
}

void HallBuilder::placeFeeds(Hall& hall)
{
  for (std::size_t r = 0; r < hall.rows.size(); r += 2)
  {
    double load = 0;
    for (std::size_t k = r; k < std::min(r + 2, hall.rows.size()); ++k)
    {
      for (const auto& rack : hall.rows[k].racks)
      {
        load += rackPowerW(rack, m_catalog);
      }
    }
    const int pair = static_cast<int>(r / 2) + 1;
    std::vector<std::string> ids;
    for (const char side : { 'A', 'B' })
    {
      PowerFeed feed;
      feed.id = hall.id + "-F" + twoDigits(pair) + side;
      feed.name = std::string("Feed ") + side + " rows " + std::to_string(r + 1) + "–" +
                  std::to_string(std::min(r + 2, hall.rows.size()));
      feed.capacityW = roundUp(load * 1.25, 250e3);
      feed.redundancy = Redundancy::TwoN;
      hall.feeds.push_back(feed);
      ids.push_back(feed.id);
    }
    for (std::size_t k = r; k < std::min(r + 2, hall.rows.size()); ++k)
    {
      for (auto& rack : hall.rows[k].racks)
      {
        rack.feeds = ids;
      }
    }
  }
}

void HallBuilder::assignIds(Hall& hall)
{
  const std::string prefix =
    m_server.attributes.count("hostPrefix") ? m_server.attribute("hostPrefix") : "node";
  for (std::size_t r = 0; r < hall.rows.size(); ++r)
  {
    Row& row = hall.rows[r];
    row.id = hall.id + "-R" + twoDigits(static_cast<int>(r) + 1);
    const bool network = !row.racks.empty() && row.racks.front().kind == RackKind::Network;
    row.name = (network ? "Network row " : "Row ") + std::to_string(r + 1);
    for (std::size_t k = 0; k < row.racks.size(); ++k)
    {
      Rack& rack = row.racks[k];
      const std::string rk = twoDigits(static_cast<int>(k) + 1);
      rack.id = row.id + "-K" + rk;
      for (std::size_t n = 0; n < rack.nodes.size(); ++n)
      {
        Node& node = rack.nodes[n];
        node.id = rack.id + "-N" + std::to_string(n + 1);
        node.hostname = prefix + "-r" + twoDigits(static_cast<int>(r) + 1) + "-k" + rk + "-n" +
                        std::to_string(n + 1);
        for (auto& gpu : node.gpus)
        {
          gpu.uuid = syntheticGpuUuid(gpuId(node, gpu));
        }
      }
      for (std::size_t s = 0; s < rack.switches.size(); ++s)
      {
        rack.switches[s].id = rack.id + "-S" + twoDigits(static_cast<int>(s) + 1);
      }
    }
  }
  int handlers = 0;
  int cdus = 0;
  for (auto& cooler : hall.coolers)
  {
    cooler.id = cooler.kind == CoolerKind::Cdu ? hall.id + "-CDU" + twoDigits(++cdus)
                                               : hall.id + "-AH" + twoDigits(++handlers);
  }
}

Hall HallBuilder::build()
{
  planComputeRows();
  planSpineRows();
  Hall hall;
  hall.id = "H1";
  hall.name = "Data hall 1";
  hall.heightM = m_spec.hallHeightM;
  hall.raisedFloorM = m_spec.raisedFloorM;
  hall.containment = m_spec.containment;
  placeRows(hall);
  placeCoolers(hall);
  // Coolers may have widened the hall: re-centre the rows on the new width.
  double rowEnd = 0;
  double rowStart = hall.widthM;
  for (const auto& row : hall.rows)
  {
    for (const auto& rack : row.racks)
    {
      rowStart = std::min(rowStart, rack.xM);
      rowEnd = std::max(rowEnd, rack.xM + rackSize(rack, m_catalog).widthM);
    }
  }
  const double shift = (hall.widthM - (rowEnd - rowStart)) / 2 - rowStart;
  for (auto& row : hall.rows)
  {
    for (auto& rack : row.racks)
    {
      rack.xM += shift;
    }
  }
  assignIds(hall);
  placeFeeds(hall);
  return hall;
}

} // namespace myriad::engine::detail
