/**
 * @file fuzz_scenarios.cpp
 * libFuzzer target: the scenario readers on arbitrary bytes. Scenarios live in a scene document,
 * so the input is spliced in as the "scenarios" value of the lab-256 scene (generated once from
 * the built-in spec, without GPU and NIC lists; the seeds are the scenarios of
 * samples/scenarios/); sceneFromJson returns or throws LoadError. Then each scenario is used as
 * the dashboard uses it: scenarioInputs (returns or throws LoadError) and applyScenarioEdits
 * (returns or throws SpecError). A scene its edits produce must save and read back: an edit must
 * never make a document the reader refuses.
 */
#include "fuzz_common.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/economics/scenarios.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

namespace econ = myriad::engine::economics;
namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

namespace
{

/** The lab-256 scene's text up to (without) its closing brace. */
const std::string& baseSceneHead()
{
  static const std::string head = []
  {
    const engine::Catalog& catalog = engine::Catalog::builtin();
    engine::Scene scene = engine::generateScene(engine::builtinSpec("lab-256"), catalog);
    // The per-node GPU and NIC lists are 4/5 of the text and no scenario names them: without
    // them each input parses about four times faster.
    for (auto& hall : scene.site.halls)
      for (auto& row : hall.rows)
        for (auto& rack : row.racks)
          for (auto& node : rack.nodes)
          {
            node.gpus.clear();
            node.nics.clear();
          }
    std::string text = engine::sceneToJson(scene);
    text.resize(text.rfind('}'));
    return text;
  }();
  return head;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text =
    baseSceneHead() + ",\n\"scenarios\": " + fuzz::text(data, size) + "\n}\n";
  const engine::Catalog& catalog = engine::Catalog::builtin();
  engine::Scene scene;
  if (!fuzz::accepts<engine::LoadError>(
        "sceneFromJson", [&] { scene = engine::sceneFromJson(text, "fuzz.json", catalog, false); }))
    return 0;

  const econ::EconomicsInputs base =
    fuzz::mustSucceed("documentInputs", [&] { return econ::documentInputs(scene); });
  for (const engine::Scenario& scenario : scene.scenarios)
  {
    (void)fuzz::accepts<engine::LoadError>("scenarioInputs",
                                           [&] { (void)econ::scenarioInputs(scenario, base); });
    engine::Scene edited;
    if (!fuzz::accepts<engine::SpecError>(
          "applyScenarioEdits",
          [&] { edited = econ::applyScenarioEdits(scene, scenario, catalog); }))
      continue;
    const std::string saved =
      fuzz::mustSucceed("sceneToJson", [&] { return engine::sceneToJson(edited); });
    (void)fuzz::mustSucceed(
      "reading the edited scene",
      [&] { return engine::sceneFromJson(saved, "edited.json", catalog, false); });
  }
  return 0;
}
