// HallScene pipeline contents: instance counts against the model, level of detail, colours,
// selection and the text summary. Rendering and picking are in test_hall_scene_render.cpp.

#include "scene_fixtures.h"

#include "myriad/engine/query.h"

#include <vtkCamera.h>
#include <vtkNew.h>
#include <vtkPropCollection.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

using namespace myriad;

class TestHallScene final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void labStatsMatchModel();
  void tenKStatsMatchModel();
  void levelOfDetailChangesInstances();
  void updateLevelOfDetailFollowsCamera();
  void detailBudgetCapsInstances();
  void rebuildKeepsPropCount();
  void selectionAndObjectBox();
  void colorByChangesSummary();
  void emptySceneBuilds();

private:
  static int nonEmptyRows(const engine::Scene& scene);
  engine::Scene m_lab;
  engine::Scene m_tenK;
};

void TestHallScene::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_lab = tests::loadSample("lab-256");
  m_tenK = tests::loadSample("h100-superpod-10k");
}

int TestHallScene::nonEmptyRows(const engine::Scene& scene)
{
  int rows = 0;
  for (const engine::Hall& hall : scene.site.halls)
  {
    for (const engine::Row& row : hall.rows)
    {
      rows += row.racks.empty() ? 0 : 1;
    }
  }
  return rows;
}

void TestHallScene::labStatsMatchModel()
{
  // One instance per rack and per cooler, one label per row, nothing inside racks by default.
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  const engine::SceneCounts counts = engine::countScene(m_lab, engine::Catalog::builtin());
  const scenes::SceneStats stats = hall.stats();
  QCOMPARE(stats.rackInstances, counts.racks);
  QCOMPARE(stats.coolerInstances, counts.coolers);
  QCOMPARE(stats.rowLabels, nonEmptyRows(m_lab));
  QCOMPARE(stats.nodeInstances, 0);
  QCOMPARE(stats.gpuInstances, 0);
  QCOMPARE(stats.detail, scenes::DetailLevel::Racks);
  QCOMPARE(stats.actors, renderer->GetViewProps()->GetNumberOfItems());
  QVERIFY(stats.actors >= 8 + stats.rowLabels);
}

void TestHallScene::tenKStatsMatchModel()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_tenK, engine::Catalog::builtin());
  const engine::SceneCounts counts = engine::countScene(m_tenK, engine::Catalog::builtin());
  QVERIFY(counts.gpus >= 10240);
  const scenes::SceneStats stats = hall.stats();
  QCOMPARE(stats.rackInstances, counts.racks);
  QCOMPARE(stats.coolerInstances, counts.coolers);
  QCOMPARE(stats.rowLabels, nonEmptyRows(m_tenK));
  QVERIFY(stats.rowLabels > 1);
}

void TestHallScene::levelOfDetailChangesInstances()
{
  // Whole-hall camera: the detail radius covers the hall, so the whole 10k hall fits the
  // default budget of 20,000 instances (10,240 GPUs + 1,280 nodes + switches).
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  hall.build(m_tenK, catalog);
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  const engine::SceneCounts counts = engine::countScene(m_tenK, catalog);

  hall.setLevelOfDetail(scenes::DetailLevel::Nodes);
  scenes::SceneStats stats = hall.stats();
  QCOMPARE(stats.detail, scenes::DetailLevel::Nodes);
  QCOMPARE(stats.nodeInstances, counts.nodes + counts.switches);
  QCOMPARE(stats.gpuInstances, 0);
  QCOMPARE(stats.rackInstances, counts.racks); // detailed racks become cages, still counted

  hall.setLevelOfDetail(scenes::DetailLevel::Gpus);
  stats = hall.stats();
  QCOMPARE(stats.gpuInstances, counts.gpus);
  QVERIFY(stats.nodeInstances + stats.gpuInstances <= hall.detailBudget());

  hall.setLevelOfDetail(scenes::DetailLevel::Racks);
  stats = hall.stats();
  QCOMPARE(stats.nodeInstances, 0);
  QCOMPARE(stats.gpuInstances, 0);
  QCOMPARE(stats.rackInstances, counts.racks);
}

