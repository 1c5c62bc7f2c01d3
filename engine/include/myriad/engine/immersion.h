#pragma once
/**
 * @file immersion.h
 * Immersion tanks and rack weights: how much of a tank's heat its fluid takes, what a filled
 * rack or tank weighs and the load it puts on the floor.
 *
 * Heat: in a tank (Rack::cooling "immersion") every part, servers and switches alike, hands the
 * share f = the tank's `fluidHeatFraction` figure to the fluid (then the tank's heat exchanger
 * and facility water); the rest, 1 − f, leaves the fluid surface and the tank walls into the
 * room air. Without the figure f = kImmersionFluidShareDefault (an estimate; docs/models/
 * cooling.md, "Immersion").
 *
 * Weight (kg): W = W_enclosure + Σ W_node + Σ W_switch + V_fluid · ρ_fluid, with the enclosure's
 * `weightKg` (a tank's dry weight), each part's `weightKg`, the tank's `fluidLitres` and the
 * fluid part's (attribute "fluid") `densityKgPerL`. Floor load (kg/m²) = W / (width · depth) of
 * the enclosure's footprint: the load of the rack where it stands, which is what a floor's
 * uniform rating is compared with in the validator (a conservative reading: a rack's load is
 * not spread over the aisle next to it).
 */

#include "myriad/engine/model.h"

#include <string>
#include <vector>

namespace myriad::engine
{

class Catalog;
struct Part;

/** Share of a tank's heat its fluid takes when the tank part gives none (estimate). */
constexpr double kImmersionFluidShareDefault = 0.97;

/** True when the catalog part is an immersion tank (a rack part with attribute form "tank"). */
bool isTankPart(const Part& part);

/**
 * Share of the heat of every part in `rack` that leaves by liquid because the rack is an
 * immersion tank: the tank's fluidHeatFraction (0–1); 0 for a rack that is not immersion.
 */
double immersionFluidShare(const Rack& rack, const Catalog& catalog);

/** What a rack weighs, by part; `missing` names parts without a weightKg figure. */
struct RackWeight
{
  double enclosureKg = 0; ///< the rack enclosure or the empty tank
  double equipmentKg = 0; ///< nodes and switches
  double fluidKg = 0;     ///< a tank's fluid
  double footprintM2 = 0; ///< width × depth of the enclosure
  std::vector<std::string> missing;
  double totalKg() const { return enclosureKg + equipmentKg + fluidKg; }
  /** Load on the floor under the footprint, kg/m² (0 without a footprint). */
  double floorLoadKgM2() const { return footprintM2 > 0 ? totalKg() / footprintM2 : 0; }
};

/** The weight of `rack` filled as it stands (the enclosure, its contents, a tank's fluid). */
RackWeight rackWeight(const Rack& rack, const Catalog& catalog);

/** The tank's fluid: litres and the fluid part (nullptr for a rack that is not a tank). */
struct TankFluid
{
  double litres = 0;
  const Part* fluid = nullptr;
};
TankFluid tankFluid(const Rack& rack, const Catalog& catalog);

} // namespace myriad::engine
