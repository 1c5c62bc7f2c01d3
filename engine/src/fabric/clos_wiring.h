#pragma once
/**
 * @file clos_wiring.h
 * Shared wiring rule of the Clos-family generators (SuperPOD, generic Clos); the rule is
 * documented in superpod.cpp.
 */

#include "myriad/engine/fabric/fabric_graph.h"

#include <vector>

namespace myriad::engine::fabric::detail
{

/**
 * Link leaves to spines and, when `cores` is not empty, spines to cores. Leaves use
 * `leafUplinks` ports up; spines use radix/2 ports up in a three-tier fabric. Throws SpecError
 * naming the count that cannot be wired.
 */
void wireUpperTiers(FabricGraph& g, const std::vector<int>& leaves, const std::vector<int>& spines,
                    const std::vector<int>& cores, int radix, int leafUplinks, double rateBps);

} // namespace myriad::engine::fabric::detail
