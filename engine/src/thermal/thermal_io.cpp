/**
 * @file thermal_io.cpp
 * Thermal results as JSON (for the CLI and sweeps) and the fields as a VTK XML ImageData file
 * (.vti, ASCII, written by hand so the engine needs no VTK). Cell data: temperatureC (°C),
 * velocity (m/s, cell-centre average of face velocities), solid (1 = rack, cooler, panel).
 */

#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace myriad::engine::thermal
{

std::string thermalResultToJson(const ThermalResult& r)
{
  using nlohmann::json;
  json racks = json::array();
  for (const RackThermal& k : r.racks)
    racks.push_back({ { "id", k.id },
                      { "powerW", k.powerW },
                      { "airHeatW", k.airHeatW },
                      { "liquidHeatW", k.liquidHeatW },
                      { "rearDoorHeatW", k.rearDoorHeatW },
                      { "airflowM3s", k.airflowM3s },
                      { "airCooled", k.airCooled },
                      { "inletMeanC", k.inletMeanC },
                      { "inletMaxC", k.inletMaxC },
                      { "inletBottomC", k.inletBottomC },
                      { "inletMiddleC", k.inletMiddleC },
                      { "inletTopC", k.inletTopC },
                      { "exhaustC", k.exhaustC },
                      { "ashraeA1Recommended", k.withinRecommended },
                      { "ashraeA1Allowable", k.withinAllowable } });
  json coolers = json::array();
  for (const CoolerThermal& c : r.coolers)
    coolers.push_back({ { "id", c.id },
                        { "kind", toString(c.kind) },
                        { "capacityW", c.capacityW },
                        { "airflowM3s", c.airflowM3s },
                        { "supplyC", c.supplyC },
                        { "returnC", c.returnC },
                        { "loadW", c.loadW },
                        { "loadFraction", c.loadFraction() } });
  const ThermalGrid& g = r.problem.grid;
  const ThermalSolution& s = r.solution;
  json doc = { { "hall", r.hallId },
               { "utilisation", r.utilisation },
               { "grid",
                 { { "nx", g.nx },
                   { "ny", g.ny },
                   { "nz", g.nz },
                   { "cellM", g.cellM },
                   { "cells", g.cellCount() } } },
               { "solver",
                 { { "flowIterations", s.flowIterations },
                   { "flowResidual", s.flowResidual },
                   { "flowSeconds", s.flowSeconds },
                   { "temperatureIterations", s.temperatureIterations },
                   { "temperatureResidual", s.temperatureResidual },
                   { "temperatureSeconds", s.temperatureSeconds },
                   { "flowImbalanceM3s", s.flowImbalanceM3s } } },
               { "metrics",
                 { { "rciHiPercent", r.rciHi },
                   { "shi", r.shi },
                   { "rhi", r.rhi },
                   { "supplyMeanC", r.supplyMeanC },
                   { "racksAboveRecommended", r.racksAboveRecommended },
                   { "racksAboveAllowable", r.racksAboveAllowable },
                   { "rackAirflowM3s", r.rackAirflowM3s },
                   { "coolerAirflowM3s", r.coolerAirflowM3s },
                   { "supplyDemandRatio", r.supplyDemandRatio } } },
               { "energy",
                 { { "heatInW", r.heatInW },
                   { "heatToAirW", r.heatToAirW },
                   { "airHeatRemovedW", r.airHeatRemovedW },
                   { "rearDoorHeatW", r.rearDoorHeatW },
                   { "liquidHeatW", r.liquidHeatW },
                   { "heatRemovedW", r.heatRemovedW },
                   { "balanceError", r.energyBalanceError } } },
               { "warnings", r.warnings },
               { "racks", racks },
               { "coolers", coolers } };
  return doc.dump(2) + "\n";
}

void writeThermalVti(const ThermalResult& r, const std::string& path)
{
  const ThermalGrid& g = r.problem.grid;
  const ThermalSolution& s = r.solution;
  std::ostringstream out;
  out.precision(6);
  out << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\">\n"
      << "  <ImageData WholeExtent=\"0 " << g.nx << " 0 " << g.ny << " 0 " << g.nz << "\" Origin=\""
      << g.x0 << ' ' << g.y0 << ' ' << g.z0 << "\" Spacing=\"" << g.cellM << ' ' << g.cellM << ' '
      << g.cellM << "\">\n"
      << "    <Piece Extent=\"0 " << g.nx << " 0 " << g.ny << " 0 " << g.nz << "\">\n"
      << "      <CellData Scalars=\"temperatureC\" Vectors=\"velocity\">\n"
      << "        <DataArray type=\"Float32\" Name=\"temperatureC\" format=\"ascii\">\n";
  const int n = int(g.cellCount());
  for (int c = 0; c < n; ++c)
    out << float(s.temperatureC[c]) << ((c % 12 == 11) ? '\n' : ' ');
  out << "\n        </DataArray>\n"
      << "        <DataArray type=\"Float32\" Name=\"velocity\" NumberOfComponents=\"3\" "
         "format=\"ascii\">\n";
  const long stride[3] = { 1, g.nx, long(g.nx) * g.ny };
  const double area = g.cellM * g.cellM;
  for (int c = 0; c < n; ++c)
  {
    const int idx[3] = { c % g.nx, (c / g.nx) % g.ny, c / (g.nx * g.ny) };
    for (int axis = 0; axis < 3; ++axis)
    {
      const double plus = faceFlowM3s(r.problem, s, c, axis);
      const double minus =
        idx[axis] > 0 ? faceFlowM3s(r.problem, s, int(c - stride[axis]), axis) : 0.0;
      out << float(0.5 * (plus + minus) / area) << ' ';
    }
    if (c % 4 == 3)
      out << '\n';
  }
  out << "\n        </DataArray>\n"
      << "        <DataArray type=\"UInt8\" Name=\"solid\" format=\"ascii\">\n";
  for (int c = 0; c < n; ++c)
    out << int(g.solid[c]) << ((c % 40 == 39) ? '\n' : ' ');
  out << "\n        </DataArray>\n      </CellData>\n    </Piece>\n  </ImageData>\n</VTKFile>\n";
  writeFileAtomically(path, out.str());
}

} // namespace myriad::engine::thermal
