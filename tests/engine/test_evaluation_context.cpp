// The document's evaluation context (Scene::evaluationJson): saved with the scene, set by an
// undoable set-evaluation edit with checked values, and the one load level every model uses —
// the power chain's IT power and the thermal model's rack heat agree at the same utilisation,
// and the live stages evaluate at the document's context.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/live/model_registry.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <QtTest>

using namespace myriad::engine;
namespace ed = myriad::engine::edit;
namespace econ = myriad::engine::economics;

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

/** Total rack heat of the thermal model at utilisation `u` (coarse grid: heat is grid-free). */
double thermalHeatW(const Scene& scene, double u)
{
  thermal::ThermalOptions options;
  options.cellM = 0.5;
  options.utilisation = u;
  return thermal::analyzeHall(scene, 0, catalog(), options).heatInW;
}

} // namespace

class TestEvaluationContext : public QObject
{
  Q_OBJECT

private slots:
  void defaultsWithoutAContext();
  void setEvaluationIsUndoableAndSaved();
  void badContextsAreRefusedWithTheField();
  void badContextInAFileNamesThePath();
  void thermalHeatIsThePowerChainsLoad();
  void liveStagesUseTheDocumentsLoad();
};

void TestEvaluationContext::defaultsWithoutAContext()
{
  // No "evaluation" object: the defaults (80 % utilisation, Ashburn), and none is written back.
  const Scene scene = lab();
  QVERIFY(scene.evaluationJson.empty());
  const econ::EconomicsInputs inputs = econ::documentInputs(scene);
  QCOMPARE(inputs.utilisation, 0.8);
  QCOMPARE(inputs.site, std::string("ashburn-va"));
  QVERIFY(sceneToJson(scene).find("\"evaluation\"") == std::string::npos);
  QVERIFY(econ::evaluationJsonFor(econ::EconomicsInputs{}).empty());
}

void TestEvaluationContext::setEvaluationIsUndoableAndSaved()
{
  Scene scene = lab();
  const Scene before = scene;
  econ::EconomicsInputs wanted;
  wanted.utilisation = 0.55;
  wanted.site = "lulea-se";
  wanted.energyPriceUSDPerKWh = 0.041;
  const ed::EditResult done =
    ed::applyEdit(scene, catalog(), ed::SetEvaluation{ econ::evaluationJsonFor(wanted) });
  // Only what differs from the defaults is kept.
  QCOMPARE(scene.evaluationJson,
           std::string(R"({"energyPriceUSDPerKWh":0.041,"site":"lulea-se","utilisation":0.55})"));
  QVERIFY(done.changes.has(ed::DataKind::EconomicsInputs));
  QVERIFY(done.changes.has(ed::DataKind::LoadLevel));
  QCOMPARE(econ::documentInputs(scene).utilisation, 0.55);
  QCOMPARE(econ::documentInputs(scene).energyPriceUSDPerKWh, std::optional(0.041));

  // Saved and read back unchanged; the edit's JSON form round-trips.
  const Scene reread = sceneFromJson(sceneToJson(scene), "ctx.json", catalog());
  QCOMPARE(reread.evaluationJson, scene.evaluationJson);
  const ed::Edit parsed =
    ed::editFromJson(ed::editToJson(ed::SetEvaluation{ scene.evaluationJson }), "edit.json");
  QCOMPARE(std::get<ed::SetEvaluation>(parsed).inputsJson, scene.evaluationJson);

  // A price change at the same load is not a load change (thermal and power stay).
  Scene priced = scene;
  wanted.energyPriceUSDPerKWh = 0.06;
  const ed::ChangeSet price =
    ed::applyEdit(priced, catalog(), ed::SetEvaluation{ econ::evaluationJsonFor(wanted) }).changes;
  QVERIFY(price.has(ed::DataKind::EconomicsInputs));
  QVERIFY(!price.has(ed::DataKind::LoadLevel));

  // Undo restores the document exactly.
  ed::applyEdit(scene, catalog(), done.inverse);
  QVERIFY(scene == before);
}

