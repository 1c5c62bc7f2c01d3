// Scenarios: stored in the scene (strict reader, canonical writer), evaluated on an edited copy
// with overridden inputs, compared with the base (KPI deltas and the 3D diff).

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/scenarios.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::economics;

namespace
{

bool near(double a, double b, double rel = 1e-9)
{
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

Scene lab()
{
  return generateScene(builtinSpec("lab-256"), Catalog::builtin());
}

const KpiDelta& kpi(const std::vector<KpiDelta>& rows, const std::string& key)
{
  for (const auto& row : rows)
  {
    if (row.key == key)
    {
      return row;
    }
  }
  throw Error("no KPI row " + key);
}

const std::string kSamplePath =
  std::string(MYRIAD_SOURCE_DIR) + "/samples/scenarios/lab-256-scenarios.json";

/** The error message of loading `text` (a scene with a "scenarios" key), or "" on success. */
QString loadError(const std::string& scenariosJson)
{
  std::string text = sceneToJson(lab());
  const auto end = text.rfind('}');
  text = text.substr(0, end) + ", \"scenarios\": " + scenariosJson + "}";
  try
  {
    (void)sceneFromJson(text, "s.json", Catalog::builtin());
  }
  catch (const LoadError& e)
  {
    return QString::fromStdString(e.what());
  }
  return {};
}

} // namespace

class TestEconomicsScenarios final : public QObject
{
  Q_OBJECT

private slots:
  void emptyScenariosAreNotWritten()
  {
    // Files without scenarios must stay byte-identical: no "scenarios" key when the list is empty.
    const std::string text = sceneToJson(lab());
    QVERIFY(text.find("scenarios") == std::string::npos);
  }

  void roundTripsScenarios()
  {
    Scene scene = lab();
    scene.scenarios.push_back(Scenario{ "cheap power",
                                        "half the price",
                                        R"({"energyPriceUSDPerKWh":0.04})",
                                        { R"({"ids":["H1-R01-K09"],"op":"delete"})" } });
    scene.scenarios.push_back(Scenario{ "empty", "", "", {} });
    const std::string first = sceneToJson(scene);
    const Scene reread = sceneFromJson(first, "memory.json", Catalog::builtin());
    QCOMPARE(reread.scenarios.size(), std::size_t(2));
    QVERIFY(reread == scene);
    QCOMPARE(sceneToJson(reread), first);
  }

  void sampleLoadsAndRoundTrips()
  {
    const Scene scene = loadScene(kSamplePath, Catalog::builtin());
    QCOMPARE(scene.scenarios.size(), std::size_t(2));
    QCOMPARE(scene.scenarios[1].editsJson.size(), std::size_t(5));
    const Scene reread = sceneFromJson(sceneToJson(scene), "memory.json", Catalog::builtin());
    QVERIFY(reread == scene);
    // The layout part of the sample is lab-256 itself.
    Scene withoutScenarios = scene;
    withoutScenarios.scenarios.clear();
    QVERIFY(withoutScenarios == lab());
  }

  void readerErrorsNameThePath_data()
  {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown key") << R"([{"name":"b","colour":1}])"
                                 << "/scenarios/0/colour";
    QTest::newRow("missing name") << R"([{"description":"x"}])"
                                  << "/scenarios/0/name";
    QTest::newRow("empty name") << R"([{"name":""}])"
                                << "/scenarios/0/name";
    QTest::newRow("duplicate") << R"([{"name":"b"},{"name":"b"}])"
                               << "duplicate scenario name";
    QTest::newRow("inputs typo") << R"([{"name":"b","inputs":{"utilisaton":0.5}}])"
                                 << "/scenarios/0/inputs/utilisaton";
    QTest::newRow("inputs type") << R"([{"name":"b","inputs":{"cooling":{"copMax":"x"}}}])"
                                 << "/scenarios/0/inputs/cooling/copMax";
    QTest::newRow("edit not object") << R"([{"name":"b","edits":[3]}])"
                                     << "/scenarios/0/edits/0";
    QTest::newRow("edit without op") << R"([{"name":"b","edits":[{"ids":[]}]}])"
                                     << "/scenarios/0/edits/0/op";
    QTest::newRow("edit unknown op") << R"([{"name":"b","edits":[{"op":"paint"}]}])"
                                     << "/scenarios/0/edits/0/op";
    QTest::newRow("edit bad field") << R"([{"name":"b","edits":[{"op":"move","ids":[1]}]}])"
                                    << "/scenarios/0/edits/0/ids/0";
    QTest::newRow("not array") << R"({"name":"b"})"
                               << "/scenarios";
  }

  void readerErrorsNameThePath()
  {
    QFETCH(QString, json);
    QFETCH(QString, expected);
    const QString message = loadError(json.toStdString());
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY2(message.startsWith("s.json"), qPrintable(message));
  }

  void inputOverridesMergeOntoTheBase()
  {
    EconomicsInputs base;
    base.utilisation = 0.7;
    base.cooling.copMax = 7;
    const Scenario scenario{ "b", "", R"({"cooling":{"plant":"evaporative"},"years":7})", {} };
    const EconomicsInputs merged = scenarioInputs(scenario, base);
    QCOMPARE(merged.years, 7);                                 // overridden
    QCOMPARE(merged.cooling.plant, CoolingPlant::Evaporative); // nested key overridden
    QCOMPARE(merged.cooling.copMax, 7.0);                      // nested sibling kept
    QCOMPARE(merged.utilisation, 0.7);                         // untouched key kept
  }

