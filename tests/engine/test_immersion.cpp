// Immersion tanks, rack weights and floor load (engine/include/myriad/engine/immersion.h), the
// enclosure checks (validation.h) and what immersion changes in power, PUE and cost.
// Catalog figures and their sources: samples/catalog/immersion.json, docs/references.md.

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/cooling_choices.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/energy.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/immersion.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/validation.h"

#include <QtTest>

#include <cmath>

using namespace myriad::engine;

namespace
{

Scene sample(const char* name)
{
  return loadScene(std::string(MYRIAD_SOURCE_DIR "/samples/") + name + ".json", Catalog::builtin());
}

/** The first rack of the hall that is a tank. */
Rack& firstTank(Scene& scene)
{
  for (Row& row : scene.site.halls[0].rows)
    for (Rack& rack : row.racks)
      if (rack.cooling == CoolingStyle::Immersion)
        return rack;
  throw Error("no tank in the scene");
}

int count(const std::vector<Diagnostic>& findings, Severity severity, const std::string& part)
{
  int n = 0;
  for (const Diagnostic& d : findings)
    n += d.severity == severity && d.message.find(part) != std::string::npos;
  return n;
}

double capexOf(const economics::EconomicsResult& r, const std::string& category)
{
  for (const auto& item : r.capex)
    if (item.category == category)
      return item.usd.value_or(-1);
  return -1;
}

} // namespace

class TestImmersion final : public QObject
{
  Q_OBJECT

private slots:
  void tankWeightAddsEnclosureServersAndFluid()
  {
    // tank-1p-48u: 450 kg dry + 1,000 L × 0.81 kg/L of fluid + 8 × 110 kg servers = 2,140 kg on
    // 2.4 m × 1.1 m = 2.64 m² → 810.6 kg/m² (GRC: a loaded 42U tank weighs about 1,500 kg at
    // 1,220 kg/m² on a smaller footprint; docs/references.md#immersion-tanks).
    Scene scene = sample("h100-immersion-10k");
    const RackWeight w = rackWeight(firstTank(scene), Catalog::builtin());
    QVERIFY(w.missing.empty());
    QCOMPARE(w.enclosureKg, 450.0);
    QCOMPARE(w.fluidKg, 810.0);
    QCOMPARE(w.equipmentKg, 880.0);
    QVERIFY(std::abs(w.floorLoadKgM2() - 2140.0 / 2.64) < 1e-9);
    // An air rack has no fluid: 150 kg enclosure + 4 DGX H100 at 130 kg = 670 kg on 0.72 m².
    const Scene lab = sample("lab-256");
    const RackWeight air = rackWeight(lab.site.halls[0].rows[0].racks[0], Catalog::builtin());
    QCOMPARE(air.fluidKg, 0.0);
    QCOMPARE(air.totalKg(), 670.0);
  }

  void floorLoadOverTheRatingIsAnError()
  {
    // The lab's compute racks load the floor with 670 / 0.72 = 930.6 kg/m²: within a 1,000
    // kg/m² rating, over a 900 kg/m² one (every compute rack; the network rack is lighter).
    Scene lab = sample("lab-256");
    Hall& hall = lab.site.halls[0];
    hall.floorRatingKgM2 = 1000;
    QCOMPARE(count(enclosureDiagnostics(lab, Catalog::builtin()), Severity::Error, "kg/m²"), 0);
    hall.floorRatingKgM2 = 900;
    const auto findings = enclosureDiagnostics(lab, Catalog::builtin());
    int computeRacks = 0;
    for (const Row& row : hall.rows)
      for (const Rack& rack : row.racks)
        computeRacks += rack.kind == RackKind::Compute;
    QCOMPARE(count(findings, Severity::Error, "931 kg/m², over the hall's rating of 900"),
             computeRacks);
    // 0 = not rated: nothing is checked.
    hall.floorRatingKgM2 = 0;
    QVERIFY(enclosureDiagnostics(lab, Catalog::builtin()).empty());
  }

