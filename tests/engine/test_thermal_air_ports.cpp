/**
 * @file test_thermal_air_ports.cpp
 * The hall inputs an architect has (docs/models/thermal.md, "Supplies and returns", "Given rack
 * power and airflow"): placed perforated tiles with open area or a measured flow, ceiling return
 * grilles, a rack's given power and airflow, a cooler's fan setting; and the auditor's inlet
 * points (bottom, middle, top of the intake). Hall: samples/halls/hall-tiles-grilles.json
 * (12 × 9 × 3.6 m, 16 racks of 5–38 kW measured, 16 tiles, 6 grilles, supply/demand 0.95),
 * 0.3 m cells.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/engine/validation.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>

using namespace myriad::engine;
using namespace myriad::engine::thermal;

namespace
{

const char* kHallPath = MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json";

ThermalOptions options()
{
  ThermalOptions o;
  o.cellM = 0.3;
  return o;
}

Scene hall()
{
  return loadScene(kHallPath, Catalog::builtin());
}

double flowOf(const ThermalProblem& p, const std::string& id)
{
  for (const AirSupply& s : p.supplies)
    if (s.id == id)
      return s.flowM3s;
  return -1;
}

bool hasWarning(const std::vector<std::string>& warnings, const std::string& text)
{
  return std::any_of(warnings.begin(), warnings.end(),
                     [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

} // namespace

class TestThermalAirPorts final : public QObject
{
  Q_OBJECT

private slots:
  void tilesShareTheSupplyByOpenArea();
  void measuredTileKeepsItsFlow();
  void measuredFlowsThatDoNotAddUpAreScaledAndSaid();
  void closedTilesAreAnError();
  void grillesReturnFromTheCeiling();
  void givenRackPowerIsTheHeatEveryModelUses();
  void givenAirflowSetsTheHeatRise();
  void coolerFanSettingStarvesTheHall();
  void inletPointsSeeTheStratification();
  void tileJetsEntrainRoomAirAtTheRowEnds();
  void tileJetsAreSlowedByTheRacksSuction();
  void aisleEndDoorsKeepTheRoomAirOut();
  void badPortsAreReported();
};

void TestThermalAirPorts::tilesShareTheSupplyByOpenArea()
{
  // Uniform plenum pressure: Q_i ∝ open area (thermal_ports.h). The hall's tiles are 0.6 × 0.6 m
  // at 25 % or 56 % open, so a grate passes 56/25 = 2.24 times a standard tile, and all tiles
  // together pass the two units' set 2 × 8.48 m³/s.
  const ThermalProblem p = buildThermalProblem(hall().site.halls[0], Catalog::builtin(), options());
  double total = 0;
  for (const AirSupply& s : p.supplies)
  {
    QVERIFY2(s.id.rfind("tile:", 0) == 0, s.id.c_str());
    QCOMPARE(s.temperatureC, 18.0);
    total += s.flowM3s;
  }
  QCOMPARE(p.supplies.size(), std::size_t(16));
  QVERIFY(std::abs(total - 2 * 8.48) < 1e-9);
  // R01: K06 (36 kW) has a grate, K01 (8 kW) a standard tile.
  const double grate = flowOf(p, "tile:H1-T-R01-06"), standard = flowOf(p, "tile:H1-T-R01-01");
  QVERIFY(grate > 0 && standard > 0);
  QVERIFY2(std::abs(grate / standard - 56.0 / 25.0) < 1e-9, qPrintable(QString::number(grate)));
}

void TestThermalAirPorts::measuredTileKeepsItsFlow()
{
  // A tile with a measured flow passes that flow; the other 15 share the rest by open area.
  Scene scene = hall();
  scene.site.halls[0].tiles[0].flowM3s = 0.9;
  const ThermalProblem p = buildThermalProblem(scene.site.halls[0], Catalog::builtin(), options());
  QCOMPARE(flowOf(p, "tile:" + scene.site.halls[0].tiles[0].id), 0.9);
  double total = 0;
  for (const AirSupply& s : p.supplies)
    total += s.flowM3s;
  QVERIFY(std::abs(total - 2 * 8.48) < 1e-9);
}

void TestThermalAirPorts::measuredFlowsThatDoNotAddUpAreScaledAndSaid()
{
  // Every tile measured at 0.5 m³/s = 8 m³/s, but the units move 16.96: mass must be conserved,
  // so each measured flow is scaled by 16.96 / 8 = 2.12 and a warning says so.
  Scene scene = hall();
  for (FloorTile& tile : scene.site.halls[0].tiles)
    tile.flowM3s = 0.5;
  std::vector<std::string> warnings;
  const ThermalProblem p =
    buildThermalProblem(scene.site.halls[0], Catalog::builtin(), options(), &warnings);
  QVERIFY(std::abs(flowOf(p, "tile:H1-T-R01-01") - 0.5 * 16.96 / 8) < 1e-9);
  QVERIFY(hasWarning(warnings, "measured tile flows add up to 8 m³/s"));
}

void TestThermalAirPorts::closedTilesAreAnError()
{
  Scene scene = hall();
  for (FloorTile& tile : scene.site.halls[0].tiles)
    tile.openAreaPct = 0;
  try
  {
    buildThermalProblem(scene.site.halls[0], Catalog::builtin(), options());
    QFAIL("expected an error");
  }
  catch (const Error& e)
  {
    QVERIFY2(std::string(e.what()).find("hall H1: no floor tile passes air") != std::string::npos,
             e.what());
  }
}

void TestThermalAirPorts::grillesReturnFromTheCeiling()
{
  // With ceiling grilles the units draw the room air through them: the sinks lie in the top cell
  // layer, share the flow by grille area (all equal here: 6 × 16.96 / 6), and each unit's return
  // temperature is the plenum mix, so both units see the same return. Energy still balances.
  const Scene scene = hall();
  const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), options());
  const ThermalGrid& g = r.problem.grid;
  QCOMPARE(r.problem.sinks.size(), std::size_t(6));
  for (const AirSink& s : r.problem.sinks)
  {
    QVERIFY2(s.id.rfind("grille:", 0) == 0, s.id.c_str());
    QVERIFY(std::abs(s.flowM3s - 16.96 / 6) < 1e-9);
    for (auto c : s.cells)
      QCOMPARE(int(c / (g.nx * g.ny)), g.nz - 1);
  }
  QCOMPARE(r.coolers.size(), std::size_t(2));
  QVERIFY(std::abs(r.coolers[0].returnC - r.coolers[1].returnC) < 1e-9);
  QVERIFY2(r.coolers[0].returnC > 18.0, qPrintable(QString::number(r.coolers[0].returnC)));
  QVERIFY2(r.energyBalanceError < 0.01, qPrintable(QString::number(r.energyBalanceError)));
}

void TestThermalAirPorts::givenRackPowerIsTheHeatEveryModelUses()
{
  // The racks' measured powers add up to 323 kW (the file's figures). Heat in the thermal model,
  // the power chain's operating load and the query's rack power all read it, at any utilisation
  // (a measured figure is not scaled). Without the figures the contents' catalog maximum
  // applies: 38 DGX H100 at 10.2 kW = 387.6 kW.
  const Scene scene = hall();
  ThermalOptions half = options();
  half.utilisation = 0.5;
  const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), half);
  QVERIFY(std::abs(r.heatInW - 323000) < 1e-6);
  const auto chain = economics::analyzePowerChain(scene, Catalog::builtin(), 0.5);
  double operating = 0;
  for (const auto& rack : chain.racks)
    operating += rack.operatingW;
  QVERIFY(std::abs(operating - 323000) < 1e-6);
  QCOMPARE(countScene(scene, Catalog::builtin()).itPowerW, 323000.0);
  // Economics: the IT load at the operating utilisation and at peak are both the given 323 kW.
  economics::EconomicsInputs inputs;
  inputs.utilisation = 0.5;
  const auto money = economics::evaluateEconomics(scene, Catalog::builtin(), inputs, false);
  QVERIFY2(std::abs(money.kpis.itMW - 0.323) < 1e-9, qPrintable(QString::number(money.kpis.itMW)));
  QVERIFY(std::abs(money.kpis.itPeakMW - 0.323) < 1e-9);

  Scene catalogPower = scene;
  int nodes = 0;
  for (Row& row : catalogPower.site.halls[0].rows)
    for (Rack& rack : row.racks)
    {
      rack.powerW = 0;
      nodes += int(rack.nodes.size());
    }
  QCOMPARE(nodes, 38);
  QCOMPARE(countScene(catalogPower, Catalog::builtin()).itPowerW, 38 * 10200.0);
}

void TestThermalAirPorts::givenAirflowSetsTheHeatRise()
{
  // R01-K03 draws 32 kW; with its DGX ΔT of 15 K its fans would move 32000/(1206·15) = 1.769
  // m³/s. Given 1.2 m³/s instead, its air heats by 32000/(1206·1.2) = 22.1 K.
  Scene scene = hall();
  scene.site.halls[0].rows[0].racks[2].airflowM3s = 1.2;
  const ThermalProblem p = buildThermalProblem(scene.site.halls[0], Catalog::builtin(), options());
  const auto it = std::find_if(p.racks.begin(), p.racks.end(),
                               [](const AirRack& r) { return r.id == "H1-R01-K03"; });
  QVERIFY(it != p.racks.end());
  QCOMPARE(it->flowM3s, 1.2);
  QVERIFY2(std::abs(it->heatRiseK - 32000 / (kAirRhoCp * 1.2)) < 1e-9,
           qPrintable(QString::number(it->heatRiseK)));
}

void TestThermalAirPorts::coolerFanSettingStarvesTheHall()
{
  // The units' fans are set to 2 × 8.48 m³/s against the racks' 17.86 m³/s: supply/demand 0.95.
  // The solver still solves (the racks recirculate their own exhaust), the ratio is reported,
  // and the design checks warn about the starved hall. At the catalog airflow (16.6 m³/s each)
  // the ratio is 33.2 / 17.86 = 1.86 and the warning goes.
  const Scene scene = hall();
  const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), options());
  QVERIFY2(std::abs(r.supplyDemandRatio - 16.96 / 17.855) < 1e-3,
           qPrintable(QString::number(r.supplyDemandRatio)));
  for (const RackThermal& rack : r.racks)
    QVERIFY(std::isfinite(rack.inletMeanC) && rack.inletMeanC >= 18.0 - 1e-6);
  auto starved = [](const Scene& s)
  {
    for (const Diagnostic& d : coolingDiagnostics(s, Catalog::builtin(), { 1.0 }))
      if (d.message.find("starved hall") != std::string::npos)
        return true;
    return false;
  };
  QVERIFY(starved(scene));
  Scene catalogFans = scene;
  for (CoolingUnit& unit : catalogFans.site.halls[0].coolers)
    unit.airflowM3s = 0;
  QVERIFY(!starved(catalogFans));
}

void TestThermalAirPorts::inletPointsSeeTheStratification()
{
  // Short of air, racks draw their shortfall from the warm room above the tile jets: every
  // rack's inlet is coolest at the bottom (tile air) and warmer at the top. The points lie
  // between the coldest and hottest intake cell, and the ASHRAE class reads the hottest point.
  const ThermalResult r = analyzeHall(hall(), 0, Catalog::builtin(), options());
  int stratified = 0;
  for (const RackThermal& rack : r.racks)
  {
    for (double point : { rack.inletBottomC, rack.inletMiddleC, rack.inletTopC })
      QVERIFY(point >= rack.inletMinC - 1e-9 && point <= rack.inletMaxC + 1e-9);
    stratified += rack.inletTopC > rack.inletBottomC + 0.5;
    QCOMPARE(rack.withinRecommended, rack.auditInletMaxC() <= 27.05);
  }
  QVERIFY2(stratified >= 12, qPrintable(QString::number(stratified)));
}

void TestThermalAirPorts::tileJetsEntrainRoomAirAtTheRowEnds()
{
  // Ricou & Spalding: a jet of Q0 and momentum flux M0 = Q0²/A entrains e·√M0 per metre of
  // rise, e = 0.32·√π/2 = 0.2836. A standard tile here (0.6 × 0.6 m, 25 % open) passes
  // Q0 = 16.96 · 9 / 233.28 = 0.6543 m³/s (its open area over the 16 tiles'), √M0 = 1.0905 m²/s,
  // e·√M0 = 0.3093 m³/s per m. It stands before H1-R01-K01 (8 kW at 15 K: Q_r = 0.4422 m³/s),
  // whose 16 intake cells (2 wide, 8 layers up to 2.4 m) all lie over it: suction
  // s = 0.4422 / 2.4 = 0.1843 m³/s per m. The jet equations (thermal_jets.h) integrated to
  // z = 2.4 m (the layer above the 2.26 m racks at 0.3 m cells; RK4 with 10⁵ steps outside the
  // engine) leave Q_e = 0.4857 m³/s of entrained air (the free jet: 0.742), and the mover
  // lifts E = C·Q_e = 2.4 · 0.4857 = 1.1656 m³/s.
  const Scene scene = hall();
  const ThermalProblem p = buildThermalProblem(scene.site.halls[0], Catalog::builtin(), options());
  const auto jet = std::find_if(p.racks.begin(), p.racks.end(),
                                [](const AirRack& r) { return r.id == "leak:jet:H1-T-R01-01"; });
  QVERIFY(jet != p.racks.end());
  QVERIFY2(std::abs(jet->flowM3s - 1.1656) < 0.002, qPrintable(QString::number(jet->flowM3s)));
  QCOMPARE(jet->heatRiseK, 0.0);
  // The jets draw cold aisle air up past the intakes; what the racks miss comes in through the
  // open aisle ends, so the end racks (K01, K08 of both rows: 5–24 kW) breathe warm room air —
  // as the CFD of this hall shows (27.8–29.7 °C there, docs/models/thermal-cfd.md). Without
  // the jets the model gives them tile air (19–20 °C).
  ThermalOptions off = options();
  off.tileJetEntrainment = 0;
  const ThermalResult with = analyzeHall(scene, 0, Catalog::builtin(), options());
  const ThermalResult without = analyzeHall(scene, 0, Catalog::builtin(), off);
  QVERIFY(std::none_of(without.problem.racks.begin(), without.problem.racks.end(),
                       [](const AirRack& r) { return r.id.rfind("leak:jet:", 0) == 0; }));
  for (const char* end : { "H1-R01-K01", "H1-R01-K08", "H1-R02-K01", "H1-R02-K08" })
  {
    auto inlet = [&](const ThermalResult& r)
    {
      return std::find_if(r.racks.begin(), r.racks.end(),
                          [&](const RackThermal& k) { return k.id == end; })
        ->inletMeanC;
    };
    QVERIFY2(inlet(without) < 20.5 && inlet(with) > 25.0,
             qPrintable(QString("%1: %2 → %3").arg(end).arg(inlet(without)).arg(inlet(with))));
  }
  QVERIFY2(with.energyBalanceError < 0.01, qPrintable(QString::number(with.energyBalanceError)));
}

namespace
{

/** The entrainment movers' flows by tile id. */
std::map<std::string, double> jetFlows(const Scene& scene)
{
  std::map<std::string, double> flows;
  const ThermalProblem p = buildThermalProblem(scene.site.halls[0], Catalog::builtin(), options());
  for (const AirRack& r : p.racks)
    if (r.id.rfind("leak:jet:", 0) == 0)
      flows[r.id.substr(9)] = r.flowM3s;
  return flows;
}

} // namespace

