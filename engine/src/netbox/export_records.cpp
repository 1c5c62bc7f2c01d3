// The NetBox objects of an export (export_records.h). Cables come from the fabric Myriad routes
// for the scene (fabric/cabling.h: the same cables, lengths and media as the cut sheet); a
// hall's recorded cables that the fabric does not hold are added as recorded.
#include "netbox/export_records.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/netbox/netbox.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <tuple>

namespace myriad::engine::netbox::detail
{

namespace
{

const char* roleSlug(SwitchRole role)
{
  switch (role)
  {
    case SwitchRole::Leaf:
      return "leaf-switch";
    case SwitchRole::Spine:
      return "spine-switch";
    case SwitchRole::Core:
      return "core-switch";
    case SwitchRole::Management:
      return "mgmt-switch";
    case SwitchRole::NvLink:
      return "nvlink-switch";
  }
  return "leaf-switch";
}

/** NetBox interface type of a fabric port: InfiniBand by generation, else Ethernet by rate. */
std::string interfaceType(double rateBps, const std::string& technology)
{
  const long gbps = std::lround(rateBps / 1e9);
  if (technology == "infiniband")
    return gbps >= 800   ? "infiniband-xdr"
           : gbps >= 400 ? "infiniband-ndr"
           : gbps >= 200 ? "infiniband-hdr"
                         : "infiniband-edr";
  if (gbps >= 800)
    return "800gbase-x-osfp";
  if (gbps >= 400)
    return "400gbase-x-osfp";
  if (gbps >= 200)
    return "200gbase-x-qsfp56";
  if (gbps >= 100)
    return "100gbase-x-qsfp28";
  return "other";
}

/** NetBox cable type of a medium (its catalog cable's "medium" attribute). */
std::string cableType(const Catalog& catalog, const fabric::Medium& medium)
{
  const Part* cable = catalog.find(medium.cablePart);
  const auto it = cable ? cable->attributes.find("medium") : decltype(cable->attributes.end()){};
  const std::string kind = cable && it != cable->attributes.end() ? it->second : "";
  if (kind == "passive-copper")
    return "dac-passive";
  if (kind == "active-copper")
    return "dac-active";
  if (kind == "multimode")
    return "mmf-om4";
  if (kind == "singlemode")
    return "smf-os2";
  return "";
}

class Collector
{
public:
  Collector(const Scene& scene, const Catalog& catalog, ExportRecords& out)
    : m_scene(scene)
    , m_catalog(catalog)
    , m_out(out)
  {
  }

  void devicesAndRacks();
  void fabricCables();
  void recordedCables();

private:
  const TypeRecord& typeOf(const std::string& partId);
  void addInterface(const std::string& device, const std::string& name, const std::string& type);
  bool addCable(CableRecord cable);

