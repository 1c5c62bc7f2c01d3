// Cooling power, PUE and annual energy (engine/include/myriad/engine/economics/energy.h).
// Constants: air ρ = 1.2 kg/m³, c_p = 1005 J/(kg·K); water c_p = 4186 J/(kg·K), ρ = 1000 kg/m³.

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/energy.h"

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

SiteClimate constantSite(double c)
{
  SiteClimate s;
  s.id = "test";
  s.monthlyMeanC.fill(c);
  return s;
}

} // namespace

class TestEconomicsEnergy final : public QObject
{
  Q_OBJECT

private slots:
  void chillerCopAt35C()
  {
    // Defaults: chilled water 15 °C − 3 K → T_evap = 285.15 K; 35 °C + 10 K → T_cond = 318.15 K.
    // COP = 0.45 · 285.15 / 33 = 3.8884.
    const CoolingParams p;
    QVERIFY(near(chillerCop(35, p.chilledWaterC, p), 0.45 * 285.15 / 33));
    // Small lift: capped at copMax = 9.
    QCOMPARE(chillerCop(8, 30, p), 9.0);
    // Evaporative plant: the condenser sees 35 − 8 = 27 °C → lift 25 K.
    CoolingParams evap;
    evap.plant = CoolingPlant::Evaporative;
    QVERIFY(near(chillerCop(35, 15, evap), 0.45 * 285.15 / 25));
  }

  void instantaneousPueHot()
  {
    // 1 MW of air-cooled IT at 35 °C outdoor:
    //   fans: Q = 1e6 / (1.2·1005·12) = 69.10 m³/s; P = 69.10 · 400 / 0.6 = 46.07 kW
    //   chiller: (1 MW + fans) / COP(35 °C); electrical loss 5 %, misc 1 %.
    const CoolingParams p;
    const HeatLoad load{ 1e6, 1e6, 0 };
    const InstantPower ip = facilityPowerAt(load, 35, p);
    const double fan = 1e6 / (1.2 * 1005 * 12) * 400 / 0.6;
    const double chiller = (1e6 + fan) / (0.45 * 285.15 / 33);
    QVERIFY(near(ip.fanW, fan));
    QVERIFY(near(ip.chillerW, chiller));
    QVERIFY(!ip.airFreeCooling);
    QVERIFY(near(ip.facilityW, 1e6 + fan + chiller + 50e3 + 10e3));
    QVERIFY(near(ip.pue(), ip.facilityW / 1e6)); // PUE = facility / IT
    QVERIFY(ip.pue() > 1.3 && ip.pue() < 1.45);
  }

  void instantaneousPueFreeCooling()
  {
    // 5 °C ≤ 15 − 4 → economiser: chiller off, dry coolers 2 % of the heat (IT + fans).
    const CoolingParams p;
    const InstantPower ip = facilityPowerAt(HeatLoad{ 1e6, 1e6, 0 }, 5, p);
    const double fan = 1e6 / (1.2 * 1005 * 12) * 400 / 0.6;
    QVERIFY(ip.airFreeCooling);
    QCOMPARE(ip.chillerW, 0.0);
    QVERIFY(near(ip.economiserW, 0.02 * (1e6 + fan)));
    QVERIFY(near(ip.pue(), 1 + fan / 1e6 + 0.02 * (1e6 + fan) / 1e6 + 0.06));
  }

  void liquidPumpsAndWarmWater()
  {
    // 1 MW to liquid, ΔT 10 K: ṁ = 1e6/(4186·10) = 23.89 kg/s → 0.02389 m³/s;
    // pumps = 0.02389 · 250 kPa / 0.7 = 8.53 kW. At 20 °C the 30 °C loop is free-cooled.
    const CoolingParams p;
    const InstantPower ip = facilityPowerAt(HeatLoad{ 1e6, 0, 1e6 }, 20, p);
    const double pump = 1e6 / (1000 * 4186 * 10.0) * 250e3 / 0.7;
    QVERIFY(near(ip.pumpW, pump));
    QCOMPARE(ip.fanW, 0.0);
    QVERIFY(ip.liquidFreeCooling);
    QCOMPARE(ip.chillerW, 0.0);
    // The same heat in air at 20 °C needs the chiller: liquid has the lower PUE.
    const InstantPower air = facilityPowerAt(HeatLoad{ 1e6, 1e6, 0 }, 20, p);
    QVERIFY(ip.pue() < air.pue());
  }

  void annualEqualsInstantWithoutSpread()
  {
    // σ = 0 and 35 °C all year: annual PUE = instantaneous PUE at 35 °C; IT energy = 1 MW ×
    // 8,766 h (365.25 days) = 8,766 MWh at u = 1.
    CoolingParams p;
    p.monthlySigmaK = 0;
    ItLoad load;
    load.airPeakW = 1e6;
    load.airIdleW = 1e6;
    std::array<double, 12> u{};
    u.fill(1.0);
    const EnergyResult e = annualEnergy(load, constantSite(35), u, p, 0.4);
    const InstantPower ip = facilityPowerAt(HeatLoad{ 1e6, 1e6, 0 }, 35, p);
    QVERIFY(near(e.itMWh, 8766));
    QVERIFY(near(e.pue, ip.pue()));
    QCOMPARE(e.economiserHours, 0.0);
    // Carbon = facility MWh × 1000 kWh/MWh × 0.4 kg/kWh / 1000 kg/t.
    QVERIFY(near(*e.carbonTonnes, e.facilityMWh * 0.4));
    QCOMPARE(e.waterM3, 0.0); // dry plant: a real zero
  }

