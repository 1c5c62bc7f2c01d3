/**
 * @file thermal_results.cpp
 * From a solved field to engineering results: rack inlet (mean and max over the intake cells)
 * and exhaust temperatures, ASHRAE A1 envelope checks (recommended 18–27 °C, allowable
 * 15–32 °C; ASHRAE TC 9.9 Thermal Guidelines, 2021), RCI_HI (Herrlin, "Rack Cooling
 * Effectiveness in Data Centers", ASHRAE Trans. 2005), SHI/RHI (Sharma, Bash, Patel, AIAA
 * 2002-3091), cooler loads and the energy balance
 *   heat in = Σ rack power;  heat removed = ρ·c_p·(Σ_sinks Q·T − Σ_supplies Q·T) + rear doors
 *   + liquid (to CDUs). The air part holds exactly for the discrete upwind equations, so the
 *   balance error measures solver convergence and any flow imbalance.
 * References: docs/references.md#ashrae-tc99, #herrlin2005, #sharma2002.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/thermal/thermal_checks.h"
#include "myriad/engine/thermal/thermal_model.h"

#include "thermal/thermal_inputs.h"
#include "thermal/thermal_ports.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

namespace myriad::engine::thermal
{

namespace
{

constexpr double kRecMaxC = kAshraeRecommendedMaxC, kAllMaxC = kAshraeAllowableMaxC;

double meanOver(const std::vector<double>& t, const std::vector<std::int32_t>& cells)
{
  double s = 0;
  for (auto c : cells)
    s += t[c];
  return cells.empty() ? 0 : s / double(cells.size());
}

/**
 * Inlet at the bottom, middle and top of a rack's intake face, as an auditor's sensors read it
 * (ASHRAE TC 9.9: bottom, middle and top of the rack front): the mean across the rack's width of
 * the lowest intake cell layer, the layer nearest the face's mid-height and the highest layer.
 */
void inletPoints(const ThermalGrid& g, const std::vector<double>& t,
                 const std::vector<std::int32_t>& cells, RackThermal& out)
{
  const std::int64_t layer = std::int64_t(g.nx) * g.ny;
  std::int64_t kLow = INT64_MAX, kHigh = -1;
  for (auto c : cells)
  {
    kLow = std::min<std::int64_t>(kLow, c / layer);
    kHigh = std::max<std::int64_t>(kHigh, c / layer);
  }
  auto layerMean = [&](std::int64_t k)
  {
    double sum = 0;
    int n = 0;
    std::int64_t best = -1;
    for (auto c : cells) // the populated layer nearest k (a layer may be blocked)
      if (best < 0 || std::llabs(c / layer - k) < std::llabs(best - k))
        best = c / layer;
    for (auto c : cells)
      if (c / layer == best)
        sum += t[c], ++n;
    return n > 0 ? sum / n : 0.0;
  };
  out.inletBottomC = layerMean(kLow);
  out.inletMiddleC = layerMean((kLow + kHigh + 1) / 2);
  out.inletTopC = layerMean(kHigh);
}

void rackResults(const Hall& hall, const Catalog& catalog, const ThermalOptions& options,
                 ThermalResult& res)
{
  std::map<std::string, const AirRack*> air;
  for (const AirRack& r : res.problem.racks)
    air[r.id] = &r;
  const auto& t = res.solution.temperatureC;
  for (const Row& row : hall.rows)
    for (const Rack& rack : row.racks)
    {
      const detail::RackHeat heat = detail::rackHeat(rack, hall, catalog, options);
      RackThermal out;
      out.id = rack.id;
      out.powerW = heat.powerW;
      out.liquidHeatW = heat.liquidW;
      out.rearDoorHeatW = heat.rearDoorW;
      out.airHeatW = heat.airW - heat.rearDoorW;
      out.airflowM3s = heat.airflowM3s;
      auto it = air.find(rack.id);
      // A tank's fluid surface warms the air (its AirRack carries that heat) but it has no air
      // intake to classify: ASHRAE's inlet classes are for air-cooled equipment.
      out.airCooled = it != air.end() && rack.cooling != CoolingStyle::Immersion;
      if (out.airCooled)
      {
        const AirRack& a = *it->second;
        out.inletMeanC = meanOver(t, a.intakeCells);
        out.inletMaxC = out.inletMeanC;
        for (auto c : a.intakeCells)
          out.inletMaxC = std::max(out.inletMaxC, t[c]);
        double inletMin = out.inletMeanC;
        for (auto c : a.intakeCells)
          inletMin = std::min(inletMin, t[c]);
        out.exhaustC = out.inletMeanC + a.heatRiseK;
        out.inletMinC = inletMin;
        inletPoints(res.problem.grid, t, a.intakeCells, out);
        // ASHRAE classification on the three sensor points (grid-robust, unlike the hottest
        // cell), with the tolerance of thermal_checks.h; the counts use the same figures.
        const double low = std::min({ out.inletBottomC, out.inletMiddleC, out.inletTopC });
        const double high = out.auditInletMaxC();
        const InletClass inletClass = classifyInlet(low, high);
        out.withinRecommended = inletClass == InletClass::Recommended;
        out.withinAllowable = inletClass != InletClass::Outside;
        res.racksAboveRecommended += high > kRecMaxC + kAshraeToleranceK;
        res.racksAboveAllowable += high > kAllMaxC + kAshraeToleranceK;
      }
      res.heatInW += heat.powerW;
      res.heatToAirW += out.airHeatW;
      res.liquidHeatW += heat.liquidW;
      res.rearDoorHeatW += heat.rearDoorW;
      res.rackAirflowM3s += heat.airflowM3s;
      res.racks.push_back(out);
    }
}

