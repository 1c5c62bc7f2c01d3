/**
 * @file scene_aggregates.cpp
 * Scene walk for the economics models (scene_aggregates.h).
 *
 * Optics and cables without a fabric BOM (assumption, stated in the result): a non-blocking
 * rail-optimised fat-tree carries as many links per tier boundary as there are compute NICs, so
 * links = NICs × tiers; each NIC takes one single-port module (osfp-400-sr4-nic), each switch-side
 * link end half a twin-port module (osfp-2x400-sr4 at the leaf, osfp-2x400-dr4 above), each link
 * one fibre of linkLengthM metres (fiber-mmf price per metre).
 */

#include "scene_aggregates.h"

#include "economics_data.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/immersion.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace myriad::engine::economics::detail
{

namespace
{

double facilityDefault(const Catalog& catalog, const std::string& key, double fallback)
{
  const Part* part = findEconomicsPart(catalog, "facility-defaults");
  return part ? part->valueOr(key, fallback) : fallback;
}

/** Add count × price of `partId` to `sum`, or mark the sum missing. */
void addPrice(PriceSum& sum, const Catalog& catalog, const std::string& partId, double count,
              std::vector<std::string>& missing)
{
  const Part* part = catalog.find(partId);
  auto it = part ? part->figures.find("priceUSD") : decltype(part->figures.end()){};
  if (part == nullptr || it == part->figures.end())
  {
    sum.usd.reset();
    missing.push_back(partId + ".priceUSD");
    return;
  }
  if (sum.usd)
  {
    *sum.usd += count * it->second.value;
  }
  sum.estimate = sum.estimate || it->second.estimate;
  sum.basis += (sum.basis.empty() ? "" : " + ") + withThousands(count) + " × " + partId + " at $" +
               withThousands(it->second.value);
}

/** Catalog figures of one server or switch model, looked up once per model. */
struct PartInfo
{
  PartPower power;
  double liquidFraction = 0;
  std::optional<double> psus;
  int asServer = 0; ///< how many nodes of the scene use this model
  int asSwitch = 0;
};

struct Walk
{
  std::map<std::string, int> servers;
  std::map<std::string, int> switchModels;
  std::map<std::string, int> rackModels;
  std::map<std::string, double> fluidLitres; ///< immersion fluid by fluid part id
  bool leaf = false, spine = false, core = false;
  bool psusEstimated = false;
  std::unordered_map<std::string, PartInfo> parts;
  const std::string* lastId = nullptr;
  PartInfo* last = nullptr;

  // Racks repeat one model many times: compare with the last id before hashing.
  double psusPerNodeDefault = 6;

  PartInfo& info(const std::string& id, const Catalog& catalog, double liquidFallback)
  {
    if (last != nullptr && *lastId == id)
    {
      return *last;
    }
    auto it = parts.find(id);
    if (it == parts.end())
    {
      PartInfo p;
      p.power = partPower(id, catalog);
      const Part* part = catalog.find(id);
      // As the thermal model: an air-cooled server (liquidFraction 0) in a liquid rack is a
      // cold-plate retrofit and hands the default share to liquid.
      const double own = part ? part->valueOr("liquidFraction", 0) : 0;
      p.liquidFraction = own > 0 ? own : liquidFallback;
      if (part != nullptr && part->figures.count("psus") != 0)
      {
        p.psus = part->figures.at("psus").value;
      }
      it = parts.emplace(id, p).first;
    }
    lastId = &it->first;
    last = &it->second;
    return *last;
  }
};

void addRack(SceneAggregates& a, Walk& w, const Rack& rack, const Catalog& catalog,
             const EconomicsInputs& inputs)
{
  const bool liquid = rack.cooling == CoolingStyle::Liquid;
  const double fallback = inputs.cooling.liquidHeatFraction;
  // In an immersion tank every part, switches too, hands the tank's share to the fluid.
  const double tankShare = immersionFluidShare(rack, catalog);
  // This rack's load, added to the scene's at the end (a given power replaces it).
  double liquidIdle = 0, liquidPeak = 0, airIdle = 0, airPeak = 0;
  auto addHeat = [&](const PartPower& p, double liquidFraction)
  {
    const double lf = tankShare > 0 ? tankShare : liquid ? liquidFraction : 0;
    liquidIdle += lf * p.idleW;
    liquidPeak += lf * p.maxW;
    airIdle += (1 - lf) * p.idleW;
    airPeak += (1 - lf) * p.maxW;
  };
  for (const auto& node : rack.nodes)
  {
    PartInfo& part = w.info(node.model, catalog, fallback);
    part.asServer += 1;
    addHeat(part.power, part.liquidFraction);
    a.nodes += 1;
    a.gpus += static_cast<int>(node.gpus.size());
    a.nics += static_cast<int>(node.nics.size());
    if (part.psus)
    {
      a.psus += *part.psus;
    }
    else
    {
      a.psus += w.psusPerNodeDefault;
      w.psusEstimated = true;
    }
  }
  for (const auto& sw : rack.switches)
  {
    PartInfo& part = w.info(sw.model, catalog, fallback);
    part.asSwitch += 1;
    addHeat(part.power, fallback);
    a.switches += 1;
    w.leaf = w.leaf || sw.role == SwitchRole::Leaf;
    w.spine = w.spine || sw.role == SwitchRole::Spine;
    w.core = w.core || sw.role == SwitchRole::Core;
  }
  if (rack.powerW > 0)
  {
    // A given power (measured, budget, nameplate) is the rack's draw at any utilisation, as in
    // the power chain and the thermal model; the contents' liquid share splits it.
    const double peak = liquidPeak + airPeak;
    const double lf = peak > 0 ? liquidPeak / peak : (liquid ? fallback : tankShare);
    liquidIdle = liquidPeak = lf * rack.powerW;
    airIdle = airPeak = (1 - lf) * rack.powerW;
  }
  a.load.liquidIdleW += liquidIdle;
  a.load.liquidPeakW += liquidPeak;
  a.load.airIdleW += airIdle;
  a.load.airPeakW += airPeak;
  a.itPeakW += liquidPeak + airPeak;
  a.racks += 1;
  w.rackModels[rack.model] += 1;
  if (const TankFluid fluid = tankFluid(rack, catalog); fluid.litres > 0)
    w.fluidLitres[fluid.fluid ? fluid.fluid->id : rack.model + ".fluid"] += fluid.litres;
}

/** Immersion fluid: litres × the fluid's priceUSDPerL, per fluid. */
void priceFluid(SceneAggregates& a, const Walk& w, const Catalog& catalog)
{
  for (const auto& [id, litres] : w.fluidLitres)
  {
    a.fluidLitres += litres;
    const Part* fluid = catalog.find(id);
    const auto price =
      fluid ? fluid->figures.find("priceUSDPerL") : decltype(fluid->figures.end()){};
    if (fluid == nullptr || price == fluid->figures.end())
    {
      a.fluid.usd.reset();
      a.missing.push_back(id + ".priceUSDPerL");
      continue;
    }
    if (a.fluid.usd)
      *a.fluid.usd += litres * price->second.value;
    a.fluid.estimate = a.fluid.estimate || price->second.estimate;
    a.fluid.basis += (a.fluid.basis.empty() ? "" : " + ") + withThousands(litres) + " L of " + id +
                     " at $" + withThousands(price->second.value * 100) + " per 100 L";
  }
}

void gpuFigures(SceneAggregates& a, const Walk& w, const Catalog& catalog)
{
  if (w.servers.empty())
  {
    return;
  }
  // The most common server model sets the GPU of training-run estimates.
  auto best = w.servers.begin();
  for (auto it = w.servers.begin(); it != w.servers.end(); ++it)
  {
    best = it->second > best->second ? it : best;
  }
  const Part* server = catalog.find(best->first);
  auto gpuIt = server ? server->attributes.find("gpu") : decltype(server->attributes.end()){};
  if (server == nullptr || gpuIt == server->attributes.end())
  {
    a.missing.push_back(best->first + ".gpu");
    return;
  }
  a.gpuModel = gpuIt->second;
  const Part* gpu = catalog.find(a.gpuModel);
  if (gpu != nullptr && gpu->figures.count("peakBf16Tflops") != 0)
  {
    a.gpuPeakFlops = gpu->figures.at("peakBf16Tflops").value * 1e12;
  }
  else
  {
    a.missing.push_back(a.gpuModel + ".peakBf16Tflops");
  }
}

void estimateFabric(SceneAggregates& a, const Catalog& catalog, const BomInput& bom)
{
  a.links = static_cast<double>(a.nics) * a.fabricTiers;
  const double nicSide = a.fabricTiers > 0 ? a.nics : 0;
  const double leafTwin = a.fabricTiers > 0 ? a.nics / 2.0 : 0;
  const double upperTwin = static_cast<double>(a.nics) * std::max(0, a.fabricTiers - 1);
  a.transceivers = bom.transceivers.value_or(nicSide + leafTwin + upperTwin);
  if (bom.opticsUSD)
  {
    a.optics = PriceSum{ *bom.opticsUSD, "fabric BOM", false };
  }
  else
  {
    addPrice(a.optics, catalog, "osfp-400-sr4-nic", nicSide, a.missing);
    addPrice(a.optics, catalog, "osfp-2x400-sr4", leafTwin, a.missing);
    addPrice(a.optics, catalog, "osfp-2x400-dr4", upperTwin, a.missing);
    a.optics.estimate = true;
    a.assumptions.push_back("optics estimated from counts (no fabric BOM): " + a.optics.basis);
  }
  if (bom.cablesUSD)
  {
    a.cables = PriceSum{ *bom.cablesUSD, "fabric BOM", false };
    return;
  }
  const double cables = bom.cables.value_or(a.links);
  const double lengthM = facilityDefault(catalog, "linkLengthM", 30);
  const Part* fibre = catalog.find("fiber-mmf");
  const double perCable = fibre && fibre->figures.count("pricePerMeterUSD")
                            ? fibre->figures.at("pricePerMeterUSD").value * lengthM
                            : facilityDefault(catalog, "cablePriceUSD", 150);
  a.cables = PriceSum{ cables * perCable,
                       withThousands(cables) + " cables at $" + withThousands(perCable), true };
  a.assumptions.push_back("cables estimated from counts (no fabric BOM): " + a.cables.basis);
}

} // namespace

std::string withThousands(double value)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", std::round(value));
  std::string digits = buf;
  const bool negative = !digits.empty() && digits[0] == '-';
  std::string out;
  const std::size_t start = negative ? 1 : 0;
  for (std::size_t i = start; i < digits.size(); ++i)
  {
    out += digits[i];
    const std::size_t left = digits.size() - i - 1;
    if (left > 0 && left % 3 == 0)
    {
      out += ',';
    }
  }
  return (negative ? "-" : "") + out;
}

