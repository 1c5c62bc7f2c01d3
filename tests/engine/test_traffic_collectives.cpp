// Tests of ECMP routing on a fabric and of the ring all-reduce as flows: the analytic
// non-blocking case (busbw = link rate), link directions as separate resources, an
// oversubscribed fabric where busbw must fall, and the SpecError messages.

#include "myriad/engine/error.h"
#include "myriad/engine/fabric/paths.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/collectives.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

using namespace myriad::engine;
using namespace myriad::engine::fabric;
using namespace myriad::engine::traffic;

namespace
{

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

/** NIC device indices of rail `rail`, in node order. */
std::vector<int> railNics(const FabricGraph& g, int rail)
{
  std::vector<int> out;
  for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
  {
    if (g.device(d).kind == DeviceKind::Nic && g.device(d).rail == rail)
    {
      out.push_back(d);
    }
  }
  return out;
}

Device host(const std::string& id)
{
  Device d;
  d.kind = DeviceKind::Nic;
  d.id = id;
  d.ports = 1;
  return d;
}

} // namespace

class TestTrafficCollectives : public QObject
{
  Q_OBJECT

private slots:
  // Two hosts on one 400 Gb/s cable: n = 2, 2 steps of S/2 each way at the full rate (the two
  // directions are separate resources): t = 2·(S/2)·8/B = 8S/B, algbw = B/8 = 50 GB/s and
  // busbw = algbw·2(n−1)/n = 50 GB/s. Sharing one resource for both directions would halve it.
  void twoHostsOnOneCable()
  {
    FabricGraph g;
    const int a = g.addDevice(host("A")), b = g.addDevice(host("B"));
    g.connect(a, b, 400e9, Tier::NodeLeaf);
    const double s = 1e9;
    const auto r = ringAllReduce(g, { a, b }, s);
    QCOMPARE(r.steps, 2);
    QVERIFY(std::abs(r.timeS - 8 * s / 400e9) <= 1e-12 * r.timeS);
    QVERIFY(std::abs(r.busBwBytesPerS - 50e9) <= 1e-9 * 50e9);
    // Both cable directions carry one flow at the full rate.
    QCOMPARE(r.peakLoadBps, (std::vector<double>{ 400e9, 400e9 }));
    // The router's max-min links: one per cable direction, at the cable's rate.
    EcmpRouter router(g);
    MaxMinProblem p;
    router.addLinks(p);
    QCOMPARE(p.linkCount(), 2);
    QCOMPARE(p.capacity(1), 400e9);
    QCOMPARE(router.route(b, a, 0), (std::vector<int>{ 1 }));
    QVERIFY(messageOf([&] { router.addLinks(p); }).contains("already has links"));
  }

