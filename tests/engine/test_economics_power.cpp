// Power chain: per-rack and per-feed loads, failover, capacity checks and stranded power.
// DGX H100 catalog figures: powerMaxW 10,200 W (NVIDIA user guide), powerIdleW 3,000 W (estimate).

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/generator.h"

#include <QtTest/QtTest>

using namespace myriad::engine;
using namespace myriad::engine::economics;

namespace
{

Rack dgxRack(const std::string& id, int nodes, std::vector<std::string> feeds, double capW = 0)
{
  Rack rack;
  rack.id = id;
  rack.model = "rack-48u-600x1200";
  rack.powerCapW = capW;
  rack.feeds = std::move(feeds);
  for (int i = 0; i < nodes; ++i)
  {
    Node node;
    node.id = id + "-N" + std::to_string(i);
    node.model = "dgx-h100";
    node.slotU = 1 + 8 * i;
    rack.nodes.push_back(node);
  }
  return rack;
}

/** Two racks of 4 DGX H100 on a 2N pair of feeds A/B rated `feedW` each. */
Scene twoRackScene(double feedW, double rackCapW = 0)
{
  Scene scene;
  Hall hall;
  hall.id = "H1";
  for (const char* id : { "A", "B" })
  {
    PowerFeed feed;
    feed.id = id;
    feed.capacityW = feedW;
    feed.redundancy = Redundancy::TwoN;
    hall.feeds.push_back(feed);
  }
  Row row;
  row.id = "R1";
  row.racks.push_back(dgxRack("K1", 4, { "A", "B" }, rackCapW));
  row.racks.push_back(dgxRack("K2", 4, { "A", "B" }, rackCapW));
  hall.rows.push_back(row);
  scene.site.halls.push_back(hall);
  return scene;
}

const PowerViolation* findViolation(const PowerChainResult& r, PowerViolationKind kind,
                                    const std::string& id)
{
  for (const auto& v : r.violations)
  {
    if (v.kind == kind && v.objectId == id)
    {
      return &v;
    }
  }
  return nullptr;
}

} // namespace

class TestEconomicsPower final : public QObject
{
  Q_OBJECT

private slots:
  void linearInUtilisation()
  {
    // P(u) = 3,000 + u·(10,200 − 3,000): u = 0.5 → 6,600 W per node; 4 nodes → 26.4 kW per rack.
    const PowerChainResult r = analyzePowerChain(twoRackScene(100e3), Catalog::builtin(), 0.5);
    QCOMPARE(r.racks.size(), std::size_t(2));
    QCOMPARE(r.racks[0].operatingW, 26400.0);
    QCOMPARE(r.racks[0].peakW, 40800.0);
    QCOMPARE(r.racks[0].idleW, 12000.0);
    QCOMPARE(r.itOperatingW, 52800.0);
  }

  void hand1280NodesIs13MW()
  {
    // 1,280 nodes × 10.2 kW at 100 % = 13.056 MW IT (320 racks of 4 DGX H100, no switches).
    Scene scene;
    Hall hall;
    hall.id = "H1";
    PowerFeed feed{ "F", "F", 20e6, Redundancy::N, 415 };
    hall.feeds.push_back(feed);
    Row row;
    for (int k = 0; k < 320; ++k)
    {
      row.racks.push_back(dgxRack("K" + std::to_string(k), 4, { "F" }));
    }
    hall.rows.push_back(row);
    scene.site.halls.push_back(hall);
    const PowerChainResult r = analyzePowerChain(scene, Catalog::builtin(), 1.0);
    QCOMPARE(r.itPeakW, 13.056e6);
    QCOMPARE(r.itOperatingW, 13.056e6);
    QVERIFY(r.violations.empty());
    // Stranded on an N feed = 20 MW − 13.056 MW.
    QCOMPARE(r.strandedFeedW, 20e6 - 13.056e6);
  }

  void generatedSuperpodComputeRacks()
  {
    // The 10k SuperPOD sample: 1,280 DGX H100 in compute racks → 13.056 MW at peak; switches
    // come on top. Its 2N feeds are rated 1.25 × the pair load, so no violation is expected.
    const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
    const PowerChainResult r = analyzePowerChain(scene, Catalog::builtin(), 1.0);
    double compute = 0;
    for (const auto& rack : r.racks)
    {
      compute += rack.kind == RackKind::Compute ? rack.peakW : 0;
    }
    QCOMPARE(compute, 13.056e6);
    QVERIFY(r.itPeakW > compute);
    QVERIFY2(r.violations.empty(), r.violations.empty() ? "" : r.violations[0].message.c_str());
    QVERIFY(r.strandedFeedW > 0);
  }

  void healthyAndFailover()
  {
    // 2 racks × 40.8 kW on A+B: each feed carries 40.8 kW; when B fails A carries 81.6 kW.
    // Rated 100 kW: no violation; stranded per feed = 100 − 81.6 = 18.4 kW.
    const PowerChainResult r = analyzePowerChain(twoRackScene(100e3), Catalog::builtin(), 1.0);
    QCOMPARE(r.feeds[0].peakW, 40800.0);
    QCOMPARE(r.feeds[0].failoverPeakW, 81600.0);
    QCOMPARE(r.feeds[0].worstFailedFeed, std::string("B"));
    QVERIFY(r.violations.empty());
    QCOMPARE(r.strandedFeedW, 2 * 18400.0);
  }

