/**
 * @file topologies.cpp
 * Generic fabric generators.
 *
 * Clos (Al-Fares et al., SIGCOMM 2008, for the k-ary fat-tree; oversubscription as in common
 * leaf–spine practice). Leaf of radix k with oversubscription o: down d = round(k·o/(1+o)),
 * up u = k − d. Leaves L = ⌈H/d⌉. Two tiers: spines S = ⌈L·u/k⌉, valid while S ≤ u (every leaf
 * reaches every spine), i.e. L ≤ k. Three tiers: pods of k/2 leaves and u spines, spines 1:1
 * (k/2 up), core groups of ⌈P/2⌉ cores (P pods ≤ k). With o = 1 and H = k³/4 this is the k-ary
 * fat-tree: k²/2 leaves... (k = 4: 8 edge, 8 aggregation, 4 core).
 * 3D torus (TPU v4-style cube): X·Y·Z switches, neighbours ±1 in each dimension with
 * wrap-around, H/(XYZ) hosts each. Bisection (cut across the longest dimension X, even):
 * B = 2·Y·Z·b (wrap-around doubles the cut).
 * Dragonfly (Kim, Dally, Scott, Abts, ISCA 2008): groups of a routers, all-to-all inside a group,
 * p hosts and h global links per router, g = ⌈H/(a·p)⌉ ≤ a·h + 1 groups, one global link per
 * group pair. Bisection ≈ ⌊g/2⌋·⌈g/2⌉·b (the global links across a half/half cut of groups).
 * Dual-plane two-tier (Alibaba HPN, SIGCOMM 2024): every NIC has two ports to ToRs of two
 * planes (same rail, same segment); each plane is its own leaf–spine; ToRs per plane ≤ k.
 * All links of a generator run at one rate (the spec's rate).
 * References: docs/references.md#al-fares2008, #alibaba-hpn, #dragonfly2008.
 */

#include "fabric/topologies.h"

