// EconomicsInputs: JSON read/write, validation messages that name the field, named sites.

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"

#include <QtTest/QtTest>

#include <functional>
#include <numeric>

using namespace myriad::engine;
using namespace myriad::engine::economics;

namespace
{

/** The message of the SpecError `change` provokes, or "" when it is accepted. */
std::string rejection(const std::function<void(EconomicsInputs&)>& change)
{
  EconomicsInputs in;
  change(in);
  try
  {
    validateInputs(in, Catalog::builtin());
  }
  catch (const SpecError& e)
  {
    return e.what();
  }
  return {};
}

std::string loadError(const std::string& json)
{
  try
  {
    (void)economicsInputsFromJson(json, "inputs.json");
  }
  catch (const LoadError& e)
  {
    return e.what();
  }
  return {};
}

bool contains(const std::string& text, const std::string& part)
{
  return text.find(part) != std::string::npos;
}

} // namespace

class TestEconomicsInputs final : public QObject
{
  Q_OBJECT

private slots:
  void defaultsAreValid()
  {
    QCOMPARE(rejection([](EconomicsInputs&) {}), std::string());
  }

  void badValuesNameTheField()
  {
    QVERIFY(contains(rejection([](auto& in) { in.utilisation = 1.3; }), "utilisation"));
    QVERIFY(contains(rejection([](auto& in) { in.utilisation = -0.1; }), "within 0–1"));
    QVERIFY(contains(rejection([](auto& in) { in.energyPriceUSDPerKWh = -0.1; }),
                     "energyPriceUSDPerKWh"));
    QVERIFY(contains(rejection([](auto& in) { in.discountRate = -1.0; }), "discountRate"));
    QVERIFY(contains(rejection([](auto& in) { in.discountRate = -1.5; }), "discountRate"));
    QCOMPARE(rejection([](auto& in) { in.discountRate = -0.5; }), std::string()); // > −100 %
    QVERIFY(contains(rejection([](auto& in) { in.infraUSDPerW = -1.0; }), "infraUSDPerW"));
    QVERIFY(contains(rejection([](auto& in) { in.years = 0; }), "years"));
    QVERIFY(contains(rejection([](auto& in) { in.availability = 0; }), "availability"));
    QVERIFY(contains(rejection([](auto& in) { in.cooling.fanEfficiency = 1.5; }),
                     "cooling.fanEfficiency"));
    QVERIFY(contains(rejection([](auto& in) { in.run.mfu = 0; }), "run.mfu"));
    QVERIFY(contains(rejection([](auto& in) { in.bom.opticsUSD = -5.0; }), "bom.opticsUSD"));
    QVERIFY(
      contains(rejection([](auto& in) { in.utilisationByMonth = std::vector<double>(11, 0.5); }),
               "utilisationByMonth"));
    QVERIFY(contains(rejection([](auto& in) { in.failureRatesPerYear["gpu"] = -1; }),
                     "failureRatesPerYear.gpu"));
  }

  void unknownSite()
  {
    const std::string message = rejection([](auto& in) { in.site = "atlantis"; });
    QVERIFY(contains(message, "site"));
    QVERIFY(contains(message, "atlantis"));
    QVERIFY(contains(message, "lulea-se")); // lists the known ones
  }

  void namedSites()
  {
    // Named sites, hydro-rich and cool ones among them (the Chinese hubs:
    // test_economics_reference). Annual mean of the monthly means: Luleå and Québec below 5 °C,
    // Phoenix above 20 °C.
    const auto ids = siteIds(Catalog::builtin());
    for (const char* id : { "ashburn-va", "phoenix-az", "lulea-se", "quebec-ca", "guizhou-cn" })
    {
      QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
    }
    auto mean = [](const SiteClimate& s)
    { return std::accumulate(s.monthlyMeanC.begin(), s.monthlyMeanC.end(), 0.0) / 12; };
    QVERIFY(mean(siteClimate("lulea-se", Catalog::builtin())) < 5);
    QVERIFY(mean(siteClimate("quebec-ca", Catalog::builtin())) < 5);
    QVERIFY(mean(siteClimate("phoenix-az", Catalog::builtin())) > 20);
    // A Chinese site carries its Chinese display name (attribute name_zh_CN), others none.
    QCOMPARE(siteClimate("ulanqab-cn", Catalog::builtin()).localNames.at("zh_CN"),
             std::string("内蒙古乌兰察布"));
    QVERIFY(siteClimate("ashburn-va", Catalog::builtin()).localNames.empty());
    const SiteClimate quebec = siteClimate("quebec-ca", Catalog::builtin());
    QVERIFY(quebec.gridKgCo2PerKWh && *quebec.gridKgCo2PerKWh < 0.05); // hydro
    QVERIFY(quebec.estimate); // climate figures are marked as estimates
  }

  void jsonRoundTrip()
  {
    EconomicsInputs in;
    in.site = "lulea-se";
    in.utilisation = 0.65;
    in.energyPriceUSDPerKWh = 0.05;
    in.discountRate = 0.07;
    in.years = 6;
    in.cooling.plant = CoolingPlant::Evaporative;
    in.bom.opticsUSD = 1.5e7;
    in.run.parameters = 7e10;
    in.failureRatesPerYear["gpu"] = 0.04;
    const EconomicsInputs back =
      economicsInputsFromJson(economicsInputsToJson(in), "roundtrip.json");
    QCOMPARE(back.site, in.site);
    QCOMPARE(back.utilisation, in.utilisation);
    QCOMPARE(*back.energyPriceUSDPerKWh, 0.05);
    QVERIFY(!back.gridKgCo2PerKWh.has_value()); // missing stays missing
    QCOMPARE(back.years, 6);
    QVERIFY(back.cooling.plant == CoolingPlant::Evaporative);
    QCOMPARE(*back.bom.opticsUSD, 1.5e7);
    QCOMPARE(*back.run.parameters, 7e10);
    QCOMPARE(back.failureRatesPerYear.at("gpu"), 0.04);
    QCOMPARE(economicsInputsToJson(back), economicsInputsToJson(in));
  }

  void badJsonNamesThePath()
  {
    QVERIFY(contains(loadError(R"({"utilisaton": 0.5})"), "/utilisaton"));
    QVERIFY(contains(loadError(R"({"utilisation": "high"})"), "/utilisation"));
    QVERIFY(contains(loadError(R"({"cooling": {"plant": "magic"}})"), "/cooling/plant"));
    QVERIFY(contains(loadError(R"({"years": 2.5})"), "/years"));
    QVERIFY(contains(loadError(R"({"run": {"gpus": 8, "foo": 1}})"), "/run/foo"));
    QVERIFY(contains(loadError("{not json"), "inputs.json"));
    QCOMPARE(loadError(R"({"energyPriceUSDPerKWh": null})"), std::string());
  }
};

QTEST_APPLESS_MAIN(TestEconomicsInputs)
#include "test_economics_inputs.moc"
