/**
 * @file fuzz_scene.cpp
 * libFuzzer target: sceneFromJson (scene_io.h) on arbitrary bytes, validation off as the app
 * opens documents. It returns a scene or throws LoadError. A scene it returns must save and read
 * back to an equal scene whose saved text is the same (the format is canonical), its evaluation
 * context must convert to inputs (the reader checked it), and validateScene must report, not
 * throw (sceneFromJson with validation on calls it).
 */
#include "fuzz_common.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/validation.h"

namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text = fuzz::text(data, size);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  engine::Scene scene;
  if (!fuzz::accepts<engine::LoadError>(
        "sceneFromJson", [&] { scene = engine::sceneFromJson(text, "fuzz.json", catalog, false); }))
    return 0;

  const std::string saved =
    fuzz::mustSucceed("sceneToJson", [&] { return engine::sceneToJson(scene); });
  const engine::Scene again =
    fuzz::mustSucceed("reading the saved scene",
                      [&] { return engine::sceneFromJson(saved, "saved.json", catalog, false); });
  if (!(again == scene))
    fuzz::fail("the saved scene reads back different:\n" + saved);
  if (engine::sceneToJson(again) != saved)
    fuzz::fail("saving the re-read scene gives other text:\n" + saved);

  (void)fuzz::mustSucceed("documentInputs",
                          [&] { return engine::economics::documentInputs(scene); });
  (void)fuzz::mustSucceed("validateScene", [&] { return engine::validateScene(scene, catalog); });
  return 0;
}
