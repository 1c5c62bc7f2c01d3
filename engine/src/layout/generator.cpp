/*
 * Parametric hall generator.
 *
 * Counts follow the NVIDIA DGX SuperPOD reference architecture (rail-optimised fat-tree):
 *   nodes  = ceil(gpuCount / gpusPerNode), rounded up to whole scalable units (SU);
 *   rails  = compute NICs per node; leaves per SU = rails × ceil(nodesPerSU / (radix/2));
 *   L      = total leaves. Two tiers while L ≤ radix: spines = ceil(L/2);
 *            otherwise three tiers: spines = L rounded up to whole pods of radix/2, cores =
 *            ceil(spines/2) rounded up to whole core groups of radix/2 (= L and L/2 when L
 *            fills whole pods; ascend-910b-10k: L = 160 at radix 128 → 192 spines, 128 cores)
 *   (H100/B200 RA tables: 4 SU → 32 leaf/16 spine; 16 SU → 128/128/64; 64 SU → 512/512/256).
 * Cooling (hall_builder.cpp): air heat = Σ peak power × (1 − liquid share) of liquid racks'
 *   servers (their liquidFraction, else the models' default share) plus all other heat;
 *   air handlers = max(ceil(air / (0.85·cap)), ceil(1.15·rack airflow / unit airflow)) + 1 (N+1),
 *   on the two long walls: 0.85 because the units by the hottest rows take 10–20 % above the mean,
 *   1.15 so that row ends and rack tops do not draw exhaust. Liquid heat goes to the catalog's
 *   largest CDU, ceil(liquid / cap) + 1 (N+1), on the two short walls.
 * Power: two feeds (A and B, 2N) per row pair, each rated for the pair's full load × 1.25,
 * rounded up to 250 kW.
 * Source: docs/references.md#superpod-h100-ra, #superpod-b200-ra, #superpod-gb200-ra.
 */
#include "myriad/engine/generator.h"

#include "layout/hall_builder.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/immersion.h"

#include <cmath>

