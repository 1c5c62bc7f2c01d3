// Live model stages on the lab-256 scene: which stages an edit needs, and results whose physics
// can be stated (cable length, IT power, inlet temperature, rack caps), cancellation, failures.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <QtTest>

using namespace myriad::engine;
using namespace myriad::engine::live;
namespace ed = myriad::engine::edit;

namespace
{

const Catalog& catalog()
{
  return Catalog::builtin();
}

Scene lab()
{
  return generateScene(builtinSpec("lab-256"), catalog());
}

/** Run `stages` on `scene` (fresh results unless `results` is given). */
LiveResults run(const Scene& scene, const std::vector<Stage>& stages, LiveResults results = {})
{
  const CancelToken cancel;
  runStages(stages, scene, catalog(), LiveOptions{}, cancel, results);
  return results;
}

Scene edited(const ed::Edit& edit)
{
  Scene scene = lab();
  ed::applyEdit(scene, catalog(), edit);
  return scene;
}

/** A new row R03 of `racks` racks of four DGX H100 behind the lab's two rows (no leaf switches). */
ed::AddRow newRow(int racks)
{
  ed::AddRow row;
  row.hallId = "H1";
  row.name = "R03";
  row.xM = 2.0;
  row.yM = 6.1;
  row.rackCount = racks;
  row.serverModel = "dgx-h100";
  row.nodesPerRack = 4;
  return row;
}

bool hasViolation(const LiveResults& r, Stage stage, const std::string& objectId)
{
  for (const auto& v : r.violations)
    if (v.stage == stage && v.objectId == objectId)
      return true;
  return false;
}

} // namespace

class TestLiveModels final : public QObject
{
  Q_OBJECT

private slots:
  void stagesForMapping();
  void everyStageComputesOnTheLab();
  void thermalSnapshotIsTheDocksSolve();
  void movingTheSpineRackAwayLengthensCables();
  void addedRowRaisesItPowerByItsRacks();
  void setpointRaisesInletsByTheSameAmount();
  void rackCapBelowItsLoadIsAPowerViolation();
  void newNodesWithoutLeavesAreReportedNotFatal();
  void cancelledBeforeStartLeavesNoResults();
  void failureIsRecordedAndEarlierResultKept();
  void stagesRunApartMergeIntoOneResult();
  void trafficUsesTheFabricStagesSnapshot();
};

void TestLiveModels::stagesForMapping()
{
  QVERIFY(stagesFor({}).empty());
  Scene scene = lab();
  auto stagesOf = [&](const ed::Edit& edit)
  { return stagesFor(ed::applyEdit(scene, catalog(), edit).changes); };
  QCOMPARE(
    stagesOf(ed::MoveObjects{ { "H1-R02-K01" }, -1.5, 0, {} }),
    (std::vector<Stage>{ Stage::Geometry, Stage::Fabric, Stage::Economics, Stage::Thermal }));
  QCOMPARE(stagesOf(ed::SetProperty{ "H1-R01-K01", "powerCapW", 40000.0 }),
           (std::vector<Stage>{ Stage::Geometry, Stage::Power, Stage::Economics }));
  // Only the models that read what changed: no validation or pricing reads a setpoint.
  QCOMPARE(stagesOf(ed::SetProperty{ "H1-AH01", "setpoint", 21.0 }),
           (std::vector<Stage>{ Stage::Thermal }));
  QCOMPARE(stagesOf(ed::DeleteObjects{ { "H1-R01-K01" } }), allStages());
}

void TestLiveModels::everyStageComputesOnTheLab()
{
  const LiveResults r = run(lab(), allStages());
  for (const Stage s : allStages())
  {
    QVERIFY2(r.status(s).computed && !r.status(s).failed, r.status(s).error.c_str());
  }
  // 32 DGX nodes × 8 NICs on one scalable unit: 256 node–leaf plus 256 leaf–spine cables.
  QCOMPARE(r.kpis.fabricCables, 512);
  QCOMPARE(r.kpis.gpus, 256);
  // One NIC per node at 400 Gb/s on a non-blocking fabric: busbw = 400e9 / 8 B/s = 50 GB/s.
  QVERIFY(std::abs(r.kpis.allReduceBusBwGBs - 50) < 0.5);
  QVERIFY(r.kpis.energyBalanceError < 0.01);
  QVERIFY(r.thermal != nullptr);
  QCOMPARE(r.rackInletC.size(), std::size_t(10));
}

