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

std::string format(const char* pattern, double a, double b = 0, double c = 0, double d = 0)
{
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, pattern, a, b, c, d);
  return buffer;
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
                   const std::string& load, std::vector<Diagnostic>& out)
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
    if (hot)
      out.push_back(
        { c == InletClass::Outside ? Severity::Error : Severity::Warning, rack.id, path,
          rack.id +
            format(": inlet up to %.1f °C (bottom/middle/top %.1f/%.1f/%.1f)", high,
                   rack.inletBottomC, rack.inletMiddleC, rack.inletTopC) +
            load + ", above the ASHRAE A1 " +
            (c == InletClass::Outside ? "allowable 32 °C" : "recommended 27 °C"),
          "supply more cold air to its aisle (more or larger air handlers, containment, blanking) "
          "or lower the rack's power" });
    else
      out.push_back({ c == InletClass::Outside ? Severity::Error : Severity::Warning, rack.id, path,
                      rack.id + format(": inlet down to %.1f °C", low) + load +
                        ", below the ASHRAE A1 " +
                        (c == InletClass::Outside ? "allowable 15 °C" : "recommended 18 °C"),
                      "raise the air handlers' supply setpoint" });
  }
}

/** Over capacity and N+1 of one group of coolers sharing a load (air handlers or CDUs). */
void groupFindings(const std::vector<const CoolerThermal*>& group, const char* what,
                   const std::map<std::string, std::string>& paths, const std::string& load,
                   std::vector<Diagnostic>& out)
{
  double total = 0, capacity = 0, largest = 0;
  for (const CoolerThermal* c : group)
  {
    total += c->loadW;
    capacity += c->capacityW;
    largest = std::max(largest, c->capacityW);
    if (c->loadW > c->capacityW * (1 + 1e-9))
      out.push_back({ Severity::Error, c->id, paths.count(c->id) ? paths.at(c->id) : "",
                      c->id +
                        format(": load %.1f kW of %.1f kW (%.0f %%)", c->loadW / 1000,
                               c->capacityW / 1000, c->loadFraction() * 100) +
                        load + ", over its capacity",
                      std::string("add ") + what + " near it or spread the load of its zone" });
  }
  if (group.size() > 0 && total <= capacity && total > capacity - largest)
    out.push_back({ Severity::Warning, group.front()->id, "",
                    std::string(what) +
                      format(": load %.1f kW exceeds the %.1f kW left when the largest unit "
                             "(%.1f kW) fails",
                             total / 1000, (capacity - largest) / 1000, largest / 1000) +
                      load + ": N+1 lost",
                    std::string("add one more of the ") + what });
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
  const std::string load = loadText(hall, utilisation);
  inletFindings(r, paths, load, out);
  std::vector<const CoolerThermal*> air, cdus;
  for (const CoolerThermal& c : r.coolers)
  {
    if (c.kind == CoolerKind::Crah || c.kind == CoolerKind::InRow)
      air.push_back(&c);
    else if (c.kind == CoolerKind::Cdu)
      cdus.push_back(&c);
  }
  groupFindings(air, "air handlers", paths, load, out);
  double cduCapacity = 0;
  for (const CoolerThermal* c : cdus)
    cduCapacity += c->capacityW;
  if (r.liquidHeatW > 0 && cduCapacity <= 0)
    out.push_back({ Severity::Error, hall.id, hallPath + "/coolers",
                    hall.id + format(": %.1f kW of liquid heat", r.liquidHeatW / 1000) + load +
                      " and no CDU: the heat has nowhere to go",
                    "add coolant distribution units (CDUs) for the liquid heat plus one spare" });
  else
    groupFindings(cdus, "CDUs", paths, load, out);
  if (r.rackAirflowM3s > 0 && r.supplyDemandRatio < 1)
    out.push_back({ Severity::Warning, hall.id, hallPath + "/coolers",
                    hall.id +
                      format(": air handlers supply %.1f m³/s, racks draw %.1f m³/s (ratio %.2f)",
                             r.coolerAirflowM3s, r.rackAirflowM3s, r.supplyDemandRatio) +
                      load + ": a starved hall, racks recirculate exhaust air",
                    "add air handlers or raise their airflow until supply ≥ rack demand" });
  return out;
}

} // namespace myriad::engine::thermal