void TestThermalAirPorts::tileJetsAreSlowedByTheRacksSuction()
{
  // Without suction the law is the free jet: racks that draw (almost) nothing leave every jet
  // at Ricou & Spalding's E = C·0.32·Q0·z/d0; for H1-T-R01-01 (Q0 = 0.6543 m³/s, d0 = 0.677 m,
  // z = 2.4 m) 2.4 · 0.7422 = 1.7814 m³/s.
  Scene idle = hall();
  for (Row& row : idle.site.halls[0].rows)
    for (Rack& rack : row.racks)
      rack.airflowM3s = 1e-6;
  const double free = jetFlows(idle).at("H1-T-R01-01");
  QVERIFY2(std::abs(free - 1.7814) < 0.002, qPrintable(QString::number(free)));
  // A rack that draws more than its jet carries swallows it below its top (s = 3/2.4 =
  // 1.25 m³/s per m against 0.65 m³/s + 0.31 m³/s per m): no room air is lifted past it.
  Scene hungry = hall();
  hungry.site.halls[0].rows[0].racks[0].airflowM3s = 3.0;
  QVERIFY(jetFlows(hungry).count("H1-T-R01-01") == 0);
  // Same racks, fans at supply/demand 0.8 and 1.5: a free jet lifts a fixed multiple of its own
  // flow (0.32·z/d0), but against the same suction the weaker jets of the starved hall lift
  // less per unit of tile flow, on every tile.
  auto perTileFlow = [](double ratio)
  {
    Scene s = hall();
    for (CoolingUnit& unit : s.site.halls[0].coolers)
      unit.airflowM3s = ratio * 17.855 / 2;
    return jetFlows(s);
  };
  const auto starved = perTileFlow(0.8), oversupplied = perTileFlow(1.5);
  QCOMPARE(oversupplied.size(), std::size_t(16));
  for (const auto& [tile, flow] : oversupplied)
  {
    const double lifted = starved.count(tile) ? starved.at(tile) / 0.8 : 0.0;
    QVERIFY2(lifted < flow / 1.5,
             qPrintable(QString::fromStdString(tile) + ": " + QString::number(lifted) + " vs " +
                        QString::number(flow / 1.5)));
  }
}

