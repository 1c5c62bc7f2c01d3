// myriad-cli thermal: airflow and temperature of each hall (potential flow + advection–diffusion),
// rack inlet table, RCI/SHI, cooler loads and the energy balance; JSON and .vti field export.
#include "backend_option.h"
#include "cmd_thermal_openfoam.h"
#include "command.h"
#include "scene_input.h"

#include "myriad/backend/factory.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/thermal/grid_rounding.h"
#include "myriad/engine/thermal/thermal_model.h"

#if MYRIAD_HAVE_SCENES
#include "myriad/scenes/thermal_view.h"
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
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
  // Ranked and classified by the auditor's points (bottom, middle, top of the intake).
  std::sort(racks.begin(), racks.end(),
            [](auto* a, auto* b) { return a->auditInletMaxC() > b->auditInletMaxC(); });
  std::printf("  hottest racks (inlet bottom / middle / top, mean, hottest cell, exhaust, °C; "
              "ASHRAE class from the three points ±0.05 K):\n");
  for (int i = 0; i < top && i < static_cast<int>(racks.size()); ++i)
    std::printf("    %-20s %6.1f %6.1f %6.1f  %6.1f %6.1f %6.1f  %s\n", racks[i]->id.c_str(),
                racks[i]->inletBottomC, racks[i]->inletMiddleC, racks[i]->inletTopC,
                racks[i]->inletMeanC, racks[i]->inletMaxC, racks[i]->exhaustC,
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

/** A --slice request: axis x, y or z and the plane's position (m). */
struct SliceRequest
{
  char axis = 'z';
  double positionM = 0;
  std::string output;
  int width = 1600, height = 1000;
};

/** Parse "--slice z=1.2" with its --slice-png/--width/--height (before any file is read). */
SliceRequest parseSlice(const Args& args)
{
  SliceRequest s;
  const std::string spec = args.value("--slice");
  const auto eq = spec.find('=');
  if (spec.size() < 3 || eq != 1 || (spec[0] != 'x' && spec[0] != 'y' && spec[0] != 'z'))
    throw UsageError("--slice expects AXIS=METRES with AXIS x, y or z (e.g. z=1.2), got \"" + spec +
                     "\"");
  s.axis = spec[0];
  const std::string number = spec.substr(2);
  char* end = nullptr;
  s.positionM = std::strtod(number.c_str(), &end);
  if (end == number.c_str() || *end != '\0' || !std::isfinite(s.positionM))
    throw UsageError("--slice " + spec + ": \"" + number + "\" is not a number of metres");
  s.width = static_cast<int>(args.integer("--width", 1600, 16, 8192));
  s.height = static_cast<int>(args.integer("--height", s.axis == 'z' ? 1000 : 600, 16, 8192));
  args.require("--slice-png", "FILE.png (where to draw the slice)");
  s.output = args.value("--slice-png");
  return s;
}

/** The slice plane must lie in every hall (z above the floor up to the ceiling, x across the
 *  width, y across the depth): a usage error naming the hall otherwise. */
void checkSliceInHalls(const SliceRequest& s, const Args& args, const engine::Scene& scene)
{
  for (const engine::Hall& hall : scene.site.halls)
  {
    const double extent =
      s.axis == 'x' ? hall.widthM : (s.axis == 'y' ? hall.depthM : hall.heightM);
    if (!(s.positionM >= 0 && s.positionM <= extent))
    {
      char range[64];
      std::snprintf(range, sizeof range, "%g", extent);
      throw UsageError("--slice " + args.value("--slice") + " is outside hall " + hall.id + ": " +
                       s.axis + " runs from 0 to " + range + " m there");
    }
  }
}

/** The thermal options and the slice request, checked before the scene is read. */
struct ThermalRequest
{
  th::ThermalOptions options;
  int top = 10;
  std::optional<SliceRequest> slice;
  OpenFoamCaseOptions openFoam;
};

ThermalRequest parseRequest(const Args& args)
{
  ThermalRequest request;
  request.options.cellM = args.number("--cell", request.options.cellM, 0.05, 2);
  request.options.solver.diffusivityM2s =
    args.number("--diffusivity", request.options.solver.diffusivityM2s, 0.001, 10);
  request.options.tileJetEntrainment =
    args.number("--entrainment", request.options.tileJetEntrainment, 0, 5);
  if (args.has("--utilisation"))
    (void)args.number("--utilisation", 1, 0, 1); // checked before the scene is read
  request.top = static_cast<int>(args.integer("--top", 10, 0, 1000000));
  if (args.has("--slice"))
    request.slice = parseSlice(args);
  else
    for (const char* option : { "--slice-png", "--width", "--height" })
      if (args.has(option))
        throw UsageError(std::string(option) +
                         " belongs to a slice image: give --slice AXIS=METRES with it");
  OpenFoamCaseOptions& foam = request.openFoam;
  foam.refine = static_cast<int>(args.integer("--openfoam-refine", foam.refine, 1, 4));
  foam.iterations =
    static_cast<int>(args.integer("--openfoam-iterations", foam.iterations, 1, 10000000));
  foam.scheme = args.choice("--openfoam-scheme", foam.scheme, { "upwind", "limitedLinear" });
  if (!args.has("--openfoam-case"))
    for (const char* option : { "--openfoam-refine", "--openfoam-iterations", "--openfoam-scheme" })
      if (args.has(option))
        throw UsageError(std::string(option) + " belongs to --openfoam-case DIR: give it too");
  return request;
}

/** Draw the requested slice of one hall's field to its PNG (name suffixed per hall). */
void writeSliceImage(const SliceRequest& request, const th::ThermalResult& r, int halls)
{
  std::string path = request.output;
  if (halls > 1)
    path.insert(path.rfind('.') == std::string::npos ? path.size() : path.rfind('.'),
                "-" + r.hallId);
#if MYRIAD_HAVE_SCENES
  scenes::ThermalSliceImageOptions options;
  options.axis = request.axis;
  options.positionM = request.positionM;
  options.width = request.width;
  options.height = request.height;
  std::string error;
  if (!scenes::renderThermalSliceToPng(r, options, path, &error))
    throw engine::Error("thermal --slice: " + error);
  std::printf("  slice %c = %.2f m drawn to %s (%dx%d)\n", request.axis, request.positionM,
              path.c_str(), request.width, request.height);
#else
  (void)r;
  throw engine::Error("thermal --slice: this build has no rendering (MYRIAD_BUILD_SCENES=OFF)");
#endif
}

/** --openfoam-case DIR: the hall's problem as an OpenFOAM case (DIR-HALL with several halls). */
void exportOpenFoam(const Args& args, const OpenFoamCaseOptions& options,
                    const th::ThermalResult& r, int halls)
{
  const std::string directory =
    args.value("--openfoam-case") + (halls > 1 ? "-" + r.hallId : std::string());
  const OpenFoamCaseSummary s = writeOpenFoamCase(r.problem, directory, options);
  std::printf("  OpenFOAM case written to %s: %s cells before solids, %d rack, %d supply, %d sink "
              "patches, heat %s, mass flow in %.3f / out %.3f kg/s\n",
              directory.c_str(), withCommas(s.cells).c_str(), s.rackPatches, s.supplyPatches,
              s.sinkPatches, formatPower(s.heatW).c_str(), s.inflowKgS, s.outflowKgS);
}

int runThermal(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { "--cell", "--diffusivity", "--entrainment", kOut, "--vtk", "--top",
                               "--utilisation|--power-fraction", "--backend", "--slice",
                               "--slice-png", "--width", "--height", "--openfoam-case",
                               "--openfoam-refine", "--openfoam-iterations", "--openfoam-scheme" });
  if (args.positional().size() != 1)
    throw UsageError("thermal: expected exactly one scene FILE");
  ThermalRequest request = parseRequest(args);
  const backend::Solvers solvers = solversFromArgs(args, "thermal");
  const engine::Scene scene = loadSceneArgument(args.positional().front());
  if (request.slice)
    checkSliceInHalls(*request.slice, args, scene);
  // The document's evaluation context, unless the command line overrides its load level.
  const bool overridden = args.has("--utilisation");
  request.options.utilisation = overridden ? args.number("--utilisation", 1, 0, 1)
                                           : engine::economics::documentInputs(scene).utilisation;
  std::printf("Evaluated at %.0f %% utilisation (%s)\n", request.options.utilisation * 100,
              overridden ? "--utilisation" : "the document's evaluation context");
  int given = 0, racks = 0;
  for (const engine::Hall& hall : scene.site.halls)
  {
    given += engine::racksWithGivenPower(hall);
    for (const engine::Row& row : hall.rows)
      racks += static_cast<int>(row.racks.size());
  }
  if (given > 0) // what the heat is: a given figure is used as given, not scaled
    std::printf("%d of %d racks have a given power (measured, budget or nameplate), used as given "
                "at any utilisation\n",
                given, racks);
  const auto& catalog = engine::Catalog::builtin();
  const auto& solver = solvers.thermal;
  std::string json = "[\n";
  const int halls = static_cast<int>(scene.site.halls.size());
  bool balanced = true;
  for (int h = 0; h < halls; ++h)
  {
    const th::ThermalResult r = th::analyzeHall(scene, h, catalog, request.options, solver.get());
    const engine::SolverRun ran = solver->lastRun(); // what solved this hall
    std::printf("backend: %s\n", describeRun(ran).c_str());
    printHall(r, request.top);
    const th::GridRounding rounding = th::gridRounding(scene.site.halls[h], r.problem.grid);
    if (rounding.rounded())
    {
      std::printf("  note: the grid has whole cells of %.2f m, so the hall is solved as %s\n",
                  rounding.cellM, rounding.describe().c_str());
    }
    balanced = balanced && r.energyBalanceError <= 0.01;
    std::string hallJson = th::thermalResultToJson(r);
    hallJson.insert(hallJson.find('{') + 1, backendJsonField(ran));
    json += hallJson + (h + 1 < halls ? "," : "");
    if (args.has("--vtk"))
    {
      std::string path = args.value("--vtk");
      if (halls > 1)
        path.insert(path.rfind('.') == std::string::npos ? path.size() : path.rfind('.'),
                    "-" + r.hallId);
      th::writeThermalVti(r, path);
      std::printf("  field written to %s\n", path.c_str());
    }
    if (request.slice)
      writeSliceImage(*request.slice, r, halls);
    if (args.has("--openfoam-case"))
      exportOpenFoam(args, request.openFoam, r, halls);
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
    "usage: myriad-cli thermal FILE [--cell 0.25] [--diffusivity K] [--entrainment C]\n"
    "                          [-o result.json] [--vtk field.vti] [--top 10]\n"
    "                          [--utilisation U] [--backend cpu|cuda|auto]\n"
    "                          [--slice AXIS=M --slice-png slice.png [--width 1600]\n"
    "                           [--height 1000]]\n"
    "                          [--openfoam-case DIR [--openfoam-refine N]\n"
    "                           [--openfoam-iterations N] [--openfoam-scheme S]]\n"
    "  FILE              a scene file, or builtin:NAME for a built-in sample\n"
    "  --cell M          grid cell edge in metres, 0.05 to 2 (default 0.25)\n"
    "  --diffusivity K   effective turbulent diffusivity in m²/s, 0.001 to 10 (default: the\n"
    "                    model's, docs/models/thermal.md; for calibration studies)\n"
    "  --entrainment C   placed-tile jet entrainment, 0 to 5 times Ricou & Spalding's\n"
    "                    coefficient, the jets slowed by the racks' suction (default 2.4,\n"
    "                    tuned on two CFD cases; 0 turns it off; docs/models/thermal-cfd.md)\n"
    "  -o, --out FILE    write the results as a JSON array (one entry per hall)\n"
    "  --vtk FILE        write temperature/velocity fields as VTK ImageData (.vti)\n"
    "  --top N           how many of the hottest racks to print (default 10)\n"
    "  --utilisation U   IT load 0 to 1, each part at P_idle + U (P_max - P_idle) (default:\n"
    "                    the scene's evaluation context, 0.8 unless it sets another;\n"
    "                    --power-fraction is the old name)\n"
    "  --backend B       cpu (the reference: multigrid CG + ILU BiCGSTAB), cuda (Jacobi CG +\n"
    "                    BiCGSTAB on the GPU; fails without one) or auto (default: cuda when\n"
    "                    a device is present); a grid the GPU cannot take runs on the CPU.\n"
    "                    \"backend:\" says what solved each hall and why\n"
    "  --slice AXIS=M    draw a temperature slice to the PNG named by --slice-png: z=H a\n"
    "                    horizontal plane H m above the floor, x=X or y=Y a vertical plane at "
    "that\n"
    "                    coordinate; °C legend, solid outlines, title (needs an X display:\n"
    "                    run under xvfb-run on a headless machine)\n"
    "  --slice-png FILE  the slice image (one per hall, suffixed -HALL, with several halls)\n"
    "  --width/--height  slice image size in pixels, 16 to 8192 (default 1600 × 1000, vertical\n"
    "                    1600 × 600)\n"
    "  --openfoam-case DIR  also write the hall as an OpenFOAM buoyantSimpleFoam case (same\n"
    "                    grid, ports, flows and heat; bench/openfoam/run.sh runs it)\n"
    "  --openfoam-refine N   OpenFOAM cells per model cell edge (1–4, default 1)\n"
    "  --openfoam-iterations N  buoyantSimpleFoam iterations (default 1500)\n"
    "  --openfoam-scheme S   convection of U and h: upwind (default) or limitedLinear\n"
    "exit status 3 when a hall's energy balance misses 1 %",
    &runThermal });

} // namespace myriad::cli
