// myriad-cli thermal --openfoam-case: write the hall's thermal problem as an OpenFOAM case
// (mesh from the engine grid, one patch per air port, rack heat as an exhaust boundary condition).
#include "cmd_thermal_openfoam.h"

#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <tuple>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace th = engine::thermal;

constexpr double kKelvin = 273.15;
constexpr double kPressurePa = 101325.0;

/** An axis-aligned box in world coordinates (m). */
struct WorldBox
{
  std::array<double, 3> lo{}, hi{};
};

enum class PortKind
{
  Supply,
  RackIntake,
  RackExhaust,
  FlowSink,
  PressureSink
};

const char* kindName(PortKind kind)
{
  switch (kind)
  {
    case PortKind::Supply:
      return "supply";
    case PortKind::RackIntake:
      return "rack-intake";
    case PortKind::RackExhaust:
      return "rack-exhaust";
    case PortKind::FlowSink:
      return "sink";
    case PortKind::PressureSink:
      return "pressure-sink";
  }
  return "?";
}

/** One OpenFOAM patch made from an engine port (a list of air cells). */
struct Port
{
  std::string patch;
  PortKind kind = PortKind::Supply;
  std::string objectId;
  double flowM3s = 0;
  double temperatureC = 20; ///< supplies: injected air
  double heatW = 0;         ///< rack exhausts: heat added to the air
  std::string intakePatch;  ///< rack exhausts: the intake whose mean they heat
  std::vector<WorldBox> faces;
  int cells = 0;
};

