/**
 * @file fabric_graph.cpp
 * Storage of a fabric: devices, links and port bookkeeping. Port conservation (each port used by
 * at most one link, port index below the radix) is checked on every link added, so any
 * FabricGraph that exists satisfies it.
 */

#include "myriad/engine/fabric/fabric_graph.h"

#include "myriad/engine/error.h"

#include <string>

namespace myriad::engine::fabric
{

const char* toString(DeviceKind kind)
{
  switch (kind)
  {
    case DeviceKind::Nic:
      return "nic";
    case DeviceKind::Switch:
      return "switch";
    case DeviceKind::Gpu:
      return "gpu";
    case DeviceKind::NvSwitch:
      return "nvswitch";
  }
  return "?";
}

const char* toString(Tier tier)
{
  switch (tier)
  {
    case Tier::NodeLeaf:
      return "node-leaf";
    case Tier::LeafSpine:
      return "leaf-spine";
    case Tier::SpineCore:
      return "spine-core";
    case Tier::Torus:
      return "torus";
    case Tier::Local:
      return "local";
    case Tier::Global:
      return "global";
    case Tier::NvLink:
      return "nvlink";
  }
  return "?";
}

const std::vector<Tier>& allTiers()
{
  static const std::vector<Tier> tiers = { Tier::NodeLeaf, Tier::LeafSpine, Tier::SpineCore,
                                           Tier::Torus,    Tier::Local,     Tier::Global,
                                           Tier::NvLink };
  return tiers;
}

int FabricGraph::addDevice(Device device)
{
  if (device.ports < 1)
  {
    throw SpecError("fabric device " + device.id + ": ports = " + std::to_string(device.ports) +
                    ", must be at least 1");
  }
  const int index = static_cast<int>(m_devices.size());
  if (!device.id.empty() && !m_index.emplace(device.id, index).second)
  {
    throw SpecError("fabric device id " + device.id + " is used twice");
  }
  m_used.push_back(0);
  m_nextFree.push_back(0);
  m_adjacency.emplace_back();
  m_portTaken.emplace_back(static_cast<std::size_t>(device.ports), false);
  m_devices.push_back(std::move(device));
  return index;
}

int FabricGraph::connect(int a, int b, double rateBps, Tier tier)
{
  auto nextFree = [this](int d)
  {
    const auto& taken = m_portTaken.at(d);
    int p = m_nextFree[d];
    while (p < static_cast<int>(taken.size()) && taken[p])
    {
      ++p;
    }
    if (p >= static_cast<int>(taken.size()))
    {
      const Device& dev = m_devices[d];
      throw SpecError("fabric device " + dev.id + ": needs more than its " +
                      std::to_string(dev.ports) + " ports (radix too small)");
    }
    return p;
  };
  const int pa = nextFree(a);
  const int pb = (a == b) ? -1 : nextFree(b);
  if (pb < 0)
  {
    throw SpecError("fabric device " + m_devices.at(a).id +
                    ": a link cannot join a device to itself");
  }
  return connectPorts({ a, pa }, { b, pb }, rateBps, tier);
}

int FabricGraph::connectPorts(PortRef a, PortRef b, double rateBps, Tier tier)
{
  for (const PortRef& p : { a, b })
  {
    if (p.device < 0 || p.device >= static_cast<int>(m_devices.size()))
    {
      throw SpecError("fabric link: device index " + std::to_string(p.device) + " is out of range");
    }
    const Device& dev = m_devices[p.device];
    if (p.port < 0 || p.port >= dev.ports)
    {
      throw SpecError("fabric device " + dev.id + ": port " + std::to_string(p.port) +
                      " is outside its radix " + std::to_string(dev.ports));
    }
    if (m_portTaken[p.device][p.port])
    {
      throw SpecError("fabric device " + dev.id + ": port " + std::to_string(p.port) +
                      " is already used");
    }
  }
  if (a == b)
  {
    throw SpecError("fabric link: both ends are the same port");
  }
  const int index = static_cast<int>(m_links.size());
  m_links.push_back({ a, b, rateBps, tier });
  for (const PortRef& p : { a, b })
  {
    m_portTaken[p.device][p.port] = true;
    ++m_used[p.device];
    if (p.port == m_nextFree[p.device])
    {
      ++m_nextFree[p.device];
    }
    m_adjacency[p.device].push_back(index);
  }
  return index;
}

int FabricGraph::find(const std::string& id) const
{
  const auto it = m_index.find(id);
  return it == m_index.end() ? -1 : it->second;
}

int FabricGraph::peer(int link, int device) const
{
  const Link& l = m_links.at(link);
  return l.a.device == device ? l.b.device : l.a.device;
}

int FabricGraph::countDevices(DeviceKind kind, int level) const
{
  int n = 0;
  for (const Device& d : m_devices)
  {
    n += (d.kind == kind && (level < 0 || d.level == level)) ? 1 : 0;
  }
  return n;
}

int FabricGraph::countLinks(Tier tier) const
{
  int n = 0;
  for (const Link& l : m_links)
  {
    n += l.tier == tier ? 1 : 0;
  }
  return n;
}

double FabricGraph::capacityBps(Tier tier) const
{
  double c = 0;
  for (const Link& l : m_links)
  {
    c += l.tier == tier ? l.rateBps : 0;
  }
  return c;
}

void FabricGraph::reserve(std::size_t devices, std::size_t links)
{
  m_devices.reserve(devices);
  m_used.reserve(devices);
  m_nextFree.reserve(devices);
  m_adjacency.reserve(devices);
  m_portTaken.reserve(devices);
  m_links.reserve(links);
  m_index.reserve(devices);
}

} // namespace myriad::engine::fabric
