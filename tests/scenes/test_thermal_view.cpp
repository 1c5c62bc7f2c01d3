// ThermalView: slices match the grid, the hottest cell takes the top colour of the map, the probe
// is trilinear (exact on a linear field), toggles hide props, and the view renders and probes
// the solved field of the lab-256 sample.

#include "scene_fixtures.h"

#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/scenes/thermal_view.h"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkMapper.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPropCollection.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWindowToImageFilter.h>

#include <cmath>

using namespace myriad;
namespace thermal = myriad::engine::thermal;

namespace
{

constexpr double kCell = 0.5;
// The linear field of the hand-built case: T = 20 + 0.5·x − 0.3·y + 2·z (°C, x/y/z in m).
double linearT(double x, double y, double z)
{
  return 20 + 0.5 * x - 0.3 * y + 2 * z;
}
// ψ = 0.04·i (m³/s) gives 0.04 m³/s through every x face: u = 0.04 / 0.25 = 0.16 m/s inside.
constexpr double kFaceFlow = 0.04;

/**
 * 8 × 6 × 5 cells of 0.5 m from (1, 2, 0); cells (3..4, 2..3, 0..2) are a solid block (a rack).
 * Temperatures follow linearT at the cell centres, ψ rises by kFaceFlow per cell along x.
 */
thermal::ThermalResult handBuiltResult(bool withBlock = true)
{
  thermal::ThermalResult result;
  thermal::ThermalGrid& g = result.problem.grid;
  g.nx = 8;
  g.ny = 6;
  g.nz = 5;
  g.cellM = kCell;
  g.x0 = 1;
  g.y0 = 2;
  g.z0 = 0;
  g.solid.assign(g.cellCount(), 0);
  result.solution.temperatureC.assign(g.cellCount(), 0);
  result.solution.psi.assign(g.cellCount(), 0);
  for (int k = 0; k < g.nz; ++k)
  {
    for (int j = 0; j < g.ny; ++j)
    {
      for (int i = 0; i < g.nx; ++i)
      {
        const int c = g.index(i, j, k);
        const bool block = withBlock && i >= 3 && i <= 4 && j >= 2 && j <= 3 && k <= 2;
        g.solid[c] = block ? 1 : 0;
        const double x = g.x0 + (i + 0.5) * kCell;
        const double y = g.y0 + (j + 0.5) * kCell;
        const double z = g.z0 + (k + 0.5) * kCell;
        result.solution.temperatureC[c] = block ? 0 : linearT(x, y, z);
        result.solution.psi[c] = block ? 0 : kFaceFlow * i;
      }
    }
  }
  return result;
}

int openCellsInLayer(const thermal::ThermalGrid& g, int k)
{
  int open = 0;
  for (int j = 0; j < g.ny; ++j)
  {
    for (int i = 0; i < g.nx; ++i)
    {
      open += g.solid[g.index(i, j, k)] ? 0 : 1;
    }
  }
  return open;
}

int visibleProps(vtkRenderer* renderer)
{
  int visible = 0;
  vtkPropCollection* props = renderer->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp())
  {
    visible += prop->GetVisibility() ? 1 : 0;
  }
  return visible;
}

bool sameColor(const std::array<double, 3>& a, const std::array<double, 3>& b)
{
  return std::abs(a[0] - b[0]) < 1e-6 && std::abs(a[1] - b[1]) < 1e-6 &&
         std::abs(a[2] - b[2]) < 1e-6;
}

} // namespace

class TestThermalView final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void sliceDimensionsMatchGrid();
  void hottestCellIsTopOfMap();
  void probeIsTrilinear();
  void probeOutsideOrInSolid();
  void togglesHideProps();
  void arrowsFollowTheFlow();
  void isosurfaceLiesOnItsTemperature();
  void rendersSolvedLabHall();
};

void TestThermalView::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
}

