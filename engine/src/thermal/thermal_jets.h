#pragma once
/**
 * @file thermal_jets.h
 * Entrainment of placed perforated-tile jets (ThermalOptions::tileJetEntrainment, default 1 =
 * the published coefficient; its effect against CFD: docs/models/thermal-cfd.md, "The family").
 *
 * A free jet of flow Q0 leaving an opening of equivalent diameter d0 = √(4A/π) carries
 * Q(z) ≈ Q0·(1 + 0.32·z/d0) at a distance z (Ricou & Spalding 1961, docs/references.md#ricou1961):
 * it draws 0.32·Q0·z/d0 of surrounding air into itself on its way up. Potential flow has no
 * momentum, so a tile's air goes wherever the intakes pull it; this adds what the jet does: per
 * placed tile, a heatless air mover (id "leak:jet:<tile>", left out of the rack results like the
 * containment leaks) draws E = C·0.32·Q0·z_top/d0 from the open cells around the tile's column
 * between the floor and the racks' top and releases it in the column one layer above the
 * tallest rack (z_top). C (`tileJetEntrainment`) scales the textbook coefficient. Halls with a
 * roofed containment get no jets (their aisles are balanced explicitly); aisle-end doors keep
 * them (the top is open).
 */

#include "myriad/engine/model.h"
#include "myriad/engine/thermal/thermal_problem.h"

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::thermal::detail
{

/** Append the entrainment movers of the problem's placed-tile supplies ("tile:…"). */
void addTileJets(ThermalProblem& problem, const Hall& hall, const Catalog& catalog,
                 double coefficient);

} // namespace myriad::engine::thermal::detail
