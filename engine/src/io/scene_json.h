#pragma once
// Internal JSON mapping of scene documents (see scene_io.h for the public entry points).
#include "io/json_reader.h"
#include "myriad/engine/model.h"

#include <nlohmann/json.hpp>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::detail
{

Scene readSceneJson(const JsonReader& reader, const nlohmann::json& root, const Catalog& catalog);
GeneratorSpec readSpecJson(const JsonReader& reader, const nlohmann::json& json,
                           const std::string& path);

/** Canonical output: keys in a fixed order, so equal scenes give identical bytes. */
nlohmann::ordered_json writeSceneJson(const Scene& scene);
nlohmann::ordered_json writeSpecJson(const GeneratorSpec& spec);

} // namespace myriad::engine::detail
