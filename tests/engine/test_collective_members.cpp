// Members of a single collective (traffic/collective_members.h), on lab-256 (32 DGX H100 nodes,
// 8 rails of 400 Gb/s NICs): both orders take the NICs of the first ⌈N/8⌉ nodes; rail order
// sorts them rail by rail, node order keeps the fabric's node-by-node order. Checked against the
// NICs' own host and rail fields, and by what each order does to a ring all-reduce.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/collective_members.h"
#include "myriad/engine/traffic/collectives.h"

#include "lab_fabric_test_support.h"

#include <QtTest>

#include <set>
#include <utility>

using namespace myriad::engine;
using namespace myriad::engine::traffic;
namespace fab = myriad::engine::fabric;

namespace
{

const fab::FabricGraph& lab256()
{
  return myriad::engine::test::lab256Fabric();
}

/** (host, rail) of each member, in ring order. */
std::vector<std::pair<int, int>> hostRail(const fab::FabricGraph& g, const std::vector<int>& m)
{
  std::vector<std::pair<int, int>> out;
  for (const int d : m)
  {
    out.emplace_back(g.device(d).host, g.device(d).rail);
  }
  return out;
}

} // namespace

class TestCollectiveMembers : public QObject
{
  Q_OBJECT

private slots:
  // 12 GPUs on 8-rail nodes: the first two nodes' NICs, cut to 12. Rail order: rails 0–5 of
  // node 0 and node 1, alternating; node order: node 0's eight NICs, then node 1's rails 0–3.
  void ordersOfTwelve()
  {
    const fab::FabricGraph& g = lab256();
    const std::vector<int> nics = computeNics(g);
    QCOMPARE(nics.size(), std::size_t{ 256 });
    const int h0 = g.device(nics[0]).host, h1 = g.device(nics[8]).host;
    QVERIFY(h0 != h1);
    std::vector<std::pair<int, int>> rail, node;
    for (int r = 0; r < 6; ++r)
    {
      rail.emplace_back(h0, r);
      rail.emplace_back(h1, r);
    }
    for (int i = 0; i < 12; ++i)
    {
      node.emplace_back(i < 8 ? h0 : h1, i % 8);
    }
    QCOMPARE(hostRail(g, collectiveMembers(g, 12, MemberOrder::Rail)), rail);
    QCOMPARE(hostRail(g, collectiveMembers(g, 12, MemberOrder::Node)), node);
    const MemberSpan span = memberSpan(g, collectiveMembers(g, 12, MemberOrder::Rail));
    QCOMPARE(span.gpus, 12);
    QCOMPARE(span.nodes, 2);
    QCOMPARE(span.rails, 6);
    QCOMPARE(span.first, g.device(nics[0]).id);
    QCOMPARE(span.last, g.device(nics[8 + 5]).id); // node 1, rail 5
  }

  // A ring of 64 GPUs (8 nodes × 8 rails, 256 MB each). Rail order: neighbours share a rail, so
  // on a non-blocking rail-optimised fabric every flow runs at its NIC's 400 Gb/s and busbw is
  // B/8 = 50 GB/s (nccl-tests' definition; collectives.h). Node order: each neighbour is on
  // another rail, so every flow crosses a spine and the ring is slower (same GPUs, same bytes).
  void ringOrderMatters()
  {
    const fab::FabricGraph& g = lab256();
    const std::vector<int> rail = collectiveMembers(g, 64, MemberOrder::Rail);
    const std::vector<int> node = collectiveMembers(g, 64, MemberOrder::Node);
    QCOMPARE(std::set<int>(rail.begin(), rail.end()), std::set<int>(node.begin(), node.end()));
    const CollectiveResult r = ringAllReduce(g, rail, 256e6);
    const CollectiveResult n = ringAllReduce(g, node, 256e6);
    QVERIFY2(std::abs(r.busBwBytesPerS - 400e9 / 8) <= 1e-9 * 50e9,
             qPrintable(QString::number(r.busBwBytesPerS)));
    QVERIFY2(n.timeS > 2 * r.timeS, qPrintable(QString::number(n.timeS / r.timeS)));
  }

  void namesAndErrors()
  {
    MemberOrder order = MemberOrder::Rail;
    QVERIFY(parseMemberOrder("node", order));
    QCOMPARE(order, MemberOrder::Node);
    QVERIFY(!parseMemberOrder("rack", order));
    QCOMPARE(order, MemberOrder::Node);
    const fab::FabricGraph& g = lab256();
    for (const int bad : { 1, 257 })
    {
      QVERIFY_THROWS_EXCEPTION(SpecError, collectiveMembers(g, bad, MemberOrder::Rail));
    }
    const std::string text =
      describeMembers(g, collectiveMembers(g, 64, MemberOrder::Node), MemberOrder::Node);
    QVERIFY2(text.find("64 GPUs on 8 nodes × 8 rails, node by node") == 0, text.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCollectiveMembers)
#include "test_collective_members.moc"
