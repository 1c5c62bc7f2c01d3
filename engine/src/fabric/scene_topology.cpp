/**
 * @file scene_topology.cpp
 * NVLink domains, topology selection for a scene, switch placement and the fabric-level
 * metrics (oversubscription, bisection bandwidth).
 *
 * NVLink domain: G GPUs × L links each, link t of a GPU goes to chip t mod C; a chip carries
 * G·L/C links ≤ its ports. DGX H100: 8 GPUs, 18 NVLink4 links each (900 GB/s bidirectional per
 * GPU = 50 GB/s per link = 200 Gb/s per direction), 4 NVSwitch chips. GB200 NVL72: 72 GPUs,
 * 18 NVLink5 links each (1.8 TB/s per GPU = 400 Gb/s per direction per link), one to each of 18
 * chips of 72 ports (docs/references.md#superpod-gb200-ra).
 * Bisection of a non-blocking domain: (G/2)·L·b.
 * Oversubscription of switch level ℓ: Σ rates of links to lower levels / Σ rates to higher ones.
 * Bisection of a Clos (no analytic cut given by the generator): min over the tiers present of
 * half the tier capacity — exact for symmetric fat-trees, an upper bound otherwise.
 * Placement: generated switches go bottom-up into the scene's network racks in scene order;
 * the scene's own Leaf/Spine/Core switches are taken as replaced, nodes and Management/NvLink
 * switches keep their units.
 */

#include "fabric/topologies.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"

#include <algorithm>