void coolerResults(const Hall& hall, const Catalog& catalog, ThermalResult& res)
{
  const auto& t = res.solution.temperatureC;
  // Ducted hot-aisle returns and ceiling grilles mix in one plenum shared by the CRAHs in
  // proportion to their flow.
  double ductQ = 0, ductQT = 0, crahQ = 0, cduCapacity = 0;
  std::map<std::string, const AirSink*> sinks;
  for (const AirSink& s : res.problem.sinks)
  {
    if (detail::isCeilingPlenumSink(s))
    {
      ductQ += s.flowM3s;
      ductQT += s.flowM3s * meanOver(t, s.cells);
    }
    else
      sinks[s.id] = &s;
  }
  for (const CoolingUnit& u : hall.coolers)
  {
    if (u.kind == CoolerKind::Crah)
      crahQ += detail::coolerAirflowM3s(u, catalog);
    if (u.kind == CoolerKind::Cdu)
      cduCapacity += detail::coolerCapacityW(u, catalog);
  }
  const double plenumC = ductQ > 0 ? ductQT / ductQ : 0;
  for (const CoolingUnit& u : hall.coolers)
  {
    CoolerThermal out;
    out.id = u.id;
    out.kind = u.kind;
    out.capacityW = detail::coolerCapacityW(u, catalog);
    out.airflowM3s = detail::coolerAirflowM3s(u, catalog);
    out.supplyC = u.supplySetpointC;
    if (out.airflowM3s > 0)
    {
      auto it = sinks.find(u.id);
      const double roomQ = it != sinks.end() ? it->second->flowM3s : 0;
      const double roomC = it != sinks.end() ? meanOver(t, it->second->cells) : 0;
      const double duct =
        u.kind == CoolerKind::Crah && crahQ > 0 ? ductQ * out.airflowM3s / crahQ : 0;
      const double q = roomQ + duct;
      out.returnC = q > 0 ? (roomQ * roomC + duct * plenumC) / q : u.supplySetpointC;
      out.loadW = kAirRhoCp * out.airflowM3s * (out.returnC - out.supplyC);
    }
    else if (u.kind == CoolerKind::RearDoor)
    {
      // Several doors on one rack share its removed heat in proportion to their capacity.
      double doorsW = 0;
      for (const CoolingUnit& other : hall.coolers)
        if (other.kind == CoolerKind::RearDoor && other.rackId == u.rackId)
          doorsW += detail::coolerCapacityW(other, catalog);
      for (const RackThermal& r : res.racks)
        if (r.id == u.rackId)
          out.loadW = r.rearDoorHeatW * out.capacityW / doorsW;
    }
    else if (u.kind == CoolerKind::Cdu && cduCapacity > 0)
      out.loadW = res.liquidHeatW * out.capacityW / cduCapacity;
    if (u.kind == CoolerKind::Crah || u.kind == CoolerKind::InRow)
      res.coolerAirflowM3s += out.airflowM3s;
    res.coolers.push_back(out);
  }
  if (res.liquidHeatW > 0 && cduCapacity <= 0)
    res.warnings.push_back("hall has " + std::to_string(res.liquidHeatW) +
                           " W of liquid heat but no CDU: it is not removed");
}