  void redundancyLost()
  {
    // Rated 60 kW: 40.8 kW healthy is fine, 81.6 kW after a failure is not → redundancy lost.
    const PowerChainResult r = analyzePowerChain(twoRackScene(60e3), Catalog::builtin(), 1.0);
    const PowerViolation* v = findViolation(r, PowerViolationKind::RedundancyLost, "A");
    QVERIFY(v != nullptr);
    QCOMPARE(v->loadW, 81600.0);
    QCOMPARE(v->limitW, 60000.0);
    QVERIFY(v->message.find("when B fails") != std::string::npos);
    QVERIFY(findViolation(r, PowerViolationKind::FeedOverload, "A") == nullptr);
  }

  void nPlusOneThreeFeeds()
  {
    // One rack of 4 DGX H100 (40.8 kW) on three N+1 feeds: 13.6 kW each when healthy, 20.4 kW
    // on each survivor when one fails (P/(k−1) with k = 3). Rated 20 kW → redundancy lost.
    Scene scene = twoRackScene(100e3);
    Hall& hall = scene.site.halls[0];
    hall.rows[0].racks.pop_back();
    hall.feeds.push_back(PowerFeed{ "C", "C", 0, Redundancy::NPlus1, 415 });
    for (auto& feed : hall.feeds)
    {
      feed.capacityW = 20e3;
      feed.redundancy = Redundancy::NPlus1;
    }
    hall.rows[0].racks[0].feeds = { "A", "B", "C" };
    const PowerChainResult r = analyzePowerChain(scene, Catalog::builtin(), 1.0);
    QVERIFY(std::abs(r.feeds[2].peakW - 13600.0) < 1e-6);
    QVERIFY(std::abs(r.feeds[2].failoverPeakW - 20400.0) < 1e-6);
    QVERIFY(findViolation(r, PowerViolationKind::RedundancyLost, "C") != nullptr);
    QVERIFY(findViolation(r, PowerViolationKind::FeedOverload, "C") == nullptr);
  }

  void feedOverload()
  {
    // Rated 30 kW < 40.8 kW healthy load → overloaded.
    const PowerChainResult r = analyzePowerChain(twoRackScene(30e3), Catalog::builtin(), 1.0);
    const PowerViolation* v = findViolation(r, PowerViolationKind::FeedOverload, "B");
    QVERIFY(v != nullptr);
    QCOMPARE(v->loadW, 40800.0);
    QVERIFY(v->message.find("40.8 kW") != std::string::npos);
  }

  void rackCapAndStrandedRack()
  {
    // Cap 40 kW < 40.8 kW peak → rack over cap. Cap 50 kW → 9.2 kW stranded per rack.
    PowerChainResult r = analyzePowerChain(twoRackScene(100e3, 40e3), Catalog::builtin(), 1.0);
    QVERIFY(findViolation(r, PowerViolationKind::RackOverCap, "K1") != nullptr);
    r = analyzePowerChain(twoRackScene(100e3, 50e3), Catalog::builtin(), 1.0);
    QVERIFY(findViolation(r, PowerViolationKind::RackOverCap, "K1") == nullptr);
    QCOMPARE(r.strandedRackW, 2 * 9200.0);
  }

  void unknownAndSingleFeed()
  {
    Scene scene = twoRackScene(100e3);
    auto& racks = scene.site.halls[0].rows[0].racks;
    racks[0].feeds = { "A", "Z" }; // Z does not exist
    racks[1].feeds = { "A" };      // only one cord on a 2N feed
    const PowerChainResult r = analyzePowerChain(scene, Catalog::builtin(), 1.0);
    QVERIFY(findViolation(r, PowerViolationKind::UnknownFeed, "K1") != nullptr);
    QVERIFY(findViolation(r, PowerViolationKind::SingleCorded, "K2") != nullptr);
    racks[1].feeds.clear();
    const PowerChainResult r2 = analyzePowerChain(scene, Catalog::builtin(), 1.0);
    QVERIFY(findViolation(r2, PowerViolationKind::NoFeed, "K2") != nullptr);
  }

  void missingPowerFigureIsMissing()
  {
    // A part without powerMaxW is listed as missing, not silently counted as a real 0 W.
    const Catalog catalog = Catalog::fromJson(
      R"({"schema":1,"parts":[{"id":"mystery","category":"server","name":"no figures"}]})",
      "test.json");
    const PartPower p = partPower("mystery", catalog);
    QVERIFY(p.missing);
    Scene scene = twoRackScene(100e3);
    scene.site.halls[0].rows[0].racks[0].nodes[0].model = "mystery";
    const PowerChainResult r = analyzePowerChain(scene, catalog, 1.0);
    QVERIFY(std::find(r.missingFigures.begin(), r.missingFigures.end(), "mystery.powerMaxW") !=
            r.missingFigures.end());
  }
};

QTEST_APPLESS_MAIN(TestEconomicsPower)
#include "test_economics_power.moc"
