// HallScene::setInteractive: while the user drags, the view hides the servers, switches and
// GPUs (their glyph actors) and draws the racks holding them as solid boxes; switching it off
// must give back exactly the picture the current detail level draws, also when the level, the
// colours or the scene changed meanwhile, and must leave hidden what was hidden for another
// reason (nothing detailed at rack level). Checked on the lab-256 sample (32 servers with 256
// GPUs and their switches, all within the detail budget) through the drawn instances and the
// rendered pixels.

#include "scene_fixtures.h"

#include "myriad/engine/edit/edit.h"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkDataSet.h>
#include <vtkGlyph3DMapper.h>
#include <vtkNew.h>
#include <vtkProp.h>
#include <vtkPropCollection.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <vector>

using namespace myriad;
using scenes::DetailLevel;

class TestHallInteractive final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void hidesServersAndGpusAndRestores();
  void rackLevelPictureUnchanged();
  void levelChangedWhileInteractive();
  void coloursAndEditsWhileInteractive();
  void levelFollowsCameraAfterInteraction();

private:
  /** An off-screen view of `scene` as the app shows it: built, top camera, a detail level. */
  struct View
  {
    vtkNew<vtkRenderWindow> window;
    vtkNew<vtkRenderer> renderer;
    scenes::HallScene hall{ renderer };
    View(const engine::Scene& scene, DetailLevel level)
    {
      window->SetOffScreenRendering(1);
      window->SetSize(640, 400);
      window->AddRenderer(renderer);
      hall.build(scene, engine::Catalog::builtin());
      hall.applyCameraPreset(scenes::CameraPreset::Top);
      hall.setLevelOfDetail(level);
    }
  };
  /** What the glyph actors draw: instances of visible actors, and whether one is a cage. */
  struct Drawn
  {
    int instances = 0;
    bool wireframe = false;
  };
  static Drawn drawn(View& view);
  /** Instances of racks and coolers: what the lighter scene keeps. */
  static int coarseInstances(const View& view);
  /** Instances of everything at the current level: racks, coolers, servers, switches, GPUs. */
  static int allInstances(const View& view);
  static std::vector<unsigned char> pixels(View& view);

  engine::Scene m_lab;
};

void TestHallInteractive::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_lab = tests::loadSample("lab-256");
}

TestHallInteractive::Drawn TestHallInteractive::drawn(View& view)
{
  Drawn result;
  vtkPropCollection* props = view.renderer->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp())
  {
    auto* actor = vtkActor::SafeDownCast(prop);
    auto* mapper = actor ? vtkGlyph3DMapper::SafeDownCast(actor->GetMapper()) : nullptr;
    if (!mapper || !actor->GetVisibility())
    {
      continue;
    }
    result.instances += static_cast<int>(mapper->GetInput()->GetNumberOfPoints());
    result.wireframe =
      result.wireframe || actor->GetProperty()->GetRepresentation() == VTK_WIREFRAME;
  }
  return result;
}

int TestHallInteractive::coarseInstances(const View& view)
{
  const scenes::SceneStats s = view.hall.stats();
  return s.rackInstances + s.coolerInstances;
}

int TestHallInteractive::allInstances(const View& view)
{
  const scenes::SceneStats s = view.hall.stats();
  // The detailed racks' blanking panels are drawn with their servers and switches.
  return coarseInstances(view) + s.nodeInstances + s.gpuInstances + s.blankingPanels;
}

std::vector<unsigned char> TestHallInteractive::pixels(View& view)
{
  view.window->Render();
  vtkNew<vtkUnsignedCharArray> data;
  const int* size = view.window->GetSize();
  view.window->GetPixelData(0, 0, size[0] - 1, size[1] - 1, 0, data);
  const unsigned char* p = data->GetPointer(0);
  return { p, p + data->GetNumberOfValues() };
}

void TestHallInteractive::hidesServersAndGpusAndRestores()
{
  View view(m_lab, DetailLevel::Gpus);
  const scenes::SceneStats full = view.hall.stats();
  // The whole lab is within the detail budget: every server, switch and GPU is drawn.
  int units = 0;
  int gpus = 0;
  for (const engine::Row& row : m_lab.site.halls.at(0).rows)
  {
    for (const engine::Rack& rack : row.racks)
    {
      units += static_cast<int>(rack.nodes.size() + rack.switches.size());
      for (const engine::Node& node : rack.nodes)
      {
        gpus += static_cast<int>(node.gpus.size());
      }
    }
  }
  QCOMPARE(gpus, 256);
  QCOMPARE(full.nodeInstances, units);
  QCOMPARE(full.gpuInstances, gpus);
  QCOMPARE(drawn(view).instances, allInstances(view));
  QVERIFY(drawn(view).wireframe); // racks with contents are cages, servers cages around GPUs
  const std::vector<unsigned char> before = pixels(view);

  view.hall.setInteractive(true);
  QVERIFY(view.hall.interactive());
  QVERIFY(view.hall.stats().interactive);
  // Only racks and coolers are drawn, racks solid; the instances stay in the (hidden) sets.
  QCOMPARE(drawn(view).instances, coarseInstances(view));
  QVERIFY(!drawn(view).wireframe);
  QCOMPARE(view.hall.stats().nodeInstances, full.nodeInstances);
  QCOMPARE(view.hall.stats().gpuInstances, full.gpuInstances);
  QVERIFY(pixels(view) != before);

  view.hall.setInteractive(false);
  QVERIFY(!view.hall.stats().interactive);
  QCOMPARE(drawn(view).instances, allInstances(view));
  QVERIFY(pixels(view) == before);
}

