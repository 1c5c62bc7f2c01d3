/**
 * @file economics.cpp
 * evaluateEconomics: scene aggregates → energy → CAPEX/OPEX → TCO → $/GPU-hour → reliability
 * and goodput → training run → tornado. Equations in economics.h, finance.h, energy.h and
 * reliability.h; this file only wires them and keeps missing figures missing.
 */

#include "myriad/engine/economics/economics.h"

#include "economics_data.h"
#include "myriad/engine/economics/finance.h"
#include "myriad/engine/error.h"
#include "scene_aggregates.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace myriad::engine::economics
{

namespace
{

using detail::SceneAggregates;
using detail::withThousands;

/** An input value, or the facility default from the data, or missing. */
std::optional<double> resolve(const std::optional<double>& input, const Catalog& catalog,
                              const std::string& key, EconomicsResult& r)
{
  if (input)
  {
    return input;
  }
  const Part* part = detail::findEconomicsPart(catalog, "facility-defaults");
  if (part != nullptr && part->figures.count(key) != 0)
  {
    const Figure& f = part->figures.at(key);
    if (f.estimate)
    {
      char value[32];
      std::snprintf(value, sizeof value, "%g", f.value);
      r.assumptions.push_back(key + " = " + value + " " + f.unit + " (" + f.source + ")");
    }
    return f.value;
  }
  r.missing.push_back("facility-defaults." + key);
  return std::nullopt;
}

std::optional<double> sumOf(const std::vector<CostItem>& items)
{
  double total = 0;
  for (const auto& item : items)
  {
    if (!item.usd)
    {
      return std::nullopt;
    }
    total += *item.usd;
  }
  return total;
}

std::optional<double> scaled(const std::optional<double>& v, double factor)
{
  return v ? std::optional<double>(*v * factor) : std::nullopt;
}

void buildCapex(EconomicsResult& r, const SceneAggregates& a, const EconomicsInputs& in,
                const Catalog& catalog)
{
  const double f = in.hardwarePriceFactor;
  const int it = in.itLifeYears;
  const int fac = in.facilityLifeYears;
  r.capex.push_back(
    { "systems", scaled(a.systems.usd, f), a.systems.basis, a.systems.estimate, it });
  r.capex.push_back({ "switches", scaled(a.switchPrices.usd, f), a.switchPrices.basis,
                      a.switchPrices.estimate, it });
  r.capex.push_back({ "optics", scaled(a.optics.usd, f), a.optics.basis, a.optics.estimate, it });
  r.capex.push_back({ "cables", scaled(a.cables.usd, f), a.cables.basis, a.cables.estimate, it });
  r.capex.push_back(
    { "racks", scaled(a.rackPrices.usd, f), a.rackPrices.basis, a.rackPrices.estimate, fac });
  if (a.fluidLitres > 0) // tanks are in "racks"; their fluid lasts as long as the tanks
    r.capex.push_back(
      { "immersion fluid", scaled(a.fluid.usd, f), a.fluid.basis, a.fluid.estimate, fac });
  const auto perW = resolve(in.infraUSDPerW, catalog, "infraUSDPerW", r);
  const auto share = resolve(in.powerCoolingShare, catalog, "powerCoolingShare", r);
  std::optional<double> infra, building;
  if (perW && share)
  {
    infra = *perW * *share * a.itPeakW;
    building = *perW * (1 - *share) * a.itPeakW;
  }
  const std::string mw = std::to_string(a.itPeakW / 1e6).substr(0, 6) + " MW critical";
  r.capex.push_back({ "power and cooling infrastructure", infra, mw, false, fac });
  r.capex.push_back({ "building and site", building, mw, false, fac });
}

void buildOpex(EconomicsResult& r, const EconomicsInputs& in, const Catalog& catalog,
               double itPeakW)
{
  const auto price =
    in.energyPriceUSDPerKWh ? in.energyPriceUSDPerKWh : r.site.energyPriceUSDPerKWh;
  if (!price)
  {
    r.missing.push_back("energyPriceUSDPerKWh");
  }
  r.energyPriceUSDPerKWh = price;
  r.opex.push_back({ "energy",
                     price ? std::optional(r.energy.facilityMWh * 1000 * *price) : std::nullopt,
                     withThousands(r.energy.facilityMWh) + " MWh", !in.energyPriceUSDPerKWh, 0 });
  if (in.carbonPriceUSDPerTonne > 0)
  {
    r.opex.push_back({ "carbon", scaled(r.energy.carbonTonnes, in.carbonPriceUSDPerTonne),
                       "t CO2 × carbon price", false, 0 });
  }
  const auto capex = sumOf(r.capex);
  const auto share = resolve(in.maintenanceShare, catalog, "maintenanceShare", r);
  r.opex.push_back({ "maintenance", capex && share ? std::optional(*capex * *share) : std::nullopt,
                     "share of CAPEX per year", !in.maintenanceShare, 0 });
  const auto fte = resolve(in.staffFtePerMW, catalog, "staffFtePerMW", r);
  const auto cost = resolve(in.staffUSDPerFte, catalog, "staffUSDPerFte", r);
  r.opex.push_back({ "staff",
                     fte && cost ? std::optional(*fte * itPeakW / 1e6 * *cost) : std::nullopt,
                     "FTE per MW × cost per FTE", !in.staffFtePerMW || !in.staffUSDPerFte, 0 });
}

void computeTco(EconomicsResult& r, const EconomicsInputs& in)
{
  Kpis& k = r.kpis;
  k.capexUSD = sumOf(r.capex);
  k.opexUSDPerYear = sumOf(r.opex);
  if (!k.capexUSD || !k.opexUSDPerYear)
  {
    return;
  }
  double residualPv = 0;
  const double discount = std::pow(1 + in.discountRate, in.years);
  for (const auto& item : r.capex)
  {
    residualPv += residualValue(*item.usd, in.years, item.lifeYears) / discount;
  }
  k.tcoUSD =
    *k.capexUSD - residualPv + annuityPresentValue(*k.opexUSDPerYear, in.discountRate, in.years);
  k.annualisedTcoUSD = *k.tcoUSD * capitalRecoveryFactor(in.discountRate, in.years);
  if (k.gpus > 0)
  {
    k.usdPerGpuHour = costPerGpuHour(*k.annualisedTcoUSD, k.gpus, in.availability);
  }
}

void computeReliability(EconomicsResult& r, const SceneAggregates& a, const EconomicsInputs& in,
                        const Catalog& catalog)
{
  const int jobGpus = in.run.gpus > 0 ? in.run.gpus : a.gpus;
  if (jobGpus > a.gpus)
  {
    throw SpecError("economics inputs: run.gpus: " + std::to_string(jobGpus) +
                    " exceeds the scene's " + std::to_string(a.gpus) + " GPUs");
  }
  const double share = a.gpus > 0 ? static_cast<double>(jobGpus) / a.gpus : 0;
  r.job = JobFootprint{ static_cast<double>(jobGpus), a.nodes * share,        a.nics * share,
                        a.switches * share,           a.transceivers * share, a.psus * share };
  r.interruptions =
    interruptions(r.job, failureRates(catalog, in.failureRatesPerYear, in.failureRateFactor));
  r.goodput = goodput(r.interruptions, in.checkpointWriteS, in.restartS);
  r.kpis.interruptionsPerDay = r.interruptions.totalPerDay;
  r.kpis.goodput = r.goodput.goodput;
  if (r.kpis.annualisedTcoUSD)
  {
    r.kpis.goodputLossUSDPerYear = (1 - r.goodput.goodput) * *r.kpis.annualisedTcoUSD * share;
  }
}

void computeRun(EconomicsResult& r, const SceneAggregates& a, const EconomicsInputs& in)
{
  const TrainingRunInput& run = in.run;
  TrainingRunResult t;
  t.gpus = run.gpus > 0 ? run.gpus : a.gpus;
  double seconds = 0;
  if (run.stepTimeS && run.steps)
  {
    seconds = *run.stepTimeS * *run.steps;
    t.basis = "step time × steps";
  }
  else if (run.parameters && run.tokens && a.gpuPeakFlops && t.gpus > 0)
  {
    seconds = 6 * *run.parameters * *run.tokens / (t.gpus * *a.gpuPeakFlops * run.mfu);
    t.basis = "6·N·D / (GPUs · peak " + a.gpuModel + " · MFU)";
  }
  else
  {
    return;
  }
  t.computeDays = seconds / 86400;
  t.wallDays = r.goodput.goodput > 0 ? t.computeDays / r.goodput.goodput : 0;
  const double share = a.gpus > 0 ? static_cast<double>(t.gpus) / a.gpus : 0;
  t.interruptions = r.interruptions.totalPerDay * t.wallDays; // the job footprint is the run's
  if (r.kpis.usdPerGpuHour)
  {
    t.costUSD = t.gpus * t.wallDays * 24 * *r.kpis.usdPerGpuHour;
  }
  t.energyMWh = r.energy.facilityMWh * share * t.wallDays / 365.25;
  r.run = t;
}

std::array<double, 12> monthlyUtilisation(const EconomicsInputs& in)
{
  std::array<double, 12> u{};
  for (std::size_t m = 0; m < 12; ++m)
  {
    u[m] = in.utilisationByMonth ? (*in.utilisationByMonth)[m] : in.utilisation;
  }
  return u;
}

EconomicsResult compute(const SceneAggregates& a, const EconomicsInputs& in, const Catalog& catalog)
{
  EconomicsResult r;
  r.missing = a.missing;
  r.assumptions = a.assumptions;
  r.site = siteClimate(in.site, catalog);
  const auto grid = in.gridKgCo2PerKWh ? in.gridKgCo2PerKWh : r.site.gridKgCo2PerKWh;
  if (!grid)
  {
    r.missing.push_back("gridKgCo2PerKWh");
  }
  r.energy = annualEnergy(a.load, r.site, monthlyUtilisation(in), in.cooling, grid);
  buildCapex(r, a, in, catalog);
  buildOpex(r, in, catalog, a.itPeakW);
  Kpis& k = r.kpis;
  k.gpus = a.gpus;
  k.itMW = r.energy.itAverageW / 1e6;
  k.itPeakMW = a.itPeakW / 1e6;
  k.facilityMW = r.energy.facilityAverageW / 1e6;
  k.pue = r.energy.pue;
  k.annualMWh = r.energy.facilityMWh;
  k.carbonTonnesPerYear = r.energy.carbonTonnes;
  k.waterM3PerYear = r.energy.waterM3;
  computeTco(r, in);
  computeReliability(r, a, in, catalog);
  if (k.usdPerGpuHour && k.goodput > 0)
  {
    k.usdPerEffectiveGpuHour = *k.usdPerGpuHour / k.goodput;
  }
  computeRun(r, a, in);
  return r;
}

/** One tornado input: its base value and how to set it in a copy of the inputs. */
struct TornadoInput
{
  std::string name;
  double base = 0;
  std::function<void(EconomicsInputs&, double)> set;
  double max = 1e300; ///< upper clamp (fractions)
};

std::vector<TornadoInput> tornadoInputs(const EconomicsResult& r, const EconomicsInputs& in,
                                        const Catalog& catalog)
{
  EconomicsResult scratch;
  auto def = [&](const std::optional<double>& v, const char* key)
  { return resolve(v, catalog, key, scratch).value_or(0); };
  std::vector<TornadoInput> list = {
    { "energy price", r.energyPriceUSDPerKWh.value_or(0),
      [](EconomicsInputs& x, double v) { x.energyPriceUSDPerKWh = v; } },
    { "utilisation", in.utilisation, [](EconomicsInputs& x, double v) { x.utilisation = v; }, 1 },
    { "hardware prices", in.hardwarePriceFactor,
      [](EconomicsInputs& x, double v) { x.hardwarePriceFactor = v; } },
    { "build cost per W", def(in.infraUSDPerW, "infraUSDPerW"),
      [](EconomicsInputs& x, double v) { x.infraUSDPerW = v; } },
    { "discount rate", in.discountRate, [](EconomicsInputs& x, double v) { x.discountRate = v; } },
    { "maintenance share", def(in.maintenanceShare, "maintenanceShare"),
      [](EconomicsInputs& x, double v) { x.maintenanceShare = v; } },
    { "staff cost", def(in.staffUSDPerFte, "staffUSDPerFte"),
      [](EconomicsInputs& x, double v) { x.staffUSDPerFte = v; } },
    { "availability", in.availability, [](EconomicsInputs& x, double v) { x.availability = v; },
      1 },
    { "chiller efficiency", in.cooling.carnotFraction,
      [](EconomicsInputs& x, double v) { x.cooling.carnotFraction = v; }, 1 },
    { "failure rates", in.failureRateFactor,
      [](EconomicsInputs& x, double v) { x.failureRateFactor = v; } },
    { "checkpoint time", in.checkpointWriteS,
      [](EconomicsInputs& x, double v) { x.checkpointWriteS = v; } },
  };
  if (in.utilisationByMonth)
  {
    list.erase(list.begin() + 1); // a monthly profile overrides the single utilisation
  }
  return list;
}

void computeTornado(EconomicsResult& r, const SceneAggregates& a, const EconomicsInputs& in,
                    const Catalog& catalog)
{
  r.tornadoKpi = "usdPerEffectiveGpuHour";
  if (!r.kpis.usdPerEffectiveGpuHour || in.sensitivityPercent <= 0)
  {
    return;
  }
  const double x = in.sensitivityPercent / 100;
  for (const auto& input : tornadoInputs(r, in, catalog))
  {
    TornadoBar bar{ input.name, input.base * (1 - x), std::min(input.max, input.base * (1 + x)), 0,
                    0 };
    double* out[2] = { &bar.kpiAtLow, &bar.kpiAtHigh };
    const double values[2] = { bar.lowInput, bar.highInput };
    for (int i = 0; i < 2; ++i)
    {
      EconomicsInputs varied = in;
      input.set(varied, values[i]);
      *out[i] = compute(a, varied, catalog).kpis.usdPerEffectiveGpuHour.value_or(0);
    }
    r.tornado.push_back(bar);
  }
  std::stable_sort(r.tornado.begin(), r.tornado.end(),
                   [](const TornadoBar& p, const TornadoBar& q) { return p.swing() > q.swing(); });
}

} // namespace

EconomicsResult evaluateEconomics(const Scene& scene, const Catalog& catalog,
                                  const EconomicsInputs& inputs, bool withTornado)
{
  validateInputs(inputs, catalog);
  const SceneAggregates aggregates = detail::aggregateScene(scene, catalog, inputs);
  EconomicsResult r = compute(aggregates, inputs, catalog);
  r.power = analyzePowerChain(scene, catalog, inputs.utilisation);
  for (const auto& m : r.power.missingFigures)
  {
    r.missing.push_back(m);
  }
  for (const auto& s : r.power.assumptions)
  {
    r.assumptions.push_back(s);
  }
  if (withTornado)
  {
    computeTornado(r, aggregates, inputs, catalog);
  }
  return r;
}

} // namespace myriad::engine::economics
