// HallScene::updateObjects: after an edit, the view brought up to date incrementally must show
// and pick exactly what a full build of the edited scene shows and picks (same pixels, same
// summary, same boxes), while moves and rotations rewrite instances only.

#include "scene_fixtures.h"

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/query.h"

#include <vtkNew.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <optional>
#include <string>

using namespace myriad;
namespace edit = engine::edit;
using Update = scenes::HallScene::Update;

class TestHallSceneUpdate final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void moveRackRewritesInstances();
  void moveRackWithContentsShown();
  void rotateRowRewritesInstances();
  void deleteAndDuplicateRefillSets();
  void addCoolerRefillsSets();
  void hallChangeRebuilds();
  void updateBeforeBuildBuilds();

private:
  struct Window
  {
    vtkNew<vtkRenderWindow> window;
    vtkNew<vtkRenderer> renderer;
    Window()
    {
      window->SetOffScreenRendering(1);
      window->SetSize(640, 400);
      window->AddRenderer(renderer);
    }
  };
  /** A view of `scene` as the app shows it: built, top camera, the given detail level. */
  struct View
  {
    Window w;
    scenes::HallScene hall{ w.renderer };
    View(const engine::Scene& scene, scenes::DetailLevel level)
    {
      hall.build(scene, engine::Catalog::builtin());
      hall.applyCameraPreset(scenes::CameraPreset::Top);
      hall.setLevelOfDetail(level);
    }
  };
  /** Apply the first of `edits` the engine accepts; its result, or nullopt when none is. */
  static std::optional<edit::EditResult> applyFirst(engine::Scene& scene,
                                                    const std::vector<edit::Edit>& edits);
  /** Pixels of a render of `view` (RGB, bottom-up). */
  static std::vector<unsigned char> pixels(View& view);
  /** Same summary, same pixels and same rack boxes as a full build of `scene`. */
  static void compareWithFullBuild(View& updated, const engine::Scene& scene,
                                   scenes::DetailLevel level);
  /** Display position of a world point (after a render). */
  static std::array<int, 2> project(vtkRenderer* renderer, double x, double y, double z);

  engine::Scene m_lab;
};

namespace
{

edit::Edit move(const std::string& id, double dxM, double dyM)
{
  edit::MoveObjects m;
  m.ids = { id };
  m.dxM = dxM;
  m.dyM = dyM;
  return m;
}

} // namespace

void TestHallSceneUpdate::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_lab = tests::loadSample("lab-256");
}

std::optional<edit::EditResult> TestHallSceneUpdate::applyFirst(
  engine::Scene& scene, const std::vector<edit::Edit>& edits)
{
  for (const edit::Edit& e : edits)
  {
    try
    {
      return edit::applyEdit(scene, engine::Catalog::builtin(), e);
    }
    catch (const edit::EditError&)
    {
      // refused (overlap, outside the hall): try the next candidate
    }
  }
  return std::nullopt;
}

std::vector<unsigned char> TestHallSceneUpdate::pixels(View& view)
{
  view.w.window->Render();
  vtkNew<vtkUnsignedCharArray> data;
  const int* size = view.w.window->GetSize();
  view.w.window->GetPixelData(0, 0, size[0] - 1, size[1] - 1, 0, data);
  const unsigned char* p = data->GetPointer(0);
  return { p, p + data->GetNumberOfValues() };
}

void TestHallSceneUpdate::compareWithFullBuild(View& updated, const engine::Scene& scene,
                                               scenes::DetailLevel level)
{
  View full(scene, level);
  full.hall.setSelection(updated.hall.selection());
  QCOMPARE(updated.hall.summary(), full.hall.summary());
  const auto& rows = scene.site.halls[0].rows;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r)
  {
    for (int k = 0; k < static_cast<int>(rows[r].racks.size()); ++k)
    {
      const engine::ObjectRef rack{ engine::ObjectKind::Rack, 0, r, k };
      const auto a = updated.hall.objectBox(rack);
      const auto b = full.hall.objectBox(rack);
      QVERIFY(a && b);
      QCOMPARE(a->x0, b->x0);
      QCOMPARE(a->y0, b->y0);
      QCOMPARE(a->z1, b->z1);
    }
  }
  // The drawn image is the strongest check: every instance, colour, label and aisle.
  QVERIFY(pixels(updated) == pixels(full));
}