void TestThermalView::sliceDimensionsMatchGrid()
{
  // The horizontal slice has the grid's nx × ny cells, minus the solid ones in its layer; a
  // vertical slice along X has nx × nz, along Y ny × nz.
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  const thermal::ThermalResult result = handBuiltResult();
  const thermal::ThermalGrid& g = result.problem.grid;
  view.setResult(result);
  QCOMPARE(view.sliceHeight(), 1.2); // default: rack-intake height, in cell layer 2
  scenes::ThermalViewStats s = view.stats();
  QCOMPARE(s.horizontalDims, (std::array<int, 2>{ g.nx, g.ny }));
  QCOMPARE(s.horizontalCells, openCellsInLayer(g, 2));
  QCOMPARE(s.horizontalCells, g.nx * g.ny - 4);
  view.setSliceHeight(2.1); // layer 4: above the block
  QCOMPARE(view.stats().horizontalCells, g.nx * g.ny);

  view.setVerticalSlice(scenes::VerticalSlice::AlongX, 3.6); // y = 3.6: through the block
  s = view.stats();
  QCOMPARE(s.verticalDims, (std::array<int, 2>{ g.nx, g.nz }));
  QCOMPARE(s.verticalCells, g.nx * g.nz - 2 * 3);
  view.setVerticalSlice(scenes::VerticalSlice::AlongY, 1.25); // x = 1.25: clear of the block
  s = view.stats();
  QCOMPARE(s.verticalDims, (std::array<int, 2>{ g.ny, g.nz }));
  QCOMPARE(s.verticalCells, g.ny * g.nz);
  view.setVerticalSlice(scenes::VerticalSlice::None, 0);
  QCOMPARE(view.stats().verticalCells, 0);
}

void TestThermalView::hottestCellIsTopOfMap()
{
  // A slice through cell centres shows the cell values themselves; the top layer holds the
  // hottest cell of the field (T grows 2 K/m upwards), which takes the last colour of the map,
  // and the coldest cell (bottom layer) the first.
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  const thermal::ThermalResult result = handBuiltResult();
  view.setResult(result);
  const std::array<double, 2> range = view.temperatureRange();
  // Hottest open cell: i = 7, j = 0, k = 4; coldest: i = 0, j = 5, k = 0.
  QCOMPARE(range[1], linearT(1 + 7.5 * kCell, 2 + 0.5 * kCell, 4.5 * kCell));
  QCOMPARE(range[0], linearT(1 + 0.5 * kCell, 2 + 5.5 * kCell, 0.5 * kCell));

  view.setSliceHeight(4.5 * kCell);
  vtkDataArray* values = view.horizontalSlice()->GetCellData()->GetScalars();
  QVERIFY(values);
  double hottest = -1e9;
  for (vtkIdType c = 0; c < values->GetNumberOfTuples(); ++c)
  {
    hottest = std::max(hottest, values->GetTuple1(c));
  }
  QVERIFY(std::abs(hottest - range[1]) < 1e-4);                              // stored as float
  const std::array<double, 3> top{ 165 / 255.0, 0, 38 / 255.0 };             // dark red
  const std::array<double, 3> bottom{ 49 / 255.0, 54 / 255.0, 149 / 255.0 }; // dark blue
  QVERIFY(sameColor(view.colorOf(range[1]), top));
  QVERIFY(sameColor(view.colorOf(range[0]), bottom));
  QVERIFY(!sameColor(view.colorOf(0.5 * (range[0] + range[1])), top));
}

void TestThermalView::probeIsTrilinear()
{
  // Trilinear interpolation reproduces a linear field exactly between open cell centres; the
  // velocity inside is the uniform 0.16 m/s of the ψ ramp (0.04 m³/s over 0.25 m² faces).
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(handBuiltResult());
  const std::array<std::array<double, 3>, 4> points{ {
    { 1.9, 2.4, 1.9 },  // x between centres 1.75 and 2.25, z in the top layers
    { 1.6, 4.1, 0.3 },  // beside the block, low
    { 4.6, 3.9, 2.2 },  // above the block
    { 2.37, 3.05, 1.9 } // over the block, its 8 surrounding centres all open
  } };
  for (const auto& p : points)
  {
    const std::optional<scenes::ThermalProbe> probe = view.probe(p);
    QVERIFY(probe.has_value());
    QVERIFY2(std::abs(probe->temperatureC - linearT(p[0], p[1], p[2])) < 1e-9,
             qPrintable(
               QString("probe %1 vs %2").arg(probe->temperatureC).arg(linearT(p[0], p[1], p[2]))));
  }
  // Away from the x walls and the block every surrounding cell sees the ramp on both faces.
  const std::optional<scenes::ThermalProbe> inside = view.probe({ 2.0, 4.2, 2.2 });
  QVERIFY(inside.has_value());
  QVERIFY(std::abs(inside->speedMs - kFaceFlow / (kCell * kCell)) < 1e-6);
}

