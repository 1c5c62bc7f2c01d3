// nccl-tests all_reduce_perf on H100 systems against the collective model: published points
// (samples/reference/runs/nccl_tests_points.json) within each point's stated tolerance. The two
// large-size busbw points (inside a node, across nodes) set NCCL's protocol efficiencies, so
// they agree by construction (role "calibration"); the times of small all-reduces on 16 nodes
// are predictions from NCCL's latency constants and the tree choice. The
// line-rate bus bandwidth comes from the flows on a DGX SuperPOD fabric (NVLink 450 GB/s, NDR
// 400 Gb/s NICs); latency, protocol efficiency and the ring/tree choice from latency.h.

#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/hierarchical.h"
#include "myriad/engine/traffic/latency.h"

#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::traffic;

class TestTrafficNcclTests : public QObject
{
  Q_OBJECT

private slots:
  void allReduceMatchesPublishedPoints()
  {
    QFile file(QString(MYRIAD_SOURCE_DIR) + "/samples/reference/runs/nccl_tests_points.json");
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray points = QJsonDocument::fromJson(file.readAll()).object()["points"].toArray();
    QVERIFY(points.size() >= 5);
    int predictions = 0;
    fabric::SuperPodSpec spec; // 4 SUs × 32 DGX H100, 8 rails
    const fabric::FabricGraph graph = fabric::superPodFabric(spec);
    GpuNetwork net(graph, 450e9);
    for (const QJsonValue& value : points)
    {
      const QJsonObject p = value.toObject();
      const int ranks = p["ranks"].toInt(), nodes = p["nodes"].toInt();
      const double bytes = p["bytes"].toDouble();
      // Ranks spread evenly over the first nodes, node by node, same rails (GpuCluster order).
      std::vector<int> members;
      for (int r = 0; r < ranks; ++r)
      {
        members.push_back(r / (ranks / nodes) * 8 + r % (ranks / nodes));
      }
      const GroupCollectiveResult flows = ranks > nodes && nodes > 1
                                            ? hierarchicalAllReduce(net, { members }, 1 << 30)
                                            : ringAllReduceGroups(net, { members }, 1 << 30);
      CollectiveCall call;
      call.ranks = ranks;
      call.nodes = nodes;
      call.bytes = bytes;
      call.busBwBytesPerS = flows.busBwBytesPerS;
      const CallCost cost = ncclCallCost(call, p["ringOnly"].toBool());
      const bool byBandwidth = p.contains("busBwGBs");
      const double predicted =
        byBandwidth ? bytes * 2 * (ranks - 1) / ranks / cost.timeS / 1e9 : cost.timeS * 1e6;
      const double published = byBandwidth ? p["busBwGBs"].toDouble() : p["timeUs"].toDouble();
      const double error = predicted / published - 1;
      qInfo("%-24s %-11s %s %-6s %9.4g %s predicted %9.4g error %+6.1f %% (tolerance %.0f %%)",
            qPrintable(p["id"].toString()), qPrintable(p["role"].toString()),
            cost.algorithm.c_str(), cost.protocol.c_str(), published, byBandwidth ? "GB/s" : "us  ",
            predicted, 100 * error, 100 * p["tolerance"].toDouble());
      QVERIFY2(std::abs(error) <= p["tolerance"].toDouble(), qPrintable(p["id"].toString()));
      predictions += p["role"].toString() == "prediction" ? 1 : 0;
    }
    QVERIFY(predictions >= 3);
  }
};

QTEST_APPLESS_MAIN(TestTrafficNcclTests)
#include "test_traffic_nccl_tests.moc"
