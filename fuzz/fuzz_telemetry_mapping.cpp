/**
 * @file fuzz_telemetry_mapping.cpp
 * libFuzzer target: telemetry::mappingOptionsFromJson (mapping.h; the `telemetry --map` file) on
 * arbitrary bytes: options or LoadError. The host pattern it returns is then expanded as
 * mapSnapshot does for every node, which must not fail.
 */
#include "fuzz_common.h"

#include "myriad/engine/telemetry/mapping.h"

namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;
namespace tel = myriad::engine::telemetry;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text = fuzz::text(data, size);
  tel::MappingOptions options;
  if (!fuzz::accepts<engine::LoadError>(
        "mappingOptionsFromJson",
        [&] { options = tel::mappingOptionsFromJson(text, "fuzz.json"); }))
    return 0;
  (void)fuzz::mustSucceed("expandHostPattern", [&]
                          { return tel::expandHostPattern(options.hostPattern, 0, 1, 11, 3, 42); });
  return 0;
}