std::string num(double v)
{
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

std::string vec(const std::array<double, 3>& v)
{
  return "(" + num(v[0]) + " " + num(v[1]) + " " + num(v[2]) + ")";
}

std::string header(const std::string& cls, const std::string& object)
{
  return "FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       " + cls +
         ";\n    object      " + object +
         ";\n}\n// Written by myriad-cli thermal --openfoam-case; edit the scene, not this "
         "file.\n\n";
}

/** Geometry helpers on the engine grid. */
class GridGeometry
{
public:
  explicit GridGeometry(const th::ThermalGrid& grid)
    : m_g(grid)
  {
  }

  std::array<int, 3> ijk(int cell) const
  {
    return { cell % m_g.nx, (cell / m_g.nx) % m_g.ny, cell / (m_g.nx * m_g.ny) };
  }
  double lower(int axis, int index) const { return origin(axis) + index * m_g.cellM; }
  double origin(int axis) const { return axis == 0 ? m_g.x0 : axis == 1 ? m_g.y0 : m_g.z0; }
  int size(int axis) const { return axis == 0 ? m_g.nx : axis == 1 ? m_g.ny : m_g.nz; }

  /** Whether the neighbour of `cell` across direction `d` (axis d/2, sign − for even d) is solid
   *  or outside the grid, i.e. the face is a wall of the air region. */
  bool faceIsBoundary(int cell, int d) const
  {
    std::array<int, 3> n = ijk(cell);
    n[d / 2] += d % 2 == 0 ? -1 : 1;
    if (n[d / 2] < 0 || n[d / 2] >= size(d / 2))
      return true;
    return m_g.solid[m_g.index(n[0], n[1], n[2])] != 0;
  }

  /**
   * Thin boxes around the faces through which the port `cells` exchange air: the direction in
   * which most of its cells touch a solid or the boundary (a rack's front, the floor under a
   * tile, a cooler's top), runs of neighbouring cells merged. `dropped` counts cells without such
   * a face.
   */
  std::vector<WorldBox> portFaces(const std::vector<std::int32_t>& cells, int refine,
                                  int& dropped) const
  {
    // Preference on ties: rack fronts and backs (±y), then floor/ceiling, then ±x.
    static constexpr std::array<int, 6> order{ 2, 3, 4, 5, 0, 1 };
    int best = order[0], bestCount = -1;
    for (int d : order)
    {
      const int count = int(std::count_if(cells.begin(), cells.end(),
                                          [&](std::int32_t c) { return faceIsBoundary(c, d); }));
      if (count > bestCount)
        best = d, bestCount = count;
    }
    const int a = best / 2, b = a == 0 ? 1 : 0, c = a == 2 ? 1 : 2;
    std::vector<std::array<int, 3>> keys; // (c index, b index, plane index) per face
    for (std::int32_t cell : cells)
      if (faceIsBoundary(cell, best))
      {
        const auto p = ijk(cell);
        keys.push_back({ p[c], p[b], p[a] });
      }
    dropped = int(cells.size() - keys.size());
    std::sort(keys.begin(), keys.end(),
              [](const auto& x, const auto& y)
              { return std::tie(x[2], x[0], x[1]) < std::tie(y[2], y[0], y[1]); });
    const double h = m_g.cellM, half = h / (4.0 * refine);
    std::vector<WorldBox> boxes;
    for (std::size_t n = 0; n < keys.size();)
    {
      std::size_t end = n + 1;
      while (end < keys.size() && keys[end][2] == keys[n][2] && keys[end][0] == keys[n][0] &&
             keys[end][1] == keys[end - 1][1] + 1)
        ++end;
      WorldBox box;
      const double plane = lower(a, keys[n][2] + (best % 2 == 0 ? 0 : 1));
      box.lo[a] = plane - half, box.hi[a] = plane + half;
      box.lo[b] = lower(b, keys[n][1]), box.hi[b] = lower(b, keys[end - 1][1] + 1);
      box.lo[c] = lower(c, keys[n][0]), box.hi[c] = lower(c, keys[n][0] + 1);
      boxes.push_back(box);
      n = end;
    }
    return boxes;
  }

  /** The solid cells as boxes: runs along x, merged over consecutive y when equal. */
  std::vector<WorldBox> solidBoxes() const
  {
    std::vector<WorldBox> boxes;
    for (int k = 0; k < m_g.nz; ++k)
    {
      std::map<std::pair<int, int>, std::size_t> open; // (i0, i1) → box growing along y
      for (int j = 0; j < m_g.ny; ++j)
      {
        std::map<std::pair<int, int>, std::size_t> next;
        for (int i = 0; i < m_g.nx;)
        {
          if (!m_g.solid[m_g.index(i, j, k)])
          {
            ++i;
            continue;
          }
          int i1 = i;
          while (i1 + 1 < m_g.nx && m_g.solid[m_g.index(i1 + 1, j, k)])
            ++i1;
          const auto key = std::make_pair(i, i1);
          const auto it = open.find(key);
          if (it != open.end())
          {
            boxes[it->second].hi[1] = lower(1, j + 1);
            next[key] = it->second;
          }
          else
          {
            boxes.push_back({ { lower(0, i), lower(1, j), lower(2, k) },
                              { lower(0, i1 + 1), lower(1, j + 1), lower(2, k + 1) } });
            next[key] = boxes.size() - 1;
          }
          i = i1 + 1;
        }
        open = std::move(next);
      }
    }
    return boxes;
  }

private:
  const th::ThermalGrid& m_g;
};

std::string boxList(const std::vector<WorldBox>& boxes)
{
  std::string s = "        boxes\n        (\n";
  for (const WorldBox& b : boxes)
    s += "            " + vec(b.lo) + " " + vec(b.hi) + "\n";
  return s + "        );\n";
}

Port makePort(std::string patch, PortKind kind, std::string objectId, double flowM3s,
              double temperatureC = 20)
{
  Port port;
  port.patch = std::move(patch);
  port.kind = kind;
  port.objectId = std::move(objectId);
  port.flowM3s = flowM3s;
  port.temperatureC = temperatureC;
  return port;
}

/** Turn the engine's supplies, sinks and racks into patches; the largest sink holds pressure. */
std::vector<Port> makePorts(const th::ThermalProblem& p, const GridGeometry& geo, int refine,
                            OpenFoamCaseSummary& summary)
{
  std::vector<Port> ports;
  auto add = [&](Port port, const std::vector<std::int32_t>& cells)
  {
    int dropped = 0;
    port.faces = geo.portFaces(cells, refine, dropped);
    port.cells = int(cells.size()) - dropped;
    summary.droppedPortCells += dropped;
    if (port.faces.empty())
      throw engine::Error("OpenFOAM export: port " + port.objectId + " (" + kindName(port.kind) +
                          ") has no face on a solid or the floor");
    ports.push_back(std::move(port));
  };
  for (std::size_t n = 0; n < p.supplies.size(); ++n)
  {
    const th::AirSupply& s = p.supplies[n];
    add(makePort("supply" + std::to_string(n), PortKind::Supply, s.id, s.flowM3s, s.temperatureC),
        s.cells);
  }
  std::size_t largest = 0;
  for (std::size_t n = 1; n < p.sinks.size(); ++n)
    if (p.sinks[n].flowM3s > p.sinks[largest].flowM3s)
      largest = n;
  for (std::size_t n = 0; n < p.sinks.size(); ++n)
  {
    const th::AirSink& s = p.sinks[n];
    add(makePort("sink" + std::to_string(n),
                 n == largest ? PortKind::PressureSink : PortKind::FlowSink, s.id, s.flowM3s),
        s.cells);
  }
  for (std::size_t n = 0; n < p.racks.size(); ++n)
  {
    const th::AirRack& r = p.racks[n];
    if (r.id.rfind("leak:jet:", 0) == 0)
      continue; // the model's stand-in for tile-jet entrainment: the CFD resolves the jets
    const std::string base = "rack" + std::to_string(n);
    add(makePort(base + "_in", PortKind::RackIntake, r.id, r.flowM3s), r.intakeCells);
    Port exhaust = makePort(base + "_out", PortKind::RackExhaust, r.id, r.flowM3s);
    exhaust.heatW = r.heatRiseK * th::kAirRhoCp * r.flowM3s;
    exhaust.intakePatch = base + "_in";
    add(std::move(exhaust), r.exhaustCells);
  }
  return ports;
}

std::string blockMeshDict(const th::ThermalGrid& g, int refine)
{
  const double x1 = g.x0 + g.nx * g.cellM, y1 = g.y0 + g.ny * g.cellM, z1 = g.z0 + g.nz * g.cellM;
  std::string s = header("dictionary", "blockMeshDict") + "convertToMeters 1;\n\nvertices\n(\n";
  for (double z : { g.z0, z1 })
    for (auto [x, y] : { std::pair{ g.x0, g.y0 }, { x1, g.y0 }, { x1, y1 }, { g.x0, y1 } })
      s += "    " + vec({ x, y, z }) + "\n";
  s += ");\n\nblocks\n(\n    hex (0 1 2 3 4 5 6 7) (" + std::to_string(g.nx * refine) + " " +
       std::to_string(g.ny * refine) + " " + std::to_string(g.nz * refine) +
       ") simpleGrading (1 1 1)\n);\n\nedges ();\n\n";
  s += "boundary\n(\n    walls\n    {\n        type wall;\n        faces\n        (\n"
       "            (0 4 7 3) (1 2 6 5) (0 1 5 4) (3 7 6 2) (0 3 2 1) (4 5 6 7)\n"
       "        );\n    }\n);\n\nmergePatchPairs ();\n";
  return s;
}

std::string topoSetSolid(const std::vector<WorldBox>& solids)
{
  // The fluid set is everything outside the solid boxes; subsetMesh keeps it.
  return header("dictionary", "topoSetDict") +
         "actions\n(\n    {\n        name    fluid;\n        type    cellSet;\n"
         "        action  new;\n        source  boxToCell;\n" +
         boxList(solids) +
         "    }\n    {\n        name    fluid;\n        type    cellSet;\n"
         "        action  invert;\n    }\n);\n";
}

std::string topoSetPorts(const std::vector<Port>& ports)
{
  std::string s = header("dictionary", "topoSetDict") + "actions\n(\n";
  for (const Port& port : ports)
    s += "    {\n        name    " + port.patch +
         ";\n        type    faceSet;\n        action  new;\n        source  boxToFace;\n" +
         boxList(port.faces) + "    }\n";
  return s + ");\n";
}

std::string createPatchDict(const std::vector<Port>& ports)
{
  std::string s = header("dictionary", "createPatchDict") + "pointSync false;\n\npatches\n(\n";
  for (const Port& port : ports)
    s += "    {\n        name " + port.patch + ";\n        patchInfo { type patch; }\n" +
         "        constructFrom set;\n        set " + port.patch + ";\n    }\n";
  return s + ");\n";
}

double massFlow(const Port& port)
{
  return th::kAirDensityKgM3 * port.flowM3s;
}

bool isInflow(const Port& port)
{
  return port.kind == PortKind::Supply || port.kind == PortKind::RackExhaust;
}

/** Boundary entry of one field on one port. */
std::string portEntry(const std::string& field, const Port& port, double supplyK)
{
  const bool in = isInflow(port);
  const std::string m = num(massFlow(port)), rho = num(th::kAirDensityKgM3);
  if (field == "U")
  {
    if (port.kind == PortKind::PressureSink)
      return "type pressureInletOutletVelocity; value uniform (0 0 0);";
    return in ? "type flowRateInletVelocity; massFlowRate constant " + m + "; rhoInlet " + rho +
                  "; value uniform (0 0 0);"
              : "type flowRateOutletVelocity; massFlowRate constant " + m + "; rhoOutlet " + rho +
                  "; value uniform (0 0 0);";
  }
  if (field == "T")
  {
    if (port.kind == PortKind::Supply)
      return "type fixedValue; value uniform " + num(port.temperatureC + kKelvin) + ";";
    if (port.kind == PortKind::RackExhaust)
      return "type outletMappedUniformInletHeatAddition; outletPatch " + port.intakePatch + "; Q " +
             num(port.heatW) + "; TMin 250; TMax 400; value uniform " + num(supplyK) + ";";
    return "type inletOutlet; inletValue uniform " + num(supplyK) + "; value uniform " +
           num(supplyK) + ";";
  }
  if (field == "p_rgh")
    return port.kind == PortKind::PressureSink
             ? "type prghPressure; p uniform " + num(kPressurePa) + "; value uniform " +
                 num(kPressurePa) + ";"
             : "type fixedFluxPressure; value uniform " + num(kPressurePa) + ";";
  if (field == "k")
    return in ? "type turbulentIntensityKineticEnergyInlet; intensity 0.05; value uniform 0.01;"
              : "type inletOutlet; inletValue uniform 0.01; value uniform 0.01;";
  if (field == "epsilon")
    return in ? "type turbulentMixingLengthDissipationRateInlet; mixingLength 0.05; "
                "value uniform 0.01;"
              : "type inletOutlet; inletValue uniform 0.01; value uniform 0.01;";
  if (field == "p") // p = p_rgh + ρ·g·h is recomputed; the value seeds the density
    return "type calculated; value uniform " + num(kPressurePa) + ";";
  return "type calculated; value uniform 0;"; // nut, alphat
}

/** One initial field: internal value, walls and every port. */
std::string fieldFile(const std::string& field, const std::vector<Port>& ports, double supplyK)
{
  struct Spec
  {
    const char* cls;
    const char* dims;
    std::string internal;
    std::string wall;
  };
  const std::string p = num(kPressurePa);
  static const std::map<std::string, Spec> specs = {
    { "U", { "volVectorField", "[0 1 -1 0 0 0 0]", "(0 0 0)", "type noSlip;" } },
    { "T", { "volScalarField", "[0 0 0 1 0 0 0]", "", "type zeroGradient;" } },
    { "p",
      { "volScalarField", "[1 -1 -2 0 0 0 0]", "", "type calculated; value $internalField;" } },
    { "p_rgh",
      { "volScalarField", "[1 -1 -2 0 0 0 0]", "",
        "type fixedFluxPressure; value $internalField;" } },
    { "k",
      { "volScalarField", "[0 2 -2 0 0 0 0]", "0.01",
        "type kqRWallFunction; value uniform 0.01;" } },
    { "epsilon",
      { "volScalarField", "[0 2 -3 0 0 0 0]", "0.01",
        "type epsilonWallFunction; value uniform 0.01;" } },
    { "nut",
      { "volScalarField", "[0 2 -1 0 0 0 0]", "0", "type nutkWallFunction; value uniform 0;" } },
    { "alphat",
      { "volScalarField", "[1 -1 -1 0 0 0 0]", "0",
        "type compressible::alphatWallFunction; Prt 0.85; value uniform 0;" } },
  };
  const Spec& spec = specs.at(field);
  const std::string internal = field == "T"                         ? num(supplyK)
                               : (field == "p" || field == "p_rgh") ? p
                                                                    : spec.internal;
  std::string s = header(spec.cls, field) + "dimensions      " + spec.dims + ";\n\n" +
                  "internalField   uniform " + internal + ";\n\nboundaryField\n{\n" +
                  "    walls { " + spec.wall + " }\n";
  for (const Port& port : ports)
    s += "    " + port.patch + " { " + portEntry(field, port, supplyK) + " }\n";
  return s + "}\n";
}

std::string controlDict(const std::vector<Port>& ports, const OpenFoamCaseOptions& o)
{
  std::string s = header("dictionary", "controlDict") +
                  "application     buoyantSimpleFoam;\nstartFrom       latestTime;\n"
                  "startTime       0;\nstopAt          endTime;\nendTime         " +
                  std::to_string(o.iterations) +
                  ";\ndeltaT          1;\nwriteControl    timeStep;\nwriteInterval   " +
                  std::to_string(o.iterations) +
                  ";\npurgeWrite      1;\nwriteFormat     ascii;\nwritePrecision  8;\n"
                  "timeFormat      general;\nrunTimeModifiable false;\n\nfunctions\n{\n";
  // Mean temperature of every rack intake (the engine's inlet mean) and of every sink.
  for (const Port& port : ports)
    if (port.kind == PortKind::RackIntake || port.kind == PortKind::FlowSink ||
        port.kind == PortKind::PressureSink)
      s +=
        "    " + port.patch +
        "\n    {\n        type surfaceFieldValue;\n        libs (\"libfieldFunctionObjects.so\");\n"
        "        regionType patch;\n        name " +
        port.patch +
        ";\n        operation areaAverage;\n        fields (T);\n        writeFields false;\n"
        "        log false;\n        writeControl timeStep;\n        writeInterval " +
        std::to_string(o.sampleInterval) + ";\n    }\n";
  return s + "}\n";
}

// Steady SIMPLE as in the buoyantCavity tutorial of v1912: no momentum predictor and strong
// under-relaxation of U and h (a momentum predictor from rest gave 10³ m/s and, through the
// kinetic-energy term, runaway temperatures in the first iteration).
// clang-format off
const char* kFvSchemes = R"foam(ddtSchemes { default steadyState; }
gradSchemes { default Gauss linear; }
divSchemes
{
    default         none;
    div(phi,U)      bounded Gauss SCHEME_UV;
    div(phi,h)      bounded Gauss SCHEME_H;
    div(phi,K)      bounded Gauss SCHEME_H;
    div(phi,k)      bounded Gauss upwind;
    div(phi,epsilon) bounded Gauss upwind;
    div(((rho*nuEff)*dev2(T(grad(U))))) Gauss linear;
}
laplacianSchemes { default Gauss linear corrected; }
interpolationSchemes { default linear; }
snGradSchemes { default corrected; }
)foam";

