// The live model registry on the lab-256 scene: for every edit kind, the models rerun
// (stagesFor of the edit's ChangeSet) are those whose declared inputs meet the changed data, and
// equal the set written here by hand from what each model computes. Also the lanes and the order.
#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/fields.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/live/model_registry.h"
#include "myriad/engine/query.h"

#include <QtTest>

#include <algorithm>
#include <functional>
#include <set>

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

using Stages = std::set<Stage>;
const Stages kAll{ Stage::Geometry,  Stage::Fabric,  Stage::Power,
                   Stage::Economics, Stage::Traffic, Stage::Thermal };

/** One edit kind: the edit (made on a fresh lab scene), the models it must rerun, and why. */
struct EditCase
{
  const char* name;
  std::function<ed::ChangeSet(Scene&)> apply;
  Stages expected;
  const char* why;
};

std::function<ed::ChangeSet(Scene&)> edit(ed::Edit e)
{
  return [e](Scene& scene) { return ed::applyEdit(scene, catalog(), e).changes; };
}

/** The ChangeSet of the inverse of `e` (a restore, for a delete). */
std::function<ed::ChangeSet(Scene&)> inverseOf(ed::Edit e)
{
  return [e](Scene& scene)
  {
    const ed::EditResult done = ed::applyEdit(scene, catalog(), e);
    return ed::applyEdit(scene, catalog(), done.inverse).changes;
  };
}

/** The (object id, key) of every "set" row of the table, filled as table() builds it. */
std::vector<std::pair<std::string, std::string>>& setRows()
{
  static std::vector<std::pair<std::string, std::string>> rows;
  return rows;
}

ed::SetProperty set(const std::string& id, const std::string& key, ed::PropertyValue value)
{
  setRows().emplace_back(id, key);
  return ed::SetProperty{ id, key, std::move(value) };
}

ed::AddRow newRow()
{
  ed::AddRow row; // behind the network row, in front of the north air handler
  row.hallId = "H1";
  row.name = "R03";
  row.xM = 2.0;
  row.yM = 6.1;
  row.rackCount = 2;
  row.rackModel = "rack-48u-600x1200";
  row.serverModel = "dgx-h100";
  row.nodesPerRack = 4;
  row.feeds = { "H1-F01A", "H1-F01B" };
  return row;
}

ed::AddCooler newCooler()
{
  ed::AddCooler cooler;
  cooler.hallId = "H1";
  cooler.unit.model = "inrow-60kw";
  cooler.unit.kind = CoolerKind::InRow;
  cooler.unit.xM = 8.5;
  cooler.unit.yM = 4.9;
  return cooler;
}

ed::AddFeed newFeed()
{
  ed::AddFeed feed;
  feed.hallId = "H1";
  feed.feed.capacityW = 2.5e6;
  feed.feed.redundancy = Redundancy::TwoN;
  return feed;
}

const Stages kPowerChain{ Stage::Geometry, Stage::Power, Stage::Economics };