void TestEvaluationContext::badContextsAreRefusedWithTheField()
{
  struct Bad
  {
    const char* json;
    const char* mentions;
  };
  const Bad cases[] = {
    { R"({"utilisation": 1.3})", "utilisation" },
    { R"({"site": "atlantis"})", "atlantis" },
    { R"({"years": "five"})", "years" },
    { R"({"discountRate": -2})", "discountRate" },
    { R"({"bogus": 1})", "bogus" },
  };
  for (const Bad& bad : cases)
  {
    Scene scene = lab();
    const Scene before = scene;
    try
    {
      ed::applyEdit(scene, catalog(), ed::SetEvaluation{ bad.json });
      QFAIL(qPrintable(QStringLiteral("accepted %1").arg(bad.json)));
    }
    catch (const ed::EditError& error)
    {
      QVERIFY2(std::string(error.what()).find(bad.mentions) != std::string::npos, error.what());
    }
    QVERIFY(scene == before); // all or nothing
  }
}

void TestEvaluationContext::badContextInAFileNamesThePath()
{
  std::string text = sceneToJson(lab());
  text.insert(text.find('{') + 1, "\n\t\"evaluation\": {\"utilisation\": \"high\"},");
  try
  {
    (void)sceneFromJson(text, "hall.json", catalog());
    QFAIL("a non-numeric utilisation was accepted");
  }
  catch (const LoadError& error)
  {
    QCOMPARE(error.file(), std::string("hall.json"));
    QVERIFY2(error.jsonPath().find("/evaluation") == 0, error.what());
    QVERIFY2(error.jsonPath().find("utilisation") != std::string::npos, error.what());
  }
}

void TestEvaluationContext::thermalHeatIsThePowerChainsLoad()
{
  // Both models use one power law per part, P(u) = P_idle + u·(P_max − P_idle) (power_chain.h):
  // the heat the thermal model removes at utilisation u is the IT load the power chain draws at
  // u (lab-256 has no optics inside node figures, so the two sums cover the same devices), and
  // it is linear in u, so P(0.5) is the mean of P(0) and P(1).
  const Scene scene = lab();
  for (const double u : { 0.0, 0.5, 0.8, 1.0 })
  {
    const double chain = econ::analyzePowerChain(scene, catalog(), u).itOperatingW;
    QVERIFY(chain > 0);
    QVERIFY2(std::abs(thermalHeatW(scene, u) - chain) <= 1e-9 * chain,
             qPrintable(QStringLiteral("u = %1: thermal %2 W, power chain %3 W")
                          .arg(u)
                          .arg(thermalHeatW(scene, u))
                          .arg(chain)));
  }
  const double half = thermalHeatW(scene, 0.5);
  QVERIFY(std::abs(half - 0.5 * (thermalHeatW(scene, 0) + thermalHeatW(scene, 1))) < 1e-6 * half);
  QVERIFY(thermalHeatW(scene, 0) > 0); // idle power is not zero
}

void TestEvaluationContext::liveStagesUseTheDocumentsLoad()
{
  // The same scene at 50 % and at 90 %: the power stage's operating IT power, the economics
  // stage's inputs and the thermal stage's inlets follow the document's load.
  auto run = [](double u)
  {
    Scene scene = lab();
    econ::EconomicsInputs inputs;
    inputs.utilisation = u;
    ed::applyEdit(scene, catalog(), ed::SetEvaluation{ econ::evaluationJsonFor(inputs) });
    live::LiveOptions options;
    options.thermalMaxCells = 60000;
    live::LiveResults results;
    live::runStages(live::allStages(), scene, catalog(), options, live::CancelToken{}, results);
    return std::pair(results, econ::analyzePowerChain(scene, catalog(), u).itOperatingW);
  };
  const auto [low, lowChain] = run(0.5);
  const auto [high, highChain] = run(0.9);
  QCOMPARE(low.kpis.itOperatingMW, lowChain / 1e6);
  QCOMPARE(high.kpis.itOperatingMW, highChain / 1e6);
  QCOMPARE(low.economicsInputs.utilisation, 0.5);
  QCOMPARE(high.economicsInputs.utilisation, 0.9);
  QVERIFY(high.kpis.meanInletC > low.kpis.meanInletC); // more heat, warmer recirculation
  QCOMPARE(low.kpis.itPowerMW, high.kpis.itPowerMW);   // the nameplate peak does not move
}

QTEST_APPLESS_MAIN(TestEvaluationContext)
#include "test_evaluation_context.moc"