void TestThermalView::probeOutsideOrInSolid()
{
  // Outside the grid box there is no answer; inside the block the 8 surrounding centres are
  // all solid, so there is none either. Before setResult() nothing is known.
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  QVERIFY(!view.probe({ 2, 3, 1 }).has_value());
  QVERIFY(!view.hasResult());
  view.setResult(handBuiltResult());
  QVERIFY(view.hasResult());
  QVERIFY(!view.probe({ 0.9, 3, 1 }).has_value());
  QVERIFY(!view.probe({ 2, 3, 2.6 }).has_value());
  QVERIFY(!view.probe({ 3.0, 3.5, 0.5 }).has_value()); // centre of the block
  // Closer to a wall than half a cell the value is held (clamped to the first centre).
  const std::optional<scenes::ThermalProbe> wall = view.probe({ 1.0, 3.25, 0.25 });
  QVERIFY(wall.has_value());
  QVERIFY(std::abs(wall->temperatureC - linearT(1.25, 3.25, 0.25)) < 1e-9);
}

void TestThermalView::togglesHideProps()
{
  // Nothing shows before a result; then slice and legend; the vertical slice and the arrows
  // only when asked; setVisible(false) hides every prop and clear() too.
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  QCOMPARE(view.stats().actors, renderer->GetViewProps()->GetNumberOfItems());
  QCOMPARE(visibleProps(renderer), 0);
  view.setResult(handBuiltResult());
  QCOMPARE(visibleProps(renderer), 2);
  view.setVerticalSlice(scenes::VerticalSlice::AlongX, 3);
  QCOMPARE(visibleProps(renderer), 3);
  view.setArrowsVisible(true);
  QCOMPARE(visibleProps(renderer), 4);
  view.setVisible(false);
  QCOMPARE(visibleProps(renderer), 0);
  view.setVisible(true);
  QCOMPARE(visibleProps(renderer), 4);
  view.setArrowsVisible(false);
  view.setVerticalSlice(scenes::VerticalSlice::None, 0);
  QCOMPARE(visibleProps(renderer), 2);
  view.clear();
  QCOMPARE(visibleProps(renderer), 0);
}

void TestThermalView::arrowsFollowTheFlow()
{
  // The hand-built flow moves everywhere, so the slice carries arrows, at most one per cell.
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(handBuiltResult());
  view.setArrowsVisible(true);
  QVERIFY(view.stats().arrows > 0);
  QVERIFY(view.stats().arrows <= view.stats().horizontalCells);
}

void TestThermalView::isosurfaceLiesOnItsTemperature()
{
  // Marching cubes interpolates linearly between cell centres, so on the linear field (no
  // block) every vertex of the 23 °C surface is at 23 °C; off, the surface and its prop go.
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(handBuiltResult(false));
  QCOMPARE(view.stats().isosurfaceTriangles, 0);
  const int shown = visibleProps(renderer);
  view.setIsosurface(23.0);
  QCOMPARE(visibleProps(renderer), shown + 1);
  QVERIFY(view.stats().isosurfaceTriangles > 0);
  vtkPolyData* surface = nullptr;
  vtkPropCollection* props = renderer->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp())
  {
    auto* actor = vtkActor::SafeDownCast(prop);
    auto* data = actor ? vtkPolyData::SafeDownCast(actor->GetMapper()->GetInput()) : nullptr;
    if (data && data != view.horizontalSlice() && data != view.verticalSliceData() &&
        data->GetNumberOfPolys() == view.stats().isosurfaceTriangles)
    {
      surface = data;
    }
  }
  QVERIFY(surface);
  for (vtkIdType p = 0; p < surface->GetNumberOfPoints(); ++p)
  {
    double x[3];
    surface->GetPoint(p, x);
    QVERIFY2(std::abs(linearT(x[0], x[1], x[2]) - 23.0) < 1e-4,
             qPrintable(QString::number(linearT(x[0], x[1], x[2]))));
  }
  view.setResult(handBuiltResult(true)); // kept across results
  QCOMPARE(view.isosurface(), std::optional<double>(23.0));
  view.setIsosurface(std::nullopt);
  QCOMPARE(visibleProps(renderer), shown);
  QCOMPARE(view.stats().isosurfaceTriangles, 0);
}

