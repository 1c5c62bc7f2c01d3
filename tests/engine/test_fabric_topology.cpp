// Tests of the fabric generators: SuperPOD counts against the NVIDIA reference architecture
// tables, port conservation, hop counts per tier, ECMP path sets, the generic topologies and
// the SpecError messages of impossible specs.

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/paths.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"

#include <QtTest>

#include <map>
#include <set>

using namespace myriad::engine;
using namespace myriad::engine::fabric;

namespace
{

/** Recount port use from the link list alone: every (device, port) at most once, < radix. */
bool portsConserved(const FabricGraph& g, QString* why)
{
  std::set<std::pair<int, int>> seen;
  for (const Link& l : g.links())
  {
    for (const PortRef& p : { l.a, l.b })
    {
      if (p.port < 0 || p.port >= g.device(p.device).ports)
      {
        *why = QString::fromStdString(g.device(p.device).id) + " port out of radix";
        return false;
      }
      if (!seen.insert({ p.device, p.port }).second)
      {
        *why = QString::fromStdString(g.device(p.device).id) + " port used twice";
        return false;
      }
    }
  }
  return true;
}

int switchesAt(const FabricGraph& g, int level)
{
  return g.countDevices(DeviceKind::Switch, level);
}

QString messageOf(const std::function<void()>& f)
{
  try
  {
    f();
  }
  catch (const SpecError& e)
  {
    return QString::fromUtf8(e.what());
  }
  return {};
}

} // namespace

class TestFabricTopology final : public QObject
{
  Q_OBJECT

private slots:
  void superPodCountsMatchReferenceTables_data();
  void superPodCountsMatchReferenceTables();
  void superPodGraphConservesPortsAndMatchesCounts_data();
  void superPodGraphConservesPortsAndMatchesCounts();
  void superPodHopsPerTier();
  void ecmpPathSetBetweenRails();
  void superPodImpossibleSpecsNameTheLimit();
  void superPodFromGeneratedScene();
  void closNonBlockingAndOversubscribed();
  void closKaryFatTree();
  void closTooManyHostsForTwoTiers();
  void torusCubeAndDivisibility();
  void dragonflyCountsAndLimit();
  void dualPlaneEveryNicOnTwoPlanes();
  void nvLinkDomains();
  void duplicatePortIsRejected();
};

void TestFabricTopology::superPodCountsMatchReferenceTables_data()
{
  QTest::addColumn<int>("su");
  QTest::addColumn<int>("leaves");
  QTest::addColumn<int>("spines");
  QTest::addColumn<int>("cores");
  QTest::addColumn<int>("nodeLeaf");
  QTest::addColumn<int>("leafSpine");
  QTest::addColumn<int>("spineCore");
  // DGX H100 RA Table 4 (1–4 SU) and DGX B200 RA "larger SuperPOD component counts" (2–64 SU),
  // docs/references.md#superpod-b200-ra; 32 nodes per SU, 8 rails, QM9700 radix 64.
  QTest::newRow("1 SU") << 1 << 8 << 4 << 0 << 256 << 256 << 0;
  QTest::newRow("2 SU") << 2 << 16 << 8 << 0 << 512 << 512 << 0;
  QTest::newRow("3 SU") << 3 << 24 << 16 << 0 << 768 << 768 << 0;
  QTest::newRow("4 SU") << 4 << 32 << 16 << 0 << 1024 << 1024 << 0;
  QTest::newRow("8 SU") << 8 << 64 << 32 << 0 << 2048 << 2048 << 0;
  QTest::newRow("16 SU") << 16 << 128 << 128 << 64 << 4096 << 4096 << 4096;
  QTest::newRow("32 SU") << 32 << 256 << 256 << 128 << 8192 << 8192 << 8192;
  QTest::newRow("64 SU") << 64 << 512 << 512 << 256 << 16384 << 16384 << 16384;
}

