// ThermalView streamlines and slice placement: in a uniform flow along x the streamlines from
// the supply cells are straight lines along x that end at a solid block or at the grid's edge;
// on the solved lab-256 hall every line starts at a supply cell, stays in the grid and carries
// temperatures of the field; the horizontal and vertical slices follow their positions.

#include "scene_fixtures.h"

#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/scenes/thermal_view.h"

#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkIdList.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkRenderer.h>

#include <cmath>

using namespace myriad;
namespace thermal = myriad::engine::thermal;

namespace
{

constexpr double kCell = 0.5;
constexpr double kFaceFlow = 0.04; // m³/s through every open x face: 0.16 m/s along +x

/**
 * 8 × 6 × 5 cells of 0.5 m from (1, 2, 0); cells (3..4, 2..3, 0..2) are solid (a rack, from
 * x = 2.5 to 3.5 m). ψ rises by kFaceFlow per cell along x, so the air moves along +x only; a
 * supply covers the first column (i = 0), where the streamlines start.
 */
thermal::ThermalResult uniformFlowWithBlock()
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
  thermal::AirSupply supply;
  supply.id = "inlet";
  supply.flowM3s = kFaceFlow * g.ny * g.nz;
  for (int k = 0; k < g.nz; ++k)
  {
    for (int j = 0; j < g.ny; ++j)
    {
      for (int i = 0; i < g.nx; ++i)
      {
        const int c = g.index(i, j, k);
        const bool block = i >= 3 && i <= 4 && j >= 2 && j <= 3 && k <= 2;
        g.solid[c] = block ? 1 : 0;
        result.solution.temperatureC[c] = block ? 0 : 20 + 0.5 * i;
        result.solution.psi[c] = block ? 0 : kFaceFlow * i;
      }
      supply.cells.push_back(g.index(0, j, k));
    }
  }
  result.problem.supplies.push_back(supply);
  return result;
}

struct Line
{
  std::vector<std::array<double, 3>> points;
  std::vector<double> temperatures;
};

std::vector<Line> linesOf(vtkPolyData* data)
{
  std::vector<Line> lines;
  vtkDataArray* t = data->GetPointData()->GetScalars();
  vtkNew<vtkIdList> ids;
  vtkCellArray* cells = data->GetLines();
  cells->InitTraversal();
  while (cells->GetNextCell(ids))
  {
    Line line;
    for (vtkIdType n = 0; n < ids->GetNumberOfIds(); ++n)
    {
      std::array<double, 3> p{};
      data->GetPoint(ids->GetId(n), p.data());
      line.points.push_back(p);
      line.temperatures.push_back(t ? t->GetTuple1(ids->GetId(n)) : 0);
    }
    lines.push_back(line);
  }
  return lines;
}

bool inside(const std::array<double, 3>& p, const std::array<double, 6>& b)
{
  constexpr double kTolerance = 1e-5; // points are stored in single precision
  for (int a = 0; a < 3; ++a)
  {
    if (p[a] < b[2 * a] - kTolerance || p[a] > b[2 * a + 1] + kTolerance)
    {
      return false;
    }
  }
  return true;
}

bool startsAtASeed(const Line& line, const std::vector<std::array<double, 3>>& seeds)
{
  for (const auto& s : seeds)
  {
    if (std::abs(s[0] - line.points[0][0]) < 1e-5 && std::abs(s[1] - line.points[0][1]) < 1e-5 &&
        std::abs(s[2] - line.points[0][2]) < 1e-5)
    {
      return true;
    }
  }
  return false;
}

} // namespace

class TestThermalStreamlines final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void uniformFlowGivesStraightLines();
  void streamlinesAreOffByDefaultAndLazy();
  void solvedLabHallStreamlines();
  void slicesFollowTheirPositions();
};

void TestThermalStreamlines::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
}