void TestHallScene::updateLevelOfDetailFollowsCamera()
{
  // Level from the distance between the camera and its focal point: far = racks, 20 m =
  // nodes, 5 m = GPUs; a close-up details only racks near the focal point.
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  hall.build(m_tenK, catalog);
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  hall.updateLevelOfDetail();
  QCOMPARE(hall.levelOfDetail(), scenes::DetailLevel::Racks);
  QCOMPARE(hall.updateLevelOfDetail(), false);

  const engine::Box rack = engine::rackBox(m_tenK.site.halls[0].rows[0].racks[0], catalog);
  vtkCamera* camera = renderer->GetActiveCamera();
  camera->SetFocalPoint(rack.x1, rack.y1, 1.0);
  camera->SetPosition(rack.x1 + 12.0, rack.y1 - 16.0, 1.0);
  QVERIFY(hall.updateLevelOfDetail());
  QCOMPARE(hall.levelOfDetail(), scenes::DetailLevel::Nodes);
  const int nodes = hall.stats().nodeInstances;
  QVERIFY(nodes > 0);
  QVERIFY(nodes < engine::countScene(m_tenK, catalog).nodes);

  camera->SetPosition(rack.x1 + 3.0, rack.y1 - 4.0, 1.0);
  QVERIFY(hall.updateLevelOfDetail());
  QCOMPARE(hall.levelOfDetail(), scenes::DetailLevel::Gpus);
  QVERIFY(hall.stats().gpuInstances > 0);
}

void TestHallScene::detailBudgetCapsInstances()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_tenK, engine::Catalog::builtin());
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  hall.setDetailBudget(500);
  hall.setLevelOfDetail(scenes::DetailLevel::Gpus);
  const scenes::SceneStats stats = hall.stats();
  QVERIFY(stats.gpuInstances > 0);
  QVERIFY(stats.nodeInstances + stats.gpuInstances <= 500);
}

void TestHallScene::rebuildKeepsPropCount()
{
  // build() replaces the props it added; the destructor removes them all.
  vtkNew<vtkRenderer> renderer;
  {
    scenes::HallScene hall(renderer);
    hall.build(m_lab, engine::Catalog::builtin());
    const int once = renderer->GetViewProps()->GetNumberOfItems();
    hall.build(m_lab, engine::Catalog::builtin());
    QCOMPARE(renderer->GetViewProps()->GetNumberOfItems(), once);
  }
  QCOMPARE(renderer->GetViewProps()->GetNumberOfItems(), 0);
}

void TestHallScene::selectionAndObjectBox()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  hall.build(m_lab, catalog);
  // The first row with at least two racks.
  int row = 0;
  while (m_lab.site.halls[0].rows[row].racks.size() < 2)
  {
    ++row;
  }
  const engine::Rack& rack = m_lab.site.halls[0].rows[row].racks[1];
  const engine::ObjectRef ref{ engine::ObjectKind::Rack, 0, row, 1 };
  const std::optional<engine::Box> box = hall.objectBox(ref);
  QVERIFY(box.has_value());
  const engine::Box expected = engine::rackBox(rack, catalog);
  QCOMPARE(box->x0, expected.x0);
  QCOMPARE(box->y1, expected.y1);
  QCOMPARE(box->z1, expected.z1);
  hall.setSelection(ref);
  QVERIFY(hall.selection() == ref);
  hall.setSelection({});
  QVERIFY(!hall.selection().valid());
  QVERIFY(!hall.objectBox({ engine::ObjectKind::Rack, 0, 999, 0 }).has_value());
  QVERIFY(!hall.objectBox({}).has_value());
  if (!rack.nodes.empty())
  {
    // A node box lies inside its rack box; a GPU box inside its node box.
    const auto node = hall.objectBox({ engine::ObjectKind::Node, 0, row, 1, 0 });
    const auto gpu = hall.objectBox({ engine::ObjectKind::Gpu, 0, row, 1, 0, 0 });
    QVERIFY(node && gpu);
    QVERIFY(node->z0 >= expected.z0 && node->z1 <= expected.z1);
    QVERIFY(gpu->x0 >= node->x0 && gpu->x1 <= node->x1 && gpu->z1 <= node->z1);
  }
}

void TestHallScene::colorByChangesSummary()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  const std::string byKind = scenes::describeScene(hall);
  QVERIFY2(byKind.find("color by kind") != std::string::npos, byKind.c_str());
  QVERIFY2(byKind.find("compute") != std::string::npos, byKind.c_str());
  QVERIFY2(byKind.find("aisles: cold") != std::string::npos, byKind.c_str());
  hall.setColorBy(scenes::ColorBy::PowerDensity);
  QCOMPARE(hall.colorBy(), scenes::ColorBy::PowerDensity);
  const std::string byPower = hall.summary();
  QVERIFY2(byPower.find("color by power-density") != std::string::npos, byPower.c_str());
  QCOMPARE(hall.stats().rackInstances, engine::countScene(m_lab, engine::Catalog::builtin()).racks);
}

void TestHallScene::emptySceneBuilds()
{
  engine::Scene empty;
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(empty, engine::Catalog::builtin());
  hall.applyCameraPreset(scenes::CameraPreset::Top);
  hall.setLevelOfDetail(scenes::DetailLevel::Gpus);
  QCOMPARE(hall.stats().rackInstances, 0);
  QVERIFY(!hall.pick(10, 10).has_value());
}

QTEST_APPLESS_MAIN(TestHallScene)
#include "test_hall_scene.moc"
