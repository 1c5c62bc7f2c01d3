// myriad-cli thermal: airflow and temperature of each hall (potential flow + advection–diffusion),
// rack inlet table, RCI/SHI, cooler loads and the energy balance; JSON and .vti field export.
#include "command.h"
#include "scene_input.h"

#include "myriad/backend/thermal_backend.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace th = engine::thermal;

void printHall(const th::ThermalResult& r, int top)
{
  const auto& g = r.problem.grid;
  const auto& s = r.solution;
  std::printf("hall %s: grid %d × %d × %d = %s cells of %.2f m\n", r.hallId.c_str(), g.nx, g.ny,
              g.nz, withCommas(static_cast<long long>(g.cellCount())).c_str(), g.cellM);
  std::printf("  solver: flow %d CG iterations (%.2f s), temperature %d BiCGSTAB iterations "
              "(%.2f s)\n",
              s.flowIterations, s.flowSeconds, s.temperatureIterations, s.temperatureSeconds);
  std::vector<const th::RackThermal*> racks;
  for (const auto& k : r.racks)
    if (k.airCooled)
      racks.push_back(&k);
  std::sort(racks.begin(), racks.end(),
            [](auto* a, auto* b) { return a->inletMaxC > b->inletMaxC; });
  std::printf("  hottest racks (inlet mean / max / exhaust, °C):\n");
  for (int i = 0; i < top && i < static_cast<int>(racks.size()); ++i)
    std::printf("    %-20s %6.1f %6.1f %6.1f  %s\n", racks[i]->id.c_str(), racks[i]->inletMeanC,
                racks[i]->inletMaxC, racks[i]->exhaustC,
                racks[i]->withinRecommended ? "A1 recommended"
                : racks[i]->withinAllowable ? "A1 allowable only"
                                            : "OUTSIDE A1 allowable");
  std::printf("  RCI_HI %.1f %% | SHI %.3f | RHI %.3f | supply %.1f °C | racks above 27 °C: %d, "
              "above 32 °C: %d\n",
              r.rciHi, r.shi, r.rhi, r.supplyMeanC, r.racksAboveRecommended, r.racksAboveAllowable);
  std::printf("  airflow: racks %.1f m³/s, coolers %.1f m³/s (ratio %.2f: %s)\n", r.rackAirflowM3s,
              r.coolerAirflowM3s, r.supplyDemandRatio,
              r.supplyDemandRatio >= 1 ? "bypass" : "racks recirculate exhaust");
  std::printf("  coolers:\n");
  for (const auto& c : r.coolers)
    std::printf("    %-20s %-8s load %s of %s (%.0f %%), return %.1f °C\n", c.id.c_str(),
                engine::toString(c.kind), formatPower(c.loadW).c_str(),
                formatPower(c.capacityW).c_str(), 100 * c.loadFraction(), c.returnC);
  std::printf("  energy: in %s, removed %s (air %s, rear doors %s, liquid %s), error %.3f %%\n",
              formatPower(r.heatInW).c_str(), formatPower(r.heatRemovedW).c_str(),
              formatPower(r.airHeatRemovedW).c_str(), formatPower(r.rearDoorHeatW).c_str(),
              formatPower(r.liquidHeatW).c_str(), 100 * r.energyBalanceError);
  for (const auto& w : r.warnings)
    std::printf("  warning: %s\n", w.c_str());
}

int runThermal(const std::vector<std::string>& arguments)
{
  const Args args(arguments,
                  { "--cell", "--out", "--vtk", "--top", "--power-fraction", "--backend" });
  if (args.positional().size() != 1)
    throw UsageError("thermal: expected exactly one scene FILE");
  th::ThermalOptions options;
  options.cellM = args.number("--cell", options.cellM);
  options.powerFraction = args.number("--power-fraction", options.powerFraction);
  const int top = static_cast<int>(args.number("--top", 10));
  const engine::Scene scene = loadSceneArgument(args.positional().front());
  const auto& catalog = engine::Catalog::builtin();
  backend::BackendChoice choice;
  const auto solver =
    backend::makeThermalSolver(backend::backendFromString(args.value("--backend", "cpu")), &choice);
  std::printf("backend: %s (%s)\n", solver->name().c_str(), choice.reason.c_str());
  std::string json = "[\n";
  const int halls = static_cast<int>(scene.site.halls.size());
  bool balanced = true;
  for (int h = 0; h < halls; ++h)
  {
    const th::ThermalResult r = th::analyzeHall(scene, h, catalog, options, solver.get());
    printHall(r, top);
    balanced = balanced && r.energyBalanceError <= 0.01;
    json += th::thermalResultToJson(r) + (h + 1 < halls ? "," : "");
    if (args.has("--vtk"))
    {
      std::string path = args.value("--vtk");
      if (halls > 1)
        path.insert(path.rfind('.') == std::string::npos ? path.size() : path.rfind('.'),
                    "-" + r.hallId);
      th::writeThermalVti(r, path);
      std::printf("  field written to %s\n", path.c_str());
    }
  }
  json += "]\n";
  if (args.has("--out"))
    engine::writeFileAtomically(args.value("--out"), json);
  return balanced ? 0 : 3;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "thermal",
    "airflow and temperature of each hall: rack inlets, RCI/SHI, cooler "
    "loads, energy balance",
    "usage: myriad-cli thermal FILE [--cell 0.25] [--out result.json] "
    "[--vtk field.vti] [--top 10] [--power-fraction 1] [--backend cpu]\n"
    "  FILE              a scene file, or builtin:NAME for a built-in sample\n"
    "  --cell M          grid cell edge in metres (default 0.25)\n"
    "  --out FILE        write the results as a JSON array (one entry per hall)\n"
    "  --vtk FILE        write temperature/velocity fields as VTK ImageData (.vti)\n"
    "  --top N           how many of the hottest racks to print (default 10)\n"
    "  --power-fraction  share of catalog maximum power drawn (default 1)\n"
    "  --backend B       cpu (default, the reference: multigrid CG + ILU BiCGSTAB),\n"
    "                    cuda (Jacobi CG + BiCGSTAB on the GPU; fails without one) or auto\n"
    "exit status 3 when a hall's energy balance misses 1 %",
    &runThermal });

} // namespace myriad::cli
