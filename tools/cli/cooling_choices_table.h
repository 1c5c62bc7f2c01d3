#pragma once
// The side-by-side table of `myriad-cli economics --cooling-choices`: air, cold plate and
// immersion for the same GPUs (engine economics/cooling_choices.h).

#include "myriad/engine/economics/cooling_choices.h"

#include <vector>

namespace myriad::cli
{

/** Print the three columns; unavailable choices say why under the table. */
void printCoolingChoices(const std::vector<engine::economics::CoolingChoiceResult>& choices);

} // namespace myriad::cli
