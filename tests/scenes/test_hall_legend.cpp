// What the hall view tells a legend (HallScene::legend()) and the blanking panels that fill the
// empty U spaces of detailed racks, on the lab-256 sample: one row of compute racks with a
// network rack among them, a network row, three CRAHs, hot-aisle containment.

#include "scene_fixtures.h"

#include "myriad/engine/query.h"

#include <vtkNew.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <set>

using namespace myriad;

class TestHallLegend final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void legendListsTheKindsDrawn();
  void legendFollowsColorBy();
  void blankingPanelsFillEmptyUnits();

private:
  engine::Scene m_lab;
};

void TestHallLegend::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_lab = tests::loadSample("lab-256");
}

void TestHallLegend::legendListsTheKindsDrawn()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene scene(renderer);
  scene.build(m_lab, engine::Catalog::builtin());
  const scenes::HallLegend legend = scene.legend();
  QCOMPARE(legend.colorBy, scenes::ColorBy::Kind);
  // Exactly the kinds of the scene's racks, in enum order, each with a colour of its own.
  std::set<engine::RackKind> kinds;
  for (const engine::Row& row : m_lab.site.halls.at(0).rows)
  {
    for (const engine::Rack& rack : row.racks)
    {
      kinds.insert(rack.kind);
    }
  }
  QCOMPARE(legend.rackKinds.size(), kinds.size());
  QCOMPARE(legend.rackKinds.front().first, engine::RackKind::Compute);
  QCOMPARE(legend.rackKinds.back().first, engine::RackKind::Network);
  QVERIFY(legend.rackKinds.front().second != legend.rackKinds.back().second);
  QVERIFY(legend.coolingStyles.empty());
  // Rows facing each other across the hot aisle: both tints are on the floor.
  const auto hasAisle = [&](scenes::AisleTint tint)
  {
    return std::any_of(legend.aisles.begin(), legend.aisles.end(),
                       [tint](const auto& entry) { return entry.first == tint; });
  };
  QVERIFY(hasAisle(scenes::AisleTint::Hot));
  QVERIFY(hasAisle(scenes::AisleTint::Cold));
  QCOMPARE(legend.coolers.size(), std::size_t(1));
  QCOMPARE(legend.coolers.front().first, engine::CoolerKind::Crah);
}

void TestHallLegend::legendFollowsColorBy()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene scene(renderer);
  scene.build(m_lab, engine::Catalog::builtin());
  scene.setColorBy(scenes::ColorBy::Cooling);
  scenes::HallLegend legend = scene.legend();
  QVERIFY(legend.rackKinds.empty());
  QCOMPARE(legend.coolingStyles.size(), std::size_t(1)); // every lab rack is air-cooled
  QCOMPARE(legend.coolingStyles.front().first, engine::CoolingStyle::Air);
  // A colour map has its scalar bar in the view: no flat rack colours to list.
  scene.setColorBy(scenes::ColorBy::PowerDensity);
  legend = scene.legend();
  QVERIFY(legend.rackKinds.empty() && legend.coolingStyles.empty());
  QVERIFY(!legend.coolers.empty()); // the coolers keep their colours
}

void TestHallLegend::blankingPanelsFillEmptyUnits()
{
  // Every maximal run of free units in a detailed rack is one panel: count the runs from the
  // model (slot and height of each server and switch) and compare with what the view draws.
  const engine::Catalog& catalog = engine::Catalog::builtin();
  int expected = 0;
  for (const engine::Row& row : m_lab.site.halls.at(0).rows)
  {
    for (const engine::Rack& rack : row.racks)
    {
      const int units = engine::rackSize(rack, catalog).units;
      std::vector<bool> used(static_cast<std::size_t>(units) + 1, false);
      const auto occupy = [&](int slot, int height)
      {
        for (int u = slot; u < slot + height && u <= units; ++u)
        {
          used[static_cast<std::size_t>(u)] = true;
        }
      };
      for (const engine::Node& node : rack.nodes)
      {
        occupy(node.slotU, engine::partHeightU(node.model, catalog));
      }
      for (const engine::Switch& sw : rack.switches)
      {
        occupy(sw.slotU, engine::partHeightU(sw.model, catalog));
      }
      for (int u = 1; u <= units; ++u)
      {
        expected +=
          !used[static_cast<std::size_t>(u)] && (u == 1 || used[static_cast<std::size_t>(u - 1)])
            ? 1
            : 0;
      }
    }
  }
  QVERIFY(expected > 0); // the network racks hold 8 and 4 one-unit switches in 48 units

  vtkNew<vtkRenderer> renderer;
  scenes::HallScene scene(renderer);
  scene.build(m_lab, catalog);
  scene.applyCameraPreset(scenes::CameraPreset::Isometric); // the whole lab in the detail radius
  QCOMPARE(scene.stats().blankingPanels, 0);                // racks drawn whole: nothing inside
  scene.setLevelOfDetail(scenes::DetailLevel::Nodes);
  QCOMPARE(scene.stats().blankingPanels, expected);
}

QTEST_MAIN(TestHallLegend)
#include "test_hall_legend.moc"
