/**
 * @file report.cpp
 * Results of the cabling model: bill of materials, per-tier summaries and the CSV exports.
 *
 * BOM lines: switches and NICs by catalog model (unit power = powerMaxW), cables by medium and
 * length bin (unit power = active-copper power per end × 2), transceivers by part (unit power =
 * powerW). Length bins are 0–1, 1–2, 2–3, 3–5, 5–10, 10–20, 20–30, 30–50, 50–100 ... m, chosen
 * so the DAC (3 m), active copper (5 m) and multimode (50 m) reach limits are bin edges.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/csv.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/model.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string_view>
#include <tuple>

namespace myriad::engine::fabric
{
namespace
{

std::string fixed(double v, int digits)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

} // namespace

std::vector<BomLine> billOfMaterials(const FabricGraph& graph, const CablingResult& result,
                                     const Catalog& catalog)
{
  // Tens of thousands of devices and cables: count them by cheap keys first (kind, level,
  // model; medium, length-bin index), then make each line's strings once.
  std::map<std::tuple<int, int, std::string_view>, int> deviceCounts;
  for (const Device& d : graph.devices())
  {
    if (!d.model.empty() && (d.kind == DeviceKind::Switch || d.kind == DeviceKind::Nic))
    {
      ++deviceCounts[{ static_cast<int>(d.kind), d.level, d.model }];
    }
  }
  struct BinCount
  {
    int cables = 0;
    double sampleLengthM = 0; ///< any length in the bin: it gives the bin's label
  };
  std::map<std::pair<int, int>, BinCount> cableCounts; // (medium, length-bin index)
  for (const Cable& c : result.cables)
  {
    if (c.medium >= 0)
    {
      BinCount& bin = cableCounts[{ c.medium, lengthBinIndex(c.lengthM) }];
      ++bin.cables;
      bin.sampleLengthM = c.lengthM;
    }
  }
  // Key: category, part, lower edge of the length bin (so bins sort by length), detail.
  std::map<std::tuple<std::string, std::string, double, std::string>, int> counts;
  for (const auto& [key, n] : deviceCounts)
  {
    const auto& [kind, level, model] = key;
    const std::string detail = static_cast<DeviceKind>(kind) == DeviceKind::Nic ? "compute NIC port"
                               : level == 1                                     ? "leaf"
                               : level == 2                                     ? "spine"
                                                                                : "core";
    counts[{ toString(static_cast<DeviceKind>(kind)), std::string(model), 0.0, detail }] += n;
  }
  for (const auto& [key, count] : cableCounts)
  {
    const std::string bin = lengthBin(count.sampleLengthM);
    counts[{ "cable", result.media[key.first].cablePart, std::atof(bin.c_str() + (bin[0] == '>')),
             bin }] += count.cables;
  }
  std::vector<BomLine> bom;
  for (const auto& [key, n] : counts)
  {
    const auto& [category, part, binLow, detail] = key;
    const Part* p = catalog.find(part);
    double power = 0;
    if (p != nullptr)
    {
      power = category == "cable" ? 2 * (p->attributes.count("medium") &&
                                             p->attributes.at("medium") == "active-copper"
                                           ? p->valueOr("powerW", 0)
                                           : 0)
                                  : p->valueOr("powerMaxW", 0);
    }
    bom.push_back({ category, part, detail, n, power });
  }
  for (const auto& [part, n] : result.opticsByPart)
  {
    bom.push_back({ "optic", part, "transceiver", n, catalog.part(part).valueOr("powerW", 0) });
  }
  return bom;
}

std::vector<TierSummary> tierSummaries(const FabricGraph& graph, const CablingResult& result)
{
  std::map<Tier, TierSummary> byTier;
  for (const Link& l : graph.links())
  {
    TierSummary& s = byTier[l.tier];
    s.tier = l.tier;
    ++s.links;
    s.capacityBps += l.rateBps;
  }
  for (const Cable& c : result.cables)
  {
    byTier[graph.links()[c.link].tier].totalLengthM += c.lengthM;
  }
  std::vector<TierSummary> out;
  for (const auto& [tier, s] : byTier)
  {
    out.push_back(s);
  }
  return out;
}

std::string bomCsv(const std::vector<BomLine>& bom)
{
  std::ostringstream os;
  os << "category,part,detail,quantity,unit_power_w,total_power_w\n";
  for (const BomLine& l : bom)
  {
    os << csvField(l.category) << ',' << csvField(l.part) << ',' << csvField(l.detail) << ','
       << l.quantity << ',' << fixed(l.unitPowerW, 2) << ',' << fixed(l.unitPowerW * l.quantity, 2)
       << '\n';
  }
  return os.str();
}

std::string cutSheetCsv(const FabricGraph& graph, const CablingResult& result, const Scene& scene)
{
  auto rackId = [&scene](const Location& loc) -> std::string
  {
    if (!loc.placed())
    {
      return {};
    }
    return scene.site.halls.at(loc.hall).rows.at(loc.row).racks.at(loc.rack).id;
  };
  std::ostringstream os;
  os << "cable,tier,a_device,a_rack,a_unit,a_port,b_device,b_rack,b_unit,b_port,medium,"
        "length_m\n";
  int n = 0;
  for (const Cable& c : result.cables)
  {
    const Link& l = graph.links()[c.link];
    const Device& a = graph.device(l.a.device);
    const Device& b = graph.device(l.b.device);
    os << ++n << ',' << toString(l.tier) << ',' << csvField(a.id) << ','
       << csvField(rackId(a.location)) << ',' << a.location.slotU << ',' << l.a.port + 1 << ','
       << csvField(b.id) << ',' << csvField(rackId(b.location)) << ',' << b.location.slotU << ','
       << l.b.port + 1 << ',' << (c.medium >= 0 ? result.media[c.medium].name : "unreachable")
       << ',' << fixed(c.lengthM, 2) << '\n';
  }
  return os.str();
}

std::string trayCsv(const CablingResult& result)
{
  std::ostringstream os;
  os << "segment,hall,kind,x0_m,y0_m,x1_m,y1_m,z_m,length_m,cables,levels,width_mm,depth_mm,"
        "fill_pct\n";
  for (std::size_t s = 0; s < result.trays.size(); ++s)
  {
    const TraySegment& t = result.trays[s];
    os << s << ',' << t.hall << ',' << t.kind << ',' << fixed(t.x0, 2) << ',' << fixed(t.y0, 2)
       << ',' << fixed(t.x1, 2) << ',' << fixed(t.y1, 2) << ',' << fixed(t.z, 2) << ','
       << fixed(std::hypot(t.x1 - t.x0, t.y1 - t.y0), 2) << ',' << t.cables << ',' << t.levels
       << ',' << fixed(1000 * t.widthM, 0) << ',' << fixed(1000 * t.depthM, 0) << ','
       << fixed(100 * t.fill, 1) << '\n';
  }
  return os.str();
}

} // namespace myriad::engine::fabric