void TestFabricTopology::superPodCountsMatchReferenceTables()
{
  QFETCH(int, su);
  SuperPodSpec spec;
  spec.scalableUnits = su;
  const SuperPodCounts c = superPodCounts(spec);
  QTEST(c.leaves, "leaves");
  QTEST(c.spines, "spines");
  QTEST(c.cores, "cores");
  QTEST(c.nodeLeafCables, "nodeLeaf");
  QTEST(c.leafSpineCables, "leafSpine");
  QTEST(c.spineCoreCables, "spineCore");
}

void TestFabricTopology::superPodGraphConservesPortsAndMatchesCounts_data()
{
  QTest::addColumn<int>("su");
  QTest::newRow("4 SU") << 4;
  QTest::newRow("16 SU") << 16;
  QTest::newRow("64 SU") << 64;
}

void TestFabricTopology::superPodGraphConservesPortsAndMatchesCounts()
{
  // The wired graph has exactly the tabulated switches and cables per tier, and — counted from
  // its link list, independently of the builder's bookkeeping — no port used twice.
  QFETCH(int, su);
  SuperPodSpec spec;
  spec.scalableUnits = su;
  const SuperPodCounts c = superPodCounts(spec);
  const FabricGraph g = superPodFabric(spec);
  QCOMPARE(switchesAt(g, 1), c.leaves);
  QCOMPARE(switchesAt(g, 2), c.spines);
  QCOMPARE(switchesAt(g, 3), c.cores);
  QCOMPARE(g.countDevices(DeviceKind::Nic), c.nodes * 8);
  QCOMPARE(g.countLinks(Tier::NodeLeaf), c.nodeLeafCables);
  QCOMPARE(g.countLinks(Tier::LeafSpine), c.leafSpineCables);
  QCOMPARE(g.countLinks(Tier::SpineCore), c.spineCoreCables);
  QString why;
  QVERIFY2(portsConserved(g, &why), qPrintable(why));
  // Non-blocking: every leaf 32 down / 32 up, so the leaf tier's oversubscription is 1.
  QCOMPARE(oversubscription(g, 1), 1.0);
  // Full bisection: half of the 400 Gb/s injection of all NICs.
  QCOMPARE(bisectionBandwidthBps(g), c.nodes * 8 * 400e9 / 2);
}

void TestFabricTopology::superPodHopsPerTier()
{
  // 16 SU (three tiers, pods of 4 SU). Same SU and rail: NIC–leaf–NIC = 2 hops. Same SU, other
  // rail: through a spine = 4 hops. Same rail, SU in another pod: through a core = 6 hops.
  SuperPodSpec spec;
  spec.scalableUnits = 16;
  const FabricGraph g = superPodFabric(spec);
  const int n0r0 = g.find("N0-NIC0");
  QCOMPARE(hopCount(g, n0r0, g.find("N1-NIC0")), 2);
  QCOMPARE(hopCount(g, n0r0, g.find("N1-NIC3")), 4);
  QCOMPARE(hopCount(g, n0r0, g.find("N40-NIC0")), 4);  // SU 1, same pod
  QCOMPARE(hopCount(g, n0r0, g.find("N200-NIC0")), 6); // SU 6, pod 1
  // Two tiers (4 SU): nothing is further than 4 hops.
  spec.scalableUnits = 4;
  const FabricGraph g4 = superPodFabric(spec);
  QCOMPARE(hopCount(g4, g4.find("N0-NIC0"), g4.find("N127-NIC7")), 4);
}

