#pragma once
/**
 * @file thermal_jets.h
 * Entrainment of placed perforated-tile jets, reduced by the racks' suction
 * (ThermalOptions::tileJetEntrainment; its effect against CFD: docs/models/thermal-cfd.md,
 * "The family" and "A jet law with the racks' suction").
 *
 * Free jet. A jet of flow Q0 (m³/s) and kinematic momentum flux M0 = Q0²/A (m⁴/s², A the
 * tile's area) carries Q(z) = Q0 + e·√M0·z at a height z (m): it draws e·√M0 of surrounding
 * air per metre of rise into itself, e = 0.32·√π/2 = 0.2836 (Ricou & Spalding 1961,
 * docs/references.md#ricou1961: ṁ/ṁ0 = 0.32·z/d0 for d0 = √(4A/π), the same law written per
 * √momentum, ṁ = 0.282·z·√(ρ·M) in their paper).
 *
 * Suction (this model). The tile stands before a rack whose intake draws Q_r evenly over its
 * face: s(z) = Σ Q_r·n_r(z)/(N_r·h) m³/s per metre of rise, n_r(z) of the rack's N_r intake
 * cells of layer z lying over the tile (h the cell edge). The intake takes the jet's mixed
 * air at the jet's mean velocity M/Q (top-hat profiles, as in the integral jet model of
 * Morton, Taylor & Turner 1956, docs/references.md#morton1956; the removal terms are this
 * model's, no constant added), so per metre of rise
 *
 *   dQ_e/dz = e·√M − s·Q_e/Q,   dQ_t/dz = −s·Q_t/Q,   dM/dz = −s·M/Q,   Q = Q_t + Q_e,
 *
 * from Q_t = Q0, Q_e = 0, M = M0 at the floor to the racks' top (Q_t tile air, Q_e entrained
 * room air; integrated in 16 midpoint steps per cell layer). The suction slows entrainment by
 * taking momentum with the mass; a jet whose flow reaches zero is captured (E = 0). A starved
 * aisle's racks so swallow their jets before these lift much room air; an oversupplied aisle's
 * jets rise nearly free. Without suction E = e·√M0·z_top = 0.32·Q0·z_top/d0, the free jet.
 *
 * Mover. Per placed tile, a heatless air mover (id "leak:jet:<tile>", left out of the rack
 * results like the containment leaks) draws E = C·Q_e(z_top) from the open cells around the
 * tile's column between the floor and the racks' top, a neighbouring tile's column included
 * (adjacent jets draw on each other: a weak jet between two strong ones loses air to them),
 * and releases it in the column one layer above the tallest rack (z_top). C (`tileJetEntrainment`,
 * default 2.4) scales e: tuned on two named CFD cases (s095-grilles, s120-unit-return;
 * thermal-cfd.md), not a published value. Halls with a roofed containment get no jets (their aisles
 * are balanced explicitly); aisle-end doors keep them (the top is open).
 */

#include "myriad/engine/model.h"
#include "myriad/engine/thermal/thermal_problem.h"

#include <numbers>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::thermal::detail
{

/// e: Ricou & Spalding's 0.32 per diameter written per √(momentum flux), 0.32·√π/2.
inline constexpr double kJetEntrainmentPerRootMomentum = 0.32 * 0.5 / std::numbers::inv_sqrtpi;

/**
 * Entrained room air Q_e (m³/s) a tile jet still carries at the racks' top: the equations
 * above from the floor, one entry of `drawPerM` (suction s, m³/s per m) per cell layer of
 * `layerM` metres. 0 when the intakes capture the jet first.
 */
double jetEntrainedAtTop(double flowM3s, double momentum, const std::vector<double>& drawPerM,
                         double layerM);

/** Append the entrainment movers of the problem's placed-tile supplies ("tile:…"). */
void addTileJets(ThermalProblem& problem, const Hall& hall, const Catalog& catalog,
                 double coefficient);

} // namespace myriad::engine::thermal::detail
