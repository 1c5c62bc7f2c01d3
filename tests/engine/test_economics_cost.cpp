// Money: NPV, capital recovery, TCO, cost per GPU-hour, training-run cost and the tornado,
// on textbook cases and on the 10k SuperPOD sample (evaluateEconomics).

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/finance.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

const Scene& superpod()
{
  static const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
  return scene;
}

const CostItem& item(const std::vector<CostItem>& items, const std::string& category)
{
  for (const auto& i : items)
  {
    if (i.category == category)
    {
      return i;
    }
  }
  throw Error("no cost item " + category);
}

} // namespace

class TestEconomicsCost final : public QObject
{
  Q_OBJECT

private slots:
  void textbookNpv()
  {
    // −1000 now, then 300, 400, 500 at 10 %: −1000 + 272.727 + 330.579 + 375.657 = −21.037.
    QVERIFY(
      near(npv({ -1000, 300, 400, 500 }, 0.10), -1000 + 300 / 1.1 + 400 / 1.21 + 500 / 1.331));
    QVERIFY(std::abs(npv({ -1000, 300, 400, 500 }, 0.10) - (-21.037)) < 1e-3);
    QCOMPARE(npv({ -1000, 300, 400, 500 }, 0.0), 200.0);
    QVERIFY(near(annuityPresentValue(100, 0.10, 3), 100 / 1.1 + 100 / 1.21 + 100 / 1.331));
  }

  void capitalRecovery()
  {
    // CRF(8 %, 5) = 0.08·1.08^5 / (1.08^5 − 1) = 0.250456; CRF(0, 5) = 1/5.
    QVERIFY(std::abs(capitalRecoveryFactor(0.08, 5) - 0.250456) < 1e-6);
    QCOMPARE(capitalRecoveryFactor(0.0, 5), 0.2);
    // Straight line: after 5 of 20 years, 75 % of the value is left; after 5 of 5, none.
    QCOMPARE(residualValue(100, 5, 20), 75.0);
    QCOMPARE(residualValue(100, 5, 5), 0.0);
    // $8.76M a year over 1,000 GPUs fully available = $1 per GPU-hour.
    QCOMPARE(costPerGpuHour(8.76e6, 1000, 1.0), 1.0);
  }

  void badRatesNameTheField()
  {
    try
    {
      (void)npv({ 1, 2 }, -1.0);
      QFAIL("a discount rate of −100 % was accepted");
    }
    catch (const SpecError& e)
    {
      QVERIFY(std::string(e.what()).find("discountRate") != std::string::npos);
    }
    QVERIFY_THROWS_EXCEPTION(SpecError, costPerGpuHour(1, 0, 1));
  }

  void superpodCapexAndTco()
  {
    // 1,280 DGX H100 at the catalog's $270,000 (estimate) = $345.6M of systems; the build cost
    // is $11.7/W of IT peak (Cushman & Wakefield 2025), 53 % of it power and cooling.
    EconomicsInputs in;
    in.discountRate = 0;
    in.years = 5;
    in.availability = 0.95;
    in.energyPriceUSDPerKWh = 0.08;
    const EconomicsResult r = evaluateEconomics(superpod(), Catalog::builtin(), in, false);
    QCOMPARE(r.kpis.gpus, 10240);
    QVERIFY(near(*item(r.capex, "systems").usd, 1280 * 270000.0));
    const double peakW = r.kpis.itPeakMW * 1e6;
    QVERIFY(near(*item(r.capex, "power and cooling infrastructure").usd, 11.7 * 0.53 * peakW));
    QVERIFY(near(*item(r.capex, "building and site").usd, 11.7 * 0.47 * peakW));
    // A 10k H100 cluster lands at a few dollars per GPU-hour, not cents or hundreds.
    QVERIFY(*r.kpis.usdPerGpuHour > 1 && *r.kpis.usdPerGpuHour < 10);
    QVERIFY(r.missing.empty());
  }