  void monthsSumToYear()
  {
    const CoolingParams p;
    ItLoad load;
    load.airIdleW = 3e6;
    load.airPeakW = 10e6;
    std::array<double, 12> u{};
    u.fill(0.8);
    const SiteClimate site = siteClimate("ashburn-va", Catalog::builtin());
    const EnergyResult e = annualEnergy(load, site, u, p, std::nullopt);
    double facility = 0, it = 0;
    for (const auto& m : e.months)
    {
      facility += m.facilityMWh;
      it += m.itMWh;
    }
    QVERIFY(near(facility, e.facilityMWh));
    QVERIFY(near(it, e.itMWh));
    // IT at u = 0.8: 3 + 0.8·7 = 8.6 MW average.
    QVERIFY(near(e.itAverageW, 8.6e6));
    QVERIFY(!e.carbonTonnes.has_value()); // no grid intensity → missing, not 0
    // Winter in Ashburn (≈1 °C mean) is mostly free-cooled, July (≈25 °C) is not.
    QVERIFY(e.months[0].economiserHours > 0.9 * e.months[0].hours);
    QVERIFY(e.months[6].economiserHours < 0.1 * e.months[6].hours);
  }

  void coolSitesBeatHotSites()
  {
    // Same load: Luleå and Québec (cool) < Ashburn < Phoenix (hot) in annual PUE; more
    // economiser hours where it is cool.
    const CoolingParams p;
    ItLoad load;
    load.airIdleW = 3e6;
    load.airPeakW = 10e6;
    std::array<double, 12> u{};
    u.fill(0.8);
    auto pue = [&](const char* id)
    { return annualEnergy(load, siteClimate(id, Catalog::builtin()), u, p, 0.1); };
    const EnergyResult lulea = pue("lulea-se"), quebec = pue("quebec-ca");
    const EnergyResult ashburn = pue("ashburn-va"), phoenix = pue("phoenix-az");
    QVERIFY(lulea.pue < ashburn.pue);
    QVERIFY(quebec.pue < ashburn.pue);
    QVERIFY(ashburn.pue < phoenix.pue);
    QVERIFY(lulea.economiserHours > phoenix.economiserHours);
    // Air-cooled new builds land in the 1.1–1.5 band (Uptime: new large builds ≤ 1.3).
    QVERIFY(lulea.pue > 1.05 && phoenix.pue < 1.5);
  }

  void evaporativeWater()
  {
    // Evaporative plant: water = facility kWh × 2.1 L/kWh; WUE = litres / IT kWh.
    CoolingParams p;
    p.plant = CoolingPlant::Evaporative;
    ItLoad load;
    load.airIdleW = load.airPeakW = 1e6;
    std::array<double, 12> u{};
    u.fill(1.0);
    const EnergyResult e = annualEnergy(load, constantSite(20), u, p, std::nullopt);
    QVERIFY(near(e.waterM3, e.facilityMWh * 1000 * 2.1 / 1000));
    QVERIFY(near(e.wueLPerKWh, 2.1 * e.pue));
  }

  void liquidHoursFollowTheClimateDistribution()
  {
    // Cold plates on 32 °C facility water (ASHRAE class W32), dry coolers with a 4 K approach:
    // the compressor is off whenever T_out ≤ 32 − 4 = 28 °C. With every month's hourly
    // temperature normal around 20 °C (σ = 5 K, the model's climate), that is a share
    // Φ((28 − 20) / 5) = Φ(1.6) = 0.9452 of the 8,766 h (standard normal table); the model's
    // 25-point quadrature over ±3σ resolves Φ to about 0.01.
    CoolingParams p;
    p.liquidSupplyC = 32;
    ItLoad load;
    load.airIdleW = load.airPeakW = 0.2e6;
    load.liquidIdleW = load.liquidPeakW = 0.8e6;
    std::array<double, 12> u{};
    u.fill(1.0);
    const EnergyResult e = annualEnergy(load, constantSite(20), u, p, std::nullopt);
    QVERIFY(e.liquidLoop);
    QCOMPARE(e.liquidSupplyC, 32.0);
    QVERIFY2(std::abs(e.liquidEconomiserHours / e.hours - 0.9452) < 0.01,
             qPrintable(QString::number(e.liquidEconomiserHours / e.hours)));
    // The air loop (chilled water 15 °C: free below 11 °C, Φ(−1.8) = 0.036) is free far less.
    QVERIFY(std::abs(e.economiserHours / e.hours - 0.0359) < 0.01);
    // Without liquid heat there is no liquid loop and no hours are claimed for it.
    ItLoad air;
    air.airIdleW = air.airPeakW = 1e6;
    const EnergyResult a = annualEnergy(air, constantSite(20), u, p, std::nullopt);
    QVERIFY(!a.liquidLoop);
    QCOMPARE(a.liquidEconomiserHours, 0.0);
  }

