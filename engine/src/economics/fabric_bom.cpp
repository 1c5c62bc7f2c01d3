/**
 * @file fabric_bom.cpp
 * The economics model's bill of materials from the scene's routed fabric (fabric/cabling.h):
 * counts, optics power, and prices from the catalog (transceivers per unit; cables per metre of
 * their routed length, or per assembly for copper).
 */

#include "myriad/engine/economics/inputs.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/cableable.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"

#include <vector>

namespace myriad::engine::economics
{

namespace
{

/** Catalog figure `name` of part `id`, or nullopt when the part or the figure is missing. */
std::optional<double> figure(const Catalog& catalog, const std::string& id, const char* name)
{
  const Part* part = catalog.find(id);
  if (part == nullptr || part->figures.count(name) == 0)
  {
    return std::nullopt;
  }
  return part->figures.at(name).value;
}

/** Σ count × priceUSD over the transceivers; nullopt when any of them has no price. */
std::optional<double> opticsPrice(const fabric::CablingResult& cabling, const Catalog& catalog)
{
  double usd = 0;
  for (const auto& [part, count] : cabling.opticsByPart)
  {
    const auto price = figure(catalog, part, "priceUSD");
    if (!price)
    {
      return std::nullopt;
    }
    usd += *price * count;
  }
  return usd;
}

/** How one medium's cable is priced: per metre of routed length or per assembly. */
struct CablePrice
{
  std::optional<double> perMetre;
  std::optional<double> each;
};

/**
 * Σ over routed cables of the cable part's price: per metre × length (fibre) or per cable
 * (copper assemblies); nullopt when a cable has no medium or its part no price. The catalog is
 * asked once per medium; the sum runs in cable order.
 */
std::optional<double> cablesPrice(const fabric::CablingResult& cabling, const Catalog& catalog)
{
  std::vector<CablePrice> prices;
  prices.reserve(cabling.media.size());
  for (const fabric::Medium& medium : cabling.media)
  {
    CablePrice price;
    price.perMetre = figure(catalog, medium.cablePart, "pricePerMeterUSD");
    if (!price.perMetre)
    {
      price.each = figure(catalog, medium.cablePart, "pricePerCableUSD");
    }
    prices.push_back(price);
  }
  double usd = 0;
  for (const fabric::Cable& cable : cabling.cables)
  {
    if (cable.medium < 0)
    {
      return std::nullopt;
    }
    const CablePrice& price = prices.at(cable.medium);
    if (price.perMetre)
    {
      usd += *price.perMetre * cable.lengthM;
    }
    else if (price.each)
    {
      usd += *price.each;
    }
    else
    {
      return std::nullopt;
    }
  }
  return usd;
}

} // namespace

BomInput bomFromCabling(const fabric::CablingResult& cabling, const Catalog& catalog)
{
  BomInput bom;
  double transceivers = 0;
  for (const auto& [part, count] : cabling.opticsByPart)
  {
    transceivers += count;
  }
  bom.transceivers = transceivers;
  bom.cables = static_cast<double>(cabling.cables.size());
  bom.opticsPowerW = cabling.opticsPowerW;
  bom.opticsUSD = opticsPrice(cabling, catalog);
  bom.cablesUSD = cablesPrice(cabling, catalog);
  return bom;
}

BomInput fabricBomInput(const Scene& scene, const Catalog& catalog)
{
  // The live fabric stage's rule (live_models.cpp, runFabric), so every view prices one BOM.
  if (!fabric::hasSwitches(scene))
  {
    return BomInput{ 0.0, 0.0, 0.0, 0.0, 0.0 }; // nothing to cable or price
  }
  const fabric::CableablePart part = fabric::cableablePart(scene);
  if (!part.leftOut.empty())
  {
    return {}; // part of the hall is not wired: optics and cables are estimated from counts
  }
  try
  {
    const fabric::FabricGraph graph = fabric::buildSuperPod(part.scene, catalog);
    return bomFromCabling(fabric::routeCables(graph, part.scene, catalog), catalog);
  }
  catch (const Error&)
  {
    // No fabric for this scene (e.g. no spine for its leaves): the per-node estimate applies
    // and the economics result lists the BOM figures as estimated.
    return {};
  }
}

} // namespace myriad::engine::economics
