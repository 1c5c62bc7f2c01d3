/**
 * @file superpod.cpp
 * Rail-optimized fat-tree after the NVIDIA DGX SuperPOD reference architecture.
 *
 * Model. Nodes are grouped into scalable units (SU) of n = 32 nodes with r = 8 compute NICs
 * (rails). Each SU has one leaf per rail; NIC k of every node of SU s plugs into leaf (s, k), so
 * same-rail traffic inside an SU is one switch hop. A leaf of radix R uses n ≤ R/2 ports down and
 * u = R/2 ports up (non-blocking, 1:1).
 *   Two tiers (SU ≤ 8 for R = 64): leaves L = r·SU, spines S = smallest power of two
 *   ≥ ⌈L·u / R⌉ (so u/S links per leaf–spine pair are whole); leaf i's uplink t goes to spine
 *   (i·u + t) mod S.
 *   Three tiers (SU > 8): pods of Q = u spines and ≤ R − u leaves; every leaf links once to each
 *   spine of its pod. Spines S = Q·⌈L/Q⌉ (= L at whole pods), cores C = S·(R/2)/R = S/2. Spine j of
 *   every pod belongs to core group j (C/Q cores); its uplink t goes to core (p·u + t) mod (C/Q)
 *   of that group, which balances core ports exactly when C/Q divides the total.
 * Oracles (DGX B200 RA "larger SuperPOD component counts", DGX H100 RA Table 4; see
 * docs/references.md#superpod-b200-ra, #superpod-h100-ra): 4 SU → 32 leaf / 16 spine, 1,024
 * node–leaf and leaf–spine cables; 16 SU → 128 / 128 / 64 with 4,096 cables per tier;
 * 64 SU → 512/512/256.
 * Node–leaf links run at min(NIC rate, leaf port rate) (a 400G ConnectX-7 on an 800G port
 * runs at 400G); switch–switch links at the switch port rate.
 * Assumptions: full 32-node SUs (the H100 RA's 31 nodes per SU, one slot given to UFM, is not
 * modelled); switch counts for 9–15 SU follow the rule above and are not published.
 */

#include "fabric/clos_wiring.h"
#include "fabric/multi_site_fabric.h"
#include "fabric/topologies.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/query.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <string>
#include <utility>