void TestLiveModels::thermalSnapshotIsTheDocksSolve()
{
  // The thermal stage hands out its solved hall: the same field a separate solve of the first
  // hall at the live cell and the document's utilisation gives (the Thermal dock's request), to
  // within the solver's tolerance; the stage's KPIs are read from that very result.
  const Scene scene = lab();
  const LiveResults r = run(scene, { Stage::Thermal });
  QVERIFY(r.thermal != nullptr);
  const double cell = liveThermalCellM(scene.site.halls.front(), LiveOptions{}.thermalMaxCells);
  QCOMPARE(r.thermal->problem.grid.cellM, cell);
  QCOMPARE(r.thermal->utilisation, economics::documentInputs(scene).utilisation);
  thermal::ThermalOptions options;
  options.cellM = cell;
  options.utilisation = economics::documentInputs(scene).utilisation;
  const thermal::ThermalResult alone = thermal::analyzeHall(scene, 0, catalog(), options);
  QCOMPARE(r.thermal->racks.size(), alone.racks.size());
  double maxInlet = 0;
  for (std::size_t i = 0; i < alone.racks.size(); ++i)
  {
    QCOMPARE(r.thermal->racks[i].id, alone.racks[i].id);
    QVERIFY2(std::abs(r.thermal->racks[i].inletMeanC - alone.racks[i].inletMeanC) < 0.05,
             alone.racks[i].id.c_str());
    if (alone.racks[i].airCooled)
      maxInlet = std::max(maxInlet, alone.racks[i].inletMaxC);
  }
  QVERIFY(std::abs(r.kpis.maxInletC - maxInlet) < 0.05);
  // A rerun warm-starts from the snapshot and replaces it; the old one stays valid for readers.
  const std::shared_ptr<const thermal::ThermalResult> first = r.thermal;
  LiveResults again = r;
  runStages({ Stage::Thermal }, scene, catalog(), LiveOptions{}, CancelToken{}, again);
  QVERIFY(again.thermal && again.thermal != first);
  QCOMPARE(first->racks.size(), alone.racks.size());
}

void TestLiveModels::movingTheSpineRackAwayLengthensCables()
{
  // The spine rack H1-R02-K01 moved 1.5 m along X away from the leaf rack: each of the 256
  // leaf–spine cables runs 1.5 m farther along the tray, ≈ +0.384 km (slack adds up to 5 %).
  const LiveResults before = run(lab(), { Stage::Fabric });
  const LiveResults after =
    run(edited(ed::MoveObjects{ { "H1-R02-K01" }, -1.5, 0, {} }), { Stage::Fabric });
  const double added = after.kpis.cableLengthKm - before.kpis.cableLengthKm;
  QVERIFY2(added > 0.384 * 0.95 && added < 0.384 * 1.1, qPrintable(QString::number(added)));
}

void TestLiveModels::addedRowRaisesItPowerByItsRacks()
{
  const ed::AddRow row = newRow(10);
  const LiveResults before = run(lab(), { Stage::Geometry });
  const LiveResults after = run(edited(row), { Stage::Geometry });
  // IT power is the catalog maximum: 10 racks × 4 nodes × powerMaxW of dgx-h100.
  const double rackW = 4 * catalog().part("dgx-h100").figure("powerMaxW").value;
  QVERIFY(std::abs((after.kpis.itPowerMW - before.kpis.itPowerMW) - 10 * rackW / 1e6) < 1e-9);
  QCOMPARE(after.kpis.racks, before.kpis.racks + 10);
}

