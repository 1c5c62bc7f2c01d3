#pragma once
/**
 * @file csv.h
 * Writing CSV tables (the fabric's BOM and cut sheet, the sweep's table, the report's figures).
 */

#include <string>

namespace myriad::engine
{

/** One CSV field (RFC 4180): quoted, inner quotes doubled, when it holds , " CR or LF. */
std::string csvField(const std::string& text);

} // namespace myriad::engine
