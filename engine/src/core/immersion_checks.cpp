/**
 * @file immersion_checks.cpp
 * Findings about enclosures, tanks and floors (validation.h, enclosureDiagnostics):
 * - floor load: a rack's or tank's filled weight over its footprint (immersion.h) above the
 *   hall's uniform rating (Hall::floorRatingKgM2 > 0) is an error;
 * - a rack cooled by immersion whose model is not a tank, or a tank not cooled by immersion, is
 *   an error (the heat path the models assume does not exist);
 * - servers built for air (fans) in a tank, or built for immersion (no fans) in an air or
 *   cold-plate rack: a warning per rack (server attribute "cooling");
 * - facility water supply above what a tank or CDU accepts (figure maxWaterSupplyC): an error
 *   at the evaluation context's cooling/liquidSupplyC (waterSupplyDiagnostics: the live loop's
 *   economics stage, which reads the context, runs it; the geometry stage the others).
 * A tank without a heat-exchanger path (immersion heat and no CDU in the hall) is the cooling
 * check's "no CDU capacity: the heat has nowhere to go" (design_checks.cpp).
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/immersion.h"
#include "myriad/engine/validation.h"

#include <cstdio>
#include <optional>
#include <set>

namespace myriad::engine
{

namespace
{

std::string number(const char* pattern, double value)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, value);
  return buffer;
}

/** "1,360" style, as findings quote masses and loads. */
std::string grouped(double value)
{
  std::string digits = number("%.0f", value);
  for (int i = static_cast<int>(digits.size()) - 3; i > (digits[0] == '-' ? 1 : 0); i -= 3)
    digits.insert(static_cast<std::size_t>(i), ",");
  return digits;
}

class EnclosureCheck
{
public:
  /** `liquidSupplyC` set: check the facility water only; unset: the enclosures only. */
  EnclosureCheck(const Catalog& catalog, std::optional<double> liquidSupplyC,
                 std::vector<Diagnostic>& out)
    : m_catalog(catalog)
    , m_supplyC(liquidSupplyC)
    , m_out(out)
  {
  }

  void hall(const Hall& hall, const std::string& path)
  {
    for (std::size_t r = 0; r < hall.rows.size(); ++r)
      for (std::size_t k = 0; k < hall.rows[r].racks.size(); ++k)
      {
        const Rack& rack = hall.rows[r].racks[k];
        if (m_supplyC)
        {
          if (rack.cooling == CoolingStyle::Immersion || rack.cooling == CoolingStyle::Liquid)
            waterSupply(rack.model, rack.id);
          continue;
        }
        const std::string rackPath =
          path + "/rows/" + std::to_string(r) + "/racks/" + std::to_string(k);
        floorLoad(hall, rack, rackPath);
        heatPath(rack, rackPath);
        serverFit(rack, rackPath);
      }
    if (m_supplyC)
      for (const CoolingUnit& unit : hall.coolers)
        if (unit.kind == CoolerKind::Cdu)
          waterSupply(unit.model, unit.id);
  }

private:
  void floorLoad(const Hall& hall, const Rack& rack, const std::string& path)
  {
    if (!(hall.floorRatingKgM2 > 0))
      return;
    const RackWeight w = rackWeight(rack, m_catalog);
    if (w.floorLoadKgM2() <= hall.floorRatingKgM2)
      return;
    m_out.push_back(
      { Severity::Error,
        rack.id,
        path + "/model",
        { MYRIAD_TR_NOOP("EngineText", "%1: %2 kg over %3 m² loads the floor with %4 kg/m², over "
                                       "the hall's rating of %5 kg/m² (floorRatingKgM2)"),
          { rack.id, grouped(w.totalKg()), number("%.2f", w.footprintM2),
            grouped(w.floorLoadKgM2()), grouped(hall.floorRatingKgM2) } },
        { MYRIAD_TR_NOOP("EngineText", "spread the load (a plinth or spreader plates), put less "
                                       "equipment in it, or build on a floor rated for it"),
          {} } });
  }