void TestFabricTopology::ecmpPathSetBetweenRails()
{
  // 4 SU, 16 spines: leaf rail 0 and leaf rail 1 of SU 0 each reach all 16 spines, so NIC0 →
  // NIC1 of another node has 16 equal-cost 4-hop paths, each NIC–leaf–spine–leaf–NIC.
  SuperPodSpec spec;
  spec.scalableUnits = 4;
  const FabricGraph g = superPodFabric(spec);
  const int a = g.find("N0-NIC0"), b = g.find("N5-NIC1");
  const auto paths = ecmpPaths(g, a, b);
  QCOMPARE(static_cast<int>(paths.size()), 16);
  std::set<int> spinesUsed;
  for (const auto& p : paths)
  {
    QCOMPARE(static_cast<int>(p.size()), 5);
    QCOMPARE(p.front(), a);
    QCOMPARE(p.back(), b);
    QCOMPARE(g.device(p[2]).level, 2);
    spinesUsed.insert(p[2]);
  }
  QCOMPARE(static_cast<int>(spinesUsed.size()), 16);
  QCOMPARE(static_cast<int>(ecmpPaths(g, a, b, 3).size()), 3); // the cap is honoured
}

void TestFabricTopology::superPodImpossibleSpecsNameTheLimit()
{
  SuperPodSpec spec;
  spec.nodesPerScalableUnit = 40; // more than the 32 leaf downlinks of a radix-64 leaf
  QVERIFY(messageOf([&] { superPodCounts(spec); }).contains("nodesPerScalableUnit = 40"));
  QVERIFY(messageOf([&] { superPodCounts(spec); }).contains("32"));
  spec = {};
  spec.scalableUnits = 300; // > 64 pods × 32 leaves / 8 rails = 256 SU
  const QString m = messageOf([&] { superPodCounts(spec); });
  QVERIFY2(m.contains("scalableUnits = 300") && m.contains("256"), qPrintable(m));
  spec = {};
  spec.switchRadix = 63;
  QVERIFY(messageOf([&] { superPodCounts(spec); }).contains("switchRadix = 63"));
}

void TestFabricTopology::superPodFromGeneratedScene()
{
  // lab-256: one SU of 32 DGX H100, 8 leaves and 4 spines in the scene; every NIC is wired to
  // the leaf of its rail, every leaf has 32 uplinks (256 leaf–spine links).
  const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  const FabricGraph g = buildSuperPod(scene, Catalog::builtin());
  QCOMPARE(switchesAt(g, 1), 8);
  QCOMPARE(g.countLinks(Tier::NodeLeaf), 256);
  QCOMPARE(g.countLinks(Tier::LeafSpine), 8 * 32);
  QString why;
  QVERIFY2(portsConserved(g, &why), qPrintable(why));
  for (const Link& l : g.links())
  {
    if (l.tier == Tier::NodeLeaf)
    {
      const Device& nic = g.device(l.a.device);
      const Device& leaf = g.device(l.b.device);
      QCOMPARE(nic.rail, leaf.rail);
      QCOMPARE(nic.scalableUnit, leaf.scalableUnit);
      QVERIFY(nic.location.placed() && leaf.location.placed());
    }
  }
}

void TestFabricTopology::closNonBlockingAndOversubscribed()
{
  // 1,024 hosts, radix 64, 1:1 → 32 leaves × 32 down, 32×32/64 = 16 spines.
  FabricGraph g = closFabric({ 1024, 64, 2, 1.0, 400e9 });
  QCOMPARE(switchesAt(g, 1), 32);
  QCOMPARE(switchesAt(g, 2), 16);
  QCOMPARE(oversubscription(g, 1), 1.0);
  // 3:1 → 48 down, 16 up per leaf: ⌈1024/48⌉ = 22 leaves, ⌈22·16/64⌉ = 6 spines.
  g = closFabric({ 1024, 64, 2, 3.0, 400e9 });
  QCOMPARE(switchesAt(g, 1), 22);
  QCOMPARE(switchesAt(g, 2), 6);
  QCOMPARE(oversubscription(g, 1), 1024.0 / (22 * 16)); // partly filled last leaf
  QString why;
  QVERIFY2(portsConserved(g, &why), qPrintable(why));
  // Every pair of hosts is connected within 4 hops.
  QCOMPARE(hopCount(g, g.find("H0"), g.find("H1023")), 4);
}

