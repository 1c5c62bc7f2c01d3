#pragma once
/**
 * @file report_figures.h
 * Figures the executive report derives from the engine's results, with Qt-free types so that
 * they can be exported and tested on their own:
 *  - the TCO reconciliation: CAPEX + discounted OPEX − discounted residual value = TCO, each
 *    line computed with the engine's own finance functions (finance.h), so that the lines add up
 *    to the engine's TCO;
 *  - the unit prices behind each CAPEX category (part, unit price, quantity, total, source);
 *  - the assumptions table (utilisation, energy price and its source, site, lifetime, discount
 *    rate, residual value, currency);
 *  - the thermal and power headroom of each hall (hottest inlets, most loaded coolers) at the
 *    report's utilisation.
 */

#include "myriad/engine/economics/currency.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/model.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::report
{

/** CAPEX + discounted OPEX − discounted residual = TCO (all present values, USD). */
struct TcoReconciliation
{
  double capexUSD = 0;              ///< paid at year 0, undiscounted
  double opexPerYearUSD = 0;        ///< paid at the end of each year
  double discountedOpexUSD = 0;     ///< Σ_{t=1..N} OPEX / (1 + r)^t
  double residualUSD = 0;           ///< book value left after N years, undiscounted
  double discountedResidualUSD = 0; ///< residual / (1 + r)^N
  double tcoUSD = 0;                ///< capex + discountedOpex − discountedResidual
  int years = 0;
  double discountRate = 0;
};

/**
 * The reconciliation of `result`'s TCO, or nothing when CAPEX or OPEX is missing (a missing
 * price). Uses annuityPresentValue, residualValue and npv of the engine.
 */
std::optional<TcoReconciliation> reconcileTco(const engine::economics::EconomicsResult& result,
                                              const engine::economics::EconomicsInputs& inputs);

/** One line of the CAPEX appendix. */
struct UnitPriceLine
{
  std::string category;           ///< CAPEX category ("systems", "optics", …)
  std::string item;               ///< part id, or what the line prices ("routed fabric BOM")
  double quantity = 0;            ///< count, or W of critical power
  std::string quantityUnit;       ///< "" for counts, "W" for the per-W build cost
  std::optional<double> unitUSD;  ///< price per unit after hardwarePriceFactor
  std::optional<double> totalUSD; ///< quantity × unit price
  std::string source;             ///< where the price comes from
  bool estimate = false;          ///< the price is an unverified estimate
};

/**
 * The parts and prices behind each CAPEX category, in the order of result.capex. Lines are read
 * from the engine's basis of each category ("32 × dgx-h100 at $270,000 + …") with the exact
 * catalog price and its source; a category whose basis names no part gets one line with its
 * total. Sums per category equal result.capex[i].usd up to the rounding of fractional counts.
 */
std::vector<UnitPriceLine> capexUnitPrices(const engine::economics::EconomicsResult& result,
                                           const engine::economics::EconomicsInputs& inputs,
                                           const engine::Catalog& catalog);

/** One row of the assumptions table. */
struct AssumptionRow
{
  std::string name;
  std::string value;
  std::string source;
};

/**
 * Utilisation, energy price and source, site, horizon, discount rate, lives, residual value,
 * currency (its rate, date and source): the rows as printed, in the language of the installed
 * translator and with money in `currency` (report_assumptions.cpp).
 */
std::vector<AssumptionRow> assumptionRows(const engine::economics::EconomicsResult& result,
                                          const engine::economics::EconomicsInputs& inputs,
                                          const engine::Catalog& catalog,
                                          const engine::economics::Currency& currency);

/** Where the energy price comes from (the inputs, or the site's source), in words. */
std::string energyPriceSource(const engine::economics::EconomicsInputs& inputs,
                              const engine::Catalog& catalog);

struct RackInlet
{
  std::string id;
  double inletMaxC = 0;
  double inletMeanC = 0;
};

struct CoolerLoad
{
  std::string id;
  std::string kind; ///< "crah", "inrow", "cdu", …
  double loadW = 0;
  double capacityW = 0;
  double fraction() const { return capacityW > 0 ? loadW / capacityW : 0; }
};

/** Thermal headroom of one hall, from the thermal model at the report's utilisation. */
struct HallHeadroom
{
  std::string hallId;
  bool evaluated = false;
  std::string note;   ///< why it was not evaluated
  double heatInW = 0; ///< rack heat the model carried
  int airCooledRacks = 0;
  int racksAboveRecommended = 0;     ///< ASHRAE A1 recommended: inlet ≤ 27 °C
  int racksAboveAllowable = 0;       ///< ASHRAE A1 allowable: inlet ≤ 32 °C
  double heatRemovedW = 0;           ///< by air coolers, rear doors and CDUs
  double energyBalanceError = 0;     ///< |in − removed| / in; above 1 % heat goes nowhere
  std::vector<std::string> warnings; ///< the model's own (e.g. liquid heat without a CDU)
  std::vector<RackInlet> hottest;    ///< hottest inlets first (at most 8)
  std::vector<CoolerLoad> coolers;   ///< most loaded first (all coolers)
};

/** Energy-balance error above which a hall's heat is not all carried away (1 %, as the CLI). */
inline constexpr double kEnergyBalanceTolerance = 0.01;

/**
 * Solve the thermal model of every hall at `utilisation` (each part at P_idle + u·(P_max −
 * P_idle), as the power chain and the live model). A hall the model rejects is returned with
 * evaluated = false and the reason in `note`.
 */
std::vector<HallHeadroom> thermalHeadroom(const engine::Scene& scene,
                                          const engine::Catalog& catalog, double utilisation);

/**
 * Round `values` to multiples of `step` so that they add up to `total` rounded to `step`
 * (largest remainder: the values whose rounding lost most absorb the difference). `signs` holds
 * +1 or −1 per value: total = Σ signs[i]·values[i]. Used so that a printed table adds up.
 */
std::vector<double> roundToSum(const std::vector<double>& values, const std::vector<int>& signs,
                               double total, double step);

} // namespace myriad::report
