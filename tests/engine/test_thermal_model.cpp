/**
 * @file test_thermal_model.cpp
 * The hall thermal model on generated samples: energy balance, physical bounds of the inlet
 * temperatures, the effect of turning a rack around, warm restart, liquid and rear-door shares,
 * hot-aisle containment, and rejection of unphysical input. Coarse cells (0.5 m) keep it fast.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::thermal;

namespace
{

ThermalOptions coarse()
{
  ThermalOptions o;
  o.cellM = 0.5;
  return o;
}

Scene sample(const std::string& name)
{
  return generateScene(builtinSpec(name), Catalog::builtin());
}

bool throwsNaming(const std::function<void()>& body, const std::string& a, const std::string& b)
{
  try
  {
    body();
  }
  catch (const Error& e)
  {
    const std::string what = e.what();
    return what.find(a) != std::string::npos && what.find(b) != std::string::npos;
  }
  return false;
}

const RackThermal& rackById(const ThermalResult& r, const std::string& id)
{
  return *std::find_if(r.racks.begin(), r.racks.end(), [&](auto& k) { return k.id == id; });
}

} // namespace

class TestThermalModel final : public QObject
{
  Q_OBJECT

private slots:
  void energyBalanceLab256();
  void energyBalance10k();
  void reversedRackHeatsItsNeighbours();
  void hotAisleContainmentCutsRecirculation();
  void liquidShareGoesToCdus();
  void rearDoorCoolsExhaust();
  void rejectsUnphysicalInput();
};

void TestThermalModel::energyBalanceLab256()
{
  // Steady state: every watt the racks put into the air leaves through the cooler returns
  // (walls are adiabatic), so heat in = heat removed to within 1 %. Heat in is the catalog
  // maximum IT power (utilisation = 1). With only supply air and rack heating, no inlet can be
  // colder than the coldest supply or hotter than the hottest exhaust (maximum principle).
  const Scene scene = sample("lab-256");
  const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), coarse());
  QVERIFY(r.heatInW > 0);
  QVERIFY(std::abs(r.heatInW - countScene(scene, Catalog::builtin()).itPowerW) < 1e-6 * r.heatInW);
  QVERIFY2(r.energyBalanceError < 0.01, qPrintable(QString::number(r.energyBalanceError)));
  double maxExhaust = 0;
  for (const auto& k : r.racks)
    maxExhaust = std::max(maxExhaust, k.exhaustC);
  for (const auto& k : r.racks)
    if (k.airCooled)
    {
      QVERIFY(k.inletMeanC >= r.supplyMeanC - 1e-6);
      QVERIFY(k.inletMaxC <= maxExhaust + 1e-6);
      QVERIFY(k.exhaustC > k.inletMeanC);
    }
  QVERIFY(r.rciHi <= 100 && r.shi >= 0 && r.shi < 1);
  QCOMPARE(r.rhi, 1 - r.shi);
}

void TestThermalModel::energyBalance10k()
{
  // The 10k-GPU sample (about 13 MW): same balance, and the cooler loads add up to the air heat.
  const Scene scene = sample("h100-superpod-10k");
  const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), coarse());
  QVERIFY2(r.energyBalanceError < 0.01, qPrintable(QString::number(r.energyBalanceError)));
  double loads = 0;
  for (const auto& c : r.coolers)
    if (c.kind == CoolerKind::Crah || c.kind == CoolerKind::InRow)
      loads += c.loadW;
  QVERIFY(std::abs(loads - r.airHeatRemovedW) < 0.01 * r.heatToAirW);
  QVERIFY(r.racks.size() > 300);
}

void TestThermalModel::reversedRackHeatsItsNeighbours()
{
  // Turning one rack around makes it blow its 15 K-hotter exhaust into the cold aisle: the inlets
  // of the racks next to it and across the aisle get warmer. The tiles supply 2.6 times the rack
  // airflow (bypass), which dilutes the exhaust, so the worst neighbour warms by a few tenths of a
  // kelvin at 0.5 m cells: more than 0.1 K, far above solver noise (1e-6 K).
  // Re-solving from the previous field (warm start) gives the same answer (to 1e-3 K) with no
  // more flow iterations than a cold solve (the potential changes only near the rack).
  Scene scene = sample("lab-256");
  scene.site.halls[0].containment = Containment::None;
  const ThermalOptions o = coarse();
  const ThermalResult before = analyzeHall(scene, 0, Catalog::builtin(), o);
  Row& row = scene.site.halls[0].rows.front();
  Rack& rack = row.racks[row.racks.size() / 2];
  rack.facing = rack.facing == Facing::PlusY ? Facing::MinusY : Facing::PlusY;
  const ThermalResult cold = analyzeHall(scene, 0, Catalog::builtin(), o);
  const ThermalResult warm =
    analyzeHall(scene, 0, Catalog::builtin(), o, nullptr, &before.solution);
  double worst = 0;
  for (const auto& k : cold.racks)
    if (k.airCooled && k.id != rack.id)
      worst = std::max(worst, k.inletMaxC - rackById(before, k.id).inletMaxC);
  QVERIFY2(worst > 0.1, qPrintable(QString::number(worst)));
  qInfo("cold: flow %d, temperature %d iterations; warm: flow %d, temperature %d",
        cold.solution.flowIterations, cold.solution.temperatureIterations,
        warm.solution.flowIterations, warm.solution.temperatureIterations);
  QVERIFY(warm.solution.flowIterations <= cold.solution.flowIterations);
  for (std::size_t i = 0; i < cold.racks.size(); ++i)
    QVERIFY(std::abs(warm.racks[i].inletMeanC - cold.racks[i].inletMeanC) < 1e-3);
}

void TestThermalModel::hotAisleContainmentCutsRecirculation()
{
  // On the 10k sample (cooler/rack airflow 1.04), closing the hot aisles and ducting them to the
  // CRAHs keeps exhaust out of the room: less heat reaches the rack inlets (lower SHI) and the
  // hottest inlet drops. Both runs stay energy-balanced.
  Scene scene = sample("h100-superpod-10k");
  scene.site.halls[0].containment = Containment::HotAisle;
  const ThermalResult contained = analyzeHall(scene, 0, Catalog::builtin(), coarse());
  scene.site.halls[0].containment = Containment::None;
  const ThermalResult open = analyzeHall(scene, 0, Catalog::builtin(), coarse());
  auto hottest = [](const ThermalResult& r)
  {
    double m = 0;
    for (const auto& k : r.racks)
      m = std::max(m, k.inletMaxC);
    return m;
  };
  QVERIFY2(contained.shi < open.shi,
           qPrintable(QString("%1 vs %2").arg(contained.shi).arg(open.shi)));
  QVERIFY(hottest(contained) < hottest(open) - 1.0);
  // Intakes above 27 °C pull RCI_HI below 100 %; the open hall has some (hottest above 32 °C).
  QVERIFY(hottest(open) > 32.0);
  QVERIFY(open.rciHi < 100.0 && open.rciHi < contained.rciHi + 1e-9);
  QVERIFY(contained.energyBalanceError < 0.01 && open.energyBalanceError < 0.01);
}

void TestThermalModel::liquidShareGoesToCdus()
{
  // Liquid-cooled GB200 racks send the catalog share (85 % of tray power) to liquid; only the
  // rest enters the air model, and the CDUs carry the liquid share between them.
  GeneratorSpec spec = builtinSpec("gb200-nvl72-10k");
  spec.gpuCount = 576;
  const Scene scene = generateScene(spec, Catalog::builtin());
  const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), coarse());
  QVERIFY(r.liquidHeatW > 0);
  double cdu = 0;
  for (const auto& c : r.coolers)
    if (c.kind == CoolerKind::Cdu)
      cdu += c.loadW;
  QVERIFY(std::abs(cdu - r.liquidHeatW) < 1e-6 * r.liquidHeatW);
  QVERIFY(std::abs(r.heatToAirW + r.liquidHeatW - r.heatInW) < 1e-6 * r.heatInW);
  const double trayW = Catalog::builtin().part("gb200-nvl72-tray").figure("powerMaxW").value;
  for (const auto& k : r.racks)
    for (const auto& row : scene.site.halls[0].rows)
      for (const auto& rack : row.racks)
        if (rack.id == k.id && rack.cooling == CoolingStyle::Liquid)
        {
          int trays = 0;
          for (const auto& n : rack.nodes)
            trays += n.model == "gb200-nvl72-tray";
          QVERIFY(std::abs(k.liquidHeatW - 0.85 * trays * trayW) < 1e-6 * k.powerW);
        }
  QVERIFY(r.energyBalanceError < 0.01);
}

void TestThermalModel::rearDoorCoolsExhaust()
{
  // A 50 kW rear door on a rack whose air heat is below 50 kW removes all of it: the exhaust
  // leaves at the inlet temperature and the door's load equals the rack's air heat.
  Scene scene = sample("lab-256");
  Hall& hall = scene.site.halls[0];
  const Rack& rack = hall.rows.front().racks.front();
  CoolingUnit door;
  door.id = "rdhx-test";
  door.model = "rdhx-50kw";
  door.kind = CoolerKind::RearDoor;
  door.rackId = rack.id;
  hall.coolers.push_back(door);
  const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), coarse());
  const RackThermal& k = rackById(r, rack.id);
  QVERIFY(k.rearDoorHeatW > 0 && k.rearDoorHeatW <= 50000);
  QVERIFY(std::abs(k.exhaustC - k.inletMeanC) < 1e-9);
  QVERIFY(std::abs(r.coolers.back().loadW - k.rearDoorHeatW) < 1e-6);
  QVERIFY(r.energyBalanceError < 0.01);
}

void TestThermalModel::rejectsUnphysicalInput()
{
  const Catalog& cat = Catalog::builtin();
  Scene scene = sample("lab-256");
  Hall& hall = scene.site.halls[0];
  const std::string coolerId = hall.coolers.front().id;
  hall.coolers.front().supplySetpointC = 50;
  QVERIFY(
    throwsNaming([&] { buildThermalProblem(hall, cat, coarse()); }, coolerId, "supplySetpointC"));
  hall.coolers.front().supplySetpointC = 18;
  hall.coolers.front().model = "no-such-cooler";
  QVERIFY(throwsNaming([&] { buildThermalProblem(hall, cat, coarse()); }, coolerId, "capacityW"));
  hall.coolers.front().model = "crah-250kw";
  ThermalOptions tiny = coarse();
  tiny.cellM = 0.01;
  QVERIFY(throwsNaming([&] { buildThermalProblem(hall, cat, tiny); }, "cellM", "0.01"));
  ThermalOptions small = coarse();
  small.cellM = 0.1;
  small.memoryLimitBytes = 1e6;
  QVERIFY(throwsNaming([&] { buildThermalProblem(hall, cat, small); }, hall.id, "MB"));
  // A powered rack pushed against the wall with its front to the wall has no intake path.
  Rack& rack = hall.rows.front().racks.front();
  rack.facing = Facing::MinusY;
  rack.yM = 0;
  QVERIFY(throwsNaming([&] { buildThermalProblem(hall, cat, coarse()); }, rack.id, "intake"));
}

QTEST_APPLESS_MAIN(TestThermalModel)
#include "test_thermal_model.moc"
