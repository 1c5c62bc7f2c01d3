/**
 * @file test_thermal_containment.cpp
 * Cold-aisle containment in the hall thermal model (docs/models/thermal.md): closing the cold
 * aisles keeps exhaust out of the intakes when the supply is enough, and a supply short of the
 * racks' demand is carried explicitly (room air drawn in over the roof, with a warning), never
 * hidden as an unbalanced region. Generated lab-256 hall, 0.5 m cells.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <QtTest/QtTest>

#include <algorithm>

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

Scene sampleWith(const std::string& name, Containment containment)
{
  Scene scene = generateScene(builtinSpec(name), Catalog::builtin());
  scene.site.halls[0].containment = containment;
  return scene;
}

double hottestInlet(const ThermalResult& r)
{
  double hottest = 0;
  for (const RackThermal& rack : r.racks)
    if (rack.airCooled)
      hottest = std::max(hottest, rack.inletMaxC);
  return hottest;
}

bool hasWarning(const ThermalResult& r, const std::string& text)
{
  return std::any_of(r.warnings.begin(), r.warnings.end(),
                     [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

} // namespace

class TestThermalContainment : public QObject
{
  Q_OBJECT

private slots:
  void coldAisleContainmentLowersHottestInlet();
  void starvedColdAisleDrawsRoomAirExplicitly();
};

void TestThermalContainment::coldAisleContainmentLowersHottestInlet()
{
  // The 10k hall's CRAHs (N+1) supply more air than the racks draw (ratio > 1). With open
  // aisles, exhaust wraps over rack tops and row ends into the intakes (the first row, whose
  // exhaust faces the wall, reaches about 32 °C at the top of its intakes). Sealed cold aisles
  // (rows 1|2 and 3|4 face each other) hold only tile air, the surplus escaping over the roof,
  // so their racks breathe the 20 °C supply: their hottest inlet drops to the supply, the
  // hall's SHI drops, the hall's hottest inlet (row 5, facing the open north side) does not
  // rise by more than the grid's resolution of a hot spot, and energy still balances.
  const ThermalResult open = analyzeHall(sampleWith("h100-superpod-10k", Containment::None), 0,
                                         Catalog::builtin(), coarse());
  const ThermalResult cold = analyzeHall(sampleWith("h100-superpod-10k", Containment::ColdAisle), 0,
                                         Catalog::builtin(), coarse());
  QVERIFY2(open.supplyDemandRatio > 1, qPrintable(QString::number(open.supplyDemandRatio)));
  std::vector<std::string> containedRows;
  for (const AirRack& mover : cold.problem.racks)
    if (mover.id.rfind("leak:out:", 0) == 0)
    {
      const std::string pair = mover.id.substr(9); // "H1-R01|H1-R02"
      containedRows.push_back(pair.substr(0, pair.find('|')) + "-");
      containedRows.push_back(pair.substr(pair.find('|') + 1) + "-");
    }
  QVERIFY(containedRows.size() >= 4);
  const auto hottestContained = [&](const ThermalResult& r)
  {
    double hottest = 0;
    for (const RackThermal& rack : r.racks)
      for (const std::string& row : containedRows)
        if (rack.airCooled && rack.id.rfind(row, 0) == 0)
          hottest = std::max(hottest, rack.inletMaxC);
    return hottest;
  };
  QVERIFY2(hottestContained(cold) < hottestContained(open) - 0.5,
           qPrintable(QString("%1 vs %2").arg(hottestContained(cold)).arg(hottestContained(open))));
  QVERIFY2(hottestContained(cold) < cold.supplyMeanC + 0.5,
           qPrintable(QString::number(hottestContained(cold))));
  // Within 0.1 K: the hottest cell of an open row's intake shifts by a few hundredths of a
  // kelvin when the flow pattern around the sealed aisles changes (0.5 m cells; the generated
  // hall with 39 air handlers: +0.055 K).
  QVERIFY2(hottestInlet(cold) <= hottestInlet(open) + 0.1,
           qPrintable(QString("%1 vs %2").arg(hottestInlet(cold)).arg(hottestInlet(open))));
  QVERIFY(cold.shi < open.shi);
  QVERIFY2(cold.energyBalanceError < 0.01, qPrintable(QString::number(cold.energyBalanceError)));
  QVERIFY(!hasWarning(cold, "not modelled"));
  QVERIFY(!hasWarning(cold, "starved"));
  // Each sealed aisle balances explicitly: nothing is left for the solver to spread.
  QVERIFY2(cold.solution.flowImbalanceM3s < 1e-6 * cold.rackAirflowM3s,
           qPrintable(QString::number(cold.solution.flowImbalanceM3s)));
  // Surplus only: the roof movers carry air out of the aisles, none in.
  int outOfAisle = 0;
  for (const AirRack& mover : cold.problem.racks)
  {
    QVERIFY(mover.id.rfind("leak:in:", 0) != 0);
    outOfAisle += mover.id.rfind("leak:out:", 0) == 0 ? 1 : 0;
  }
  QVERIFY(outOfAisle > 0);
}

void TestThermalContainment::starvedColdAisleDrawsRoomAirExplicitly()
{
  // With a single CRAH the tiles supply far less than the racks draw (ratio < 1): the deficit
  // enters each contained aisle over its roof from the room, warmer than the supply, and the
  // model says so. The flow still balances region by region and heat in = heat out.
  Scene scene = sampleWith("lab-256", Containment::ColdAisle);
  Hall& hall = scene.site.halls[0];
  const auto firstCrah =
    std::find_if(hall.coolers.begin(), hall.coolers.end(),
                 [](const CoolingUnit& c) { return c.kind == CoolerKind::Crah; });
  QVERIFY(firstCrah != hall.coolers.end());
  const CoolingUnit keep = *firstCrah;
  hall.coolers.erase(std::remove_if(hall.coolers.begin(), hall.coolers.end(),
                                    [](const CoolingUnit& c)
                                    { return c.kind == CoolerKind::Crah; }),
                     hall.coolers.end());
  hall.coolers.push_back(keep);
  const ThermalResult starved = analyzeHall(scene, 0, Catalog::builtin(), coarse());
  const ThermalResult supplied =
    analyzeHall(sampleWith("lab-256", Containment::ColdAisle), 0, Catalog::builtin(), coarse());
  QVERIFY2(starved.supplyDemandRatio < 1, qPrintable(QString::number(starved.supplyDemandRatio)));
  QVERIFY(hasWarning(starved, "starved"));
  QVERIFY(starved.solution.flowImbalanceM3s < 1e-6 * starved.rackAirflowM3s);
  QVERIFY2(starved.energyBalanceError < 0.01,
           qPrintable(QString::number(starved.energyBalanceError)));
  QVERIFY(hottestInlet(starved) > hottestInlet(supplied));
}

QTEST_APPLESS_MAIN(TestThermalContainment)
#include "test_thermal_containment.moc"