const char* kFvSolution = R"foam(solvers
{
    p_rgh { solver GAMG; smoother GaussSeidel; tolerance 1e-7; relTol 0.05; }
    "(U|h|k|epsilon)" { solver smoothSolver; smoother symGaussSeidel; tolerance 1e-8; relTol 0.1; }
}
SIMPLE
{
    momentumPredictor no;
    nNonOrthogonalCorrectors 0;
    residualControl { p_rgh 1e-4; U 1e-5; h 1e-6; "(k|epsilon)" 1e-5; }
}
relaxationFactors
{
    fields { rho 1; p_rgh 0.7; }
    equations { U 0.3; h 0.3; "(k|epsilon)" 0.7; }
}
)foam";
// clang-format on

/** fvSchemes with the convection scheme of U, h and K: "upwind" (first order, robust) or
 *  "limitedLinear" (second order, TVD-limited). */
std::string fvSchemes(const std::string& scheme)
{
  std::string s = kFvSchemes;
  const bool upwind = scheme == "upwind";
  for (const auto& [key, value] :
       { std::pair<std::string, std::string>{ "SCHEME_UV", upwind ? "upwind" : "limitedLinearV 1" },
         { "SCHEME_H", upwind ? "upwind" : "limitedLinear 1" } })
    for (std::size_t at; (at = s.find(key)) != std::string::npos;)
      s.replace(at, key.size(), value);
  return s;
}

