// Design checks without a thermal solve: air handlers and CDUs against the heat at a utilisation
// with N+1, liquid heat without CDUs, starved halls, the power chain's findings; and every
// sample of samples/ passes them.
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/validation.h"

#include <QtTest>

#include <filesystem>

using namespace myriad::engine;

namespace
{

int count(const std::vector<Diagnostic>& findings, Severity severity, const std::string& text)
{
  int n = 0;
  for (const Diagnostic& d : findings)
    n += d.severity == severity && d.message.find(text) != std::string::npos;
  return n;
}

/** The 10k sample's hall with only `keep` air handlers. */
Scene superpodWith(int keep)
{
  Scene scene = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
  auto& coolers = scene.site.halls[0].coolers;
  coolers.resize(std::size_t(keep));
  return scene;
}

/** Heat at utilisation u of the 10k hall: 1,280 DGX H100 (3.0–10.2 kW) and 800 QM9700
 *  (0.75–1.7 kW), all to air. */
double superpodHeatW(double u)
{
  return 1280 * (3000 + u * 7200) + 800 * (750 + u * 950);
}

} // namespace

class TestDesignChecks final : public QObject
{
  Q_OBJECT

private slots:
  void generatedHallsPassTheirOwnChecks();
  void airHandlersOverCapacityAndNPlusOne();
  void utilisationSetsTheHeat();
  void liquidHeatNeedsCdus();
  void starvedHallIsAWarning();
  void everySampleHasNoErrors();
};

void TestDesignChecks::generatedHallsPassTheirOwnChecks()
{
  for (const auto& name : builtinSpecNames())
    for (const double u : { 0.8, 1.0 })
    {
      const auto findings = coolingDiagnostics(generateScene(builtinSpec(name), Catalog::builtin()),
                                               Catalog::builtin(), { u });
      QVERIFY2(findings.empty(),
               (name + ": " + (findings.empty() ? "" : findings.front().message)).c_str());
    }
}

void TestDesignChecks::airHandlersOverCapacityAndNPlusOne()
{
  // 450 kW units. At u = 1 the hall makes 14.416 MW: 33 units carry it (14.85 MW) but not with
  // one failed (14.4 MW < 14.416 MW): N+1 lost; 32 units (14.4 MW) are over capacity.
  const double heat = superpodHeatW(1.0);
  QVERIFY(qAbs(heat - 14.416e6) < 1);
  const auto ok = coolingDiagnostics(superpodWith(34), Catalog::builtin(), { 1.0 });
  QCOMPARE(count(ok, Severity::Error, "air handlers"), 0);
  QCOMPARE(count(ok, Severity::Warning, "N+1 lost"), 0);
  const auto spareLost = coolingDiagnostics(superpodWith(33), Catalog::builtin(), { 1.0 });
  QCOMPARE(count(spareLost, Severity::Warning, "N+1 lost"), 1);
  QCOMPARE(count(spareLost, Severity::Error, "over their capacity"), 0);
  const auto over = coolingDiagnostics(superpodWith(32), Catalog::builtin(), { 1.0 });
  QCOMPARE(count(over, Severity::Error, "over their capacity"), 1);
  for (const Diagnostic& d : over)
    QVERIFY2(!d.hint.empty(), d.message.c_str());
}

void TestDesignChecks::utilisationSetsTheHeat()
{
  // 26 units hold 11.7 MW, 25 with one failed 11.25 MW. At u = 0.8 the hall makes
  // 1280·8.76 + 800·1.51 kW = 12.42 MW: over; at u = 0.6, 9.88 MW: within, with the spare.
  QVERIFY(qAbs(superpodHeatW(0.8) - 12.4208e6) < 1);
  const Scene scene = superpodWith(26);
  QCOMPARE(count(coolingDiagnostics(scene, Catalog::builtin(), { 0.8 }), Severity::Error,
                 "over their capacity"),
           1);
  QVERIFY(coolingDiagnostics(scene, Catalog::builtin(), { 0.6 }).empty());
}

void TestDesignChecks::liquidHeatNeedsCdus()
{
  // The GB200 hall: 144 racks × 18 trays × 5.9 kW × 0.85 = 13.0 MW to liquid at peak (the
  // NVLink trays stay on air in the thermal model), on 1.5 MW CDUs. Without CDUs: an error;
  // 9 CDUs (13.5 MW) carry it but not with one failed (12 MW): N+1 lost; 8 are over capacity.
  Scene scene = generateScene(builtinSpec("gb200-nvl72-10k"), Catalog::builtin());
  auto& coolers = scene.site.halls[0].coolers;
  std::vector<CoolingUnit> cdus;
  for (const CoolingUnit& c : coolers)
    if (c.kind == CoolerKind::Cdu)
      cdus.push_back(c);
  QVERIFY(cdus.size() >= 10);
  std::erase_if(coolers, [](const CoolingUnit& c) { return c.kind == CoolerKind::Cdu; });
  const auto none = coolingDiagnostics(scene, Catalog::builtin(), { 1.0 });
  QCOMPARE(count(none, Severity::Error, "no CDU capacity"), 1);
  coolers.insert(coolers.end(), cdus.begin(), cdus.begin() + 9);
  const auto spareLost = coolingDiagnostics(scene, Catalog::builtin(), { 1.0 });
  QCOMPARE(count(spareLost, Severity::Warning, "CDUs carry"), 1);
  QCOMPARE(count(spareLost, Severity::Error, "CDU"), 0);
  coolers.pop_back();
  const auto over = coolingDiagnostics(scene, Catalog::builtin(), { 1.0 });
  QCOMPARE(count(over, Severity::Error, "CDUs carry"), 1);
}

void TestDesignChecks::starvedHallIsAWarning()
{
  // Rack airflow at u = 1: 1,280 × 10.2 kW / (1206 J/(m³·K) × 15 K) + 800 × 1.7 kW /
  // (1206 × 12 K) = 815.6 m³/s; 32 fan walls move 32 × 24.9 = 796.8 m³/s: ratio 0.98.
  const auto findings = coolingDiagnostics(superpodWith(32), Catalog::builtin(), { 1.0 });
  QCOMPARE(count(findings, Severity::Warning, "starved"), 1);
  const auto fed = coolingDiagnostics(superpodWith(33), Catalog::builtin(), { 1.0 });
  QCOMPARE(count(fed, Severity::Warning, "starved"), 0);
}

void TestDesignChecks::everySampleHasNoErrors()
{
  // Every scene in samples/ passes validation and the design checks at 80 % and 100 %
  // utilisation without an error. Warnings are printed for the record.
  const std::filesystem::path dir = MYRIAD_SOURCE_DIR "/samples";
  int scenes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
  {
    if (entry.path().extension() != ".json" || entry.path().filename() == "index.json")
      continue; // index.json lists the samples for the app (app/shell/sample_index.h)
    const Scene scene = loadScene(entry.path().string(), Catalog::builtin());
    ++scenes;
    for (const double u : { 0.8, 1.0 })
    {
      const auto findings = validateDesign(scene, Catalog::builtin(), { u });
      for (const Diagnostic& d : findings)
      {
        if (d.severity == Severity::Warning)
          qInfo("%s: warning: %s", entry.path().filename().c_str(), d.message.c_str());
        QVERIFY2(d.severity != Severity::Error,
                 (entry.path().filename().string() + ": " + d.message).c_str());
      }
    }
  }
  QVERIFY(scenes >= 3);
}

QTEST_APPLESS_MAIN(TestDesignChecks)
#include "test_design_checks.moc"
