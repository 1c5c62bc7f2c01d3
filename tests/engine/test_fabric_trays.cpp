// Tests of tray sizing: each tray segment takes the smallest catalog tray (300/450/600/900 mm ×
// 100/150 mm) that keeps its fill ≤ 50 %, stacks levels when even 900 × 150 mm is too small,
// and segments still above 50 % / 100 % are Warning / Error diagnostics. Known cable counts and
// diameters give the expected size and fill by hand.

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace myriad::engine;
using namespace myriad::engine::fabric;

namespace
{

const Catalog& cat()
{
  return Catalog::builtin();
}

/**
 * One row of two racks 10 m apart (tray run ≈ 10 m: multimode fibre, 3 mm); one is a compute
 * rack so the row is not a network row (those start with two stacked trays).
 */
Scene twoRacks()
{
  Scene s;
  Hall hall;
  hall.id = "H1";
  hall.widthM = 40;
  hall.depthM = 20;
  hall.heightM = 5;
  Row row;
  row.id = "R1";
  for (const double x : { 5.0, 15.0 })
  {
    Rack r;
    r.id = "K" + std::to_string(row.racks.size());
    r.model = "rack-48u-600x1200";
    r.kind = row.racks.empty() ? RackKind::Network : RackKind::Compute;
    r.xM = x;
    r.yM = 5;
    row.racks.push_back(r);
  }
  hall.rows.push_back(row);
  s.site.halls.push_back(hall);
  return s;
}

/** `cables` switch–switch links between a switch in rack 0 and one in rack 1. */
FabricGraph bundle(int cables)
{
  FabricGraph g;
  int ends[2];
  for (int k = 0; k < 2; ++k)
  {
    Device d;
    d.id = "S" + std::to_string(k);
    d.model = "qm9700";
    d.level = 1;
    d.ports = cables;
    d.portRateBps = 400e9;
    d.location = { 0, 0, k, 40, 1 };
    ends[k] = g.addDevice(d);
  }
  for (int i = 0; i < cables; ++i)
  {
    g.connect(ends[0], ends[1], 400e9, Tier::LeafSpine);
  }
  return g;
}

/** The segments that carry the bundle (the others carry nothing). */
std::vector<const TraySegment*> loaded(const CablingResult& r)
{
  std::vector<const TraySegment*> out;
  for (const TraySegment& t : r.trays)
    if (t.cables > 0)
      out.push_back(&t);
  return out;
}

int count(const CablingResult& r, Severity severity)
{
  int n = 0;
  for (const Diagnostic& d : r.diagnostics)
    n += d.severity == severity && d.message.find("tray segment") != std::string::npos ? 1 : 0;
  return n;
}

constexpr double kFibreAreaM2 = std::numbers::pi * 0.003 * 0.003 / 4; // 7.0686e-6 m²

} // namespace

class TestFabricTrays final : public QObject
{
  Q_OBJECT

private slots:
  void bundleIsFibre();
  void smallestTrayWithinHalfFull();
  void largerBundleTakesAWiderTray();
  void stacksLevelsAndWarnsAboveHalf();
  void errorAboveFull();
  void sizingOffKeepsTheFixedTray();
  void trayCsvListsEverySegment();
};

void TestFabricTrays::bundleIsFibre()
{
  // The premise of the arithmetic below: a 10 m run at 400G is multimode fibre, 3 mm diameter.
  const CablingResult r = routeCables(bundle(1), twoRacks(), cat());
  QCOMPARE(r.cables.size(), std::size_t(1));
  QCOMPARE(r.media.at(r.cables[0].medium).diameterM, 0.003);
}

void TestFabricTrays::smallestTrayWithinHalfFull()
{
  // 2,000 fibres: 2000 × 7.0686e-6 = 0.014137 m². 300 × 100 mm = 0.03 m² → 47.1 % ≤ 50 %.
  const CablingResult r = routeCables(bundle(2000), twoRacks(), cat());
  const auto segments = loaded(r);
  QVERIFY(!segments.empty());
  for (const TraySegment* t : segments)
  {
    QCOMPARE(t->cables, 2000);
    QCOMPARE(t->levels, 1);
    QCOMPARE(t->widthM, 0.3);
    QCOMPARE(t->depthM, 0.1);
    QVERIFY(std::abs(t->fill - 2000 * kFibreAreaM2 / 0.03) < 1e-12);
    QVERIFY(std::abs(t->fill - 0.4712) < 1e-4);
  }
  QCOMPARE(count(r, Severity::Warning) + count(r, Severity::Error), 0);
}

