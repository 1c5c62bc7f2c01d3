/**
 * @file fuzz_spec.cpp
 * libFuzzer target: specFromJson (generator.h) on arbitrary bytes: a GeneratorSpec or LoadError.
 * A spec it returns must survive a scene's save and read (the "spec" object of a scene document
 * has the same keys) unchanged. The generator itself is not run: a valid spec may ask for a very
 * large hall, which is slow rather than wrong.
 */
#include "fuzz_common.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text = fuzz::text(data, size);
  engine::GeneratorSpec spec;
  if (!fuzz::accepts<engine::LoadError>("specFromJson",
                                        [&] { spec = engine::specFromJson(text, "fuzz.json"); }))
    return 0;

  engine::Scene scene;
  scene.site.name = "fuzz";
  scene.spec = spec;
  const std::string saved =
    fuzz::mustSucceed("sceneToJson", [&] { return engine::sceneToJson(scene); });
  const engine::Scene again = fuzz::mustSucceed(
    "reading the saved spec",
    [&] { return engine::sceneFromJson(saved, "saved.json", engine::Catalog::builtin(), false); });
  if (again.spec != scene.spec)
    fuzz::fail("the saved spec reads back different:\n" + saved);
  return 0;
}
