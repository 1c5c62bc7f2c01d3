/**
 * @file design_checks.cpp
 * Design checks of a scene without a thermal solve (validation.h): cooling capacity per hall
 * (air handlers, CDUs, rear doors, with N+1), airflow supply against rack demand, and the power
 * chain's findings that validateScene does not make (redundancy lost, single-corded racks).
 *
 * Heat per rack at utilisation u: each part's P(u) = P_idle + u·(P_max − P_idle) (power_chain.h).
 * Liquid share as in the thermal model: a liquid rack's server hands its `liquidFraction`
 * (ThermalOptions::liquidShare when it has none) to liquid, switches stay on air; in an
 * immersion tank every part hands the tank's fluidHeatFraction (immersion.h). Rack airflow
 * Q = P_air / (ρ·c_p·ΔT) with the part's designDeltaTK (ThermalOptions::designDeltaTK when
 * missing). A rear door removes min(capacity, the rack's air heat) before the room air.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/immersion.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/engine/validation.h"

#include "thermal/thermal_inputs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace myriad::engine
{

namespace
{

std::string text(const char* pattern, double a, double b = 0, double c = 0)
{
  char buffer[200];
  std::snprintf(buffer, sizeof buffer, pattern, a, b, c);
  return buffer;
}

/** kW with one decimal, as the findings quote it. */
std::string kW(double watts)
{
  return text("%.1f", watts / 1000);
}

/** A finding from its pattern (text.h) and a hint. */
Diagnostic finding(Severity severity, const std::string& id, const std::string& path, Text message,
                   Text hint)
{
  return { severity, id, path, std::move(message), std::move(hint) };
}

/** Heat and airflow of one hall at the checked utilisation. */
struct HallHeat
{
  double airW = 0;           ///< into the room air after rear doors
  double liquidW = 0;        ///< to CDUs
  double rackAirflowM3s = 0; ///< what the racks' fans draw
};

/** Capacity of a group of coolers sharing one load. */
struct Plant
{
  double capacityW = 0;
  double largestW = 0;
  double airflowM3s = 0;
  int units = 0;
  std::string model; ///< the most recent unit's model, for the hint
  void add(const CoolingUnit& unit, const Catalog& catalog)
  {
    const Part* part = catalog.find(unit.model);
    const double cap = part ? part->valueOr("capacityW", 0) : 0;
    capacityW += cap;
    largestW = std::max(largestW, cap);
    if (part && unit.kind != CoolerKind::Cdu && unit.kind != CoolerKind::RearDoor)
      airflowM3s += unit.airflowM3s > 0
                      ? unit.airflowM3s // the unit's fan setting
                      : part->valueOr("airflowM3s", cap / (thermal::kAirRhoCp * 12.0));
    units += 1;
    model = unit.model;
  }
};

class CoolingCheck
{
public:
  CoolingCheck(const Catalog& catalog, const DesignCheckOptions& options)
    : m_catalog(catalog)
    , m_options(options)
  {
  }

  void hall(const Hall& hall, const std::string& path, std::vector<Diagnostic>& out)
  {
    Plant air, cdus;
    std::map<std::string, double> doorCapacity;
    for (const CoolingUnit& u : hall.coolers)
    {
      if (u.kind == CoolerKind::Cdu)
        cdus.add(u, m_catalog);
      else if (u.kind == CoolerKind::RearDoor)
      {
        const Part* part = m_catalog.find(u.model);
        doorCapacity[u.rackId] += part ? part->valueOr("capacityW", 0) : 0;
      }
      else
        air.add(u, m_catalog);
    }
    const HallHeat heat = hallHeat(hall, path, doorCapacity, out);
    const Text at = loadPhrase(hall, m_options.utilisation);
    capacity(hall, path, air, heat.airW, "air handlers", at, out);
    if (heat.liquidW > 0 && cdus.units == 0)
      out.push_back(finding(
        Severity::Error, hall.id, path + "/coolers",
        { MYRIAD_TR_NOOP("EngineText", "%1: %2 kW of liquid heat%3 and no CDU capacity: the "
                                       "heat has nowhere to go"),
          { hall.id, kW(heat.liquidW) },
          { at } },
        cduHint(heat.liquidW)));
    else
      capacity(hall, path, cdus, heat.liquidW, "CDUs", at, out);
    if (heat.rackAirflowM3s > 0 && air.airflowM3s < heat.rackAirflowM3s)
      out.push_back(finding(
        Severity::Warning, hall.id, path + "/coolers",
        { MYRIAD_TR_NOOP("EngineText", "%1: air handlers supply %2 m³/s, racks draw %3 m³/s "
                                       "(ratio %4)%5: a starved hall, racks recirculate exhaust "
                                       "air"),
          { hall.id, text("%.1f", air.airflowM3s), text("%.1f", heat.rackAirflowM3s),
            text("%.2f", air.airflowM3s / heat.rackAirflowM3s) },
          { at } },
        { MYRIAD_TR_NOOP("EngineText", "add air handlers or raise their airflow until supply ≥ "
                                       "rack demand (10–20 % more with containment)"),
          {} }));
  }

private:
  /** The load arguments and the largest unit's capacity (%5). */
  static std::vector<std::string> withLargest(std::vector<std::string> load, double largestW)
  {
    load.push_back(kW(largestW));
    return load;
  }

