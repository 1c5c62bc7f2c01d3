// The "set switchPlacement" edit on a hall: switches re-placed by the strategy from the racks'
// current positions (the same placement as `myriad-cli fabric --placement`), the cable lengths
// that follow, the exact inverse and redo, the JSON form, and refusals.
#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace myriad::engine;
using namespace myriad::engine::edit;

namespace
{

const Catalog& cat()
{
  return Catalog::builtin();
}

/** 4 SUs of 32 DGX H100 in one long compute row with a per-SU leaf rack each, plus the network
 * row (the per-su generator layout). */
Scene fourSuScene()
{
  GeneratorSpec spec = builtinSpec("lab-256");
  spec.gpuCount = 4 * 32 * 8;
  spec.scalableUnitsPerRow = 4;
  spec.switchPlacement = SwitchPlacement::PerScalableUnit;
  return generateScene(spec, cat());
}

SetProperty placementEdit(const std::string& value)
{
  return SetProperty{ "H1", "switchPlacement", value };
}

double centreX(const Rack& rack)
{
  const Box b = rackBox(rack, cat());
  return 0.5 * (b.x0 + b.x1);
}

bool networkOnly(const Row& row)
{
  return std::all_of(row.racks.begin(), row.racks.end(),
                     [](const Rack& r) { return r.kind == RackKind::Network; });
}

/** Total length (m) of the SuperPOD fabric's cables of `tier` in `scene`. */
double cableLength(const Scene& scene, fabric::Tier tier)
{
  const fabric::FabricGraph g = fabric::buildSuperPod(scene, cat());
  const fabric::CablingResult r = fabric::routeCables(g, scene, cat());
  double sum = 0;
  for (const fabric::Cable& c : r.cables)
    if (g.links()[c.link].tier == tier)
      sum += c.lengthM;
  return sum;
}

} // namespace

class TestEditSwitchPlacement : public QObject
{
  Q_OBJECT

private slots:
  void middleOfRowPutsLeavesInTheRowMiddle();
  void cablesMatchTheFabricPlacement();
  void undoAndRedoAreExact();
  void inverseRoundTripsThroughJson();
  void refusalsLeaveTheSceneUnchanged();
};

void TestEditSwitchPlacement::middleOfRowPutsLeavesInTheRowMiddle()
{
  Scene scene = fourSuScene();
  const EditResult r = applyEdit(scene, cat(), placementEdit("middle-of-row"));
  QCOMPARE(scene.spec->switchPlacement, SwitchPlacement::MiddleOfRow);
  // Cables (fabric), BOM (economics), and the switches' power and heat, which change racks.
  using live::Stage;
  QCOMPARE(live::stagesFor(r.changes),
           (std::vector<Stage>{ Stage::Geometry, Stage::Fabric, Stage::Power, Stage::Economics,
                                Stage::Thermal }));
  // 32 leaves (4 SUs × 8 rails), at most 16 per rack: the two network racks of the compute row
  // nearest its middle take them; spines stay in the network-only row. No unit is used twice.
  const Hall& hall = scene.site.halls[0];
  int leaves = 0;
  std::set<std::string> leafRacks;
  for (const Row& row : hall.rows)
    for (const Rack& rack : row.racks)
    {
      std::set<int> units;
      for (const Switch& sw : rack.switches)
      {
        QCOMPARE(rack.kind, RackKind::Network);
        const int height = std::max(1, partHeightU(sw.model, cat()));
        for (int u = sw.slotU; u < sw.slotU + height; ++u)
          QVERIFY2(units.insert(u).second, sw.id.c_str());
        if (sw.role == SwitchRole::Leaf)
        {
          ++leaves;
          leafRacks.insert(rack.id);
          QVERIFY2(!networkOnly(row), sw.id.c_str());
        }
        else if (sw.role == SwitchRole::Spine || sw.role == SwitchRole::Core)
          QVERIFY2(networkOnly(row), sw.id.c_str());
      }
    }
  QCOMPARE(leaves, 32);
  QCOMPARE(static_cast<int>(leafRacks.size()), 2);
  for (const Row& row : hall.rows)
  {
    if (networkOnly(row))
      continue;
    const double middle = 0.5 * (centreX(row.racks.front()) + centreX(row.racks.back()));
    double farthestLeafRack = 0, nearestOther = 1e300;
    for (const Rack& rack : row.racks)
      if (rack.kind == RackKind::Network)
      {
        const double d = std::abs(centreX(rack) - middle);
        if (leafRacks.count(rack.id))
          farthestLeafRack = std::max(farthestLeafRack, d);
        else
          nearestOther = std::min(nearestOther, d);
      }
    QVERIFY(farthestLeafRack <= nearestOther);
  }
}