  void immersionSampleValidatesClean()
  {
    const Scene scene = sample("h100-immersion-10k");
    DesignCheckOptions options;
    options.utilisation = 1.0;
    const auto findings = validateDesign(scene, Catalog::builtin(), options);
    QVERIFY2(findings.empty(), findings.empty() ? "" : findings.front().message.c_str());
  }

  void tankWithoutHeatExchangerPathIsAnError()
  {
    // Take the CDUs away: the tanks' heat has nowhere to go but the air handlers cannot take it.
    Scene scene = sample("h100-immersion-10k");
    auto& coolers = scene.site.halls[0].coolers;
    std::erase_if(coolers, [](const CoolingUnit& c) { return c.kind == CoolerKind::Cdu; });
    const auto findings = coolingDiagnostics(scene, Catalog::builtin(), { 0.8 });
    QCOMPARE(count(findings, Severity::Error, "and no CDU capacity: the heat has nowhere to go"),
             1);
  }

  void tankAndCoolingMustAgree()
  {
    Scene scene = sample("h100-immersion-10k");
    Rack& tank = firstTank(scene);
    tank.cooling = CoolingStyle::Air;
    auto findings = enclosureDiagnostics(scene, Catalog::builtin());
    QCOMPARE(count(findings, Severity::Error, "is an immersion tank but its cooling is \"air\""),
             1);
    QVERIFY(findings.front().jsonPath.ends_with("/cooling"));
    // Air-cooled servers (fans) in a tank: a warning for the rack, once.
    tank.cooling = CoolingStyle::Immersion;
    for (Node& node : tank.nodes)
      node.model = "dgx-h100";
    findings = enclosureDiagnostics(scene, Catalog::builtin());
    QCOMPARE(count(findings, Severity::Warning, "server dgx-h100 is built for air"), 1);
  }

  void waterWarmerThanTheTankAcceptsIsAnError()
  {
    // tank-1p-48u accepts facility water up to 35 °C: W32 (30 °C supply) passes, W40 does not.
    const Scene scene = sample("h100-immersion-10k");
    QVERIFY(waterSupplyDiagnostics(scene, Catalog::builtin(), 30).empty());
    const auto findings = waterSupplyDiagnostics(scene, Catalog::builtin(), 40);
    QCOMPARE(count(findings, Severity::Error, "warmer than tank-1p-48u accepts (at most 35.0"), 1);
    QCOMPARE(findings.front().jsonPath, std::string("/evaluation/cooling/liquidSupplyC"));
  }

  void generatorRefusesServerAndCoolingThatDoNotFit()
  {
    GeneratorSpec spec = builtinSpec("h100-immersion-10k");
    spec.cooling = CoolingStyle::Air;
    QVERIFY_THROWS_EXCEPTION(SpecError, generateScene(spec, Catalog::builtin()));
    spec = builtinSpec("lab-256");
    spec.cooling = CoolingStyle::Immersion;
    QVERIFY_THROWS_EXCEPTION(SpecError, generateScene(spec, Catalog::builtin()));
  }

  void tankPartialPueAtFreeCooling()
  {
    // Single-phase immersion's cooling overhead is its pumps and dry coolers: published partial
    // PUE 1.02–1.05 (GRC < 1.03, measured 1.03 in ASME JEP 139(4) 041005; docs/references.md
    // #immersion-ppue). With the model's defaults at 5 °C outdoors (free cooling) the tank's
    // heat share 0.97 goes to facility water: pump ṁ·Δp/η = P/(4186·10)·250e3/(1000·0.7) =
    // 0.85 % of P, dry coolers 2 %; the 3 % left in the air adds CRAH fans (400 Pa, η 0.6, 12 K:
    // 4.6 % of it) and its 2 % dry-cooler share → pPUE 1 + 0.0085·0.97 + 0.02 + 0.03·0.046
    // = 1.0296.
    const Part& tank = Catalog::builtin().part("tank-1p-48u");
    const double share = tank.figure("fluidHeatFraction").value;
    economics::HeatLoad load;
    load.itW = 1e6;
    load.liquidW = share * load.itW;
    load.airW = load.itW - load.liquidW;
    const economics::InstantPower p =
      economics::facilityPowerAt(load, 5.0, economics::CoolingParams{});
    QVERIFY(p.liquidFreeCooling && p.airFreeCooling);
    const double pPue = 1 + p.coolingW() / p.itW;
    QVERIFY2(pPue >= 1.02 && pPue <= 1.05, qPrintable(QString::number(pPue)));
  }

