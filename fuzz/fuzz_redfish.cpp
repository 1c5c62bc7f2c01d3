/**
 * @file fuzz_redfish.cpp
 * libFuzzer target: telemetry::parseRedfish on arbitrary bytes. It never throws (parsers.h), and
 * the snapshot's samples reference its own entities and metrics (fuzz_common.h).
 */
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  myriad::fuzz::checkTelemetryParser(
    "parseRedfish", data, size,
    [](std::string_view text, const auto& options)
    { return myriad::engine::telemetry::parseRedfish(text, options); });
  return 0;
}
