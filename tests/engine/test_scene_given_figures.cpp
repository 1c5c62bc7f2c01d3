/**
 * @file test_scene_given_figures.cpp
 * The optional hall inputs in files and edits: a rack's given power, its source and its given
 * airflow, a cooler's airflow setting, placed floor tiles and ceiling grilles. They round-trip
 * through the canonical writer, files that do not use them are written as before (no new keys),
 * and `set` edits change them with an exact inverse and the ChangeSet the live models need.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <QtTest/QtTest>

#include <fstream>
#include <iterator>

using namespace myriad::engine;

namespace
{

std::string readText(const std::string& path)
{
  std::ifstream in(path);
  return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

} // namespace

class TestSceneGivenFigures final : public QObject
{
  Q_OBJECT

private slots:
  void tilesGrillesAndGivenFiguresRoundTrip();
  void filesWithoutThemGainNoKeys();
  void setEditsChangeThemWithAnExactInverse();
  void badValuesNameTheFieldAndTheForm();
  void setAirPortsReplacesTilesAndGrillesUndoably();
  void setAirPortsRefusesWhatAFileWould();
};

void TestSceneGivenFigures::tilesGrillesAndGivenFiguresRoundTrip()
{
  const Catalog& catalog = Catalog::builtin();
  const Scene scene =
    loadScene(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json", catalog);
  const Hall& hall = scene.site.halls[0];
  QCOMPARE(hall.tiles.size(), std::size_t(16));
  QCOMPARE(hall.grilles.size(), std::size_t(6));
  QCOMPARE(hall.tiles[5].openAreaPct, 56.0); // R01-K06, 36 kW: a grate
  QCOMPARE(hall.grilles[0].widthM, 1.2);
  QCOMPARE(hall.coolers[0].airflowM3s, 8.48);
  const Rack& rack = hall.rows[0].racks[0];
  QCOMPARE(rack.powerW, 8000.0);
  QVERIFY(rack.powerSource == PowerSource::Measured);
  const Scene again = sceneFromJson(sceneToJson(scene), "again.json", catalog);
  QVERIFY(again == scene);
}

void TestSceneGivenFigures::filesWithoutThemGainNoKeys()
{
  // The generated samples use none of the optional inputs: their canonical text has none of the
  // keys, so existing files and the samples stay byte for byte as they were.
  const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  const std::string text = sceneToJson(scene);
  for (const char* key : { "\"powerW\"", "\"powerSource\"", "\"airflowM3s\"", "\"tiles\"",
                           "\"grilles\"", "\"flowM3s\"" })
    QVERIFY2(text.find(key) == std::string::npos, key);
  QCOMPARE(sceneToJson(sceneFromJson(text, "lab.json", Catalog::builtin())), text);
  QCOMPARE(readText(MYRIAD_SOURCE_DIR "/samples/lab-256.json").find("\"powerW\""),
           std::string::npos);
}

void TestSceneGivenFigures::setEditsChangeThemWithAnExactInverse()
{
  const Catalog& catalog = Catalog::builtin();
  Scene scene = loadScene(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json", catalog);
  const Scene before = scene;
  struct Case
  {
    const char* json;
    edit::DataKind kind;
  };
  const Case cases[] = {
    { R"({"op":"set","id":"H1-R01-K01","key":"powerW","value":12000})", edit::DataKind::RackLoad },
    { R"({"op":"set","id":"H1-R01-K01","key":"powerSource","value":"budget"})",
      edit::DataKind::Names },
    { R"({"op":"set","id":"H1-R01-K01","key":"airflowM3s","value":0.9})",
      edit::DataKind::RackLoad },
    { R"({"op":"set","id":"H1-AH01","key":"airflowM3s","value":12})",
      edit::DataKind::CoolingPlant },
  };
  for (const Case& c : cases)
  {
    const edit::EditResult result =
      edit::applyEdit(scene, catalog, edit::editFromJson(c.json, "e"));
    QVERIFY2(result.changes.has(c.kind), c.json);
    QVERIFY(!(scene == before));
    edit::applyEdit(scene, catalog, result.inverse);
    QVERIFY2(scene == before, c.json);
  }
  edit::applyEdit(
    scene, catalog,
    edit::editFromJson(R"({"op":"set","id":"H1-R02-K03","key":"powerW","value":0})", "e"));
  QCOMPARE(scene.site.halls[0].rows[1].racks[2].powerW, 0.0);
}

void TestSceneGivenFigures::badValuesNameTheFieldAndTheForm()
{
  const Catalog& catalog = Catalog::builtin();
  Scene scene = loadScene(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json", catalog);
  const Scene before = scene;
  const char* bad[] = {
    R"({"op":"set","id":"H1-R01-K01","key":"powerW","value":-5})",
    R"({"op":"set","id":"H1-R01-K01","key":"airflowM3s","value":-1})",
    R"({"op":"set","id":"H1-R01-K01","key":"powerSource","value":"guess"})",
    R"({"op":"set","id":"H1-AH01","key":"airflowM3s","value":-0.1})",
  };
  for (const char* json : bad)
  {
    try
    {
      edit::applyEdit(scene, catalog, edit::editFromJson(json, "e"));
      QFAIL(json);
    }
    catch (const edit::EditError& e)
    {
      const std::string what = e.what();
      QVERIFY2(what.find("powerW") != std::string::npos ||
                 what.find("airflowM3s") != std::string::npos ||
                 what.find("powerSource") != std::string::npos,
               e.what());
    }
    QVERIFY(scene == before);
  }
  // In a file: a negative rack airflow names its JSON path and the accepted range.
  std::string text = readText(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json");
  text.replace(text.find("\"powerSource\": \"measured\","), 26,
               "\"powerSource\": \"measured\", \"airflowM3s\": -2,");
  try
  {
    sceneFromJson(text, "bad.json", catalog);
    QFAIL("expected an error");
  }
  catch (const Error& e)
  {
    const std::string what = e.what();
    QVERIFY2(what.find("bad.json") != std::string::npos &&
               what.find("/site/halls/0/rows/0/racks/0/airflowM3s") != std::string::npos,
             e.what());
  }
}

void TestSceneGivenFigures::setAirPortsReplacesTilesAndGrillesUndoably()
{
  // One tile and one grille replace the hall's 16 tiles and 6 grilles; the edit round-trips
  // through JSON, says it changed the air ports (the thermal model reads them), and its inverse
  // puts all 22 back exactly.
  const Catalog& catalog = Catalog::builtin();
  Scene scene = loadScene(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json", catalog);
  const Scene before = scene;
  const edit::Edit e = edit::editFromJson(
    R"({"op":"set-air-ports","hall":"H1",
        "tiles":[{"id":"T-NEW","xM":6.0,"yM":4.4,"openAreaPct":56,"flowM3s":1.5}],
        "grilles":[{"id":"G-NEW","xM":5.0,"yM":1.4,"widthM":2.4}]})",
    "e");
  const std::string json = edit::editToJson(e);
  QCOMPARE(edit::editToJson(edit::editFromJson(json, "again")), json);
  const edit::EditResult result = edit::applyEdit(scene, catalog, e);
  QVERIFY(result.changes.has(edit::DataKind::AirPorts));
  const Hall& hall = scene.site.halls[0];
  QCOMPARE(hall.tiles.size(), std::size_t(1));
  QCOMPARE(hall.tiles[0].openAreaPct, 56.0);
  QCOMPARE(hall.tiles[0].flowM3s, 1.5);
  QCOMPARE(hall.tiles[0].widthM, 0.6); // the file's default
  QCOMPARE(hall.grilles.size(), std::size_t(1));
  QCOMPARE(hall.grilles[0].widthM, 2.4);
  QVERIFY(result.description.find("1 floor tile") != std::string::npos);
  edit::applyEdit(scene, catalog, result.inverse);
  QVERIFY(scene == before);
}

void TestSceneGivenFigures::setAirPortsRefusesWhatAFileWould()
{
  const Catalog& catalog = Catalog::builtin();
  Scene scene = loadScene(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json", catalog);
  const Scene before = scene;
  struct Bad
  {
    const char* json;
    const char* says;
  };
  const Bad bad[] = {
    { R"({"op":"set-air-ports","hall":"H1","tiles":[{"id":"T","xM":11.8,"yM":4}]})",
      "outside hall H1" },
    { R"({"op":"set-air-ports","hall":"H1","tiles":[{"id":"H1-R01-K01","xM":6,"yM":4}]})",
      "already used" },
    { R"({"op":"set-air-ports","hall":"H1","grilles":[{"id":"G","xM":1,"yM":1},
                                                     {"id":"G","xM":3,"yM":1}]})",
      "used twice" },
    { R"({"op":"set-air-ports","hall":"H9","tiles":[]})", "no hall" },
  };
  for (const Bad& b : bad)
  {
    try
    {
      edit::applyEdit(scene, catalog, edit::editFromJson(b.json, "e"));
      QFAIL(b.json);
    }
    catch (const edit::EditError& e)
    {
      QVERIFY2(std::string(e.what()).find(b.says) != std::string::npos, e.what());
    }
    QVERIFY(scene == before);
  }
  // Field ranges are the file's: an open area of 120 % is refused where the edit is read,
  // naming the edit's own path.
  try
  {
    edit::editFromJson(
      R"({"op":"set-air-ports","hall":"H1","tiles":[{"id":"T","xM":6,"yM":4,"openAreaPct":120}]})",
      "edits.json");
    QFAIL("expected an error");
  }
  catch (const Error& e)
  {
    const std::string what = e.what();
    QVERIFY2(what.find("edits.json") != std::string::npos &&
               what.find("tiles[0].openAreaPct") != std::string::npos,
             e.what());
  }
  // Tiles need a raised floor.
  scene.site.halls[0].raisedFloorM = 0;
  try
  {
    edit::applyEdit(
      scene, catalog,
      edit::editFromJson(R"({"op":"set-air-ports","hall":"H1","tiles":[{"id":"T","xM":6,"yM":4}]})",
                         "e"));
    QFAIL("expected an error");
  }
  catch (const edit::EditError& e)
  {
    QVERIFY2(std::string(e.what()).find("no raised floor") != std::string::npos, e.what());
  }
}

QTEST_GUILESS_MAIN(TestSceneGivenFigures)
#include "test_scene_given_figures.moc"
