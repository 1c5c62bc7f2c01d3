// Tests of the routings of fabric flows (collectives.h Routing, GpuNetwork::setRouting): spraying
// doubles a lone flow's rate over two spines and never loses to ECMP on a symmetric all-to-all;
// rail-local routing keeps every fabric flow on one rail and pays the NVLink hop; the JobSpec
// JSON "routing" key and its errors.

#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/hierarchical.h"
#include "myriad/engine/traffic/workload.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

using namespace myriad::engine;
using namespace myriad::engine::fabric;
using namespace myriad::engine::traffic;

namespace
{

constexpr double kNvlink = 450e9; // H100 NVLink, bytes/s per direction

/**
 * Two nodes A and B of one GPU each, on leaves L0 and L1 joined by spines S0 and S1. NIC links
 * 400 Gb/s, leaf–spine links 200 Gb/s: one path carries 200 Gb/s, both together 400 Gb/s.
 */
FabricGraph twoSpineLeafSpine()
{
  FabricGraph g;
  auto add = [&](DeviceKind kind, const std::string& id, int level)
  {
    Device d;
    d.kind = kind;
    d.id = id;
    d.level = level;
    d.ports = 4;
    d.portRateBps = 400e9;
    return g.addDevice(d);
  };
  const int a = add(DeviceKind::Nic, "A-NIC0", 0), b = add(DeviceKind::Nic, "B-NIC0", 0);
  const int l0 = add(DeviceKind::Switch, "L0", 1), l1 = add(DeviceKind::Switch, "L1", 1);
  const int s0 = add(DeviceKind::Switch, "S0", 2), s1 = add(DeviceKind::Switch, "S1", 2);
  g.connect(a, l0, 400e9, Tier::NodeLeaf);
  g.connect(b, l1, 400e9, Tier::NodeLeaf);
  for (const int leaf : { l0, l1 })
  {
    for (const int spine : { s0, s1 })
    {
      g.connect(leaf, spine, 200e9, Tier::LeafSpine);
    }
  }
  return g;
}

/** 2 SUs × 4 nodes × 8 rails, radix-8 switches (4 nodes on each rail leaf). */
FabricGraph smallPod()
{
  SuperPodSpec spec;
  spec.scalableUnits = 2;
  spec.nodesPerScalableUnit = 4;
  spec.rails = 8;
  spec.switchRadix = 8;
  return superPodFabric(spec);
}

int railOf(const GpuNetwork& net, int gpu)
{
  return net.graph().device(net.cluster().nic[gpu]).rail;
}

/** Rails of the leaves (level-1 switches) that carry load in `net`'s peak loads. */
std::set<int> loadedLeafRails(const GpuNetwork& net)
{
  std::set<int> rails;
  const FabricGraph& g = net.graph();
  for (std::size_t m = 0; m < net.peakLoadBps().size(); ++m)
  {
    if (net.peakLoadBps()[m] <= 0)
    {
      continue;
    }
    const Link& link = g.links()[m / 2];
    for (const int d : { link.a.device, link.b.device })
    {
      if (g.device(d).kind == DeviceKind::Switch && g.device(d).level == 1)
      {
        rails.insert(g.device(d).rail);
      }
    }
  }
  return rails;
}

} // namespace

class TestTrafficRouting : public QObject
{
  Q_OBJECT

private slots:
  // One 1 GB flow A → B. ECMP hashes it onto one spine: 200 Gb/s (the leaf–spine cable), done
  // in 8e9 bit / 200e9 = 0.04 s. Sprayed over both spines: two sub-flows of 0.5 GB at 200 Gb/s
  // each, 400 Gb/s together (the NIC rate), done in 0.02 s: twice the rate, half the time.
  void sprayDoublesALoneFlowOverTwoSpines()
  {
    const FabricGraph g = twoSpineLeafSpine();
    EcmpRouter router(g);
    const auto paths = router.sprayRoutes(0, 1, 7);
    QCOMPARE(static_cast<int>(paths.size()), 2);
    QVERIFY(paths[0] != paths[1]);
    QCOMPARE(static_cast<int>(paths[0].size()), 4); // NIC–leaf–spine–leaf–NIC

    GpuNetwork net(g, kNvlink);
    const std::vector<Transfer> one{ { 0, 1, 1e9 } };
    const PhaseResult ecmp = net.runPhase(one, 0);
    QCOMPARE(ecmp.slowestFabricFlowBps, 200e9);
    QVERIFY(std::abs(ecmp.fabricTimeS - 0.04) <= 1e-12);
    net.setRouting(Routing::Spray);
    const PhaseResult spray = net.runPhase(one, 0);
    QCOMPARE(spray.fabricSubFlows, 2);
    QCOMPARE(static_cast<int>(spray.fabricFlows.size()), 1); // results per original flow
    QCOMPARE(spray.fabricBytes, 1e9);
    QCOMPARE(spray.slowestFabricFlowBps, 2 * ecmp.slowestFabricFlowBps);
    QVERIFY(std::abs(spray.fabricTimeS - ecmp.fabricTimeS / 2) <= 1e-12);
  }