void TestThermalAirPorts::aisleEndDoorsKeepTheRoomAirOut()
{
  // Doors at both ends of the cold aisle (to rack height, top open): the air the tile jets lift
  // past the intakes can no longer be replaced through the aisle ends, only from above, so the
  // four row-end racks, which breathed 27–28 °C room air without doors, get cooler air by
  // several kelvin; the doors are solid cells at the aisle ends, and energy still balances.
  Scene doors = hall();
  doors.site.halls[0].containment = Containment::ColdAisleDoors;
  const ThermalResult open = analyzeHall(hall(), 0, Catalog::builtin(), options());
  const ThermalResult closed = analyzeHall(doors, 0, Catalog::builtin(), options());
  const ThermalGrid& g = closed.problem.grid;
  // The aisle (y 3.8–5.6 m) ends at x = 3.6 and 8.4 m: the door cells just outside, 1 m up.
  const int k = int(1.0 / g.cellM), j = int(4.7 / g.cellM);
  const int west = int(std::lround(3.6 / g.cellM)) - 1, east = int(std::lround(8.4 / g.cellM));
  QVERIFY(g.solid[g.index(west, j, k)]);
  QVERIFY(g.solid[g.index(east, j, k)]);
  QVERIFY(!open.problem.grid.solid[g.index(east, j, k)]);
  for (const char* end : { "H1-R01-K01", "H1-R01-K08", "H1-R02-K01", "H1-R02-K08" })
  {
    auto inlet = [&](const ThermalResult& r)
    {
      return std::find_if(r.racks.begin(), r.racks.end(),
                          [&](const RackThermal& x) { return x.id == end; })
        ->inletMeanC;
    };
    QVERIFY2(inlet(closed) < inlet(open) - 2.0,
             qPrintable(QString("%1: %2 → %3").arg(end).arg(inlet(open)).arg(inlet(closed))));
  }
  QVERIFY2(closed.energyBalanceError < 0.01,
           qPrintable(QString::number(closed.energyBalanceError)));
}

