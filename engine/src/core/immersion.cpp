/**
 * @file immersion.cpp
 * Immersion tanks and rack weights (immersion.h has the equations).
 */
#include "myriad/engine/immersion.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <algorithm>

namespace myriad::engine
{

bool isTankPart(const Part& part)
{
  const auto form = part.attributes.find("form");
  return part.category == "rack" && form != part.attributes.end() && form->second == "tank";
}

double immersionFluidShare(const Rack& rack, const Catalog& catalog)
{
  if (rack.cooling != CoolingStyle::Immersion)
    return 0;
  const Part* tank = catalog.find(rack.model);
  const double share = tank ? tank->valueOr("fluidHeatFraction", kImmersionFluidShareDefault)
                            : kImmersionFluidShareDefault;
  return std::clamp(share, 0.0, 1.0);
}

TankFluid tankFluid(const Rack& rack, const Catalog& catalog)
{
  TankFluid out;
  const Part* tank = catalog.find(rack.model);
  if (tank == nullptr || !isTankPart(*tank))
    return out;
  out.litres = tank->valueOr("fluidLitres", 0);
  const auto fluid = tank->attributes.find("fluid");
  if (fluid != tank->attributes.end())
    out.fluid = catalog.find(fluid->second);
  return out;
}

RackWeight rackWeight(const Rack& rack, const Catalog& catalog)
{
  RackWeight w;
  auto weightOf = [&](const std::string& model) -> double
  {
    const Part* part = catalog.find(model);
    const double kg = part ? part->valueOr("weightKg", -1) : -1;
    if (kg <= 0) // a placeholder's 0 is no weight either
    {
      if (std::find(w.missing.begin(), w.missing.end(), model) == w.missing.end())
        w.missing.push_back(model);
      return 0;
    }
    return kg;
  };
  w.enclosureKg = weightOf(rack.model);
  for (const Node& node : rack.nodes)
    w.equipmentKg += weightOf(node.model);
  for (const Switch& sw : rack.switches)
    w.equipmentKg += weightOf(sw.model);
  const TankFluid fluid = tankFluid(rack, catalog);
  if (fluid.litres > 0)
  {
    const double density = fluid.fluid ? fluid.fluid->valueOr("densityKgPerL", -1) : -1;
    if (density > 0)
      w.fluidKg = fluid.litres * density;
    else
      w.missing.push_back(fluid.fluid ? fluid.fluid->id : rack.model + " fluid");
  }
  const RackSize size = rackSize(rack, catalog);
  w.footprintM2 = size.widthM * size.depthM;
  return w;
}

} // namespace myriad::engine
