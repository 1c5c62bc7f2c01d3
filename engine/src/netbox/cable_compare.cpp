// Recorded cable lengths against Myriad's routes (netbox.h). The recorded cables become links of
// a fabric graph between the devices' placed ports, and fabric/cabling.h routes them exactly as
// it routes the generated fabric: drop from the port to the overhead tray, along the trays,
// down to the other port, plus slack (length = drops + path + max(1 m, 5 %)).
#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/netbox/netbox.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace myriad::engine::netbox
{

namespace
{

struct PlacedDevice
{
  fabric::Location location;
  bool node = false;
  double rateBps = 400e9;
};

std::map<std::string, PlacedDevice> placedDevices(const Scene& scene, const Catalog& catalog)
{
  std::map<std::string, PlacedDevice> out;
  for (std::size_t h = 0; h < scene.site.halls.size(); ++h)
  {
    const Hall& hall = scene.site.halls[h];
    for (std::size_t r = 0; r < hall.rows.size(); ++r)
    {
      for (std::size_t k = 0; k < hall.rows[r].racks.size(); ++k)
      {
        const Rack& rack = hall.rows[r].racks[k];
        const auto at = [&](int slot, const std::string& model)
        {
          const Part* part = catalog.find(model);
          return fabric::Location{ static_cast<int>(h), static_cast<int>(r), static_cast<int>(k),
                                   slot, part ? static_cast<int>(part->valueOr("heightU", 1)) : 1 };
        };
        for (const Node& node : rack.nodes)
          out[node.id] = { at(node.slotU, node.model), true, 400e9 };
        for (const Switch& sw : rack.switches)
        {
          const Part* part = catalog.find(sw.model);
          const double gbps = part ? part->valueOr("portRateGbps", 400) : 400;
          out[sw.id] = { at(sw.slotU, sw.model), false, std::max(1.0, gbps) * 1e9 };
        }
      }
    }
  }
  return out;
}

} // namespace

std::vector<CableLengthDifference> compareCableLengths(const Scene& scene, const Catalog& catalog,
                                                       double shortToleranceM, double longFactor,
                                                       double longAllowanceM)
{
  const auto devices = placedDevices(scene, catalog);
  std::vector<const RecordedCable*> cables;
  std::map<std::string, std::map<std::string, int>> ports; // device → port name → index
  for (const Hall& hall : scene.site.halls)
  {
    for (const RecordedCable& c : hall.cables)
    {
      if (c.lengthM <= 0 || !devices.count(c.aDevice) || !devices.count(c.bDevice))
        continue;
      cables.push_back(&c);
      ports[c.aDevice].emplace(c.aPort, 0);
      ports[c.bDevice].emplace(c.bPort, 0);
    }
  }
  fabric::FabricGraph graph;
  std::map<std::string, int> index;
  for (auto& [id, names] : ports)
  {
    int n = 0;
    for (auto& [name, port] : names)
      port = n++;
    const PlacedDevice& placed = devices.at(id);
    fabric::Device d;
    d.kind = placed.node ? fabric::DeviceKind::Nic : fabric::DeviceKind::Switch;
    d.id = id;
    d.ports = n;
    d.portRateBps = placed.rateBps;
    d.location = placed.location;
    index[id] = graph.addDevice(std::move(d));
  }
  std::set<std::pair<int, int>> used; // a port cabled twice in the inventory is routed once
  std::vector<const RecordedCable*> linked;
  for (const RecordedCable* c : cables)
  {
    const fabric::PortRef pa{ index[c->aDevice], ports[c->aDevice][c->aPort] };
    const fabric::PortRef pb{ index[c->bDevice], ports[c->bDevice][c->bPort] };
    if (pa == pb || !used.insert({ pa.device, pa.port }).second ||
        !used.insert({ pb.device, pb.port }).second)
      continue;
    linked.push_back(c);
    const PlacedDevice& a = devices.at(c->aDevice);
    const PlacedDevice& b = devices.at(c->bDevice);
    graph.connectPorts(pa, pb, std::min(a.rateBps, b.rateBps),
                       a.node || b.node ? fabric::Tier::NodeLeaf : fabric::Tier::LeafSpine);
  }
  const fabric::CablingResult routed = fabric::routeCables(graph, scene, catalog);
  std::vector<CableLengthDifference> out;
  for (const fabric::Cable& cable : routed.cables)
  {
    const RecordedCable& c = *linked[cable.link];
    if (cable.lengthM >= 1e8)
      continue; // ends in different halls: no tray joins them
    if (c.lengthM < cable.lengthM - shortToleranceM ||
        c.lengthM > longFactor * cable.lengthM + longAllowanceM)
      out.push_back({ c.id, c.lengthM, cable.lengthM });
  }
  return out;
}

} // namespace myriad::engine::netbox
