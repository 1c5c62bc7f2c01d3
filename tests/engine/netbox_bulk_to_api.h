#pragma once
// What NetBox would answer on its list endpoints after loading an export's netbox-bulk.json:
// objects get ids in order, related objects become nested briefs {id, url, display, name, slug},
// choice fields {value, label}, cable ends {object_type, object_id}. The round trip test and the
// NetBox benchmark use it to stand in for a NetBox between export and import (shapes of NetBox
// 4.1, as in tests/netbox/fixtures/netbox-4.1).
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace myriad::test
{

using nlohmann::json;

class NetboxFromBulk
{
public:
  explicit NetboxFromBulk(const json& bulk)
  {
    const json site = { { "id", 1 },
                        { "name", bulk["site"]["name"] },
                        { "slug", bulk["site"]["slug"] } };
    add("dcim/sites", site);
    for (const auto& l : bulk["locations"])
      add("dcim/locations", { { "name", l["name"] },
                              { "slug", l["slug"] },
                              { "site", brief(site) },
                              { "custom_fields", l["custom_fields"] } });
    for (const auto& m : bulk["manufacturers"])
      m_manufacturers[m["slug"]] = { { "id", m_manufacturers.size() + 1 },
                                     { "name", m["name"] },
                                     { "slug", m["slug"] } };
    for (const auto& t : bulk["deviceTypes"])
      add("dcim/device-types", { { "manufacturer", m_manufacturers.at(t["manufacturer"]["slug"]) },
                                 { "model", t["model"] },
                                 { "slug", t["slug"] },
                                 { "u_height", t["u_height"] } });
    for (const auto& r : bulk["racks"])
      add("dcim/racks",
          { { "name", r["name"] },
            { "site", brief(site) },
            { "location", brief(find("dcim/locations", "slug", r["location"]["slug"])) },
            { "form_factor", { { "value", r["form_factor"] }, { "label", "4-post cabinet" } } },
            { "u_height", r["u_height"] },
            { "outer_width", r["outer_width"] },
            { "outer_depth", r["outer_depth"] },
            { "outer_unit", { { "value", "mm" }, { "label", "Millimeters" } } },
            { "custom_fields", r["custom_fields"] } });
    devices(bulk, site);
    for (const auto& i : bulk["interfaces"])
    {
      const json& device = m_byName.at("dcim/devices").at(i["device"]["name"]);
      add("dcim/interfaces", { { "device", brief(device) },
                               { "name", i["name"] },
                               { "type", { { "value", i["type"] }, { "label", i["type"] } } },
                               { "mgmt_only", false } });
      m_interfaceIds[device["name"].get<std::string>() + "\n" + i["name"].get<std::string>()] =
        m_lists["dcim/interfaces"].back()["id"];
    }
    for (const auto& c : bulk["cables"])
    {
      json cable = { { "type", c["type"] },
                     { "status", { { "value", "planned" }, { "label", "Planned" } } },
                     { "label", c["label"] },
                     { "a_terminations", ends(c["a_terminations"]) },
                     { "b_terminations", ends(c["b_terminations"]) } };
      if (c.contains("length"))
      {
        cable["length"] = c["length"];
        cable["length_unit"] = { { "value", "m" }, { "label", "Meters" } };
      }
      add("dcim/cables", cable);
    }
  }

  /** Write one page per endpoint (DIR/dcim/racks.json, …) and status.json. */
  void writeFolder(const std::filesystem::path& dir) const
  {
    std::filesystem::create_directories(dir / "dcim");
    std::ofstream(dir / "status.json") << json{ { "netbox-version", "4.1.9" } }.dump();
    for (const char* endpoint : { "dcim/sites", "dcim/locations", "dcim/racks", "dcim/device-types",
                                  "dcim/devices", "dcim/interfaces", "dcim/cables" })
    {
      const auto it = m_lists.find(endpoint);
      const json results = it == m_lists.end() ? json::array() : it->second;
      std::ofstream(dir / (std::string(endpoint) + ".json")) << json{
        { "count", results.size() },
        { "next", nullptr },
        { "previous", nullptr },
        { "results", results }
      }.dump();
    }
  }

private:
  static json brief(const json& object)
  {
    json b = { { "id", object["id"] } };
    for (const char* key : { "name", "slug", "model" })
      if (object.contains(key))
        b[key] = object[key];
    return b;
  }

  void add(const std::string& endpoint, json object)
  {
    json& list = m_lists[endpoint];
    object["id"] = list.size() + 1;
    if (object.contains("name"))
      m_byName[endpoint][object["name"].get<std::string>()] = object;
    list.push_back(std::move(object));
  }

  const json& find(const std::string& endpoint, const char* key, const json& value) const
  {
    for (const auto& o : m_lists.at(endpoint))
      if (o[key] == value)
        return o;
    throw std::runtime_error("no " + endpoint + " with " + key + " " + value.dump());
  }

  void devices(const json& bulk, const json& site)
  {
    std::map<std::string, json> roles;
    for (const auto& d : bulk["devices"])
    {
      const std::string role = d["role"]["slug"];
      if (!roles.count(role))
        roles[role] = { { "id", roles.size() + 1 }, { "name", role }, { "slug", role } };
      add("dcim/devices",
          { { "name", d["name"] },
            { "device_type", brief(find("dcim/device-types", "slug", d["device_type"]["slug"])) },
            { "role", roles[role] },
            { "site", brief(site) },
            { "rack", brief(m_byName.at("dcim/racks").at(d["rack"]["name"])) },
            { "position", d["position"] },
            { "face", { { "value", "front" }, { "label", "Front" } } },
            { "custom_fields", d["custom_fields"] } });
    }
  }

  json ends(const json& terminations) const
  {
    json out = json::array();
    for (const auto& t : terminations)
      out.push_back({ { "object_type", "dcim.interface" },
                      { "object_id", m_interfaceIds.at(t["device"].get<std::string>() + "\n" +
                                                       t["name"].get<std::string>()) } });
    return out;
  }

  std::map<std::string, json> m_lists;
  std::map<std::string, std::map<std::string, json>> m_byName;
  std::map<std::string, json> m_manufacturers;
  std::map<std::string, long> m_interfaceIds;
};

} // namespace myriad::test
