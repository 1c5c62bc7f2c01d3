// Tests of the recorded cable routes: every tray-routed cable names the tray segments it runs
// along, in order from its A rack to its B rack, and the route explains the cable's length and
// the trays' cable counts (what the 3D view draws must be what the model measured).

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace myriad::engine;
using namespace myriad::engine::fabric;

namespace
{

const Catalog& cat()
{
  return Catalog::builtin();
}

bool near(double a, double b, double tolerance = 1e-6)
{
  return std::abs(a - b) <= tolerance;
}

double segmentLength(const TraySegment& s)
{
  return std::hypot(s.x1 - s.x0, s.y1 - s.y0);
}

/** Tray drop point of a device: its rack's centre in plan. */
std::pair<double, double> dropPoint(const Scene& scene, const Location& loc)
{
  const Rack& rack = scene.site.halls.at(loc.hall).rows.at(loc.row).racks.at(loc.rack);
  const Box b = rackBox(rack, cat());
  return { 0.5 * (b.x0 + b.x1), 0.5 * (b.y0 + b.y1) };
}

/** Walk a route from (x, y); returns the end point, or NaN when two segments do not meet. */
std::pair<double, double> walk(const CablingResult& r, const CableRoute& route, double x, double y)
{
  for (const int s : route.segments)
  {
    const TraySegment& t = r.trays.at(s);
    if (near(t.x0, x, 1e-9) && near(t.y0, y, 1e-9))
    {
      x = t.x1;
      y = t.y1;
    }
    else if (near(t.x1, x, 1e-9) && near(t.y1, y, 1e-9))
    {
      x = t.x0;
      y = t.y0;
    }
    else
    {
      return { std::nan(""), std::nan("") };
    }
  }
  return { x, y };
}

} // namespace

class TestFabricRoutes final : public QObject
{
  Q_OBJECT

private slots:
  void routesRunFromRackAToRackB();
  void routeExplainsTheCableLength();
  void trayCountsEqualCablesOnTheirRoutes();
  void sameRackCablesHaveNoRoute();
  void networkRowTraysAreStacked();
};

void TestFabricRoutes::routesRunFromRackAToRackB()
{
  // The lab sample spreads leaves, spines and nodes over several rows: routes cross rows.
  const Scene scene = generateScene(builtinSpec("lab-256"), cat());
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  int routed = 0;
  bool crossRow = false;
  for (const Cable& c : r.cables)
  {
    if (c.route < 0)
    {
      continue;
    }
    ++routed;
    const Link& l = g.links()[c.link];
    const Location& a = g.device(l.a.device).location;
    const Location& b = g.device(l.b.device).location;
    crossRow = crossRow || a.row != b.row;
    const CableRoute& route = r.routes.at(c.route);
    QCOMPARE(route.hall, a.hall);
    const auto [ax, ay] = dropPoint(scene, a);
    const auto [bx, by] = dropPoint(scene, b);
    // A drop point sits on its row tray (at the mean Y of the row's rack centres, which is the
    // racks' own centre Y in a generated row); the walk must end at B's drop point.
    QVERIFY(near(r.trays.at(route.segments.front()).y0, ay));
    const auto [ex, ey] = walk(r, route, ax, ay);
    QVERIFY2(!std::isnan(ex), "consecutive tray segments of a route must share an end point");
    QVERIFY(near(ex, bx, 1e-9));
    QVERIFY(near(ey, by, 1e-9));
  }
  QVERIFY(routed > 0);
  QVERIFY(crossRow);
}

