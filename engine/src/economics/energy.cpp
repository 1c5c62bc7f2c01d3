/**
 * @file energy.cpp
 * Cooling power, PUE and annual energy; the model and its limits are described in energy.h.
 * Physical constants: air ρ = 1.2 kg/m³, c_p = 1005 J/(kg·K); water ρ = 1000 kg/m³,
 * c_p = 4186 J/(kg·K); 0 °C = 273.15 K.
 */

#include "myriad/engine/economics/energy.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::economics
{

namespace
{

constexpr double kAirDensity = 1.2;
constexpr double kAirCp = 1005;
constexpr double kWaterDensity = 1000;
constexpr double kWaterCp = 4186;
constexpr double kKelvin = 273.15;
constexpr std::array<double, 12> kDaysPerMonth = {
  31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
};

/** Power of one heat loop (air or liquid) rejecting `heatW` at `outdoorC`. */
struct LoopPower
{
  double chillerW = 0;
  double economiserW = 0;
  bool freeCooling = false;
};

/** Whether an adiabatic plant has its pads wetted at `outdoorC`. */
bool padsWet(double outdoorC, const CoolingParams& p)
{
  return p.plant == CoolingPlant::Adiabatic && outdoorC > p.adiabaticSwitchC;
}

/** The temperature the heat-rejection coils see: depressed for towers and wetted pads. */
double coilTemperatureC(double outdoorC, const CoolingParams& p)
{
  const bool evaporating = p.plant == CoolingPlant::Evaporative || padsWet(outdoorC, p);
  return evaporating ? outdoorC - p.evaporativeDepressionK : outdoorC;
}

LoopPower loopPower(double heatW, double supplyC, double outdoorC, const CoolingParams& p)
{
  LoopPower lp;
  if (heatW <= 0)
  {
    return lp;
  }
  const double effectiveOutdoorC = coilTemperatureC(outdoorC, p);
  if (effectiveOutdoorC <= supplyC - p.economiserApproachK)
  {
    lp.freeCooling = true;
    lp.economiserW = p.economiserAuxFraction * heatW;
    return lp;
  }
  lp.chillerW = heatW / chillerCop(outdoorC, supplyC, p);
  return lp;
}

/** Normal-distribution quadrature nodes (z, weight) on ±3σ, weights normalised to 1. */
const std::array<std::pair<double, double>, 25>& quadrature()
{
  static const auto nodes = []
  {
    std::array<std::pair<double, double>, 25> n{};
    double sum = 0;
    for (std::size_t i = 0; i < n.size(); ++i)
    {
      const double z = -3.0 + 6.0 * static_cast<double>(i) / 24.0;
      n[i] = { z, std::exp(-0.5 * z * z) };
      sum += n[i].second;
    }
    for (auto& node : n)
    {
      node.second /= sum;
    }
    return n;
  }();
  return nodes;
}

MonthEnergy monthEnergy(const ItLoad& load, double meanC, double hours, double u,
                        const CoolingParams& p)
{
  MonthEnergy m;
  m.hours = hours;
  m.outdoorMeanC = meanC;
  m.utilisation = u;
  const HeatLoad heat = load.at(u);
  double itW = 0, coolingW = 0, otherW = 0, freeShare = 0, liquidFreeShare = 0;
  double wetShare = 0, wetFacilityW = 0;
  for (const auto& [z, w] : quadrature())
  {
    const InstantPower ip = facilityPowerAt(heat, meanC + z * p.monthlySigmaK, p);
    itW += w * ip.itW;
    coolingW += w * ip.coolingW();
    otherW += w * (ip.electricalLossW + ip.miscW);
    freeShare += ip.airFreeCooling || heat.airW <= 0 ? w : 0;
    liquidFreeShare += ip.liquidFreeCooling ? w : 0;
    wetShare += ip.padsWet ? w : 0;
    wetFacilityW += ip.padsWet ? w * ip.facilityW : 0;
  }
  m.itMWh = itW * hours / 1e6;
  m.coolingMWh = coolingW * hours / 1e6;
  m.otherMWh = otherW * hours / 1e6;
  m.facilityMWh = m.itMWh + m.coolingMWh + m.otherMWh;
  m.economiserHours = freeShare * hours;
  m.liquidEconomiserHours = liquidFreeShare * hours;
  m.wetHours = wetShare * hours;
  // Every watt the facility draws ends up as heat the plant rejects (an upper bound: some
  // leaves through the building envelope). Towers evaporate all year, pads only when wet.
  const double facilityW = (itW + coolingW + otherW);
  if (p.plant == CoolingPlant::Evaporative)
    m.waterM3 = facilityW * hours / 1e3 * p.waterLitresPerKWh / 1e3;
  else if (p.plant == CoolingPlant::Adiabatic)
    m.waterM3 = wetFacilityW * hours / 1e3 * p.adiabaticLitresPerKWh / 1e3;
  m.pue = m.itMWh > 0 ? m.facilityMWh / m.itMWh : 0;
  return m;
}

} // namespace

HeatLoad ItLoad::at(double u) const
{
  HeatLoad h;
  h.airW = airIdleW + u * (airPeakW - airIdleW) + extraW;
  h.liquidW = liquidIdleW + u * (liquidPeakW - liquidIdleW);
  h.itW = h.airW + h.liquidW;
  return h;
}

double chillerCop(double outdoorC, double supplyC, const CoolingParams& p)
{
  const double outdoor = coilTemperatureC(outdoorC, p);
  const double evapK = supplyC - p.evaporatorApproachK + kKelvin;
  const double condK = outdoor + p.condenserApproachK + kKelvin;
  const double lift = condK - evapK;
  if (lift <= 0)
  {
    return p.copMax;
  }
  return std::min(p.copMax, p.carnotFraction * evapK / lift);
}

InstantPower facilityPowerAt(const HeatLoad& load, double outdoorC, const CoolingParams& p)
{
  InstantPower ip;
  ip.itW = load.itW;
  // CRAH / in-row fans move Q = P/(ρ·c_p·ΔT) against Δp.
  const double airflowM3s = load.airW / (kAirDensity * kAirCp * p.airDeltaTK);
  ip.fanW = airflowM3s * p.fanPressurePa / p.fanEfficiency;
  const double liquidFlowM3s = load.liquidW / (kWaterDensity * kWaterCp * p.liquidDeltaTK);
  ip.pumpW = liquidFlowM3s * p.pumpHeadPa / p.pumpEfficiency;
  // Fan and pump work ends up as heat in the loops they serve.
  const LoopPower air = loopPower(load.airW + ip.fanW, p.chilledWaterC, outdoorC, p);
  const LoopPower liquid = loopPower(load.liquidW + ip.pumpW, p.liquidSupplyC, outdoorC, p);
  ip.chillerW = air.chillerW + liquid.chillerW;
  ip.economiserW = air.economiserW + liquid.economiserW;
  ip.airFreeCooling = air.freeCooling;
  ip.liquidFreeCooling = liquid.freeCooling;
  ip.padsWet = padsWet(outdoorC, p);
  ip.electricalLossW = p.electricalLossFraction * load.itW;
  ip.miscW = p.miscFraction * load.itW;
  ip.facilityW = ip.itW + ip.coolingW() + ip.electricalLossW + ip.miscW;
  return ip;
}

EnergyResult annualEnergy(const ItLoad& load, const SiteClimate& site,
                          const std::array<double, 12>& utilisationByMonth,
                          const CoolingParams& params, std::optional<double> gridKgCo2PerKWh)
{
  EnergyResult e;
  double hours = 0;
  for (std::size_t m = 0; m < 12; ++m)
  {
    e.months[m] =
      monthEnergy(load, site.monthlyMeanC[m], kDaysPerMonth[m] * 24, utilisationByMonth[m], params);
    e.itMWh += e.months[m].itMWh;
    e.coolingMWh += e.months[m].coolingMWh;
    e.facilityMWh += e.months[m].facilityMWh;
    e.economiserHours += e.months[m].economiserHours;
    e.liquidEconomiserHours += e.months[m].liquidEconomiserHours;
    e.waterM3 += e.months[m].waterM3;
    e.wetHours += e.months[m].wetHours;
    hours += e.months[m].hours;
  }
  e.hours = hours;
  e.liquidLoop = load.liquidPeakW > 0 || load.liquidIdleW > 0;
  e.liquidSupplyC = params.liquidSupplyC;
  e.pue = e.itMWh > 0 ? e.facilityMWh / e.itMWh : 0;
  e.itAverageW = e.itMWh * 1e6 / hours;
  e.facilityAverageW = e.facilityMWh * 1e6 / hours;
  const double hottest = *std::max_element(site.monthlyMeanC.begin(), site.monthlyMeanC.end());
  const InstantPower design =
    facilityPowerAt(load.at(1.0), hottest + 2 * params.monthlySigmaK, params);
  e.designFacilityW = design.facilityW;
  e.designPue = design.pue();
  if (gridKgCo2PerKWh)
  {
    e.carbonTonnes = e.facilityMWh * 1000 * *gridKgCo2PerKWh / 1000;
  }
  e.wueLPerKWh = e.itMWh > 0 ? e.waterM3 * 1000 / (e.itMWh * 1000) : 0;
  return e;
}

} // namespace myriad::engine::economics