#include "fabric/clos_wiring.h"
#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace myriad::engine::fabric
{
namespace
{

std::string str(long v)
{
  return std::to_string(v);
}

std::string num(double v)
{
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.')
  {
    s.pop_back();
  }
  return s;
}

int addSwitch(FabricGraph& g, const std::string& id, const std::string& model, int level, int radix,
              double rateBps)
{
  Device d;
  d.kind = DeviceKind::Switch;
  d.id = id;
  d.model = model;
  d.level = level;
  d.ports = radix;
  d.portRateBps = rateBps;
  return g.addDevice(std::move(d));
}

void requirePositive(const char* generator, const char* name, double value)
{
  if (!(value >= 1))
  {
    throw SpecError(std::string(generator) + ": " + name + " = " + num(value) + ", must be ≥ 1");
  }
}

} // namespace

namespace detail
{

std::vector<Device> abstractHosts(int n, double rateBps)
{
  std::vector<Device> hosts(static_cast<std::size_t>(std::max(0, n)));
  for (int i = 0; i < n; ++i)
  {
    hosts[i].kind = DeviceKind::Nic;
    hosts[i].id = "H" + std::to_string(i);
    hosts[i].ports = 1;
    hosts[i].portRateBps = rateBps;
  }
  return hosts;
}

FabricGraph clos(const ClosSpec& spec, std::vector<Device> hosts, const std::string& model)
{
  requirePositive("clos", "hosts", spec.hosts);
  requirePositive("clos", "oversubscription", spec.oversubscription);
  if (spec.tiers != 2 && spec.tiers != 3)
  {
    throw SpecError("clos: tiers = " + str(spec.tiers) + ", must be 2 or 3");
  }
  const int k = spec.radix;
  const int d =
    static_cast<int>(std::lround(k * spec.oversubscription / (1 + spec.oversubscription)));
  const int u = k - d;
  if (k < 2 || d < 1 || u < 1)
  {
    throw SpecError("clos: radix = " + str(k) + " leaves no uplink at oversubscription " +
                    num(spec.oversubscription) + " (need radix ≥ 2)");
  }
  const int leaves = (spec.hosts + d - 1) / d;
  FabricGraph g;
  g.topology = "clos";
  std::vector<int> l, s, c;
  int spines = 0, cores = 0;
  if (spec.tiers == 2)
  {
    if (leaves > k)
    {
      throw SpecError("clos: hosts = " + str(spec.hosts) + " need " + str(leaves) +
                      " leaves; a two-tier Clos of radix " + str(k) + " holds at most " + str(k) +
                      " leaves (" + str(static_cast<long>(k) * d) + " hosts)");
    }
    spines = (leaves * u + k - 1) / k;
  }
  else
  {
    const int pods = (leaves + k / 2 - 1) / (k / 2);
    if (pods > k)
    {
      throw SpecError("clos: hosts = " + str(spec.hosts) + " need " + str(pods) +
                      " pods; a three-tier Clos of radix " + str(k) + " holds at most " + str(k) +
                      " pods (" + str(static_cast<long>(k) * (k / 2) * d) + " hosts)");
    }
    spines = pods * u;
    cores = u * ((pods + 1) / 2);
  }
  g.reserve(hosts.size() + leaves + spines + cores, hosts.size() * 3);
  for (int i = 0; i < leaves; ++i)
  {
    l.push_back(addSwitch(g, "L" + str(i), model, 1, k, spec.linkRateBps));
  }
  for (int i = 0; i < spines; ++i)
  {
    s.push_back(addSwitch(g, "S" + str(i), model, 2, k, spec.linkRateBps));
  }
  for (int i = 0; i < cores; ++i)
  {
    c.push_back(addSwitch(g, "C" + str(i), model, 3, k, spec.linkRateBps));
  }
  for (int h = 0; h < static_cast<int>(hosts.size()); ++h)
  {
    const int dev = g.addDevice(std::move(hosts[h]));
    g.connect(dev, l[h / d], spec.linkRateBps, Tier::NodeLeaf);
  }
  detail::wireUpperTiers(g, l, s, c, k, u, spec.linkRateBps);
  return g;
}

FabricGraph torus(const TorusSpec& spec, std::vector<Device> hosts, const std::string& model)
{
  requirePositive("torus", "x", spec.x);
  requirePositive("torus", "y", spec.y);
  requirePositive("torus", "z", spec.z);
  const long switches = static_cast<long>(spec.x) * spec.y * spec.z;
  if (spec.hosts % switches != 0)
  {
    throw SpecError("torus: hosts = " + str(spec.hosts) + " is not divisible by the " +
                    str(switches) + " switches of a " + str(spec.x) + "×" + str(spec.y) + "×" +
                    str(spec.z) + " torus");
  }
  const int perSwitch = static_cast<int>(spec.hosts / switches);
  const int torusPorts = 2 * ((spec.x > 1) + (spec.y > 1) + (spec.z > 1));
  if (spec.radix < perSwitch + torusPorts)
  {
    throw SpecError("torus: radix = " + str(spec.radix) + " is below the " +
                    str(perSwitch + torusPorts) + " ports needed (" + str(perSwitch) + " hosts + " +
                    str(torusPorts) + " torus links)");
  }
  FabricGraph g;
  g.topology = "torus";
  auto index = [&spec](int x, int y, int z) { return (z * spec.y + y) * spec.x + x; };
  for (int z = 0; z < spec.z; ++z)
    for (int y = 0; y < spec.y; ++y)
      for (int x = 0; x < spec.x; ++x)
      {
        const int i = addSwitch(g, "T" + str(x) + "-" + str(y) + "-" + str(z), model, 1, spec.radix,
                                spec.linkRateBps);
        g.device(i).group = z;
      }
  for (int z = 0; z < spec.z; ++z)
    for (int y = 0; y < spec.y; ++y)
      for (int x = 0; x < spec.x; ++x)
      {
        const int i = index(x, y, z);
        if (spec.x > 1)
          g.connect(i, index((x + 1) % spec.x, y, z), spec.linkRateBps, Tier::Torus);
        if (spec.y > 1)
          g.connect(i, index(x, (y + 1) % spec.y, z), spec.linkRateBps, Tier::Torus);
        if (spec.z > 1)
          g.connect(i, index(x, y, (z + 1) % spec.z), spec.linkRateBps, Tier::Torus);
      }
  for (int h = 0; h < static_cast<int>(hosts.size()); ++h)
  {
    const int dev = g.addDevice(std::move(hosts[h]));
    g.connect(dev, h / perSwitch, spec.linkRateBps, Tier::NodeLeaf);
  }
  const int dims[3] = { spec.x, spec.y, spec.z };
  const int longest = static_cast<int>(std::max_element(dims, dims + 3) - dims);
  const double crossSection = static_cast<double>(switches) / dims[longest];
  g.analyticBisectionBps = (dims[longest] > 1 ? 2 : 0) * crossSection * spec.linkRateBps;
  return g;
}

FabricGraph dragonfly(const DragonflySpec& spec, std::vector<Device> hosts,
                      const std::string& model)
{
  requirePositive("dragonfly", "hosts", spec.hosts);
  requirePositive("dragonfly", "routersPerGroup", spec.routersPerGroup);
  requirePositive("dragonfly", "hostsPerRouter", spec.hostsPerRouter);
  const int a = spec.routersPerGroup, p = spec.hostsPerRouter, h = spec.globalPerRouter;
  const int need = p + (a - 1) + h;
  if (spec.radix < need)
  {
    throw SpecError("dragonfly: radix = " + str(spec.radix) +
                    " is below p + (a − 1) + h = " + str(need));
  }
  const int groups = (spec.hosts + a * p - 1) / (a * p);
  if (groups > a * h + 1)
  {
    throw SpecError("dragonfly: hosts = " + str(spec.hosts) + " need " + str(groups) +
                    " groups, more than a·h + 1 = " + str(a * h + 1));
  }
  FabricGraph g;
  g.topology = "dragonfly";
  for (int grp = 0; grp < groups; ++grp)
  {
    for (int r = 0; r < a; ++r)
    {
      const int i =
        addSwitch(g, "G" + str(grp) + "-R" + str(r), model, 1, spec.radix, spec.linkRateBps);
      g.device(i).group = grp;
    }
    for (int r = 0; r < a; ++r)
      for (int q = r + 1; q < a; ++q)
        g.connect(grp * a + r, grp * a + q, spec.linkRateBps, Tier::Local);
  }
  // One global link per group pair; group i's k-th global link leaves from router k / h.
  std::vector<int> nextGlobal(groups, 0);
  for (int i = 0; i < groups; ++i)
    for (int j = i + 1; j < groups; ++j)
    {
      g.connect(i * a + nextGlobal[i]++ / h, j * a + nextGlobal[j]++ / h, spec.linkRateBps,
                Tier::Global);
    }
  for (int k = 0; k < static_cast<int>(hosts.size()); ++k)
  {
    const int dev = g.addDevice(std::move(hosts[k]));
    g.connect(dev, k / p, spec.linkRateBps, Tier::NodeLeaf);
  }
  const double half = std::floor(groups / 2.0) * std::ceil(groups / 2.0);
  g.analyticBisectionBps =
    (groups > 1 ? half : std::floor(a / 2.0) * std::ceil(a / 2.0)) * spec.linkRateBps;
  return g;
}

FabricGraph dualPlane(const DualPlaneSpec& spec, std::vector<Device> hosts,
                      const std::string& model)
{
  requirePositive("dual-plane", "hosts", spec.hosts);
  requirePositive("dual-plane", "nicsPerHost", spec.nicsPerHost);
  requirePositive("dual-plane", "oversubscription", spec.oversubscription);
  const int k = spec.radix;
  const int d =
    static_cast<int>(std::floor(k * spec.oversubscription / (1 + spec.oversubscription)));
  const int u = k - d;
  if (d < 1 || u < 1)
  {
    throw SpecError("dual-plane: radix = " + str(k) + " leaves no uplink at oversubscription " +
                    num(spec.oversubscription));
  }
  const int segments = (spec.hosts + d - 1) / d;
  const int torsPerPlane = segments * spec.nicsPerHost;
  if (torsPerPlane > k)
  {
    throw SpecError("dual-plane: hosts = " + str(spec.hosts) + " need " + str(torsPerPlane) +
                    " ToRs per plane, above the two-tier limit of radix " + str(k) + " (at most " +
                    str(static_cast<long>(k / spec.nicsPerHost) * d) + " hosts)");
  }
  const int spinesPerPlane = (torsPerPlane * u + k - 1) / k;
  FabricGraph g;
  g.topology = "dual-plane";
  std::vector<int> tors[2], spines[2];
  for (int pl = 0; pl < 2; ++pl)
  {
    for (int sgm = 0; sgm < segments; ++sgm)
      for (int r = 0; r < spec.nicsPerHost; ++r)
      {
        const int i = addSwitch(g, "P" + str(pl) + "-SEG" + str(sgm) + "-R" + str(r), model, 1, k,
                                spec.nicPortRateBps);
        Device& dev = g.device(i);
        dev.plane = pl;
        dev.scalableUnit = sgm;
        dev.rail = r;
        tors[pl].push_back(i);
      }
    for (int i = 0; i < spinesPerPlane; ++i)
    {
      spines[pl].push_back(
        addSwitch(g, "P" + str(pl) + "-S" + str(i), model, 2, k, spec.nicPortRateBps));
      g.device(spines[pl].back()).plane = pl;
    }
  }
  for (int n = 0; n < static_cast<int>(hosts.size()); ++n)
  {
    Device nic = std::move(hosts[n]);
    nic.ports = 2;
    const int node = n / spec.nicsPerHost, rail = n % spec.nicsPerHost;
    nic.rail = rail;
    const int dev = g.addDevice(std::move(nic));
    for (int pl = 0; pl < 2; ++pl)
    {
      g.connect(dev, tors[pl][(node / d) * spec.nicsPerHost + rail], spec.nicPortRateBps,
                Tier::NodeLeaf);
    }
  }
  for (int pl = 0; pl < 2; ++pl)
  {
    detail::wireUpperTiers(g, tors[pl], spines[pl], {}, k, u, spec.nicPortRateBps);
  }
  return g;
}

} // namespace detail

FabricGraph closFabric(const ClosSpec& spec)
{
  return detail::clos(spec, detail::abstractHosts(spec.hosts, spec.linkRateBps), "");
}

FabricGraph torusFabric(const TorusSpec& spec)
{
  return detail::torus(spec, detail::abstractHosts(spec.hosts, spec.linkRateBps), "");
}

TorusSpec torusForHosts(int hosts, int hostsPerSwitch, double linkRateBps)
{
  requirePositive("torus", "hostsPerSwitch", hostsPerSwitch);
  requirePositive("torus", "hosts", hosts);
  if (hosts % hostsPerSwitch != 0)
  {
    throw SpecError("torus: hosts = " + str(hosts) +
                    " is not a multiple of hostsPerSwitch = " + str(hostsPerSwitch));
  }
  const int n = hosts / hostsPerSwitch;
  TorusSpec best{ n, 1, 1, hosts, hostsPerSwitch + 6, linkRateBps };
  for (int z = 1; z * z * z <= n; ++z)
  {
    if (n % z != 0)
      continue;
    for (int y = z; y * y <= n / z; ++y)
    {
      if ((n / z) % y != 0)
        continue;
      const int x = n / z / y;
      if (x - z < best.x - best.z)
      {
        best.x = x;
        best.y = y;
        best.z = z;
      }
    }
  }
  return best;
}

FabricGraph dragonflyFabric(const DragonflySpec& spec)
{
  return detail::dragonfly(spec, detail::abstractHosts(spec.hosts, spec.linkRateBps), "");
}

FabricGraph dualPlaneFabric(const DualPlaneSpec& spec)
{
  requirePositive("dual-plane", "hosts", spec.hosts);
  return detail::dualPlane(
    spec, detail::abstractHosts(spec.hosts * spec.nicsPerHost, spec.nicPortRateBps), "");
}

} // namespace myriad::engine::fabric