std::vector<EditCase> table()
{
  using S = Stage;
  using Strings = std::vector<std::string>;
  return {
    { "move rack",
      edit(ed::MoveObjects{ { "H1-R02-K01" }, -1.5, 0, {} }),
      { S::Geometry, S::Fabric, S::Economics, S::Thermal },
      "footprint (validation), cable lengths (fabric, priced), air paths; load, GPUs unchanged" },
    { "move cooler",
      edit(ed::MoveObjects{ { "H1-AH03" }, 0.1, 0.3, {} }),
      { S::Geometry, S::Thermal },
      "footprint (validation) and air paths; cables do not route by coolers, nothing priced" },
    { "rotate row",
      edit(ed::RotateObjects{ { "H1-R01" } }),
      { S::Thermal },
      "intake side: air paths only; footprint, cable ends and load are the same" },
    { "rotate cooler",
      edit(ed::RotateObjects{ { "H1-AH01" } }),
      { S::Thermal },
      "supply direction: air paths only" },
    { "add-row", edit(newRow()), kAll, "new racks, nodes and GPUs: every model" },
    { "delete rack", edit(ed::DeleteObjects{ { "H1-R01-K03" } }), kAll,
      "nodes and GPUs leave: every model" },
    { "delete cooler",
      edit(ed::DeleteObjects{ { "H1-AH01" } }),
      { S::Geometry, S::Thermal },
      "a heat sink leaves: validation and thermal; coolers are not priced" },
    { "delete feed", edit(ed::DeleteObjects{ { "H1-F01B" } }), kPowerChain,
      "feeds: validation (racks' feeds), power chain, its cost" },
    { "duplicate rack", edit(ed::DuplicateObjects{ { "H1-R01-K09" }, 0, 1.2 }), kAll,
      "new nodes and GPUs: every model" },
    { "restore rack", inverseOf(ed::DeleteObjects{ { "H1-R01-K03" } }), kAll,
      "nodes and GPUs come back: every model" },
    { "restore cooler",
      inverseOf(ed::DeleteObjects{ { "H1-AH01" } }),
      { S::Geometry, S::Thermal },
      "a heat sink comes back: validation and thermal" },
    { "add-cooler",
      edit(newCooler()),
      { S::Geometry, S::Thermal },
      "a new heat sink with a footprint: validation and thermal" },
    { "add-feed", edit(newFeed()), kPowerChain, "a feed: validation, power chain, its cost" },
    { "set rack model",
      edit(set("H1-R01-K01", "model", std::string("rack-nvl72"))),
      { S::Geometry, S::Fabric, S::Economics, S::Thermal },
      "enclosure: size and U height (validation), box (cables, air), price; the load is the "
      "devices', not the enclosure's" },
    { "set rack kind", edit(set("H1-R01-K01", "kind", std::string("storage"))), kAll,
      "rack kind decides its role in fabric and power: every model" },
    { "set rack cooling",
      edit(set("H1-R01-K01", "cooling", std::string("liquid"))),
      { S::Geometry, S::Power, S::Economics, S::Thermal },
      "heat leaves by liquid: cooling power and cost, air heat; validated (a tank must be cooled "
      "by immersion, servers fit their cooling); no cables" },
    { "set powerCapW", edit(set("H1-R01-K01", "powerCapW", 40000.0)), kPowerChain,
      "cap: validation (load over cap), power chain, its cost; heat is the devices' draw, not "
      "the cap: thermal, fabric, traffic unaffected" },
    { "set rack powerW",
      edit(set("H1-R01-K01", "powerW", 30000.0)),
      { S::Geometry, S::Power, S::Economics, S::Thermal },
      "a given power replaces the devices' draw: validation (over its cap), power chain, energy "
      "cost and the heat; no cable or link changes" },
    { "set rack powerSource",
      edit(set("H1-R01-K01", "powerSource", std::string("measured"))),
      {},
      "what the given power is: a label the properties show; no model reads it" },
    { "set rack airflowM3s",
      edit(set("H1-R01-K01", "airflowM3s", 2.0)),
      { S::Geometry, S::Power, S::Economics, S::Thermal },
      "a given airflow: the air paths (thermal) and the cooling checks run with the power chain's "
      "findings (power stage); geometry and economics read the rack's given figures together" },
    { "set rack facing",
      edit(set("H1-R01-K01", "facing", std::string("-y"))),
      { S::Thermal },
      "intake side: air paths only" },
    { "set serverModel", edit(set("H1-R01-K02", "serverModel", std::string("dgx-h200"))), kAll,
      "new GPUs: power, heat, price, links of the fabric and the all-reduce" },
    { "set rack feeds", edit(set("H1-R01-K02", "feeds", Strings{ "H1-F01A" })), kPowerChain,
      "feed assignment: validation, power chain, its cost" },
    { "set row name",
      edit(set("H1-R01", "name", std::string("Compute A"))),
      {},
      "a label: no model reads it" },
    { "set cooler model",
      edit(set("H1-AH01", "model", std::string("fanwall-450kw"))),
      { S::Geometry, S::Thermal },
      "footprint (validation) and capacity, airflow (thermal)" },
    { "set setpoint",
      edit(set("H1-AH01", "setpoint", 22.0)),
      { S::Thermal },
      "supply temperature: thermal only; no setpoint is validated or priced" },
    { "set cooler airflowM3s",
      edit(set("H1-AH01", "airflowM3s", 12.0)),
      { S::Thermal },
      "fan setting: the air the unit moves (thermal); the starved-hall check is a thermal-stage "
      "finding" },
    { "set cooler facing",
      edit(set("H1-AH01", "facing", std::string("-y"))),
      { S::Thermal },
      "supply direction: air paths only" },
    { "set feed name", edit(set("H1-F01A", "name", std::string("Utility A"))), kPowerChain,
      "the power chain reports feeds by name" },
    { "set feed capacityW", edit(set("H1-F01A", "capacityW", 6e5)), kPowerChain,
      "rating: validation (over rating), power chain, its cost" },
    { "set feed redundancy", edit(set("H1-F01A", "redundancy", std::string("N+1"))), kPowerChain,
      "failover loads: validation, power chain, its cost" },
    { "set containment",
      edit(set("H1", "containment", std::string("none"))),
      { S::Thermal },
      "aisle walls: air paths only" },
    { "set floorRatingKgM2",
      edit(set("H1", "floorRatingKgM2", 1200.0)),
      { S::Geometry },
      "floor load of racks and tanks against the rating: validation only" },
    { "set heightM",
      edit(set("H1", "heightM", 5.0)),
      { S::Geometry, S::Fabric, S::Economics, S::Thermal },
      "hall size: validation, tray height (cable lengths, priced), air volume" },
    { "set switchPlacement",
      edit(set("H1", "switchPlacement", std::string("end-of-row"))),
      { S::Geometry, S::Fabric, S::Power, S::Economics, S::Thermal },
      "switches change racks: U slots, cable lengths, per-rack load and heat; same topology, so "
      "the all-reduce is unchanged" },
    { "set node model", edit(set("H1-R01-K02-N1", "model", std::string("dgx-h200"))), kAll,
      "new GPUs: every model" },
    { "set-evaluation load",
      edit(ed::SetEvaluation{ R"({"utilisation": 0.5})" }),
      { S::Power, S::Economics, S::Thermal },
      "load level: power drawn, its cost and the heat; no footprint, cable or GPU changes" },
    { "set-evaluation price",
      edit(ed::SetEvaluation{ R"({"energyPriceUSDPerKWh": 0.2})" }),
      { S::Economics },
      "energy price at the same load: the cost only" },
    { "set currency",
      edit(set("H1", "currency", std::string("CNY"))),
      { S::Economics },
      "the unit money is shown in: the cost figures are re-published, no other model reads it" },
    { "set exchangeRate",
      edit(set("H1", "exchangeRate", 7.0)),
      { S::Economics },
      "the currency's rate: as the currency" },
  };
}

