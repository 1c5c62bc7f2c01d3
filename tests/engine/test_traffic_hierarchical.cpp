// Tests of the GPU-level collectives (hierarchical.h): NVLink-only rings and all-to-all at the
// NVLink rate, the hierarchical all-reduce against its closed form on a non-blocking leaf and
// against a flat ring on inter-node bytes and time, the α-β ring/tree trade-off, and errors.

#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/hierarchical.h"

#include <QtTest>

#include <cmath>
#include <numeric>

using namespace myriad::engine;
using namespace myriad::engine::fabric;
using namespace myriad::engine::traffic;

namespace
{

constexpr double kNvlink = 450e9; // H100 NVLink, bytes/s per direction
constexpr double kNic = 400e9;    // NDR, bit/s

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

std::vector<int> firstGpus(int n)
{
  std::vector<int> out(n);
  std::iota(out.begin(), out.end(), 0);
  return out;
}

bool near(double a, double b)
{
  return std::abs(a - b) <= 1e-9 * std::abs(b);
}

} // namespace

class TestTrafficHierarchical : public QObject
{
  Q_OBJECT

private slots:
  // One node of 8 GPUs (k = 1): the hierarchical all-reduce is the NVLink reduce-scatter and
  // all-gather, 2(g − 1) phases of S/g at B_nvl: t = 2·7/8·S/B_nvl, busbw = B_nvl = 450 GB/s;
  // no fabric byte. The pairwise all-to-all: 7 phases of S/8, busbw = algbw·7/8 = B_nvl.
  void oneNodeRunsAtNvlinkRate()
  {
    const FabricGraph g = smallPod();
    GpuNetwork net(g, kNvlink);
    QCOMPARE(net.cluster().size(), 64);
    QCOMPARE(net.cluster().gpusPerNode, 8);
    const double s = 1e9;
    const auto h = hierarchicalAllReduce(net, { firstGpus(8) }, s);
    QVERIFY(near(h.timeS, 2.0 * 7 / 8 * s / kNvlink));
    QVERIFY(near(h.busBwBytesPerS, kNvlink));
    QCOMPARE(h.fabricBytes, 0.0);
    const auto a = allToAllGroups(net, { firstGpus(8) }, s);
    QVERIFY(near(a.timeS, 7 * (s / 8) / kNvlink));
    QVERIFY(near(a.busBwBytesPerS, kNvlink));
  }

  // The 4 nodes of SU 0 (32 GPUs) share one leaf per rail, so each rail's inter-node ring is
  // non-blocking: phase 2 flows run at the NIC rate. With g = 8, k = 4, S = 1 GB:
  // t = 2(g − 1)·(S/g)/B_nvl + 2(k − 1)·(S/(g·k))·8/B_nic
  //   = 14·0.125e9/450e9 + 6·31.25e6·8/400e9 = 3.889 ms + 3.750 ms.
  void closedFormOnOneLeaf()
  {
    const FabricGraph g = smallPod();
    GpuNetwork net(g, kNvlink);
    const double s = 1e9;
    const auto h = hierarchicalAllReduce(net, { firstGpus(32) }, s);
    const double expected = 14 * (s / 8) / kNvlink + 6 * (s / 32) * 8 / kNic;
    QVERIFY2(near(h.timeS, expected), qPrintable(QString::number(h.timeS)));
    QVERIFY(near(h.slowestFabricFlowBps, kNic));
    // Fabric bytes: 2(k − 1)·S for the group (each node sends 2(k − 1)/k·S over its 8 NICs).
    QVERIFY(near(h.fabricBytes, 2 * 3 * s));
  }

  // All 64 GPUs (8 nodes, both SUs), S = 1 GB. A flat ring in node order crosses between
  // nodes 8 times per phase, one NIC per node: fabric bytes = k·2(n − 1)·S/n = 8·126/64 GB =
  // 15.75 GB, over 126 phases on one rail. Hierarchical: 2(k − 1)·S = 14 GB, all 8 rails at once
  // and the rest on NVLink, so it is both lighter on the fabric and several times faster.
  void hierarchicalBeatsFlatRing()
  {
    const FabricGraph g = smallPod();
    GpuNetwork net(g, kNvlink);
    const double s = 1e9;
    const auto flat = ringAllReduceGroups(net, { firstGpus(64) }, s);
    const auto hier = hierarchicalAllReduce(net, { firstGpus(64) }, s);
    QVERIFY(near(flat.fabricBytes, 8 * 2.0 * 63 / 64 * s));
    QVERIFY(near(hier.fabricBytes, 2 * 7 * s));
    QVERIFY(hier.fabricBytes < flat.fabricBytes);
    QVERIFY2(hier.timeS * 3 < flat.timeS,
             qPrintable(QString("%1 vs %2").arg(hier.timeS).arg(flat.timeS)));
    QVERIFY(hier.busBwBytesPerS > flat.busBwBytesPerS);
  }

  // α-β: the ring pays 2(n − 1)·α, the double binary tree 2⌈log₂ n⌉·α, while the ring's
  // bandwidth term 2(n − 1)/n·S/B is below the tree's 2·S/B. Small message on 1,024 GPUs
  // (α = 5 µs, B = 50 GB/s, S = 1 MB): tree 0.14 ms against ring 10.27 ms. Large message on
  // 4 GPUs (S = 10 GB): ring 1.5·S/B = 0.3 s beats tree 2·S/B = 0.4 s.
  void treeWinsLatencyRingWinsBandwidth()
  {
    const double alpha = 5e-6, b = 50e9;
    QVERIFY(near(treeAllReduceAlphaBetaS(1024, 1e6, b, alpha), 20 * alpha + 2e6 / b));
    QVERIFY(near(ringAllReduceAlphaBetaS(1024, 1e6, b, alpha),
                 2046 * alpha + 2.0 * 1023 / 1024 * 1e6 / b));
    QVERIFY(treeAllReduceAlphaBetaS(1024, 1e6, b, alpha) <
            ringAllReduceAlphaBetaS(1024, 1e6, b, alpha));
    QVERIFY(ringAllReduceAlphaBetaS(4, 1e10, b, alpha) <
            treeAllReduceAlphaBetaS(4, 1e10, b, alpha));
  }

  // Groups whose GPUs are not spread evenly over nodes cannot run the hierarchical scheme;
  // groups of different sizes cannot run in lockstep.
  void unevenGroupsAreRejected()
  {
    const FabricGraph g = smallPod();
    GpuNetwork net(g, kNvlink);
    try
    {
      hierarchicalAllReduce(net, { { 0, 1, 8 } }, 1e6);
      QFAIL("no error");
    }
    catch (const SpecError& e)
    {
      QVERIFY2(QString(e.what()).contains("same number on every node"), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(SpecError, ringAllReduceGroups(net, { { 0, 1 }, { 2, 3, 4 } }, 1e6));
    QVERIFY_THROWS_EXCEPTION(SpecError, GpuNetwork(g, 0));
  }
};

QTEST_APPLESS_MAIN(TestTrafficHierarchical)
#include "test_traffic_hierarchical.moc"
