// Tests of mapping snapshots onto the scene (hostname/pattern/table → node, index/UUID → GPU),
// the snapshot store, the synthetic 10,240-GPU DCGM generator and the report built on them.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/telemetry/mapping.h"
#include "myriad/engine/telemetry/parsers.h"
#include "myriad/engine/telemetry/report.h"
#include "myriad/engine/telemetry/sample_generator.h"
#include "myriad/engine/telemetry/store.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace myriad::engine;
using namespace myriad::engine::telemetry;

namespace
{

std::string sample(const std::string& name)
{
  std::ifstream in(std::string(MYRIAD_SOURCE_DIR) + "/samples/telemetry/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const Scene& superpod()
{
  static const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
  return scene;
}

/** First compute node of the scene and its location. */
ObjectRef firstNode(const Scene& scene)
{
  for (int r = 0; r < int(scene.site.halls[0].rows.size()); ++r)
    for (int k = 0; k < int(scene.site.halls[0].rows[r].racks.size()); ++k)
      if (!scene.site.halls[0].rows[r].racks[k].nodes.empty())
        return { ObjectKind::Node, 0, r, k, 0, -1 };
  return {};
}

const Node& nodeAt(const Scene& s, const ObjectRef& r)
{
  return s.site.halls[r.hall].rows[r.row].racks[r.rack].nodes[r.node];
}

} // namespace

class TestTelemetryMapping final : public QObject
{
  Q_OBJECT

private slots:
  void mapsHostnamesAndGpuIndices()
  {
    const Scene& scene = superpod();
    const Node& n0 = nodeAt(scene, firstNode(scene));
    const Gpu& g3 = n0.gpus[3];
    // Three GPU entities of the first node: by index (matching UUID), by index with a wrong
    // UUID (mapped by index, mismatch reported), by UUID only (no hostname).
    const std::string text =
      "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"" + n0.gpus[0].uuid + "\",hostname=\"" + n0.hostname +
      "\"} 60\n" + "DCGM_FI_DEV_GPU_TEMP{gpu=\"1\",UUID=\"GPU-wrong\",Hostname=\"" + n0.hostname +
      "\"} 61\n" + "DCGM_FI_DEV_GPU_TEMP{UUID=\"" + g3.uuid + "\"} 63\n" +
      "DCGM_FI_DEV_GPU_TEMP{gpu=\"3\",hostname=\"" + n0.hostname +
      "\"} 64\n" + // same GPU as the UUID-only line
      "DCGM_FI_DEV_GPU_TEMP{gpu=\"9\",hostname=\"" + n0.hostname + "\"} 65\n" +
      "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"nosuch\"} 66\n";
    const Snapshot s = parsePrometheusText(text);
    QCOMPARE(s.errorCount(), std::size_t(0));
    const MappingResult m = mapSnapshot(scene, s);
    QCOMPARE(m.sceneGpus, 10240);
    QCOMPARE(m.sceneNodes, 1280);
    QCOMPARE(m.entityRefs[0].kind, ObjectKind::Gpu);
    QCOMPARE(m.entityRefs[0].item, 0);
    QCOMPARE(m.entityRefs[1].item, 1);
    QCOMPARE(m.entityRefs[2].item, 3);              // by UUID
    QCOMPARE(m.diagnostics.size(), std::size_t(1)); // GPU-wrong
    QCOMPARE(m.diagnostics.front().field, std::string("uuid"));
    QCOMPARE(m.duplicates.size(), std::size_t(1)); // UUID-only line and gpu="3" line
    QCOMPARE(m.duplicates.front(), std::make_pair(2, 3));
    QCOMPARE(m.unmapped.size(), std::size_t(2)); // gpu 9 of an 8-GPU node, unknown host
    QVERIFY(m.unmappedReasons[0].find("no GPU 9") != std::string::npos);
    QVERIFY(m.unmappedReasons[1].find("nosuch") != std::string::npos);
    QCOMPARE(m.gpusWithData, 3);
    QCOMPARE(m.nodesWithData, 1);
    QCOMPARE(int(m.gpusWithoutData.size()), 10240 - 3);
  }

  void sampleFilesMapOntoTheSuperpod()
  {
    // The committed samples use the generator's hostnames dgx-r01-k01-n1/-n2.
    const Scene& scene = superpod();
    ParseOptions o;
    o.hostname = "dgx-r01-k01-n1";
    const Snapshot merged =
      mergeSnapshots({ parsePrometheusText(sample("dcgm-exporter.prom")),
                       parseRedfish(sample("redfish-thermal-legacy.json"), o) });
    const MappingResult m = mapSnapshot(scene, merged);
    QVERIFY2(m.unmapped.empty(), m.unmapped.empty() ? "" : m.unmappedReasons.front().c_str());
    QCOMPARE(m.gpusWithData, 3);
    QCOMPARE(m.nodesWithData, 2);
    QVERIFY(m.duplicates.empty()); // MIG slices of one GPU are not duplicates
    // Redfish sensors map to the node itself.
    int nodeRefs = 0;
    for (const ObjectRef& r : m.entityRefs)
      nodeRefs += r.kind == ObjectKind::Node;
    QCOMPARE(nodeRefs, 6);
  }

  void patternAndExplicitTable()
  {
    Scene scene = superpod();
    const ObjectRef first = firstNode(scene);
    for (auto& row : scene.site.halls[0].rows)
      for (auto& rack : row.racks)
        for (auto& node : rack.nodes)
          node.hostname.clear();
    MappingOptions options;
    options.hostPattern = "gpu-h{hall}-{row:2}-{rack:03}-{node}";
    const std::string expected =
      "gpu-h1-" + QString::number(first.row + 1).rightJustified(2, '0').toStdString() + "-" +
      QString::number(first.rack + 1).rightJustified(3, '0').toStdString() + "-1";
    QCOMPARE(expandHostPattern(options.hostPattern, 0, first.row, first.rack, 0, 1), expected);
    options.hostTable["bmc-a"] = nodeAt(scene, first).id;
    const Snapshot s = parsePrometheusText("DCGM_FI_DEV_GPU_TEMP{gpu=\"2\",hostname=\"" + expected +
                                           "\"} 60\nnode_power{hostname=\"BMC-A\"} 1\n");
    // Table keys are exact; hostnames otherwise match case-insensitively → "BMC-A" needs the table
    // entry spelled the same: it is unmapped here, "bmc-a" would map.
    const MappingResult m = mapSnapshot(scene, s, options);
    QCOMPARE(m.entityRefs[0].kind, ObjectKind::Gpu);
    QCOMPARE(m.entityRefs[0].rack, first.rack);
    QCOMPARE(m.entityRefs[0].item, 2);
    QCOMPARE(m.unmapped.size(), std::size_t(1));
    const MappingResult m2 =
      mapSnapshot(scene, parsePrometheusText("node_power{hostname=\"bmc-a\"} 1\n"), options);
    QCOMPARE(m2.entityRefs[0].kind, ObjectKind::Node);
  }

  void mapFileJson()
  {
    const MappingOptions o = mappingOptionsFromJson(
      R"({"hosts":{"a":"H1-R01-K01-N1"},"gpus":{"GPU-1":"H1-R01-K01-N1-G0"},"pattern":"x{row}"})",
      "map.json");
    QCOMPARE(o.hostTable.at("a"), std::string("H1-R01-K01-N1"));
    QCOMPARE(o.uuidTable.at("GPU-1"), std::string("H1-R01-K01-N1-G0"));
    QCOMPARE(o.hostPattern, std::string("x{row}"));
    try
    {
      mappingOptionsFromJson(R"({"hosts":{"a":3}})", "map.json");
      QFAIL("expected LoadError");
    }
    catch (const LoadError& e)
    {
      QCOMPARE(e.jsonPath(), std::string("/hosts/a"));
    }
    QVERIFY_THROWS_EXCEPTION(LoadError, mappingOptionsFromJson("{", "map.json"));
  }

  void storeIsBoundedAndTimeOrdered()
  {
    SnapshotStore store(3);
    const auto make = [](std::int64_t t)
    {
      auto s = std::make_shared<Snapshot>();
      s->timeMs = t;
      return std::shared_ptr<const Snapshot>(s);
    };
    QCOMPARE(store.push(make(100)), std::size_t(0));
    store.push(make(300));
    store.push(make(200)); // out of order: inserted between
    QCOMPARE(store.timeline(), (std::vector<std::int64_t>{ 100, 200, 300 }));
    QCOMPARE(store.push(make(400)), std::size_t(1)); // evicts the oldest (100)
    QCOMPARE(store.timeline(), (std::vector<std::int64_t>{ 200, 300, 400 }));
    QCOMPARE(store.atTime(350)->timeMs, std::int64_t(300));
    QCOMPARE(store.atTime(400)->timeMs, std::int64_t(400));
    QVERIFY(store.atTime(199) == nullptr);
    QCOMPARE(store.latest()->timeMs, std::int64_t(400));
    // Byte bound: each snapshot is ≥ sizeof(Snapshot); a bound of 1.5 snapshots keeps 1.
    SnapshotStore tight(10, sizeof(Snapshot) * 3 / 2);
    tight.push(make(1));
    tight.push(make(2));
    QCOMPARE(tight.size(), std::size_t(1));
    QCOMPARE(tight.latest()->timeMs, std::int64_t(2));
    QVERIFY(tight.bytes() <= sizeof(Snapshot) * 3 / 2);
  }

  void generatedSuperpodSnapshot()
  {
    const Scene& scene = superpod();
    GeneratedFaults faults;
    const std::string text = generateDcgmSnapshot(scene, {}, &faults);
    QCOMPARE(text, generateDcgmSnapshot(scene, {})); // deterministic for a seed
    GeneratorOptions other;
    other.seed = 2;
    QVERIFY(text != generateDcgmSnapshot(scene, other));
    QCOMPARE(faults.hotRackIds.size(), std::size_t(3));
    QCOMPARE(faults.deadGpuIds.size(), std::size_t(4));
    QCOMPARE(faults.xidGpuIds.size(), std::size_t(4));

    const Snapshot s = parsePrometheusText(text);
    QCOMPARE(s.errorCount(), std::size_t(0));
    QCOMPARE(s.diagnostics.size(), std::size_t(0));
    // 10,240 GPUs − 4 dead (absent), 20 metrics each.
    QCOMPARE(s.samples.size(), std::size_t((10240 - 4) * 20));
    const MappingResult m = mapSnapshot(scene, s);
    QVERIFY(m.unmapped.empty());
    QVERIFY(m.duplicates.empty());
    QVERIFY(m.diagnostics.empty()); // generator uses the scene's UUIDs
    QCOMPARE(m.gpusWithData, 10240 - 4);
    const TelemetryReport r = summarize(scene, s, m, 10);
    // Dead-from-the-bus GPUs are exactly those without data.
    std::vector<std::string> without = r.withoutData, dead = faults.deadGpuIds;
    std::sort(without.begin(), without.end());
    std::sort(dead.begin(), dead.end());
    QCOMPARE(without, dead);
    // XID 79 GPUs (all other fields blank sentinels) are reported dead.
    std::vector<std::string> xid;
    for (int i : r.dead)
      xid.push_back(r.gpus[std::size_t(i)].gpuId);
    std::vector<std::string> expectedXid = faults.xidGpuIds;
    std::sort(xid.begin(), xid.end());
    std::sort(expectedXid.begin(), expectedXid.end());
    QCOMPARE(xid, expectedXid);
    // Physics of the generator: T = T_in + 0.06 K/W · P; at u ≈ 0.92, P ≈ 75 + 625·0.92 ≈ 650 W
    // ⇒ T ≈ 20 + 1 + 39 ≈ 60 °C mean; hot-spot racks add 12 K, so the 10 hottest GPUs all sit
    // in the three hot racks (96 GPUs at ≈ 72 °C vs a normal tail ending near 67 °C).
    QVERIFY2(r.meanTemperatureC > 57 && r.meanTemperatureC < 63,
             std::to_string(r.meanTemperatureC).c_str());
    QCOMPARE(r.hottest.size(), std::size_t(10));
    for (int i : r.hottest)
    {
      const std::string& id = r.gpus[std::size_t(i)].gpuId;
      const bool inHotRack =
        std::any_of(faults.hotRackIds.begin(), faults.hotRackIds.end(),
                    [&](const std::string& rack) { return id.rfind(rack + "-", 0) == 0; });
      QVERIFY2(inHotRack, id.c_str());
    }
    // Total GPU power ≈ 10,232 × ~630 W ≈ 6.4 MW (5 % of nodes idle).
    QVERIFY(r.totalPowerW > 6.0e6 && r.totalPowerW < 6.8e6);
    const std::string csv = readingsCsv(r);
    QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), std::ptrdiff_t(10240 + 1));
    QVERIFY(reportJson(s, m, r).find("\"gpuCoverage\"") != std::string::npos);
  }

  void oldHostnameLabelGeneratorVariant()
  {
    // The generator can emit the pre-rename "Hostname" label; mapping is unchanged.
    GeneratorOptions o;
    o.newHostLabel = false;
    o.deadGpus = 0;
    o.xidGpus = 0;
    Scene lab = generateScene(builtinSpec("lab-256"), Catalog::builtin());
    const std::string text = generateDcgmSnapshot(lab, o);
    QVERIFY(text.find("Hostname=\"") != std::string::npos);
    const MappingResult m = mapSnapshot(lab, parsePrometheusText(text));
    QCOMPARE(m.gpusWithData, m.sceneGpus);
    QCOMPARE(m.gpuCoverage(), 1.0);
  }
};

QTEST_APPLESS_MAIN(TestTelemetryMapping)
#include "test_telemetry_mapping.moc"