void TestLiveModels::setpointRaisesInletsByTheSameAmount()
{
  // Supply air 2 K warmer, same flows and heat: the temperature field is linear in the supply
  // temperature, so every rack inlet rises by 2 K.
  Scene warmer = lab();
  for (const auto& cooler : warmer.site.halls[0].coolers)
    ed::applyEdit(warmer, catalog(),
                  ed::SetProperty{ cooler.id, "setpoint", cooler.supplySetpointC + 2 });
  const LiveResults before = run(lab(), { Stage::Thermal });
  const LiveResults after = run(warmer, { Stage::Thermal }, before); // warm-started
  QVERIFY2(std::abs(after.kpis.meanInletC - before.kpis.meanInletC - 2) < 0.05,
           qPrintable(QString::number(after.kpis.meanInletC - before.kpis.meanInletC)));
}

void TestLiveModels::rackCapBelowItsLoadIsAPowerViolation()
{
  // 4 × 10.2 kW at 80 % utilisation is far above a 10 kW cap.
  const LiveResults r =
    run(edited(ed::SetProperty{ "H1-R01-K01", "powerCapW", 10000.0 }), { Stage::Power });
  QVERIFY(r.kpis.powerViolations >= 1);
  QVERIFY(hasViolation(r, Stage::Power, "H1-R01-K01"));
  QCOMPARE(run(lab(), { Stage::Power }).kpis.powerViolations, 0);
}

void TestLiveModels::newNodesWithoutLeavesAreReportedNotFatal()
{
  const ed::AddRow row = newRow(2);
  const LiveResults r = run(edited(row), { Stage::Fabric, Stage::Traffic });
  QVERIFY2(!r.status(Stage::Fabric).failed, r.status(Stage::Fabric).error.c_str());
  QCOMPARE(r.kpis.fabricCables, 512); // the new nodes have no scalable unit: not cabled
  QVERIFY(hasViolation(r, Stage::Fabric, "H1-R03-K01"));
  QVERIFY(!r.status(Stage::Traffic).failed);
}

void TestLiveModels::cancelledBeforeStartLeavesNoResults()
{
  CancelToken cancel;
  cancel.cancel();
  LiveResults results;
  runStages(allStages(), lab(), catalog(), LiveOptions{}, cancel, results);
  for (const Stage s : allStages())
  {
    QVERIFY(results.status(s).cancelled);
    QVERIFY(!results.status(s).computed);
  }
  QCOMPARE(results.kpis.racks, 0);
  QVERIFY(results.thermal == nullptr);
}

void TestLiveModels::failureIsRecordedAndEarlierResultKept()
{
  const LiveResults before = run(lab(), { Stage::Fabric });
  // Without both network racks the scene has no leaf switch: the SuperPOD fabric cannot exist.
  const LiveResults after =
    run(edited(ed::DeleteObjects{ { "H1-R01-K05", "H1-R02-K01" } }), { Stage::Fabric }, before);
  QVERIFY(after.status(Stage::Fabric).failed);
  QVERIFY2(after.status(Stage::Fabric).error.find("Leaf") != std::string::npos,
           after.status(Stage::Fabric).error.c_str());
  QVERIFY(after.status(Stage::Fabric).computed);
  QCOMPARE(after.kpis.fabricCables, before.kpis.fabricCables);
  // The Violations list says the fabric cannot be built (an error), in place of the stage's
  // earlier findings: the design has a problem the model cannot get past.
  int fabricFindings = 0;
  for (const Violation& v : after.violations)
  {
    if (v.stage == Stage::Fabric)
    {
      ++fabricFindings;
      QCOMPARE(v.severity, myriad::engine::Severity::Error);
      QVERIFY2(v.message.rfind("fabric model failed: ", 0) == 0 &&
                 v.message.find("Leaf") != std::string::npos,
               v.message.c_str());
    }
  }
  QCOMPARE(fabricFindings, 1);
  QVERIFY(kpisToJson(after.kpis).find("\"cableLengthKm\"") != std::string::npos);
}