/** The models whose declared inputs meet `changes`, plus those reading their results. */
Stages declaredReaders(const ed::ChangeSet& changes)
{
  Stages out;
  for (const ModelDescriptor& m : models())
  {
    bool stale = m.reads.intersects(changes.kinds);
    for (const Stage s : m.after)
      stale = stale || out.count(s) > 0;
    if (stale)
      out.insert(m.stage);
  }
  return out;
}

QString names(const Stages& stages)
{
  QStringList list;
  for (const Stage s : stages)
    list << toString(s);
  return "{" + list.join(", ") + "}";
}

} // namespace

class TestModelRegistry final : public QObject
{
  Q_OBJECT

private slots:
  void everyEditRerunsTheModelsThatReadWhatItChanged();
  void everySettableKeyHasARow();
  void lanesAndOrder();
};

void TestModelRegistry::everyEditRerunsTheModelsThatReadWhatItChanged()
{
  for (const EditCase& row : table())
  {
    Scene scene = lab();
    ed::ChangeSet changes;
    try
    {
      changes = row.apply(scene);
    }
    catch (const std::exception& error)
    {
      QFAIL(qPrintable(QString("%1: %2").arg(row.name, error.what())));
    }
    QVERIFY2(changes.any(), row.name);
    const std::vector<Stage> ordered = stagesFor(changes);
    const Stages rerun(ordered.begin(), ordered.end());
    QVERIFY2(std::is_sorted(ordered.begin(), ordered.end()), row.name);
    QVERIFY2(rerun == declaredReaders(changes),
             qPrintable(QString("%1: reruns %2, declared readers %3")
                          .arg(row.name, names(rerun), names(declaredReaders(changes)))));
    QVERIFY2(rerun == row.expected,
             qPrintable(QString("%1: reruns %2, expected %3 (%4)")
                          .arg(row.name, names(rerun), names(row.expected), row.why)));
  }
}

void TestModelRegistry::everySettableKeyHasARow()
{
  // A new settable field (fields.h) needs its expected models written in the table above.
  setRows().clear();
  (void)table();
  const Scene scene = lab();
  for (const ObjectKind kind : { ObjectKind::Rack, ObjectKind::Row, ObjectKind::Cooler,
                                 ObjectKind::Feed, ObjectKind::Hall, ObjectKind::Node })
  {
    for (const myriad::engine::fields::FieldInfo& info :
         myriad::engine::fields::settableFields(kind))
    {
      const bool covered = std::any_of(setRows().begin(), setRows().end(),
                                       [&](const auto& row)
                                       {
                                         const auto ref = findById(scene, row.first);
                                         return ref && ref->kind == kind && row.second == info.key;
                                       });
      QVERIFY2(covered, qPrintable(QString("%1 %2: no row in the table")
                                     .arg(toString(kind), QString::fromStdString(info.key))));
    }
  }
}

void TestModelRegistry::lanesAndOrder()
{
  // Validation, routing, the power chain and pricing take milliseconds; flows and the CFD-like
  // thermal solve take seconds, so they run in the slow lane.
  QCOMPARE(stagesIn(Lane::Cheap),
           (std::vector<Stage>{ Stage::Geometry, Stage::Fabric, Stage::Power, Stage::Economics }));
  QCOMPARE(stagesIn(Lane::Slow), (std::vector<Stage>{ Stage::Traffic, Stage::Thermal }));
  QCOMPARE(laneOf(Stage::Thermal), Lane::Slow);
  QCOMPARE(allStages(), (std::vector<Stage>{ Stage::Geometry, Stage::Fabric, Stage::Power,
                                             Stage::Economics, Stage::Traffic, Stage::Thermal }));
  QCOMPARE(std::string(toString(Stage::Economics)), std::string("economics"));
  // Every model comes after the stages it reads results of, and has a run function.
  for (std::size_t i = 0; i < models().size(); ++i)
  {
    const ModelDescriptor& m = models()[i];
    QVERIFY(m.run != nullptr);
    QCOMPARE(&model(m.stage), &m);
    for (const Stage s : m.after)
      QVERIFY(&model(s) < &m);
  }
  // Economics prices the fabric's BOM: a change only the fabric reads still reprices.
  QCOMPARE(model(Stage::Economics).after, std::vector<Stage>{ Stage::Fabric });
  QVERIFY(stagesFor({}).empty());
}

QTEST_GUILESS_MAIN(TestModelRegistry)
#include "test_model_registry.moc"
