// Consistency of the fabric and cabling results on the shipped samples (lab-256 and the
// 10,240-GPU SuperPOD): the totals, per-medium and per-transceiver counts, tray loads and
// route sharing that routeCables and bomFromCabling report are recomputed here from the
// per-cable results by the documented rules (cabling.h, fabric_bom.cpp), so a faster internal
// bookkeeping cannot drift from what the cables say. The graph's id index and port
// bookkeeping are checked against its devices and links the same way.

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace myriad::engine;
using namespace myriad::engine::fabric;

namespace
{

const Catalog& cat()
{
  return Catalog::builtin();
}

Scene sample(const char* name)
{
  return loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/" + name, cat());
}

bool near(double a, double b, double relative = 1e-12)
{
  return std::abs(a - b) <= relative * std::max({ 1.0, std::abs(a), std::abs(b) });
}

/** Transceivers by part and their power, by the rule of cabling.h (twin-port on switches). */
void expectedOptics(const FabricGraph& g, const CablingResult& r, std::map<std::string, int>* parts,
                    double* powerW)
{
  std::vector<std::map<std::string, int>> ports(g.devices().size());
  *powerW = 0;
  for (const Cable& c : r.cables)
  {
    if (c.medium < 0)
    {
      continue;
    }
    const Medium& m = r.media[c.medium];
    *powerW += 2 * m.cablePowerW;
    const Link& l = g.links()[c.link];
    for (const int d : { l.a.device, l.b.device })
    {
      const std::string& optic = g.device(d).kind == DeviceKind::Nic ? m.nicOptic : m.switchOptic;
      if (!optic.empty())
      {
        ++ports[d][optic];
      }
    }
  }
  for (std::size_t d = 0; d < ports.size(); ++d)
  {
    for (const auto& [optic, n] : ports[d])
    {
      int perOptic = 1;
      for (const Medium& m : r.media)
      {
        if (m.switchOptic == optic && g.device(static_cast<int>(d)).kind != DeviceKind::Nic)
        {
          perOptic = m.portsPerOptic;
        }
      }
      const int count = (n + perOptic - 1) / perOptic;
      (*parts)[optic] += count;
      *powerW += count * cat().part(optic).valueOr("powerW", 0);
    }
  }
}

} // namespace

class TestFabricEquivalence final : public QObject
{
  Q_OBJECT

private slots:
  void totalsMatchTheCables_data();
  void totalsMatchTheCables();
  void trayLoadsMatchTheRoutes_data();
  void trayLoadsMatchTheRoutes();
  void routesAreSharedByRackPair();
  void graphIndexAndPortsMatchItsLinks();
  void nicIdsFollowTheirNodes();
  void bomPricesMatchTheCatalog();
};

void TestFabricEquivalence::totalsMatchTheCables_data()
{
  QTest::addColumn<QString>("file");
  QTest::newRow("lab") << "lab-256.json";
  QTest::newRow("10k") << "h100-superpod-10k.json";
}

void TestFabricEquivalence::totalsMatchTheCables()
{
  QFETCH(QString, file);
  const Scene scene = sample(qPrintable(file));
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  QCOMPARE(r.cables.size(), g.links().size()); // every device of a scene fabric is placed
  double length = 0;
  std::map<std::string, int> byMedium;
  int unreachable = 0;
  for (const Cable& c : r.cables)
  {
    length += c.lengthM;
    if (c.medium >= 0)
    {
      ++byMedium[r.media[c.medium].name];
    }
    unreachable += c.medium < 0 ? 1 : 0;
  }
  // Σ cable lengths in cable order is the reported total, to the last bit.
  QCOMPARE(r.totalLengthM, length);
  QCOMPARE(r.cablesByMedium, byMedium);
  QCOMPARE(r.unreachable, unreachable);
  int counted = 0;
  for (const auto& [name, n] : r.cablesByMedium)
  {
    counted += n;
  }
  QCOMPARE(counted + r.unreachable, static_cast<int>(r.cables.size()));
  std::map<std::string, int> parts;
  double powerW = 0;
  expectedOptics(g, r, &parts, &powerW);
  QCOMPARE(r.opticsByPart, parts);
  QVERIFY2(near(r.opticsPowerW, powerW),
           qPrintable(QString("optics power %1 W, expected %2 W").arg(r.opticsPowerW).arg(powerW)));
  QVERIFY(!parts.empty());
}

void TestFabricEquivalence::trayLoadsMatchTheRoutes_data()
{
  totalsMatchTheCables_data();
}

void TestFabricEquivalence::trayLoadsMatchTheRoutes()
{
  // Each segment carries the cables whose route lists it, with their cross-sections π·d²/4;
  // its fill is that area over the chosen tray (levels · width · depth).
  QFETCH(QString, file);
  const Scene scene = sample(qPrintable(file));
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  std::vector<int> cables(r.trays.size(), 0);
  std::vector<double> area(r.trays.size(), 0);
  for (const Cable& c : r.cables)
  {
    if (c.route < 0 || c.medium < 0)
    {
      continue;
    }
    const double d = r.media[c.medium].diameterM;
    for (const int s : r.routes.at(c.route).segments)
    {
      ++cables.at(s);
      area[s] += std::numbers::pi * d * d / 4;
    }
  }
  double fullest = 0;
  for (std::size_t s = 0; s < r.trays.size(); ++s)
  {
    const TraySegment& t = r.trays[s];
    QCOMPARE(t.cables, cables[s]);
    QVERIFY2(near(t.areaM2, area[s], 1e-9), qPrintable(QString("segment %1").arg(s)));
    QVERIFY(near(t.fill, t.areaM2 / (t.levels * t.widthM * t.depthM)));
    fullest = std::max(fullest, t.fill);
  }
  QVERIFY(fullest > 0);
}

