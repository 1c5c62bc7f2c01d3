#pragma once
// The side-by-side table of `myriad-cli economics --cooling-choices`: air, cold plate and
// immersion for the same GPUs (engine economics/cooling_choices.h).

#include "myriad/engine/economics/cooling_choices.h"

#include <string>
#include <vector>

namespace myriad::cli
{

/** `economicsJson` (an object) with the array `choicesJson` added as "coolingChoices". */
std::string withCoolingChoices(const std::string& economicsJson, const std::string& choicesJson);

/** Print the three columns; unavailable choices say why under the table. */
void printCoolingChoices(const std::vector<engine::economics::CoolingChoiceResult>& choices);

} // namespace myriad::cli
