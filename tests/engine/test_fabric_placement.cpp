// Tests of switch placement strategies (per-su, end-of-row, middle-of-row, central-row): where
// the generator puts the leaf racks, where the fabric places each switch from the racks'
// current positions, port conservation, and the cable-length ordering the geometry implies.

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

using namespace myriad::engine;
using namespace myriad::engine::fabric;

namespace
{

const Catalog& cat()
{
  return Catalog::builtin();
}

constexpr SwitchPlacement kAll[] = { SwitchPlacement::PerScalableUnit, SwitchPlacement::EndOfRow,
                                     SwitchPlacement::MiddleOfRow, SwitchPlacement::CentralRow };

/** 4 SUs of 32 DGX H100 in one long compute row (32 compute racks) plus the network row. */
Scene fourSuScene(SwitchPlacement placement)
{
  GeneratorSpec spec = builtinSpec("lab-256");
  spec.gpuCount = 4 * 32 * 8;
  spec.scalableUnitsPerRow = 4;
  spec.switchPlacement = placement;
  return generateScene(spec, cat());
}

const Rack& rackOf(const Scene& s, const Location& l)
{
  return s.site.halls.at(l.hall).rows.at(l.row).racks.at(l.rack);
}

double centreX(const Rack& rack)
{
  const Box b = rackBox(rack, cat());
  return 0.5 * (b.x0 + b.x1);
}

bool networkOnlyRow(const Row& row)
{
  return std::all_of(row.racks.begin(), row.racks.end(),
                     [](const Rack& r) { return r.kind == RackKind::Network; });
}

/** x range of the compute racks of scalable unit `su` in row `row`. */
std::pair<double, double> suExtent(const Scene& s, int row, int su)
{
  double lo = 1e300, hi = -1e300;
  for (const Rack& rack : s.site.halls[0].rows[row].racks)
    if (!rack.nodes.empty() && rack.nodes.front().scalableUnit == su)
    {
      lo = std::min(lo, centreX(rack));
      hi = std::max(hi, centreX(rack));
    }
  return { lo, hi };
}

/** Every port used at most once, every switch in a network rack, no two switches share a unit. */
void checkConservation(const FabricGraph& g, const Scene& s)
{
  std::set<std::pair<int, int>> ports;
  for (const Link& l : g.links())
  {
    for (const PortRef& p : { l.a, l.b })
    {
      QVERIFY(p.port >= 0 && p.port < g.device(p.device).ports);
      QVERIFY2(ports.insert({ p.device, p.port }).second, g.device(p.device).id.c_str());
    }
  }
  std::set<std::tuple<int, int, int, int>> units;
  for (const Device& d : g.devices())
  {
    if (d.kind != DeviceKind::Switch)
      continue;
    QVERIFY2(d.location.placed(), d.id.c_str());
    QCOMPARE(rackOf(s, d.location).kind, RackKind::Network);
    for (int u = d.location.slotU; u < d.location.slotU + d.location.heightU; ++u)
      QVERIFY2(units.insert({ d.location.hall, d.location.row, d.location.rack, u }).second,
               d.id.c_str());
  }
}

/** Mean cable length of `tier`. */
double meanLength(const FabricGraph& g, const CablingResult& r, Tier tier)
{
  double sum = 0;
  int n = 0;
  for (const Cable& c : r.cables)
    if (g.links()[c.link].tier == tier)
    {
      sum += c.lengthM;
      ++n;
    }
  return n ? sum / n : 0;
}

} // namespace

class TestFabricPlacement final : public QObject
{
  Q_OBJECT

private slots:
  void generatorPutsLeavesWhereTheStrategySays();
  void meanCableLengthsFollowTheGeometry();
  void fabricPlacementFollowsCurrentRackPositions();
  void movingARowMovesItsCables();
  void genericTopologiesUseTheStrategy();
  void specJsonRoundTripsAndRejectsUnknownNames();
  void tooSmallNetworkRacksAreASpecError();
};

void TestFabricPlacement::generatorPutsLeavesWhereTheStrategySays()
{
  for (const SwitchPlacement placement : kAll)
  {
    const Scene s = fourSuScene(placement);
    const FabricGraph g = buildSuperPod(s, cat());
    checkConservation(g, s);
    QCOMPARE(g.countDevices(DeviceKind::Switch, 1), 32); // 4 SU × 8 rails (C.3 oracle)
    QCOMPARE(g.countDevices(DeviceKind::Switch, 2), 16);
    double computeEast = -1e300;
    for (const Rack& rack : s.site.halls[0].rows[0].racks)
      if (rack.kind == RackKind::Compute)
        computeEast = std::max(computeEast, centreX(rack));
    for (const Device& d : g.devices())
    {
      if (d.kind != DeviceKind::Switch)
        continue;
      const Row& row = s.site.halls[0].rows.at(d.location.row);
      const double x = centreX(rackOf(s, d.location));
      if (d.level >= 2 || placement == SwitchPlacement::CentralRow)
      {
        // Spines always, leaves under central-row: in the central network row.
        QVERIFY2(networkOnlyRow(row), d.id.c_str());
        continue;
      }
      QCOMPARE(d.location.row, 0); // leaves stay in their SU's row
      if (placement == SwitchPlacement::PerScalableUnit)
      {
        const auto [lo, hi] = suExtent(s, 0, d.scalableUnit);
        QVERIFY2(x > lo && x < hi, d.id.c_str()); // inside its SU's racks
      }
      else if (placement == SwitchPlacement::EndOfRow)
      {
        QVERIFY2(x > computeEast, d.id.c_str()); // east of every compute rack
      }
      else
      {
        // Middle of the row: between SU 1's last and SU 2's first compute rack.
        QVERIFY2(x > suExtent(s, 0, 1).second && x < suExtent(s, 0, 2).first, d.id.c_str());
      }
    }
  }
}