  const Scene& m_scene;
  const Catalog& m_catalog;
  ExportRecords& m_out;
  std::map<std::string, std::size_t> m_typeIndex; ///< part id → index into m_out.types
  std::set<std::pair<std::string, std::string>> m_interfaces;
  std::set<std::tuple<std::string, std::string, std::string, std::string>> m_cables;
};

const TypeRecord& Collector::typeOf(const std::string& partId)
{
  if (const auto it = m_typeIndex.find(partId); it != m_typeIndex.end())
    return m_out.types[it->second];
  const Part& part = m_catalog.part(partId);
  TypeRecord type;
  const DeviceTypeMapping* m = builtinPartsMap().forPart(partId);
  std::string manufacturer = m ? m->manufacturer : "";
  if (manufacturer.empty())
  {
    const auto given = part.attributes.find("manufacturer");
    manufacturer = given != part.attributes.end() ? given->second
                   : part.attributes.count("placeholder")
                     ? "Generic"
                     : part.name.substr(0, part.name.find(' '));
  }
  type.manufacturerSlug = slugify(manufacturer);
  type.model = m ? m->model : part.name;
  type.slug = m && !m->slug.empty() ? m->slug : slugify("myriad-" + partId);
  type.uHeight = part.valueOr("heightU", 1);
  m_out.manufacturers[type.manufacturerSlug] = manufacturer;
  m_typeIndex[partId] = m_out.types.size();
  m_out.types.push_back(type);
  return m_out.types.back();
}

void Collector::addInterface(const std::string& device, const std::string& name,
                             const std::string& type)
{
  if (m_interfaces.insert({ device, name }).second)
    m_out.interfaces.push_back({ device, name, type });
}

bool Collector::addCable(CableRecord cable)
{
  if (!m_cables.insert({ cable.aDevice, cable.aPort, cable.bDevice, cable.bPort }).second ||
      m_cables.count({ cable.bDevice, cable.bPort, cable.aDevice, cable.aPort }))
    return false;
  m_out.cables.push_back(std::move(cable));
  return true;
}

void Collector::devicesAndRacks()
{
  for (const Hall& hall : m_scene.site.halls)
  {
    const std::string location = slugify(hall.id);
    m_out.locations.push_back({ hall.name.empty() ? hall.id : hall.name,
                                location,
                                { { "myriad_id", hall.id },
                                  { "myriad_width_m", decimalText(hall.widthM) },
                                  { "myriad_depth_m", decimalText(hall.depthM) },
                                  { "myriad_height_m", decimalText(hall.heightM) } } });
    for (const Row& row : hall.rows)
    {
      for (const Rack& rack : row.racks)
      {
        const Part& enclosure = m_catalog.part(rack.model);
        m_out.racks.push_back(
          { rack.id,
            location,
            static_cast<int>(enclosure.valueOr("units", 42)),
            1000 * enclosure.valueOr("widthM", 0.6),
            1000 * enclosure.valueOr("depthM", 1.2),
            // The footprint centre: the same whichever way the rack faces.
            { { "myriad_x_m", decimalText(rack.xM + enclosure.valueOr("widthM", 0.6) / 2) },
              { "myriad_y_m", decimalText(rack.yM + enclosure.valueOr("depthM", 1.2) / 2) },
              { "myriad_rotation_deg", rack.facing == Facing::PlusY ? "0" : "180" },
              { "myriad_row", row.id },
              { "myriad_kind", toString(rack.kind) },
              { "myriad_model", rack.model } } });
        for (const Node& node : rack.nodes)
        {
          std::string rails, uuids;
          for (const Nic& nic : node.nics)
            rails += (rails.empty() ? "" : ",") + std::to_string(nic.rail);
          for (const Gpu& gpu : node.gpus)
            uuids += (gpu.index ? "," : "") + gpu.uuid;
          if (uuids.find_first_not_of(',') == std::string::npos)
            uuids.clear();
          const TypeRecord& type = typeOf(node.model);
          const std::string role = node.gpus.empty() ? "server" : "gpu-server";
          m_out.roles[role] = { node.gpus.empty() ? "Server" : "GPU server", "2196f3" };
          m_out.devices.push_back(
            { node.id,
              type.slug,
              type.manufacturerSlug,
              role,
              location,
              rack.id,
              node.slotU,
              { { "myriad_hostname", node.hostname },
                { "myriad_su", node.scalableUnit >= 0 ? std::to_string(node.scalableUnit) : "" },
                { "myriad_rail", "" },
                { "myriad_group", "" },
                { "myriad_role", "" },
                { "myriad_nic_rails", rails },
                { "myriad_gpu_uuids", uuids } } });
        }
        for (const Switch& sw : rack.switches)
        {
          const TypeRecord& type = typeOf(sw.model);
          const std::string role = roleSlug(sw.role);
          m_out.roles[role] = { role, "4caf50" };
          const auto optional = [](int v) { return v >= 0 ? std::to_string(v) : std::string(); };
          m_out.devices.push_back({ sw.id,
                                    type.slug,
                                    type.manufacturerSlug,
                                    role,
                                    location,
                                    rack.id,
                                    sw.slotU,
                                    { { "myriad_hostname", "" },
                                      { "myriad_su", optional(sw.scalableUnit) },
                                      { "myriad_rail", optional(sw.rail) },
                                      { "myriad_group", optional(sw.group) },
                                      { "myriad_role", toString(sw.role) },
                                      { "myriad_nic_rails", "" },
                                      { "myriad_gpu_uuids", "" } } });
        }
      }
    }
  }
}

void Collector::fabricCables()
{
  fabric::FabricGraph graph;
  try
  {
    graph = fabric::buildSuperPod(m_scene, m_catalog);
  }
  catch (const std::exception&)
  {
    return; // no fabric Myriad can build (no scalable units): recorded cables only
  }
  const fabric::CablingResult cabling = fabric::routeCables(graph, m_scene, m_catalog);
  const auto end = [&](const fabric::PortRef& ref) -> std::pair<std::string, std::string>
  {
    const fabric::Device& d = graph.device(ref.device);
    if (d.kind == fabric::DeviceKind::Nic)
    {
      const std::size_t cut = d.id.rfind("-NIC");
      return { d.id.substr(0, cut), "nic" + d.id.substr(cut + 4) };
    }
    return { d.id, "p" + std::to_string(ref.port + 1) };
  };
  for (const fabric::Cable& c : cabling.cables)
  {
    const fabric::Link& link = graph.links()[c.link];
    if (link.tier == fabric::Tier::NvLink)
      continue;
    const auto [aDevice, aPort] = end(link.a);
    const auto [bDevice, bPort] = end(link.b);
    const fabric::Device& sw = graph.device(link.b.device).kind == fabric::DeviceKind::Switch
                                 ? graph.device(link.b.device)
                                 : graph.device(link.a.device);
    const Part* part = m_catalog.find(sw.model);
    const auto tech =
      part ? part->attributes.find("technology") : decltype(part->attributes.end()){};
    const std::string type =
      interfaceType(link.rateBps, part && tech != part->attributes.end() ? tech->second : "");
    addInterface(aDevice, aPort, type);
    addInterface(bDevice, bPort, type);
    addCable({ aDevice, aPort, bDevice, bPort,
               c.medium >= 0 ? cableType(m_catalog, cabling.media[c.medium]) : "", "", c.lengthM });
  }
}

void Collector::recordedCables()
{
  for (const Hall& hall : m_scene.site.halls)
  {
    for (const RecordedCable& c : hall.cables)
    {
      if (addCable({ c.aDevice, c.aPort, c.bDevice, c.bPort, c.type, c.label, c.lengthM }))
      {
        addInterface(c.aDevice, c.aPort, "other");
        addInterface(c.bDevice, c.bPort, "other");
      }
    }
  }
}

} // namespace

std::string decimalText(double value)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", value);
  std::string t = buffer;
  while (t.back() == '0')
    t.pop_back();
  if (t.back() == '.')
    t.pop_back();
  return t;
}