  void cheaperPowerChangesOnlyTheEnergyCost()
  {
    // Halving the energy price halves the energy OPEX line and nothing in CAPEX, PUE or MWh:
    // ΔOPEX/year = −½ · MWh · 1000 · p_base.
    Scene scene = lab();
    EconomicsInputs inputs;
    inputs.energyPriceUSDPerKWh = 0.08;
    scene.scenarios.push_back(Scenario{ "cheap", "", R"({"energyPriceUSDPerKWh":0.04})", {} });
    const ScenarioComparison c = compareScenario(scene, Catalog::builtin(), inputs, "cheap");
    const KpiDelta& capex = kpi(c.kpis, "capexUSD");
    QCOMPARE(*capex.absolute(), 0.0); // same scene, same prices
    const double mwh = c.base.kpis.annualMWh;
    QVERIFY(near(kpi(c.kpis, "annualMWh").scenario.value(), mwh));
    const KpiDelta& opex = kpi(c.kpis, "opexUSDPerYear");
    QVERIFY(near(*opex.absolute(), -0.5 * mwh * 1000 * 0.08, 1e-9));
    QVERIFY(near(*opex.relative(), *opex.absolute() / *opex.base));
    QVERIFY(*kpi(c.kpis, "usdPerGpuHour").absolute() < 0);
    QVERIFY(c.diff.empty());
  }

  void editsChangeTheLayoutAndTheDiff()
  {
    // Deleting one compute rack (4 DGX H100 × 8 GPUs) removes 32 GPUs; switching a rack to liquid
    // cooling changes it; the base scene is untouched.
    Scene scene = lab();
    const int gpus = 256;
    scene.scenarios.push_back(
      Scenario{ "smaller",
                "",
                "",
                { R"({"ids":["H1-R01-K09"],"op":"delete"})",
                  R"({"id":"H1-R01-K01","key":"cooling","op":"set","value":"liquid"})" } });
    const ScenarioComparison c = compareScenario(scene, Catalog::builtin(), {}, "smaller");
    QCOMPARE(c.base.kpis.gpus, gpus);
    QCOMPARE(c.scenario.result.kpis.gpus, gpus - 32);
    QCOMPARE(*kpi(c.kpis, "gpus").absolute(), -32.0);
    QVERIFY(near(*kpi(c.kpis, "gpus").relative(), -32.0 / 256));
    QCOMPARE(c.diff.removedRacks, std::vector<std::string>{ "H1-R01-K09" });
    QCOMPARE(c.diff.changedRacks, std::vector<std::string>{ "H1-R01-K01" });
    QVERIFY(c.diff.addedRacks.empty());
    QVERIFY(c.diff.changedFeeds.empty() && c.diff.addedCoolers.empty());
    QVERIFY(c.scenario.scene.scenarios.empty());
    QVERIFY(scene ==
            [&]
            {
              Scene copy = lab();
              copy.scenarios = scene.scenarios;
              return copy;
            }());
  }

  void unknownScenarioIsNamed()
  {
    Scene scene = lab();
    scene.scenarios.push_back(Scenario{ "b", "", "", {} });
    try
    {
      (void)compareScenario(scene, Catalog::builtin(), {}, "nope");
      QFAIL("expected SpecError");
    }
    catch (const SpecError& e)
    {
      const QString message = e.what();
      QVERIFY2(message.contains("\"nope\"") && message.contains("b"), qPrintable(message));
    }
  }

  void badEditIsNamed()
  {
    Scene scene = lab();
    scene.scenarios.push_back(
      Scenario{ "b", "", "", { R"({"ids":["H1-R77-K01"],"op":"delete"})" } });
    try
    {
      (void)evaluateScenario(scene, Catalog::builtin(), {}, scene.scenarios[0]);
      QFAIL("expected an error");
    }
    catch (const Error& e)
    {
      const QString message = e.what();
      QVERIFY2(message.contains("scenario \"b\" edits[0]") && message.contains("H1-R77-K01"),
               qPrintable(message));
    }
  }

  void badMergedInputIsRejected()
  {
    // Utilisation outside 0–1 passes the JSON reader but not validateInputs; the scenario names it.
    Scene scene = lab();
    scene.scenarios.push_back(Scenario{ "b", "", R"({"utilisation":1.5})", {} });
    try
    {
      (void)evaluateScenario(scene, Catalog::builtin(), {}, scene.scenarios[0]);
      QFAIL("expected SpecError");
    }
    catch (const SpecError& e)
    {
      const QString message = e.what();
      QVERIFY2(message.contains("scenario \"b\"") && message.contains("utilisation"),
               qPrintable(message));
    }
  }

  void sampleScenariosEvaluate()
  {
    const Scene scene = loadScene(kSamplePath, Catalog::builtin());
    const ScenarioComparison hydro = compareScenario(scene, Catalog::builtin(), {}, "hydro-quebec");
    // A cooler site with an evaporative plant runs the chillers less: lower PUE and MWh, same IT.
    QVERIFY(*kpi(hydro.kpis, "pue").absolute() < 0);
    QVERIFY(near(*kpi(hydro.kpis, "itMW").scenario, *kpi(hydro.kpis, "itMW").base));
    const ScenarioComparison liquid =
      compareScenario(scene, Catalog::builtin(), {}, "liquid-retrofit");
    QCOMPARE(liquid.diff.changedRacks.size(), std::size_t(4));
    QCOMPARE(liquid.diff.removedRacks, std::vector<std::string>{ "H1-R01-K09" });
    const std::string json = comparisonToJson(liquid);
    QVERIFY(json.find("\"H1-R01-K09\"") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestEconomicsScenarios)
#include "test_economics_scenarios.moc"