  // With spine S0 failed the flow is sprayed over the one path left: 200 Gb/s, 0.04 s.
  void sprayAvoidsFailedSwitches()
  {
    const FabricGraph g = twoSpineLeafSpine();
    GpuNetwork net(g, kNvlink);
    net.setRouting(Routing::Spray);
    net.failDevice(g.find("S0"));
    const PhaseResult p = net.runPhase({ { 0, 1, 1e9 } }, 0);
    QCOMPARE(p.fabricSubFlows, 1);
    QCOMPARE(p.slowestFabricFlowBps, 200e9);
    QVERIFY(std::abs(p.fabricTimeS - 0.04) <= 1e-12);
  }

  // All-to-all among the 64 GPUs of a non-blocking pod, 1 GB per GPU. Spraying puts on each cable
  // the mean of the loads ECMP's hash could put on it over the equal-cost choices, and a mean is
  // never above the maximum, so its slowest phase is never slower than ECMP's (whose hash
  // collisions make some cable carry two flows while another idles). Both move the same bytes.
  void sprayNeverLosesToEcmpOnAllToAll()
  {
    const FabricGraph g = smallPod();
    std::vector<int> all(64);
    std::iota(all.begin(), all.end(), 0);
    GpuNetwork ecmpNet(g, kNvlink), sprayNet(g, kNvlink);
    sprayNet.setRouting(Routing::Spray);
    const auto ecmp = allToAllGroups(ecmpNet, { all }, 1e9);
    const auto spray = allToAllGroups(sprayNet, { all }, 1e9);
    QCOMPARE(spray.fabricBytes, ecmp.fabricBytes);
    qInfo("all-to-all: ECMP %.6g s, spray %.6g s", ecmp.timeS, spray.timeS);
    // The pod is non-blocking, so even spraying reaches the NIC rate B in every phase:
    // t = 63 phases × (1 GB / 64)·8 / B. ECMP's hash collisions make it strictly slower here.
    const double nicBps = g.links().front().rateBps;
    QCOMPARE(g.links().front().tier, Tier::NodeLeaf);
    QVERIFY(std::abs(spray.timeS - 63 * (1e9 / 64) * 8 / nicBps) <= 1e-9 * spray.timeS);
    QVERIFY(spray.timeS < ecmp.timeS);
    QVERIFY2(spray.timeS <= ecmp.timeS * (1 + 1e-9),
             qPrintable(QString("spray %1 s, ecmp %2 s").arg(spray.timeS).arg(ecmp.timeS)));
    QVERIFY(spray.slowestFabricFlowBps >= ecmp.slowestFabricFlowBps * (1 - 1e-9));
    const double ecmpPeak =
      *std::max_element(ecmpNet.peakLoadBps().begin(), ecmpNet.peakLoadBps().end());
    const double sprayPeak =
      *std::max_element(sprayNet.peakLoadBps().begin(), sprayNet.peakLoadBps().end());
    QVERIFY(sprayPeak <= ecmpPeak * (1 + 1e-9));
  }