void TestFabricPlacement::meanCableLengthsFollowTheGeometry()
{
  // One row of 32 compute racks at 0.6 m pitch; a node's tray distance to its leaf is |Δx|.
  // End-of-row: the racks sit 1…32 pitches from the leaf racks, mean ≈ 16.5 × 0.6 ≈ 9.9 m;
  // middle-of-row: 1…16 pitches on either side, mean ≈ 8.5 × 0.6 ≈ 5.1 m; per-su: 1…4 pitches
  // around each SU's own leaf rack, mean ≈ 2.5 × 0.6 ≈ 1.5 m. Drops and slack are alike for all
  // (±1 m), so node–leaf means order per-su < middle < end with gaps of metres. Central-row puts
  // leaves next to the spines: its leaf–spine cables stay in one row and are the shortest.
  std::map<SwitchPlacement, double> nodeLeaf, leafSpine;
  for (const SwitchPlacement placement : kAll)
  {
    const Scene s = fourSuScene(placement);
    const FabricGraph g = buildSuperPod(s, cat());
    const CablingResult r = routeCables(g, s, cat());
    QCOMPARE(r.unreachable, 0);
    QCOMPARE(static_cast<int>(r.cables.size()), 1024 + 1024); // C.3: 4 SU cable counts
    nodeLeaf[placement] = meanLength(g, r, Tier::NodeLeaf);
    leafSpine[placement] = meanLength(g, r, Tier::LeafSpine);
  }
  QVERIFY(nodeLeaf[SwitchPlacement::PerScalableUnit] + 2 < nodeLeaf[SwitchPlacement::MiddleOfRow]);
  QVERIFY(nodeLeaf[SwitchPlacement::MiddleOfRow] + 3 < nodeLeaf[SwitchPlacement::EndOfRow]);
  for (const SwitchPlacement other : { SwitchPlacement::PerScalableUnit, SwitchPlacement::EndOfRow,
                                       SwitchPlacement::MiddleOfRow })
  {
    QVERIFY(leafSpine[SwitchPlacement::CentralRow] < leafSpine[other]);
  }
}

void TestFabricPlacement::fabricPlacementFollowsCurrentRackPositions()
{
  // Per-su layout, placed end-of-row by the fabric: the row's 32 leaves fill the two network
  // racks of row 0 nearest its east end (16 switches per rack: SU 3's and SU 2's leaf racks).
  // Swap the x of SU 0's and SU 3's leaf racks: the same call now picks SU 0's rack, which is
  // the eastern one now, and SU 2's.
  Scene s = fourSuScene(SwitchPlacement::PerScalableUnit);
  std::vector<int> leafRacks;
  auto& racks = s.site.halls[0].rows[0].racks;
  for (int k = 0; k < static_cast<int>(racks.size()); ++k)
    if (racks[k].kind == RackKind::Network)
      leafRacks.push_back(k);
  QCOMPARE(static_cast<int>(leafRacks.size()), 4);
  auto leafRackOf = [&](const Scene& scene, bool* spinesCentral)
  {
    FabricGraph g = buildSuperPod(scene, cat());
    placeSwitches(g, scene, cat(), SwitchPlacement::EndOfRow);
    checkConservation(g, scene);
    std::set<int> used;
    *spinesCentral = true;
    for (const Device& d : g.devices())
      if (d.kind == DeviceKind::Switch && d.level == 1)
        used.insert(d.location.rack);
      else if (d.kind == DeviceKind::Switch)
        *spinesCentral =
          *spinesCentral && networkOnlyRow(scene.site.halls[0].rows.at(d.location.row));
    return used;
  };
  bool spinesCentral = false;
  QCOMPARE(leafRackOf(s, &spinesCentral), (std::set<int>{ leafRacks[2], leafRacks[3] }));
  QVERIFY(spinesCentral);
  std::swap(racks[leafRacks.front()].xM, racks[leafRacks.back()].xM);
  QCOMPARE(leafRackOf(s, &spinesCentral), (std::set<int>{ leafRacks[0], leafRacks[2] }));
  QVERIFY(spinesCentral);
}