std::string slugify(const std::string& text)
{
  std::string slug;
  for (const unsigned char c : text)
  {
    if (std::isalnum(c) || c == '_' || c == '-')
      slug += static_cast<char>(std::tolower(c));
    else if (!slug.empty() && slug.back() != '-')
      slug += '-';
  }
  while (!slug.empty() && slug.back() == '-')
    slug.pop_back();
  return slug.empty() ? "site" : slug;
}

const std::vector<std::string>& rackCustomKeys()
{
  static const std::vector<std::string> keys = { "myriad_x_m", "myriad_y_m",  "myriad_rotation_deg",
                                                 "myriad_row", "myriad_kind", "myriad_model" };
  return keys;
}

const std::vector<std::string>& deviceCustomKeys()
{
  static const std::vector<std::string> keys = { "myriad_hostname", "myriad_su",
                                                 "myriad_rail",     "myriad_group",
                                                 "myriad_role",     "myriad_nic_rails",
                                                 "myriad_gpu_uuids" };
  return keys;
}

const std::vector<std::string>& locationCustomKeys()
{
  static const std::vector<std::string> keys = { "myriad_id", "myriad_width_m", "myriad_depth_m",
                                                 "myriad_height_m" };
  return keys;
}

std::string customFieldType(const std::string& key)
{
  if (key == "myriad_su" || key == "myriad_rail" || key == "myriad_group")
    return "integer";
  if (key.size() > 2 && (key.ends_with("_m") || key.ends_with("_deg")))
    return "decimal";
  return "text";
}

ExportRecords collectRecords(const Scene& scene, const Catalog& catalog,
                             const std::string& siteSlug)
{
  ExportRecords out;
  out.siteName = scene.site.name.empty() ? "Myriad site" : scene.site.name;
  out.siteSlug = siteSlug.empty() ? slugify(out.siteName) : siteSlug;
  const auto define = [&](const std::vector<std::string>& keys, const char* objectType)
  {
    for (const auto& key : keys)
      out.customFieldDefs.push_back(
        { key, key, customFieldType(key), objectType, "Myriad floor model (docs/netbox.md)" });
  };
  define(locationCustomKeys(), "dcim.location");
  define(rackCustomKeys(), "dcim.rack");
  define(deviceCustomKeys(), "dcim.device");
  Collector collector(scene, catalog, out);
  collector.devicesAndRacks();
  collector.fabricCables();
  collector.recordedCables();
  return out;
}

} // namespace myriad::engine::netbox::detail