std::string thermophysical()
{
  return header("dictionary", "thermophysicalProperties") +
         "thermoType\n{\n    type heRhoThermo;\n    mixture pureMixture;\n    transport const;\n"
         "    thermo hConst;\n    equationOfState incompressiblePerfectGas;\n    specie specie;\n"
         "    energy sensibleEnthalpy;\n}\n\nmixture\n{\n    specie { molWeight 28.96; }\n"
         "    equationOfState { pRef " +
         num(kPressurePa) +
         "; }\n"
         "    thermodynamics { Cp " +
         num(th::kAirHeatCapacityJKgK) + "; Hf 0; }\n    transport { mu 1.81e-05; Pr 0.71; }\n}\n";
}

std::string portsCsv(const std::vector<Port>& ports)
{
  std::string s = "patch,kind,object,flowM3s,massFlowKgS,supplyC,heatW,cells,faceBoxes\n";
  for (const Port& port : ports)
    s += port.patch + "," + kindName(port.kind) + "," + port.objectId + "," + num(port.flowM3s) +
         "," + num(massFlow(port)) + "," +
         (port.kind == PortKind::Supply ? num(port.temperatureC) : std::string()) + "," +
         num(port.heatW) + "," + std::to_string(port.cells) + "," +
         std::to_string(port.faces.size()) + "\n";
  return s;
}

} // namespace