void TestHallInteractive::rackLevelPictureUnchanged()
{
  // At rack level nothing fine is drawn (the content sets are empty, hence hidden anyway): the
  // lighter scene is the same picture, and switching back does not show the empty sets.
  View view(m_lab, DetailLevel::Racks);
  const std::vector<unsigned char> before = pixels(view);
  QCOMPARE(drawn(view).instances, coarseInstances(view));
  view.hall.setInteractive(true);
  QVERIFY(pixels(view) == before);
  view.hall.setInteractive(false);
  QCOMPARE(drawn(view).instances, coarseInstances(view));
  QCOMPARE(view.hall.stats().nodeInstances, 0);
  QVERIFY(pixels(view) == before);
}

void TestHallInteractive::levelChangedWhileInteractive()
{
  View view(m_lab, DetailLevel::Gpus);
  View racks(m_lab, DetailLevel::Racks);
  View gpus(m_lab, DetailLevel::Gpus);

  // GPUs → racks during the interaction: afterwards the rack-level picture, contents hidden.
  view.hall.setInteractive(true);
  view.hall.setLevelOfDetail(DetailLevel::Racks);
  QCOMPARE(drawn(view).instances, coarseInstances(view));
  view.hall.setInteractive(false);
  QCOMPARE(view.hall.stats().nodeInstances, 0);
  QCOMPARE(drawn(view).instances, coarseInstances(view));
  QVERIFY(pixels(view) == pixels(racks));

  // Racks → GPUs during the interaction: the new contents stay hidden until the end.
  view.hall.setInteractive(true);
  view.hall.setLevelOfDetail(DetailLevel::Gpus);
  QCOMPARE(view.hall.stats().gpuInstances, 256);
  QCOMPARE(drawn(view).instances, coarseInstances(view));
  view.hall.setInteractive(false);
  QCOMPARE(drawn(view).instances, allInstances(view));
  QVERIFY(pixels(view) == pixels(gpus));
}

void TestHallInteractive::coloursAndEditsWhileInteractive()
{
  // Refilled sets (a colour change) and rewritten instances (a rack moved) while interactive
  // stay hidden, and afterwards the view equals a fresh build of the edited scene.
  engine::Scene scene = m_lab;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  View view(scene, DetailLevel::Gpus);
  view.hall.setInteractive(true);
  view.hall.setColorBy(scenes::ColorBy::PowerDensity);
  QCOMPARE(drawn(view).instances, coarseInstances(view));

  const auto& row = scene.site.halls[0].rows[0].racks;
  std::optional<engine::edit::EditResult> result;
  const std::pair<double, double> offsets[] = { { 1.2, 0.0 }, { 0.0, 1.2 }, { 0.0, -1.2 } };
  for (const auto& [dx, dy] : offsets)
  {
    engine::edit::MoveObjects move;
    move.ids = { row.back().id };
    move.dxM = dx;
    move.dyM = dy;
    try
    {
      result = engine::edit::applyEdit(scene, catalog, move);
      break;
    }
    catch (const engine::edit::EditError&)
    {
      // refused (overlap, outside the hall): try the next direction
    }
  }
  QVERIFY2(result.has_value(), "no free place to move the rack to");
  view.hall.updateObjects(scene, catalog, result->changes.ids);
  QCOMPARE(drawn(view).instances, coarseInstances(view));

  view.hall.setInteractive(false);
  View fresh(scene, DetailLevel::Gpus);
  fresh.hall.setColorBy(scenes::ColorBy::PowerDensity);
  QCOMPARE(view.hall.summary(), fresh.hall.summary());
  QCOMPARE(drawn(view).instances, allInstances(view));
  QVERIFY(pixels(view) == pixels(fresh));
}

void TestHallInteractive::levelFollowsCameraAfterInteraction()
{
  // A zoom to 5 m during the interaction: the level waits (no rebuild of hidden instances per
  // frame) and follows the camera at the first update after it.
  View view(m_lab, DetailLevel::Racks);
  vtkCamera* camera = view.renderer->GetActiveCamera();
  camera->ParallelProjectionOff();
  const double* focal = camera->GetFocalPoint();
  camera->SetPosition(focal[0], focal[1] - 3.0, focal[2] + 4.0); // 5 m away: GPU level
  QVERIFY(camera->GetDistance() < 12.0);

  view.hall.setInteractive(true);
  QVERIFY(!view.hall.updateLevelOfDetail());
  QCOMPARE(view.hall.levelOfDetail(), DetailLevel::Racks);
  view.hall.setInteractive(false);
  QVERIFY(view.hall.updateLevelOfDetail());
  QCOMPARE(view.hall.levelOfDetail(), DetailLevel::Gpus);
  QVERIFY(view.hall.stats().gpuInstances > 0);
  QCOMPARE(drawn(view).instances, allInstances(view));
}

QTEST_APPLESS_MAIN(TestHallInteractive)
#include "test_hall_interactive.moc"
