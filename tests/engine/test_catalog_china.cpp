// Parts used in China's builds (samples/catalog/china.json) and the Ascend 910B sample hall
// built from them (samples/ascend-910b-10k.json): figures with their sources and estimate flags,
// the sample's counts derived by hand from its spec, and its 200GE fabric cabled end to end.
#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/validation.h"

#include <QtTest>

using namespace myriad::engine;
using namespace myriad::engine::fabric;

namespace
{

const Catalog& cat()
{
  return Catalog::builtin();
}

const Figure& fig(const std::string& part, const std::string& key)
{
  return cat().part(part).figure(key);
}

const Scene& ascend()
{
  static const Scene scene =
    loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/ascend-910b-10k.json", cat());
  return scene;
}

} // namespace

class TestCatalogChina final : public QObject
{
  Q_OBJECT

private slots:
  void gpusLoadWithTheirFiguresAndSources();
  void serversNameTheirGpuAndNic();
  void fabricPartsAreTwoHundredGig();
  void pricesAreEstimates();
  void ascendSampleCountsFollowTheSpec();
  void ascendSampleValidatesWithoutErrors();
  void ascendFabricIsCabledAtTwoHundredGig();
};

void TestCatalogChina::gpusLoadWithTheirFiguresAndSources()
{
  // H20: 96 GB HBM3 at 4.0 TB/s, 148 TFLOPS dense BF16, 400 W, NVLink 900 GB/s both ways
  // (secondary summaries, cited); H800: H100 die, NVLink 400 GB/s both ways (DeepSeek-V3).
  QCOMPARE(fig("h20", "memoryGB").value, 96.0);
  QCOMPARE(fig("h20", "memoryBandwidthTBs").value, 4.0);
  QCOMPARE(fig("h20", "peakBf16Tflops").value, 148.0);
  QCOMPARE(fig("h20", "tdpW").value, 400.0);
  QCOMPARE(fig("h20", "nvlinkGBs").value, 450.0);
  QVERIFY(!fig("h20", "tdpW").estimate);
  QVERIFY(fig("h20", "tdpW").source.find("huggingface.co/hardware/h20") != std::string::npos);
  QCOMPARE(fig("h800", "nvlinkGBs").value, 200.0);
  QCOMPARE(fig("h800", "peakBf16Tflops").value, 989.4);
  QVERIFY(fig("h800", "nvlinkGBs").source.find("DeepSeek-V3") != std::string::npos);
  QVERIFY(fig("h800", "tdpW").estimate); // no H800 datasheet: the H100's 700 W, marked
  // Ascend 910B: 64 GB cited; TDP, bandwidth, BF16 peak and HCCS rate are estimates.
  QCOMPARE(fig("ascend-910b", "memoryGB").value, 64.0);
  QVERIFY(!fig("ascend-910b", "memoryGB").estimate);
  for (const char* key : { "tdpW", "memoryBandwidthTBs", "peakBf16Tflops", "nvlinkGBs" })
  {
    QVERIFY2(fig("ascend-910b", key).estimate, key);
  }
}

void TestCatalogChina::serversNameTheirGpuAndNic()
{
  const Part& atlas = cat().part("atlas-800t-a2");
  QCOMPARE(atlas.category, std::string("server"));
  QCOMPARE(atlas.attribute("gpu"), std::string("ascend-910b"));
  QCOMPARE(atlas.attribute("nic"), std::string("ascend-910b-roce"));
  QCOMPARE(atlas.figure("gpus").value, 8.0);
  QCOMPARE(atlas.figure("heightU").value, 4.0);
  QCOMPARE(atlas.figure("computeNics").value, 8.0);
  QVERIFY(atlas.figure("powerMaxW").estimate);
  QCOMPARE(cat().part("hgx-h20").attribute("gpu"), std::string("h20"));
  QCOMPARE(cat().part("hgx-h800").attribute("gpu"), std::string("h800"));
  QCOMPARE(cat().part("hgx-h800").figure("powerMaxW").value, 10200.0);
  QVERIFY(!cat().part("hgx-h800").figure("gpus").estimate);
}

void TestCatalogChina::fabricPartsAreTwoHundredGig()
{
  QCOMPARE(fig("ascend-910b-roce", "portRateGbps").value, 200.0);
  QCOMPARE(fig("ce-128x200ge", "ports").value, 128.0);
  QCOMPARE(fig("ce-128x200ge", "portRateGbps").value, 200.0);
  QCOMPARE(cat().part("ce-128x200ge").attribute("technology"), std::string("ethernet"));
  // IEEE 802.3cd / 802.3bs reaches: SR4 100 m (OM4), DR4 500 m, CR4 3 m.
  QCOMPARE(fig("qsfp56-200-sr4", "reachM").value, 100.0);
  QCOMPARE(fig("qsfp56-200-dr4", "reachM").value, 500.0);
  QCOMPARE(fig("dac-200g", "reachM").value, 3.0);
  QVERIFY(fig("qsfp56-200-sr4", "reachM").source.find("802.3cd") != std::string::npos);
  // One medium per (kind, rate): the 200G ones come before the 400G/800G of the same reach.
  const auto media = mediaFromCatalog(cat());
  QCOMPARE(media.front().name, std::string("passive-copper-200g"));
  QCOMPARE(chooseMedium(media, 2.0, 200e9), 0);
  QCOMPARE(media[chooseMedium(media, 20.0, 200e9, true)].nicOptic, std::string("qsfp56-200-sr4"));
  QCOMPARE(media[chooseMedium(media, 80.0, 200e9)].switchOptic, std::string("qsfp56-200-dr4"));
}

