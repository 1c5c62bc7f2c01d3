// Design-space sweeps (engine/sweep/sweep.h): the sweep file's checks, the designs' shapes, and
// a scenario's figures against what its parameter must do to them.
// - Grid: the product of the value counts, the last parameter fastest; zip pairs by position.
// - Latin hypercube (McKay, Beckman & Conover 1979): with N samples every parameter's range is
//   cut into N equal strata and each stratum holds exactly one sample.
// - A GPU count written into the spec regenerates the hall: lab-256 has one SU of 32 DGX H100
//   (256 GPUs, 8 compute racks + 1 network rack + …); 512 GPUs make two SUs, so twice the GPUs.
// - The energy price enters the OPEX as the year's energy × price (docs/models/economics.md):
//   OPEX(p) is affine in p, so equal steps of price give equal steps of OPEX, and the fabric's
//   figures do not move.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/sweep/sweep.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <set>

using namespace myriad::engine;
using namespace myriad::engine::sweep;

namespace
{

const std::string kJob = MYRIAD_SOURCE_DIR "/samples/jobs/gpt-13b-lab.json";

/** The LoadError message parseSweep gives `text`, "" when it parses. */
std::string parseError(const std::string& text)
{
  try
  {
    (void)parseSweep(text, "bad-sweep.json");
  }
  catch (const LoadError& e)
  {
    return e.what();
  }
  return {};
}

nlohmann::json result(const std::string& dir, long long index)
{
  std::ifstream in(resultPath(dir, index));
  return nlohmann::json::parse(in);
}

} // namespace

