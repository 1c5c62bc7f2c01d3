/**
 * @file fabric_graph.cpp
 * Storage of a fabric: devices, links and port bookkeeping. Port conservation (each port used by
 * at most one link, port index below the radix) is checked on every link added, so any
 * FabricGraph that exists satisfies it.
 */

#include "myriad/engine/fabric/fabric_graph.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <functional>
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
  if (!device.id.empty())
  {
    growIndex(m_indexed + 1);
    const std::size_t slot = idSlot(device.id);
    if (m_idSlots[slot] >= 0)
    {
      throw SpecError("fabric device id " + device.id + " is used twice");
    }
    m_idSlots[slot] = index;
    ++m_indexed;
  }
  m_used.push_back(0);
  m_nextFree.push_back(0);
  // Room for a link per port (capped: abstract devices may have huge radices).
  m_adjacency.emplace_back().reserve(static_cast<std::size_t>(std::min(device.ports, 128)));
  m_portStart.push_back(m_portTaken.size());
  m_portTaken.resize(m_portTaken.size() + static_cast<std::size_t>(device.ports), 0);
  m_devices.push_back(std::move(device));
  return index;
}

std::size_t FabricGraph::idSlot(const std::string& id) const
{
  // Linear probing; the table is a power of two at most half full (growIndex).
  const std::size_t mask = m_idSlots.size() - 1;
  const std::size_t hash = std::hash<std::string>{}(id);
  std::size_t slot = hash & mask;
  while (m_idSlots[slot] >= 0 && m_devices[m_idSlots[slot]].id != id)
  {
    slot = (slot + 1) & mask;
  }
  return slot;
}

void FabricGraph::growIndex(std::size_t devices)
{
  if (2 * devices <= m_idSlots.size())
  {
    return;
  }
  std::size_t size = 16;
  while (size < 2 * devices)
  {
    size *= 2;
  }
  if (size <= m_idSlots.size())
  {
    return;
  }
  m_idSlots.assign(size, -1);
  for (int d = 0; d < static_cast<int>(m_devices.size()); ++d)
  {
    if (!m_devices[d].id.empty())
    {
      m_idSlots[idSlot(m_devices[d].id)] = d;
    }
  }
}

int FabricGraph::connect(int a, int b, double rateBps, Tier tier)
{
  auto nextFree = [this](int d)
  {
    const unsigned char* taken = &m_portTaken[m_portStart.at(d)];
    const int ports = m_devices[d].ports;
    int p = m_nextFree[d];
    while (p < ports && taken[p])
    {
      ++p;
    }
    if (p >= ports)
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
    if (m_portTaken[m_portStart[p.device] + p.port])
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
    m_portTaken[m_portStart[p.device] + p.port] = 1;
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
  return id.empty() || m_idSlots.empty() ? -1 : m_idSlots[idSlot(id)];
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
  m_portStart.reserve(devices);
  m_links.reserve(links);
  growIndex(devices);
}

} // namespace myriad::engine::fabric
