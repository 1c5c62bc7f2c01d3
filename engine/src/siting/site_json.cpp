// Reading sites and DCI links (site_json.h).
#include "siting/site_json.h"

#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/siting/dci.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace myriad::engine::siting::detail
{

std::string joinNames(const std::vector<std::string>& names)
{
  std::string list;
  for (const auto& name : names)
  {
    list += (list.empty() ? "" : ", ") + name;
  }
  return list;
}

std::string inputsAt(const JsonReader& r, const Json& parent, const std::string& path,
                     const Catalog& catalog)
{
  if (!parent.contains("inputs"))
  {
    return {};
  }
  const Json& inputs = r.object(parent, "inputs", path);
  std::string text = inputs.dump();
  economics::EconomicsInputs checked;
  try
  {
    checked = economics::inputsWithOverrides(economics::EconomicsInputs{}, text, r.file());
  }
  catch (const LoadError& e)
  {
    const std::string inner = e.jsonPath() == "/" ? "" : e.jsonPath();
    throw LoadError(r.file(), path + "/inputs" + inner, e.detail(), e.expected());
  }
  try
  {
    economics::validateInputs(checked, catalog);
  }
  catch (const SpecError& e)
  {
    r.fail(path + "/inputs", e.what(), "economics inputs within their ranges");
  }
  return text;
}

std::string referenceSiteAt(const JsonReader& r, const Json& parent, const std::string& path,
                            const std::string& key, const Catalog& catalog)
{
  std::string id = r.string(parent, key, path);
  const auto known = economics::siteIds(catalog);
  if (std::find(known.begin(), known.end(), id) == known.end())
  {
    r.fail(path + "/" + key, "unknown site \"" + id + "\"", "one of " + joinNames(known));
  }
  return id;
}

std::optional<GeoPoint> locationAt(const JsonReader& r, const Json& json, const std::string& path,
                                   const std::string& referenceSite, const Catalog& catalog)
{
  if (json.contains("latitude") != json.contains("longitude"))
  {
    r.fail(path, "only one of latitude and longitude", "both, in decimal degrees, or neither");
  }
  if (json.contains("latitude"))
  {
    return GeoPoint{ r.numberIn(json, "latitude", path, 0, -90, 90, "degrees"),
                     r.numberIn(json, "longitude", path, 0, -180, 180, "degrees") };
  }
  try
  {
    (void)siteLocation(referenceSite, catalog);
  }
  catch (const SpecError& e)
  {
    r.fail(path, e.what(), "\"latitude\" and \"longitude\" in decimal degrees");
  }
  return std::nullopt;
}

std::string opticAt(const JsonReader& r, const Json& parent, const std::string& path,
                    const std::string& fallback, const Catalog& catalog)
{
  std::string id = r.stringOr(parent, "optic", path, fallback);
  const auto known = dciOpticIds(catalog);
  if (std::find(known.begin(), known.end(), id) == known.end())
  {
    r.fail(path + "/optic", "unknown DCI optic \"" + id + "\"", "one of " + joinNames(known));
  }
  return id;
}

int channelsAt(const JsonReader& r, const Json& json, const std::string& path, int fallback)
{
  const int channels = r.integerOr(json, "channels", path, fallback);
  if (channels < 1 || channels > 10000)
  {
    r.fail(path + "/channels", "got " + std::to_string(channels),
           "a whole number from 1 to 10,000 (wavelengths per direction)");
  }
  return channels;
}

std::optional<double> routeFactorAt(const JsonReader& r, const Json& json, const std::string& path)
{
  if (!json.contains("routeFactor"))
  {
    return std::nullopt;
  }
  return r.numberIn(json, "routeFactor", path, 1, 1, 10, "(route over great circle)");
}

SiteLink linkAt(const JsonReader& r, const Json& json, const std::string& path,
                const SiteLink& defaults, const std::vector<std::string>& sites,
                const std::string& sitesWhat, const Catalog& catalog)
{
  if (!json.is_object())
  {
    r.fail(path, "got " + engine::detail::describeJsonType(json), "a link object");
  }
  r.allowOnly(json, path,
              { "from", "to", "distanceKm", "routeFactor", "channels", "optic", "leased" });
  SiteLink link = defaults;
  for (const char* end : { "from", "to" })
  {
    const std::string id = r.string(json, end, path);
    if (std::find(sites.begin(), sites.end(), id) == sites.end())
    {
      r.fail(path + "/" + end, "unknown site \"" + id + "\"",
             sitesWhat + " (" + joinNames(sites) + ")");
    }
    (std::string(end) == "from" ? link.from : link.to) = id;
  }
  if (link.from == link.to)
  {
    r.fail(path + "/to", "the same site as \"from\"", "two different sites");
  }
  if (json.contains("distanceKm"))
  {
    const double km = r.number(json, "distanceKm", path, "a fibre route length in km");
    if (!(km > 0) || km > 40000)
    {
      std::ostringstream got;
      got << "got " << km;
      r.fail(path + "/distanceKm", got.str(), "a length in km, > 0 and ≤ 40,000");
    }
    link.distanceKm = km;
  }
  if (const auto factor = routeFactorAt(r, json, path))
  {
    link.routeFactor = factor;
  }
  link.channels = channelsAt(r, json, path, link.channels);
  link.optic = opticAt(r, json, path, link.optic, catalog);
  link.leased = r.booleanOr(json, "leased", path, link.leased);
  return link;
}

std::vector<SiteLink> linksAt(const JsonReader& r, const Json& root, const std::string& key,
                              const SiteLink& defaults, const std::vector<std::string>& sites,
                              const std::string& sitesWhat, const Catalog& catalog)
{
  std::vector<SiteLink> links;
  if (!root.contains(key))
  {
    return links;
  }
  const Json& list = r.array(root, key, "");
  std::set<std::pair<std::string, std::string>> seen;
  for (std::size_t i = 0; i < list.size(); ++i)
  {
    const std::string path = "/" + key + "/" + std::to_string(i);
    SiteLink link = linkAt(r, list[i], path, defaults, sites, sitesWhat, catalog);
    const auto pair = std::minmax(link.from, link.to);
    if (!seen.insert(pair).second)
    {
      r.fail(path, "a second link between " + link.from + " and " + link.to,
             "one link per pair of sites");
    }
    links.push_back(std::move(link));
  }
  return links;
}

} // namespace myriad::engine::siting::detail
