/**
 * @file sensitivity.cpp
 * One-at-a-time sensitivity over the economics inputs (see sensitivity.h).
 */

#include "myriad/engine/economics/sensitivity.h"

#include "economics/economics_data.h"
#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>

namespace myriad::engine::economics
{

namespace
{

using Json = nlohmann::json;

/** One varied input: display name, unit, base value, setter and how its values are bounded. */
struct VariedInput
{
  std::string name;
  std::string unit;
  double base = 0;
  std::function<void(EconomicsInputs&, double)> set;
  double max = 1e300;   ///< fractions are capped at 1
  bool integer = false; ///< years: rounded, at least 1
};

double facilityDefault(const Catalog& catalog, const std::optional<double>& input,
                       const std::string& key)
{
  if (input)
  {
    return *input;
  }
  const Part* part = detail::findEconomicsPart(catalog, "facility-defaults");
  if (part == nullptr || part->figures.count(key) == 0)
  {
    return 0; // missing default: the bar has no width and is left out
  }
  return part->figures.at(key).value;
}

std::vector<VariedInput> variedInputs(const EconomicsResult& base, const EconomicsInputs& in,
                                      const Catalog& catalog)
{
  using I = EconomicsInputs;
  std::vector<VariedInput> list = {
    { "energy price", "USD/kWh", base.energyPriceUSDPerKWh.value_or(0),
      [](I& x, double v) { x.energyPriceUSDPerKWh = v; } },
    { "hardware prices", "× catalog", in.hardwarePriceFactor,
      [](I& x, double v) { x.hardwarePriceFactor = v; } },
    { "build cost per W", "USD/W", facilityDefault(catalog, in.infraUSDPerW, "infraUSDPerW"),
      [](I& x, double v) { x.infraUSDPerW = v; } },
    { "discount rate", "1/year", in.discountRate, [](I& x, double v) { x.discountRate = v; } },
    { "TCO horizon", "years", static_cast<double>(in.years),
      [](I& x, double v) { x.years = static_cast<int>(v); }, 1e300, true },
    { "IT equipment life", "years", static_cast<double>(in.itLifeYears),
      [](I& x, double v) { x.itLifeYears = static_cast<int>(v); }, 1e300, true },
    { "maintenance share", "1/year",
      facilityDefault(catalog, in.maintenanceShare, "maintenanceShare"),
      [](I& x, double v) { x.maintenanceShare = v; } },
    { "staff cost", "USD/FTE-year", facilityDefault(catalog, in.staffUSDPerFte, "staffUSDPerFte"),
      [](I& x, double v) { x.staffUSDPerFte = v; } },
    { "availability", "1", in.availability, [](I& x, double v) { x.availability = v; }, 1 },
    { "chiller efficiency", "× Carnot", in.cooling.carnotFraction,
      [](I& x, double v) { x.cooling.carnotFraction = v; }, 1 },
    { "failure rates", "× default", in.failureRateFactor,
      [](I& x, double v) { x.failureRateFactor = v; } },
    { "checkpoint time", "s", in.checkpointWriteS, [](I& x, double v) { x.checkpointWriteS = v; } },
  };
  if (!in.utilisationByMonth) // a monthly profile overrides the single utilisation
  {
    list.insert(list.begin() + 2, VariedInput{ "utilisation", "1", in.utilisation,
                                               [](I& x, double v) { x.utilisation = v; }, 1 });
  }
  return list;
}

SensitivityPoint pointOf(const EconomicsResult& r, double input)
{
  return SensitivityPoint{ input, r.kpis.usdPerGpuHour, r.kpis.usdPerEffectiveGpuHour,
                           r.kpis.tcoUSD };
}

double bounded(const VariedInput& v, double value)
{
  value = std::min(v.max, value);
  return v.integer ? std::max(1.0, std::round(value)) : value;
}

Json opt(const std::optional<double>& v)
{
  return v ? Json(*v) : Json(nullptr);
}

Json pointJson(const SensitivityPoint& p)
{
  return Json{ { "input", p.input },
               { "usdPerGpuHour", opt(p.usdPerGpuHour) },
               { "usdPerEffectiveGpuHour", opt(p.usdPerEffectiveGpuHour) },
               { "tcoUSD", opt(p.tcoUSD) } };
}

} // namespace

const char* toString(SensitivityKpi kpi)
{
  switch (kpi)
  {
    case SensitivityKpi::UsdPerGpuHour:
      return "usdPerGpuHour";
    case SensitivityKpi::UsdPerEffectiveGpuHour:
      return "usdPerEffectiveGpuHour";
    case SensitivityKpi::TcoUsd:
      return "tcoUSD";
  }
  return "usdPerGpuHour";
}

std::optional<double> SensitivityBar::at(const SensitivityPoint& point, SensitivityKpi kpi) const
{
  switch (kpi)
  {
    case SensitivityKpi::UsdPerGpuHour:
      return point.usdPerGpuHour;
    case SensitivityKpi::UsdPerEffectiveGpuHour:
      return point.usdPerEffectiveGpuHour;
    case SensitivityKpi::TcoUsd:
      return point.tcoUSD;
  }
  return std::nullopt;
}

double SensitivityBar::swing(SensitivityKpi kpi) const
{
  const auto a = at(low, kpi);
  const auto b = at(high, kpi);
  return a && b ? std::abs(*b - *a) : 0.0;
}

SensitivityResult analyzeSensitivity(const Scene& scene, const Catalog& catalog,
                                     const EconomicsInputs& inputs,
                                     const SensitivityOptions& options)
{
  if (!(options.percent > 0 && options.percent < 100))
  {
    throw SpecError("sensitivity percent: must be within (0, 100), got " +
                    std::to_string(options.percent));
  }
  const EconomicsResult base = evaluateEconomics(scene, catalog, inputs, false);
  SensitivityResult result;
  result.percent = options.percent;
  result.sortedBy = options.sortBy;
  result.base = pointOf(base, 0);
  const double x = options.percent / 100;
  for (const auto& input : variedInputs(base, inputs, catalog))
  {
    if (input.base == 0)
    {
      continue; // ±X % of nothing: no bar (a missing price is listed in the result's `missing`)
    }
    SensitivityBar bar;
    bar.input = input.name;
    bar.unit = input.unit;
    bar.baseInput = input.base;
    const double values[2] = { bounded(input, input.base * (1 - x)),
                               bounded(input, input.base * (1 + x)) };
    SensitivityPoint* ends[2] = { &bar.low, &bar.high };
    for (int i = 0; i < 2; ++i)
    {
      EconomicsInputs varied = inputs;
      input.set(varied, values[i]);
      *ends[i] = pointOf(evaluateEconomics(scene, catalog, varied, false), values[i]);
    }
    result.bars.push_back(std::move(bar));
  }
  std::stable_sort(result.bars.begin(), result.bars.end(),
                   [kpi = options.sortBy](const SensitivityBar& p, const SensitivityBar& q)
                   { return p.swing(kpi) > q.swing(kpi); });
  return result;
}

std::string sensitivityToJson(const SensitivityResult& result)
{
  Json bars = Json::array();
  for (const auto& bar : result.bars)
  {
    bars.push_back(Json{ { "input", bar.input },
                         { "unit", bar.unit },
                         { "base", bar.baseInput },
                         { "low", pointJson(bar.low) },
                         { "high", pointJson(bar.high) },
                         { "swing", bar.swing(result.sortedBy) } });
  }
  Json j{ { "percent", result.percent },
          { "sortedBy", toString(result.sortedBy) },
          { "base", pointJson(result.base) },
          { "bars", std::move(bars) } };
  return j.dump(2);
}

} // namespace myriad::engine::economics