void TestFabricTrays::largerBundleTakesAWiderTray()
{
  // 5,000 fibres: 0.035343 m² needs ≥ 0.070686 m² for 50 %. By cross-section: 300×100 0.03,
  // 450×100 0.045, 300×150 0.045, 600×100 0.06, 450×150 0.0675, 900×100 0.09 → 900 × 100 mm,
  // fill 0.035343 / 0.09 = 39.3 %.
  const CablingResult r = routeCables(bundle(5000), twoRacks(), cat());
  for (const TraySegment* t : loaded(r))
  {
    QCOMPARE(t->levels, 1);
    QCOMPARE(t->widthM, 0.9);
    QCOMPARE(t->depthM, 0.1);
    QVERIFY(std::abs(t->fill - 0.3927) < 1e-4);
  }
}

void TestFabricTrays::stacksLevelsAndWarnsAboveHalf()
{
  // 40,000 fibres: 0.28274 m². 900 × 150 mm = 0.135 m²: one level 209 %, two 104.7 %, three
  // (the default maximum) 0.28274 / 0.405 = 69.8 % — the best there is, above 50 %: a Warning
  // per loaded segment, no Error.
  const CablingResult r = routeCables(bundle(40000), twoRacks(), cat());
  const auto segments = loaded(r);
  for (const TraySegment* t : segments)
  {
    QCOMPARE(t->levels, 3);
    QCOMPARE(t->widthM, 0.9);
    QCOMPARE(t->depthM, 0.15);
    QVERIFY(std::abs(t->fill - 0.6981) < 1e-4);
  }
  QCOMPARE(count(r, Severity::Warning), static_cast<int>(segments.size()));
  QCOMPARE(count(r, Severity::Error), 0);
}

void TestFabricTrays::errorAboveFull()
{
  // Same bundle, at most one level: 209 % of 900 × 150 mm — the cables do not fit: Error.
  CablingOptions one;
  one.maxTrayLevels = 1;
  const CablingResult r = routeCables(bundle(40000), twoRacks(), cat(), one);
  const auto segments = loaded(r);
  for (const TraySegment* t : segments)
  {
    QCOMPARE(t->levels, 1);
    QVERIFY(std::abs(t->fill - 2.0944) < 1e-4);
  }
  QCOMPARE(count(r, Severity::Error), static_cast<int>(segments.size()));
  QCOMPARE(count(r, Severity::Warning), 0);
}

void TestFabricTrays::sizingOffKeepsTheFixedTray()
{
  // Sizing off (no catalog sizes): every segment keeps trayWidthM × trayDepthM, as before;
  // with sizing, 10 fibres (0.3 % of the smallest tray) get 300 × 100 mm everywhere.
  const CablingResult sized = routeCables(bundle(10), twoRacks(), cat());
  CablingOptions fixed;
  fixed.traySizes.clear();
  const CablingResult plain = routeCables(bundle(10), twoRacks(), cat(), fixed);
  QCOMPARE(sized.trays.size(), plain.trays.size());
  for (std::size_t s = 0; s < sized.trays.size(); ++s)
  {
    QCOMPARE(sized.trays[s].widthM, 0.3);
    QCOMPARE(plain.trays[s].widthM, 0.6);
    QCOMPARE(plain.trays[s].fill, plain.trays[s].areaM2 / (0.6 * 0.1));
  }
}

void TestFabricTrays::trayCsvListsEverySegment()
{
  const CablingResult r = routeCables(bundle(2000), twoRacks(), cat());
  const std::string csv = trayCsv(r);
  QVERIFY(csv.rfind("segment,hall,kind,", 0) == 0);
  QCOMPARE(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), r.trays.size() + 1);
  QVERIFY(csv.find(",2000,1,300,100,47.1\n") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestFabricTrays)
#include "test_fabric_trays.moc"