  void heatPath(const Rack& rack, const std::string& path)
  {
    const Part* part = m_catalog.find(rack.model);
    if (part == nullptr)
      return; // validateScene names unknown models
    const bool tank = isTankPart(*part);
    const bool immersed = rack.cooling == CoolingStyle::Immersion;
    if (tank == immersed)
      return;
    m_out.push_back(
      { Severity::Error,
        rack.id,
        path + "/cooling",
        { tank ? MYRIAD_TR_NOOP("EngineText", "%1: model %2 is an immersion tank but its cooling "
                                              "is \"%3\"")
               : MYRIAD_TR_NOOP("EngineText", "%1: cooling is \"%3\" but model %2 is not an "
                                              "immersion tank"),
          { rack.id, rack.model, toString(rack.cooling) } },
        { tank ? MYRIAD_TR_NOOP("EngineText", "set its cooling to immersion")
               : MYRIAD_TR_NOOP("EngineText", "choose a tank as its model, or air or liquid "
                                              "cooling"),
          {} } });
  }

  void serverFit(const Rack& rack, const std::string& path)
  {
    const bool immersed = rack.cooling == CoolingStyle::Immersion;
    for (const Node& node : rack.nodes)
    {
      const Part* server = m_catalog.find(node.model);
      if (server == nullptr)
        continue;
      const auto cooling = server->attributes.find("cooling");
      const bool forImmersion =
        cooling != server->attributes.end() && cooling->second == "immersion";
      if (forImmersion == immersed)
        continue;
      // One finding per rack: every node of a rack usually shares the model.
      m_out.push_back(
        { Severity::Warning,
          rack.id,
          path + "/nodes",
          { immersed ? MYRIAD_TR_NOOP("EngineText", "%1: server %2 is built for air (fans) and "
                                                    "sits in an immersion tank")
                     : MYRIAD_TR_NOOP("EngineText", "%1: server %2 is built for immersion (no "
                                                    "fans) and sits in a rack cooled by %3"),
            { rack.id, node.model, toString(rack.cooling) } },
          { immersed ? MYRIAD_TR_NOOP("EngineText", "use an immersion-ready model (fans removed, "
                                                    "firmware and materials qualified)")
                     : MYRIAD_TR_NOOP("EngineText", "put it in a tank or choose a model with "
                                                    "fans"),
            {} } });
      return;
    }
  }

  void waterSupply(const std::string& model, const std::string& id)
  {
    const Part* part = m_catalog.find(model);
    const double limit = part ? part->valueOr("maxWaterSupplyC", 0) : 0;
    if (!(limit > 0) || *m_supplyC <= limit || !m_reported.insert(model).second)
      return;
    m_out.push_back(
      { Severity::Error,
        id,
        "/evaluation/cooling/liquidSupplyC",
        { MYRIAD_TR_NOOP("EngineText", "%1: facility water at %2 °C is warmer than %3 accepts "
                                       "(at most %4 °C)"),
          { id, number("%.1f", *m_supplyC), model, number("%.1f", limit) } },
        { MYRIAD_TR_NOOP("EngineText", "lower cooling.liquidSupplyC in the evaluation context or "
                                       "choose parts rated for warmer water"),
          {} } });
  }

  const Catalog& m_catalog;
  std::optional<double> m_supplyC;
  std::vector<Diagnostic>& m_out;
  std::set<std::string> m_reported; ///< models already named for the water supply
};

} // namespace

namespace
{

std::vector<Diagnostic> run(const Scene& scene, const Catalog& catalog,
                            std::optional<double> liquidSupplyC)
{
  std::vector<Diagnostic> out;
  EnclosureCheck check(catalog, liquidSupplyC, out);
  for (std::size_t h = 0; h < scene.site.halls.size(); ++h)
    check.hall(scene.site.halls[h], "/site/halls/" + std::to_string(h));
  return out;
}

} // namespace

std::vector<Diagnostic> enclosureDiagnostics(const Scene& scene, const Catalog& catalog)
{
  return run(scene, catalog, std::nullopt);
}

std::vector<Diagnostic> waterSupplyDiagnostics(const Scene& scene, const Catalog& catalog,
                                               double liquidSupplyC)
{
  return run(scene, catalog, liquidSupplyC);
}

} // namespace myriad::engine
