// libFuzzer target: telemetry::parsePrometheusText on arbitrary bytes (see fuzz/run-fuzz.sh).
#include "fuzz_common.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  myriad::fuzz::checkSnapshot(
    myriad::engine::telemetry::parsePrometheusText(text, myriad::fuzz::fuzzOptions()));
  return 0;
}
