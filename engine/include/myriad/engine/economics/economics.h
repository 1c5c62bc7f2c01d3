#pragma once
/**
 * @file economics.h
 * One call for the executive view: evaluateEconomics(scene, catalog, inputs) → KPIs (GPUs, IT MW,
 * facility MW, PUE, CAPEX, annual OPEX, TCO, $/GPU-hour, interruptions/day, goodput) and the
 * breakdowns the dashboard charts (CAPEX and OPEX by category, power by feed, energy by month,
 * tornado). Every money figure that lacks a price is std::nullopt and named in `missing`.
 *
 * CAPEX: systems, switches (catalog priceUSD × count × hardwarePriceFactor; a part without a
 * price is listed as missing), optics and cables
 * (fabric BOM when given, else estimated from counts: one NIC-side module per NIC, one twin-port
 * switch-side module per two links, links = NICs × fabric tiers), racks, power and cooling
 * infrastructure and the rest of the building from a build cost per W of critical (peak IT)
 * power split by powerCoolingShare (Cushman & Wakefield, Data Center Development Cost Guide 2025:
 * average $11.7M/MW, critical capacity 53 % of it).
 * OPEX per year: energy (facility MWh × price), carbon (t × price), maintenance (share of CAPEX),
 * staff (FTE per MW × cost). TCO and $/GPU-hour: see finance.h.
 * Training run: time = steps × step time, or 6·N·D / (GPUs · peak · MFU); wall time = time /
 * goodput; cost = GPUs × wall hours × $/GPU-hour.
 * References: docs/references.md#cushman-2025.
 */

#include "myriad/engine/economics/energy.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/economics/reliability.h"
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

/** One line of a cost breakdown. */
struct CostItem
{
  std::string category;      ///< "systems", "switches", "optics", "cables", "racks", …
  std::optional<double> usd; ///< missing when a price is missing
  std::string basis;         ///< how it was computed ("1,280 × dgx-h100 at $270,000")
  bool estimate = false;     ///< rests on an estimated figure
  int lifeYears = 0;         ///< depreciation life (CAPEX only)
};

/** The headline numbers. */
struct Kpis
{
  int gpus = 0;
  double itMW = 0;       ///< at the operating utilisation (annual mean)
  double itPeakMW = 0;   ///< u = 1
  double facilityMW = 0; ///< annual mean
  double pue = 0;        ///< annual
  double annualMWh = 0;  ///< facility
  std::optional<double> carbonTonnesPerYear;
  double waterM3PerYear = 0;
  std::optional<double> capexUSD;
  std::optional<double> opexUSDPerYear;
  std::optional<double> tcoUSD; ///< present value over `years`
  std::optional<double> annualisedTcoUSD;
  std::optional<double> usdPerGpuHour;
  std::optional<double> usdPerEffectiveGpuHour; ///< usdPerGpuHour / goodput
  double interruptionsPerDay = 0;               ///< job over all GPUs (or run.gpus), all causes
  double goodput = 1;
  std::optional<double> goodputLossUSDPerYear;
};

/** Time and cost of the training run of TrainingRunInput. */
struct TrainingRunResult
{
  int gpus = 0;
  double computeDays = 0; ///< without interruptions
  double wallDays = 0;    ///< computeDays / goodput
  double interruptions = 0;
  std::optional<double> costUSD;
  double energyMWh = 0; ///< facility energy share of the run
  std::string basis;
};

/** One bar of the tornado: KPI at input × (1 − X) and × (1 + X). */
struct TornadoBar
{
  std::string input;
  double lowInput = 0;
  double highInput = 0;
  double kpiAtLow = 0;
  double kpiAtHigh = 0;
  double swing() const
  {
    return kpiAtHigh > kpiAtLow ? kpiAtHigh - kpiAtLow : kpiAtLow - kpiAtHigh;
  }
};

struct EconomicsResult
{
  Kpis kpis;
  std::vector<CostItem> capex;
  std::vector<CostItem> opex;
  PowerChainResult power;
  EnergyResult energy;
  SiteClimate site;
  std::optional<double> energyPriceUSDPerKWh; ///< missing (and listed in `missing`) when unknown
  JobFootprint job;
  InterruptionEstimate interruptions;
  GoodputResult goodput;
  std::optional<TrainingRunResult> run;
  std::string tornadoKpi;               ///< "usdPerEffectiveGpuHour" ($/GPU-hour ÷ goodput)
  std::vector<TornadoBar> tornado;      ///< sorted by swing, largest first
  std::vector<std::string> missing;     ///< figures that could not be found
  std::vector<std::string> assumptions; ///< estimates the numbers rest on
};

/**
 * Evaluate everything. Throws SpecError naming the field for bad inputs (see validateInputs).
 * `withTornado` = false skips the sensitivity runs (used by the tornado itself).
 */
EconomicsResult evaluateEconomics(const Scene& scene, const Catalog& catalog,
                                  const EconomicsInputs& inputs, bool withTornado = true);

/** The result as JSON (KPIs, breakdowns, violations, tornado; missing values as null). */
std::string economicsResultToJson(const EconomicsResult& result);

} // namespace myriad::engine::economics