  /** How many of the catalog's largest CDU carry `liquidW` with one spare. */
  Text cduHint(double liquidW) const
  {
    const Part* best = nullptr;
    for (const auto& id : m_catalog.idsOf("cooler"))
    {
      const Part& part = m_catalog.part(id);
      if (part.attributes.count("kind") && part.attribute("kind") == "cdu" &&
          (!best || part.valueOr("capacityW", 0) > best->valueOr("capacityW", 0)))
        best = &part;
    }
    if (!best || best->valueOr("capacityW", 0) <= 0)
      return { MYRIAD_TR_NOOP("EngineText", "add coolant distribution units (CDUs) for the liquid "
                                            "heat plus one spare (N+1)"),
               {} };
    return { MYRIAD_TR_NOOP("EngineText",
                            "add %1 units of %2: the liquid heat plus one spare (N+1)"),
             { text("%.0f", std::ceil(liquidW / best->valueOr("capacityW", 0)) + 1), best->id } };
  }

  /** `tankShare` > 0: the part is in an immersion tank whose fluid takes that share. */
  void addPart(const std::string& model, bool liquidRack, bool isSwitch, double tankShare,
               double& airW, double& liquidW, double& airflow)
  {
    const economics::PartPower p = economics::partPower(model, m_catalog);
    const Part* part = m_catalog.find(model);
    const double power = p.at(m_options.utilisation);
    double share = tankShare;
    if (liquidRack && !isSwitch && tankShare <= 0)
    {
      share = part ? part->valueOr("liquidFraction", 0) : 0;
      if (share <= 0)
        share = thermal::ThermalOptions{}.liquidShare;
    }
    share = std::clamp(share, 0.0, 1.0);
    const double deltaT =
      part ? part->valueOr("designDeltaTK", m_options.designDeltaTK) : m_options.designDeltaTK;
    airW += power * (1 - share);
    liquidW += power * share;
    if (deltaT > 0)
      airflow += power * (1 - share) / (thermal::kAirRhoCp * deltaT);
  }

  /** The rack's given power and airflow, by the thermal model's law (thermal_inputs.h). */
  void applyGiven(const Rack& rack, double& airW, double& liquidW, double& airflow) const
  {
    thermal::detail::RackHeat heat;
    heat.airW = airW, heat.liquidW = liquidW, heat.airflowM3s = airflow;
    heat.powerW = airW + liquidW;
    thermal::ThermalOptions options;
    options.designDeltaTK = m_options.designDeltaTK;
    thermal::detail::applyGivenFigures(heat, rack, options);
    airW = heat.airW, liquidW = heat.liquidW, airflow = heat.airflowM3s;
  }

  HallHeat hallHeat(const Hall& hall, const std::string& path,
                    const std::map<std::string, double>& doorCapacity, std::vector<Diagnostic>& out)
  {
    HallHeat h;
    for (std::size_t r = 0; r < hall.rows.size(); ++r)
      for (std::size_t k = 0; k < hall.rows[r].racks.size(); ++k)
      {
        const Rack& rack = hall.rows[r].racks[k];
        const bool liquid = rack.cooling == CoolingStyle::Liquid;
        const double tankShare = immersionFluidShare(rack, m_catalog);
        double airW = 0, liquidW = 0, airflow = 0;
        for (const Node& node : rack.nodes)
          addPart(node.model, liquid, false, tankShare, airW, liquidW, airflow);
        for (const Switch& sw : rack.switches)
          addPart(sw.model, liquid, true, tankShare, airW, liquidW, airflow);
        applyGiven(rack, airW, liquidW, airflow);
        auto door = doorCapacity.find(rack.id);
        if (door != doorCapacity.end())
        {
          if (airW > door->second)
            out.push_back(finding(
              Severity::Warning, rack.id,
              path + "/rows/" + std::to_string(r) + "/racks/" + std::to_string(k),
              { MYRIAD_TR_NOOP("EngineText", "%1: %2 kW of air heat, over its rear doors' %3 kW; "
                                             "the rest goes to the room"),
                { rack.id, kW(airW), kW(door->second) },
                {} },
              { MYRIAD_TR_NOOP("EngineText", "fit a larger rear door or move load to another rack"),
                {} }));
          airW -= std::min(airW, door->second);
        }
        h.airW += airW;
        h.liquidW += liquidW;
        h.rackAirflowM3s += airflow;
      }
    return h;
  }