void TestFabricTopology::closKaryFatTree()
{
  // k = 4 fat-tree (Al-Fares 2008): 16 hosts, 8 edge, 8 aggregation, (k/2)² = 4 core.
  const FabricGraph g = closFabric({ 16, 4, 3, 1.0, 1e9 });
  QCOMPARE(switchesAt(g, 1), 8);
  QCOMPARE(switchesAt(g, 2), 8);
  QCOMPARE(switchesAt(g, 3), 4);
  QCOMPARE(hopCount(g, g.find("H0"), g.find("H15")), 6);
  // (k/2)² = 4 equal-cost paths between hosts in different pods.
  QCOMPARE(static_cast<int>(ecmpPaths(g, g.find("H0"), g.find("H15")).size()), 4);
  QString why;
  QVERIFY2(portsConserved(g, &why), qPrintable(why));
}

void TestFabricTopology::closTooManyHostsForTwoTiers()
{
  // Radix 8, 1:1: at most 8 leaves × 4 hosts = 32 hosts in two tiers.
  const QString m = messageOf([] { closFabric({ 33, 8, 2, 1.0, 1e9 }); });
  QVERIFY2(m.contains("hosts = 33") && m.contains("32 hosts"), qPrintable(m));
  QVERIFY(messageOf([] { closFabric({ 16, 8, 4, 1.0, 1e9 }); }).contains("tiers = 4"));
}

void TestFabricTopology::torusCubeAndDivisibility()
{
  // 4×4×4 torus, one host per switch: 64 switches × 3 links = 192 torus links, diameter
  // 2+2+2 = 6 switch hops (+2 host links), bisection 2·4·4 links.
  const FabricGraph g = torusFabric({ 4, 4, 4, 64, 8, 100e9 });
  QCOMPARE(switchesAt(g, 1), 64);
  QCOMPARE(g.countLinks(Tier::Torus), 192);
  QCOMPARE(hopCount(g, g.find("T0-0-0"), g.find("T2-2-2")), 6);
  QCOMPARE(bisectionBandwidthBps(g), 32 * 100e9);
  const QString m = messageOf([] { torusFabric({ 4, 4, 4, 100, 16, 1e9 }); });
  QVERIFY2(m.contains("hosts = 100") && m.contains("64"), qPrintable(m));
  const TorusSpec t = torusForHosts(512, 1, 1e9);
  QCOMPARE(t.x * t.y * t.z, 512);
  QCOMPARE(t.x, 8); // 8×8×8 is the cube
  QVERIFY(messageOf([] { torusForHosts(100, 3, 1e9); }).contains("hostsPerSwitch = 3"));
  QVERIFY(messageOf([] { torusFabric({ 4, 4, 4, 128, 7, 1e9 }); }).contains("radix = 7"));
}

void TestFabricTopology::dragonflyCountsAndLimit()
{
  // a = 4, p = 2, h = 2: groups of 8 hosts; 72 hosts → 9 groups = a·h + 1 (the maximum),
  // 9·8/2 = 36 global links, 9·6 = 54 local links; any two routers ≤ 3 hops (local-global-local).
  const FabricGraph g = dragonflyFabric({ 72, 4, 2, 2, 7, 1e9 });
  QCOMPARE(g.countLinks(Tier::Global), 36);
  QCOMPARE(g.countLinks(Tier::Local), 54);
  for (int r = 1; r < 36; ++r)
  {
    QVERIFY(hopCount(g, 0, r) <= 3);
  }
  QVERIFY(messageOf([] { dragonflyFabric({ 80, 4, 2, 2, 7, 1e9 }); }).contains("a·h + 1 = 9"));
  QVERIFY(messageOf([] { dragonflyFabric({ 8, 4, 2, 2, 6, 1e9 }); }).contains("radix = 6"));
}

