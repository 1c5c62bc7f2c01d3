// Parts catalog: every figure carries a unit and a source; bad catalogs are rejected.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <QtTest>

using namespace myriad::engine;

class TestCatalog final : public QObject
{
  Q_OBJECT

private slots:
  void builtinHasEachCategory();
  void everyFigureHasUnitAndSource();
  void serverFiguresMatchTheirSources();
  void missingFigureIsAnError();
  void badCatalogsAreRejected();
};

void TestCatalog::builtinHasEachCategory()
{
  const Catalog& catalog = Catalog::builtin();
  for (const char* category :
       { "gpu", "server", "switch", "nic", "optic", "cable", "cooler", "rack" })
  {
    QVERIFY2(!catalog.idsOf(category).empty(), category);
  }
}

void TestCatalog::everyFigureHasUnitAndSource()
{
  const Catalog& catalog = Catalog::builtin();
  for (const char* category :
       { "gpu", "server", "switch", "nic", "optic", "cable", "cooler", "rack" })
  {
    for (const auto& id : catalog.idsOf(category))
    {
      for (const auto& [key, figure] : catalog.part(id).figures)
      {
        const std::string where = id + "." + key;
        QVERIFY2(!figure.unit.empty(), where.c_str());
        QVERIFY2(!figure.source.empty(), where.c_str());
        // A figure without a citation must say it is an estimate.
        if (figure.source == "estimate")
        {
          QVERIFY2(figure.estimate, where.c_str());
        }
      }
    }
  }
}

void TestCatalog::serverFiguresMatchTheirSources()
{
  // DGX H100: 8 GPUs, 8U, 10.2 kW maximum (NVIDIA DGX H100 user guide); H100 SXM TDP 700 W.
  const Catalog& catalog = Catalog::builtin();
  QCOMPARE(catalog.part("dgx-h100").figure("powerMaxW").value, 10200.0);
  QCOMPARE(catalog.part("dgx-h100").figure("heightU").value, 8.0);
  QCOMPARE(catalog.part("h100-sxm").figure("tdpW").value, 700.0);
  QCOMPARE(catalog.part("qm9700").figure("ports").value, 64.0);
  QVERIFY(!catalog.part("dgx-h100").figure("powerMaxW").estimate);
  QVERIFY(catalog.part("dgx-h100").figure("weightKg").estimate);
}

void TestCatalog::missingFigureIsAnError()
{
  const Part& part = Catalog::builtin().part("cx7");
  QVERIFY_THROWS_EXCEPTION(Error, part.figure("noSuchFigure"));
  QCOMPARE(part.valueOr("noSuchFigure", -1.0), -1.0);
  QVERIFY_THROWS_EXCEPTION(Error, Catalog::builtin().part("no-such-part"));
}

void TestCatalog::badCatalogsAreRejected()
{
  const std::string duplicate =
    R"({"schema":1,"parts":[{"id":"a","category":"gpu","name":"A"},{"id":"a","category":"gpu","name":"B"}]})";
  try
  {
    Catalog::fromJson(duplicate, "dup.json");
    QFAIL("expected LoadError");
  }
  catch (const LoadError& error)
  {
    QCOMPARE(error.jsonPath(), std::string("/parts/1/id"));
  }
  const std::string badCategory =
    R"({"schema":1,"parts":[{"id":"a","category":"toaster","name":"A"}]})";
  QVERIFY_THROWS_EXCEPTION(LoadError, Catalog::fromJson(badCategory, "cat.json"));
  const std::string noUnit =
    R"({"schema":1,"parts":[{"id":"a","category":"gpu","name":"A","figures":{"tdpW":{"value":1}}}]})";
  QVERIFY_THROWS_EXCEPTION(LoadError, Catalog::fromJson(noUnit, "unit.json"));
  QVERIFY_THROWS_EXCEPTION(LoadError, Catalog::fromJson(R"({"schema":2,"parts":[]})", "v.json"));
}

QTEST_APPLESS_MAIN(TestCatalog)
#include "test_catalog.moc"
