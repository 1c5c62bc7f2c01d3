#include "myriad/engine/query.h"
#include "myriad/engine/text.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fields.h"
#include "myriad/engine/immersion.h"

#include <cmath>
#include <cstdio>
#include <string_view>

namespace myriad::engine
{

namespace
{
constexpr double kRackUnitM = 0.04445; // EIA-310: 1U = 1.75 in = 44.45 mm
constexpr double kPlinthM = 0.1;       // frame and castors below U1

std::string formatNumber(double value, int decimals)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string formatPower(double watts)
{
  if (watts >= 1e6)
  {
    return formatNumber(watts / 1e6, 3) + " MW";
  }
  if (watts >= 1e3)
  {
    return formatNumber(watts / 1e3, 1) + " kW";
  }
  return formatNumber(watts, 0) + " W";
}

std::string figureText(const Part& part, const std::string& key)
{
  const auto it = part.figures.find(key);
  if (it == part.figures.end())
  {
    return "missing";
  }
  const Figure& figure = it->second;
  const bool whole = std::floor(figure.value) == figure.value;
  const std::string text = figure.unit == "W"
                             ? formatPower(figure.value)
                             : formatNumber(figure.value, whole ? 0 : 2) + " " + figure.unit;
  return figure.estimate ? text + " (estimate)" : text;
}
} // namespace

const char* toString(ObjectKind kind)
{
  switch (kind)
  {
    case ObjectKind::None:
      return "none";
    case ObjectKind::Site:
      return "site";
    case ObjectKind::Hall:
      return "hall";
    case ObjectKind::Row:
      return "row";
    case ObjectKind::Rack:
      return "rack";
    case ObjectKind::Node:
      return "node";
    case ObjectKind::Gpu:
      return "gpu";
    case ObjectKind::Switch:
      return "switch";
    case ObjectKind::Cooler:
      return "cooler";
    case ObjectKind::Feed:
      return "feed";
  }
  return "?";
}

int partHeightU(const std::string& partId, const Catalog& catalog)
{
  const Part* part = catalog.find(partId);
  return part == nullptr ? 1 : std::max(1, static_cast<int>(part->valueOr("heightU", 1)));
}

RackSize rackSize(const Rack& rack, const Catalog& catalog)
{
  RackSize size;
  if (const Part* part = catalog.find(rack.model))
  {
    size.widthM = part->valueOr("widthM", size.widthM);
    size.depthM = part->valueOr("depthM", size.depthM);
    size.heightM = part->valueOr("heightM", size.heightM);
    size.units = static_cast<int>(part->valueOr("units", size.units));
  }
  return size;
}

Box rackBox(const Rack& rack, const Catalog& catalog)
{
  const RackSize size = rackSize(rack, catalog);
  return { rack.xM, rack.yM, 0.0, rack.xM + size.widthM, rack.yM + size.depthM, size.heightM };
}

Box slotBox(const Rack& rack, int slotU, int heightU, const Catalog& catalog)
{
  const RackSize size = rackSize(rack, catalog);
  const Part* part = catalog.find(rack.model);
  if (part != nullptr && isTankPart(*part))
  {
    // A tank holds its servers upright, side by side along its length (X), slot 1 at its
    // low-X end; they stand in the fluid up to a few centimetres below the surface.
    const double x0 = rack.xM + 0.1 + (slotU - 1) * kRackUnitM;
    return { x0,
             rack.yM + 0.1,
             0.15,
             x0 + heightU * kRackUnitM,
             rack.yM + size.depthM - 0.1,
             size.heightM - 0.1 };
  }
  const double inset = 0.03; // rails and doors
  const double z0 = kPlinthM + (slotU - 1) * kRackUnitM;
  return { rack.xM + inset,
           rack.yM + inset,
           z0,
           rack.xM + size.widthM - inset,
           rack.yM + size.depthM - inset,
           z0 + heightU * kRackUnitM };
}

Box coolerBox(const CoolingUnit& cooler, const Catalog& catalog)
{
  const Part* part = catalog.find(cooler.model);
  const double w = part ? part->valueOr("widthM", 1.0) : 1.0;
  const double d = part ? part->valueOr("depthM", 1.0) : 1.0;
  const double h = part ? part->valueOr("heightM", 2.0) : 2.0;
  return { cooler.xM, cooler.yM, 0.0, cooler.xM + w, cooler.yM + d, h };
}

int racksWithGivenPower(const Hall& hall)
{
  int count = 0;
  for (const Row& row : hall.rows)
    for (const Rack& rack : row.racks)
      count += rack.powerW > 0 ? 1 : 0;
  return count;
}

std::string loadText(const Hall& hall, double utilisation)
{
  return loadPhrase(hall, utilisation).str();
}

Text loadPhrase(const Hall& hall, double utilisation)
{
  const std::string percent = std::to_string(static_cast<int>(std::lround(utilisation * 100)));
  const int given = racksWithGivenPower(hall);
  if (given == 0)
    return { MYRIAD_TR_NOOP("EngineText", " at %1 % utilisation"), { percent }, {} };
  return { given == 1
             ? MYRIAD_TR_NOOP("EngineText", " at %1 % utilisation (%2 rack at its given power)")
             : MYRIAD_TR_NOOP("EngineText", " at %1 % utilisation (%2 racks at their given power)"),
           { percent, std::to_string(given) },
           {} };
}

double rackPowerW(const Rack& rack, const Catalog& catalog)
{
  if (rack.powerW > 0)
    return rack.powerW; // measured, budgeted or nameplate: as given
  double watts = 0;
  for (const auto& node : rack.nodes)
  {
    watts += catalog.part(node.model).valueOr("powerMaxW", 0);
  }
  for (const auto& sw : rack.switches)
  {
    watts += catalog.part(sw.model).valueOr("powerMaxW", 0);
  }
  return watts;
}

SceneCounts countScene(const Scene& scene, const Catalog& catalog)
{
  SceneCounts c;
  for (const auto& hall : scene.site.halls)
  {
    ++c.halls;
    c.coolers += static_cast<int>(hall.coolers.size());
    c.feeds += static_cast<int>(hall.feeds.size());
    for (const auto& cooler : hall.coolers)
    {
      c.coolingCapacityW += catalog.part(cooler.model).valueOr("capacityW", 0);
    }
    for (const auto& feed : hall.feeds)
    {
      c.feedCapacityW += feed.capacityW;
    }
    for (const auto& row : hall.rows)
    {
      ++c.rows;
      for (const auto& rack : row.racks)
      {
        ++c.racks;
        c.computeRacks += rack.kind == RackKind::Compute ? 1 : 0;
        c.networkRacks += rack.kind == RackKind::Network ? 1 : 0;
        c.switches += static_cast<int>(rack.switches.size());
        c.itPowerW += rackPowerW(rack, catalog);
        for (const auto& node : rack.nodes)
        {
          ++c.nodes;
          c.gpus += static_cast<int>(node.gpus.size());
          c.nics += static_cast<int>(node.nics.size());
        }
      }
    }
  }
  return c;
}

namespace
{

using Properties = std::vector<std::pair<std::string, std::string>>;

/** The label of field `key` in `table` (fields.h), so describe() and the editor agree. */
template <typename E>
std::string label(const std::vector<fields::Field<E>>& table, const char* key)
{
  for (const auto& f : table)
    if (std::string_view(f.key) == key)
      return f.label;
  return key;
}

/** "20.0 °C": a formatted number with the field's unit. */
template <typename E>
std::string withUnit(const std::string& number, const std::vector<fields::Field<E>>& table,
                     const char* key)
{
  for (const auto& f : table)
    if (std::string_view(f.key) == key && *f.unit != '\0')
      return number + " " + f.unit;
  return number;
}

void describeRack(const Rack& rack, const Catalog& catalog, Properties& out)
{
  const RackSize size = rackSize(rack, catalog);
  const double power = rackPowerW(rack, catalog);
  int gpus = 0;
  for (const auto& node : rack.nodes)
  {
    gpus += static_cast<int>(node.gpus.size());
  }
  std::string feeds;
  for (const auto& feed : rack.feeds)
  {
    feeds += (feeds.empty() ? "" : ", ") + feed;
  }
  out.insert(
    out.end(),
    { { label(fields::rackFields(), "kind"), toString(rack.kind) },
      { label(fields::rackFields(), "model"), catalog.part(rack.model).name },
      { "Position", "x " + formatNumber(rack.xM, 2) + " m, y " + formatNumber(rack.yM, 2) + " m" },
      { "Footprint", formatNumber(size.widthM, 2) + " × " + formatNumber(size.depthM, 2) + " m, " +
                       std::to_string(size.units) + "U" },
      { label(fields::rackFields(), "facing"), toString(rack.facing) },
      { label(fields::rackFields(), "cooling"), toString(rack.cooling) },
      { "Nodes", std::to_string(rack.nodes.size()) },
      { "GPUs", std::to_string(gpus) },
      { "Switches", std::to_string(rack.switches.size()) },
      { rack.powerW > 0 ? "Power" : "Max power",
        rack.powerW > 0 ? formatPower(power) + " (" + toString(rack.powerSource) + ", given)"
                        : formatPower(power) },
      { label(fields::rackFields(), "airflowM3s"),
        rack.airflowM3s > 0 ? formatNumber(rack.airflowM3s, 2) + " m³/s (given)"
                            : std::string("from heat and ΔT") },
      { label(fields::rackFields(), "powerCapW"),
        rack.powerCapW > 0 ? formatPower(rack.powerCapW) : std::string("unlimited") },
      { label(fields::rackFields(), "feeds"), feeds.empty() ? std::string("none") : feeds } });
}

void describeNode(const Node& node, const Catalog& catalog, Properties& out)
{
  const Part& part = catalog.part(node.model);
  out.insert(out.end(), { { label(fields::nodeFields(), "hostname"), node.hostname },
                          { label(fields::nodeFields(), "model"), part.name },
                          { label(fields::nodeFields(), "slotU"),
                            "U" + std::to_string(node.slotU) + " (" +
                              std::to_string(partHeightU(node.model, catalog)) + "U)" },
                          { label(fields::nodeFields(), "scalableUnit"),
                            node.scalableUnit < 0 ? std::string("none")
                                                  : std::to_string(node.scalableUnit + 1) },
                          { "GPUs", std::to_string(node.gpus.size()) },
                          { "NICs", std::to_string(node.nics.size()) },
                          { "Max power", figureText(part, "powerMaxW") },
                          { "Idle power", figureText(part, "powerIdleW") },
                          { "Weight", figureText(part, "weightKg") },
                          { "Price", figureText(part, "priceUSD") } });
}

} // namespace

std::optional<ObjectRef> findById(const Scene& scene, const std::string& id)
{
  const auto& halls = scene.site.halls;
  for (int h = 0; h < static_cast<int>(halls.size()); ++h)
  {
    const Hall& hall = halls[h];
    if (hall.id == id)
    {
      return ObjectRef{ ObjectKind::Hall, h };
    }
    for (int i = 0; i < static_cast<int>(hall.coolers.size()); ++i)
    {
      if (hall.coolers[i].id == id)
      {
        return ObjectRef{ ObjectKind::Cooler, h, -1, -1, -1, i };
      }
    }
    for (int i = 0; i < static_cast<int>(hall.feeds.size()); ++i)
    {
      if (hall.feeds[i].id == id)
      {
        return ObjectRef{ ObjectKind::Feed, h, -1, -1, -1, i };
      }
    }
    for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
    {
      const Row& row = hall.rows[r];
      if (row.id == id)
      {
        return ObjectRef{ ObjectKind::Row, h, r };
      }
      // Ids are hierarchical ("H1-R03-K07-N2-G5"), so only descend into a matching prefix.
      if (id.compare(0, row.id.size(), row.id) != 0)
      {
        continue;
      }
      for (int k = 0; k < static_cast<int>(row.racks.size()); ++k)
      {
        const Rack& rack = row.racks[k];
        if (rack.id == id)
        {
          return ObjectRef{ ObjectKind::Rack, h, r, k };
        }
        for (int s = 0; s < static_cast<int>(rack.switches.size()); ++s)
        {
          if (rack.switches[s].id == id)
          {
            return ObjectRef{ ObjectKind::Switch, h, r, k, -1, s };
          }
        }
        for (int n = 0; n < static_cast<int>(rack.nodes.size()); ++n)
        {
          const Node& node = rack.nodes[n];
          if (node.id == id)
          {
            return ObjectRef{ ObjectKind::Node, h, r, k, n };
          }
          for (int g = 0; g < static_cast<int>(node.gpus.size()); ++g)
          {
            if (gpuId(node, node.gpus[g]) == id)
            {
              return ObjectRef{ ObjectKind::Gpu, h, r, k, n, g };
            }
          }
        }
      }
    }
  }
  return std::nullopt;
}

std::string idOf(const Scene& scene, const ObjectRef& ref)
{
  if (ref.kind == ObjectKind::Site)
  {
    return scene.site.name;
  }
  if (ref.hall < 0 || ref.hall >= static_cast<int>(scene.site.halls.size()))
  {
    return {};
  }
  const Hall& hall = scene.site.halls[ref.hall];
  switch (ref.kind)
  {
    case ObjectKind::Hall:
      return hall.id;
    case ObjectKind::Cooler:
      return hall.coolers.at(ref.item).id;
    case ObjectKind::Feed:
      return hall.feeds.at(ref.item).id;
    case ObjectKind::Row:
      return hall.rows.at(ref.row).id;
    case ObjectKind::Rack:
      return hall.rows.at(ref.row).racks.at(ref.rack).id;
    case ObjectKind::Switch:
      return hall.rows.at(ref.row).racks.at(ref.rack).switches.at(ref.item).id;
    case ObjectKind::Node:
      return hall.rows.at(ref.row).racks.at(ref.rack).nodes.at(ref.node).id;
    case ObjectKind::Gpu:
    {
      const Node& node = hall.rows.at(ref.row).racks.at(ref.rack).nodes.at(ref.node);
      return gpuId(node, node.gpus.at(ref.item));
    }
    default:
      return {};
  }
}

std::vector<std::pair<std::string, std::string>> describe(const Scene& scene, const ObjectRef& ref,
                                                          const Catalog& catalog)
{
  Properties out;
  const std::string id = idOf(scene, ref);
  if (id.empty() && ref.kind != ObjectKind::Site)
  {
    return out;
  }
  out.emplace_back(MYRIAD_TR_NOOP("EngineField", "Id"), id);
  out.emplace_back(MYRIAD_TR_NOOP("EngineField", "Type"), toString(ref.kind));
  if (ref.kind == ObjectKind::Site)
  {
    const SceneCounts c = countScene(scene, catalog);
    out.insert(out.end(), { { MYRIAD_TR_NOOP("EngineField", "Halls"), std::to_string(c.halls) },
                            { MYRIAD_TR_NOOP("EngineField", "GPUs"), std::to_string(c.gpus) },
                            { MYRIAD_TR_NOOP("EngineField", "IT power"), formatPower(c.itPowerW) },
                            { label(fields::siteFields(), "currency"), scene.site.currency } });
    return out;
  }
  const Hall& hall = scene.site.halls[ref.hall];
  switch (ref.kind)
  {
    case ObjectKind::Hall:
      out.insert(
        out.end(),
        { { label(fields::hallFields(), "name"), hall.name },
          { MYRIAD_TR_NOOP("EngineField", "Size"), formatNumber(hall.widthM, 1) + " × " +
                                                     formatNumber(hall.depthM, 1) + " × " +
                                                     formatNumber(hall.heightM, 1) + " m" },
          { label(fields::hallFields(), "raisedFloorM"),
            withUnit(formatNumber(hall.raisedFloorM, 2), fields::hallFields(), "raisedFloorM") },
          { label(fields::hallFields(), "containment"), toString(hall.containment) },
          { MYRIAD_TR_NOOP("EngineField", "Rows"), std::to_string(hall.rows.size()) },
          { MYRIAD_TR_NOOP("EngineField", "Cooling units"), std::to_string(hall.coolers.size()) },
          { MYRIAD_TR_NOOP("EngineField", "Power feeds"), std::to_string(hall.feeds.size()) } });
      break;
    case ObjectKind::Row:
    {
      const Row& row = hall.rows[ref.row];
      double power = 0;
      for (const auto& rack : row.racks)
      {
        power += rackPowerW(rack, catalog);
      }
      out.insert(out.end(),
                 { { label(fields::rowFields(), "name"), row.name },
                   { MYRIAD_TR_NOOP("EngineField", "Racks"), std::to_string(row.racks.size()) },
                   { MYRIAD_TR_NOOP("EngineField", "Max power"), formatPower(power) } });
      break;
    }
    case ObjectKind::Rack:
      describeRack(hall.rows[ref.row].racks[ref.rack], catalog, out);
      break;
    case ObjectKind::Node:
      describeNode(hall.rows[ref.row].racks[ref.rack].nodes[ref.node], catalog, out);
      break;
    case ObjectKind::Gpu:
    {
      const Node& node = hall.rows[ref.row].racks[ref.rack].nodes[ref.node];
      const Gpu& gpu = node.gpus[ref.item];
      const Part& part = catalog.part(catalog.part(node.model).attribute("gpu"));
      out.insert(
        out.end(),
        { { MYRIAD_TR_NOOP("EngineField", "Model"), part.name },
          { MYRIAD_TR_NOOP("EngineField", "Index"), std::to_string(gpu.index) },
          { MYRIAD_TR_NOOP("EngineField", "UUID"),
            gpu.uuid.empty() ? std::string("unknown") : gpu.uuid },
          { MYRIAD_TR_NOOP("EngineField", "Node"), node.hostname },
          { MYRIAD_TR_NOOP("EngineField", "TDP"), figureText(part, "tdpW") },
          { MYRIAD_TR_NOOP("EngineField", "Memory"), figureText(part, "memoryGB") },
          { MYRIAD_TR_NOOP("EngineField", "BF16 peak"), figureText(part, "peakBf16Tflops") } });
      break;
    }
    case ObjectKind::Switch:
    {
      const Switch& sw = hall.rows[ref.row].racks[ref.rack].switches[ref.item];
      const Part& part = catalog.part(sw.model);
      out.insert(
        out.end(),
        { { label(fields::switchFields(), "model"), part.name },
          { label(fields::switchFields(), "role"), toString(sw.role) },
          { label(fields::switchFields(), "slotU"), "U" + std::to_string(sw.slotU) },
          { label(fields::switchFields(), "scalableUnit"),
            sw.scalableUnit < 0 ? std::string("none") : std::to_string(sw.scalableUnit + 1) },
          { label(fields::switchFields(), "rail"),
            sw.rail < 0 ? std::string("none") : std::to_string(sw.rail) },
          { MYRIAD_TR_NOOP("EngineField", "Ports"), figureText(part, "ports") },
          { MYRIAD_TR_NOOP("EngineField", "Port rate"), figureText(part, "portRateGbps") },
          { MYRIAD_TR_NOOP("EngineField", "Max power"), figureText(part, "powerMaxW") } });
      break;
    }
    case ObjectKind::Cooler:
    {
      const CoolingUnit& cooler = hall.coolers[ref.item];
      const Part& part = catalog.part(cooler.model);
      out.insert(
        out.end(),
        { { label(fields::coolerFields(), "model"), part.name },
          { label(fields::coolerFields(), "kind"), toString(cooler.kind) },
          { MYRIAD_TR_NOOP("EngineField", "Capacity"), figureText(part, "capacityW") },
          { MYRIAD_TR_NOOP("EngineField", "Airflow"),
            cooler.airflowM3s > 0 ? formatNumber(cooler.airflowM3s, 2) + " m³/s (set; catalog " +
                                      figureText(part, "airflowM3s") + ")"
                                  : figureText(part, "airflowM3s") },
          { label(fields::coolerFields(), "supplySetpointC"),
            withUnit(formatNumber(cooler.supplySetpointC, 1), fields::coolerFields(),
                     "supplySetpointC") },
          { MYRIAD_TR_NOOP("EngineField", "Position"),
            "x " + formatNumber(cooler.xM, 2) + " m, y " + formatNumber(cooler.yM, 2) + " m" } });
      break;
    }
    case ObjectKind::Feed:
    {
      const PowerFeed& feed = hall.feeds[ref.item];
      out.insert(
        out.end(),
        { { label(fields::feedFields(), "name"), feed.name },
          { label(fields::feedFields(), "capacityW"), formatPower(feed.capacityW) },
          { label(fields::feedFields(), "redundancy"), toString(feed.redundancy) },
          { label(fields::feedFields(), "voltageV"),
            withUnit(formatNumber(feed.voltageV, 0), fields::feedFields(), "voltageV") } });
      break;
    }
    default:
      break;
  }
  return out;
}

} // namespace myriad::engine
