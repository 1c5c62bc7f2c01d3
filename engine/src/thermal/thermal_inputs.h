#pragma once
/**
 * @file thermal_inputs.h
 * Heat and airflow budget of a rack and cooler figures, shared by the grid builder and the
 * result computation.
 *
 * Per item (node or switch) of a rack: P = powerIdleW + u·(powerMaxW − powerIdleW) at the
 * utilisation u (the power chain's partPower); liquid share λ = the part's
 * `liquidFraction` figure when the rack is liquid-cooled (ThermalOptions::liquidShare when the
 * part has none), 0 for air racks; in an immersion tank λ = the tank's fluidHeatFraction for
 * every item, switches included (immersion.h), the rest leaving the fluid surface; airflow Q = P·(1
 * − λ) / (ρ·c_p·ΔT) with ΔT the part's `designDeltaTK` figure (ThermalOptions::designDeltaTK when
 * missing). A rear-door exchanger on the rack removes min(capacity, air heat) from the exhaust air.
 *
 * Given figures (Rack::powerW, Rack::airflowM3s): a given power P_g replaces the contents' power,
 * every share scaled by P_g / P (liquid and air heat, and the airflow, so ΔT stays the parts'); an
 * empty rack with a given power is all air (liquid racks: ThermalOptions::liquidShare, tanks:
 * kImmersionFluidShareDefault) at
 * ThermalOptions::designDeltaTK. A given airflow replaces Q; the heat rise is then P_air/(ρ·c_p·Q).
 * Cooler airflow: CoolingUnit::airflowM3s when set (fan speed), else the catalog's.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/model.h"
#include "myriad/engine/thermal/thermal_model.h"

namespace myriad::engine::thermal::detail
{

struct RackHeat
{
  double powerW = 0;
  double liquidW = 0;
  double airW = 0; ///< heat the rack's fans blow out (before a rear door)
  double airflowM3s = 0;
  double rearDoorW = 0; ///< removed by a rear-door exchanger
  double rearDoorCapacityW = 0;
};

RackHeat rackHeat(const Rack& rack, const Hall& hall, const Catalog& catalog,
                  const ThermalOptions& options);

/** Apply the rack's given power and airflow to a budget built from its contents. */
void applyGivenFigures(RackHeat& heat, const Rack& rack, const ThermalOptions& options);

/** Cooler capacity (W) from the catalog; throws Error naming the cooler when ≤ 0 or missing. */
double coolerCapacityW(const CoolingUnit& cooler, const Catalog& catalog);
/** Cooler airflow (m³/s): the part's `airflowM3s`, else capacity / (ρ·c_p·12 K). 0 for CDUs
 *  and rear doors, which move no air of their own in this model. */
double coolerAirflowM3s(const CoolingUnit& cooler, const Catalog& catalog);

} // namespace myriad::engine::thermal::detail
