#pragma once
// myriad-cli maxmin --change: apply a list of changes to a solved problem and re-solve only what
// they reach (traffic::IncrementalMaxMin).

#include "command.h"

#include "myriad/engine/csv.h"
#include "myriad/engine/string_index.h"
#include "myriad/engine/traffic/maxmin.h"

#include <string>

namespace myriad::cli
{

/**
 * Solves `problem`, applies the changes of `changesFile` (CSV op,id[,capacity][,links][,bound])
 * as one batch, writes the rates of the flows in progress (id,rateBps) to `out` (stdout when
 * empty) and prints what the update re-solved. With `verify`, also solves the changed problem
 * in full and prints the largest difference.
 */
int runMaxMinChange(engine::traffic::MaxMinProblem problem, const engine::CsvTable& flows,
                    const engine::StringIndex& linkIndex, const std::string& changesFile,
                    const std::string& out, bool verify);

/** Appends the shortest digits that read back as exactly `v` (plain decimals in 1e-5…1e17). */
void appendNumber(std::string& out, double v);
/** A flow id as CSV: as it is, or quoted when it needs to be. */
void appendId(std::string& out, std::string_view id);

} // namespace myriad::cli
