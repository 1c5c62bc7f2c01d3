// Rendering and picking of HallScene in an off-screen window, and PNG export.

#include "scene_fixtures.h"

#include "myriad/engine/query.h"

#include <vtkCamera.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <QTemporaryDir>

#include <set>

using namespace myriad;

class TestHallSceneRender final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void pickRackInTopView();
  void pickNodeWhenDetailed();
  void pickOutsideHall();
  void cameraPresets();
  void renderToPngWritesImage();
  void renderToPngRejectsBadSize();
  void displayErrorWithoutDisplay();
  void renderViewsForReview();

private:
  struct Window
  {
    vtkNew<vtkRenderWindow> window;
    vtkNew<vtkRenderer> renderer;
    Window()
    {
      window->SetOffScreenRendering(1);
      window->SetSize(800, 500);
      window->AddRenderer(renderer);
    }
  };
  /** Display coordinates of a world point after a render (so the camera matrices are set). */
  static std::array<double, 3> project(vtkRenderer* renderer, double x, double y, double z);
  engine::Scene m_lab;
  engine::Scene m_tenK;
};

void TestHallSceneRender::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_lab = tests::loadSample("lab-256");
  m_tenK = tests::loadSample("h100-superpod-10k");
}

std::array<double, 3> TestHallSceneRender::project(vtkRenderer* renderer, double x, double y,
                                                   double z)
{
  renderer->SetWorldPoint(x, y, z, 1.0);
  renderer->WorldToDisplay();
  double d[3];
  renderer->GetDisplayPoint(d);
  return { d[0], d[1], d[2] };
}

void TestHallSceneRender::pickRackInTopView()
{
  // Top view: the centre of a rack's roof projects inside the rack, so picking there must
  // return exactly that rack, for several racks across the 10k hall.
  Window w;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  scenes::HallScene hall(w.renderer);
  hall.build(m_tenK, catalog);
  hall.applyCameraPreset(scenes::CameraPreset::Top);
  w.window->Render();
  const auto& rows = m_tenK.site.halls[0].rows;
  for (int r : { 0, static_cast<int>(rows.size()) / 2, static_cast<int>(rows.size()) - 1 })
  {
    const int k = static_cast<int>(rows[r].racks.size()) / 2;
    const engine::Box box = engine::rackBox(rows[r].racks[k], catalog);
    const auto p = project(w.renderer, 0.5 * (box.x0 + box.x1), 0.5 * (box.y0 + box.y1), box.z1);
    const std::optional<engine::ObjectRef> ref =
      hall.pick(static_cast<int>(p[0]), static_cast<int>(p[1]));
    QVERIFY(ref.has_value());
    QCOMPARE(ref->kind, engine::ObjectKind::Rack);
    QCOMPARE(ref->row, r);
    QCOMPARE(ref->rack, k);
  }
}

void TestHallSceneRender::pickNodeWhenDetailed()
{
  // With servers drawn, a click on a rack from above hits the highest unit in it.
  Window w;
  const engine::Catalog& catalog = engine::Catalog::builtin();
  scenes::HallScene hall(w.renderer);
  hall.build(m_lab, catalog);
  hall.applyCameraPreset(scenes::CameraPreset::Top);
  hall.setLevelOfDetail(scenes::DetailLevel::Nodes);
  w.window->Render();
  const auto& rows = m_lab.site.halls[0].rows;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r)
  {
    for (int k = 0; k < static_cast<int>(rows[r].racks.size()); ++k)
    {
      const engine::Rack& rack = rows[r].racks[k];
      if (rack.nodes.empty())
      {
        continue;
      }
      const engine::Box box = engine::rackBox(rack, catalog);
      const auto p = project(w.renderer, 0.5 * (box.x0 + box.x1), 0.5 * (box.y0 + box.y1), box.z1);
      const auto ref = hall.pick(static_cast<int>(p[0]), static_cast<int>(p[1]));
      QVERIFY(ref.has_value());
      QVERIFY(ref->kind == engine::ObjectKind::Node || ref->kind == engine::ObjectKind::Switch);
      QCOMPARE(ref->row, r);
      QCOMPARE(ref->rack, k);
      return;
    }
  }
  QFAIL("lab-256 has no rack with nodes");
}

