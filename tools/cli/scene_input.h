#pragma once
// Shared helpers of the CLI commands: load a scene argument and format numbers.
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/model.h"

#include <string>

namespace myriad::cli
{

/**
 * Load FILE as a scene with the built-in catalog. "builtin:NAME" generates a built-in sample in
 * memory instead (e.g. builtin:h100-superpod-10k). Throws engine::Error with the file's message.
 */
engine::Scene loadSceneArgument(const std::string& argument, bool validate = true);

/**
 * Price the scene's routed fabric: when `inputs` carries no BOM figure (no "bom" in an inputs
 * file), fill it from economics::fabricBomInput (transceivers, cables, optics power).
 */
void useFabricBom(const engine::Scene& scene, engine::economics::EconomicsInputs& inputs);

/** "13.056 MW", "40.8 kW", "700 W". */
std::string formatPower(double watts);
/** Integer with thousands separators: 10,240. */
std::string withCommas(long long value);

} // namespace myriad::cli
