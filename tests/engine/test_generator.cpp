// Generator: counts against the DGX SuperPOD reference architecture and the layout rules.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/validation.h"

#include <QtTest>

#include <map>

using namespace myriad::engine;

namespace
{
std::map<SwitchRole, int> switchesByRole(const Scene& scene)
{
  std::map<SwitchRole, int> counts;
  for (const auto& hall : scene.site.halls)
  {
    for (const auto& row : hall.rows)
    {
      for (const auto& rack : row.racks)
      {
        for (const auto& sw : rack.switches)
        {
          ++counts[sw.role];
        }
      }
    }
  }
  return counts;
}
} // namespace

class TestGenerator final : public QObject
{
  Q_OBJECT

private slots:
  void superpod10kCounts();
  void superpodTiersFollowTheReferenceTables_data();
  void superpodTiersFollowTheReferenceTables();
  void gb200UsesWholeScalableUnits();
  void everyBuiltinSampleIsPhysicallyValid();
  void rowsPairAcrossColdAisles();
  void coolingCoversTheAirHeatWithSpare();
  void liquidHallsGetCdusAndALowerPue();
  void impossibleSpecsNameTheParameter();
};

void TestGenerator::superpod10kCounts()
{
  // 10,240 GPUs / 8 per DGX H100 = 1,280 nodes = 40 SUs of 32; 4 nodes per rack = 320 racks.
  // IT power at catalog maximum: 1,280 × 10.2 kW + 800 QM9700 × 1.7 kW = 14.416 MW.
  const auto& catalog = Catalog::builtin();
  const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), catalog);
  const SceneCounts c = countScene(scene, catalog);
  QCOMPARE(c.gpus, 10240);
  QCOMPARE(c.nodes, 1280);
  QCOMPARE(c.computeRacks, 320);
  QCOMPARE(c.nics, 10240);
  QVERIFY(qAbs(c.itPowerW - (1280 * 10200.0 + 800 * 1700.0)) < 1e-6);
}

void TestGenerator::superpodTiersFollowTheReferenceTables_data()
{
  // NVIDIA DGX SuperPOD B200 RA "larger SuperPOD component counts" (32-node SUs).
  QTest::addColumn<int>("scalableUnits");
  QTest::addColumn<int>("leaves");
  QTest::addColumn<int>("spines");
  QTest::addColumn<int>("cores");
  QTest::newRow("2 SU") << 2 << 16 << 8 << 0;
  QTest::newRow("4 SU") << 4 << 32 << 16 << 0;
  QTest::newRow("8 SU") << 8 << 64 << 32 << 0;
  QTest::newRow("9 SU") << 9 << 72 << 96 << 64; // whole pods of 32 spines, core groups of 32
  QTest::newRow("16 SU") << 16 << 128 << 128 << 64;
  QTest::newRow("32 SU") << 32 << 256 << 256 << 128;
  QTest::newRow("64 SU") << 64 << 512 << 512 << 256;
}

void TestGenerator::superpodTiersFollowTheReferenceTables()
{
  QFETCH(int, scalableUnits);
  QFETCH(int, leaves);
  QFETCH(int, spines);
  QFETCH(int, cores);
  GeneratorSpec spec = builtinSpec("h100-superpod-10k");
  spec.gpuCount = scalableUnits * 32 * 8;
  const auto counts = switchesByRole(generateScene(spec, Catalog::builtin()));
  QCOMPARE(counts.count(SwitchRole::Leaf) ? counts.at(SwitchRole::Leaf) : 0, leaves);
  QCOMPARE(counts.count(SwitchRole::Spine) ? counts.at(SwitchRole::Spine) : 0, spines);
  QCOMPARE(counts.count(SwitchRole::Core) ? counts.at(SwitchRole::Core) : 0, cores);
}

void TestGenerator::gb200UsesWholeScalableUnits()
{
  // 10,240 GPUs need 142.2 NVL72 racks; SUs are 8 racks, so 18 SUs = 144 racks = 10,368 GPUs,
  // each rack with 9 NVLink switch trays between its compute trays.
  const auto& catalog = Catalog::builtin();
  const Scene scene = generateScene(builtinSpec("gb200-nvl72-10k"), catalog);
  const SceneCounts c = countScene(scene, catalog);
  QCOMPARE(c.computeRacks, 144);
  QCOMPARE(c.gpus, 10368);
  QCOMPARE(switchesByRole(scene).at(SwitchRole::NvLink), 144 * 9);
  bool hasCdu = false;
  for (const auto& cooler : scene.site.halls[0].coolers)
  {
    hasCdu = hasCdu || cooler.kind == CoolerKind::Cdu;
  }
  QVERIFY2(hasCdu, "a liquid-cooled hall needs coolant distribution units");
}

void TestGenerator::everyBuiltinSampleIsPhysicallyValid()
{
  for (const auto& name : builtinSpecNames())
  {
    const Scene scene = generateScene(builtinSpec(name), Catalog::builtin());
    const auto diagnostics = validateScene(scene, Catalog::builtin());
    QVERIFY2(diagnostics.empty(),
             (name + ": " + (diagnostics.empty() ? "" : diagnostics.front().message)).c_str());
  }
}