void TestHallSceneRender::pickOutsideHall()
{
  Window w;
  scenes::HallScene hall(w.renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  w.window->Render();
  // The top-left pixel shows the sky above the hall: nothing there.
  QVERIFY(!hall.pick(1, 498).has_value());
}

void TestHallSceneRender::cameraPresets()
{
  Window w;
  scenes::HallScene hall(w.renderer);
  hall.build(m_tenK, engine::Catalog::builtin());
  const engine::Hall& h = m_tenK.site.halls[0];
  hall.applyCameraPreset(scenes::CameraPreset::Top);
  QVERIFY(w.renderer->GetActiveCamera()->GetParallelProjection());
  hall.applyCameraPreset(scenes::CameraPreset::AisleWalk);
  vtkCamera* camera = w.renderer->GetActiveCamera();
  QVERIFY(!camera->GetParallelProjection());
  QCOMPARE(camera->GetPosition()[2], 1.7);
  QVERIFY(camera->GetFocalPoint()[0] > camera->GetPosition()[0]); // looking along +X
  QVERIFY(camera->GetPosition()[1] > 0 && camera->GetPosition()[1] < h.depthM);
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  QVERIFY(!camera->GetParallelProjection());
  QVERIFY(camera->GetPosition()[2] > 10.0);
  w.window->Render();
  // The hall's four floor corners are inside the image.
  for (double x : { 0.0, h.widthM })
  {
    for (double y : { 0.0, h.depthM })
    {
      const auto p = project(w.renderer, x, y, 0.0);
      QVERIFY(p[0] >= 0 && p[0] <= 800 && p[1] >= 0 && p[1] <= 500);
    }
  }
}

void TestHallSceneRender::renderToPngWritesImage()
{
  QTemporaryDir dir;
  const std::string path = dir.filePath("hall.png").toStdString();
  scenes::RenderOptions options;
  options.width = 640;
  options.height = 400;
  std::string error;
  QVERIFY2(scenes::renderToPng(m_tenK, engine::Catalog::builtin(), path, options, &error),
           error.c_str());
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(path.c_str());
  reader->Update();
  int dims[3];
  reader->GetOutput()->GetDimensions(dims);
  QCOMPARE(dims[0], 640);
  QCOMPARE(dims[1], 400);
  // A real picture: many distinct colours, not one flat fill.
  auto* pixels =
    vtkUnsignedCharArray::SafeDownCast(reader->GetOutput()->GetPointData()->GetScalars());
  QVERIFY(pixels);
  std::set<int> colors;
  const int channels = pixels->GetNumberOfComponents();
  for (vtkIdType i = 0; i < pixels->GetNumberOfTuples(); i += 7)
  {
    const unsigned char* p = pixels->GetPointer(i * channels);
    colors.insert((p[0] << 16) | (p[1] << 8) | p[2]);
  }
  QVERIFY2(colors.size() > 100, qPrintable(QString::number(colors.size())));
}

void TestHallSceneRender::renderToPngRejectsBadSize()
{
  scenes::RenderOptions options;
  options.width = 0;
  std::string error;
  QVERIFY(
    !scenes::renderToPng(m_lab, engine::Catalog::builtin(), "/tmp/never.png", options, &error));
  QVERIFY(!error.empty());
}

void TestHallSceneRender::displayErrorWithoutDisplay()
{
  const QByteArray saved = qgetenv("DISPLAY");
  qunsetenv("DISPLAY");
  const std::string problem = scenes::displayError();
  QVERIFY(!scenes::displayAvailable());
  std::string error;
  const bool ok = scenes::renderToPng(m_lab, engine::Catalog::builtin(), "/tmp/never.png",
                                      scenes::RenderOptions{}, &error);
  qputenv("DISPLAY", saved);
  QVERIFY(problem.find("DISPLAY is not set") != std::string::npos);
  QVERIFY(problem.find("xvfb-run") != std::string::npos);
  QVERIFY(!ok);
  QCOMPARE(error, problem);
}

void TestHallSceneRender::renderViewsForReview()
{
  // Not a check: with MYRIAD_RENDER_REVIEW_DIR set, writes full-size renders of the samples in
  // every preset and colouring, for a person to look at.
  const QByteArray dir = qgetenv("MYRIAD_RENDER_REVIEW_DIR");
  if (dir.isEmpty())
  {
    QSKIP("set MYRIAD_RENDER_REVIEW_DIR to write review renders");
  }
  const std::pair<const char*, const engine::Scene*> samples[] = { { "lab-256", &m_lab },
                                                                   { "10k", &m_tenK } };
  const std::pair<const char*, scenes::CameraPreset> views[] = {
    { "iso", scenes::CameraPreset::Isometric },
    { "top", scenes::CameraPreset::Top },
    { "aisle", scenes::CameraPreset::AisleWalk },
  };
  for (const auto& [sampleName, scene] : samples)
  {
    for (const auto& [viewName, preset] : views)
    {
      scenes::RenderOptions options;
      options.view = preset;
      const std::string path = dir.toStdString() + "/" + sampleName + "-" + viewName + ".png";
      std::string error;
      QVERIFY2(scenes::renderToPng(*scene, engine::Catalog::builtin(), path, options, &error),
               error.c_str());
    }
    scenes::RenderOptions power;
    power.colorBy = scenes::ColorBy::PowerDensity;
    std::string error;
    QVERIFY(scenes::renderToPng(*scene, engine::Catalog::builtin(),
                                dir.toStdString() + "/" + sampleName + "-power.png", power,
                                &error));
  }
}

QTEST_APPLESS_MAIN(TestHallSceneRender)
#include "test_hall_scene_render.moc"
