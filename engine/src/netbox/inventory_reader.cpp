// NetBox list pages → Inventory (netbox.h). Reads the shapes of NetBox 3.7 and 4.x: choice
// fields as {value,label} or plain text, nested objects by id, device_role (3.7) or role (4.x),
// rack type (3.7) or form_factor (4.x), cable a_terminations / b_terminations.
#include "io/json_reader.h"
#include "myriad/engine/netbox/netbox.h"
#include "netbox/netbox_json.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::netbox
{

using nlohmann::json;
using namespace myriad::engine::detail;

const std::vector<std::string>& importEndpoints()
{
  static const std::vector<std::string> endpoints = {
    "dcim/sites",
    "dcim/locations",
    "dcim/racks",
    "dcim/device-types",
    "dcim/power-port-templates",
    "dcim/devices",
    "dcim/interfaces",
    "dcim/cables",
    "dcim/power-panels",
    "dcim/power-feeds",
    "plugins/floorplan/floorplans",
  };
  return endpoints;
}

bool endpointOptional(const std::string& endpoint)
{
  return endpoint.rfind("plugins/", 0) == 0 || endpoint.rfind("dcim/power-", 0) == 0 ||
         endpoint == "dcim/locations";
}

namespace
{

/** Metres per unit of NetBox's rack outer_unit and cable length_unit choices. */
double metresPer(const std::string& unit)
{
  if (unit == "mm")
    return 0.001;
  if (unit == "cm")
    return 0.01;
  if (unit == "in")
    return 0.0254;
  if (unit == "ft")
    return 0.3048;
  if (unit == "km")
    return 1000;
  if (unit == "mi")
    return 1609.344;
  return 1; // "m" and absent
}

NbSite readSite(const Item& it)
{
  return { it.id(), it.text("name"), it.text("slug") };
}

NbLocation readLocation(const Item& it)
{
  return { it.id(), it.text("name"), it.text("slug"), it.ref("site"), it.customTexts("myriad_") };
}

NbRack readRack(const Item& it)
{
  NbRack rack;
  rack.id = it.id();
  rack.name = it.text("name");
  rack.facilityId = it.text("facility_id");
  rack.site = it.ref("site");
  rack.location = it.ref("location");
  rack.role = it.refSlug("role");
  rack.formFactor = it.has("form_factor") ? it.choice("form_factor") : it.choice("type");
  rack.uHeight = static_cast<int>(it.number("u_height").value_or(42));
  const double unit = metresPer(it.choice("outer_unit"));
  rack.outerWidthM = it.number("outer_width").value_or(0) * unit;
  rack.outerDepthM = it.number("outer_depth").value_or(0) * unit;
  rack.xM = it.customNumber("myriad_x_m");
  rack.yM = it.customNumber("myriad_y_m");
  rack.rotationDeg = it.customNumber("myriad_rotation_deg");
  rack.customFields = it.customTexts("myriad_");
  return rack;
}

NbDeviceType readDeviceType(const Item& it)
{
  NbDeviceType type;
  type.id = it.id();
  type.manufacturer = it.refName("manufacturer");
  type.model = it.text("model");
  type.slug = it.text("slug");
  type.uHeight = it.number("u_height").value_or(1);
  return type;
}

NbDevice readDevice(const Item& it)
{
  NbDevice device;
  device.id = it.id();
  device.name = it.text("name");
  if (device.name.empty())
    device.name = "device-" + std::to_string(device.id); // NetBox allows unnamed devices
  device.role = it.has("role") ? it.refSlug("role") : it.refSlug("device_role");
  device.deviceType = it.ref("device_type");
  device.site = it.ref("site");
  device.rack = it.ref("rack");
  device.position = it.number("position");
  device.face = it.choice("face");
  device.customFields = it.customTexts("myriad_");
  return device;
}

NbInterface readInterface(const Item& it)
{
  return { it.id(), it.ref("device"), it.text("name"), it.choice("type"), it.flag("mgmt_only") };
}

NbCable readCable(const Item& it)
{
  NbCable cable;
  cable.id = it.id();
  cable.type = it.choice("type");
  cable.label = it.text("label");
  cable.status = it.choice("status");
  if (const auto length = it.number("length"))
    cable.lengthM = *length * metresPer(it.choice("length_unit"));
  cable.otherTerminations = !it.interfaceTerminations("a_terminations", cable.aInterfaces) ||
                            !it.interfaceTerminations("b_terminations", cable.bInterfaces);
  return cable;
}

NbPowerPanel readPanel(const Item& it)
{
  return { it.id(), it.text("name"), it.ref("site"), it.ref("location") };
}

NbPowerFeed readFeed(const Item& it)
{
  NbPowerFeed feed;
  feed.id = it.id();
  feed.name = it.text("name");
  feed.panel = it.ref("power_panel");
  feed.rack = it.ref("rack");
  feed.voltageV = it.number("voltage").value_or(0);
  feed.amperage = it.number("amperage").value_or(0);
  feed.maxUtilizationPct = it.number("max_utilization").value_or(80);
  feed.threePhase = it.choice("phase") == "three-phase";
  return feed;
}

} // namespace

std::string InventoryReader::addPage(const std::string& endpoint, const std::string& text,
                                     const std::string& source)
{
  const json page = parseJsonBounded(text, source);
  const JsonReader reader(source);
  const json* results = &page;
  std::string next;
  std::string prefix;
  if (page.is_object())
  {
    if (!page.contains("results") || !page["results"].is_array())
      reader.fail("/results", "no list of results in the page",
                  "a NetBox list response {count, next, previous, results: [...]}");
    results = &page["results"];
    prefix = "/results";
    if (page.contains("next") && page["next"].is_string())
      next = page["next"].get<std::string>();
  }
  else if (!page.is_array())
    reader.fail("", "not a list page", "a NetBox list response or a JSON array of objects");

  Inventory& inv = m_inventory;
  for (std::size_t i = 0; i < results->size(); ++i)
  {
    const Item it(reader, (*results)[i], prefix + "/" + std::to_string(i), endpoint);
    if (endpoint == "dcim/sites")
      inv.sites.push_back(readSite(it));
    else if (endpoint == "dcim/locations")
      inv.locations.push_back(readLocation(it));
    else if (endpoint == "dcim/racks")
      inv.racks.push_back(readRack(it));
    else if (endpoint == "dcim/device-types")
      inv.deviceTypes.push_back(readDeviceType(it));
    else if (endpoint == "dcim/power-port-templates")
      m_drawByType[it.ref("device_type")] += it.number("maximum_draw").value_or(0);
    else if (endpoint == "dcim/devices")
      inv.devices.push_back(readDevice(it));
    else if (endpoint == "dcim/interfaces")
      inv.interfaces.push_back(readInterface(it));
    else if (endpoint == "dcim/cables")
      inv.cables.push_back(readCable(it));
    else if (endpoint == "dcim/power-panels")
      inv.panels.push_back(readPanel(it));
    else if (endpoint == "dcim/power-feeds")
      inv.feeds.push_back(readFeed(it));
    else if (endpoint == "plugins/floorplan/floorplans")
      readFloorplan(it, inv);
  }
  for (NbDeviceType& type : inv.deviceTypes)
  {
    if (const auto draw = m_drawByType.find(type.id); draw != m_drawByType.end())
      type.maximumDrawW = draw->second;
  }
  return next;
}

void InventoryReader::addStatus(const std::string& text, const std::string& source)
{
  const json status = parseJsonBounded(text, source);
  const JsonReader reader(source);
  if (!status.is_object() || !status.contains("netbox-version") ||
      !status["netbox-version"].is_string())
    reader.fail("/netbox-version", "no NetBox version",
                "the /api/status/ answer of NetBox 3.7 or later");
  m_inventory.version = status["netbox-version"].get<std::string>();
}

} // namespace myriad::engine::netbox
