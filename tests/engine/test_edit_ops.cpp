// Edit commands on the lab-256 scene: what each op does to positions, counts and ids, the exact
// inverse of every op, and the refusals (overlap, outside the hall, unknown id/key, bad value).
#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/query.h"

#include <QtTest>

using namespace myriad::engine;
using namespace myriad::engine::edit;

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

/** Whether the live model `stage` reruns for `changes` (the edits state data, models read it). */
bool reruns(const ChangeSet& changes, live::Stage stage)
{
  const auto stages = live::stagesFor(changes);
  return std::find(stages.begin(), stages.end(), stage) != stages.end();
}

const Rack& rack(const Scene& scene, const std::string& id)
{
  const auto ref = findById(scene, id);
  if (!ref || ref->kind != ObjectKind::Rack)
    throw Error("test: no rack " + id);
  return scene.site.halls[ref->hall].rows[ref->row].racks[ref->rack];
}

/** The message of the EditError `edit` raises on `scene`; the scene must stay unchanged. */
QString refusal(Scene& scene, const Edit& edit, const ApplyOptions& options = {})
{
  const Scene before = scene;
  try
  {
    applyEdit(scene, catalog(), edit, options);
  }
  catch (const EditError& error)
  {
    if (!(scene == before))
      return "scene changed by a refused edit";
    return QString::fromStdString(error.what());
  }
  return "not refused";
}

AddRow labRow(int racks)
{
  // Behind the network row (y 4.9–6.1), in front of the north air handler (from y 7.4).
  AddRow row;
  row.hallId = "H1";
  row.name = "R03";
  row.xM = 2.0;
  row.yM = 6.1;
  row.rackCount = racks;
  row.rackModel = "rack-48u-600x1200";
  row.serverModel = "dgx-h100";
  row.nodesPerRack = 4;
  row.feeds = { "H1-F01A", "H1-F01B" };
  return row;
}

/** One edit of every kind that applies to the lab scene. */
std::vector<Edit> everyOp()
{
  AddCooler cooler;
  cooler.hallId = "H1";
  cooler.unit.model = "inrow-60kw";
  cooler.unit.kind = CoolerKind::InRow;
  cooler.unit.xM = 8.5;
  cooler.unit.yM = 4.9;
  AddFeed feed;
  feed.hallId = "H1";
  feed.feed.capacityW = 2.5e6;
  feed.feed.redundancy = Redundancy::TwoN;
  return { MoveObjects{ { "H1-R02-K01" }, -1.5, 0.1, {} },
           MoveObjects{ { "H1-R01", "H1-AH03" }, 0.1, 0.3, {} },
           RotateObjects{ { "H1-R01" } },
           labRow(4),
           DeleteObjects{ { "H1-R01-K03", "H1-R02", "H1-AH02", "H1-F01B" } },
           DuplicateObjects{ { "H1-R01-K09", "H1-R02" }, 0, 1.2 },
           SetProperty{ "H1-R01-K01", "powerCapW", 30000.0 },
           SetProperty{ "H1-R01-K02", "feeds", std::vector<std::string>{ "H1-F01A" } },
           SetProperty{ "H1-R01-K02", "serverModel", std::string("dgx-h200") },
           SetProperty{ "H1-AH01", "setpoint", 22.0 },
           SetProperty{ "H1", "containment", std::string("none") },
           cooler,
           feed };
}

} // namespace

class TestEditOps final : public QObject
{
  Q_OBJECT

private slots:
  void moveShiftsRacksRowsAndCoolers();
  void rotateFlipsFacing();
  void addRowBuildsRacksNodesAndIds();
  void deleteRemovesAndRestorePutsBack();
  void duplicateGivesFreshIds();
  void setChangesOneValue();
  void addCoolerAndFeedDeriveIds();
  void everyInverseRestoresTheScene();
  void rowMoveInverseOn10kScene();
  void overlapNamesBothRacks();
  void otherRefusals();
  void clearanceToOtherRows();
  void mergeOfTwoMoves();
};