void TestFabricPlacement::movingARowMovesItsCables()
{
  // Move the central network row 3 m further from the compute row. Every leaf–spine cable
  // crosses the aisle between the two rows once on a cross-aisle tray, which grows by 3 m:
  // without slack each such cable is exactly 3 m longer; node–leaf cables stay in row 0.
  for (const SwitchPlacement placement :
       { SwitchPlacement::EndOfRow, SwitchPlacement::PerScalableUnit })
  {
    Scene s = fourSuScene(placement);
    CablingOptions noSlack;
    noSlack.slackMinM = 0;
    noSlack.slackFraction = 0;
    const FabricGraph before = buildSuperPod(s, cat());
    const CablingResult r0 = routeCables(before, s, cat(), noSlack);
    for (Rack& rack : s.site.halls[0].rows[1].racks)
      rack.yM += 3.0;
    const FabricGraph after = buildSuperPod(s, cat());
    const CablingResult r1 = routeCables(after, s, cat(), noSlack);
    QCOMPARE(r1.cables.size(), r0.cables.size());
    for (std::size_t i = 0; i < r0.cables.size(); ++i)
    {
      const Tier tier = before.links()[r0.cables[i].link].tier;
      const double grown = r1.cables[i].lengthM - r0.cables[i].lengthM;
      QVERIFY(std::abs(grown - (tier == Tier::LeafSpine ? 3.0 : 0.0)) < 1e-9);
    }
  }
}

void TestFabricPlacement::genericTopologiesUseTheStrategy()
{
  // A generated clos fabric (its own leaves, 2 tiers) placed per strategy on the end-of-row
  // layout: conservation holds; end-of-row leaves sit east of every compute rack.
  const Scene s = fourSuScene(SwitchPlacement::EndOfRow);
  for (const SwitchPlacement placement : kAll)
  {
    const FabricGraph g = generateForScene("clos", s, cat(), placement);
    checkConservation(g, s);
    const CablingResult r = routeCables(g, s, cat());
    QCOMPARE(r.unreachable, 0);
  }
  const FabricGraph g = generateForScene("clos", s, cat(), SwitchPlacement::EndOfRow);
  for (const Device& d : g.devices())
    if (d.kind == DeviceKind::Switch && d.level == 1)
      QCOMPARE(d.location.row, 0);
}

void TestFabricPlacement::specJsonRoundTripsAndRejectsUnknownNames()
{
  const Scene s = fourSuScene(SwitchPlacement::MiddleOfRow);
  const std::string text = sceneToJson(s);
  QVERIFY(text.find("\"switchPlacement\": \"middle-of-row\"") != std::string::npos ||
          text.find("\"switchPlacement\":\"middle-of-row\"") != std::string::npos);
  QCOMPARE(sceneFromJson(text, "s.json", cat()).spec->switchPlacement,
           SwitchPlacement::MiddleOfRow);
  // Default placement is not written: older files and the samples read back unchanged.
  QVERIFY(sceneToJson(fourSuScene(SwitchPlacement::PerScalableUnit)).find("switchPlacement") ==
          std::string::npos);
  const std::string bad = R"({"serverModel": "dgx-h100", "switchPlacement": "top-of-rack"})";
  try
  {
    specFromJson(bad, "spec.json");
    QFAIL("an unknown placement was accepted");
  }
  catch (const Error& e)
  {
    const std::string what = e.what();
    QVERIFY2(what.find("/switchPlacement") != std::string::npos, e.what());
    QVERIFY2(what.find("end-of-row") != std::string::npos, e.what());
  }
}

void TestFabricPlacement::tooSmallNetworkRacksAreASpecError()
{
  // The per-su layout has 5 network racks (4 leaf racks + 1 spine rack) for 48 switches. At
  // most 10 switches per rack: 50 places, it fits; at most 9: 45 < 48, a SpecError naming the
  // placement and the counts.
  Scene s = fourSuScene(SwitchPlacement::PerScalableUnit);
  FabricGraph g = buildSuperPod(s, cat());
  s.spec->switchesPerNetworkRack = 10;
  placeSwitches(g, s, cat(), SwitchPlacement::EndOfRow);
  checkConservation(g, s);
  s.spec->switchesPerNetworkRack = 9;
  try
  {
    placeSwitches(g, s, cat(), SwitchPlacement::EndOfRow);
    QFAIL("48 switches were placed in 45 places");
  }
  catch (const SpecError& e)
  {
    const std::string what = e.what();
    QVERIFY2(what.find("end-of-row") != std::string::npos, e.what());
    QVERIFY2(what.find("3 switches") != std::string::npos, e.what());
    QVERIFY2(what.find("5 network racks") != std::string::npos, e.what());
  }
}

QTEST_APPLESS_MAIN(TestFabricPlacement)
#include "test_fabric_placement.moc"
