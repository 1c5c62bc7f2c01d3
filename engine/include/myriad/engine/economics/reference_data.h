#pragma once
/**
 * @file reference_data.h
 * Reference data of the economics models: named sites (climate, grid emission factor, energy
 * price), failure rates and facility defaults, read from the samples/reference/ files (compiled
 * into the engine like the parts catalog). Each file lists its sources once; every figure names
 * one of them, may add a note, and says whether it is an estimate. The format is documented in
 * docs/models/economics.md ("Reference data files").
 */

#include "myriad/engine/catalog.h"

#include <string>
#include <utility>
#include <vector>

namespace myriad::engine::economics
{

/**
 * Parse one reference-data document into parts of category "site", "failure", "facility" or
 * "dci" (an optic or the line system of a link between sites: siting/dci.h),
 * and one of category "exchange-rate" per entry of "exchangeRates" ("exchange-rate-CNY": figure
 * "perUSD", attributes "currency" and "date").
 * A figure's Figure::source is its source's citation, followed by " — note" when it has one.
 * Throws LoadError naming `fileName` and the JSON path on unknown keys, wrong types, a figure
 * without a source, a source missing from the file's table, an uncited figure not marked as an
 * estimate, or a site without all twelve monthly temperatures.
 * A file may list "exchangeRates" (a figure per currency code in "<CUR>/USD" with a "date");
 * a site may then give energyPrice<CUR>PerKWh ("<CUR>/kWh") instead of energyPriceUSDPerKWh,
 * which is derived from it (value / rate; an estimate when either figure is; its source names
 * the price's source, the rate and its date). A currency without a rate, a non-positive rate,
 * a wrong unit or both a USD and a foreign price are LoadErrors naming the JSON path.
 */
std::vector<Part> readReferenceData(const std::string& text, const std::string& fileName);

/** The compiled-in reference files: repository path and text, in file-name order. */
const std::vector<std::pair<std::string, std::string>>& builtinReferenceFiles();

/** Every part of the compiled-in reference files (parsed once; ids unique across files). */
const std::vector<Part>& builtinReferenceParts();

} // namespace myriad::engine::economics
