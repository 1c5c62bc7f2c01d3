/**
 * @file thermal_inputs.cpp
 * Rack heat and airflow budgets and cooler figures; see thermal_inputs.h for the equations.
 */

#include "thermal/thermal_inputs.h"

#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/error.h"
#include "myriad/engine/immersion.h"

#include <algorithm>
#include <string>

namespace myriad::engine::thermal::detail
{

namespace
{

/** `tankShare` > 0: the part sits in an immersion tank whose fluid takes that share. */
void addItem(RackHeat& heat, const Part& part, const Catalog& catalog, bool liquidRack,
             double tankShare, const ThermalOptions& options)
{
  // The power chain's law (idle + u·(max − idle)): heat removed = IT power drawn.
  const double power = economics::partPower(part.id, catalog).at(options.utilisation);
  double share = tankShare;
  if (liquidRack && tankShare <= 0)
  {
    share = part.valueOr("liquidFraction", 0);
    if (share <= 0)
      share = options.liquidShare;
  }
  share = std::clamp(share, 0.0, 1.0);
  const double deltaT = part.valueOr("designDeltaTK", options.designDeltaTK);
  heat.powerW += power;
  heat.liquidW += power * share;
  heat.airW += power * (1 - share);
  if (deltaT > 0)
    heat.airflowM3s += power * (1 - share) / (kAirRhoCp * deltaT);
}

} // namespace

void applyGivenFigures(RackHeat& heat, const Rack& rack, const ThermalOptions& options)
{
  if (rack.powerW > 0)
  {
    if (heat.powerW > 0)
    {
      // Keep the contents' mix of liquid and air heat and their ΔT: scale every share.
      const double f = rack.powerW / heat.powerW;
      heat.liquidW *= f;
      heat.airW *= f;
      heat.airflowM3s *= f;
    }
    else
    {
      // An empty rack with a given power (a placeholder for equipment not chosen yet).
      const double share = rack.cooling == CoolingStyle::Liquid      ? options.liquidShare
                           : rack.cooling == CoolingStyle::Immersion ? kImmersionFluidShareDefault
                                                                     : 0.0;
      heat.liquidW = rack.powerW * share;
      heat.airW = rack.powerW * (1 - share);
      heat.airflowM3s = heat.airW / (kAirRhoCp * options.designDeltaTK);
    }
    heat.powerW = rack.powerW;
  }
  if (rack.airflowM3s > 0 && heat.airW > 0)
    heat.airflowM3s = rack.airflowM3s;
}

RackHeat rackHeat(const Rack& rack, const Hall& hall, const Catalog& catalog,
                  const ThermalOptions& options)
{
  RackHeat heat;
  const bool liquid = rack.cooling == CoolingStyle::Liquid;
  const double tankShare = immersionFluidShare(rack, catalog);
  for (const Node& node : rack.nodes)
    addItem(heat, catalog.part(node.model), catalog, liquid, tankShare, options);
  for (const Switch& sw : rack.switches)
    addItem(heat, catalog.part(sw.model), catalog, false, tankShare, options);
  applyGivenFigures(heat, rack, options);
  for (const CoolingUnit& unit : hall.coolers)
    if (unit.kind == CoolerKind::RearDoor && unit.rackId == rack.id)
      heat.rearDoorCapacityW += coolerCapacityW(unit, catalog);
  heat.rearDoorW = std::min(heat.rearDoorCapacityW, heat.airW);
  return heat;
}

double coolerCapacityW(const CoolingUnit& cooler, const Catalog& catalog)
{
  const Part* part = catalog.find(cooler.model);
  const double capacity = part ? part->valueOr("capacityW", 0) : 0;
  if (!(capacity > 0))
    throw Error("cooler " + cooler.id + ": capacityW = " + std::to_string(capacity) + " (model '" +
                cooler.model + "'); expected a catalog cooler with capacityW > 0");
  return capacity;
}

double coolerAirflowM3s(const CoolingUnit& cooler, const Catalog& catalog)
{
  if (cooler.kind == CoolerKind::Cdu || cooler.kind == CoolerKind::RearDoor)
    return 0;
  const double capacity = coolerCapacityW(cooler, catalog);
  if (cooler.airflowM3s > 0)
    return cooler.airflowM3s; // the unit's fan setting
  return catalog.part(cooler.model).valueOr("airflowM3s", capacity / (kAirRhoCp * 12.0));
}

} // namespace myriad::engine::thermal::detail
