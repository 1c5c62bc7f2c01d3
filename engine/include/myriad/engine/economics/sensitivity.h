#pragma once
/**
 * @file sensitivity.h
 * One-at-a-time sensitivity (the data of a tornado chart): each input is set to base × (1 − X)
 * and base × (1 + X) (default X = 20 %; fractions such as utilisation are capped at 1, integer
 * years are rounded and kept ≥ 1) with every other input at its base value, and the economics
 * are re-evaluated. Each bar keeps cost per GPU-hour, cost per goodput GPU-hour and TCO at both
 * ends; bars are sorted by the swing |KPI(high) − KPI(low)| of the chosen KPI, largest first.
 *
 * Expected physics, e.g. for the energy price p: $/GPU-h = annualised TCO / (GPUs · 8,760 h ·
 * availability) and the energy OPEX E·p enters TCO as an annuity, whose annualised value is E·p
 * itself (CRF · Σ 1/(1+r)^t = 1). So $/GPU-h is linear in p and the ±X % ends lie symmetrically
 * X · E·p / (GPUs · 8,760 · availability) either side of the base.
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

/** Which KPI orders the bars. */
enum class SensitivityKpi
{
  UsdPerGpuHour,
  UsdPerEffectiveGpuHour,
  TcoUsd
};
const char* toString(SensitivityKpi kpi);

struct SensitivityOptions
{
  double percent = 20; ///< X in ±X %, > 0 and < 100
  SensitivityKpi sortBy = SensitivityKpi::UsdPerGpuHour;
};

/** KPIs at one end of a bar (missing when a price is missing). */
struct SensitivityPoint
{
  double input = 0;
  std::optional<double> usdPerGpuHour;
  std::optional<double> usdPerEffectiveGpuHour;
  std::optional<double> tcoUSD;
};

struct SensitivityBar
{
  std::string input; ///< "energy price"
  std::string unit;  ///< "USD/kWh"
  double baseInput = 0;
  SensitivityPoint low;  ///< input × (1 − X)
  SensitivityPoint high; ///< input × (1 + X) (capped)
  /** |KPI(high) − KPI(low)| of `kpi`; 0 when missing. */
  double swing(SensitivityKpi kpi) const;
  std::optional<double> at(const SensitivityPoint& point, SensitivityKpi kpi) const;
};

struct SensitivityResult
{
  double percent = 20;
  SensitivityKpi sortedBy = SensitivityKpi::UsdPerGpuHour;
  SensitivityPoint base;            ///< input unused
  std::vector<SensitivityBar> bars; ///< sorted by swing of `sortedBy`, largest first
};

/**
 * Run the sensitivity of `scene` at `inputs`. Inputs: energy price, hardware prices, utilisation,
 * build cost per W, discount rate, years (TCO horizon), IT life, maintenance share, staff cost,
 * availability, chiller efficiency (fraction of Carnot COP), failure rates, checkpoint time.
 * Throws SpecError for bad inputs or a percent outside (0, 100).
 */
SensitivityResult analyzeSensitivity(const Scene& scene, const Catalog& catalog,
                                     const EconomicsInputs& inputs,
                                     const SensitivityOptions& options = {});

/** JSON of the result (bars with low/high input and KPIs; missing values as null). */
std::string sensitivityToJson(const SensitivityResult& result);

} // namespace myriad::engine::economics