void TestFabricTopology::dualPlaneEveryNicOnTwoPlanes()
{
  // 64 hosts × 8 NICs, radix 128 1:1 → 64 down per ToR: one segment, 8 ToRs per plane, each NIC
  // has one link into plane 0 and one into plane 1 on ToRs of its own rail.
  const FabricGraph g = dualPlaneFabric({ 64, 8, 128, 200e9, 1.0 });
  QCOMPARE(switchesAt(g, 1), 16);
  for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
  {
    if (g.device(d).kind != DeviceKind::Nic)
      continue;
    std::set<int> planes;
    for (const int l : g.linksOf(d))
    {
      const Device& tor = g.device(g.peer(l, d));
      planes.insert(tor.plane);
      QCOMPARE(tor.rail, g.device(d).rail); // the NIC's own rail on both planes
    }
    QCOMPARE(static_cast<int>(planes.size()), 2);
  }
  // Planes are disjoint: no link joins switches of different planes.
  for (const Link& l : g.links())
  {
    const Device& a = g.device(l.a.device);
    const Device& b = g.device(l.b.device);
    if (a.kind == DeviceKind::Switch && b.kind == DeviceKind::Switch)
      QCOMPARE(a.plane, b.plane);
  }
  const QString m = messageOf([] { dualPlaneFabric({ 2048, 8, 128, 200e9, 1.0 }); });
  QVERIFY2(m.contains("hosts = 2048") && m.contains("radix 128"), qPrintable(m));
}

void TestFabricTopology::nvLinkDomains()
{
  // DGX H100: 8 GPUs × 18 links over 4 NVSwitch chips = 144 links; GPU–GPU is 2 hops with 4
  // equal-cost chips. NVL72: 72 × 18 = 1,296 links, each chip exactly 72 ports used.
  const FabricGraph dgx = nvLinkFabric(dgxH100NvLink());
  QCOMPARE(dgx.countLinks(Tier::NvLink), 144);
  QCOMPARE(static_cast<int>(ecmpPaths(dgx, dgx.find("D0-GPU0"), dgx.find("D0-GPU7")).size()), 4);
  const FabricGraph nvl = nvLinkFabric(nvl72NvLink());
  QCOMPARE(nvl.countLinks(Tier::NvLink), 1296);
  QCOMPARE(nvl.usedPorts(nvl.find("D0-NVS17")), 72);
  // Per-GPU bandwidth: 18 × 400 Gb/s = 7.2 Tb/s per direction = 1.8 TB/s bidirectional.
  QCOMPARE(18 * nvl.device(nvl.find("D0-GPU0")).portRateBps * 2 / 8, 1.8e12);
  NvLinkSpec bad = nvl72NvLink();
  bad.chipPorts = 64;
  QVERIFY(messageOf([&] { nvLinkFabric(bad); }).contains("chipPorts = 64"));
}

void TestFabricTopology::duplicatePortIsRejected()
{
  FabricGraph g;
  Device sw;
  sw.id = "A";
  sw.ports = 2;
  const int a = g.addDevice(sw);
  sw.id = "B";
  const int b = g.addDevice(sw);
  g.connectPorts({ a, 0 }, { b, 0 }, 1e9, Tier::LeafSpine);
  QVERIFY(messageOf(
            [&] {
              g.connectPorts({ a, 0 }, { b, 1 }, 1e9, Tier::LeafSpine);
            })
            .contains("port 0 is already used"));
  QVERIFY(messageOf(
            [&] {
              g.connectPorts({ a, 2 }, { b, 1 }, 1e9, Tier::LeafSpine);
            })
            .contains("outside its radix 2"));
  g.connect(a, b, 1e9, Tier::LeafSpine);
  QVERIFY(messageOf([&] { g.connect(a, b, 1e9, Tier::LeafSpine); }).contains("radix too small"));
  QVERIFY(messageOf([&] { g.addDevice(sw); }).contains("used twice"));
}

QTEST_APPLESS_MAIN(TestFabricTopology)
#include "test_fabric_topology.moc"
