#pragma once
/**
 * @file scene_aggregates.h
 * One pass over a scene collecting what the economics models need: counts, the IT load split
 * into air and liquid heat, catalog price sums per category and an estimate of the fabric's
 * transceivers and cables. Computed once per evaluation; the sensitivity runs reuse it.
 */

#include "myriad/engine/economics/energy.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/model.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::economics::detail
{

/** A price sum over parts: missing when any counted part has no price. */
struct PriceSum
{
  std::optional<double> usd = 0.0;
  std::string basis; ///< "1,280 × dgx-h100 at $270,000"
  bool estimate = false;
};

struct SceneAggregates
{
  int gpus = 0;
  int nodes = 0;
  int nics = 0;
  int switches = 0;
  int racks = 0;
  int fabricTiers = 0; ///< 1 leaf, 2 + spine, 3 + core
  double psus = 0;
  ItLoad load;
  double itPeakW = 0;                 ///< u = 1, including load.extraW
  std::optional<double> gpuPeakFlops; ///< dense BF16 peak per GPU, FLOP/s
  std::string gpuModel;
  PriceSum systems;
  PriceSum switchPrices;
  PriceSum rackPrices;
  PriceSum fluid;         ///< immersion tanks' fluid (litres × price per litre)
  double fluidLitres = 0; ///< 0: no immersion tanks
  PriceSum optics;
  PriceSum cables;
  double transceivers = 0;
  double links = 0;
  std::vector<std::string> missing;
  std::vector<std::string> assumptions;
};

/** Walk the scene; `inputs` supplies the BOM and the liquid-heat fallback. */
SceneAggregates aggregateScene(const Scene& scene, const Catalog& catalog,
                               const EconomicsInputs& inputs);

/** "1,280" style thousands separators for bases and tables. */
std::string withThousands(double value);

} // namespace myriad::engine::economics::detail