  void measuredRacksKeepTheirLoadWhenConverted()
  {
    // samples/halls/hall-tiles-grilles.json gives each DGX H100 rack its measured power. In tanks
    // the same servers lose their fans (9.18 of 10.2 kW at P_max: 0.9), so the measured load
    // falls by 10 %: IT peak(immersion) = IT peak(air) − 0.1 · Σ given power of compute racks.
    const Scene hall =
      loadScene(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json", Catalog::builtin());
    double givenW = 0;
    for (const Row& row : hall.site.halls[0].rows)
      for (const Rack& rack : row.racks)
        if (!rack.nodes.empty())
        {
          QVERIFY(rack.powerW > 0);
          givenW += rack.powerW;
        }
    const auto choices =
      economics::compareCoolingChoices(hall, Catalog::builtin(), economics::documentInputs(hall));
    QCOMPARE(choices.size(), std::size_t{ 3 });
    QVERIFY(choices[0].current && choices[2].result);
    const double air = choices[0].result->kpis.itPeakMW;
    const double tanks = choices[2].result->kpis.itPeakMW;
    QVERIFY2(
      std::abs((air - tanks) - 0.1 * givenW / 1e6) < 1e-9,
      qPrintable(QString("air %1 MW, tanks %2 MW, given %3 W").arg(air).arg(tanks).arg(givenW)));
  }

  void immersionHallAgainstTheAirHall()
  {
    // The same 10,240 H100 GPUs and fabric, air-cooled (DGX H100, fan walls) and in tanks:
    // - IT power falls by the servers' fans: 1,280 × (10.2 − 9.18) kW = 1.3056 MW at peak
    //   (fans ≈ 10 % of server power; docs/references.md#immersion-fan-share);
    // - the annual PUE falls: most heat leaves by warm water on dry coolers (Ashburn: 1.20 for
    //   air; immersion halls report 1.02–1.05 partial PUE, plus the same 6 % electrical and
    //   other losses);
    // - CAPEX gains tanks and fluid: 160 tanks × 1,000 L × $10/L = $1.6M of fluid;
    // - with an evaporative plant, water falls with the heat rejected by compressors and towers.
    const Scene air = sample("h100-superpod-10k");
    const Scene tanks = sample("h100-immersion-10k");
    const Catalog& catalog = Catalog::builtin();
    economics::EconomicsInputs in = economics::documentInputs(air);
    const auto a = economics::evaluateEconomics(air, catalog, in, false);
    const auto t = economics::evaluateEconomics(tanks, catalog, in, false);
    QVERIFY(std::abs((a.kpis.itPeakMW - t.kpis.itPeakMW) - 1.3056) < 1e-9);
    QVERIFY2(a.kpis.pue - t.kpis.pue > 0.05,
             qPrintable(QString("air %1, immersion %2").arg(a.kpis.pue).arg(t.kpis.pue)));
    QVERIFY(t.kpis.pue < 1.15);
    QCOMPARE(capexOf(a, "immersion fluid"), -1.0); // no tanks, no line
    QVERIFY(std::abs(capexOf(t, "immersion fluid") - 1.6e6) < 1e-3);
    QVERIFY(capexOf(t, "racks") > capexOf(a, "racks"));
    in.cooling.plant = economics::CoolingPlant::Evaporative;
    const auto aw = economics::evaluateEconomics(air, catalog, in, false);
    const auto tw = economics::evaluateEconomics(tanks, catalog, in, false);
    QVERIFY2(tw.kpis.waterM3PerYear < aw.kpis.waterM3PerYear,
             qPrintable(QString("air %1 m³, immersion %2 m³")
                          .arg(aw.kpis.waterM3PerYear)
                          .arg(tw.kpis.waterM3PerYear)));
  }
};

QTEST_APPLESS_MAIN(TestImmersion)
#include "test_immersion.moc"