void TestEditSwitchPlacement::cablesMatchTheFabricPlacement()
{
  // docs/models/fabric.md: on a long row (n = 32 racks at p = 0.6 m) node–leaf cables are
  // ≈ (racks per SU / 4)·p ≈ 1.2 m (+ drops) with a leaf rack per SU, but ≈ n·p/4 ≈ 4.8 m when
  // the leaves sit in the middle of the row: the 1,024 node–leaf cables grow by more than 2 m
  // each on average. The lengths equal those of `myriad-cli fabric --placement middle-of-row`
  // on the unedited scene (generateForScene(…, placement)): both place by the same rule.
  Scene scene = fourSuScene();
  const Scene before = scene;
  const double perSu = cableLength(scene, fabric::Tier::NodeLeaf);
  applyEdit(scene, cat(), placementEdit("middle-of-row"));
  const double middle = cableLength(scene, fabric::Tier::NodeLeaf);
  QVERIFY2(middle > perSu + 1024 * 2.0, qPrintable(QString("%1 vs %2").arg(middle).arg(perSu)));

  const fabric::FabricGraph g =
    fabric::generateForScene("superpod", before, cat(), SwitchPlacement::MiddleOfRow);
  const fabric::CablingResult cli = fabric::routeCables(g, before, cat());
  const fabric::FabricGraph edited = fabric::buildSuperPod(scene, cat());
  const fabric::CablingResult mine = fabric::routeCables(edited, scene, cat());
  QCOMPARE(mine.cables.size(), cli.cables.size());
  double cliTotal = 0, editTotal = 0;
  for (const fabric::Cable& c : cli.cables)
    cliTotal += c.lengthM;
  for (const fabric::Cable& c : mine.cables)
    editTotal += c.lengthM;
  QVERIFY(std::abs(cliTotal - editTotal) < 1e-6 * cliTotal);
}

void TestEditSwitchPlacement::undoAndRedoAreExact()
{
  for (const char* strategy : { "middle-of-row", "end-of-row", "central-row" })
  {
    Scene scene = fourSuScene();
    // A layout no strategy produces (a leaf rack's switch list reversed, one leaf moved to the
    // rack's top unit): undo must put back the former slots, not re-place by the old strategy.
    [&]
    {
      for (Row& row : scene.site.halls[0].rows)
        for (Rack& rack : row.racks)
          if (rack.switches.size() > 1 && rack.switches.front().role == SwitchRole::Leaf)
          {
            std::reverse(rack.switches.begin(), rack.switches.end());
            rack.switches.back().slotU = rackSize(rack, cat()).units;
            return;
          }
    }();
    const std::string before = sceneToJson(scene);
    const EditResult done = applyEdit(scene, cat(), placementEdit(strategy));
    const Scene after = scene;
    QVERIFY(sceneToJson(scene) != before);
    const EditResult undone = applyEdit(scene, cat(), done.inverse);
    QCOMPARE(sceneToJson(scene), before);
    QCOMPARE(scene.spec->switchPlacement, SwitchPlacement::PerScalableUnit);
    applyEdit(scene, cat(), undone.inverse); // redo from the undo's own inverse
    QVERIFY(scene == after);
  }
}

void TestEditSwitchPlacement::inverseRoundTripsThroughJson()
{
  Scene scene = fourSuScene();
  const std::string before = sceneToJson(scene);
  const EditResult done = applyEdit(scene, cat(), placementEdit("end-of-row"));
  const std::string text = editToJson(done.inverse);
  QVERIFY(text.find("\"switches\"") != std::string::npos);
  const Edit parsed = editFromJson(text, "inverse.json");
  QCOMPARE(editToJson(parsed), text);
  applyEdit(scene, cat(), parsed);
  QCOMPARE(sceneToJson(scene), before);
  // A user's edit file names only the strategy.
  const Edit written = editFromJson(
    R"({"op":"set","id":"H1","key":"switchPlacement","value":"central-row"})", "e.json");
  applyEdit(scene, cat(), written);
  QCOMPARE(scene.spec->switchPlacement, SwitchPlacement::CentralRow);
}

void TestEditSwitchPlacement::refusalsLeaveTheSceneUnchanged()
{
  Scene scene = fourSuScene();
  const Scene before = scene;
  const auto refused = [&](const Edit& edit, const char* expected)
  {
    try
    {
      applyEdit(scene, cat(), edit);
    }
    catch (const EditError& error)
    {
      QVERIFY2(scene == before, "scene changed by a refused edit");
      QVERIFY2(std::string(error.what()).find(expected) != std::string::npos, error.what());
      return;
    }
    QFAIL("not refused");
  };
  refused(placementEdit("sideways"), "expected per-su, end-of-row, middle-of-row or central-row");
  refused(SetProperty{ "H1", "switchPlacement", 3.0 }, "expected per-su");
  SetProperty bad = placementEdit("per-su");
  bad.switchSlots = { { "H1-R01", "H1-R01-K01", 0, 2 } };
  refused(bad, "is not a switch of the scene");
  Scene noSpec = scene;
  noSpec.spec.reset();
  const Scene noSpecBefore = noSpec;
  try
  {
    applyEdit(noSpec, cat(), placementEdit("middle-of-row"));
    QFAIL("not refused");
  }
  catch (const EditError& error)
  {
    QVERIFY(noSpec == noSpecBefore);
    QVERIFY(std::string(error.what()).find("no generator spec") != std::string::npos);
  }
}

QTEST_APPLESS_MAIN(TestEditSwitchPlacement)
#include "test_edit_switch_placement.moc"