class TestSweep final : public QObject
{
  Q_OBJECT

private slots:
  void gridIsTheProductLastParameterFastest()
  {
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"}, "parameters": [
      {"name": "gpus", "values": [256, 512]},
      {"name": "energyPrice", "range": {"from": 0.05, "to": 0.15, "step": 0.05}}]})",
                                 "s.json");
    QCOMPARE(scenarioCount(spec), 6LL);
    const auto scenarios = expandScenarios(spec);
    QCOMPARE(scenarios.size(), std::size_t(6));
    QCOMPARE(QString::fromStdString(scenarios[1].valuesJson[0]), QString("256"));
    QCOMPARE(QString::fromStdString(scenarios[1].valuesJson[1]), QString("0.1"));
    QCOMPARE(QString::fromStdString(scenarios[3].valuesJson[0]), QString("512"));
    QCOMPARE(QString::fromStdString(scenarios[5].valuesJson[1]), QString("0.15000000000000002"));
  }

  void aPartialGridLeavesExcludedPointsOut()
  {
    // 2 × 2 grid less the one point (512 GPUs, air) an exclusion rule names: 3 scenarios,
    // numbered 0–2, none of them the excluded point.
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"},
      "parameters": [{"name": "gpus", "values": [256, 512]},
                     {"name": "cooling", "values": ["air", "liquid"]}],
      "exclude": [{"gpus": 512, "cooling": "air"}]})",
                                 "s.json");
    QCOMPARE(scenarioCount(spec), 3LL);
    const auto scenarios = expandScenarios(spec);
    QCOMPARE(scenarios.size(), std::size_t(3));
    for (std::size_t k = 0; k < scenarios.size(); ++k)
    {
      QCOMPARE(scenarios[k].index, static_cast<long long>(k));
      QVERIFY(!(scenarios[k].valuesJson[0] == "512" && scenarios[k].valuesJson[1] == "\"air\""));
    }
    QVERIFY(parseError(
              R"({"base": {"builtin": "lab-256"}, "parameters": [{"name": "gpus", "values": [256]}],
      "exclude": [{"gpuz": 256}]})")
              .find("/exclude/0/gpuz: no parameter") != std::string::npos);
    QVERIFY(parseError(
              R"({"base": {"builtin": "lab-256"}, "parameters": [{"name": "gpus", "values": [256]}],
      "exclude": [{"gpus": 384}]})")
              .find("384 is none of the parameter's values") != std::string::npos);
    QVERIFY(parseError(R"({"base": {"builtin": "lab-256"}, "design": "zip",
      "parameters": [{"name": "gpus", "values": [256]}], "exclude": [{"gpus": 256}]})")
              .find("/exclude") != std::string::npos);
  }

  void zipPairsByPositionAndNeedsEqualCounts()
  {
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"}, "design": "zip",
      "parameters": [{"name": "gpus", "values": [256, 512]},
                     {"name": "cooling", "values": ["air", "liquid"]}]})",
                                 "s.json");
    const auto scenarios = expandScenarios(spec);
    QCOMPARE(scenarios.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(scenarios[1].valuesJson[1]), QString("\"liquid\""));
    auto unequal = spec;
    unequal.parameters[1].valuesJson.pop_back();
    unequal.parameters[1].valuesJson.pop_back();
    unequal.parameters[1].valuesJson.push_back("\"air\"");
    unequal.parameters[1].valuesJson.push_back("\"air\"");
    unequal.parameters[1].valuesJson.push_back("\"air\"");
    QVERIFY_THROWS_EXCEPTION(LoadError, expandScenarios(unequal));
  }

  void latinHypercubePutsOneSampleInEachStratum()
  {
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"},
      "design": {"latinHypercube": {"samples": 50, "seed": 7}},
      "parameters": [{"name": "energyPrice", "range": {"from": 0.0, "to": 1.0}},
                     {"name": "utilisation", "range": {"from": 0.5, "to": 1.0}}]})",
                                 "s.json");
    const auto scenarios = expandScenarios(spec);
    QCOMPARE(scenarios.size(), std::size_t(50));
    std::set<int> price, load;
    for (const auto& s : scenarios)
    {
      price.insert(static_cast<int>(std::stod(s.valuesJson[0]) * 50));
      load.insert(static_cast<int>((std::stod(s.valuesJson[1]) - 0.5) / 0.5 * 50));
    }
    QCOMPARE(price.size(), std::size_t(50));
    QCOMPARE(load.size(), std::size_t(50));
    // The same seed gives the same design; another seed another one.
    QCOMPARE(expandScenarios(spec)[3].valuesJson, scenarios[3].valuesJson);
    auto other = spec;
    other.seed = 8;
    QVERIFY(expandScenarios(other)[3].valuesJson != scenarios[3].valuesJson);
  }

  void paretoFrontKeepsWhatNothingBeats()
  {
    // Cost (lower better) against bandwidth (higher better), worked by hand: (1, 10) and (2, 30)
    // and (4, 40) are each the cheapest for their bandwidth; (3, 20) is beaten by (2, 30) (cheaper
    // and faster), (5, 40) by (4, 40) (cheaper, as fast).
    const std::vector<std::pair<double, double>> points = {
      { 3, 20 }, { 1, 10 }, { 5, 40 }, { 2, 30 }, { 4, 40 }
    };
    const auto front = paretoFront(points, false, true);
    QCOMPARE(front, (std::vector<std::size_t>{ 1, 3, 4 }));
    // Both lower-better: only (1, 10) is not beaten.
    QCOMPARE(paretoFront(points, false, false), (std::vector<std::size_t>{ 1 }));
    QVERIFY(higherIsBetter("busBwGBs") && higherIsBetter("llama3-405b.tokensPerS"));
    QVERIFY(!higherIsBetter("capexMUSD") && !higherIsBetter("gpt-13b-lab.stepS"));
  }

  void badSweepFilesNameTheField()
  {
    QVERIFY(
      parseError(
        R"({"base": {"builtin": "lab-256"}, "parameters": [{"name": "gpuz", "values": [1]}]})")
        .find("bad-sweep.json: /parameters/0/name: unknown parameter name \"gpuz\"") !=
      std::string::npos);
    QVERIFY(
      parseError(R"({"base": {"builtin": "lab-256"}, "parameters": []})").find("/parameters") !=
      std::string::npos);
    QVERIFY(parseError(
              R"({"base": {"builtin": "lab-256"}, "parameters": [{"name": "gpus", "values": []}]})")
              .find("/parameters/0/values: no values") != std::string::npos);
    QVERIFY(
      parseError(
        R"({"base": {"builtin": "lab-256"}, "parameters": [{"pointer": "/site/halls/0/name", "values": ["x"]}]})")
        .find("/parameters/0/pointer") != std::string::npos);
    QVERIFY(
      parseError(
        R"({"base": {"builtin": "lab-256"}, "models": ["cfd"], "parameters": [{"name": "gpus", "values": [1]}]})")
        .find("/models/0: unknown model \"cfd\"") != std::string::npos);
    QVERIFY(
      parseError(
        R"({"base": {"builtin": "lab-256"}, "kpis": ["speed"], "parameters": [{"name": "gpus", "values": [1]}]})")
        .find("/kpis/0: unknown KPI \"speed\"") != std::string::npos);
    QVERIFY(
      parseError(
        R"({"base": {"builtin": "lab-256"}, "parameters": [{"name": "gpus", "range": {"from": 9, "to": 1, "step": 1}}]})")
        .find("/parameters/0/range") != std::string::npos);
  }

  void planChecksEveryValueBeforeWritingAnything()
  {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("sweep").toStdString();
    const auto wrongType = parseSweep(R"({"base": {"builtin": "lab-256"},
      "parameters": [{"name": "gpus", "values": [256, "many"]}]})",
                                      "typed.json");
    try
    {
      (void)planSweep(wrongType, dir, Catalog::builtin(), false);
      QFAIL("a string GPU count was accepted");
    }
    catch (const LoadError& e)
    {
      const std::string message = e.what();
      QVERIFY2(message.find("typed.json: /parameters/0/values/1") != std::string::npos, e.what());
      QVERIFY2(message.find("expected a number") != std::string::npos, e.what());
    }
    QVERIFY(!QFileInfo::exists(QString::fromStdString(dir)));
    const auto badEnum = parseSweep(R"({"base": {"builtin": "lab-256"},
      "parameters": [{"name": "cooling", "values": ["air", "ice"]}]})",
                                    "enum.json");
    QVERIFY_THROWS_EXCEPTION(LoadError, planSweep(badEnum, dir, Catalog::builtin(), false));
    // A site the reference data does not know, and a utilisation above 1: refused when planned,
    // as the economics stage would refuse them.
    const auto badSite = parseSweep(R"({"base": {"builtin": "lab-256"},
      "parameters": [{"name": "site", "values": ["lulea-se", "atlantis"]}]})",
                                    "site.json");
    try
    {
      (void)planSweep(badSite, dir, Catalog::builtin(), false);
      QFAIL("an unknown site was accepted");
    }
    catch (const LoadError& e)
    {
      QVERIFY2(std::string(e.what()).find("site.json: /parameters/0/values/1") !=
                   std::string::npos &&
                 std::string(e.what()).find("unknown site 'atlantis'") != std::string::npos,
               e.what());
    }
    const auto badLoad = parseSweep(R"({"base": {"builtin": "lab-256"},
      "parameters": [{"name": "utilisation", "values": [0.5, 1.5]}]})",
                                    "load.json");
    QVERIFY_THROWS_EXCEPTION(LoadError, planSweep(badLoad, dir, Catalog::builtin(), false));
    QVERIFY(!QFileInfo::exists(QString::fromStdString(dir)));
    const auto tooMany = parseSweep(R"({"base": {"builtin": "lab-256"}, "limit": 3,
      "parameters": [{"name": "energyPrice", "range": {"from": 0.01, "to": 0.1, "count": 4}}]})",
                                    "many.json");
    QVERIFY_THROWS_EXCEPTION(LoadError, planSweep(tooMany, dir, Catalog::builtin(), false));
    QVERIFY(!QFileInfo::exists(QString::fromStdString(dir)));
    QCOMPARE(planSweep(tooMany, dir, Catalog::builtin(), true), 4LL);
  }

  void scenariosCarryWhatTheirParametersDo()
  {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("sweep").toStdString();
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"}, "jobs": [")" + kJob + R"("],
      "models": ["geometry", "fabric", "power", "economics"],
      "parameters": [{"name": "gpus", "values": [256, 512]},
                     {"name": "energyPrice", "values": [0.04, 0.08, 0.12]}]})",
                                 "s.json");
    QCOMPARE(planSweep(spec, dir, Catalog::builtin(), false), 6LL);
    for (long long i = 0; i < 6; ++i)
      QVERIFY(runScenario(dir, i, Catalog::builtin(), {}).ok);
    const auto small = result(dir, 0);
    const auto large = result(dir, 3);
    QCOMPARE(small["kpis"]["gpusBuilt"].get<int>(), 256);
    QCOMPARE(large["kpis"]["gpusBuilt"].get<int>(), 512);
    QVERIFY(!small["kpis"].contains("maxInletC")); // thermal not asked for: left out, not 0
    const double o0 = small["kpis"]["opexMUSDPerYear"],
                 o1 = result(dir, 1)["kpis"]["opexMUSDPerYear"],
                 o2 = result(dir, 2)["kpis"]["opexMUSDPerYear"];
    QVERIFY(o1 > o0);
    QVERIFY(std::abs((o2 - o1) - (o1 - o0)) < 1e-9 * o2);
    QCOMPARE(result(dir, 1)["kpis"]["cableKm"].get<double>(),
             small["kpis"]["cableKm"].get<double>());
    QVERIFY(small["jobs"][0]["stepS"].get<double>() > 0);
    // A finished scenario is kept; --force evaluates it again.
    QVERIFY(runScenario(dir, 0, Catalog::builtin(), {}).skipped);
    QVERIFY(!runScenario(dir, 0, Catalog::builtin(), {}, true).skipped);
  }

  void warmerChilledWaterLowersThePue()
  {
    // The evaluation context of lab-256 has no "cooling" object: the sweep makes it. Warmer
    // chilled water means more hours on the economiser and a better chiller COP
    // (docs/models/economics.md, "2. Energy, cooling, PUE"), so the facility draws less for the
    // same IT load: PUE(18 °C) < PUE(10 °C).
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("sweep").toStdString();
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"}, "models": ["economics"],
      "parameters": [{"name": "chilledWaterC", "values": [10, 18]}]})",
                                 "s.json");
    QCOMPARE(planSweep(spec, dir, Catalog::builtin(), false), 2LL);
    QVERIFY(runScenario(dir, 0, Catalog::builtin(), {}).ok);
    QVERIFY(runScenario(dir, 1, Catalog::builtin(), {}).ok);
    const double cold = result(dir, 0)["kpis"]["pue"], warm = result(dir, 1)["kpis"]["pue"];
    QVERIFY2(warm < cold - 0.01, qPrintable(QStringLiteral("%1 vs %2").arg(warm).arg(cold)));
    QCOMPARE(result(dir, 0)["kpis"]["itMW"].get<double>(),
             result(dir, 1)["kpis"]["itMW"].get<double>());
  }

  void routingIsAJobFieldOfEveryJob()
  {
    // "routing" writes /jobs/*/routing: each job's flows routed ECMP or sprayed; the job reader
    // refuses a routing it does not know, at plan time, naming the sweep's field.
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("sweep").toStdString();
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"}, "jobs": [")" + kJob + R"("],
      "models": ["geometry", "fabric"],
      "parameters": [{"name": "routing", "values": ["ecmp", "spray"]}]})",
                                 "s.json");
    QCOMPARE(planSweep(spec, dir, Catalog::builtin(), false), 2LL);
    QVERIFY(runScenario(dir, 1, Catalog::builtin(), {}).ok);
    QVERIFY(result(dir, 1)["jobs"][0]["stepS"].get<double>() > 0);
    const auto bad = parseSweep(R"({"base": {"builtin": "lab-256"}, "jobs": [")" + kJob + R"("],
      "parameters": [{"name": "routing", "values": ["ecmp", "random"]}]})",
                                "r.json");
    try
    {
      (void)planSweep(bad, tmp.filePath("bad").toStdString(), Catalog::builtin(), false);
      QFAIL("an unknown routing was accepted");
    }
    catch (const LoadError& e)
    {
      QVERIFY2(std::string(e.what()).find("r.json: /parameters/0/values/1") != std::string::npos,
               e.what());
    }
    const auto noJobs = parseSweep(R"({"base": {"builtin": "lab-256"},
      "parameters": [{"name": "routing", "values": ["ecmp"]}]})",
                                   "n.json");
    QVERIFY_THROWS_EXCEPTION(
      LoadError, planSweep(noJobs, tmp.filePath("none").toStdString(), Catalog::builtin(), false));
  }

  void aFailingScenarioRecordsItsErrorAndTheOthersRun()
  {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("sweep").toStdString();
    // GPT-13B with TP 8 × DP 32 fills lab-256; DP 64 asks for 512 GPUs, which a hall of 256 lacks.
    const auto spec = parseSweep(R"({"base": {"builtin": "lab-256"}, "jobs": [")" + kJob + R"("],
      "models": ["geometry", "fabric"],
      "parameters": [{"pointer": "/jobs/0/parallelism/dp", "label": "dp", "values": [32, 64]}]})",
                                 "s.json");
    QCOMPARE(planSweep(spec, dir, Catalog::builtin(), false), 2LL);
    QVERIFY(runScenario(dir, 0, Catalog::builtin(), {}).ok);
    const auto failed = runScenario(dir, 1, Catalog::builtin(), {});
    QVERIFY(!failed.ok);
    QVERIFY2(failed.error.find("gpt-13b-lab") != std::string::npos, failed.error.c_str());
    QCOMPARE(QString::fromStdString(resultStatus(dir, 1)), QString("failed"));
    const auto summary = gatherSweep(dir, dir + "/table.csv");
    QCOMPARE(summary.ok, 1LL);
    QCOMPARE(summary.failed.size(), std::size_t(1));
    QCOMPARE(summary.failed.front().first, 1LL);
    const std::string csv = readFile(dir + "/table.csv");
    QVERIFY2(csv.rfind("index,status,dp,", 0) == 0, csv.c_str());
    QVERIFY(csv.find("\n1,failed,64,") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
