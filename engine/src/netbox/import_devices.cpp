// Devices, parts and cables of a NetBox import (import_devices.h).
#include "netbox/import_devices.h"

#include "myriad/engine/catalog.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::netbox::detail
{

namespace
{

bool contains(const std::vector<std::string>& list, const std::string& value)
{
  return std::find(list.begin(), list.end(), value) != list.end();
}

int customInt(const NbDevice& device, const char* key, int fallback)
{
  const auto it = device.customFields.find(key);
  if (it == device.customFields.end())
    return fallback;
  char* end = nullptr;
  const long value = std::strtol(it->second.c_str(), &end, 10);
  return end != it->second.c_str() ? static_cast<int>(value) : fallback;
}

SwitchRole roleOf(const NbDevice& device)
{
  if (const auto r = device.customFields.find("myriad_role"); r != device.customFields.end())
  {
    if (const auto role = switchRoleFromString(r->second))
      return *role;
  }
  const std::string& slug = device.role;
  if (slug.find("spine") != std::string::npos)
    return SwitchRole::Spine;
  if (slug.find("core") != std::string::npos)
    return SwitchRole::Core;
  if (slug.find("mgmt") != std::string::npos || slug.find("manage") != std::string::npos)
    return SwitchRole::Management;
  if (slug.find("nvlink") != std::string::npos)
    return SwitchRole::NvLink;
  return SwitchRole::Leaf;
}

/** A comma-separated custom field ("0,1,2"), split; empty when unset. */
std::vector<std::string> splitList(const NbDevice& device, const char* key)
{
  std::vector<std::string> items;
  const auto it = device.customFields.find(key);
  if (it == device.customFields.end())
    return items;
  std::size_t start = 0;
  while (start <= it->second.size())
  {
    const std::size_t comma = std::min(it->second.find(',', start), it->second.size());
    items.push_back(it->second.substr(start, comma - start));
    start = comma + 1;
  }
  return items;
}

/** NIC rails: myriad_nic_rails ("0,1,…") when given, else NIC i on rail i (rail-optimised). */
std::vector<Nic> nicsOf(const NbDevice& device, int count)
{
  std::vector<Nic> nics;
  const auto rails = splitList(device, "myriad_nic_rails");
  for (int i = 0; i < count; ++i)
  {
    int rail = i;
    if (i < static_cast<int>(rails.size()))
    {
      char* end = nullptr;
      const long given = std::strtol(rails[i].c_str(), &end, 10);
      if (end != rails[i].c_str())
        rail = static_cast<int>(given);
    }
    nics.push_back({ i, rail });
  }
  return nics;
}

} // namespace

DeviceImporter::DeviceImporter(const Inventory& inventory, const Catalog& catalog,
                               const PartsMap& parts, ImportResult& result)
  : m_inv(inventory)
  , m_catalog(catalog)
  , m_parts(parts)
  , m_result(result)
{
  for (const auto& type : m_inv.deviceTypes)
    m_types[type.id] = &type;
}

void DeviceImporter::skip(const std::string& what)
{
  m_result.warnings.push_back(what);
  m_result.partial = true;
}

std::string DeviceImporter::uniqueId(const std::string& name, long netboxId)
{
  std::string id = name;
  if (!m_ids.insert(id).second)
  {
    id = name + "-" + std::to_string(netboxId);
    m_ids.insert(id);
  }
  return id;
}

DeviceImporter::Mapped DeviceImporter::mapDevice(const NbDevice& device, const NbDeviceType& type)
{
  const bool switchRole = contains(m_parts.switchRoles, device.role);
  if (const DeviceTypeMapping* m = m_parts.forType(type.slug, type.manufacturer, type.model))
  {
    if (const Part* part = m_catalog.find(m->part))
      return { part, false, part->category == "switch" };
    m_result.warnings.push_back("device type " + std::to_string(type.id) + " (" + type.slug +
                                "): mapped to part \"" + m->part +
                                "\", which the catalog does not hold; imported as a placeholder");
  }
  const int height = std::clamp(static_cast<int>(std::ceil(type.uHeight)), 1, switchRole ? 4 : 10);
  const std::string id = std::string("netbox-placeholder-") + (switchRole ? "switch-" : "server-") +
                         std::to_string(height) + "u";
  if (m_placeholderTypes.insert(type.slug).second)
    m_result.placeholders.push_back(type.slug);
  return { m_catalog.find(id), true, switchRole };
}

void DeviceImporter::fill(const NbRack& nbRack, Rack& rack, std::size_t hall)
{
  m_rackIds[rack.id] = nbRack.id;
  m_ids.insert(rack.id);
  double nameplateW = 0;
  bool anyPlaceholderDraw = false;
  for (const auto& device : m_inv.devices)
  {
    if (device.rack != nbRack.id || contains(m_parts.skipRoles, device.role))
      continue;
    const auto type = m_types.find(device.deviceType);
    if (type == m_types.end())
    {
      skip("device " + std::to_string(device.id) + " (" + device.name + "): device type " +
           std::to_string(device.deviceType) + " is not in the inventory; skipped");
      continue;
    }
    if (!device.position)
    {
      if (type->second->uHeight > 0)
        skip("device " + std::to_string(device.id) + " (" + device.name + ") in rack " + rack.id +
             " has no rack position; skipped");
      continue; // zero-U devices (PDUs on the rack's side) take no rack unit
    }
    const Mapped mapped = mapDevice(device, *type->second);
    if (!mapped.part)
    {
      skip("device " + std::to_string(device.id) + " (" + device.name +
           "): no catalog part of its height for a placeholder; skipped");
      continue;
    }
    const int slot = std::max(1, static_cast<int>(std::floor(*device.position)));
    const std::string id = uniqueId(device.name, device.id);
    m_deviceIds[device.id] = id;
    m_hallOfDevice[device.id] = hall;
    nameplateW +=
      mapped.placeholder ? type->second->maximumDrawW : mapped.part->valueOr("powerMaxW", 0);
    anyPlaceholderDraw =
      anyPlaceholderDraw || (mapped.placeholder && type->second->maximumDrawW > 0);
    if (mapped.isSwitch)
    {
      Switch sw;
      sw.id = id;
      sw.model = mapped.part->id;
      sw.role = roleOf(device);
      sw.slotU = slot;
      sw.scalableUnit = customInt(device, "myriad_su", -1);
      sw.rail = customInt(device, "myriad_rail", -1);
      sw.group = customInt(device, "myriad_group", -1);
      rack.switches.push_back(std::move(sw));
      ++m_result.devices;
      continue;
    }
    Node node;
    node.id = id;
    const auto hostname = device.customFields.find("myriad_hostname");
    node.hostname = hostname != device.customFields.end() ? hostname->second : device.name;
    node.model = mapped.part->id;
    node.slotU = slot;
    node.scalableUnit = customInt(device, "myriad_su", -1);
    const int gpus = static_cast<int>(mapped.part->valueOr("gpus", 0));
    const auto uuids = splitList(device, "myriad_gpu_uuids");
    for (int g = 0; g < gpus; ++g)
      node.gpus.push_back({ g, g < static_cast<int>(uuids.size()) ? uuids[g] : std::string() });
    node.nics = nicsOf(device, static_cast<int>(mapped.part->valueOr("computeNics", 0)));
    rack.nodes.push_back(std::move(node));
    ++m_result.devices;
  }
  if (anyPlaceholderDraw)
  {
    // Placeholder parts carry no power: the rack's power is the nameplate sum of what it holds.
    rack.powerW = nameplateW;
    rack.powerSource = PowerSource::Nameplate;
  }
}

std::map<long, Rack*> DeviceImporter::racksById(Hall& hall) const
{
  std::map<long, Rack*> out;
  for (auto& row : hall.rows)
  {
    for (auto& rack : row.racks)
    {
      if (const auto it = m_rackIds.find(rack.id); it != m_rackIds.end())
        out[it->second] = &rack;
    }
  }
  return out;
}

void DeviceImporter::importCables(Scene& scene)
{
  std::map<long, const NbInterface*> interfaces;
  for (const auto& i : m_inv.interfaces)
    interfaces[i.id] = &i;
  for (const auto& cable : m_inv.cables)
  {
    const std::string name = "cable " + std::to_string(cable.id);
    if (cable.otherTerminations || cable.aInterfaces.empty() || cable.bInterfaces.empty())
    {
      m_result.warnings.push_back(name + ": an end is not a device interface (front/rear port, "
                                         "power or circuit); not imported");
      continue;
    }
    const auto a = interfaces.find(cable.aInterfaces.front());
    const auto b = interfaces.find(cable.bInterfaces.front());
    if (a == interfaces.end() || b == interfaces.end())
    {
      const long missing =
        a == interfaces.end() ? cable.aInterfaces.front() : cable.bInterfaces.front();
      skip(name + ": interface " + std::to_string(missing) +
           " is not in the inventory; cable skipped");
      continue;
    }
    const auto da = m_deviceIds.find(a->second->device);
    const auto db = m_deviceIds.find(b->second->device);
    if (da == m_deviceIds.end() || db == m_deviceIds.end())
      continue; // an end outside the imported racks (another site or a skipped device)
    RecordedCable recorded;
    recorded.id = "nb-cable-" + std::to_string(cable.id);
    recorded.aDevice = da->second;
    recorded.aPort = a->second->name;
    recorded.bDevice = db->second;
    recorded.bPort = b->second->name;
    recorded.type = cable.type;
    recorded.lengthM = cable.lengthM.value_or(0);
    recorded.label = cable.label;
    scene.site.halls[m_hallOfDevice[a->second->device]].cables.push_back(std::move(recorded));
    ++m_result.cables;
  }
}

void DeviceImporter::warnUnplaced(const NbSite& site)
{
  std::set<long> knownRacks;
  for (const auto& rack : m_inv.racks)
    knownRacks.insert(rack.id);
  for (const auto& device : m_inv.devices)
  {
    if (device.site != site.id || m_deviceIds.count(device.id) ||
        contains(m_parts.skipRoles, device.role))
      continue;
    if (device.rack >= 0 && !knownRacks.count(device.rack))
      skip("device " + std::to_string(device.id) + " (" + device.name + "): rack " +
           std::to_string(device.rack) + " is not in the inventory; skipped");
    else if (device.rack < 0)
      m_result.warnings.push_back("device " + std::to_string(device.id) + " (" + device.name +
                                  "): not in a rack; not drawn");
  }
}

} // namespace myriad::engine::netbox::detail