std::array<int, 2> TestHallSceneUpdate::project(vtkRenderer* renderer, double x, double y, double z)
{
  renderer->SetWorldPoint(x, y, z, 1.0);
  renderer->WorldToDisplay();
  double d[3];
  renderer->GetDisplayPoint(d);
  return { static_cast<int>(d[0]), static_cast<int>(d[1]) };
}

void TestHallSceneUpdate::moveRackRewritesInstances()
{
  // Move the last rack of the first row 1.2 m along the row (or back): the moved rack must be
  // drawn and picked at its new place and nothing of it be left at the old one.
  engine::Scene scene = m_lab;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  View view(scene, scenes::DetailLevel::Racks);
  const auto& row = scene.site.halls[0].rows[0].racks;
  const int k = static_cast<int>(row.size()) - 1;
  const std::string id = row[k].id;
  const engine::Box before = engine::rackBox(row[k], catalog);
  const auto result = applyFirst(scene, { move(id, 1.2, 0), move(id, 0, 1.2), move(id, 0, -1.2) });
  QVERIFY2(result.has_value(), "no free place to move the rack to");
  QCOMPARE(view.hall.updateObjects(scene, catalog, result->changes.ids), Update::Instances);

  const engine::ObjectRef ref{ engine::ObjectKind::Rack, 0, 0, k };
  const engine::Box after = engine::rackBox(scene.site.halls[0].rows[0].racks[k], catalog);
  QVERIFY(after.x0 != before.x0 || after.y0 != before.y0);
  const auto box = view.hall.objectBox(ref);
  QVERIFY(box.has_value());
  QCOMPARE(box->x0, after.x0);
  QCOMPARE(box->y0, after.y0);
  view.w.window->Render();
  const auto atNew =
    project(view.w.renderer, 0.5 * (after.x0 + after.x1), 0.5 * (after.y0 + after.y1), after.z1);
  const auto hitNew = view.hall.pick(atNew[0], atNew[1]);
  QVERIFY(hitNew.has_value());
  QVERIFY(*hitNew == ref);
  const auto atOld = project(view.w.renderer, 0.5 * (before.x0 + before.x1),
                             0.5 * (before.y0 + before.y1), before.z1);
  const auto hitOld = view.hall.pick(atOld[0], atOld[1]);
  QVERIFY(!hitOld || !(*hitOld == ref));
  compareWithFullBuild(view, scene, scenes::DetailLevel::Racks);
  if (QTest::currentTestFailed())
  {
    return;
  }
  // Undo through the inverse: back to the original picture.
  const edit::EditResult undo = edit::applyEdit(scene, catalog, result->inverse);
  QCOMPARE(view.hall.updateObjects(scene, catalog, undo.changes.ids), Update::Instances);
  compareWithFullBuild(view, scene, scenes::DetailLevel::Racks);
}

void TestHallSceneUpdate::moveRackWithContentsShown()
{
  // Servers, switches and GPUs drawn: the moved rack's contents move with it.
  engine::Scene scene = m_lab;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  View view(scene, scenes::DetailLevel::Gpus);
  QVERIFY(view.hall.stats().gpuInstances > 0);
  const auto& row = scene.site.halls[0].rows[0].racks;
  const std::string id = row.back().id;
  const auto result = applyFirst(scene, { move(id, 0.6, 0), move(id, 0, 0.6), move(id, 0, -0.6) });
  QVERIFY(result.has_value());
  QCOMPARE(view.hall.updateObjects(scene, catalog, result->changes.ids), Update::Instances);
  compareWithFullBuild(view, scene, scenes::DetailLevel::Gpus);
}