  void tcoRespondsToItsInputs()
  {
    // Checked by changing one input and predicting the change from that input alone, never by
    // re-adding the result's own lines. At r = 0 over 5 years:
    //  - +$0.10/kWh raises TCO by 5 years × 0.10 $/kWh × the hall's annual energy (kWh);
    //  - the annual energy does not depend on the price, so it is the same in both runs;
    //  - $/GPU-hour sells the same annualised cost over fewer hours at lower availability:
    //    it scales as 1/availability (0.95 → 0.76: × 1.25 exactly);
    //  - discounting at 8 % shrinks the present value of 5 years of OPEX and of the residual
    //    value, so TCO moves, and by less than 5 years of OPEX.
    EconomicsInputs base;
    base.discountRate = 0;
    base.years = 5;
    base.availability = 0.95;
    base.energyPriceUSDPerKWh = 0.08;
    const auto run = [](const EconomicsInputs& in)
    { return evaluateEconomics(superpod(), Catalog::builtin(), in, false); };
    const EconomicsResult r0 = run(base);

    EconomicsInputs pricier = base;
    pricier.energyPriceUSDPerKWh = 0.18;
    const EconomicsResult r1 = run(pricier);
    QVERIFY(near(r1.kpis.annualMWh, r0.kpis.annualMWh));
    QVERIFY(near(*r1.kpis.tcoUSD - *r0.kpis.tcoUSD, 5 * 0.10 * r0.kpis.annualMWh * 1000, 1e-6));
    // The hall draws megawatts around the clock: tens of GWh a year, not kWh or TWh.
    QVERIFY(r0.kpis.annualMWh > 1e4 && r0.kpis.annualMWh < 1e6);

    EconomicsInputs lessAvailable = base;
    lessAvailable.availability = 0.76;
    const EconomicsResult r2 = run(lessAvailable);
    QVERIFY(near(*r2.kpis.usdPerGpuHour, *r0.kpis.usdPerGpuHour * 1.25, 1e-12));
    QVERIFY(near(*r2.kpis.tcoUSD, *r0.kpis.tcoUSD));

    EconomicsInputs discounted = base;
    discounted.discountRate = 0.08;
    const EconomicsResult r3 = run(discounted);
    QVERIFY(*r3.kpis.tcoUSD != *r0.kpis.tcoUSD);
    QVERIFY(std::abs(*r3.kpis.tcoUSD - *r0.kpis.tcoUSD) < 5 * *r0.kpis.opexUSDPerYear);
  }

  void pueFollowsTheClimate()
  {
    // The same air-cooled hall needs less chiller energy where the air is cold: Luleå (mean
    // ≈ 2 °C, free cooling most of the year) below Ashburn below Phoenix (mean ≈ 24 °C,
    // summers above 40 °C). Every PUE exceeds 1 (fans, pumps and distribution losses) and a
    // modern air-cooled hall stays under 2 (Uptime Institute survey 2024: average 1.56).
    const auto pueAt = [](const std::string& site)
    {
      EconomicsInputs in;
      in.site = site;
      return evaluateEconomics(superpod(), Catalog::builtin(), in, false).kpis.pue;
    };
    const double lulea = pueAt("lulea-se");
    const double ashburn = pueAt("ashburn-va");
    const double phoenix = pueAt("phoenix-az");
    QVERIFY2(lulea < ashburn && ashburn < phoenix,
             qPrintable(QStringLiteral("PUE Luleå %1, Ashburn %2, Phoenix %3")
                          .arg(lulea)
                          .arg(ashburn)
                          .arg(phoenix)));
    QVERIFY(lulea > 1.0 && phoenix < 2.0);
  }

  void sampleFileMatchesGenerated()
  {
    // samples/h100-superpod-10k.json is the saved generator output: same KPIs as generating it.
    const Scene file =
      loadScene(MYRIAD_SOURCE_DIR "/samples/h100-superpod-10k.json", Catalog::builtin());
    const EconomicsResult a = evaluateEconomics(file, Catalog::builtin(), {}, false);
    const EconomicsResult b = evaluateEconomics(superpod(), Catalog::builtin(), {}, false);
    QCOMPARE(a.kpis.gpus, 10240);
    QVERIFY(near(a.kpis.itPeakMW, b.kpis.itPeakMW));
    QVERIFY(near(*a.kpis.usdPerGpuHour, *b.kpis.usdPerGpuHour));
  }

  void missingPriceStaysMissing()
  {
    // Without a server price, systems CAPEX, CAPEX, TCO and $/GPU-hour are missing (not 0)
    // and the missing figure is named.
    Catalog catalog = Catalog::builtin();
    Part dgx = catalog.part("dgx-h100");
    dgx.figures.erase("priceUSD");
    catalog.add(dgx);
    const EconomicsResult r = evaluateEconomics(superpod(), catalog, EconomicsInputs{}, false);
    QVERIFY(!item(r.capex, "systems").usd.has_value());
    QVERIFY(!r.kpis.capexUSD.has_value());
    QVERIFY(!r.kpis.usdPerGpuHour.has_value());
    QVERIFY(std::find(r.missing.begin(), r.missing.end(), "dgx-h100.priceUSD") != r.missing.end());
    const std::string json = economicsResultToJson(r);
    QVERIFY(json.find("\"capexUSD\": null") != std::string::npos);
  }

  void resultJsonHasTheDashboardData()
  {
    // The JSON carries the KPI cards and the charts: 7 CAPEX lines, 12 months, one entry per
    // feed, the tornado; the numbers equal the struct's.
    const EconomicsResult r = evaluateEconomics(superpod(), Catalog::builtin(), {}, true);
    const QJsonObject j =
      QJsonDocument::fromJson(QByteArray::fromStdString(economicsResultToJson(r))).object();
    QCOMPARE(j["kpis"].toObject()["gpus"].toInt(), 10240);
    QCOMPARE(j["kpis"].toObject()["pue"].toDouble(), r.kpis.pue);
    QCOMPARE(j["capex"].toArray().size(), 7);
    QCOMPARE(j["energy"].toObject()["months"].toArray().size(), 12);
    QCOMPARE(j["power"].toObject()["feeds"].toArray().size(), qsizetype(r.power.feeds.size()));
    QCOMPARE(j["tornado"].toArray().size(), qsizetype(r.tornado.size()));
    QCOMPARE(j["reliability"].toObject()["goodput"].toDouble(), r.kpis.goodput);
  }