void TestGenerator::rowsPairAcrossColdAisles()
{
  // Rows 1 and 2 face each other (+y then −y) across a cold aisle of coldAisleM.
  const GeneratorSpec spec = builtinSpec("h100-superpod-10k");
  const Scene scene = generateScene(spec, Catalog::builtin());
  const auto& rows = scene.site.halls[0].rows;
  QVERIFY(rows.size() >= 2);
  const Rack& a = rows[0].racks[0];
  const Rack& b = rows[1].racks[0];
  QCOMPARE(a.facing, Facing::PlusY);
  QCOMPARE(b.facing, Facing::MinusY);
  QVERIFY(qAbs((b.yM - (a.yM + 1.2)) - spec.coldAisleM) < 1e-9);
}

void TestGenerator::coolingCoversTheAirHeatWithSpare()
{
  // N+1: capacity and airflow minus one unit still cover the air heat (all of it for DGX H100)
  // at a design load of 85 % and the racks' airflow with 15 % margin; no more units than the
  // tighter of the two rules needs. Rack airflow Q = P / (ρ·c_p·ΔT): DGX H100 15 K, switches
  // 12 K (the thermal model's default); ρ·c_p = 1.2 × 1005 J/(m³·K).
  const auto& catalog = Catalog::builtin();
  const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), catalog);
  const SceneCounts c = countScene(scene, catalog);
  const double unit = catalog.part("fanwall-450kw").figure("capacityW").value;
  const double unitAirflow = catalog.part("fanwall-450kw").figure("airflowM3s").value;
  const double rackAirflow = 1280 * 10200.0 / (1206 * 15) + 800 * 1700.0 / (1206 * 12);
  const double units = c.coolingCapacityW / unit;
  QVERIFY((units - 1) * unit * 0.85 >= c.itPowerW);
  QVERIFY((units - 1) * unitAirflow >= 1.15 * rackAirflow);
  QVERIFY((units - 2) * unit * 0.85 < c.itPowerW || (units - 2) * unitAirflow < 1.15 * rackAirflow);
}

void TestGenerator::liquidHallsGetCdusAndALowerPue()
{
  // The same 8,192 DGX H100 GPUs air- and liquid-cooled (cold plates: 85 % of a server's heat
  // to water in the energy model, 80 % in the thermal model). The liquid hall's CDUs carry its
  // liquid heat with the largest unit lost (N+1); its air handlers only the air share.
  const auto& catalog = Catalog::builtin();
  GeneratorSpec spec = builtinSpec("h100-superpod-10k");
  spec.gpuCount = 8192;
  const Scene air = generateScene(spec, catalog);
  spec.cooling = CoolingStyle::Liquid;
  const Scene liquid = generateScene(spec, catalog);
  double cduW = 0, largestCduW = 0, airUnitsW = 0, airUnitsOfAirHallW = 0;
  for (const CoolingUnit& u : liquid.site.halls[0].coolers)
  {
    const double cap = catalog.part(u.model).figure("capacityW").value;
    if (u.kind == CoolerKind::Cdu)
    {
      cduW += cap;
      largestCduW = std::max(largestCduW, cap);
    }
    else
      airUnitsW += cap;
  }
  for (const CoolingUnit& u : air.site.halls[0].coolers)
  {
    QVERIFY(u.kind != CoolerKind::Cdu);
    airUnitsOfAirHallW += catalog.part(u.model).figure("capacityW").value;
  }
  const economics::EconomicsInputs inputs;
  const auto econAir = economics::evaluateEconomics(air, catalog, inputs, false);
  const auto econLiquid = economics::evaluateEconomics(liquid, catalog, inputs, false);
  // Liquid heat at peak: 1,024 nodes × 10.2 kW × 0.85.
  const double liquidPeakW = 1024 * 10200.0 * 0.85;
  QVERIFY(largestCduW > 0);
  QVERIFY(cduW - largestCduW >= liquidPeakW);
  QVERIFY(airUnitsW < airUnitsOfAirHallW / 2);
  // PUE: the liquid share needs no CRAH fans (P_fan = Q·Δp/η for air only) and its 30 °C water
  // is free-cooled far more hours than 15 °C chilled water; pumps add ΔP·Q/η for the water
  // (250 kPa · 8.9 MW / (4186 J/(kg·K) · 10 K · 1000 kg/m³) / 0.7 ≈ 75 kW), far less than the
  // fans and chillers saved. So PUE is lower, not equal.
  QVERIFY(econLiquid.energy.pue < econAir.energy.pue - 0.02);
  QVERIFY(econLiquid.energy.coolingMWh < econAir.energy.coolingMWh);
}

void TestGenerator::impossibleSpecsNameTheParameter()
{
  GeneratorSpec spec = builtinSpec("lab-256");
  spec.nodesPerScalableUnit = 30; // not a multiple of 4 nodes per rack
  try
  {
    generateScene(spec, Catalog::builtin());
    QFAIL("expected SpecError");
  }
  catch (const SpecError& error)
  {
    QVERIFY(QString(error.what()).contains("nodesPerScalableUnit"));
  }
  spec = builtinSpec("lab-256");
  spec.serverModel = "dgx-h999";
  QVERIFY_THROWS_EXCEPTION(SpecError, generateScene(spec, Catalog::builtin()));
  spec = builtinSpec("lab-256");
  spec.gpuCount = 0;
  QVERIFY_THROWS_EXCEPTION(SpecError, generateScene(spec, Catalog::builtin()));
  QVERIFY_THROWS_EXCEPTION(SpecError, builtinSpec("no-such-sample"));
}

QTEST_APPLESS_MAIN(TestGenerator)
#include "test_generator.moc"
