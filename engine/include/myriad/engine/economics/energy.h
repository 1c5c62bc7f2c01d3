#pragma once
/**
 * @file energy.h
 * Facility power and annual energy: IT power, cooling power (fans, chillers with free cooling,
 * CDU pumps), electrical losses, PUE, carbon and water.
 *
 * Equations (per outdoor dry-bulb temperature T, °C):
 *   Fans (CRAH / in-row): Q = P_air / (ρ·c_p·ΔT_air), P_fan = Q·Δp / η_fan
 *     (ρ = 1.2 kg/m³, c_p = 1005 J/(kg·K)).
 *   Chiller: COP(T) = min(COP_max, f_Carnot · T_evap / (T_cond − T_evap)) in kelvin, with
 *     T_evap = T_supply − approach_evap, T_cond = T_out + approach_cond (− depression for
 *     evaporative plants). P_chiller = P_heat / COP.
 *   Free cooling (economiser): when T_out ≤ T_supply − approach_econ the chiller is off and only
 *     dry-cooler fans run: P = aux · P_heat. Air loop supply = chilled water (15 °C default),
 *     liquid loop supply = warm facility water (30 °C default), so liquid heat is free-cooled
 *     at far higher outdoor temperatures.
 *   Pumps (liquid): ṁ = P_liq / (c_p,w·ΔT), P_pump = (ṁ/ρ_w)·Δp / η_pump.
 *   Electrical loss = loss·P_IT, misc = misc·P_IT. Facility = IT + all of the above.
 *   PUE = facility / IT (The Green Grid); annual PUE = Σ facility energy / Σ IT energy.
 * Climate: each month's hourly temperature is taken as normal around the monthly mean with
 * σ = monthlySigmaK; monthly energy integrates the instantaneous power over that distribution
 * (25-point quadrature), which also gives the economiser hours.
 * Water: evaporative plants evaporate waterLitresPerKWh per kWh of heat rejected (latent heat
 * 2.26 MJ/kg → 1.59 L/kWh, plus blow-down); WUE = litres / IT kWh. Adiabatic plants (dry coolers
 * with wetted pads) run dry while T_out ≤ adiabaticSwitchC; above it the coils see
 * T_out − evaporativeDepressionK and evaporate adiabaticLitresPerKWh per kWh rejected then, so
 * water is used only in the warm hours (wetHours).
 * Limits: no humidity (wet bulb approximated by a fixed depression), no part-load curves of
 * chillers, no partial economiser. Parameter values are estimates (docs/models/economics.md).
 */

#include "myriad/engine/economics/inputs.h"

#include <array>
#include <optional>

namespace myriad::engine::economics
{

/** Heat to remove, split by where it goes; W. */
struct HeatLoad
{
  double itW = 0;     ///< all IT power
  double airW = 0;    ///< heat removed by air (CRAH / in-row)
  double liquidW = 0; ///< heat removed by liquid (CDU)
};

/** Facility power at one instant (one outdoor temperature). */
struct InstantPower
{
  double itW = 0;
  double fanW = 0;
  double chillerW = 0;
  double economiserW = 0;
  double pumpW = 0;
  double electricalLossW = 0;
  double miscW = 0;
  double facilityW = 0;
  bool airFreeCooling = false;
  bool liquidFreeCooling = false;
  bool padsWet = false; ///< adiabatic plant above its switch temperature
  double pue() const { return itW > 0 ? facilityW / itW : 0; }
  double coolingW() const { return fanW + chillerW + economiserW + pumpW; }
};

/** Chiller COP at an outdoor temperature for a loop supplied at `supplyC`. */
double chillerCop(double outdoorC, double supplyC, const CoolingParams& params);
/** Facility power for `load` at outdoor temperature `outdoorC`. */
InstantPower facilityPowerAt(const HeatLoad& load, double outdoorC, const CoolingParams& params);

/** One month of energy. */
struct MonthEnergy
{
  double hours = 0;
  double outdoorMeanC = 0;
  double utilisation = 0;
  double itMWh = 0;
  double coolingMWh = 0;
  double otherMWh = 0; ///< electrical loss + misc
  double facilityMWh = 0;
  double economiserHours = 0; ///< hours with the air loop on free cooling
  /** Hours with the liquid loop (CDUs, facility water) on free cooling: no compressor. */
  double liquidEconomiserHours = 0;
  double wetHours = 0; ///< adiabatic plants: hours with the pads wetted
  double waterM3 = 0;  ///< evaporative or adiabatic plants; 0 for dry plants
  double pue = 0;
};

/** A year of energy at a site. */
struct EnergyResult
{
  std::array<MonthEnergy, 12> months{};
  double itMWh = 0;
  double coolingMWh = 0;
  double facilityMWh = 0;
  double pue = 0; ///< annual
  double economiserHours = 0;
  /**
   * Compressor-free hours of the liquid loop: hours whose outdoor temperature (for evaporative
   * plants, minus the depression) is ≤ liquidSupplyC − economiserApproachK. 0 without liquid heat
   * (see liquidLoop).
   */
  double liquidEconomiserHours = 0;
  double wetHours = 0;      ///< adiabatic plants: hours with the pads wetted (water used)
  bool liquidLoop = false;  ///< some heat goes to liquid (cold plates, immersion tanks)
  double liquidSupplyC = 0; ///< the facility water supply the liquid hours were computed at
  double hours = 0;         ///< hours of the year the months add up to (8,766)
  double itAverageW = 0;
  double facilityAverageW = 0;
  double designFacilityW = 0;         ///< u = 1 at the hottest month's mean + 2σ (sizing)
  double designPue = 0;               ///< instantaneous PUE at that point
  std::optional<double> carbonTonnes; ///< missing without a grid intensity
  double waterM3 = 0;                 ///< 0 for dry plants (a real zero)
  double wueLPerKWh = 0;
};

/**
 * IT load of a scene as idle and peak sums split by where the heat goes:
 * IT(u) = idle + u·(peak − idle). The liquid sums are the heat that liquid-cooled racks hand to
 * liquid (their server's liquidFraction, or CoolingParams::liquidHeatFraction without one); the
 * rest of every rack's heat is in the air sums.
 */
struct ItLoad
{
  double airIdleW = 0;
  double airPeakW = 0;
  double liquidIdleW = 0;
  double liquidPeakW = 0;
  double extraW = 0; ///< constant IT power outside the racks' figures (e.g. optics from the BOM)
  HeatLoad at(double utilisation) const;
};

/** Annual energy for `load` at `site`; utilisation per month (12 values). */
EnergyResult annualEnergy(const ItLoad& load, const SiteClimate& site,
                          const std::array<double, 12>& utilisationByMonth,
                          const CoolingParams& params, std::optional<double> gridKgCo2PerKWh);

} // namespace myriad::engine::economics
