// Bad scene input: every error names the file, the JSON path and the expected form.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace myriad::engine;
using nlohmann::json;

namespace
{

json labScene()
{
  return json::parse(sceneToJson(generateScene(builtinSpec("lab-256"), Catalog::builtin())));
}

LoadError loadError(const std::string& text)
{
  try
  {
    sceneFromJson(text, "bad.json", Catalog::builtin());
  }
  catch (const LoadError& error)
  {
    return error;
  }
  throw std::runtime_error("expected a LoadError");
}

} // namespace

class TestSceneErrors final : public QObject
{
  Q_OBJECT

private slots:
  void malformedJsonGivesLineAndColumn();
  void wrongSchemaVersion();
  void missingSchemaVersion();
  void unknownCatalogPart();
  void partOfTheWrongCategory();
  void negativePower();
  void wrongType();
  void unknownKeyIsRejected();
  void unknownEnumValue();
  void overlappingRacksAreALoadError();
  void rackOutsideTheHall();
  void unreadableFile();
};

void TestSceneErrors::malformedJsonGivesLineAndColumn()
{
  const auto error = loadError("{\n  \"schemaVersion\": 1,\n  \"site\": {,\n}");
  QCOMPARE(error.file(), std::string("bad.json"));
  QCOMPARE(error.jsonPath(), std::string("line 3, column 12"));
  QVERIFY(QString(error.what()).contains("not valid JSON"));
}

void TestSceneErrors::wrongSchemaVersion()
{
  json scene = labScene();
  scene["schemaVersion"] = 7;
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/schemaVersion"));
  QCOMPARE(error.expected(), std::string("1 to 2")); // schema 1 is read and upgraded
}

void TestSceneErrors::missingSchemaVersion()
{
  json scene = labScene();
  scene.erase("schemaVersion");
  QCOMPARE(loadError(scene.dump()).jsonPath(), std::string("/schemaVersion"));
}

void TestSceneErrors::unknownCatalogPart()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][0]["racks"][1]["nodes"][2]["model"] = "dgx-h999";
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/1/nodes/2/model"));
  QVERIFY(QString::fromStdString(error.expected()).contains("dgx-h100"));
}

void TestSceneErrors::partOfTheWrongCategory()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][0]["racks"][0]["model"] = "qm9700";
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/0/model"));
  QVERIFY(QString(error.what()).contains("is a switch"));
}

void TestSceneErrors::negativePower()
{
  json scene = labScene();
  scene["site"]["halls"][0]["feeds"][0]["capacityW"] = -5;
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/feeds/0/capacityW"));
  QVERIFY(QString::fromStdString(error.expected()).contains(">= 0"));
}

void TestSceneErrors::wrongType()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][0]["racks"][3]["xM"] = "12";
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/3/xM"));
  QVERIFY(QString(error.what()).contains("got a string"));
}

void TestSceneErrors::unknownKeyIsRejected()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][0]["racks"][0]["xm"] = 1.0;
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/0/xm"));
  QVERIFY(QString::fromStdString(error.expected()).contains("xM"));
}

void TestSceneErrors::unknownEnumValue()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][0]["racks"][0]["facing"] = "north";
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/0/facing"));
  QCOMPARE(error.expected(), std::string("+y or -y"));
}

void TestSceneErrors::overlappingRacksAreALoadError()
{
  // Move rack 2 of row 1 onto rack 1: their 0.6 m × 1.2 m footprints intersect.
  json scene = labScene();
  auto& racks = scene["site"]["halls"][0]["rows"][0]["racks"];
  racks[1]["xM"] = racks[0]["xM"].get<double>() + 0.3;
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/1/xM"));
  QVERIFY(QString(error.what()).contains("overlaps"));
  // Without validation the document still loads, so a user can open and repair it.
  const Scene loaded = sceneFromJson(scene.dump(), "bad.json", Catalog::builtin(), false);
  QCOMPARE(loaded.site.halls.size(), std::size_t(1));
}

void TestSceneErrors::rackOutsideTheHall()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][1]["racks"][0]["yM"] = -3.0;
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/1/racks/0/xM"));
  QVERIFY(QString(error.what()).contains("outside hall"));
}

void TestSceneErrors::unreadableFile()
{
  try
  {
    loadScene("/nonexistent/scene.json", Catalog::builtin());
    QFAIL("expected LoadError");
  }
  catch (const LoadError& error)
  {
    QCOMPARE(error.file(), std::string("/nonexistent/scene.json"));
    QVERIFY(QString(error.what()).contains("cannot open"));
  }
}

QTEST_APPLESS_MAIN(TestSceneErrors)
#include "test_scene_errors.moc"