  static void capacity(const Hall& hall, const std::string& path, const Plant& plant, double loadW,
                       const char* what, const Text& at, std::vector<Diagnostic>& out)
  {
    if (loadW <= 0)
      return;
    const std::string where = path + "/coolers";
    const bool liquid = std::string(what) == "CDUs";
    if (plant.units == 0)
    {
      out.push_back(finding(
        Severity::Error, hall.id, where,
        { liquid ? MYRIAD_TR_NOOP("EngineText", "%1: %2 kW of heat%3 and no CDUs")
                 : MYRIAD_TR_NOOP("EngineText", "%1: %2 kW of heat%3 and no air handlers"),
          { hall.id, kW(loadW) },
          { at } },
        { liquid
            ? MYRIAD_TR_NOOP("EngineText", "add CDUs for the heat plus one spare (N+1)")
            : MYRIAD_TR_NOOP("EngineText", "add air handlers for the heat plus one spare (N+1)"),
          {} }));
      return;
    }
    const std::vector<std::string> load = { hall.id, kW(loadW), kW(plant.capacityW),
                                            text("%.0f", 100 * loadW / plant.capacityW) };
    if (loadW > plant.capacityW)
    {
      const double more = std::ceil((loadW - plant.capacityW) / plant.largestW) + 1;
      out.push_back(
        finding(Severity::Error, hall.id, where,
                { liquid ? MYRIAD_TR_NOOP("EngineText",
                                          "%1: CDUs carry %2 kW of %3 kW (%4 %)%5, over their "
                                          "capacity")
                         : MYRIAD_TR_NOOP("EngineText", "%1: air handlers carry %2 kW of %3 kW "
                                                        "(%4 %)%5, over their capacity"),
                  load,
                  { at } },
                { MYRIAD_TR_NOOP("EngineText",
                                 "add %1 more units of %2 (the shortfall plus one spare for N+1)"),
                  { text("%.0f", more), plant.model } }));
    }
    else if (loadW > plant.capacityW - plant.largestW)
      out.push_back(finding(
        Severity::Warning, hall.id, where,
        { liquid
            ? MYRIAD_TR_NOOP("EngineText", "%1: CDUs carry %2 kW of %3 kW (%4 %)%6: with the "
                                           "largest unit (%5 kW) failed the rest cannot carry it; "
                                           "N+1 lost")
            : MYRIAD_TR_NOOP("EngineText", "%1: air handlers carry %2 kW of %3 kW (%4 %)%6: with "
                                           "the largest unit (%5 kW) failed the rest cannot carry "
                                           "it; N+1 lost"),
          withLargest(load, plant.largestW),
          { at } },
        { MYRIAD_TR_NOOP("EngineText", "add one more unit of %1"), { plant.model } }));
  }

  const Catalog& m_catalog;
  const DesignCheckOptions& m_options;
};

} // namespace

std::vector<Diagnostic> coolingDiagnostics(const Scene& scene, const Catalog& catalog,
                                           const DesignCheckOptions& options)
{
  std::vector<Diagnostic> out;
  CoolingCheck check(catalog, options);
  for (std::size_t h = 0; h < scene.site.halls.size(); ++h)
    check.hall(scene.site.halls[h], "/site/halls/" + std::to_string(h), out);
  return out;
}

std::vector<Diagnostic> powerDiagnostics(const Scene& scene, const Catalog& catalog,
                                         double utilisation)
{
  std::vector<Diagnostic> out;
  const auto chain = economics::analyzePowerChain(scene, catalog, utilisation);
  for (const economics::PowerViolation& v : chain.violations)
  {
    using K = economics::PowerViolationKind;
    const bool warning = v.kind == K::SingleCorded || v.kind == K::NoFeed;
    Text hint;
    switch (v.kind)
    {
      case K::FeedOverload:
      case K::RedundancyLost:
        hint.pattern =
          MYRIAD_TR_NOOP("EngineText", "raise the feed's rating or move racks to another feed");
        break;
      case K::RackOverCap:
        hint.pattern = MYRIAD_TR_NOOP(
          "EngineText", "move nodes to another rack or fit larger PDUs (raise powerCapW)");
        break;
      case K::UnknownFeed:
        hint.pattern =
          MYRIAD_TR_NOOP("EngineText", "name an existing feed or add the feed to the hall");
        break;
      case K::NoFeed:
      case K::SingleCorded:
        hint.pattern = MYRIAD_TR_NOOP("EngineText", "connect the rack to two feeds (A and B)");
        break;
    }
    out.push_back(
      finding(warning ? Severity::Warning : Severity::Error, v.objectId, {}, v.text, hint));
  }
  return out;
}

std::vector<Diagnostic> validateDesign(const Scene& scene, const Catalog& catalog,
                                       const DesignCheckOptions& options)
{
  std::vector<Diagnostic> out = validateScene(scene, catalog);
  // The power chain repeats some of the physical checks (over cap, unknown feed, feed over
  // rating): keep its findings only for objects the physical checks did not flag.
  std::set<std::string> flagged;
  for (const Diagnostic& d : out)
    flagged.insert(d.objectId);
  for (Diagnostic& d : powerDiagnostics(scene, catalog, options.utilisation))
    if (!flagged.count(d.objectId))
      out.push_back(std::move(d));
  for (Diagnostic& d : coolingDiagnostics(scene, catalog, options))
    out.push_back(std::move(d));
  for (Diagnostic& d : enclosureDiagnostics(scene, catalog))
    out.push_back(std::move(d));
  for (Diagnostic& d : waterSupplyDiagnostics(scene, catalog, options.liquidSupplyC))
    out.push_back(std::move(d));
  return out;
}

} // namespace myriad::engine
