/**
 * @file fuzz_prometheus_json.cpp
 * libFuzzer target: telemetry::parsePrometheusJson on arbitrary bytes. It never throws (parsers.h),
 * and the snapshot's samples reference its own entities and metrics (fuzz_common.h).
 */
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  myriad::fuzz::checkTelemetryParser(
    "parsePrometheusJson", data, size,
    [](std::string_view text, const auto& options)
    { return myriad::engine::telemetry::parsePrometheusJson(text, options); });
  return 0;
}