void TestThermalStreamlines::uniformFlowGivesStraightLines()
{
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(uniformFlowWithBlock());
  view.setStreamlinesVisible(true);
  // 6 × 5 supply cells, all open: one seed each, at the centres of the first column.
  const auto seeds = view.streamlineSeeds();
  QCOMPARE(int(seeds.size()), 30);
  const std::vector<Line> lines = linesOf(view.streamlineData());
  QCOMPARE(int(lines.size()), 30);
  QCOMPARE(view.stats().streamlines, 30);
  const auto bounds = view.bounds();
  int blocked = 0;
  for (const Line& line : lines)
  {
    QVERIFY(startsAtASeed(line, seeds));
    QCOMPARE(line.points.front()[0], 1 + 0.5 * kCell);
    for (const auto& p : line.points)
    {
      QVERIFY(inside(p, bounds));
      // The velocity has no y or z component anywhere: the line keeps its seed's y and z.
      QVERIFY(std::abs(p[1] - line.points[0][1]) < 1e-9);
      QVERIFY(std::abs(p[2] - line.points[0][2]) < 1e-9);
    }
    const double y = line.points[0][1], z = line.points[0][2];
    const bool behindBlock = y > 3 && y < 4 && z < 1.5; // rows j = 2..3, layers k = 0..2
    const double endX = line.points.back()[0];
    if (behindBlock)
    {
      // Air drawn against the block's face (x = 2.5 m) ends there, within one step.
      QVERIFY2(endX <= 2.5 && endX > 2.5 - 0.25 * kCell - 1e-9, qPrintable(QString::number(endX)));
      ++blocked;
    }
    else
    {
      // Elsewhere it runs through to the last step before the far wall (x = 5 m).
      QVERIFY2(endX <= 5 && endX > 5 - 0.25 * kCell - 1e-9, qPrintable(QString::number(endX)));
    }
    // Temperatures along the line are the field's (20 + 0.5·i °C, i = 0..7): rising downstream.
    QVERIFY(line.temperatures.front() >= 20 - 1e-6);
    QVERIFY(line.temperatures.back() >= line.temperatures.front());
    QVERIFY(line.temperatures.back() <= 23.5 + 1e-6);
  }
  QCOMPARE(blocked, 2 * 3);
}

void TestThermalStreamlines::streamlinesAreOffByDefaultAndLazy()
{
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(uniformFlowWithBlock());
  QVERIFY(!view.streamlinesVisible());
  QCOMPARE(view.stats().streamlines, 0); // not traced while hidden
  view.setStreamlinesVisible(true);
  QCOMPARE(view.stats().streamlines, 30);
  view.setStreamlinesVisible(false);
  QCOMPARE(view.stats().streamlines, 0);
  view.setStreamlinesVisible(true);
  view.clear();
  QCOMPARE(view.stats().streamlines, 0);
}

void TestThermalStreamlines::solvedLabHallStreamlines()
{
  const engine::Scene lab = tests::loadSample("lab-256");
  thermal::ThermalOptions options;
  options.cellM = 0.5;
  const thermal::ThermalResult result =
    thermal::analyzeHall(lab, 0, engine::Catalog::builtin(), options);
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(result);
  view.setStreamlinesVisible(true);
  const auto seeds = view.streamlineSeeds();
  QVERIFY(!seeds.empty());
  QVERIFY(seeds.size() <= 200);
  const std::vector<Line> lines = linesOf(view.streamlineData());
  QVERIFY2(lines.size() > seeds.size() / 2,
           qPrintable(QString("%1 of %2").arg(lines.size()).arg(seeds.size())));
  const auto bounds = view.bounds();
  const auto range = view.temperatureRange();
  double travelled = 0;
  for (const Line& line : lines)
  {
    QVERIFY(line.points.size() >= 2);
    QVERIFY(startsAtASeed(line, seeds));
    for (std::size_t n = 0; n < line.points.size(); ++n)
    {
      QVERIFY(inside(line.points[n], bounds));
      QVERIFY(line.temperatures[n] >= range[0] - 1e-6 && line.temperatures[n] <= range[1] + 1e-6);
    }
    // Steps are a quarter cell long (points are stored in single precision).
    const auto& a = line.points[0];
    const auto& b = line.points[1];
    QVERIFY(std::abs(std::hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) - 0.25 * 0.5) < 1e-5);
    travelled += 0.125 * double(line.points.size() - 1);
  }
  // Supply air crosses the cold aisle to the rack intakes: lines are metres long on average.
  QVERIFY2(travelled / lines.size() > 1.0, qPrintable(QString::number(travelled / lines.size())));
}

void TestThermalStreamlines::slicesFollowTheirPositions()
{
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(uniformFlowWithBlock());
  for (double height : { 0.4, 1.7, 2.3 })
  {
    view.setSliceHeight(height);
    double b[6];
    view.horizontalSlice()->GetBounds(b);
    // Points are stored in single precision.
    QVERIFY(std::abs(b[4] - height) < 1e-6 && std::abs(b[5] - height) < 1e-6);
  }
  view.setVerticalSlice(scenes::VerticalSlice::AlongY, 3.2);
  double b[6];
  view.verticalSliceData()->GetBounds(b);
  QVERIFY(std::abs(b[0] - 3.2) < 1e-6 && std::abs(b[1] - 3.2) < 1e-6);
  view.setVerticalSlice(scenes::VerticalSlice::AlongY, 4.6);
  view.verticalSliceData()->GetBounds(b);
  QVERIFY(std::abs(b[0] - 4.6) < 1e-6);
  // Hiding the horizontal slice leaves the vertical one drawn.
  view.setHorizontalSliceVisible(false);
  QVERIFY(!view.horizontalSliceVisible());
  QVERIFY(view.stats().verticalCells > 0);
}

QTEST_GUILESS_MAIN(TestThermalStreamlines)
#include "test_thermal_streamlines.moc"