  // The analytic case of issue 4: rail-0 NICs of a 4-SU SuperPOD (128 nodes, 1:1 non-blocking,
  // 400 Gb/s everywhere) in node order. Each NIC sends one flow and receives one, and at most
  // a few ring hops cross an SU boundary, so no leaf uplink or spine port carries two flows:
  // every flow runs at B = 400 Gb/s, step = (S/n)·8/B, t = 2(n−1)·S·8/(n·B),
  // busbw = S/t · 2(n−1)/n = B/8 = 50 GB/s exactly.
  void ringOnNonBlockingSuperPodReachesLinkRate()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 4;
    const FabricGraph g = superPodFabric(spec);
    const auto members = railNics(g, 0);
    QCOMPARE(static_cast<int>(members.size()), 128);
    const double s = 4e9;
    const auto r = ringAllReduce(g, members, s);
    const int n = 128;
    QCOMPARE(r.steps, 2 * (n - 1));
    QCOMPARE(r.flowsPerStep, n);
    QVERIFY(std::abs(r.slowestFlowBps - 400e9) <= 1e-9 * 400e9);
    QVERIFY(std::abs(r.busBwBytesPerS - 50e9) <= 1e-9 * 50e9);
    QVERIFY(std::abs(r.algBwBytesPerS - 50e9 * n / (2.0 * (n - 1))) <= 1e-9 * 50e9);
    QVERIFY(r.hottestLinkUtilisation <= 1 + 1e-12);
  }

  // 2:1 oversubscribed two-tier Clos, radix 8: 5 hosts down / 3 up would not be 2:1, so with
  // radix 6 a leaf has d = 4 hosts and u = 2 uplinks. The ring alternates leaves (h0, h4, h1,
  // h5, ...), so all n = 8 flows leave their leaf: 4 flows per leaf over 2 uplinks, at most
  // B/2 each on average even with perfect ECMP, and hash collisions can only make it worse:
  // busbw ≤ B/16 = 25 GB/s (and > 0).
  void ringOnOversubscribedClosIsSlower()
  {
    ClosSpec spec;
    spec.hosts = 8;
    spec.radix = 6;
    spec.oversubscription = 2;
    const FabricGraph g = closFabric(spec);
    std::vector<int> hosts;
    for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
    {
      if (g.device(d).kind == DeviceKind::Nic)
      {
        hosts.push_back(d);
      }
    }
    QCOMPARE(static_cast<int>(hosts.size()), 8);
    std::vector<int> ring;
    for (int i = 0; i < 4; ++i)
    {
      ring.push_back(hosts[i]);
      ring.push_back(hosts[i + 4]);
    }
    const auto r = ringAllReduce(g, ring, 1e9);
    QVERIFY(r.busBwBytesPerS > 0);
    QVERIFY(r.busBwBytesPerS <= 25e9 * (1 + 1e-12));
    // The same hosts in leaf order: only 2 of 8 flows cross the spine tier, so each gets the
    // full rate and busbw returns to B/8 = 50 GB/s.
    const auto ordered = ringAllReduce(g, hosts, 1e9);
    QVERIFY(std::abs(ordered.busBwBytesPerS - 50e9) <= 1e-9 * 50e9);
  }

  // All-to-all among the 32 rail-0 NICs of one SU: all on one leaf, so every flow is
  // NIC–leaf–NIC and in each of the n − 1 steps every NIC sends one flow and receives one:
  // all at B = 400 Gb/s, t = (n − 1)·(S/n)·8/B, busbw = S/t·(n − 1)/n = B/8 = 50 GB/s.
  void allToAllOnOneLeafReachesLinkRate()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 1;
    const FabricGraph g = superPodFabric(spec);
    const auto members = railNics(g, 0);
    const int n = static_cast<int>(members.size());
    QCOMPARE(n, 32);
    const double s = 1e9;
    const auto r = allToAll(g, members, s);
    QCOMPARE(r.steps, n - 1);
    QVERIFY(std::abs(r.timeS - (n - 1) * (s / n) * 8 / 400e9) <= 1e-9 * r.timeS);
    QVERIFY(std::abs(r.busBwBytesPerS - 50e9) <= 1e-9 * 50e9);
  }

  // All-to-all on the 2:1 Clos of 8 hosts (2 leaves of 4 hosts, 2 uplinks each): in step
  // k = 4 every host sends to the other leaf, 4 flows over 2 uplinks, so some flow runs at
  // ≤ B/2 and that step takes at least twice as long: busbw < B/8 = 50 GB/s.
  void allToAllOnOversubscribedClosIsSlower()
  {
    ClosSpec spec;
    spec.hosts = 8;
    spec.radix = 6;
    spec.oversubscription = 2;
    const FabricGraph g = closFabric(spec);
    std::vector<int> hosts;
    for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
    {
      if (g.device(d).kind == DeviceKind::Nic)
      {
        hosts.push_back(d);
      }
    }
    const auto r = allToAll(g, hosts, 1e9);
    QVERIFY(r.slowestFlowBps <= 200e9 * (1 + 1e-12));
    QVERIFY(r.busBwBytesPerS > 0);
    QVERIFY(r.busBwBytesPerS < 50e9 * (1 - 1e-6));
    QVERIFY(messageOf([&] { allToAll(g, { hosts[0] }, 1); }).contains("all-to-all: members = 1"));
  }

  // ECMP: the same key always takes the same path; different keys spread over the spines.
  void ecmpIsDeterministicAndSpreads()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 2;
    const FabricGraph g = superPodFabric(spec);
    const auto rail = railNics(g, 0);
    EcmpRouter router(g);
    const int from = rail.front(), to = rail.back(); // different SUs: NIC-leaf-spine-leaf-NIC
    QCOMPARE(router.route(from, to, 7), router.route(from, to, 7));
    std::set<int> secondHops;
    for (std::uint64_t key = 0; key < 64; ++key)
    {
      const auto links = router.route(from, to, key);
      QCOMPARE(static_cast<int>(links.size()), 4);
      secondHops.insert(links[1]);
    }
    QVERIFY(secondHops.size() > 1);
  }

  // Hop-by-hop hashing only takes shortest paths, and over many keys it reaches every one of
  // the equal-cost paths fabric::ecmpPaths enumerates (2 SUs: one per spine, 8 in all).
  void ecmpPathsMatchTheFabricPathSet()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 2;
    const FabricGraph g = superPodFabric(spec);
    const auto rail = railNics(g, 3);
    const int from = rail.front(), to = rail.back();
    const auto all = ecmpPaths(g, from, to);
    QCOMPARE(static_cast<int>(all.size()), 8);
    const std::set<std::vector<int>> expected(all.begin(), all.end());
    std::set<std::vector<int>> taken;
    EcmpRouter router(g);
    for (std::uint64_t key = 0; key < 256; ++key)
    {
      const auto path = router.devicePath(from, to, key);
      QVERIFY(expected.count(path) == 1);
      taken.insert(path);
    }
    QCOMPARE(taken, expected);
  }

  // The router keeps a partial breadth-first search per destination and resumes it; a shared
  // router must route every (source, destination, key) exactly as a fresh one does, whatever
  // the order (near sources first, then far ones, then a new destination and back).
  void reusedRouterMatchesFreshRouter()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 16; // three tiers: paths of 2, 4 and 6 hops
    const FabricGraph g = superPodFabric(spec);
    const auto r0 = railNics(g, 0), r5 = railNics(g, 5);
    const std::vector<std::pair<int, int>> pairs = { { r0[1], r0[0] },   { r0[40], r0[0] },
                                                     { r5[300], r0[0] }, { r0[2], r0[0] },
                                                     { r0[0], r5[300] }, { r5[1], r0[0] },
                                                     { r0[3], r0[0] } };
    EcmpRouter shared(g);
    std::set<std::size_t> lengths;
    for (std::uint64_t key = 0; key < 3; ++key)
    {
      for (const auto& [from, to] : pairs)
      {
        EcmpRouter fresh(g);
        const auto path = shared.route(from, to, key);
        QCOMPARE(path, fresh.route(from, to, key));
        lengths.insert(path.size());
      }
    }
    QCOMPARE(lengths, (std::set<std::size_t>{ 2, 4, 6 }));
  }

  // Failures: on a 2-SU SuperPOD (8 spines, 4 parallel cables per leaf–spine pair) with
  // spines S0–S6 failed, every cross-SU route must go through S7; failing S7 too cuts the SUs
  // apart, which is reported by name rather than dropped.
  void failedSpinesAreAvoidedAndCutsReported()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 2;
    const FabricGraph g = superPodFabric(spec);
    const auto rail = railNics(g, 0);
    const int from = rail.front(), to = rail.back();
    EcmpRouter router(g);
    for (int s = 0; s < 7; ++s)
    {
      router.failDevice(g.find("S" + std::to_string(s)));
    }
    const int s7 = g.find("S7");
    for (std::uint64_t key = 0; key < 32; ++key)
    {
      QCOMPARE(router.devicePath(from, to, key)[2], s7);
    }
    router.failDevice(s7);
    QVERIFY(messageOf([&] { router.route(from, to, 0); }).contains("are not connected"));
    // Same-leaf traffic does not need a spine and still routes.
    QCOMPARE(static_cast<int>(router.route(rail[0], rail[1], 0).size()), 2);
  }

  // All-to-all among the 64 rail-0 NICs of the 2-SU SuperPOD: with 7 of 8 spines failed, the
  // up to 32 cross-SU flows per leaf and step share the 4 cables to S7 (≤ B/8 each), instead
  // of 32 cables: the collective must get more than twice slower (routes avoiding the failed
  // spines are checked above).
  void allToAllSlowsDownWhenSpinesFail()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 2;
    const FabricGraph g = superPodFabric(spec);
    const auto members = railNics(g, 0);
    std::vector<int> failed;
    for (int s = 0; s < 7; ++s)
    {
      failed.push_back(g.find("S" + std::to_string(s)));
    }
    const auto healthy = allToAll(g, members, 1e9);
    const auto degraded = allToAll(g, members, 1e9, 0, failed);
    QVERIFY(degraded.timeS > 2 * healthy.timeS);
    QVERIFY(degraded.slowestFlowBps <= 400e9 / 8 * (1 + 1e-12));
    // No load on any cable of a failed spine; the healthy run did use them.
    double onFailed = 0, onFailedHealthy = 0;
    for (const int d : failed)
    {
      for (const int l : g.linksOf(d))
      {
        onFailed += degraded.peakLoadBps[2 * l] + degraded.peakLoadBps[2 * l + 1];
        onFailedHealthy += healthy.peakLoadBps[2 * l] + healthy.peakLoadBps[2 * l + 1];
      }
    }
    QCOMPARE(onFailed, 0.0);
    QVERIFY(onFailedHealthy > 0);
  }

  void badInputNamesTheField()
  {
    FabricGraph g;
    const int a = g.addDevice(host("A")), b = g.addDevice(host("B")), c = g.addDevice(host("C"));
    g.connect(a, b, 400e9, Tier::NodeLeaf);
    QVERIFY(messageOf([&] { ringAllReduce(g, { a }, 1); }).contains("members = 1"));
    QVERIFY(messageOf([&] { ringAllReduce(g, { a, a }, 1); }).contains("twice"));
    QVERIFY(messageOf([&] { ringAllReduce(g, { a, b }, -1); }).contains("bytes"));
    QVERIFY(messageOf(
              [&] {
                ringAllReduce(g, { a, c }, 1);
              })
              .contains("A and C are not connected"));
  }
};

QTEST_APPLESS_MAIN(TestTrafficCollectives)
#include "test_traffic_collectives.moc"
