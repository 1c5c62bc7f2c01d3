#pragma once
/**
 * @file site_json.h
 * Reading sites and DCI links, shared by the siting study (study_json.cpp) and the multi-site
 * scene (io/scene_sites_json.cpp): strict, every error names the file, the JSON path and the
 * expected form.
 */

#include "io/json_reader.h"
#include "myriad/engine/model.h"
#include "myriad/engine/siting/geo.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::siting::detail
{

using Json = nlohmann::json;
using engine::detail::JsonReader;

/** "a, b, c": the known names an error lists. */
std::string joinNames(const std::vector<std::string>& names);

/** Economics overrides at `path`/inputs as canonical JSON ("" when absent), checked now. */
std::string inputsAt(const JsonReader& r, const Json& parent, const std::string& path,
                     const Catalog& catalog);

/** A reference site id under `key` (samples/reference/sites.json). */
std::string referenceSiteAt(const JsonReader& r, const Json& parent, const std::string& path,
                            const std::string& key, const Catalog& catalog);

/**
 * "latitude"/"longitude" (both or neither); neither: nullopt, after checking that the reference
 * site has a location.
 */
std::optional<GeoPoint> locationAt(const JsonReader& r, const Json& json, const std::string& path,
                                   const std::string& referenceSite, const Catalog& catalog);

/** "optic": a DCI optic id, `fallback` when absent. */
std::string opticAt(const JsonReader& r, const Json& parent, const std::string& path,
                    const std::string& fallback, const Catalog& catalog);

/** "channels": 1–10,000 wavelengths per direction, `fallback` when absent. */
int channelsAt(const JsonReader& r, const Json& json, const std::string& path, int fallback);

/** "routeFactor": 1–10, nullopt when absent. */
std::optional<double> routeFactorAt(const JsonReader& r, const Json& json, const std::string& path);

/**
 * A link object: "from" and "to" among `sites` (`sitesWhat` names them in errors), distinct;
 * the other keys default to `defaults`.
 */
SiteLink linkAt(const JsonReader& r, const Json& json, const std::string& path,
                const SiteLink& defaults, const std::vector<std::string>& sites,
                const std::string& sitesWhat, const Catalog& catalog);

/** A list of links at `key` (absent: none), at most one per pair of sites. */
std::vector<SiteLink> linksAt(const JsonReader& r, const Json& root, const std::string& key,
                              const SiteLink& defaults, const std::vector<std::string>& sites,
                              const std::string& sitesWhat, const Catalog& catalog);

} // namespace myriad::engine::siting::detail