  void trainingRunFromFlops()
  {
    // 6·N·D: N = 405e9, D = 15.6e12 on 8,192 H100 at 989 TFLOP/s and MFU 0.4:
    // t = 6·405e9·15.6e12 / (8192·989e12·0.4) s; wall = t / goodput; cost = GPUs × h × $/GPUh.
    EconomicsInputs in;
    in.run.gpus = 8192;
    in.run.parameters = 405e9;
    in.run.tokens = 15.6e12;
    in.run.mfu = 0.4;
    const EconomicsResult r = evaluateEconomics(superpod(), Catalog::builtin(), in, false);
    QVERIFY(r.run.has_value());
    const double days = 6 * 405e9 * 15.6e12 / (8192 * 989e12 * 0.4) / 86400;
    QVERIFY(near(r.run->computeDays, days));
    QVERIFY(near(r.run->wallDays, days / r.kpis.goodput));
    // Twice the tokens: twice the GPU-hours, so twice the cost (a fixed $/GPU-hour).
    EconomicsInputs twice = in;
    twice.run.tokens = 2 * 15.6e12;
    const EconomicsResult rTwice = evaluateEconomics(superpod(), Catalog::builtin(), twice, false);
    QVERIFY(near(*rTwice.run->costUSD, 2 * *r.run->costUSD));
    QVERIFY(*r.run->costUSD > 0);
    // Step time × steps takes precedence: 10 s × 86,400 steps = 10 days.
    in.run.stepTimeS = 10;
    in.run.steps = 86400;
    const EconomicsResult r2 = evaluateEconomics(superpod(), Catalog::builtin(), in, false);
    QVERIFY(near(r2.run->computeDays, 10));
  }

  void tornadoSortedAndDirectional()
  {
    // ±20 %: bars sorted by swing; a higher energy price or hardware price raises the cost,
    // higher availability lowers it.
    EconomicsInputs in;
    const EconomicsResult r = evaluateEconomics(superpod(), Catalog::builtin(), in, true);
    QVERIFY(r.tornado.size() >= 10);
    for (std::size_t i = 1; i < r.tornado.size(); ++i)
    {
      QVERIFY(r.tornado[i - 1].swing() >= r.tornado[i].swing());
    }
    for (const auto& bar : r.tornado)
    {
      if (bar.input == "energy price" || bar.input == "hardware prices")
      {
        QVERIFY(bar.kpiAtHigh > bar.kpiAtLow);
      }
      if (bar.input == "availability")
      {
        QVERIFY(bar.kpiAtHigh < bar.kpiAtLow);
        QCOMPARE(bar.highInput, std::min(1.0, 0.97 * 1.2));
      }
    }
    // For a GPU cluster the hardware price is among the two largest bars and dominates the
    // energy price (systems ≈ $346M of CAPEX against ≈ $10M of energy a year).
    QVERIFY(r.tornado[0].input == "hardware prices" || r.tornado[1].input == "hardware prices");
    auto swingOf = [&](const std::string& name)
    {
      for (const auto& bar : r.tornado)
      {
        if (bar.input == name)
        {
          return bar.swing();
        }
      }
      return -1.0;
    };
    QVERIFY(swingOf("hardware prices") > 5 * swingOf("energy price"));
  }

  void liquidHallHasLowerPue()
  {
    // GB200 NVL72 racks hand most heat to 30 °C facility water (free-cooled most of the year)
    // instead of 15 °C chilled water: same site, lower annual PUE than the air-cooled H100 hall.
    const Scene gb200 = generateScene(builtinSpec("gb200-nvl72-10k"), Catalog::builtin());
    const EconomicsResult liquid = evaluateEconomics(gb200, Catalog::builtin(), {}, false);
    const EconomicsResult air = evaluateEconomics(superpod(), Catalog::builtin(), {}, false);
    QVERIFY(liquid.kpis.pue < air.kpis.pue);
    QVERIFY(liquid.kpis.pue > 1.0);
  }

  void cheaperPowerScenario()
  {
    // Scenario B with half the energy price: OPEX falls by exactly half the energy line.
    EconomicsInputs a;
    a.energyPriceUSDPerKWh = 0.08;
    EconomicsInputs b = a;
    b.energyPriceUSDPerKWh = 0.04;
    const EconomicsResult ra = evaluateEconomics(superpod(), Catalog::builtin(), a, false);
    const EconomicsResult rb = evaluateEconomics(superpod(), Catalog::builtin(), b, false);
    QVERIFY(
      near(*ra.kpis.opexUSDPerYear - *rb.kpis.opexUSDPerYear, *item(ra.opex, "energy").usd / 2));
  }
};

QTEST_APPLESS_MAIN(TestEconomicsCost)
#include "test_economics_cost.moc"