void TestThermalView::rendersSolvedLabHall()
{
  // The lab-256 hall solved at 0.5 m: the slice has the result's grid, the centre of the top
  // view shows a colour of the map (not the background), and the slice point under the centre
  // pixel probes to a temperature within the field's range.
  const engine::Scene lab = tests::loadSample("lab-256");
  thermal::ThermalOptions options;
  options.cellM = 0.5;
  const thermal::ThermalResult result =
    thermal::analyzeHall(lab, 0, engine::Catalog::builtin(), options);
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetSize(400, 300);
  vtkNew<vtkRenderer> renderer;
  window->AddRenderer(renderer);
  scenes::ThermalView view(renderer);
  view.setResult(result);
  view.setArrowsVisible(true);
  view.setVerticalSlice(scenes::VerticalSlice::AlongY, 0.5 * (view.bounds()[0] + view.bounds()[1]));
  const scenes::ThermalViewStats s = view.stats();
  QCOMPARE(s.horizontalDims,
           (std::array<int, 2>{ result.problem.grid.nx, result.problem.grid.ny }));
  QVERIFY(s.horizontalCells > 0 && s.arrows > 0 && s.verticalCells > 0);

  const std::array<double, 6> b = view.bounds();
  vtkCamera* camera = renderer->GetActiveCamera();
  camera->SetFocalPoint(0.5 * (b[0] + b[1]), 0.5 * (b[2] + b[3]), 0);
  camera->SetPosition(0.5 * (b[0] + b[1]), 0.5 * (b[2] + b[3]), 60);
  camera->SetViewUp(0, 1, 0);
  renderer->ResetCamera();
  window->Render();

  vtkNew<vtkWindowToImageFilter> grab;
  grab->SetInput(window);
  grab->ReadFrontBufferOff();
  grab->Update();
  auto* pixels =
    vtkUnsignedCharArray::SafeDownCast(grab->GetOutput()->GetPointData()->GetScalars());
  QVERIFY(pixels);
  // Probe a ring of pixels around the centre: each hit is on the slice and inside the range.
  const std::array<double, 2> range = view.temperatureRange();
  int hits = 0;
  for (int dx : { -60, -20, 0, 20, 60 })
  {
    const std::optional<std::array<double, 3>> p = view.slicePointAt(200 + dx, 150);
    if (!p)
    {
      continue;
    }
    ++hits;
    const std::optional<scenes::ThermalProbe> probe = view.probe(*p);
    QVERIFY(probe.has_value());
    QVERIFY(probe->temperatureC >= range[0] - 1e-9 && probe->temperatureC <= range[1] + 1e-9);
  }
  QVERIFY(hits > 0);
  // The background is black here (no HallScene styling): the slice fills much of the top view.
  const int nc = pixels->GetNumberOfComponents();
  vtkIdType lit = 0;
  for (vtkIdType p = 0; p < pixels->GetNumberOfTuples(); ++p)
  {
    const int sum =
      pixels->GetValue(p * nc) + pixels->GetValue(p * nc + 1) + pixels->GetValue(p * nc + 2);
    lit += sum > 30 ? 1 : 0;
  }
  // For a human look: MYRIAD_RENDER_REVIEW_DIR=/tmp/review writes the frame.
  const QByteArray dir = qgetenv("MYRIAD_RENDER_REVIEW_DIR");
  if (!dir.isEmpty())
  {
    vtkNew<vtkPNGWriter> png;
    png->SetInputConnection(grab->GetOutputPort());
    png->SetFileName((dir + "/thermal-slice-lab.png").constData());
    png->Write();
  }
  QVERIFY2(lit > pixels->GetNumberOfTuples() / 6, qPrintable(QString::number(lit)));
}

QTEST_GUILESS_MAIN(TestThermalView)
#include "test_thermal_view.moc"