SceneAggregates aggregateScene(const Scene& scene, const Catalog& catalog,
                               const EconomicsInputs& inputs)
{
  SceneAggregates a;
  Walk w;
  w.psusPerNodeDefault = facilityDefault(catalog, "psusPerNode", 6);
  for (const auto& hall : scene.site.halls)
  {
    for (const auto& row : hall.rows)
    {
      for (const auto& rack : row.racks)
      {
        addRack(a, w, rack, catalog, inputs);
      }
    }
  }
  // w.servers and w.switchModels are std::maps: sorted, so the basis text is stable.
  for (const auto& [id, part] : w.parts)
  {
    if (part.asServer > 0)
    {
      w.servers[id] = part.asServer;
    }
    if (part.asSwitch > 0)
    {
      w.switchModels[id] = part.asSwitch;
    }
  }
  a.fabricTiers = (w.leaf ? 1 : 0) + (w.spine ? 1 : 0) + (w.core ? 1 : 0);
  if (inputs.bom.opticsPowerW)
  {
    a.load.extraW = *inputs.bom.opticsPowerW;
    a.itPeakW += a.load.extraW;
  }
  for (const auto& [model, n] : w.servers)
  {
    addPrice(a.systems, catalog, model, n, a.missing);
  }
  for (const auto& [model, n] : w.switchModels)
  {
    addPrice(a.switchPrices, catalog, model, n, a.missing);
  }
  for (const auto& [model, n] : w.rackModels)
  {
    addPrice(a.rackPrices, catalog, model, n, a.missing);
  }
  if (w.psusEstimated)
  {
    a.assumptions.push_back(
      "PSUs per node: " + withThousands(facilityDefault(catalog, "psusPerNode", 6)) +
      " (DGX H100) for servers without a psus figure");
  }
  priceFluid(a, w, catalog);
  gpuFigures(a, w, catalog);
  estimateFabric(a, catalog, inputs.bom);
  return a;
}

} // namespace myriad::engine::economics::detail