void TestCatalogChina::pricesAreEstimates()
{
  for (const char* id : { "h20", "h800", "ascend-910b", "hgx-h20", "hgx-h800", "atlas-800t-a2",
                          "ce-128x200ge", "qsfp56-200-sr4", "qsfp56-200-dr4" })
  {
    const Figure& price = fig(id, "priceUSD");
    QVERIFY2(price.estimate && price.value > 0, id);
  }
  QVERIFY(fig("dac-200g", "pricePerCableUSD").estimate);
}

void TestCatalogChina::ascendSampleCountsFollowTheSpec()
{
  // Spec ascend-910b-10k: 10,000 NPUs / 8 = 1,250 servers; SUs of 64 → ⌈1,250/64⌉ = 20 SUs =
  // 1,280 servers = 10,240 NPUs, 8 ports each = 10,240 NICs. Leaves per SU = 8 rails ×
  // ⌈64/(128/2)⌉ = 8 → L = 160 > radix 128 → three tiers: spines in whole pods of 64 =
  // 64·⌈160/64⌉ = 192, cores in whole groups of 64 = 64·⌈96/64⌉ = 128; 480 switches. Racks:
  // 20 SUs × (64/4 = 16 compute + 1 leaf rack) = 340, plus the 320 spines and cores at 16 per
  // rack (min(16, (48 − 4)/2)) = 20 network racks → 360 racks, 40 of them network; rows:
  // 20/5 = 4 compute rows of 85 racks + 1 network row.
  const Scene& scene = ascend();
  QVERIFY(scene == generateScene(builtinSpec("ascend-910b-10k"), cat()));
  const SceneCounts c = countScene(scene, cat());
  QCOMPARE(c.nodes, 1280);
  QCOMPARE(c.gpus, 10240);
  QCOMPARE(c.nics, 10240);
  QCOMPARE(c.switches, 480);
  QCOMPARE(c.racks, 360);
  QCOMPARE(c.computeRacks, 320);
  QCOMPARE(c.networkRacks, 40);
  QCOMPARE(c.rows, 5);
  // Peak IT power: 1,280 × 5.6 kW + 480 × 2.2 kW = 7.168 + 1.056 = 8.224 MW (catalog maxima).
  QVERIFY2(std::abs(c.itPowerW - 8.224e6) < 1, qPrintable(QString::number(c.itPowerW)));
}

void TestCatalogChina::ascendSampleValidatesWithoutErrors()
{
  for (const Diagnostic& d : validateScene(ascend(), cat()))
  {
    QVERIFY2(d.severity != Severity::Error, d.message.c_str());
  }
}

void TestCatalogChina::ascendFabricIsCabledAtTwoHundredGig()
{
  // Every link runs at 200 Gb/s (NPU ports and switch ports are both 200GE). 160 leaves × 64
  // up = 10,240 leaf–spine links over 3 pods (54, 54, 52 leaves on 64 spines each); 192 spines
  // × 64 up = 12,288 spine–core links, 2 cores per core group. Every cable within reach of a
  // 200G medium (DAC 3 m, SR4 50 m, DR4 500 m).
  const FabricGraph g = buildSuperPod(ascend(), cat());
  QCOMPARE(g.countDevices(DeviceKind::Switch, 1), 160);
  QCOMPARE(g.countDevices(DeviceKind::Switch, 2), 192);
  QCOMPARE(g.countDevices(DeviceKind::Switch, 3), 128);
  QCOMPARE(g.countLinks(Tier::NodeLeaf), 10240);
  QCOMPARE(g.countLinks(Tier::LeafSpine), 10240);
  QCOMPARE(g.countLinks(Tier::SpineCore), 12288);
  for (const Link& l : g.links())
  {
    QCOMPARE(l.rateBps, 200e9);
  }
  const CablingResult r = routeCables(g, ascend(), cat());
  QCOMPARE(r.unreachable, 0);
  for (const Cable& c : r.cables)
  {
    QCOMPARE(r.media[c.medium].rateBps, 200e9);
  }
}

QTEST_APPLESS_MAIN(TestCatalogChina)
#include "test_catalog_china.moc"