void TestEditOps::moveShiftsRacksRowsAndCoolers()
{
  Scene scene = lab();
  const double x0 = rack(scene, "H1-R02-K01").xM;
  const EditResult r = applyEdit(scene, catalog(), MoveObjects{ { "H1-R02-K01" }, -1.5, 0, {} });
  QCOMPARE(rack(scene, "H1-R02-K01").xM, x0 - 1.5);
  // Cable lengths and air paths change; the IT load does not.
  QVERIFY(reruns(r.changes, live::Stage::Geometry) && reruns(r.changes, live::Stage::Fabric) &&
          reruns(r.changes, live::Stage::Thermal) && reruns(r.changes, live::Stage::Economics));
  QVERIFY(!reruns(r.changes, live::Stage::Power) && !reruns(r.changes, live::Stage::Traffic));
  QCOMPARE(r.description, std::string("Move H1-R02-K01 by (-1.50, 0.00) m"));

  applyEdit(scene, catalog(), MoveObjects{ { "H1-R01", "H1-AH01" }, 0, 0.5, {} });
  for (const Rack& k : scene.site.halls[0].rows[0].racks)
    QCOMPARE(k.yM, 2.5 + 0.5);
  QCOMPARE(scene.site.halls[0].coolers[0].yM, lab().site.halls[0].coolers[0].yM + 0.5);
}

void TestEditOps::rotateFlipsFacing()
{
  Scene scene = lab();
  QVERIFY(rack(scene, "H1-R01-K01").facing == Facing::PlusY);
  const EditResult r = applyEdit(scene, catalog(), RotateObjects{ { "H1-R01" } });
  for (const Rack& k : scene.site.halls[0].rows[0].racks)
    QVERIFY(k.facing == Facing::MinusY);
  QCOMPARE(rack(scene, "H1-R01-K01").xM, lab().site.halls[0].rows[0].racks[0].xM); // in place
  QVERIFY(reruns(r.changes, live::Stage::Thermal) && !reruns(r.changes, live::Stage::Power));
}

void TestEditOps::addRowBuildsRacksNodesAndIds()
{
  Scene scene = lab();
  const SceneCounts before = countScene(scene, catalog());
  const EditResult r = applyEdit(scene, catalog(), labRow(4));
  QCOMPARE(r.createdIds, std::vector<std::string>{ "H1-R03" });
  const Row& row = scene.site.halls[0].rows.back();
  QCOMPARE(row.id, std::string("H1-R03"));
  QCOMPARE(row.racks.size(), std::size_t(4));
  // Pitch = rack width (0.6 m): racks of one row touch.
  QCOMPARE(row.racks[2].xM, 2.0 + 2 * 0.6);
  QCOMPARE(row.racks[1].id, std::string("H1-R03-K02"));
  const Node& node = row.racks[1].nodes[2];
  QCOMPARE(node.id, std::string("H1-R03-K02-N3"));
  QCOMPARE(node.hostname, std::string("dgx-r03-k02-n3"));
  QCOMPARE(node.gpus.size(), std::size_t(8));
  QVERIFY(node.gpus[0].uuid.empty());
  // Nodes stack from U2 in 8 U steps, as the generator places them.
  QCOMPARE(row.racks[0].nodes[1].slotU, 10);
  QCOMPARE(row.racks[0].feeds, (std::vector<std::string>{ "H1-F01A", "H1-F01B" }));
  QCOMPARE(countScene(scene, catalog()).gpus, before.gpus + 4 * 4 * 8);
  QVERIFY(reruns(r.changes, live::Stage::Power) && reruns(r.changes, live::Stage::Fabric) &&
          reruns(r.changes, live::Stage::Thermal) && reruns(r.changes, live::Stage::Traffic));
}

void TestEditOps::deleteRemovesAndRestorePutsBack()
{
  Scene scene = lab();
  const Scene original = scene;
  const EditResult r = applyEdit(scene, catalog(), DeleteObjects{ { "H1-R01-K03", "H1-R02" } });
  QCOMPARE(scene.site.halls[0].rows.size(), std::size_t(1));
  QCOMPARE(scene.site.halls[0].rows[0].racks.size(), std::size_t(8));
  QVERIFY(!findById(scene, "H1-R01-K03-N1"));
  const auto* restore = std::get_if<RestoreObjects>(&r.inverse);
  QVERIFY(restore != nullptr);
  QCOMPARE(restore->rows.size(), std::size_t(1));
  QCOMPARE(restore->racks.size(), std::size_t(1));
  QCOMPARE(restore->racks[0].index, 2);
  const EditResult back = applyEdit(scene, catalog(), r.inverse);
  QVERIFY(scene == original);
  QVERIFY(std::holds_alternative<DeleteObjects>(back.inverse));
}