  void liquidHoursRiseWithWaterTemperatureAndFallWithHeat()
  {
    // The warmer the facility water, the more hours the dry coolers alone reject the heat;
    // the hotter the site, the fewer. ASHRAE's classes W17 … W45 (docs/references.md#ashrae-tc99)
    // supply water up to 17, 27, 32, 40 and 45 °C. Ashburn's July mean is 25.2 °C
    // (samples/reference/sites.json): W17 (free below 13 °C) needs the compressor about half the
    // year, W45 almost never (> 99 % free). Phoenix (July mean 35.6 °C) < Ashburn < Luleå at W32.
    ItLoad load;
    load.airIdleW = load.airPeakW = 0.2e6;
    load.liquidIdleW = load.liquidPeakW = 0.8e6;
    std::array<double, 12> u{};
    u.fill(0.8);
    auto hours = [&](const char* site, double supplyC)
    {
      CoolingParams p;
      p.liquidSupplyC = supplyC;
      return annualEnergy(load, siteClimate(site, Catalog::builtin()), u, p, 0.1)
        .liquidEconomiserHours;
    };
    double previous = -1;
    for (const double w : { 17.0, 27.0, 32.0, 40.0, 45.0 })
    {
      const double h = hours("ashburn-va", w);
      QVERIFY2(h > previous, qPrintable(QString("W%1: %2 h").arg(w).arg(h)));
      previous = h;
    }
    QVERIFY(hours("ashburn-va", 17) < 0.6 * 8766);
    QVERIFY(hours("ashburn-va", 45) > 0.99 * 8766);
    QVERIFY(hours("phoenix-az", 32) < hours("ashburn-va", 32));
    QVERIFY(hours("ashburn-va", 32) < hours("lulea-se", 32));
    // And the PUE follows: warmer water, less compressor energy.
    CoolingParams cold, warm;
    cold.liquidSupplyC = 17;
    warm.liquidSupplyC = 40;
    const SiteClimate site = siteClimate("ashburn-va", Catalog::builtin());
    QVERIFY(annualEnergy(load, site, u, warm, 0.1).pue <
            annualEnergy(load, site, u, cold, 0.1).pue);
  }

  void adiabaticPadsWetOnlyWhenWarm()
  {
    // Dry coolers with adiabatic pads (switch 24 °C, depression 8 K, 1.0 L per kWh while wet).
    // Facility water at 30 °C is free-cooled while the coils see ≤ 26 °C (approach 4 K).
    // At 30 °C outdoors a dry plant needs its compressor; wetted pads give the coils 22 °C: free,
    // water = facility power × 1.0 L/kWh. At 20 °C the pads stay dry: the same power as the dry
    // plant and no water.
    HeatLoad load;
    load.itW = load.liquidW = 1e6;
    CoolingParams dry, wet;
    wet.plant = CoolingPlant::Adiabatic;
    const InstantPower hotDry = facilityPowerAt(load, 30, dry);
    const InstantPower hotWet = facilityPowerAt(load, 30, wet);
    QVERIFY(!hotDry.liquidFreeCooling && hotDry.chillerW > 0);
    QVERIFY(hotWet.padsWet && hotWet.liquidFreeCooling && hotWet.chillerW == 0);
    const InstantPower mildWet = facilityPowerAt(load, 20, wet);
    QVERIFY(!mildWet.padsWet);
    QVERIFY(near(mildWet.facilityW, facilityPowerAt(load, 20, dry).facilityW));
    // A year at a constant 30 °C: every hour wet; at 20 °C none, so no water.
    ItLoad it;
    it.liquidIdleW = it.liquidPeakW = 1e6;
    std::array<double, 12> u{};
    u.fill(1.0);
    wet.monthlySigmaK = 0;
    const EnergyResult hot = annualEnergy(it, constantSite(30), u, wet, std::nullopt);
    QVERIFY(near(hot.wetHours, hot.hours));
    QVERIFY(near(hot.waterM3, hot.facilityMWh * 1000 * 1.0 / 1000));
    const EnergyResult mild = annualEnergy(it, constantSite(20), u, wet, std::nullopt);
    QCOMPARE(mild.wetHours, 0.0);
    QCOMPARE(mild.waterM3, 0.0);
    // A tower evaporates all year: more water than pads at the same site.
    CoolingParams tower;
    tower.plant = CoolingPlant::Evaporative;
    tower.monthlySigmaK = 0;
    QVERIFY(annualEnergy(it, constantSite(30), u, tower, std::nullopt).waterM3 > hot.waterM3);
  }
};

QTEST_APPLESS_MAIN(TestEconomicsEnergy)
#include "test_economics_energy.moc"
