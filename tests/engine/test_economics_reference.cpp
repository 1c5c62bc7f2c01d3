// Economics reference data (samples/reference/*.json): the compiled-in files load, every figure
// names a source whose reference resolves in docs/references.md, and a malformed file is
// rejected with an error naming the file and the JSON path.
#include "myriad/engine/economics/energy.h"
#include "myriad/engine/economics/reference_data.h"
#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
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
  void chineseHubSitesLoad();
  void chineseHubSitesPhysics();
  void foreignEnergyPriceIsConverted();
  void badExchangeRatesNameThePath();
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
  const std::set<std::string> expected = { "samples/reference/dci.json",
                                           "samples/reference/facility.json",
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

namespace
{

// The sites of the real samples/reference/sites.json (read from disk), by id.
std::map<std::string, Part> sitesOnDisk()
{
  std::map<std::string, Part> sites;
  for (Part& part : readReferenceData(readSourceFile("samples/reference/sites.json"), "sites.json"))
  {
    sites.emplace(part.id, std::move(part));
  }
  return sites;
}

SiteClimate climateOf(const Part& part)
{
  SiteClimate site;
  site.id = part.id;
  for (int m = 0; m < 12; ++m)
  {
    char key[16];
    std::snprintf(key, sizeof key, "tempC%02d", m + 1);
    site.monthlyMeanC[static_cast<std::size_t>(m)] = part.figure(key).value;
  }
  return site;
}

// An air-cooled 1 MW hall at full load all year, through the engine's own energy model.
EnergyResult yearAt(const Part& part)
{
  ItLoad load;
  load.airIdleW = 1e6;
  load.airPeakW = 1e6;
  std::array<double, 12> utilisation{};
  utilisation.fill(1.0);
  return annualEnergy(load, climateOf(part), utilisation, CoolingParams{}, std::nullopt);
}

const char* const kChineseHubSites[] = {
  "site-ulanqab-cn",   "site-hohhot-cn",      "site-guian-cn",     "site-qingyang-cn",
  "site-zhongwei-cn",  "site-chengdu-cn",     "site-chongqing-cn", "site-shanghai-cn",
  "site-guangzhou-cn", "site-zhangjiakou-cn", "site-kunming-cn",   "site-yaan-cn",
  "site-guizhou-cn"
};

// A minimal site document with an exchange-rate table and a site priced with `priceFigure`.
std::string pricedSite(const std::string& rates, const std::string& priceFigure)
{
  std::string months;
  for (int m = 1; m <= 12; ++m)
  {
    months += "\"tempC" + std::string(m < 10 ? "0" : "") + std::to_string(m) +
              R"(":{"value":1,"unit":"°C","source":"s","estimate":true},)";
  }
  return R"({"schema":1,"sources":{"s":{"citation":"c","reference":"r"},)"
         R"("fx":{"citation":"rate","reference":"r"}},"exchangeRates":)" +
         rates + R"(,"parts":[{"id":"site-x","category":"site","name":"X","figures":{)" + months +
         priceFigure + "}}]}";
}

const std::string kCnyRate =
  R"({"CNY":{"value":8,"unit":"CNY/USD","date":"2024-12-31","source":"fx","estimate":false}})";

} // namespace

void TestEconomicsReference::chineseHubSitesLoad()
{
  // Every 东数西算 hub site (and Guiyang) loads from the real file with all twelve months, a grid
  // factor, an energy price in USD derived from its CNY tariff, and a Chinese display name.
  const auto sites = sitesOnDisk();
  for (const char* id : kChineseHubSites)
  {
    const auto it = sites.find(id);
    QVERIFY2(it != sites.end(), id);
    const Part& part = it->second;
    QCOMPARE(part.category, std::string("site"));
    for (int m = 1; m <= 12; ++m)
    {
      char key[16];
      std::snprintf(key, sizeof key, "tempC%02d", m);
      QVERIFY2(part.figures.count(key) == 1, (std::string(id) + " " + key).c_str());
      const double t = part.figure(key).value;
      QVERIFY2(t > -30 && t < 35, (std::string(id) + " " + key).c_str()); // monthly means
    }
    QVERIFY2(part.figures.count("gridKgCo2PerKWh") == 1, id);
    QVERIFY2(part.figures.count("energyPriceCNYPerKWh") == 1, id);
    const Figure& cny = part.figure("energyPriceCNYPerKWh");
    const Figure& usd = part.figure("energyPriceUSDPerKWh");
    QCOMPARE(usd.unit, std::string("USD/kWh"));
    QVERIFY2(usd.value > 0.02 && usd.value < 0.2, id);
    QVERIFY2(usd.value < cny.value, id); // more than one CNY per USD
    QVERIFY2(usd.source.find("CNY/USD") != std::string::npos, id);
    QVERIFY2(usd.estimate, id); // tariffs and the rate are not verified yet
    QVERIFY2(part.attributes.count("name_zh_CN") == 1 && !part.attribute("name_zh_CN").empty(), id);
  }
  // The Chinese sites share one rate: the derived USD prices keep the CNY prices' ratio.
  const Part& shanghai = sites.at("site-shanghai-cn");
  const Part& ulanqab = sites.at("site-ulanqab-cn");
  QVERIFY(std::abs(shanghai.figure("energyPriceUSDPerKWh").value /
                     ulanqab.figure("energyPriceUSDPerKWh").value -
                   shanghai.figure("energyPriceCNYPerKWh").value /
                     ulanqab.figure("energyPriceCNYPerKWh").value) < 1e-12);
}