void TestEditOps::duplicateGivesFreshIds()
{
  Scene scene = lab();
  const Rack source = rack(scene, "H1-R01-K09");
  // The copy of K09 stands behind it (touching), the copy of the spine row behind that row.
  const EditResult r =
    applyEdit(scene, catalog(), DuplicateObjects{ { "H1-R01-K09", "H1-R02" }, 0, 1.2 });
  QCOMPARE(r.createdIds, (std::vector<std::string>{ "H1-R01-K10", "H1-R03" }));
  const Rack& copy = rack(scene, "H1-R01-K10");
  QCOMPARE(copy.yM, source.yM + 1.2);
  QCOMPARE(copy.nodes.size(), source.nodes.size());
  QCOMPARE(copy.nodes[0].id, std::string("H1-R01-K10-N1"));
  QCOMPARE(copy.nodes[0].hostname, std::string("dgx-r01-k10-n1"));
  QVERIFY(copy.nodes[0].gpus[0].uuid.empty());
  QVERIFY(!source.nodes[0].gpus[0].uuid.empty());
  const Rack& network = rack(scene, "H1-R03-K01");
  QCOMPARE(network.switches.size(), rack(scene, "H1-R02-K01").switches.size());
  QCOMPARE(network.switches[0].id, std::string("H1-R03-K01-S01"));
}

void TestEditOps::setChangesOneValue()
{
  Scene scene = lab();
  EditResult r = applyEdit(scene, catalog(), SetProperty{ "H1-R01-K01", "powerCapW", 30000.0 });
  QCOMPARE(rack(scene, "H1-R01-K01").powerCapW, 30000.0);
  QVERIFY(reruns(r.changes, live::Stage::Power) && reruns(r.changes, live::Stage::Economics) &&
          !reruns(r.changes, live::Stage::Thermal) && !reruns(r.changes, live::Stage::Fabric));
  const auto& inverse = std::get<SetProperty>(r.inverse);
  QCOMPARE(std::get<double>(inverse.value), 44000.0);

  r = applyEdit(scene, catalog(), SetProperty{ "H1-AH01", "setpoint", 22.0 });
  QCOMPARE(scene.site.halls[0].coolers[0].supplySetpointC, 22.0);
  // The setpoint is read by the thermal model only: the economics model prices no coolers and
  // no setpoint (evaluateEconomics reads the racks, the power chain and its inputs).
  QVERIFY(reruns(r.changes, live::Stage::Thermal) && !reruns(r.changes, live::Stage::Economics) &&
          !reruns(r.changes, live::Stage::Power));

  applyEdit(scene, catalog(), SetProperty{ "H1-R01-K01", "facing", std::string("-y") });
  QVERIFY(rack(scene, "H1-R01-K01").facing == Facing::MinusY);
  applyEdit(scene, catalog(), SetProperty{ "H1-R01", "name", std::string("Compute A") });
  QCOMPARE(scene.site.halls[0].rows[0].name, std::string("Compute A"));
}

void TestEditOps::addCoolerAndFeedDeriveIds()
{
  Scene scene = lab();
  AddCooler cooler;
  cooler.hallId = "H1";
  cooler.unit.model = "crah-250kw";
  cooler.unit.xM = 6.5;
  cooler.unit.yM = 7.4;
  cooler.unit.facing = Facing::MinusY;
  QCOMPARE(applyEdit(scene, catalog(), cooler).createdIds, std::vector<std::string>{ "H1-AH04" });
  AddFeed feed;
  feed.hallId = "H1";
  feed.feed.capacityW = 1e6;
  QCOMPARE(applyEdit(scene, catalog(), feed).createdIds, std::vector<std::string>{ "H1-F02" });
}

void TestEditOps::everyInverseRestoresTheScene()
{
  for (const Edit& edit : everyOp())
  {
    Scene scene = lab();
    const Scene original = scene;
    const EditResult forward = applyEdit(scene, catalog(), edit);
    const Scene edited = scene;
    QVERIFY2(!(edited == original), describeEdit(edit).c_str());
    const EditResult backward = applyEdit(scene, catalog(), forward.inverse);
    QVERIFY2(scene == original, describeEdit(edit).c_str());
    // Redo through the inverse of the inverse gives the edited scene again.
    applyEdit(scene, catalog(), backward.inverse);
    QVERIFY2(scene == edited, describeEdit(edit).c_str());
  }
}

void TestEditOps::rowMoveInverseOn10kScene()
{
  Scene scene = generateScene(builtinSpec("h100-superpod-10k"), catalog());
  const Scene original = scene;
  // 0.1 is not a binary fraction: x + 0.1 − 0.1 differs from x for some racks.
  const EditResult r = applyEdit(scene, catalog(), MoveObjects{ { "H1-R03" }, 12.1, 0, {} });
  QVERIFY(!(scene == original));
  applyEdit(scene, catalog(), r.inverse);
  QVERIFY(scene == original);
  // Why the inverse carries exact positions: a plain opposite move misses by an ulp here.
  Scene naive = original;
  applyEdit(naive, catalog(), MoveObjects{ { "H1-R03" }, 12.1, 0, {} });
  applyEdit(naive, catalog(), MoveObjects{ { "H1-R03" }, -12.1, 0, {} });
  QVERIFY(!(naive == original));
}