OpenFoamCaseSummary writeOpenFoamCase(const th::ThermalProblem& problem,
                                      const std::string& directory,
                                      const OpenFoamCaseOptions& options)
{
  if (options.refine < 1 || options.refine > 4)
    throw engine::Error("OpenFOAM export: refine = " + std::to_string(options.refine) +
                        " (expected 1–4 cells per engine cell)");
  if (options.scheme != "upwind" && options.scheme != "limitedLinear")
    throw engine::Error("OpenFOAM export: scheme \"" + options.scheme +
                        "\" (expected upwind or limitedLinear)");
  if (options.iterations < 1 || options.sampleInterval < 1)
    throw engine::Error("OpenFOAM export: iterations and sample interval must be ≥ 1");
  if (problem.sinks.empty())
    throw engine::Error("OpenFOAM export: the hall has no air sink (cooler return), so the case "
                        "would have no outlet");
  const th::ThermalGrid& g = problem.grid;
  const GridGeometry geo(g);
  OpenFoamCaseSummary summary;
  summary.cells =
    static_cast<long long>(g.cellCount()) * options.refine * options.refine * options.refine;
  const std::vector<Port> ports = makePorts(problem, geo, options.refine, summary);
  double supplyFlow = 0, supplyFlowTemp = 0;
  for (const Port& port : ports)
  {
    (isInflow(port) ? summary.inflowKgS : summary.outflowKgS) += massFlow(port);
    summary.heatW += port.heatW;
    summary.supplyPatches += port.kind == PortKind::Supply;
    summary.sinkPatches += port.kind == PortKind::FlowSink || port.kind == PortKind::PressureSink;
    summary.rackPatches += port.kind == PortKind::RackIntake || port.kind == PortKind::RackExhaust;
    if (port.kind == PortKind::Supply)
      supplyFlow += port.flowM3s, supplyFlowTemp += port.flowM3s * port.temperatureC;
  }
  const double supplyK = (supplyFlow > 0 ? supplyFlowTemp / supplyFlow : 20.0) + kKelvin;

  namespace fs = std::filesystem;
  std::error_code ec;
  for (const char* sub : { "system", "constant", "0.orig" })
    fs::create_directories(fs::path(directory) / sub, ec);
  if (ec)
    throw engine::SaveError("OpenFOAM export: cannot create " + directory + ": " + ec.message());
  const auto write = [&](const std::string& name, const std::string& text)
  { engine::writeFileAtomically((fs::path(directory) / name).string(), text); };
  write("system/blockMeshDict", blockMeshDict(g, options.refine));
  write("system/topoSetDict.solid", topoSetSolid(geo.solidBoxes()));
  write("system/topoSetDict.ports", topoSetPorts(ports));
  write("system/createPatchDict", createPatchDict(ports));
  write("system/controlDict", controlDict(ports, options));
  write("system/fvSchemes", header("dictionary", "fvSchemes") + fvSchemes(options.scheme));
  write("system/fvSolution", header("dictionary", "fvSolution") + kFvSolution);
  write("constant/g", header("uniformDimensionedVectorField", "g") +
                        "dimensions [0 1 -2 0 0 0 0];\nvalue (0 0 -9.81);\n");
  write("constant/thermophysicalProperties", thermophysical());
  write("constant/turbulenceProperties",
        header("dictionary", "turbulenceProperties") +
          "simulationType RAS;\n\nRAS\n{\n    RASModel kEpsilon;\n    turbulence on;\n"
          "    printCoeffs on;\n}\n");
  for (const char* field : { "U", "T", "p", "p_rgh", "k", "epsilon", "nut", "alphat" })
    write(std::string("0.orig/") + field, fieldFile(field, ports, supplyK));
  write("myriad-ports.csv", portsCsv(ports));
  return summary;
}

} // namespace myriad::cli
