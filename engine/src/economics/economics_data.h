#pragma once
/**
 * @file economics_data.h
 * Built-in default figures of the economics models (named site climates, failure rates,
 * facility build cost, maintenance and staff), as parts of categories "site", "failure" and
 * "facility" read from the samples/reference/ files (reference_data.h). Lookups prefer a part
 * of the same id in the scene's Catalog, so a catalog that carries these categories overrides
 * the built-ins part by part.
 */

#include "myriad/engine/catalog.h"

#include <string>
#include <vector>

namespace myriad::engine::economics::detail
{

/** The built-in economics parts (builtinReferenceParts()). */
const std::vector<Part>& builtinEconomicsParts();
/** Part `id` from `catalog`, else from the built-ins; nullptr when neither has it. */
const Part* findEconomicsPart(const Catalog& catalog, const std::string& id);
/** Ids of parts of `category` in the catalog and the built-ins, sorted, without duplicates. */
std::vector<std::string> economicsIdsOf(const Catalog& catalog, const std::string& category);

} // namespace myriad::engine::economics::detail