namespace myriad::engine::fabric
{
namespace
{

int nextPowerOfTwo(int v)
{
  int p = 1;
  while (p < v)
  {
    p *= 2;
  }
  return p;
}

std::string str(int v)
{
  return std::to_string(v);
}

std::string nicModelOf(const std::string& serverModel, const Catalog& catalog)
{
  const Part* server = catalog.find(serverModel);
  if (server == nullptr)
  {
    return {};
  }
  const auto it = server->attributes.find("nic");
  return it == server->attributes.end() ? std::string() : it->second;
}

Device makeSwitch(const std::string& id, int level, int radix, double rateBps)
{
  Device d;
  d.kind = DeviceKind::Switch;
  d.id = id;
  d.model = "qm9700";
  d.level = level;
  d.ports = radix;
  d.portRateBps = rateBps;
  return d;
}

/** What the NICs of one server model share: model, port rate and host height. */
struct NicTemplate
{
  std::string serverModel;
  std::string nicModel;
  double portRateBps = 0;
  int heightU = 1;
};

NicTemplate nicTemplate(const std::string& serverModel, const Catalog& catalog, double rateBps)
{
  NicTemplate t;
  t.serverModel = serverModel;
  t.nicModel = nicModelOf(serverModel, catalog);
  const Part* nicPart = catalog.find(t.nicModel);
  t.portRateBps =
    nicPart ? std::min(rateBps, nicPart->valueOr("portRateGbps", 400) * 1e9) : rateBps;
  t.heightU = std::max(1, partHeightU(serverModel, catalog));
  return t;
}

} // namespace

namespace detail
{

std::vector<Device> sceneNics(const Scene& scene, const Catalog& catalog, double rateBps)
{
  std::vector<Device> out;
  int nodeIndex = -1;
  // Catalog figures per server model, looked up again only when the model changes.
  NicTemplate model;
  bool haveModel = false;
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
  {
    const Hall& hall = scene.site.halls[h];
    for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
    {
      for (int k = 0; k < static_cast<int>(hall.rows[r].racks.size()); ++k)
      {
        for (const Node& node : hall.rows[r].racks[k].nodes)
        {
          ++nodeIndex;
          if (!haveModel || node.model != model.serverModel)
          {
            model = nicTemplate(node.model, catalog, rateBps);
            haveModel = true;
          }
          for (const Nic& nic : node.nics)
          {
            if (nic.rail < 0)
            {
              continue;
            }
            Device& d = out.emplace_back();
            d.kind = DeviceKind::Nic;
            d.id.reserve(node.id.size() + 16);
            d.id.append(node.id).append("-NIC").append(str(nic.index));
            d.model = model.nicModel;
            d.ports = 1;
            d.portRateBps = model.portRateBps;
            d.scalableUnit = node.scalableUnit;
            d.rail = nic.rail;
            d.location = { h, r, k, node.slotU, model.heightU };
            d.host = nodeIndex;
          }
        }
      }
    }
  }
  return out;
}
/** Wire leaves → spines (→ cores) by the rule in the file comment. */
void wireUpperTiers(FabricGraph& g, const std::vector<int>& leaves, const std::vector<int>& spines,
                    const std::vector<int>& cores, int radix, int leafUplinks, double rateBps)
{
  const int u = leafUplinks;
  const int us = radix / 2; // spine uplinks in a three-tier fabric
  const int leafCount = static_cast<int>(leaves.size());
  const int spineCount = static_cast<int>(spines.size());
  if (spineCount == 0)
  {
    if (leafCount > 1)
    {
      throw SpecError("fabric: spine switches = 0, need at least 1 for " + str(leafCount) +
                      " leaves");
    }
    return;
  }
  if (cores.empty())
  {
    if (static_cast<long>(leafCount) * u > static_cast<long>(spineCount) * radix)
    {
      throw SpecError("fabric: spine switches = " + str(spineCount) + " give " +
                      str(spineCount * radix) + " ports, below the " + str(leafCount * u) +
                      " leaf uplinks (limit: leaves × " + str(u) + ")");
    }
    for (int i = 0; i < leafCount; ++i)
    {
      for (int t = 0; t < u; ++t)
      {
        g.connect(leaves[i], spines[(i * u + t) % spineCount], rateBps, Tier::LeafSpine);
      }
    }
    return;
  }
  const int q = std::min(u, spineCount);
  if (spineCount % q != 0)
  {
    throw SpecError("fabric: spine switches = " + str(spineCount) +
                    " is not a whole number of pods of " + str(q) + " spines");
  }
  const int pods = spineCount / q;
  const int leavesPerPod = (leafCount + pods - 1) / pods;
  if (leavesPerPod * (u / q) > radix - us)
  {
    throw SpecError("fabric: " + str(leafCount) + " leaves over " + str(pods) + " pods need " +
                    str(leavesPerPod * (u / q)) + " spine downlinks, limit " + str(radix - us) +
                    " (radix " + str(radix) + " / 2)");
  }
  for (int i = 0; i < leafCount; ++i)
  {
    const int pod = i / leavesPerPod;
    for (int t = 0; t < u; ++t)
    {
      g.connect(leaves[i], spines[pod * q + (t % q)], rateBps, Tier::LeafSpine);
    }
  }
  const int coreCount = static_cast<int>(cores.size());
  if (coreCount % q != 0)
  {
    throw SpecError("fabric: core switches = " + str(coreCount) + " is not a multiple of the " +
                    str(q) + " spines per pod (core groups)");
  }
  const int perGroup = coreCount / q;
  for (int p = 0; p < pods; ++p)
  {
    for (int j = 0; j < q; ++j)
    {
      for (int t = 0; t < us; ++t)
      {
        const int core = j * perGroup + (p * us + t) % perGroup;
        g.connect(spines[p * q + j], cores[core], rateBps, Tier::SpineCore);
      }
    }
  }
}

} // namespace detail

SuperPodCounts superPodCounts(const SuperPodSpec& spec)
{
  if (spec.scalableUnits < 1)
  {
    throw SpecError("superpod: scalableUnits = " + str(spec.scalableUnits) + ", must be ≥ 1");
  }
  if (spec.switchRadix < 2 || spec.switchRadix % 2 != 0)
  {
    throw SpecError("superpod: switchRadix = " + str(spec.switchRadix) +
                    ", must be an even number ≥ 2");
  }
  const int u = spec.switchRadix / 2;
  if (spec.nodesPerScalableUnit < 1 || spec.nodesPerScalableUnit > u)
  {
    throw SpecError("superpod: nodesPerScalableUnit = " + str(spec.nodesPerScalableUnit) +
                    " exceeds the leaf downlink ports " + str(u) + " (radix " +
                    str(spec.switchRadix) + " / 2)");
  }
  if (spec.rails < 1)
  {
    throw SpecError("superpod: rails = " + str(spec.rails) + ", must be ≥ 1");
  }
  SuperPodCounts c;
  c.scalableUnits = spec.scalableUnits;
  c.nodes = spec.scalableUnits * spec.nodesPerScalableUnit;
  c.leaves = spec.rails * spec.scalableUnits;
  c.nodeLeafCables = c.nodes * spec.rails;
  c.leafSpineCables = c.leaves * u;
  const int twoTierLimitLeaves = spec.switchRadix; // each spine sees every leaf at least once
  if (spec.scalableUnits <= spec.maxTwoTierScalableUnits && c.leaves <= twoTierLimitLeaves)
  {
    c.tiers = 2;
    c.spines = nextPowerOfTwo((c.leafSpineCables + spec.switchRadix - 1) / spec.switchRadix);
    return c;
  }
  c.tiers = 3;
  const int pods = (c.leaves + u - 1) / u;
  const int maxPods = spec.switchRadix; // each core reaches every pod at least once
  if (pods > maxPods)
  {
    const int maxSu = maxPods * u / spec.rails;
    throw SpecError("superpod: scalableUnits = " + str(spec.scalableUnits) +
                    " exceeds the three-tier limit of " + str(maxSu) + " SU for radix " +
                    str(spec.switchRadix));
  }
  c.spines = pods * u;
  c.cores = c.spines * u / spec.switchRadix;
  c.spineCoreCables = c.spines * u;
  return c;
}

FabricGraph superPodFabric(const SuperPodSpec& spec)
{
  const SuperPodCounts c = superPodCounts(spec);
  FabricGraph g;
  g.topology = "superpod";
  g.reserve(c.nodes * spec.rails + c.leaves + c.spines + c.cores,
            c.nodeLeafCables + c.leafSpineCables + c.spineCoreCables);
  std::vector<int> leaves, spines, cores;
  for (int s = 0; s < spec.scalableUnits; ++s)
  {
    for (int r = 0; r < spec.rails; ++r)
    {
      Device d = makeSwitch("SU" + str(s) + "-L" + str(r), 1, spec.switchRadix, spec.linkRateBps);
      d.scalableUnit = s;
      d.rail = r;
      leaves.push_back(g.addDevice(std::move(d)));
    }
  }
  for (int s = 0; s < c.spines; ++s)
  {
    spines.push_back(g.addDevice(makeSwitch("S" + str(s), 2, spec.switchRadix, spec.linkRateBps)));
  }
  for (int s = 0; s < c.cores; ++s)
  {
    cores.push_back(g.addDevice(makeSwitch("C" + str(s), 3, spec.switchRadix, spec.linkRateBps)));
  }
  for (int n = 0; n < c.nodes; ++n)
  {
    const int su = n / spec.nodesPerScalableUnit;
    for (int r = 0; r < spec.rails; ++r)
    {
      Device nic;
      nic.kind = DeviceKind::Nic;
      nic.id = "N" + str(n) + "-NIC" + str(r);
      nic.model = "cx7";
      nic.portRateBps = spec.linkRateBps;
      nic.scalableUnit = su;
      nic.rail = r;
      const int d = g.addDevice(std::move(nic));
      g.connect(d, leaves[su * spec.rails + r], spec.linkRateBps, Tier::NodeLeaf);
    }
  }
  detail::wireUpperTiers(g, leaves, spines, cores, spec.switchRadix, spec.switchRadix / 2,
                         spec.linkRateBps);
  return g;
}

namespace
{

struct SceneSwitch
{
  int device;
  int su, rail, group;
  std::string id;
};

void sortSwitches(std::vector<SceneSwitch>& v)
{
  std::sort(v.begin(), v.end(),
            [](const SceneSwitch& a, const SceneSwitch& b) {
              return std::tie(a.su, a.rail, a.group, a.id) < std::tie(b.su, b.rail, b.group, b.id);
            });
}

std::vector<int> devicesOf(const std::vector<SceneSwitch>& v)
{
  std::vector<int> out;
  out.reserve(v.size());
  for (const SceneSwitch& s : v)
  {
    out.push_back(s.device);
  }
  return out;
}

} // namespace

namespace
{

/** The scene's fabric switches, added to the graph, by tier. */
struct SceneTiers
{
  std::vector<SceneSwitch> leaves, spines, cores;
  std::map<std::pair<int, int>, std::vector<SceneSwitch>> leafBySuRail;
  int radix = 0;   ///< smallest radix of the fabric switches
  double rate = 0; ///< lowest port rate of the fabric switches, bit/s
};

Device switchDevice(const Switch& sw, const Location& where, const Catalog& catalog)
{
  const Part& part = catalog.part(sw.model);
  Device d;
  d.kind = DeviceKind::Switch;
  d.id = sw.id;
  d.model = sw.model;
  d.level = sw.role == SwitchRole::Leaf ? 1 : sw.role == SwitchRole::Spine ? 2 : 3;
  d.ports = static_cast<int>(part.valueOr("ports", 64));
  d.portRateBps = part.valueOr("portRateGbps", 400) * 1e9;
  d.scalableUnit = sw.scalableUnit;
  d.rail = sw.rail;
  d.group = sw.group;
  d.location = where;
  d.location.heightU = std::max(1, partHeightU(sw.model, catalog));
  return d;
}

void addLeaf(SceneTiers& t, const SceneSwitch& s)
{
  auto& same = t.leafBySuRail[{ s.su, s.rail }];
  for (const SceneSwitch& other : same)
  {
    if (other.group == s.group)
    {
      throw SpecError("superpod: leaf " + s.id + " duplicates scalableUnit " + str(s.su) +
                      " rail " + str(s.rail) + " group " + str(s.group) + " of leaf " + other.id);
    }
  }
  same.push_back(s);
  t.leaves.push_back(s);
}

SceneTiers addSceneSwitches(FabricGraph& g, const Scene& scene, const Catalog& catalog)
{
  SceneTiers t;
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
  {
    const Hall& hall = scene.site.halls[h];
    for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
    {
      for (int k = 0; k < static_cast<int>(hall.rows[r].racks.size()); ++k)
      {
        for (const Switch& sw : hall.rows[r].racks[k].switches)
        {
          if (sw.role != SwitchRole::Leaf && sw.role != SwitchRole::Spine &&
              sw.role != SwitchRole::Core)
          {
            continue;
          }
          const Device d = switchDevice(sw, { h, r, k, sw.slotU, 1 }, catalog);
          t.radix = t.radix == 0 ? d.ports : std::min(t.radix, d.ports);
          t.rate = t.rate == 0 ? d.portRateBps : std::min(t.rate, d.portRateBps);
          const SceneSwitch s{ g.addDevice(d), sw.scalableUnit, sw.rail, sw.group, sw.id };
          if (d.level == 1)
          {
            addLeaf(t, s);
          }
          else
          {
            (d.level == 2 ? t.spines : t.cores).push_back(s);
          }
        }
      }
    }
  }
  return t;
}

} // namespace

namespace
{
std::atomic<std::uint64_t> g_superPodBuilds{ 0 };
} // namespace

std::uint64_t superPodBuildCount()
{
  return g_superPodBuilds.load(std::memory_order_relaxed);
}

FabricGraph buildSuperPod(const Scene& scene, const Catalog& catalog)
{
  if (!scene.sites.empty())
  {
    // One SuperPOD per site; no fabric joins sites (multi_site_fabric.h).
    return detail::buildSitePods(scene,
                                 [&](const Scene& site) { return buildSuperPod(site, catalog); });
  }
  g_superPodBuilds.fetch_add(1, std::memory_order_relaxed);
  FabricGraph g;
  g.topology = "superpod";
  SceneTiers tiers = addSceneSwitches(g, scene, catalog);
  auto& [leaves, spines, cores, leafBySuRail, radix, rate] = tiers;
  if (leaves.empty())
  {
    throw SpecError("superpod: the scene has no Leaf switches (role Leaf with scalableUnit and "
                    "rail)");
  }
  sortSwitches(leaves);
  sortSwitches(spines);
  sortSwitches(cores);
  for (auto& [key, same] : leafBySuRail)
  {
    sortSwitches(same);
  }
  // Nodes in scene order; NIC k of the n-th node of SU s goes to leaf (s, k), the
  // ⌊n / (radix/2)⌋-th one by group when an SU has more nodes than one leaf's downlinks.
  std::vector<Device> nics = detail::sceneNics(scene, catalog, rate);
  const std::size_t uplinks = static_cast<std::size_t>(std::max(1, radix / 2));
  g.reserve(g.devices().size() + nics.size(),
            nics.size() + uplinks * (leaves.size() + (cores.empty() ? 0 : spines.size())));
  std::map<int, int> nodesSeen;
  int lastHost = -1;
  int slot = 0; // of the current node, counted within its SU
  for (Device& nic : nics)
  {
    const auto leaf = leafBySuRail.find({ nic.scalableUnit, nic.rail });
    if (leaf == leafBySuRail.end())
    {
      throw SpecError("superpod: " + nic.id + " (scalableUnit " + str(nic.scalableUnit) +
                      ", rail " + str(nic.rail) + ") has no leaf switch");
    }
    if (nic.host != lastHost)
    {
      // The NICs of one node share its SU, so the slot changes only with the node.
      slot = (++nodesSeen[nic.scalableUnit] - 1) / std::max(1, radix / 2);
      lastHost = nic.host;
    }
    const int target = leaf->second[std::min<std::size_t>(slot, leaf->second.size() - 1)].device;
    const double linkRate = std::min(rate, nic.portRateBps);
    const int dev = g.addDevice(std::move(nic));
    g.connect(dev, target, linkRate, Tier::NodeLeaf);
  }
  detail::wireUpperTiers(g, devicesOf(leaves), devicesOf(spines), devicesOf(cores), radix,
                         radix / 2, rate);
  return g;
}

} // namespace myriad::engine::fabric
