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

/**
 * The sites of a multi-site scene (schema 2): "sites", "links" and each hall's "site"; the halls
 * are read before. Errors name the JSON path: unknown reference site, missing location, links to
 * unknown sites, a hall at no site or at an unknown one.
 */
void readSceneSites(const JsonReader& reader, const nlohmann::json& root, const Catalog& catalog,
                    Scene& scene);
/** "sites" and "links" of the scene, when it has sites. */
void writeSceneSites(const Scene& scene, nlohmann::ordered_json& out);

/** Canonical output: keys in a fixed order, so equal scenes give identical bytes. */
nlohmann::ordered_json writeSceneJson(const Scene& scene);
nlohmann::ordered_json writeSpecJson(const GeneratorSpec& spec);

} // namespace myriad::engine::detail