void TestLiveModels::stagesRunApartMergeIntoOneResult()
{
  // The app runs the cheap stages and the slow ones on two workers and joins their results:
  // merging every stage of both runs must give what one run of all stages gives. A new row
  // without leaf switches (fabric warnings) and a rack capped below its load (a power
  // violation) give two stages violations of their own to carry across.
  const ed::AddRow row = newRow(2);
  Scene scene = edited(row);
  ed::applyEdit(scene, catalog(), ed::SetProperty{ "H1-R01-K01", "powerCapW", 10000.0 });
  const LiveResults all = run(scene, allStages());
  const std::vector<Stage> cheap{ Stage::Geometry, Stage::Fabric, Stage::Power, Stage::Economics };
  const std::vector<Stage> slow{ Stage::Traffic, Stage::Thermal };
  const LiveResults cheapRun = run(scene, cheap);
  const LiveResults slowRun = run(scene, slow);
  QVERIFY(hasViolation(cheapRun, Stage::Fabric, "H1-R03-K01"));
  QVERIFY(hasViolation(cheapRun, Stage::Power, "H1-R01-K01"));
  LiveResults merged;
  for (const Stage s : slow) // the slow worker happens to publish first
    mergeStage(s, slowRun, merged);
  for (const Stage s : cheap)
    mergeStage(s, cheapRun, merged);
  QCOMPARE(kpisToJson(merged.kpis), kpisToJson(all.kpis));
  QCOMPARE(merged.violations.size(), all.violations.size());
  for (std::size_t i = 0; i < all.violations.size(); ++i)
  {
    QCOMPARE(merged.violations[i].message, all.violations[i].message);
    QVERIFY(merged.violations[i].stage == all.violations[i].stage);
  }
  // The new row also blocks an exhaust face, so thermal fails: its failure is merged too.
  QVERIFY(all.status(Stage::Thermal).failed);
  for (const Stage s : allStages())
  {
    QCOMPARE(merged.status(s).computed, all.status(s).computed);
    QCOMPARE(merged.status(s).failed, all.status(s).failed);
    QCOMPARE(merged.status(s).error, all.status(s).error);
  }
  QCOMPARE(merged.fabricBom.cables, all.fabricBom.cables);
  QVERIFY(merged.economics && merged.economics->kpis.capexUSD == all.economics->kpis.capexUSD);
  // Thermal outputs travel with their stage (from a lab run, where thermal succeeds).
  const LiveResults labSlow = run(lab(), slow);
  mergeStage(Stage::Thermal, labSlow, merged);
  QCOMPARE(merged.rackInletC, labSlow.rackInletC);
  QVERIFY(merged.thermal && merged.thermal == labSlow.thermal);
  QCOMPARE(merged.kpis.maxInletC, labSlow.kpis.maxInletC);
  // Merging one stage touches nothing else: a fresh traffic run leaves the fabric as it was.
  LiveResults partial = merged;
  LiveResults other = run(lab(), { Stage::Traffic });
  mergeStage(Stage::Traffic, other, partial);
  QCOMPARE(partial.kpis.fabricCables, merged.kpis.fabricCables);
  QCOMPARE(partial.kpis.allReduceBusBwGBs, other.kpis.allReduceBusBwGBs);
}

void TestLiveModels::trafficUsesTheFabricStagesSnapshot()
{
  // Every stage in one run builds the SuperPOD fabric once: the traffic stage takes the fabric
  // stage's snapshot (graph, cables, BOM of the cabled scene), which mergeStage carries.
  const Scene scene = lab();
  const std::uint64_t before = fabric::superPodBuildCount();
  const LiveResults all = run(scene, allStages());
  QCOMPARE(fabric::superPodBuildCount() - before, std::uint64_t{ 1 });
  QVERIFY(all.fabric && all.fabric->scene);
  QCOMPARE(static_cast<int>(all.fabric->cabling.cables.size()), all.kpis.fabricCables);
  QVERIFY(!all.fabric->bom.empty());
  QVERIFY(all.kpis.allReduceBusBwGBs > 0);
  LiveResults merged;
  mergeStage(Stage::Fabric, all, merged);
  QCOMPARE(merged.fabric, all.fabric);
  // Without a fabric result of this scene the traffic stage builds the graph itself: same
  // all-reduce on the same graph.
  const std::uint64_t alone = fabric::superPodBuildCount();
  const LiveResults traffic = run(scene, { Stage::Traffic });
  QCOMPARE(fabric::superPodBuildCount() - alone, std::uint64_t{ 1 });
  QCOMPARE(traffic.kpis.allReduceBusBwGBs, all.kpis.allReduceBusBwGBs);
}

QTEST_APPLESS_MAIN(TestLiveModels)
#include "test_live_models.moc"