  // Node 0 GPU i sends 1 GB to node 5 GPU (i + 3) mod 8: every transfer crosses rails. ECMP sends
  // them NIC-to-NIC across rails. Rail-local first moves each over NVLink to node 0's GPU on the
  // destination's rail (each GPU sends 1 GB and receives 1 GB: t_nvl = 1e9 / 450e9 s, 8 GB
  // relayed), then every fabric flow goes rail s → rail s.
  void railLocalKeepsFabricFlowsOnTheirRail()
  {
    const FabricGraph g = smallPod();
    GpuNetwork net(g, kNvlink);
    const int per = net.cluster().gpusPerNode;
    std::vector<Transfer> cross;
    for (int i = 0; i < per; ++i)
    {
      cross.push_back({ i, 5 * per + (i + 3) % per, 1e9 });
    }
    auto crossRailFlows = [&](const PhaseResult& p)
    {
      int n = 0;
      for (const auto& [a, b] : p.fabricFlows)
      {
        n += g.device(a).rail != g.device(b).rail ? 1 : 0;
      }
      return n;
    };
    const PhaseResult ecmp = net.runPhase(cross, 0);
    QCOMPARE(crossRailFlows(ecmp), per);
    QCOMPARE(ecmp.relayBytes, 0.0);
    QCOMPARE(ecmp.nvlinkBytes, 0.0);

    net.setRouting(Routing::RailLocal);
    const PhaseResult rail = net.runPhase(cross, 0);
    QCOMPARE(crossRailFlows(rail), 0);
    QCOMPARE(static_cast<int>(rail.fabricFlows.size()), per);
    QCOMPARE(rail.relayBytes, per * 1e9);
    QCOMPARE(rail.nvlinkBytes, per * 1e9);
    QVERIFY(std::abs(rail.nvlinkTimeS - 1e9 / kNvlink) <= 1e-12 * rail.nvlinkTimeS);
    QCOMPARE(rail.fabricBytes, ecmp.fabricBytes);
    QCOMPARE(rail.timeS, std::max(rail.nvlinkTimeS, rail.fabricTimeS));
  }

  // Same-rail traffic (node 0 rail 2 → node 5 rail 2) loads only rail-2 leaves; a cross-rail
  // transfer (rail 1 → rail 6) under rail-local routing loads only rail-6 leaves.
  void railLocalUsesOnlyTheRailsLeaves()
  {
    const FabricGraph g = smallPod();
    GpuNetwork net(g, kNvlink);
    net.setRouting(Routing::RailLocal);
    const int per = net.cluster().gpusPerNode;
    net.runPhase({ { 2, 5 * per + 2, 1e9 } }, 0);
    QCOMPARE(loadedLeafRails(net), std::set<int>{ railOf(net, 2) });
    net.resetPeakLoad();
    const PhaseResult p = net.runPhase({ { 1, 5 * per + 6, 1e9 } }, 0);
    QCOMPARE(loadedLeafRails(net), std::set<int>{ railOf(net, 5 * per + 6) });
    QCOMPARE(p.relayBytes, 1e9);
  }

  // "routing" in a job file: the three names parse, the default is ECMP, anything else is an
  // error naming the file, the JSON path and the allowed values.
  void jobRoutingIsParsedAndChecked()
  {
    const std::string head = "{\"name\": \"j\", \"model\": {\"parameters\": 8e9, "
                             "\"layers\": 32, \"hidden\": 4096}, \"training\": "
                             "{\"tokensPerStep\": 1048576}, \"parallelism\": {\"tp\": 8}";
    QCOMPARE(parseJob(head + "}", "j.json").routing, Routing::Ecmp);
    for (const Routing r : { Routing::Ecmp, Routing::Spray, Routing::RailLocal })
    {
      const std::string text = head + ", \"routing\": \"" + toString(r) + "\"}";
      QCOMPARE(parseJob(text, "j.json").routing, r);
    }
    try
    {
      parseJob(head + ", \"routing\": \"adaptive\"}", "j.json");
      QFAIL("an unknown routing was accepted");
    }
    catch (const LoadError& e)
    {
      const QString what = e.what();
      QVERIFY2(what.contains("j.json") && what.contains("/routing") && what.contains("adaptive") &&
                 what.contains(kRoutingNames),
               qPrintable(what));
    }
  }
};

QTEST_GUILESS_MAIN(TestTrafficRouting)
#include "test_traffic_routing.moc"
