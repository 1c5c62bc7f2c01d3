/**
 * @file thermal_checks.cpp
 * The ASHRAE classification of an intake with its round-off tolerance, and the findings of a
 * solved hall (thermal_checks.h).
 */

#include "myriad/engine/thermal/thermal_checks.h"

#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace myriad::engine::thermal
{

namespace
{

/** A figure with `decimals` decimals, as the findings quote it. */
std::string fixed(double value, int decimals = 1)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string kW(double watts)
{
  return fixed(watts / 1000);
}

/** JSON paths of the hall's racks and coolers by id. */
std::map<std::string, std::string> pathsById(const Hall& hall, const std::string& hallPath)
{
  std::map<std::string, std::string> paths;
  for (std::size_t r = 0; r < hall.rows.size(); ++r)
    for (std::size_t k = 0; k < hall.rows[r].racks.size(); ++k)
      paths[hall.rows[r].racks[k].id] =
        hallPath + "/rows/" + std::to_string(r) + "/racks/" + std::to_string(k);
  for (std::size_t i = 0; i < hall.coolers.size(); ++i)
    paths[hall.coolers[i].id] = hallPath + "/coolers/" + std::to_string(i);
  return paths;
}

void inletFindings(const ThermalResult& r, const std::map<std::string, std::string>& paths,
                   const Text& load, std::vector<Diagnostic>& out)
{
  for (const RackThermal& rack : r.racks)
  {
    if (!rack.airCooled)
      continue;
    const auto path = paths.count(rack.id) ? paths.at(rack.id) : std::string();
    // The auditor's points: bottom, middle and top of the intake (thermal_model.h).
    const double high = rack.auditInletMaxC();
    const double low = std::min({ rack.inletBottomC, rack.inletMiddleC, rack.inletTopC });
    const InletClass c = classifyInlet(low, high);
    if (c == InletClass::Recommended)
      continue;
    const bool hot = high > kAshraeRecommendedMaxC + kAshraeToleranceK;
    const bool outside = c == InletClass::Outside;
    const Severity severity = outside ? Severity::Error : Severity::Warning;
    if (hot)
      out.push_back(
        { severity, rack.id, path,
          Text{ outside ? MYRIAD_TR_NOOP("EngineText",
                                         "%1: inlet up to %2 °C (bottom/middle/top %3/%4/%5)%6, "
                                         "above the ASHRAE A1 allowable 32 °C")
                        : MYRIAD_TR_NOOP("EngineText",
                                         "%1: inlet up to %2 °C (bottom/middle/top %3/%4/%5)%6, "
                                         "above the ASHRAE A1 recommended 27 °C"),
                { rack.id, fixed(high), fixed(rack.inletBottomC), fixed(rack.inletMiddleC),
                  fixed(rack.inletTopC) },
                { load } },
          Text{ MYRIAD_TR_NOOP("EngineText",
                               "supply more cold air to its aisle (more or larger air handlers, "
                               "containment, blanking) or lower the rack's power"),
                {},
                {} } });
    else
      out.push_back(
        { severity, rack.id, path,
          Text{ outside
                  ? MYRIAD_TR_NOOP("EngineText", "%1: inlet down to %2 °C%3, below the ASHRAE A1 "
                                                 "allowable 15 °C")
                  : MYRIAD_TR_NOOP("EngineText", "%1: inlet down to %2 °C%3, below the ASHRAE A1 "
                                                 "recommended 18 °C"),
                { rack.id, fixed(low) },
                { load } },
          Text{
            MYRIAD_TR_NOOP("EngineText", "raise the air handlers' supply setpoint"), {}, {} } });
  }
}

/** Over capacity and N+1 of one group of coolers sharing a load (air handlers or CDUs). */
void groupFindings(const std::vector<const CoolerThermal*>& group, bool cdus,
                   const std::map<std::string, std::string>& paths, const Text& load,
                   std::vector<Diagnostic>& out)
{
  double total = 0, capacity = 0, largest = 0;
  for (const CoolerThermal* c : group)
  {
    total += c->loadW;
    capacity += c->capacityW;
    largest = std::max(largest, c->capacityW);
    if (c->loadW > c->capacityW * (1 + 1e-9))
      out.push_back(
        { Severity::Error, c->id, paths.count(c->id) ? paths.at(c->id) : "",
          Text{ MYRIAD_TR_NOOP("EngineText", "%1: load %2 kW of %3 kW (%4 %)%5, over its capacity"),
                { c->id, kW(c->loadW), kW(c->capacityW), fixed(c->loadFraction() * 100, 0) },
                { load } },
          Text{ cdus
                  ? MYRIAD_TR_NOOP("EngineText", "add CDUs near it or spread the load of its zone")
                  : MYRIAD_TR_NOOP("EngineText",
                                   "add air handlers near it or spread the load of its zone"),
                {},
                {} } });
  }
  if (group.size() > 0 && total <= capacity && total > capacity - largest)
    out.push_back(
      { Severity::Warning, group.front()->id, "",
        Text{ cdus ? MYRIAD_TR_NOOP("EngineText",
                                    "CDUs: load %1 kW exceeds the %2 kW left when the largest "
                                    "unit (%3 kW) fails%4: N+1 lost")
                   : MYRIAD_TR_NOOP("EngineText",
                                    "air handlers: load %1 kW exceeds the %2 kW left when the "
                                    "largest unit (%3 kW) fails%4: N+1 lost"),
              { kW(total), kW(capacity - largest), kW(largest) },
              { load } },
        Text{ cdus ? MYRIAD_TR_NOOP("EngineText", "add one more of the CDUs")
                   : MYRIAD_TR_NOOP("EngineText", "add one more of the air handlers"),
              {},
              {} } });
}

} // namespace

InletClass classifyInlet(double inletMinC, double inletMaxC)
{
  const double tol = kAshraeToleranceK;
  if (inletMinC >= kAshraeRecommendedMinC - tol && inletMaxC <= kAshraeRecommendedMaxC + tol)
    return InletClass::Recommended;
  if (inletMinC >= kAshraeAllowableMinC - tol && inletMaxC <= kAshraeAllowableMaxC + tol)
    return InletClass::AllowableOnly;
  return InletClass::Outside;
}

std::vector<Diagnostic> thermalDiagnostics(const Scene& scene, int hallIndex,
                                           const ThermalResult& r, double utilisation)
{
  std::vector<Diagnostic> out;
  if (hallIndex < 0 || hallIndex >= int(scene.site.halls.size()))
    return out;
  const std::string hallPath = "/site/halls/" + std::to_string(hallIndex);
  const Hall& hall = scene.site.halls[hallIndex];
  const auto paths = pathsById(hall, hallPath);
  const Text load = loadPhrase(hall, utilisation);
  inletFindings(r, paths, load, out);
  std::vector<const CoolerThermal*> air, cdus;
  for (const CoolerThermal& c : r.coolers)
  {
    if (c.kind == CoolerKind::Crah || c.kind == CoolerKind::InRow)
      air.push_back(&c);
    else if (c.kind == CoolerKind::Cdu)
      cdus.push_back(&c);
  }
  groupFindings(air, false, paths, load, out);
  double cduCapacity = 0;
  for (const CoolerThermal* c : cdus)
    cduCapacity += c->capacityW;
  if (r.liquidHeatW > 0 && cduCapacity <= 0)
    out.push_back(
      { Severity::Error, hall.id, hallPath + "/coolers",
        Text{ MYRIAD_TR_NOOP("EngineText",
                             "%1: %2 kW of liquid heat%3 and no CDU: the heat has nowhere to go"),
              { hall.id, kW(r.liquidHeatW) },
              { load } },
        Text{ MYRIAD_TR_NOOP("EngineText",
                             "add coolant distribution units (CDUs) for the liquid heat plus one "
                             "spare"),
              {},
              {} } });
  else
    groupFindings(cdus, true, paths, load, out);
  if (r.rackAirflowM3s > 0 && r.supplyDemandRatio < 1)
    out.push_back(
      { Severity::Warning, hall.id, hallPath + "/coolers",
        Text{ MYRIAD_TR_NOOP("EngineText", "%1: air handlers supply %2 m³/s, racks draw %3 m³/s "
                                           "(ratio %4)%5: a starved hall, racks recirculate "
                                           "exhaust air"),
              { hall.id, fixed(r.coolerAirflowM3s), fixed(r.rackAirflowM3s),
                fixed(r.supplyDemandRatio, 2) },
              { load } },
        Text{ MYRIAD_TR_NOOP("EngineText",
                             "add air handlers or raise their airflow until supply ≥ rack demand"),
              {},
              {} } });
  return out;
}

} // namespace myriad::engine::thermal