void TestFabricEquivalence::routesAreSharedByRackPair()
{
  // One route per (hall, rack A, rack B) pair, numbered in order of first use.
  const Scene scene = sample("h100-superpod-10k.json");
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  std::map<std::tuple<int, int, int, int, int>, int> routeOfPair;
  int nextRoute = 0;
  for (const Cable& c : r.cables)
  {
    if (c.route < 0)
    {
      continue;
    }
    const Link& l = g.links()[c.link];
    const Location& a = g.device(l.a.device).location;
    const Location& b = g.device(l.b.device).location;
    const auto [it, added] =
      routeOfPair.try_emplace({ a.hall, a.row, a.rack, b.row, b.rack }, c.route);
    if (added)
    {
      QCOMPARE(c.route, nextRoute++);
    }
    QCOMPARE(c.route, it->second);
  }
  QCOMPARE(static_cast<int>(r.routes.size()), nextRoute);
  QVERIFY(nextRoute > 100);
}

void TestFabricEquivalence::graphIndexAndPortsMatchItsLinks()
{
  const Scene scene = sample("h100-superpod-10k.json");
  FabricGraph g = buildSuperPod(scene, cat());
  std::vector<std::set<int>> ports(g.devices().size());
  for (const Link& l : g.links())
  {
    for (const PortRef& p : { l.a, l.b })
    {
      QVERIFY(p.port >= 0 && p.port < g.device(p.device).ports);
      QVERIFY2(ports[p.device].insert(p.port).second, "a port is used by two links");
    }
  }
  for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
  {
    QCOMPARE(g.find(g.device(d).id), d);
    QCOMPARE(g.usedPorts(d), static_cast<int>(ports[d].size()));
    QCOMPARE(g.linksOf(d).size(), ports[d].size());
  }
  QCOMPARE(g.find("no such device"), -1);
  QCOMPARE(g.find(""), -1);
  // A copy keeps its index; an id used twice is refused.
  const FabricGraph copy = g;
  QCOMPARE(copy.find(g.devices().back().id), static_cast<int>(g.devices().size()) - 1);
  Device twin = g.devices().front();
  QVERIFY_THROWS_EXCEPTION(SpecError, g.addDevice(twin));
  twin.id = "fresh-id";
  const int added = g.addDevice(twin);
  QCOMPARE(g.find("fresh-id"), added);
  QCOMPARE(g.usedPorts(added), 0);
}

void TestFabricEquivalence::nicIdsFollowTheirNodes()
{
  // NIC devices come in scene order, one per railed NIC, called "<node id>-NIC<index>".
  const Scene scene = sample("lab-256.json");
  const FabricGraph g = buildSuperPod(scene, cat());
  std::vector<std::string> expected;
  for (const Hall& hall : scene.site.halls)
  {
    for (const Row& row : hall.rows)
    {
      for (const Rack& rack : row.racks)
      {
        for (const Node& node : rack.nodes)
        {
          for (const Nic& nic : node.nics)
          {
            if (nic.rail >= 0)
            {
              expected.push_back(node.id + "-NIC" + std::to_string(nic.index));
            }
          }
        }
      }
    }
  }
  std::vector<std::string> ids;
  for (const Device& d : g.devices())
  {
    if (d.kind == DeviceKind::Nic)
    {
      ids.push_back(d.id);
    }
  }
  QCOMPARE(ids, expected);
  QVERIFY(!ids.empty());
}

void TestFabricEquivalence::bomPricesMatchTheCatalog()
{
  // Cables priced per metre of routed length (fibre) or per assembly (copper), summed in
  // cable order; transceivers counted from opticsByPart.
  const Scene scene = sample("h100-superpod-10k.json");
  const FabricGraph g = buildSuperPod(scene, cat());
  const CablingResult r = routeCables(g, scene, cat());
  const economics::BomInput bom = economics::bomFromCabling(r, cat());
  double usd = 0;
  for (const Cable& c : r.cables)
  {
    const Part& part = cat().part(r.media.at(c.medium).cablePart);
    const auto perMetre = part.figures.find("pricePerMeterUSD");
    usd += perMetre != part.figures.end() ? perMetre->second.value * c.lengthM
                                          : part.figure("pricePerCableUSD").value;
  }
  QVERIFY(bom.cablesUSD.has_value());
  QCOMPARE(*bom.cablesUSD, usd);
  double transceivers = 0;
  for (const auto& [part, n] : r.opticsByPart)
  {
    transceivers += n;
  }
  QCOMPARE(bom.transceivers.value_or(-1), transceivers);
  QCOMPARE(bom.cables.value_or(-1), static_cast<double>(r.cables.size()));
}

QTEST_APPLESS_MAIN(TestFabricEquivalence)
#include "test_fabric_equivalence.moc"
