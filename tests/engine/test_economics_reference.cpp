// Economics reference data (samples/reference/*.json): the compiled-in files load, every figure
// names a source whose reference resolves in docs/references.md, and a malformed file is
// rejected with an error naming the file and the JSON path.
#include "myriad/engine/economics/reference_data.h"
#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

using namespace myriad::engine;
using namespace myriad::engine::economics;

class TestEconomicsReference final : public QObject
{
  Q_OBJECT

private slots:
  void builtinFilesAreTheSamplesOnDisk();
  void builtinPartsLoad();
  void everyFigureHasAUnitAndASource();
  void everySourceReferenceResolves();
  void aValidDocumentLoads();
  void malformedFilesNameFileAndPath();
};

namespace
{

std::string readSourceFile(const std::string& relative)
{
  std::ifstream in(std::string(MYRIAD_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The figure of a minimal valid site document with `figure` replacing January's temperature.
std::string siteWithJanuary(
  const std::string& figure,
  const std::string& sources = R"({"s":{"citation":"c","reference":"r"}})")
{
  std::string months;
  for (int m = 2; m <= 12; ++m)
  {
    months += ",\"tempC" + std::string(m < 10 ? "0" : "") + std::to_string(m) +
              R"(":{"value":1,"unit":"°C","source":"s","estimate":true})";
  }
  return R"({"schema":1,"sources":)" + sources +
         R"(,"parts":[{"id":"site-x","category":"site","name":"X","figures":{"tempC01":)" + figure +
         months + "}}]}";
}

// Runs the reader on `text` and returns the JSON path of the LoadError it must throw.
std::string rejectedAt(const std::string& text)
{
  try
  {
    readReferenceData(text, "bad.json");
  }
  catch (const LoadError& error)
  {
    if (error.file() != "bad.json")
    {
      return "wrong file " + error.file();
    }
    return error.jsonPath();
  }
  return "accepted";
}

} // namespace

void TestEconomicsReference::builtinFilesAreTheSamplesOnDisk()
{
  std::set<std::string> names;
  for (const auto& [name, text] : builtinReferenceFiles())
  {
    names.insert(name);
    QVERIFY2(text == readSourceFile(name), name.c_str()); // the build embeds the current file
  }
  const std::set<std::string> expected = { "samples/reference/facility.json",
                                           "samples/reference/failure_rates.json",
                                           "samples/reference/sites.json" };
  QVERIFY(names == expected);
}

void TestEconomicsReference::builtinPartsLoad()
{
  std::set<std::string> ids;
  for (const Part& part : builtinReferenceParts())
  {
    ids.insert(part.id);
  }
  for (const char* id :
       { "site-ashburn-va", "site-phoenix-az", "site-lulea-se", "site-quebec-ca", "site-guizhou-cn",
         "failure-gpu", "failure-planned", "facility-defaults" })
  {
    QVERIFY2(ids.count(id) == 1, id);
  }
}

void TestEconomicsReference::everyFigureHasAUnitAndASource()
{
  for (const Part& part : builtinReferenceParts())
  {
    for (const auto& [key, figure] : part.figures)
    {
      const std::string where = part.id + "/" + key;
      QVERIFY2(!figure.unit.empty(), where.c_str());
      QVERIFY2(!figure.source.empty(), where.c_str());
      // Climate normals were quoted from memory: they must stay marked until re-checked.
      if (figure.source.find("not re-checked") != std::string::npos)
      {
        QVERIFY2(figure.estimate, where.c_str());
      }
    }
  }
}

void TestEconomicsReference::everySourceReferenceResolves()
{
  const std::string references = readSourceFile("docs/references.md");
  QVERIFY(!references.empty());
  for (const auto& [name, text] : builtinReferenceFiles())
  {
    const auto json = nlohmann::json::parse(text);
    for (const auto& [key, source] : json.at("sources").items())
    {
      if (!source.contains("reference"))
      {
        continue; // an uncited source: the reader requires its figures to be estimates
      }
      const std::string reference = source.at("reference").get<std::string>();
      const std::string where = name + ": " + key + ": " + reference;
      const std::string prefix = "docs/references.md#";
      QVERIFY2(reference.rfind(prefix, 0) == 0, where.c_str());
      const std::string anchor = "id=\"" + reference.substr(prefix.size()) + "\"";
      QVERIFY2(references.find(anchor) != std::string::npos, where.c_str());
    }
  }
}

void TestEconomicsReference::aValidDocumentLoads()
{
  const auto parts = readReferenceData(
    siteWithJanuary(R"({"value":-3.5,"unit":"°C","source":"s","note":"n","estimate":false})"),
    "good.json");
  QCOMPARE(parts.size(), std::size_t(1));
  const Figure& january = parts[0].figure("tempC01");
  QCOMPARE(january.value, -3.5);
  QCOMPARE(january.source, std::string("c — n")); // citation, then the figure's note
  QVERIFY(!january.estimate);
}

void TestEconomicsReference::malformedFilesNameFileAndPath()
{
  const std::string jan = "/parts/0/figures/tempC01";
  // Unknown key (a typo of "value").
  QCOMPARE(rejectedAt(siteWithJanuary(R"({"valeu":1,"unit":"°C","source":"s","estimate":true})")),
           jan + "/valeu");
  // Wrong type.
  QCOMPARE(rejectedAt(siteWithJanuary(R"({"value":"1","unit":"°C","source":"s","estimate":true})")),
           jan + "/value");
  // Missing source.
  QCOMPARE(rejectedAt(siteWithJanuary(R"({"value":1,"unit":"°C","estimate":true})")),
           jan + "/source");
  // A source that the file's table does not list.
  QCOMPARE(rejectedAt(siteWithJanuary(R"({"value":1,"unit":"°C","source":"t","estimate":true})")),
           jan + "/source");
  // Missing estimate flag.
  QCOMPARE(rejectedAt(siteWithJanuary(R"({"value":1,"unit":"°C","source":"s"})")),
           jan + "/estimate");
  // An uncited source cannot back a figure that claims to be verified.
  QCOMPARE(rejectedAt(siteWithJanuary(R"({"value":1,"unit":"°C","source":"s","estimate":false})",
                                      R"({"s":{"citation":"c"}})")),
           jan + "/estimate");
  // A site without all twelve months.
  QCOMPARE(rejectedAt(R"({"schema":1,"sources":{},"parts":[{"id":"site-x","category":"site",)"
                      R"("name":"X","figures":{}}]})"),
           std::string("/parts/0/figures/tempC01"));
  // Unknown category, unknown top-level key, wrong schema, not JSON.
  QCOMPARE(rejectedAt(R"({"schema":1,"sources":{},"parts":[{"id":"a","category":"gpu","name":"A",)"
                      R"("figures":{}}]})"),
           std::string("/parts/0/category"));
  QCOMPARE(rejectedAt(R"({"schema":1,"sources":{},"parts":[],"extra":1})"), std::string("/extra"));
  QCOMPARE(rejectedAt(R"({"schema":2,"sources":{},"parts":[]})"), std::string("/schema"));
  QVERIFY(rejectedAt("{ not json").rfind("line 1", 0) == 0);
}

QTEST_APPLESS_MAIN(TestEconomicsReference)
#include "test_economics_reference.moc"