void indices(ThermalResult& res)
{
  double q = 0, qt = 0;
  for (const AirSupply& s : res.problem.supplies)
  {
    q += s.flowM3s;
    qt += s.flowM3s * s.temperatureC;
  }
  res.supplyMeanC = q > 0 ? qt / q : 0;
  // RCI_HI counts every intake cell as one intake sensor (Herrlin's n intakes).
  double over = 0, num = 0, den = 0;
  long n = 0;
  std::set<std::string> noIntake; // tanks: their surface heat moves air, but no intake
  for (const RackThermal& r : res.racks)
    if (!r.airCooled)
      noIntake.insert(r.id);
  for (const AirRack& a : res.problem.racks)
  {
    if (a.id.rfind("leak:", 0) == 0 || noIntake.count(a.id))
      continue;
    for (auto c : a.intakeCells)
      over += std::max(0.0, res.solution.temperatureC[c] - kRecMaxC);
    n += long(a.intakeCells.size());
  }
  for (const RackThermal& r : res.racks)
  {
    if (!r.airCooled)
      continue;
    num += r.airflowM3s * (r.inletMeanC - res.supplyMeanC);
    den += r.airflowM3s * (r.exhaustC - res.supplyMeanC);
  }
  res.rciHi = n > 0 ? (1.0 - over / (double(n) * (kAllMaxC - kRecMaxC))) * 100.0 : 100.0;
  res.shi = den > 0 ? num / den : 0;
  res.rhi = 1.0 - res.shi;
  res.supplyDemandRatio = res.rackAirflowM3s > 0 ? res.coolerAirflowM3s / res.rackAirflowM3s : 0;
}

void energyBalance(ThermalResult& res)
{
  const auto& t = res.solution.temperatureC;
  double w = 0;
  for (const AirSink& s : res.problem.sinks)
    w += s.flowM3s * meanOver(t, s.cells);
  for (const AirSupply& s : res.problem.supplies)
    w -= s.flowM3s * s.temperatureC;
  res.airHeatRemovedW = kAirRhoCp * w;
  double cdu = 0;
  for (const CoolerThermal& c : res.coolers)
    if (c.kind == CoolerKind::Cdu)
      cdu += c.loadW;
  res.heatRemovedW = res.airHeatRemovedW + res.rearDoorHeatW + cdu;
  res.energyBalanceError =
    res.heatInW > 0 ? std::abs(res.heatInW - res.heatRemovedW) / res.heatInW : 0;
}

} // namespace

ThermalResult analyzeHall(const Scene& scene, int hallIndex, const Catalog& catalog,
                          const ThermalOptions& options, ThermalSolver* solver,
                          const ThermalSolution* warm)
{
  if (hallIndex < 0 || hallIndex >= int(scene.site.halls.size()))
    throw Error("thermal: hall index " + std::to_string(hallIndex) + " out of range (scene has " +
                std::to_string(scene.site.halls.size()) + " halls)");
  const Hall& hall = scene.site.halls[hallIndex];
  const SolverSettings& cancel = options.solver;
  cancel.throwIfCancelled();
  ThermalResult res;
  res.hallId = hall.id;
  res.utilisation = options.utilisation;
  res.problem = buildThermalProblem(hall, catalog, options, &res.warnings);
  cancel.throwIfCancelled();
  std::unique_ptr<ThermalSolver> own;
  if (!solver)
  {
    own = makeCpuThermalSolver();
    solver = own.get();
  }
  const bool sameGrid = warm && warm->temperatureC.size() == res.problem.grid.cellCount();
  res.solution = solver->solve(res.problem, sameGrid ? warm : nullptr);
  res.solvedBy = solver->lastRun();
  cancel.throwIfCancelled();
  // The result outlives the solve: it must not keep a hook that may point into the caller.
  res.problem.settings.cancelRequested = nullptr;
  if (res.solution.flowImbalanceM3s > 0)
    res.warnings.push_back(
      "unbalanced air regions: " + std::to_string(res.solution.flowImbalanceM3s) +
      " m³/s of net source removed to solve the flow");
  rackResults(hall, catalog, options, res);
  coolerResults(hall, catalog, res);
  indices(res);
  energyBalance(res);
  return res;
}

} // namespace myriad::engine::thermal
