#pragma once
/**
 * @file thermal_ports.h
 * A hall's placed floor tiles and ceiling return grilles as air ports of the thermal problem.
 *
 * Tiles (raised floor): the plenum is taken at uniform pressure Δp, so a tile passes
 * Q_i = C_d·A_open,i·√(2Δp/ρ) — the same C_d for every tile makes the flow proportional to its
 * open area A_open,i = openAreaPct/100 · width · depth (Karki & Patankar 2006 show the uniform
 * plenum as the limit of a deep, unobstructed plenum; docs/references.md#karki2006). A tile with
 * a measured flow passes that flow; the others share what the perimeter units supply beyond the
 * measured total, by open area. Mass is conserved: when the measured flows alone exceed the
 * supply, or no tile is left to take the rest, the measured flows are scaled to the supply and a
 * warning says by how much (air the floor loses through cut-outs, or a measurement that does not
 * add up).
 * Grilles (ceiling plenum ducted to the units): the room return is drawn through them in
 * proportion to their area (a plenum at uniform pressure), from the top cell layer under each.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/thermal/thermal_problem.h"

#include <string>
#include <vector>

namespace myriad::engine::thermal::detail
{

/** Supplies through the hall's tiles carrying `supplyFlowM3s` at `supplyC` (ids "tile:<id>").
 *  Throws Error naming the hall when no tile can pass air. */
std::vector<AirSupply> tileSupplies(const Hall& hall, const ThermalGrid& grid, double supplyFlowM3s,
                                    double supplyC, std::vector<std::string>& warnings);

/** Returns through the hall's ceiling grilles drawing `returnFlowM3s` (ids "grille:<id>").
 *  Throws Error naming the hall when no grille has an open cell under it. */
std::vector<AirSink> grilleSinks(const Hall& hall, const ThermalGrid& grid, double returnFlowM3s,
                                 std::vector<std::string>& warnings);

/** Whether a sink draws from the shared ceiling plenum (ducted hot aisles, ceiling grilles). */
bool isCeilingPlenumSink(const AirSink& sink);

} // namespace myriad::engine::thermal::detail