void TestFabricRoutes::routeExplainsTheCableLength()
{
  // ℓ = (Z_t − z_A) + Σ segment lengths + (Z_t − z_B) + max(1 m, 5 % of that), z = middle of
  // the device's rack units.
  const Scene scene = generateScene(builtinSpec("lab-256"), cat());
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  auto portZ = [&](const Location& loc)
  {
    const Rack& rack = scene.site.halls[loc.hall].rows[loc.row].racks[loc.rack];
    const Box b = slotBox(rack, loc.slotU, loc.heightU, cat());
    return 0.5 * (b.z0 + b.z1);
  };
  int checked = 0;
  for (const Cable& c : r.cables)
  {
    if (c.route < 0)
    {
      continue;
    }
    const Link& l = g.links()[c.link];
    const CableRoute& route = r.routes[c.route];
    double tray = 0;
    for (const int s : route.segments)
    {
      tray += segmentLength(r.trays[s]);
    }
    const double trayZ = r.trays[route.segments.front()].z;
    const double routed = (trayZ - portZ(g.device(l.a.device).location)) + tray +
                          (trayZ - portZ(g.device(l.b.device).location));
    QVERIFY2(
      near(c.lengthM, routed + std::max(1.0, 0.05 * routed), 1e-6),
      qPrintable(QString("cable %1: %2 m vs route %3 m").arg(c.link).arg(c.lengthM).arg(routed)));
    ++checked;
  }
  QVERIFY(checked > 100);
}

void TestFabricRoutes::trayCountsEqualCablesOnTheirRoutes()
{
  const Scene scene = generateScene(builtinSpec("lab-256"), cat());
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  std::vector<int> counted(r.trays.size(), 0);
  for (const Cable& c : r.cables)
  {
    if (c.route >= 0 && c.medium >= 0)
    {
      for (const int s : r.routes[c.route].segments)
      {
        ++counted[s];
      }
    }
  }
  int used = 0;
  for (std::size_t s = 0; s < r.trays.size(); ++s)
  {
    QCOMPARE(counted[s], r.trays[s].cables);
    QVERIFY(r.trays[s].hall == 0);
    used += counted[s] > 0 ? 1 : 0;
  }
  QVERIFY(used > 0);
}

void TestFabricRoutes::sameRackCablesHaveNoRoute()
{
  // A leaf and a node in one rack: the cable runs inside the rack and touches no tray.
  const Scene scene = generateScene(builtinSpec("lab-256"), cat());
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  for (const Cable& c : r.cables)
  {
    const Link& l = g.links()[c.link];
    const Location& a = g.device(l.a.device).location;
    const Location& b = g.device(l.b.device).location;
    if (a.hall == b.hall && a.row == b.row && a.rack == b.rack)
    {
      QCOMPARE(c.route, -1);
    }
    else
    {
      QVERIFY(c.route >= 0);
    }
  }
}

void TestFabricRoutes::networkRowTraysAreStacked()
{
  // Same cables, two stacked trays over the network row instead of one: every segment of that
  // row holds the same cables at exactly half the fill; other segments are unchanged. The 10k
  // sample's network-row tray (16,448 cables in its middle segment) then fits (< 100 %).
  // Tray sizing is off here (one fixed 600 × 100 mm size) so that only the levels differ.
  const Scene scene = generateScene(builtinSpec("h100-superpod-10k"), cat());
  const FabricGraph g = buildSuperPod(scene, cat());
  CablingOptions fixed;
  fixed.traySizes.clear();
  CablingOptions single = fixed;
  single.networkRowTrayLevels = 1;
  const CablingResult one = routeCables(g, scene, cat(), single);
  const CablingResult two = routeCables(g, scene, cat(), fixed);
  QCOMPARE(two.trays.size(), one.trays.size());
  int stacked = 0;
  double fullest = 0, fullestSingle = 0;
  for (std::size_t s = 0; s < two.trays.size(); ++s)
  {
    QCOMPARE(two.trays[s].cables, one.trays[s].cables);
    QCOMPARE(one.trays[s].levels, 1);
    QCOMPARE(two.trays[s].levels == 2 ? 2 * two.trays[s].fill : two.trays[s].fill,
             one.trays[s].fill);
    stacked += two.trays[s].levels == 2 ? 1 : 0;
    fullest = std::max(fullest, two.trays[s].fill);
    fullestSingle = std::max(fullestSingle, one.trays[s].fill);
  }
  QVERIFY(stacked > 0);
  QVERIFY(fullestSingle > 1.0);
  QVERIFY(fullest < 1.0);
}

QTEST_APPLESS_MAIN(TestFabricRoutes)
#include "test_fabric_routes.moc"