void TestHallSceneUpdate::rotateRowRewritesInstances()
{
  // Turning a row flips its racks' intake side: aisles change kind, instances stay.
  engine::Scene scene = m_lab;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  View view(scene, scenes::DetailLevel::Nodes);
  const std::string rowId = scene.site.halls[0].rows[0].id;
  const edit::EditResult result = edit::applyEdit(scene, catalog, edit::RotateObjects{ { rowId } });
  QCOMPARE(view.hall.updateObjects(scene, catalog, result.changes.ids), Update::Instances);
  compareWithFullBuild(view, scene, scenes::DetailLevel::Nodes);
}

void TestHallSceneUpdate::deleteAndDuplicateRefillSets()
{
  engine::Scene scene = m_lab;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  View view(scene, scenes::DetailLevel::Nodes);
  view.hall.setSelection({ engine::ObjectKind::Rack, 0, 1, 0 });
  const std::string rackId = scene.site.halls[0].rows[0].racks.front().id;
  const edit::EditResult removed =
    edit::applyEdit(scene, catalog, edit::DeleteObjects{ { rackId } });
  QCOMPARE(view.hall.updateObjects(scene, catalog, removed.changes.ids), Update::GlyphSets);
  compareWithFullBuild(view, scene, scenes::DetailLevel::Nodes);
  if (QTest::currentTestFailed())
  {
    return;
  }
  const std::string rowId = scene.site.halls[0].rows[1].id;
  const auto copied = applyFirst(scene, { edit::DuplicateObjects{ { rowId }, 0, 3.0 },
                                          edit::DuplicateObjects{ { rowId }, 0, -3.0 },
                                          edit::DuplicateObjects{ { rowId }, 0, 6.0 } });
  QVERIFY(copied.has_value());
  QCOMPARE(view.hall.updateObjects(scene, catalog, copied->changes.ids), Update::GlyphSets);
  compareWithFullBuild(view, scene, scenes::DetailLevel::Nodes);
}

void TestHallSceneUpdate::addCoolerRefillsSets()
{
  engine::Scene scene = m_lab;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  View view(scene, scenes::DetailLevel::Racks);
  QVERIFY(!scene.site.halls[0].coolers.empty());
  engine::CoolingUnit unit = scene.site.halls[0].coolers.front();
  unit.id.clear();
  std::vector<edit::Edit> candidates;
  for (double x = 0.6; x < scene.site.halls[0].widthM; x += 1.2)
  {
    for (double y : { 0.6, scene.site.halls[0].depthM - 2.0 })
    {
      unit.xM = x;
      unit.yM = y;
      candidates.push_back(edit::AddCooler{ scene.site.halls[0].id, unit });
    }
  }
  const auto added = applyFirst(scene, candidates);
  QVERIFY(added.has_value());
  QCOMPARE(view.hall.updateObjects(scene, catalog, added->changes.ids), Update::GlyphSets);
  QCOMPARE(view.hall.stats().coolerInstances, static_cast<int>(scene.site.halls[0].coolers.size()));
  compareWithFullBuild(view, scene, scenes::DetailLevel::Racks);
}

void TestHallSceneUpdate::hallChangeRebuilds()
{
  engine::Scene scene = m_lab;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  View view(scene, scenes::DetailLevel::Racks);
  const edit::EditResult taller = edit::applyEdit(
    scene, catalog,
    edit::SetProperty{ scene.site.halls[0].id, "heightM", scene.site.halls[0].heightM + 1.0 });
  QCOMPARE(view.hall.updateObjects(scene, catalog, taller.changes.ids), Update::FullBuild);
  compareWithFullBuild(view, scene, scenes::DetailLevel::Racks);
}

void TestHallSceneUpdate::updateBeforeBuildBuilds()
{
  Window w;
  scenes::HallScene hall(w.renderer);
  QCOMPARE(hall.updateObjects(m_lab, engine::Catalog::builtin(), {}), Update::FullBuild);
  QVERIFY(hall.stats().rackInstances > 0);
}

QTEST_APPLESS_MAIN(TestHallSceneUpdate)
#include "test_hall_scene_update.moc"
