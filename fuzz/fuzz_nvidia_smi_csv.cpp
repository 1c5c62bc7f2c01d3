/**
 * @file fuzz_nvidia_smi_csv.cpp
 * libFuzzer target: telemetry::parseNvidiaSmiCsv on arbitrary bytes. It never throws (parsers.h),
 * and the snapshot's samples reference its own entities and metrics (fuzz_common.h).
 */
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  myriad::fuzz::checkTelemetryParser(
    "parseNvidiaSmiCsv", data, size,
    [](std::string_view text, const auto& options)
    { return myriad::engine::telemetry::parseNvidiaSmiCsv(text, options); });
  return 0;
}
