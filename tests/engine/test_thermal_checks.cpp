// Thermal findings: the ASHRAE A1 classification with its round-off tolerance, and what a solved
// hall reports as violations (inlets, coolers over capacity, N+1, CDUs, starved halls).
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/thermal/thermal_checks.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <QtTest>

using namespace myriad::engine;
using namespace myriad::engine::thermal;

namespace
{

Scene labAt(double setpointC)
{
  Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  for (CoolingUnit& c : scene.site.halls[0].coolers)
    c.supplySetpointC = setpointC;
  return scene;
}

ThermalResult solve(const Scene& scene, double utilisation)
{
  ThermalOptions options;
  options.utilisation = utilisation;
  return analyzeHall(scene, 0, Catalog::builtin(), options);
}

int count(const std::vector<Diagnostic>& findings, Severity severity, const std::string& text)
{
  int n = 0;
  for (const Diagnostic& d : findings)
    n += d.severity == severity && d.message.find(text) != std::string::npos;
  return n;
}

} // namespace

class TestThermalChecks final : public QObject
{
  Q_OBJECT

private slots:
  void envelopeBoundsHaveARoundOffTolerance();
  void supplyAirAtTheLowerBoundIsRecommended();
  void hotInletsAreWarningsThenErrors();
  void liquidHeatWithoutCduIsAnError();
  void starvedHallAndOverloadedCoolers();
};

void TestThermalChecks::envelopeBoundsHaveARoundOffTolerance()
{
  // 0.05 K on each bound: below any sensor's accuracy, above the solver's round-off.
  QCOMPARE(classifyInlet(17.999, 20), InletClass::Recommended);
  QCOMPARE(classifyInlet(17.96, 27.04), InletClass::Recommended);
  QCOMPARE(classifyInlet(17.9, 20), InletClass::AllowableOnly);
  QCOMPARE(classifyInlet(18, 27.1), InletClass::AllowableOnly);
  QCOMPARE(classifyInlet(18, 32.04), InletClass::AllowableOnly);
  QCOMPARE(classifyInlet(18, 32.1), InletClass::Outside);
  QCOMPARE(classifyInlet(14.9, 20), InletClass::Outside);
}

void TestThermalChecks::supplyAirAtTheLowerBoundIsRecommended()
{
  // Regression: at an 18 °C supply (the recommended minimum) racks breathing only supply air
  // were flagged "allowable only" at random, because the solved field dips a few mK below 18 °C.
  // Maximum principle: no intake is colder than the coldest supply, so every such rack is within
  // the recommended range; at half load the lab hall (ratio > 1) has no hot intake either.
  const Scene scene = labAt(18);
  const ThermalResult r = solve(scene, 0.5);
  int airCooled = 0;
  for (const RackThermal& rack : r.racks)
  {
    if (!rack.airCooled)
      continue;
    ++airCooled;
    QVERIFY2(rack.inletMinC >= 18 - kAshraeToleranceK,
             qPrintable(QString::fromStdString(rack.id) +
                        " intake below the supply: " + QString::number(rack.inletMinC, 'f', 4)));
    if (rack.inletMaxC <= kAshraeRecommendedMaxC)
      QVERIFY2(rack.withinRecommended, qPrintable(QString::fromStdString(rack.id)));
  }
  QVERIFY(airCooled > 0);
  QCOMPARE(r.racksAboveRecommended, 0);
  QCOMPARE(count(thermalDiagnostics(scene, 0, r, 0.5), Severity::Warning, "ASHRAE"), 0);
}

void TestThermalChecks::hotInletsAreWarningsThenErrors()
{
  // The lab hall with one air handler left is starved: racks take in exhaust air. Each rack
  // above 27 °C is one finding, by its worst class: a warning up to 32 °C, an error above.
  for (const double setpoint : { 18.0, 24.0 })
  {
    Scene scene = labAt(setpoint);
    auto& coolers = scene.site.halls[0].coolers;
    coolers.erase(coolers.begin() + 1, coolers.end());
    const ThermalResult r = solve(scene, 1.0);
    const auto findings = thermalDiagnostics(scene, 0, r, 1.0);
    const int above27 = count(findings, Severity::Warning, "recommended 27");
    const int above32 = count(findings, Severity::Error, "allowable 32");
    QCOMPARE(above27 + above32, r.racksAboveRecommended);
    QCOMPARE(above32, r.racksAboveAllowable);
    QVERIFY(above27 + above32 > 0);
  }
}

void TestThermalChecks::liquidHeatWithoutCduIsAnError()
{
  // Liquid racks hand most of their heat to water; without a CDU nothing takes it away.
  Scene scene = labAt(20);
  Hall& hall = scene.site.halls[0];
  for (Row& row : hall.rows)
    for (Rack& rack : row.racks)
      if (rack.kind == RackKind::Compute)
        rack.cooling = CoolingStyle::Liquid;
  std::erase_if(hall.coolers, [](const CoolingUnit& c) { return c.kind == CoolerKind::Cdu; });
  const ThermalResult r = solve(scene, 0.8);
  QVERIFY(r.liquidHeatW > 0);
  const auto findings = thermalDiagnostics(scene, 0, r, 0.8);
  QCOMPARE(count(findings, Severity::Error, "no CDU"), 1);
}

void TestThermalChecks::starvedHallAndOverloadedCoolers()
{
  // Keep one air handler of the lab hall: its airflow is below the racks' (starved, warning)
  // and it must carry the whole hall's heat, far above its capacity (error); the racks then
  // recirculate their own exhaust.
  Scene scene = labAt(20);
  auto& coolers = scene.site.halls[0].coolers;
  coolers.erase(coolers.begin() + 1, coolers.end());
  const ThermalResult r = solve(scene, 1.0);
  QVERIFY(r.supplyDemandRatio < 1);
  const auto findings = thermalDiagnostics(scene, 0, r, 1.0);
  QCOMPARE(count(findings, Severity::Warning, "starved"), 1);
  QCOMPARE(count(findings, Severity::Error, "over its capacity"), 1);
  QVERIFY(r.racksAboveAllowable > 0);
  QCOMPARE(count(findings, Severity::Error, "allowable 32"), r.racksAboveAllowable);
  for (const Diagnostic& d : findings)
    QVERIFY2(!d.hint.empty(), d.message.c_str());
}

QTEST_APPLESS_MAIN(TestThermalChecks)
#include "test_thermal_checks.moc"
