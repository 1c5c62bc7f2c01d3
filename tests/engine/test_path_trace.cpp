// tracePath on lab-256 (one SU of 32 DGX H100 nodes, 8 rails, QM9700 leaves and spines): a
// same-rail pair crosses one leaf, a cross-rail pair goes leaf → spine → leaf; the latency is
// the sum of serialisation (4096 B at 400 Gb/s = 81.92 ns a hop), cable propagation (length ×
// the cable's latencyNsPerM) and the QM9700's port-to-port 130 ns per switch (catalog); a failed
// spine moves the flow onto another spine with as many hops, a failed cable likewise; with every
// spine failed the pair is cut off (SpecError naming both); utilisation is the run's load / rate.

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/paths.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/path_trace.h"

#include <QtTest>

#include <cmath>

using namespace myriad::engine;
namespace fab = myriad::engine::fabric;
namespace tr = myriad::engine::traffic;

class TestPathTrace final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase()
  {
    m_scene =
      loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/lab-256.json", Catalog::builtin());
    m_graph = fab::buildSuperPod(m_scene, Catalog::builtin());
    m_cabling = fab::routeCables(m_graph, m_scene, Catalog::builtin());
    m_node0 = m_scene.site.halls.at(0).rows.at(0).racks.at(0).nodes.at(0).id;
  }

  void endpointsByGpuNicOrSwitch()
  {
    // GPU i of a node sends through NIC i (DGX H100: 8 GPUs, 8 NICs, one per rail).
    const int nic = tr::pathEndpoint(m_scene, m_graph, m_node0 + "-G3");
    QCOMPARE(QString::fromStdString(m_graph.device(nic).id),
             QString::fromStdString(m_node0 + "-NIC3"));
    QCOMPARE(tr::pathEndpoint(m_scene, m_graph, m_node0 + "-NIC3"), nic);
    QVERIFY_THROWS_EXCEPTION(SpecError, tr::pathEndpoint(m_scene, m_graph, "no-such-gpu"));
  }

  void crossRailPathAndItsLatency()
  {
    tr::PathTraceRequest r;
    r.from = tr::pathEndpoint(m_scene, m_graph, m_node0 + "-G0");
    r.to = tr::pathEndpoint(m_scene, m_graph, m_node0 + "-G1");
    const tr::PathTrace t = tr::tracePath(m_graph, m_cabling, Catalog::builtin(), r);
    // Rail 0 → rail 1: NIC → leaf → spine → leaf → NIC, the BFS hop count (paths.h).
    QCOMPARE(static_cast<int>(t.hops.size()), fab::hopCount(m_graph, r.from, r.to));
    QCOMPARE(static_cast<int>(t.hops.size()), 4);
    QCOMPARE(t.devices.front(), r.from);
    QCOMPARE(t.devices.back(), r.to);
    QVERIFY(!t.rerouted);
    QVERIFY(t.paths.size() > 1); // one per spine the two leaves share
    QCOMPARE(static_cast<int>(t.paths.size()),
             static_cast<int>(fab::ecmpPaths(m_graph, r.from, r.to, 64).size()));
    // Counted without listing: as many as the depth-first enumeration of paths.h finds.
    QCOMPARE(t.pathCount,
             static_cast<double>(fab::ecmpPaths(m_graph, r.from, r.to, 1 << 20).size()));
    QCOMPARE(t.pathsWithoutFailures, t.pathCount);
    double expected = 0;
    int switches = 0;
    for (const tr::PathHop& h : t.hops)
    {
      QCOMPARE(h.rateBps, 400e9);
      QVERIFY(std::abs(h.serializationNs - 81.92) < 1e-9); // 8 · 4096 B / 400 Gb/s
      QVERIFY(h.missingFigures.empty());
      QVERIFY(std::isnan(h.utilisation)); // no traffic run given
      QVERIFY(h.cabled && h.cableM > 0);
      const bool toSwitch = m_graph.device(h.to).kind == fab::DeviceKind::Switch;
      QCOMPARE(h.switchNs, toSwitch ? 130.0 : 0.0);
      switches += toSwitch ? 1 : 0;
      expected += 81.92 + h.propagationNs + (toSwitch ? 130.0 : 0.0);
      QVERIFY(h.propagationNs >= 4.5 * h.cableM - 1e-9); // fibre 4.5 ns/m; copper ≥ that
    }
    QCOMPARE(switches, 3);
    QVERIFY(std::abs(t.latencyNs - expected) < 1e-9);
    QVERIFY(t.latencyNs > 4 * 81.92 + 3 * 130);
  }

  void failedSpineAndCableReroute()
  {
    tr::PathTraceRequest r;
    r.from = tr::pathEndpoint(m_scene, m_graph, m_node0 + "-G0");
    r.to = tr::pathEndpoint(m_scene, m_graph, m_node0 + "-G1");
    const tr::PathTrace before = tr::tracePath(m_graph, m_cabling, Catalog::builtin(), r);
    const int spine = before.devices.at(2);
    r.failedDevices = { spine };
    const tr::PathTrace after = tr::tracePath(m_graph, m_cabling, Catalog::builtin(), r);
    QVERIFY(after.rerouted);
    QCOMPARE(after.devicesWithoutFailures, before.devices);
    QCOMPARE(after.hops.size(), before.hops.size()); // another spine: as many hops
    QVERIFY(std::find(after.devices.begin(), after.devices.end(), spine) == after.devices.end());
    QCOMPARE(after.paths.size() + 1, before.paths.size()); // the path through it is gone
    QCOMPARE(after.pathCount + 1, before.pathCount);
    QCOMPARE(after.pathsWithoutFailures, before.pathCount);

    // A failed cable (the leaf → spine hop) reroutes too.
    tr::PathTraceRequest cable = r;
    cable.failedDevices.clear();
    cable.failedLinks = { before.hops.at(1).link };
    const tr::PathTrace around = tr::tracePath(m_graph, m_cabling, Catalog::builtin(), cable);
    QVERIFY(std::find_if(around.hops.begin(), around.hops.end(),
                         [&](const tr::PathHop& h)
                         { return h.link == before.hops.at(1).link; }) == around.hops.end());

    // Every spine out: the two rails cannot reach each other.
    tr::PathTraceRequest cut = r;
    cut.failedDevices.clear();
    for (int d = 0; d < static_cast<int>(m_graph.devices().size()); ++d)
    {
      if (m_graph.device(d).kind == fab::DeviceKind::Switch && m_graph.device(d).level == 2)
      {
        cut.failedDevices.push_back(d);
      }
    }
    try
    {
      tr::tracePath(m_graph, m_cabling, Catalog::builtin(), cut);
      QFAIL("expected SpecError");
    }
    catch (const SpecError& e)
    {
      QVERIFY2(QString(e.what()).contains("not connected"), e.what());
      QVERIFY2(QString(e.what()).contains(QString::fromStdString(m_graph.device(r.from).id)),
               e.what());
    }
  }

  void utilisationFromTheRunsLoad()
  {
    tr::PathTraceRequest r;
    r.from = tr::pathEndpoint(m_scene, m_graph, m_node0 + "-G0");
    r.to = tr::pathEndpoint(m_scene, m_graph, m_node0 + "-G1");
    const tr::PathTrace first = tr::tracePath(m_graph, m_cabling, Catalog::builtin(), r);
    // A run that loaded the second hop's direction with 300 Gb/s of its 400 Gb/s: 75 %.
    std::vector<double> loads(2 * m_graph.links().size(), 0.0);
    loads.at(static_cast<std::size_t>(first.hops.at(1).direction)) = 300e9;
    const tr::PathTrace t = tr::tracePath(m_graph, m_cabling, Catalog::builtin(), r, loads);
    QCOMPARE(t.hops.at(1).utilisation, 0.75);
    QCOMPARE(t.hops.at(0).utilisation, 0.0);
  }

  void crossPodCountBeyondTheList()
  {
    // The 10k hall's three tiers: first and last node of the hall are in different pods, six
    // hops apart through a core. The list stops at maxPaths; the count does not, and equals
    // the depth-first enumeration of paths.h run without a cap that binds.
    const Scene hall = loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/h100-superpod-10k.json",
                                 Catalog::builtin());
    const fab::FabricGraph graph = fab::buildSuperPod(hall, Catalog::builtin());
    const fab::CablingResult cabling = fab::routeCables(graph, hall, Catalog::builtin());
    std::vector<std::string> nodes; // every node of the hall, row by row
    for (const auto& row : hall.site.halls.at(0).rows)
    {
      for (const auto& rack : row.racks)
      {
        for (const auto& node : rack.nodes)
        {
          nodes.push_back(node.id);
        }
      }
    }
    QVERIFY(nodes.size() > 1);
    tr::PathTraceRequest r;
    r.from = tr::pathEndpoint(hall, graph, nodes.front() + "-G0");
    r.to = tr::pathEndpoint(hall, graph, nodes.back() + "-G3");
    r.maxPaths = 64;
    const tr::PathTrace t = tr::tracePath(graph, cabling, Catalog::builtin(), r);
    QCOMPARE(static_cast<int>(t.hops.size()), 6);
    const double enumerated =
      static_cast<double>(fab::ecmpPaths(graph, r.from, r.to, 1 << 22).size());
    QCOMPARE(t.pathCount, enumerated);
    QVERIFY2(t.pathCount > 64, qPrintable(QString::number(t.pathCount)));
    QVERIFY(static_cast<int>(t.paths.size()) <= 64);
  }

private:
  Scene m_scene;
  fab::FabricGraph m_graph;
  fab::CablingResult m_cabling;
  std::string m_node0;
};

QTEST_MAIN(TestPathTrace)
#include "test_path_trace.moc"
