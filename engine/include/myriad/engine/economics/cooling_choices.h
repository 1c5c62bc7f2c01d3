#pragma once
/**
 * @file cooling_choices.h
 * Air, cold plate and immersion side by side for the same GPUs: the scene's compute racks
 * converted to each cooling choice and evaluated with the same inputs.
 *
 * Conversion (an evaluation copy, not a layout: positions are kept or stacked, nothing is
 * placed or checked for overlap, so what differs is what the economics read: power, heat paths,
 * enclosures, fluid, weights):
 * - air: every compute rack's cooling "air"; servers built for immersion go back to their
 *   `airVariant`, in the variant's rack;
 * - cold plate: as air, then cooling "liquid" (a server without a liquidFraction hands the
 *   energy model's default share, 0.85, to the CDUs: a cold-plate retrofit);
 * - immersion: servers with fans go to their `immersionVariant` (fans removed), in the
 *   variant's rack (a tank); cooling "immersion".
 * Where the enclosure changes, the nodes are packed again, in order, n per enclosure with
 * n = min(⌊(units − 1) / heightU⌋, ⌊capacity / P_max⌋) (U1 left free as the generator does;
 * capacity = the enclosure's capacityW, else its powerCapW). Network racks are not converted.
 * A rack's given power (Rack::powerW: measured, budget) is split evenly over its nodes, each
 * share scaled by the node's new P_max over its old one (the same draw less or plus the fans),
 * and summed per new enclosure, so that a measured hall is compared at its measured load.
 * A choice the catalog cannot make (no variant for a server) is reported unavailable with the
 * reason, never estimated.
 */

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/model.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::economics
{

enum class CoolingChoice
{
  Air,
  ColdPlate,
  Immersion
};
/** "air", "cold-plate", "immersion". */
const char* toString(CoolingChoice choice);

/** One column of the comparison. */
struct CoolingChoiceResult
{
  CoolingChoice choice = CoolingChoice::Air;
  bool current = false;                   ///< the scene's compute racks are already cooled this way
  std::optional<std::string> unavailable; ///< why the catalog cannot make this choice
  std::string serverModel;                ///< the most common compute server after conversion
  std::string enclosureModel;             ///< the most common compute enclosure after conversion
  int enclosures = 0;                     ///< compute racks or tanks
  double maxFloorLoadKgM2 = 0;            ///< heaviest compute enclosure per m² (immersion.h)
  std::optional<EconomicsResult> result;  ///< empty when unavailable
};

/** The scene converted to `choice` (see the file comment); throws SpecError naming the server
 *  without a variant when the catalog cannot make it. */
Scene convertCooling(const Scene& scene, const Catalog& catalog, CoolingChoice choice);

/** The three choices, in the order air, cold plate, immersion, evaluated at `inputs`. */
std::vector<CoolingChoiceResult> compareCoolingChoices(const Scene& scene, const Catalog& catalog,
                                                       const EconomicsInputs& inputs);

/**
 * The comparison as a JSON array (2-space indent), one object per choice: "choice", "current",
 * "unavailable" (the reason, or null), "serverModel", "enclosureModel", "enclosures",
 * "maxFloorLoadKgM2", "liquidLoop", "liquidEconomiserHours" and "kpis" (as in
 * economicsResultToJson; null when unavailable).
 */
std::string coolingChoicesToJson(const std::vector<CoolingChoiceResult>& choices);

} // namespace myriad::engine::economics
