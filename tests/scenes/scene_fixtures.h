#pragma once
// Shared helpers of the scene tests: sample loading and the display gate.

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/model.h"
#include "myriad/engine/scene_io.h"
#include "myriad/scenes/hall_scene.h"

#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace myriad::tests
{

/** samples/<name>.json when present, else the built-in spec of the same name, generated. */
inline engine::Scene loadSample(const std::string& name)
{
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const std::string path = std::string(MYRIAD_SOURCE_DIR) + "/samples/" + name + ".json";
  if (std::filesystem::exists(path))
  {
    return engine::loadScene(path, catalog);
  }
  return engine::generateScene(engine::builtinSpec(name), catalog);
}

/**
 * True when GL tests can run. Without a display they are skipped on a developer machine but
 * fail under CI=true, so a missing Xvfb cannot hide them (CTest counts a skip as a pass).
 */
inline bool requireDisplay()
{
  const std::string problem = scenes::displayError();
  if (problem.empty())
  {
    return true;
  }
  const char* ci = std::getenv("CI");
  if (ci && std::string(ci) == "true")
  {
    qFatal("GL test without a display under CI: %s", problem.c_str());
  }
  return false;
}

} // namespace myriad::tests