namespace myriad::engine
{

namespace
{

const Part& requireCategory(const Catalog& catalog, const std::string& id,
                            const std::string& category, const std::string& parameter)
{
  const Part* part = catalog.find(id);
  if (part == nullptr || part->category != category)
  {
    throw SpecError("spec." + parameter + " = \"" + id + "\" is not a " + category +
                    " in the catalog (known: " +
                    [&]
                    {
                      std::string list;
                      for (const auto& known : catalog.idsOf(category))
                      {
                        list += (list.empty() ? "" : ", ") + known;
                      }
                      return list;
                    }() +
                    ")");
  }
  return *part;
}

void requirePositive(double value, const std::string& parameter, const std::string& unit)
{
  if (!(value > 0))
  {
    throw SpecError("spec." + parameter + " = " + std::to_string(value) + " must be > 0 " + unit);
  }
}

} // namespace

Scene generateScene(const GeneratorSpec& spec, const Catalog& catalog)
{
  const Part& server = requireCategory(catalog, spec.serverModel, "server", "serverModel");
  requireCategory(catalog, spec.leafSwitchModel, "switch", "leafSwitchModel");
  requireCategory(catalog, spec.coolerModel, "cooler", "coolerModel");
  requirePositive(spec.gpuCount, "gpuCount", "GPUs");
  requirePositive(spec.nodesPerRack, "nodesPerRack", "nodes");
  requirePositive(spec.nodesPerScalableUnit, "nodesPerScalableUnit", "nodes");
  requirePositive(spec.scalableUnitsPerRow, "scalableUnitsPerRow", "SUs");
  requirePositive(spec.switchesPerNetworkRack, "switchesPerNetworkRack", "switches");
  requirePositive(spec.coldAisleM, "coldAisleM", "m");
  requirePositive(spec.hotAisleM, "hotAisleM", "m");
  requirePositive(spec.hallHeightM, "hallHeightM", "m");
  if (spec.gpuCount > 2'000'000)
  {
    throw SpecError("spec.gpuCount = " + std::to_string(spec.gpuCount) +
                    " exceeds the supported maximum of 2,000,000 GPUs");
  }
  if (spec.nodesPerScalableUnit % spec.nodesPerRack != 0)
  {
    throw SpecError(
      "spec.nodesPerScalableUnit = " + std::to_string(spec.nodesPerScalableUnit) +
      " must be a multiple of spec.nodesPerRack = " + std::to_string(spec.nodesPerRack));
  }
  const Part& rack = catalog.part(server.attributes.count("rack") ? server.attribute("rack")
                                                                  : detail::kAirRackModel);
  if (isTankPart(rack) != (spec.cooling == CoolingStyle::Immersion))
  {
    throw SpecError("spec.cooling = \"" + std::string(toString(spec.cooling)) + "\" does not fit " +
                    "server " + server.id + ", whose rack " + rack.id +
                    (isTankPart(rack) ? " is an immersion tank (use cooling \"immersion\")"
                                      : " is not a tank (immersion needs an immersion server)"));
  }
  if (spec.rackPitchM + 1e-9 < rack.valueOr("widthM", 0.6))
  {
    throw SpecError("spec.rackPitchM = " + std::to_string(spec.rackPitchM) +
                    " m is narrower than the rack (" + std::to_string(rack.valueOr("widthM", 0.6)) +
                    " m)");
  }
  if (spec.supplySetpointC < 5 || spec.supplySetpointC > 40)
  {
    throw SpecError("spec.supplySetpointC = " + std::to_string(spec.supplySetpointC) +
                    " °C is outside 5–40 °C");
  }
  detail::HallBuilder builder(spec, catalog, server, rack);
  Scene scene;
  scene.site.name = spec.name;
  scene.site.halls.push_back(builder.build());
  scene.spec = spec;
  return scene;
}

std::vector<std::string> builtinSpecNames()
{
  return { "h100-superpod-10k", "gb200-nvl72-10k", "h100-immersion-10k", "ascend-910b-10k",
           "lab-256" };
}

GeneratorSpec builtinSpec(const std::string& name)
{
  GeneratorSpec spec;
  spec.name = name;
  if (name == "h100-superpod-10k")
  {
    // 1,280 DGX H100 = 10,240 GPUs in 40 SUs of 32 nodes, 4 nodes (40.8 kW) per rack,
    // air-cooled with hot-aisle containment and fan-wall air handlers on the long walls.
    spec.serverModel = "dgx-h100";
    spec.gpuCount = 10240;
    spec.scalableUnitsPerRow = 10;
    spec.coldAisleM = 1.8;
    spec.coolerModel = "fanwall-450kw";
    return spec;
  }
  if (name == "gb200-nvl72-10k")
  {
    // GB200 NVL72 racks (72 GPUs each), 8 racks per SU as in the GB200 SuperPOD RA; 18 SUs
    // = 144 racks = 10,368 GPUs (the next whole SU above 10,240). Liquid-cooled, CDUs.
    spec.serverModel = "gb200-nvl72-tray";
    spec.gpuCount = 10240;
    spec.nodesPerRack = 18;
    spec.nodesPerScalableUnit = 144;
    spec.scalableUnitsPerRow = 3;
    spec.cooling = CoolingStyle::Liquid;
    spec.leafSwitchModel = "q3400";
    spec.coolerModel = "crah-250kw";
    spec.supplySetpointC = 25;
    return spec;
  }
  if (name == "h100-immersion-10k")
  {
    // The 10k H100 cluster in single-phase immersion: 1,280 HGX H100 servers prepared for
    // immersion (fans removed), 8 per 48U tank (73 kW), 4 tanks per SU of 32 servers, 5 SUs per
    // row, served from 1.5 m aisles. Every switch stays air-cooled in the central network rows
    // (hot-aisle containment, raised-floor supply, racks at their own pitch); the tanks'
    // exchangers hand their heat to CDUs on facility water, a few CRAHs take the switches' and
    // the fluid surfaces' heat.
    spec.serverModel = "hgx-h100-immersion";
    spec.gpuCount = 10240;
    spec.nodesPerRack = 8;
    spec.scalableUnitsPerRow = 5;
    spec.rackPitchM = 2.6;
    spec.coldAisleM = 1.5;
    spec.hotAisleM = 1.2;
    spec.hallHeightM = 4.5;
    spec.cooling = CoolingStyle::Immersion;
    spec.coolerModel = "crah-250kw";
    spec.supplySetpointC = 22;
    spec.raisedFloorM = 0.6;
    spec.containment = Containment::HotAisle;
    spec.switchPlacement = SwitchPlacement::CentralRow;
    return spec;
  }
  if (name == "ascend-910b-10k")
  {
    // Huawei Atlas 800T A2 (8 Ascend 910B, 8 × 200GE RoCE) on a rail-optimised RoCE fabric of
    // 128 × 200GE switches: SUs of 64 servers (radix/2) with 8 leaves each; 10,000 NPUs =
    // 1,250 servers → 20 SUs = 1,280 servers = 10,240 NPUs; 160 leaves in 3 pods (192 spines,
    // 128 cores). 4 servers (22.4 kW) per rack, air-cooled with hot-aisle containment and
    // fan-wall air handlers.
    spec.serverModel = "atlas-800t-a2";
    spec.gpuCount = 10000;
    spec.nodesPerScalableUnit = 64;
    spec.scalableUnitsPerRow = 5;
    spec.leafSwitchModel = "ce-128x200ge";
    spec.coolerModel = "fanwall-450kw";
    return spec;
  }
  if (name == "lab-256")
  {
    // A teaching cluster: one SU of 32 DGX H100 (256 GPUs).
    spec.serverModel = "dgx-h100";
    spec.gpuCount = 256;
    spec.scalableUnitsPerRow = 1;
    spec.wallClearanceM = 2.5;
    spec.hallHeightM = 4.0;
    return spec;
  }
  std::string names;
  for (const auto& known : builtinSpecNames())
  {
    names += (names.empty() ? "" : ", ") + known;
  }
  throw SpecError("unknown built-in spec \"" + name + "\" (known: " + names + ")");
}

} // namespace myriad::engine