void TestEditOps::overlapNamesBothRacks()
{
  Scene scene = lab();
  // The spine rack (y 4.9–6.1) moved 1.5 m south lands on H1-R01-K01 (y 2.5–3.7) by 0.3 m.
  const QString message = refusal(scene, MoveObjects{ { "H1-R02-K01" }, 0, -1.5, {} });
  QVERIFY2(message.contains("H1-R02-K01") && message.contains("H1-R01-K01"), qPrintable(message));
  QVERIFY2(message.contains("0.30 m"), qPrintable(message));
  // Moving 1.2 m south makes them touch, which is allowed.
  applyEdit(scene, catalog(), MoveObjects{ { "H1-R02-K01" }, 0, -1.2, {} });
}

void TestEditOps::otherRefusals()
{
  Scene scene = lab();
  QVERIFY(refusal(scene, MoveObjects{ { "H1-R01" }, -3, 0, {} }).contains("leave hall H1"));
  QVERIFY(refusal(scene, DeleteObjects{ { "H1-R77" } }).contains("no object with id \"H1-R77\""));
  QVERIFY(refusal(scene, SetProperty{ "H1-R01-K01", "colour", std::string("red") })
            .contains("no settable key \"colour\""));
  const QString type = refusal(scene, SetProperty{ "H1-R01-K01", "powerCapW", std::string("x") });
  QVERIFY2(type.contains("wrong value type") && type.contains("a number ≥ 0 in W"),
           qPrintable(type));
  QVERIFY(refusal(scene, SetProperty{ "H1-AH01", "setpoint", 60.0 }).contains("5 to 40 °C"));
  AddRow taken = labRow(2);
  taken.name = "R01";
  QVERIFY(refusal(scene, taken).contains("\"H1-R01\" is already used"));
  QVERIFY(
    refusal(scene, SetProperty{ "H1-R01-K01", "serverModel", std::string("gb200-nvl72-tray") })
      .contains("4 GPUs"));
  QVERIFY(refusal(scene, MoveObjects{ { "H1-R01-K01-N1" }, 1, 0, {} }).contains("is a node"));
  // Two copies of one row at the same offset would stand on each other.
  const QString twice = refusal(scene, DuplicateObjects{ { "H1-R02", "H1-R02" }, 0, 1.2 });
  QVERIFY2(twice.contains("H1-R04-K01 would overlap H1-R03-K01"), qPrintable(twice));
}

void TestEditOps::clearanceToOtherRows()
{
  Scene scene = lab();
  ApplyOptions options;
  options.clearanceM = 1.0;
  // 0.5 m south leaves 0.7 m between the spine rack and row 1: below the 1 m clearance.
  const QString message = refusal(scene, MoveObjects{ { "H1-R02-K01" }, 0, -0.5, {} }, options);
  QVERIFY2(message.contains("0.70 m from H1-R01"), qPrintable(message));
}

void TestEditOps::mergeOfTwoMoves()
{
  Edit first = MoveObjects{ { "H1-R01" }, 0.25, 0, {} };
  QVERIFY(mergeEdits(first, MoveObjects{ { "H1-R01" }, 0.5, -1, {} }));
  QCOMPARE(std::get<MoveObjects>(first).dxM, 0.75);
  QCOMPARE(std::get<MoveObjects>(first).dyM, -1.0);
  QVERIFY(!mergeEdits(first, MoveObjects{ { "H1-R02" }, 0.5, 0, {} }));
  QVERIFY(!mergeEdits(first, RotateObjects{ { "H1-R01" } }));
  // The merged move equals the two applied one after the other.
  Scene once = lab();
  Scene twice = lab();
  applyEdit(once, catalog(), first);
  applyEdit(twice, catalog(), MoveObjects{ { "H1-R01" }, 0.25, 0, {} });
  applyEdit(twice, catalog(), MoveObjects{ { "H1-R01" }, 0.5, -1, {} });
  QCOMPARE(rack(once, "H1-R01-K04").xM, rack(twice, "H1-R01-K04").xM);
  QCOMPARE(rack(once, "H1-R01-K04").yM, rack(twice, "H1-R01-K04").yM);
}

QTEST_APPLESS_MAIN(TestEditOps)
#include "test_edit_ops.moc"