void TestEconomicsReference::chineseHubSitesPhysics()
{
  const auto sites = sitesOnDisk();
  const Part& ulanqab = sites.at("site-ulanqab-cn");
  const Part& guangzhou = sites.at("site-guangzhou-cn");
  // Ulanqab (cold, dry Inner Mongolian plateau, mean below 20 °C even in July) must free-cool
  // far more of the year than Guangzhou (hot, humid south, monthly means above 13 °C all year):
  // the engine's economiser hours (air loop on free cooling, energy.h) and annual PUE say so.
  const EnergyResult cold = yearAt(ulanqab);
  const EnergyResult hot = yearAt(guangzhou);
  QVERIFY(cold.economiserHours > hot.economiserHours + 2000);
  QVERIFY(cold.pue < hot.pue);
  // Grid: Inner Mongolia's grid is coal-heavy, Yunnan's and Sichuan's are mostly hydro, so
  // Ulanqab's provincial emission factor is higher than Kunming's and Ya'an's.
  const double ulanqabGrid = ulanqab.figure("gridKgCo2PerKWh").value;
  QVERIFY(ulanqabGrid > sites.at("site-kunming-cn").figure("gridKgCo2PerKWh").value);
  QVERIFY(ulanqabGrid > sites.at("site-yaan-cn").figure("gridKgCo2PerKWh").value);
}

void TestEconomicsReference::foreignEnergyPriceIsConverted()
{
  const auto parts = readReferenceData(
    pricedSite(
      kCnyRate,
      R"("energyPriceCNYPerKWh":{"value":0.4,"unit":"CNY/kWh","source":"s","estimate":false})"),
    "good.json");
  const Figure& usd = parts.at(0).figure("energyPriceUSDPerKWh");
  QCOMPARE(usd.value, 0.05); // 0.4 CNY/kWh at 8 CNY/USD
  QCOMPARE(usd.unit, std::string("USD/kWh"));
  QVERIFY(!usd.estimate); // both the tariff and the rate claim to be verified
  QVERIFY(usd.source.find("2024-12-31") != std::string::npos);
  QVERIFY(usd.source.find("rate") != std::string::npos); // the rate's citation
  // An estimated rate makes the derived price an estimate.
  const auto estimated = readReferenceData(
    pricedSite(
      R"({"CNY":{"value":8,"unit":"CNY/USD","date":"d","source":"fx","estimate":true}})",
      R"("energyPriceCNYPerKWh":{"value":0.4,"unit":"CNY/kWh","source":"s","estimate":false})"),
    "good.json");
  QVERIFY(estimated.at(0).figure("energyPriceUSDPerKWh").estimate);
}

void TestEconomicsReference::badExchangeRatesNameThePath()
{
  const std::string cny =
    R"("energyPriceCNYPerKWh":{"value":0.4,"unit":"CNY/kWh","source":"s","estimate":true})";
  // A price in a currency the file has no rate for.
  QCOMPARE(
    rejectedAt(pricedSite(
      kCnyRate,
      R"("energyPriceEURPerKWh":{"value":0.1,"unit":"EUR/kWh","source":"s","estimate":true})")),
    std::string("/parts/0/figures/energyPriceEURPerKWh"));
  // Zero and negative rates.
  QCOMPARE(
    rejectedAt(pricedSite(
      R"({"CNY":{"value":0,"unit":"CNY/USD","date":"d","source":"fx","estimate":true}})", cny)),
    std::string("/exchangeRates/CNY/value"));
  QCOMPARE(
    rejectedAt(pricedSite(
      R"({"CNY":{"value":-7,"unit":"CNY/USD","date":"d","source":"fx","estimate":true}})", cny)),
    std::string("/exchangeRates/CNY/value"));
  // A rate without a date, with the wrong unit, or under a code that is not a currency.
  QCOMPARE(rejectedAt(pricedSite(
             R"({"CNY":{"value":7,"unit":"CNY/USD","source":"fx","estimate":true}})", cny)),
           std::string("/exchangeRates/CNY/date"));
  QCOMPARE(
    rejectedAt(pricedSite(
      R"({"CNY":{"value":7,"unit":"USD/CNY","date":"d","source":"fx","estimate":true}})", cny)),
    std::string("/exchangeRates/CNY/unit"));
  QCOMPARE(
    rejectedAt(pricedSite(
      R"({"yuan":{"value":7,"unit":"yuan/USD","date":"d","source":"fx","estimate":true}})", cny)),
    std::string("/exchangeRates/yuan"));
  // The price's unit must be the currency's, and a site cannot give both prices.
  QCOMPARE(
    rejectedAt(pricedSite(
      kCnyRate,
      R"("energyPriceCNYPerKWh":{"value":0.4,"unit":"USD/kWh","source":"s","estimate":true})")),
    std::string("/parts/0/figures/energyPriceCNYPerKWh/unit"));
  QCOMPARE(
    rejectedAt(pricedSite(
      kCnyRate,
      cny +
        R"(,"energyPriceUSDPerKWh":{"value":0.05,"unit":"USD/kWh","source":"s","estimate":true})")),
    std::string("/parts/0/figures/energyPriceUSDPerKWh"));
  // The error message names the file, the path and the expected form.
  try
  {
    readReferenceData(pricedSite("{}", cny), "bad.json");
    QFAIL("accepted a CNY price without a CNY rate");
  }
  catch (const LoadError& error)
  {
    const std::string what = error.what();
    QVERIFY2(what.find("bad.json") != std::string::npos, what.c_str());
    QVERIFY2(what.find("/parts/0/figures/energyPriceCNYPerKWh") != std::string::npos, what.c_str());
    QVERIFY2(what.find("exchangeRates") != std::string::npos, what.c_str());
  }
}

QTEST_APPLESS_MAIN(TestEconomicsReference)
#include "test_economics_reference.moc"
