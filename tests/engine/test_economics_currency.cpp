// The scene currency (economics/currency.h): the rates come from the reference data with their
// date and source, a scene may give its own, and a file or an edit naming a currency without a
// rate, or a non-positive rate, is refused naming the field.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/currency.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>
#include <functional>
#include <sstream>

using namespace myriad::engine;
using namespace myriad::engine::economics;

class TestEconomicsCurrency final : public QObject
{
  Q_OBJECT

private slots:
  void ratesComeFromTheReferenceFile();
  void siteCurrencyUsesTheReferenceOrTheScenesRate();
  void unknownCurrencyIsRefused();
  void sceneFileKeepsCurrencyAndRate();
  void badCurrencyInAFileNamesThePath();
  void currencyIsSetOnAHallAndUndone();
};

namespace
{

const Catalog& catalog()
{
  return Catalog::builtin();
}

nlohmann::json referenceRates()
{
  std::ifstream in(std::string(MYRIAD_SOURCE_DIR) + "/samples/reference/sites.json");
  return nlohmann::json::parse(in).at("exchangeRates");
}

std::string labSceneWithSite(const std::function<void(nlohmann::json&)>& change)
{
  auto json = nlohmann::json::parse(sceneToJson(generateScene(builtinSpec("lab-256"), catalog())));
  change(json.at("site"));
  return json.dump();
}

} // namespace

void TestEconomicsCurrency::ratesComeFromTheReferenceFile()
{
  // USD is the unit of every base figure; the others are the file's dated rates, read on their
  // own here from samples/reference/sites.json.
  const auto& all = knownCurrencies();
  QVERIFY(all.size() >= 3);
  QCOMPARE(all.front().code, std::string("USD"));
  QCOMPARE(all.front().perUsd, 1.0);
  const nlohmann::json file = referenceRates();
  for (const char* code : { "CNY", "EUR" })
  {
    QVERIFY2(isKnownCurrency(code), code);
    const Currency c = siteCurrency(Site{ "s", code, 0, {} });
    QCOMPARE(c.perUsd, file.at(code).at("value").get<double>());
    QCOMPARE(c.date, file.at(code).at("date").get<std::string>());
    QCOMPARE(c.estimate, file.at(code).at("estimate").get<bool>());
    QVERIFY(!c.source.empty());
    QVERIFY(!c.givenByScene);
  }
  QCOMPARE(knownCurrencyCodes(), std::string("USD, CNY or EUR"));
}

void TestEconomicsCurrency::siteCurrencyUsesTheReferenceOrTheScenesRate()
{
  // A finance department's rate (7.00 CNY per USD) replaces the reference one; 10^8 USD of
  // CAPEX then reads 7.00 × 10^8 CNY (7 亿元), by hand.
  const Currency own = siteCurrency(Site{ "s", "CNY", 7.0, {} });
  QVERIFY(own.givenByScene);
  QCOMPARE(own.perUsd, 7.0);
  QCOMPARE(own.fromUsd(1e8), 7e8);
  QVERIFY(own.source.find("scene") != std::string::npos);
  // USD is 1 whatever the scene says.
  const Currency usd = siteCurrency(Site{ "s", "USD", 7.0, {} });
  QCOMPARE(usd.perUsd, 1.0);
  QVERIFY(!usd.givenByScene);
}

void TestEconomicsCurrency::unknownCurrencyIsRefused()
{
  try
  {
    siteCurrency(Site{ "s", "JPY", 0, {} });
    QFAIL("JPY has no rate in the reference data");
  }
  catch (const SpecError& e)
  {
    const std::string message = e.what();
    QVERIFY2(message.find("JPY") != std::string::npos, e.what());
    QVERIFY2(message.find("USD, CNY or EUR") != std::string::npos, e.what());
  }
}

void TestEconomicsCurrency::sceneFileKeepsCurrencyAndRate()
{
  const std::string text = labSceneWithSite(
    [](nlohmann::json& site)
    {
      site["currency"] = "CNY";
      site["exchangeRate"] = 7.2;
    });
  const Scene scene = sceneFromJson(text, "cny.json", catalog());
  QCOMPARE(scene.site.currency, std::string("CNY"));
  QCOMPARE(scene.site.exchangeRate, 7.2);
  const Scene again = sceneFromJson(sceneToJson(scene), "again.json", catalog());
  QVERIFY(again == scene);
  // A scene without its own rate writes none (the samples stay byte-identical).
  const Scene plain = generateScene(builtinSpec("lab-256"), catalog());
  QVERIFY(sceneToJson(plain).find("exchangeRate") == std::string::npos);
}

void TestEconomicsCurrency::badCurrencyInAFileNamesThePath()
{
  struct Case
  {
    const char* name;
    std::function<void(nlohmann::json&)> change;
    const char* path;
    const char* expectedContains;
  };
  const std::vector<Case> cases = {
    { "unknown code", [](nlohmann::json& s) { s["currency"] = "XYZ"; }, "/site/currency", "CNY" },
    { "zero rate",
      [](nlohmann::json& s)
      {
        s["currency"] = "CNY";
        s["exchangeRate"] = 0;
      },
      "/site/exchangeRate", "positive" },
    { "negative rate",
      [](nlohmann::json& s)
      {
        s["currency"] = "CNY";
        s["exchangeRate"] = -7;
      },
      "/site/exchangeRate", "positive" },
  };
  for (const Case& c : cases)
  {
    try
    {
      sceneFromJson(labSceneWithSite(c.change), "bad.json", catalog());
      QFAIL(c.name);
    }
    catch (const LoadError& e)
    {
      QVERIFY2(e.jsonPath() == c.path, (std::string(c.name) + ": " + e.what()).c_str());
      QVERIFY2(e.expected().find(c.expectedContains) != std::string::npos, e.what());
    }
  }
}

void TestEconomicsCurrency::currencyIsSetOnAHallAndUndone()
{
  Scene scene = generateScene(builtinSpec("lab-256"), catalog());
  const Scene before = scene;
  const std::string hall = scene.site.halls.front().id;
  const edit::EditResult set =
    edit::applyEdit(scene, catalog(), edit::SetProperty{ hall, "currency", std::string("CNY") });
  QCOMPARE(scene.site.currency, std::string("CNY"));
  QVERIFY(set.changes.has(edit::DataKind::EconomicsInputs));
  const edit::EditResult rate =
    edit::applyEdit(scene, catalog(), edit::SetProperty{ hall, "exchangeRate", 7.1 });
  QCOMPARE(siteCurrency(scene.site).perUsd, 7.1);
  edit::applyEdit(scene, catalog(), rate.inverse);
  edit::applyEdit(scene, catalog(), set.inverse);
  QVERIFY(scene == before);
  QVERIFY_THROWS_EXCEPTION(
    edit::EditError,
    edit::applyEdit(scene, catalog(), edit::SetProperty{ hall, "currency", std::string("JPY") }));
  QVERIFY_THROWS_EXCEPTION(
    edit::EditError,
    edit::applyEdit(scene, catalog(), edit::SetProperty{ hall, "exchangeRate", -1.0 }));
  QVERIFY(scene == before);
}

QTEST_APPLESS_MAIN(TestEconomicsCurrency)
#include "test_economics_currency.moc"
