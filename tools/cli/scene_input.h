#pragma once
// Shared helpers of the CLI commands: load a scene argument and format numbers.
#include "myriad/engine/model.h"

#include <string>

namespace myriad::cli
{

/**
 * Load FILE as a scene with the built-in catalog. "builtin:NAME" generates a built-in sample in
 * memory instead (e.g. builtin:h100-superpod-10k). Throws engine::Error with the file's message.
 */
engine::Scene loadSceneArgument(const std::string& argument, bool validate = true);

/** "13.056 MW", "40.8 kW", "700 W". */
std::string formatPower(double watts);
/** Integer with thousands separators: 10,240. */
std::string withCommas(long long value);

} // namespace myriad::cli
