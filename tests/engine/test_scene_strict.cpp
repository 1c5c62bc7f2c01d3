// Strict reading of scene files: numbers beyond the range of a double, NaN, implausible
// geometry, oversized files and arrays are load errors naming the file, the JSON path (or line
// and column) and the accepted form or limit, and no message of the JSON library gets through.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

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
    sceneFromJson(text, "scene.json", Catalog::builtin());
  }
  catch (const LoadError& error)
  {
    return error;
  }
  throw std::runtime_error("expected a LoadError");
}

/** The scene's text with the number `marker` (set at some path) replaced by `literal`. */
std::string withLiteral(const json& scene, const std::string& marker, const std::string& literal)
{
  std::string text = scene.dump();
  const auto at = text.find(marker);
  if (at == std::string::npos || text.find(marker, at + 1) != std::string::npos)
    throw std::runtime_error("marker not unique");
  return text.replace(at, marker.size(), literal);
}

/** No nlohmann wording ("[json.exception.…] parse_error…") in a message shown to users. */
bool isPlain(const LoadError& error)
{
  const QString what = QString::fromUtf8(error.what());
  return !what.contains("json.exception") && !what.contains("parse_error") &&
         !what.contains("out_of_range");
}

} // namespace

class TestSceneStrict final : public QObject
{
  Q_OBJECT

private slots:
  void overflowingNumberNamesItsPath();
  void negativeOverflowInAHallSide();
  void nanAndInfinityLiteralsAreNotJson();
  void truncatedDocumentSaysSo();
  void astronomicalHallIsRejectedWithTheLimit();
  void rackCoordinateBeyondTheBound();
  void raisedFloorAndFeedVoltageBounded();
  void generatorSpecLengthsBounded();
  void hugeArrayIsRefusedWithItsPath();
  void tooManyValuesInAll();
  void deepNestingIsRefused();
  void oversizedFileIsRefusedBeforeReading();
  void plausibleSceneStillLoads();
  void economicsInputsOverflowIsPlain();
};

void TestSceneStrict::overflowingNumberNamesItsPath()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][0]["racks"][3]["xM"] = 987654.125;
  const auto error = loadError(withLiteral(scene, "987654.125", "1e999"));
  QCOMPARE(error.file(), std::string("scene.json"));
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/3/xM"));
  QCOMPARE(error.expected(), std::string("a finite number"));
  QVERIFY2(QString(error.what()).contains("1e999"), error.what());
  QVERIFY2(QString(error.what()).contains("line 1, column"), error.what());
  QVERIFY2(isPlain(error), error.what());
}

void TestSceneStrict::negativeOverflowInAHallSide()
{
  json scene = labScene();
  scene["site"]["halls"][0]["widthM"] = 987654.125;
  const auto error = loadError(withLiteral(scene, "987654.125", "-1e999"));
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/widthM"));
  QVERIFY2(QString(error.what()).contains("-1e999"), error.what());
  QVERIFY2(isPlain(error), error.what());
}

void TestSceneStrict::nanAndInfinityLiteralsAreNotJson()
{
  for (const char* literal : { "NaN", "Infinity", "-Infinity", "nan" })
  {
    json scene = labScene();
    scene["site"]["halls"][0]["rows"][0]["racks"][0]["yM"] = 987654.125;
    const auto error = loadError(withLiteral(scene, "987654.125", literal));
    QVERIFY2(QString::fromStdString(error.jsonPath()).startsWith("line 1, column "), error.what());
    QVERIFY2(QString(error.what()).contains("NaN and Infinity are not JSON numbers"), error.what());
    QCOMPARE(error.expected(), std::string("a finite number"));
    QVERIFY2(isPlain(error), error.what());
  }
}

void TestSceneStrict::truncatedDocumentSaysSo()
{
  const std::string text = labScene().dump(1);
  const auto error = loadError(text.substr(0, text.size() / 2));
  QVERIFY2(QString(error.what()).contains("ends before the document is complete"), error.what());
  QVERIFY2(isPlain(error), error.what());
  const auto garbage = loadError("{\"schemaVersion\": 1, \"site\": @}");
  QCOMPARE(garbage.jsonPath(), std::string("line 1, column 30")); // the "@"
  QVERIFY2(QString(garbage.what()).contains("not valid JSON near"), garbage.what());
  QVERIFY2(isPlain(garbage), garbage.what());
}

void TestSceneStrict::astronomicalHallIsRejectedWithTheLimit()
{
  json scene = labScene();
  scene["site"]["halls"][0]["widthM"] = 1e308;
  scene["site"]["halls"][0]["depthM"] = 1e308;
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/widthM"));
  QCOMPARE(error.expected(), std::string("1 to 2000 m"));
  QVERIFY2(QString(error.what()).contains("1e+308"), error.what());
  // The lower bound too: a hall narrower than a metre is not a hall.
  scene = labScene();
  scene["site"]["halls"][0]["depthM"] = 0.25;
  QCOMPARE(loadError(scene.dump()).jsonPath(), std::string("/site/halls/0/depthM"));
}

void TestSceneStrict::rackCoordinateBeyondTheBound()
{
  json scene = labScene();
  scene["site"]["halls"][0]["rows"][0]["racks"][2]["yM"] = -1e12;
  auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/rows/0/racks/2/yM"));
  QCOMPARE(error.expected(), std::string("-10000 to 10000 m"));
  scene = labScene();
  scene["site"]["halls"][0]["coolers"][0]["xM"] = 1e300;
  error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/coolers/0/xM"));
}

