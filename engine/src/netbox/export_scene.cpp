// Scene → NetBox (netbox.h): one record per object in export_records.h, written as the bulk-API
// JSON (netbox-bulk.json, related objects by natural key: slugs, rack and device names) and as
// NetBox's CSV import files (sites.csv … cables.csv, columns as NetBox 4.x's import forms).
#include "myriad/engine/csv.h"
#include "myriad/engine/netbox/netbox.h"
#include "netbox/export_records.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace myriad::engine::netbox
{

using ojson = nlohmann::ordered_json;
using namespace detail;

namespace
{

/** One CSV table: header then rows, every field through csvField. */
std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows)
{
  std::ostringstream os;
  const auto line = [&os](const std::vector<std::string>& fields)
  {
    for (std::size_t i = 0; i < fields.size(); ++i)
      os << (i ? "," : "") << csvField(fields[i]);
    os << '\n';
  };
  line(header);
  for (const auto& row : rows)
    line(row);
  return os.str();
}

/** Custom field values for the API: numbers for decimal and integer fields, unset ones left out. */
ojson customFields(const CustomValues& fields)
{
  ojson j = ojson::object();
  for (const auto& [key, value] : fields)
  {
    if (value.empty())
      continue;
    const std::string type = customFieldType(key);
    if (type == "integer")
      j[key] = std::stol(value);
    else if (type == "decimal")
      j[key] = std::stod(value);
    else
      j[key] = value;
  }
  return j;
}

std::vector<std::string> withCustom(std::vector<std::string> row, const CustomValues& cf)
{
  for (const auto& kv : cf)
    row.push_back(kv.second);
  return row;
}

std::vector<std::string> customHeader(std::vector<std::string> header,
                                      const std::vector<std::string>& keys)
{
  for (const auto& key : keys)
    header.push_back("cf_" + key);
  return header;
}

ojson bulkJson(const ExportRecords& r)
{
  ojson j;
  j["format"] = "myriad-netbox-export/1";
  j["site"] = { { "name", r.siteName }, { "slug", r.siteSlug }, { "status", "planned" } };
  j["customFields"] = ojson::array();
  for (const auto& cf : r.customFieldDefs)
    j["customFields"].push_back({ { "name", cf.name },
                                  { "label", cf.label },
                                  { "type", cf.type },
                                  { "object_types", { cf.objectType } },
                                  { "description", cf.description } });
  j["manufacturers"] = ojson::array();
  for (const auto& [slug, name] : r.manufacturers)
    j["manufacturers"].push_back({ { "name", name }, { "slug", slug } });
  j["deviceRoles"] = ojson::array();
  for (const auto& [slug, role] : r.roles)
    j["deviceRoles"].push_back(
      { { "name", role.first }, { "slug", slug }, { "color", role.second } });
  j["deviceTypes"] = ojson::array();
  for (const auto& t : r.types)
    j["deviceTypes"].push_back({ { "manufacturer", { { "slug", t.manufacturerSlug } } },
                                 { "model", t.model },
                                 { "slug", t.slug },
                                 { "u_height", t.uHeight },
                                 { "is_full_depth", true } });
  j["locations"] = ojson::array();
  for (const auto& l : r.locations)
    j["locations"].push_back({ { "name", l.name },
                               { "slug", l.slug },
                               { "site", { { "slug", r.siteSlug } } },
                               { "status", "planned" },
                               { "custom_fields", customFields(l.custom) } });
  j["racks"] = ojson::array();
  for (const auto& k : r.racks)
    j["racks"].push_back({ { "name", k.name },
                           { "site", { { "slug", r.siteSlug } } },
                           { "location", { { "slug", k.location } } },
                           { "status", "planned" },
                           { "form_factor", "4-post-cabinet" },
                           { "width", 19 },
                           { "u_height", k.uHeight },
                           { "outer_width", k.outerWidthMm },
                           { "outer_depth", k.outerDepthMm },
                           { "outer_unit", "mm" },
                           { "custom_fields", customFields(k.custom) } });
  j["devices"] = ojson::array();
  for (const auto& d : r.devices)
    j["devices"].push_back({ { "name", d.name },
                             { "device_type", { { "slug", d.typeSlug } } },
                             { "role", { { "slug", d.roleSlug } } },
                             { "site", { { "slug", r.siteSlug } } },
                             { "location", { { "slug", d.location } } },
                             { "rack", { { "name", d.rack } } },
                             { "position", d.position },
                             { "face", "front" },
                             { "status", "planned" },
                             { "custom_fields", customFields(d.custom) } });
  j["interfaces"] = ojson::array();
  for (const auto& i : r.interfaces)
    j["interfaces"].push_back(
      { { "device", { { "name", i.device } } }, { "name", i.name }, { "type", i.type } });
  j["cables"] = ojson::array();
  for (const auto& c : r.cables)
  {
    const auto end = [](const std::string& device, const std::string& name)
    {
      return ojson::array(
        { { { "object_type", "dcim.interface" }, { "device", device }, { "name", name } } });
    };
    ojson cable = { { "a_terminations", end(c.aDevice, c.aPort) },
                    { "b_terminations", end(c.bDevice, c.bPort) },
                    { "type", c.type },
                    { "status", "planned" },
                    { "label", c.label } };
    if (c.lengthM > 0)
    {
      cable["length"] = std::stod(decimalText(c.lengthM));
      cable["length_unit"] = "m";
    }
    j["cables"].push_back(std::move(cable));
  }
  return j;
}

void writeCsvFiles(const ExportRecords& r, std::map<std::string, std::string>& files)
{
  files["sites.csv"] =
    table({ "name", "slug", "status" }, { { r.siteName, r.siteSlug, "planned" } });
  std::vector<std::vector<std::string>> rows;
  for (const auto& cf : r.customFieldDefs)
    rows.push_back({ cf.name, cf.label, cf.type, cf.objectType, cf.description });
  files["custom-fields.csv"] =
    table({ "name", "label", "type", "object_types", "description" }, rows);
  rows.clear();
  for (const auto& l : r.locations)
    rows.push_back(withCustom({ r.siteSlug, l.name, l.slug, "planned" }, l.custom));
  files["locations.csv"] =
    table(customHeader({ "site", "name", "slug", "status" }, locationCustomKeys()), rows);
  rows.clear();
  for (const auto& [slug, name] : r.manufacturers)
    rows.push_back({ name, slug });
  files["manufacturers.csv"] = table({ "name", "slug" }, rows);
  rows.clear();
  for (const auto& [slug, role] : r.roles)
    rows.push_back({ role.first, slug, role.second });
  files["device-roles.csv"] = table({ "name", "slug", "color" }, rows);
  rows.clear();
  for (const auto& t : r.types)
    rows.push_back({ t.manufacturerSlug, t.model, t.slug, decimalText(t.uHeight), "true" });
  files["device-types.csv"] =
    table({ "manufacturer", "model", "slug", "u_height", "is_full_depth" }, rows);
  rows.clear();
  for (const auto& k : r.racks)
    rows.push_back(withCustom({ r.siteSlug, k.location, k.name, "planned", "4-post-cabinet", "19",
                                std::to_string(k.uHeight), decimalText(k.outerWidthMm),
                                decimalText(k.outerDepthMm), "mm" },
                              k.custom));
  files["racks.csv"] =
    table(customHeader({ "site", "location", "name", "status", "form_factor", "width", "u_height",
                         "outer_width", "outer_depth", "outer_unit" },
                       rackCustomKeys()),
          rows);
  rows.clear();
  for (const auto& d : r.devices)
    rows.push_back(
      withCustom({ d.name, d.roleSlug, d.manufacturerSlug, d.typeSlug, r.siteSlug, d.location,
                   d.rack, std::to_string(d.position), "front", "planned" },
                 d.custom));
  files["devices.csv"] = table(customHeader({ "name", "role", "manufacturer", "device_type", "site",
                                              "location", "rack", "position", "face", "status" },
                                            deviceCustomKeys()),
                               rows);
  rows.clear();
  for (const auto& i : r.interfaces)
    rows.push_back({ i.device, i.name, i.type });
  files["interfaces.csv"] = table({ "device", "name", "type" }, rows);
  rows.clear();
  for (const auto& c : r.cables)
    rows.push_back({ c.aDevice, "dcim.interface", c.aPort, c.bDevice, "dcim.interface", c.bPort,
                     c.type, "planned", c.lengthM > 0 ? decimalText(c.lengthM) : "",
                     c.lengthM > 0 ? "m" : "", c.label });
  files["cables.csv"] =
    table({ "side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type",
            "side_b_name", "type", "status", "length", "length_unit", "label" },
          rows);
}

} // namespace

ExportFiles exportScene(const Scene& scene, const Catalog& catalog, const std::string& siteSlug)
{
  const ExportRecords records = collectRecords(scene, catalog, siteSlug);
  ExportFiles out;
  out.files["netbox-bulk.json"] = bulkJson(records).dump(1, '\t') + "\n";
  writeCsvFiles(records, out.files);
  out.racks = static_cast<int>(records.racks.size());
  out.devices = static_cast<int>(records.devices.size());
  out.interfaces = static_cast<int>(records.interfaces.size());
  out.cables = static_cast<int>(records.cables.size());
  return out;
}

} // namespace myriad::engine::netbox
