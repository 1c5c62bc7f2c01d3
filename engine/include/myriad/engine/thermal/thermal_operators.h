#pragma once
/**
 * @file thermal_operators.h
 * The two discrete operators of the thermal model (thermal_problem.h) in plain arrays, so that
 * any backend (the CPU reference here, the CUDA backend and its CPU mirror in cuda/) solves the
 * same equations without engine internals.
 *
 * Potential (airflow): A·ψ = b with A the positive graph Laplacian of the open cells,
 *   (A·ψ)_P = Σ_{open faces P|N} (ψ_P − ψ_N),   b = −s,
 * s the net air source per cell (m³/s) after removing each connected air region's net source
 * (Neumann boundaries everywhere: a region is solvable only when its sources sum to zero).
 * Every open face has conductance 1 (ψ = h·φ absorbs A/h = h), so an open-face mask says it all.
 *
 * Temperature: the upwind finite-volume equation of thermal_problem.h as seven coefficient
 * arrays (a_P and the six neighbour coefficients, all ≥ 0) and a right-hand side:
 *   a_P·T_P − Σ_nb a_nb·T_nb − Σ_racks w·mean(T_intake)·[P ∈ exhaust] = b_P
 * The rack term (exhaust = intake mean + ΔT) couples each exhaust cell to its rack's intake
 * cells with weight w = Q / n_exhaust (m³/s per exhaust cell); ΔT itself sits in b.
 */

#include "myriad/engine/thermal/thermal_problem.h"

#include <cstdint>
#include <vector>

namespace myriad::engine::thermal
{

/** Open-face bits of FlowSystem::openFaces: the face to the +x, +y, +z neighbour is open. */
inline constexpr std::uint8_t kOpenPlusX = 1, kOpenPlusY = 2, kOpenPlusZ = 4;

/** The potential equation A·ψ = rhs, ready for a Krylov solver. */
struct FlowSystem
{
  int nx = 0, ny = 0, nz = 0;
  std::vector<std::uint8_t> openFaces; ///< per cell: kOpenPlus* bits (both sides open)
  std::vector<double> rhs;             ///< b = −s, balanced per region (m³/s)
  /** Connected air regions that hold a source, each as its cells; the others need no solve. */
  std::vector<std::vector<std::int32_t>> regions;
  double imbalanceM3s = 0; ///< Σ |net source| removed over all regions (m³/s)
  double sourceScale = 0;  ///< Σ |s| before balancing (m³/s), for round-off thresholds
};

/** Net air source per cell (m³/s): supplies and exhausts positive, sinks and intakes negative. */
std::vector<double> cellSources(const ThermalProblem& problem);

/**
 * Label the connected air regions (face neighbours) and remove each region's net source from
 * `s` uniformly over its cells. Appends the cells of every region holding a source to
 * `regions`; returns Σ |net source removed| (m³/s). `cancelRequested` (may be empty) is polled
 * every 32768 cells; SolveCancelled is thrown when it returns true.
 */
double balanceRegions(const ThermalGrid& grid, std::vector<double>& s,
                      std::vector<std::vector<std::int32_t>>& regions,
                      const std::function<bool()>& cancelRequested = {});

/** Sources, balancing and the open-face mask of `problem` (imbalance below round-off = 0).
 *  Polls problem.settings.cancelRequested (throws SolveCancelled), as does the assembly below. */
FlowSystem buildFlowSystem(const ThermalProblem& problem);

/** A rack's exhaust cells take `weight`·mean(T over intake cells). */
struct RackCoupling
{
  std::vector<std::int32_t> intake;
  std::vector<std::int32_t> exhaust;
  double weight = 0; ///< Q / n_exhaust (m³/s per exhaust cell)
};

/** The temperature equation assembled from the problem and a solved ψ. */
struct TemperatureCoefficients
{
  int nx = 0, ny = 0, nz = 0;
  std::vector<double> aP, aW, aE, aS, aN, aB, aT; ///< m³/s; neighbours −x, +x, −y, +y, −z, +z
  std::vector<double> rhs;                        ///< m³/s·K
  std::vector<RackCoupling> couplings;
};

/** Assemble the temperature equation (solid or sealed cells get a_P = 1, b = 0: T = 0). */
TemperatureCoefficients assembleTemperatureCoefficients(const ThermalProblem& problem,
                                                        const std::vector<double>& psi);

/** Flow-weighted mean supply temperature (°C), 20 °C without supplies: a cold start for T. */
double meanSupplyTemperatureC(const ThermalProblem& problem);

/** Throws SolverError when `values` holds NaN or ±inf ("non-finite value in the solved <what>"). */
void requireFinite(const std::vector<double>& values, const char* what);

} // namespace myriad::engine::thermal
