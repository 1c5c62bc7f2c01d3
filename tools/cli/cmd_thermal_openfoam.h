#pragma once
/**
 * @file cmd_thermal_openfoam.h
 * Export of a hall's thermal problem as an OpenFOAM (v1912, openfoam.com) case for
 * buoyantSimpleFoam, the reference CFD the compact model is compared against
 * (docs/models/thermal-cfd.md, bench/openfoam/).
 *
 * The case is built from the same ThermalProblem the engine solves, so geometry, flows and heat
 * are identical:
 * - Mesh: blockMesh over the engine grid (each cell split `refine`³ times); the solid cells are
 *   removed by topoSet + subsetMesh, their exposed faces become the wall patch `walls`.
 * - Ports: each supply, sink and rack intake/exhaust (a list of air cells in the engine) becomes
 *   a patch of the faces between those cells and the solid (or the floor) they touch
 *   (topoSet boxToFace + createPatch).
 * - Mass flows: ṁ = ρ·Q with ρ = 1.2 kg/m³ (the engine's air density) on every port; supplies
 *   and rack exhausts are flowRateInletVelocity, rack intakes and all sinks but the largest are
 *   flowRateOutletVelocity, the largest sink is the pressure outlet (it carries the remainder,
 *   equal to its own flow since the engine's ports balance).
 * - Heat: a rack exhaust's temperature is outletMappedUniformInletHeatAddition, i.e. the
 *   flow-weighted mean of its intake patch plus P/(ṁ·c_p), c_p = 1005 J/(kg·K): the engine's
 *   rack coupling, exactly.
 * - Physics: steady SIMPLE without momentum predictor, incompressible perfect gas (ρ = p_ref/(R·T),
 *   so buoyancy under gravity), standard k–ε with wall functions, adiabatic walls.
 */

#include "myriad/engine/thermal/thermal_problem.h"

#include <string>

namespace myriad::cli
{

struct OpenFoamCaseOptions
{
  int refine = 1;          ///< OpenFOAM cells per engine cell edge (1–4)
  int iterations = 1500;   ///< buoyantSimpleFoam iterations (endTime)
  int sampleInterval = 25; ///< iterations between intake-temperature samples
  /** Convection of U and h: "upwind" (first order; converges to a steady state) or
   *  "limitedLinear" (second order; on the reference hall its residuals stall near 10⁻² as the
   *  jets and plumes oscillate, see docs/models/thermal-cfd.md). */
  std::string scheme = "upwind";
};

/** What was written, for the CLI line and the tests. */
struct OpenFoamCaseSummary
{
  int rackPatches = 0; ///< intake + exhaust patches (2 per air mover)
  int supplyPatches = 0;
  int sinkPatches = 0;
  int droppedPortCells = 0; ///< port cells with no face on a solid (left out)
  long long cells = 0;      ///< OpenFOAM cells before removing solids
  double heatW = 0;         ///< Σ rack heat carried by the exhaust patches
  double inflowKgS = 0;     ///< Σ supply + exhaust mass flow
  double outflowKgS = 0;    ///< Σ intake + sink mass flow
};

/**
 * Write the case into `directory` (created when missing; existing case files are replaced):
 * system/{blockMeshDict, topoSetDict.solid, topoSetDict.ports, createPatchDict, controlDict,
 * fvSchemes, fvSolution}, constant/{g, thermophysicalProperties, turbulenceProperties},
 * 0.orig/{U, T, p, p_rgh, k, epsilon, nut, alphat} and myriad-ports.csv (patch, kind, object id,
 * flow, temperature, heat). Throws engine::Error when the problem has no sink (no outlet) or
 * the options are out of range, SaveError when a file cannot be written.
 */
OpenFoamCaseSummary writeOpenFoamCase(const engine::thermal::ThermalProblem& problem,
                                      const std::string& directory,
                                      const OpenFoamCaseOptions& options = {});

} // namespace myriad::cli