void TestSceneStrict::raisedFloorAndFeedVoltageBounded()
{
  json scene = labScene();
  scene["site"]["halls"][0]["raisedFloorM"] = 40.0;
  QCOMPARE(loadError(scene.dump()).jsonPath(), std::string("/site/halls/0/raisedFloorM"));
  scene = labScene();
  scene["site"]["halls"][0]["feeds"][0]["voltageV"] = 1e200;
  const auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/site/halls/0/feeds/0/voltageV"));
  QVERIFY2(QString::fromStdString(error.expected()).contains("1e+06"), error.what());
}

void TestSceneStrict::generatorSpecLengthsBounded()
{
  json scene = labScene();
  QVERIFY(scene.contains("spec"));
  scene["spec"]["rackPitchM"] = 1e308;
  auto error = loadError(scene.dump());
  QCOMPARE(error.jsonPath(), std::string("/spec/rackPitchM"));
  QCOMPARE(error.expected(), std::string("a number from 0 to 10 metres"));
  try
  {
    specFromJson(R"({"serverModel": "dgx-h100", "gpuCount": 64, "hallHeightM": 1e300})",
                 "spec.json");
    QFAIL("expected a LoadError");
  }
  catch (const LoadError& e)
  {
    QCOMPARE(e.jsonPath(), std::string("/hallHeightM"));
  }
}

void TestSceneStrict::hugeArrayIsRefusedWithItsPath()
{
  // 1,000,001 halls: refused at the element over the limit, before the DOM grows further.
  std::string text = R"({"schemaVersion": 1, "site": {"halls": [)";
  for (int i = 0; i <= 1'000'000; ++i)
    text += i == 0 ? "0" : ",0";
  text += "]}}";
  const auto error = loadError(text);
  QCOMPARE(error.jsonPath(), std::string("/site/halls/1000000"));
  QVERIFY2(QString(error.what()).contains("array longer than 1000000 elements"), error.what());
  // One element fewer is within the bound: the reader then complains about the content.
  text = R"({"schemaVersion": 1, "site": {"halls": [0,0,0]}})";
  const auto content = loadError(text);
  QCOMPARE(content.jsonPath(), std::string("/site/halls/0"));
  QCOMPARE(content.expected(), std::string("an object"));
}

void TestSceneStrict::tooManyValuesInAll()
{
  // Five arrays of 900,000 elements each: every array is within its bound, the total is not.
  std::string text = R"({"schemaVersion": 1, "site": {"halls": [)";
  for (int a = 0; a < 5; ++a)
  {
    text += a == 0 ? "[" : ",[";
    for (int i = 0; i < 900'000; ++i)
      text += i == 0 ? "0" : ",0";
    text += "]";
  }
  text += "]}}";
  const auto error = loadError(text);
  QVERIFY2(QString(error.what()).contains("more than 4000000 values"), error.what());
  QVERIFY2(QString::fromStdString(error.jsonPath()).startsWith("/site/halls/4/"), error.what());
}

void TestSceneStrict::deepNestingIsRefused()
{
  const std::string text = std::string(100, '[') + std::string(100, ']');
  const auto error = loadError(text);
  QVERIFY2(QString(error.what()).contains("nested deeper than 64 levels"), error.what());
}

void TestSceneStrict::oversizedFileIsRefusedBeforeReading()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("huge.json").toStdString();
  {
    std::ofstream out(path);
    out << "[";
  }
  // A sparse file just over the limit: refused by its size, so nothing is read or parsed.
  std::filesystem::resize_file(path, kMaxDocumentBytes + 1);
  try
  {
    loadScene(path, Catalog::builtin());
    QFAIL("expected a LoadError");
  }
  catch (const LoadError& e)
  {
    QCOMPARE(e.file(), path);
    const QString what = QString::fromUtf8(e.what());
    QVERIFY2(what.contains("64.0 MiB (67108865 bytes)"), e.what());
    QVERIFY2(what.contains("over the limit of 64.0 MiB (67108864 bytes)"), e.what());
  }
  // The same bound applies to text handed over directly.
  const std::string text(std::size_t(kMaxDocumentBytes) + 1, ' ');
  QVERIFY(QString(loadError(text).what()).contains("over the limit"));
  // readFile takes a caller's own bound.
  std::filesystem::resize_file(path, 2000);
  QVERIFY_THROWS_EXCEPTION(LoadError, readFile(path, 1000));
  QCOMPARE(readFile(path, 2000).size(), std::size_t(2000));
}

void TestSceneStrict::plausibleSceneStillLoads()
{
  // The bounds leave real halls alone: the generated lab and the 10k samples load.
  QCOMPARE(sceneFromJson(labScene().dump(), "lab.json", Catalog::builtin()).site.halls.size(),
           std::size_t(1));
  for (const char* name :
       { "gb200-nvl72-10k.json", "h100-superpod-10k.json", "ascend-910b-10k.json", "lab-256.json" })
  {
    const std::string path = std::string(MYRIAD_SOURCE_DIR) + "/samples/" + name;
    QVERIFY(!loadScene(path, Catalog::builtin(), false).site.halls.empty());
  }
}

void TestSceneStrict::economicsInputsOverflowIsPlain()
{
  // The other document readers share the parser: an inputs file with 1e999 names its path.
  try
  {
    (void)economics::economicsInputsFromJson(R"({"energyPriceUSDPerKWh": 1e999})", "inputs.json");
    QFAIL("expected a LoadError");
  }
  catch (const LoadError& e)
  {
    QCOMPARE(e.jsonPath(), std::string("/energyPriceUSDPerKWh"));
    QVERIFY2(isPlain(e), e.what());
  }
}

QTEST_APPLESS_MAIN(TestSceneStrict)
#include "test_scene_strict.moc"