namespace myriad::engine::fabric
{
namespace
{

std::string str(long v)
{
  return std::to_string(v);
}

std::string leafModelOf(const Scene& scene)
{
  for (const Hall& hall : scene.site.halls)
    for (const Row& row : hall.rows)
      for (const Rack& rack : row.racks)
        for (const Switch& sw : rack.switches)
          if (sw.role == SwitchRole::Leaf)
            return sw.model;
  return scene.spec ? scene.spec->leafSwitchModel : std::string("qm9700");
}

} // namespace

NvLinkSpec dgxH100NvLink()
{
  return { 1, 8, 4, 18, 64, 200e9 };
}

NvLinkSpec nvl72NvLink()
{
  return { 1, 72, 18, 18, 72, 400e9 };
}

FabricGraph nvLinkFabric(const NvLinkSpec& spec)
{
  if (spec.domains < 1 || spec.gpus < 1 || spec.switchChips < 1 || spec.linksPerGpu < 1)
  {
    throw SpecError("nvlink: domains, gpus, switchChips and linksPerGpu must be ≥ 1");
  }
  const long perChip =
    (static_cast<long>(spec.gpus) * spec.linksPerGpu + spec.switchChips - 1) / spec.switchChips;
  if (perChip > spec.chipPorts)
  {
    throw SpecError("nvlink: " + str(spec.gpus) + " GPUs × " + str(spec.linksPerGpu) +
                    " links need " + str(perChip) +
                    " ports per chip, above chipPorts = " + str(spec.chipPorts));
  }
  FabricGraph g;
  g.topology = "nvlink";
  for (int dom = 0; dom < spec.domains; ++dom)
  {
    std::vector<int> chips;
    for (int c = 0; c < spec.switchChips; ++c)
    {
      Device d;
      d.kind = DeviceKind::NvSwitch;
      d.id = "D" + str(dom) + "-NVS" + str(c);
      d.level = 1;
      d.ports = spec.chipPorts;
      d.portRateBps = spec.linkRateBps;
      d.group = dom;
      chips.push_back(g.addDevice(std::move(d)));
    }
    for (int gpu = 0; gpu < spec.gpus; ++gpu)
    {
      Device d;
      d.kind = DeviceKind::Gpu;
      d.id = "D" + str(dom) + "-GPU" + str(gpu);
      d.ports = spec.linksPerGpu;
      d.portRateBps = spec.linkRateBps;
      d.group = dom;
      const int dev = g.addDevice(std::move(d));
      for (int t = 0; t < spec.linksPerGpu; ++t)
      {
        g.connect(dev, chips[t % spec.switchChips], spec.linkRateBps, Tier::NvLink);
      }
    }
  }
  // Half the GPUs (whole GPUs: an odd one out has no partner across the cut).
  const int pairedGpus = spec.gpus / 2;
  g.analyticBisectionBps = pairedGpus * spec.linksPerGpu * spec.linkRateBps;
  return g;
}

const std::vector<std::string>& topologyNames()
{
  static const std::vector<std::string> names = { "superpod", "clos", "torus", "dragonfly",
                                                  "dual-plane" };
  return names;
}

FabricGraph generateForScene(const std::string& name, const Scene& scene, const Catalog& catalog)
{
  if (name == "superpod")
  {
    return buildSuperPod(scene, catalog);
  }
  const std::string model = leafModelOf(scene);
  const Part& part = catalog.part(model);
  const int radix = static_cast<int>(part.valueOr("ports", 64));
  std::vector<Device> nics =
    detail::sceneNics(scene, catalog, part.valueOr("portRateGbps", 400) * 1e9);
  const int n = static_cast<int>(nics.size());
  if (n == 0)
  {
    throw SpecError(name + ": the scene has no NIC with a rail to connect");
  }
  const double rate = nics.front().portRateBps;
  FabricGraph g;
  if (name == "clos")
  {
    const int tiers = static_cast<long>(n) <= static_cast<long>(radix) * radix / 2 ? 2 : 3;
    g = detail::clos({ n, radix, tiers, 1.0, rate }, std::move(nics), model);
  }
  else if (name == "torus")
  {
    int perSwitch = std::max(1, radix - 6);
    while (perSwitch > 1 && n % perSwitch != 0)
    {
      --perSwitch;
    }
    TorusSpec t = torusForHosts(n, perSwitch, rate);
    t.radix = radix;
    g = detail::torus(t, std::move(nics), model);
  }
  else if (name == "dragonfly")
  {
    g = detail::dragonfly({ n, radix / 2, radix / 4, radix / 4, radix, rate }, std::move(nics),
                          model);
  }
  else if (name == "dual-plane")
  {
    int rails = 0;
    for (const Device& d : nics)
    {
      rails = std::max(rails, d.rail + 1);
    }
    if (rails < 1 || n % rails != 0)
    {
      throw SpecError("dual-plane: " + str(n) + " NICs are not a whole number of nodes with " +
                      str(rails) + " rails");
    }
    g = detail::dualPlane({ n / rails, rails, radix, rate, 1.0 }, std::move(nics), model);
  }
  else
  {
    throw SpecError("fabric: topology = " + name +
                    " is unknown (expected superpod, clos, torus, dragonfly or dual-plane)");
  }
  placeSwitches(g, scene, catalog);
  return g;
}

void placeSwitches(FabricGraph& graph, const Scene& scene, const Catalog& catalog)
{
  std::vector<detail::FreeRack> racks = detail::freeNetworkRacks(scene, catalog);
  // Switches of the graph that already have a place keep their units.
  for (const Device& d : graph.devices())
  {
    if (d.kind != DeviceKind::Switch || !d.location.placed())
    {
      continue;
    }
    for (detail::FreeRack& f : racks)
    {
      if (f.base.hall == d.location.hall && f.base.row == d.location.row &&
          f.base.rack == d.location.rack)
      {
        detail::occupy(f, d.location.slotU, d.location.heightU);
      }
    }
  }
  std::size_t cursor = 0;
  int unplaced = 0;
  for (int i = 0; i < static_cast<int>(graph.devices().size()); ++i)
  {
    Device& d = graph.device(i);
    if (d.kind != DeviceKind::Switch || d.location.placed())
    {
      continue;
    }
    const int height = d.model.empty() ? 1 : std::max(1, partHeightU(d.model, catalog));
    while (cursor < racks.size() && !detail::takeUnits(racks[cursor], height, d.location))
    {
      ++cursor;
    }
    unplaced += cursor < racks.size() ? 0 : 1;
  }
  if (unplaced > 0)
  {
    throw SpecError("placement: " + str(unplaced) + " switches of the " + graph.topology +
                    " fabric do not fit in the scene's " + str(static_cast<long>(racks.size())) +
                    " network racks");
  }
}

double oversubscription(const FabricGraph& graph, int level)
{
  double down = 0, up = 0;
  for (const Link& l : graph.links())
  {
    const int la = graph.device(l.a.device).level, lb = graph.device(l.b.device).level;
    const bool aSw = graph.device(l.a.device).kind != DeviceKind::Nic &&
                     graph.device(l.a.device).kind != DeviceKind::Gpu;
    const bool bSw = graph.device(l.b.device).kind != DeviceKind::Nic &&
                     graph.device(l.b.device).kind != DeviceKind::Gpu;
    if (aSw && la == level && lb != level)
    {
      (lb < level ? down : up) += l.rateBps;
    }
    if (bSw && lb == level && la != level)
    {
      (la < level ? down : up) += l.rateBps;
    }
  }
  return up > 0 ? down / up : 0;
}

double bisectionBandwidthBps(const FabricGraph& graph)
{
  if (graph.analyticBisectionBps > 0)
  {
    return graph.analyticBisectionBps;
  }
  double best = -1;
  for (const Tier t : { Tier::NodeLeaf, Tier::LeafSpine, Tier::SpineCore })
  {
    const double c = graph.capacityBps(t);
    if (c > 0)
    {
      best = best < 0 ? c / 2 : std::min(best, c / 2);
    }
  }
  return std::max(0.0, best);
}

} // namespace myriad::engine::fabric