void TestThermalAirPorts::badPortsAreReported()
{
  // Files: an open area above 100 % is refused naming the JSON path and the range.
  std::ifstream in(kHallPath);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string bad = [&]
  {
    std::string t = text;
    t.replace(t.find("\"openAreaPct\": 25.0"), 19, "\"openAreaPct\": 120");
    return t;
  }();
  try
  {
    sceneFromJson(bad, "hall.json", Catalog::builtin());
    QFAIL("expected an error");
  }
  catch (const Error& e)
  {
    const std::string what = e.what();
    QVERIFY2(what.find("hall.json") != std::string::npos &&
               what.find("/site/halls/0/tiles/") != std::string::npos &&
               what.find("openAreaPct") != std::string::npos &&
               what.find("100") != std::string::npos,
             e.what());
  }
  // Validation: a grille outside the hall and tiles in a hall without raised floor are errors.
  Scene scene = hall();
  scene.site.halls[0].grilles[0].xM = 30;
  scene.site.halls[0].raisedFloorM = 0;
  const auto found = validateScene(scene, Catalog::builtin());
  auto has = [&](const std::string& path, const std::string& words)
  {
    return std::any_of(found.begin(), found.end(),
                       [&](const Diagnostic& d) {
                         return d.jsonPath.find(path) == 0 &&
                                d.message.find(words) != std::string::npos;
                       });
  };
  QVERIFY(has("/site/halls/0/grilles/0", "outside hall H1"));
  QVERIFY(has("/site/halls/0/tiles/0", "no raised floor"));
  // A given power above the PDU capacity is flagged like a catalog one.
  scene = hall();
  scene.site.halls[0].rows[0].racks[0].powerW = 50000;
  const auto over = validateScene(scene, Catalog::builtin());
  QVERIFY(std::any_of(over.begin(), over.end(),
                      [](const Diagnostic& d)
                      { return d.message.find("over its PDU capacity") != std::string::npos; }));
}

QTEST_GUILESS_MAIN(TestThermalAirPorts)
#include "test_thermal_air_ports.moc"
