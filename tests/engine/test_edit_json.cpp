// Edits as JSON: every op (restore and exact-position moves included) survives a round trip,
// both file forms read, and bad files name the file, the JSON path and the expected form.
#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/generator.h"

#include <QtTest>

using namespace myriad::engine;
using namespace myriad::engine::edit;

namespace
{

Scene lab()
{
  return generateScene(builtinSpec("lab-256"), Catalog::builtin());
}

QString loadError(const std::string& text)
{
  try
  {
    editsFromJson(text, "edits.json");
  }
  catch (const LoadError& error)
  {
    return QString::fromStdString(error.what());
  }
  return "no error";
}

} // namespace

class TestEditJson final : public QObject
{
  Q_OBJECT

private slots:
  void everyOpRoundTrips();
  void inversesRoundTripAndStillUndo();
  void bothFileForms();
  void badFilesNameThePath();
};

void TestEditJson::everyOpRoundTrips()
{
  AddRow row;
  row.hallId = "H1";
  row.name = "R03";
  row.xM = 2.0;
  row.yM = 6.1;
  row.rackCount = 3;
  row.facing = Facing::MinusY;
  row.rackModel = "rack-48u-600x1200";
  row.serverModel = "dgx-h100";
  row.nodesPerRack = 4;
  row.cooling = CoolingStyle::Liquid;
  row.feeds = { "H1-F01A" };
  AddCooler cooler;
  cooler.hallId = "H1";
  cooler.unit = { "H1-IR01", "inrow-60kw", CoolerKind::InRow, 8.5, 4.9, Facing::MinusY, 21.5, "" };
  AddFeed feed;
  feed.hallId = "H1";
  feed.feed = { "H1-F09", "Feed 9", 2.5e6, Redundancy::NPlus1, 480 };
  const std::vector<Edit> edits = {
    MoveObjects{
      { "H1-R01", "H1-AH01" }, 0.1, -0.3, { { "H1-R01-K01", 2.5, 0.30000000000000004 } } },
    RotateObjects{ { "H1-R02" } },
    row,
    DeleteObjects{ { "H1-R02-K01", "H1-F01B" } },
    DuplicateObjects{ { "H1-R02" }, 1.5, -0.25 },
    SetProperty{ "H1-R01-K01", "powerCapW", 40000.0 },
    SetProperty{ "H1-R01-K01", "kind", std::string("storage") },
    SetProperty{ "H1-R01-K01", "feeds", std::vector<std::string>{ "H1-F01A", "H1-F01B" } },
    cooler,
    feed,
  };
  for (const Edit& edit : edits)
  {
    const std::string text = editToJson(edit);
    const Edit back = editFromJson(text, "edit.json");
    QCOMPARE(back.index(), edit.index());
    QCOMPARE(editToJson(back), text);
  }
}

void TestEditJson::inversesRoundTripAndStillUndo()
{
  // A delete's inverse carries whole racks and rows in the scene file's form.
  Scene scene = lab();
  const Scene original = scene;
  const EditResult r =
    applyEdit(scene, Catalog::builtin(), DeleteObjects{ { "H1-R01-K03", "H1-R02", "H1-AH02" } });
  const Edit restore = editFromJson(editToJson(r.inverse), "undo.json");
  applyEdit(scene, Catalog::builtin(), restore);
  QVERIFY(scene == original);
  // A move's inverse carries the exact former positions.
  const EditResult moved =
    applyEdit(scene, Catalog::builtin(), MoveObjects{ { "H1-R01" }, 0.1, 0.3, {} });
  const Edit undo = editFromJson(editToJson(moved.inverse), "undo.json");
  QCOMPARE(std::get<MoveObjects>(undo).exactXY.size(), std::size_t(9));
  applyEdit(scene, Catalog::builtin(), undo);
  QVERIFY(scene == original);
}

void TestEditJson::bothFileForms()
{
  const std::string list = R"([{"op":"rotate","ids":["H1-R01"]},
                              {"op":"set","id":"H1-AH01","key":"setpoint","value":21}])";
  QCOMPARE(editsFromJson(list, "a.json").size(), std::size_t(2));
  const auto wrapped = editsFromJson(R"({"description":"x","edits":)" + list + "}", "b.json");
  QCOMPARE(wrapped.size(), std::size_t(2));
  QCOMPARE(std::get<SetProperty>(wrapped[1]).key, std::string("setpoint"));
  QCOMPARE(std::get<double>(std::get<SetProperty>(wrapped[1]).value), 21.0);
}

void TestEditJson::badFilesNameThePath()
{
  QString m = loadError(R"({"edits":[{"op":"rotate","ids":["H1-R01"]},
                                     {"op":"move","ids":["H1-R01"],"dx":"far"}]})");
  QVERIFY2(m.contains("edits.json: edits[1].dx: got a string (expected a number in metres)"),
           qPrintable(m));
  m = loadError(R"({"edits":[{"op":"move","ids":["H1-R01"],"dxx":1}]})");
  QVERIFY2(m.contains("edits[0].dxx: unknown key \"dxx\""), qPrintable(m));
  m = loadError(R"({"edits":[{"op":"teleport"}]})");
  QVERIFY2(m.contains("edits[0].op: unknown op \"teleport\""), qPrintable(m));
  m = loadError(R"({"edits":[{"op":"set","id":"H1","key":"heightM","value":{"m":3}}]})");
  QVERIFY2(m.contains("edits[0].value: got an object (expected a number, a text"), qPrintable(m));
  m = loadError("{\"edits\": [\n  {\"op\": \"move\",,}]}");
  QVERIFY2(m.contains("edits.json: line 2") && m.contains("not valid JSON"), qPrintable(m));
  m = loadError(R"({"edits":[{"op":"move","ids":["H1-R01", 7]}]})");
  QVERIFY2(m.contains("edits[0].ids[1]: got a number (expected an id string)"), qPrintable(m));
  m = loadError(R"({"edit":[]})");
  QVERIFY2(m.contains("unknown key \"edit\""), qPrintable(m));
}

QTEST_APPLESS_MAIN(TestEditJson)
#include "test_edit_json.moc"
