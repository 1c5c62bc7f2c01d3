// A thermal slice drawn off screen to a PNG (myriad-cli thermal --slice): ThermalView's slice
// and legend, outlines of the solids the plane cuts, a title line, parallel projection.

#include "myriad/scenes/hall_scene.h"
#include "myriad/scenes/thermal_view.h"

#include "myriad/engine/thermal/thermal_model.h"

#include "offscreen_png.h"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace myriad::scenes
{

namespace
{

namespace th = engine::thermal;

// Share of the image height kept free for the title (top) and the legend (bottom).
constexpr double kTitleBand = 0.08;
constexpr double kLegendBand = 0.15;
constexpr double kSideMargin = 0.03;

/** The slice plane in grid terms: in-plane axes u (screen right) and v (screen up), normal w. */
struct Plane
{
  int u = 0, v = 1, w = 2;
  double at = 0; ///< world coordinate on w
};

Plane planeOf(const th::ThermalGrid& g, const ThermalSliceImageOptions& o)
{
  if (o.axis == 'x')
    return { 1, 2, 0, o.positionM };
  if (o.axis == 'y')
    return { 0, 2, 1, o.positionM };
  return { 0, 1, 2, g.z0 + o.positionM };
}

double origin(const th::ThermalGrid& g, int axis)
{
  return axis == 0 ? g.x0 : (axis == 1 ? g.y0 : g.z0);
}

int cells(const th::ThermalGrid& g, int axis)
{
  return axis == 0 ? g.nx : (axis == 1 ? g.ny : g.nz);
}

/**
 * Line segments along the cell edges where the plane's layer of cells changes between solid and
 * open (the outlines of racks, coolers and panels), plus the grid's rectangle (the hall walls).
 * The layer is the one containing the plane, the same rule ThermalView uses to leave solid cells
 * out of a slice. Lines float 1 cm in front of the slice so they are never hidden by it.
 */
void buildOutlines(const th::ThermalGrid& g, const Plane& p, const std::array<double, 3>& toEye,
                   vtkPolyData* out)
{
  const int nu = cells(g, p.u), nv = cells(g, p.v);
  const int layer =
    std::clamp(int(std::floor((p.at - origin(g, p.w)) / g.cellM)), 0, cells(g, p.w) - 1);
  auto solidAt = [&](int a, int b)
  {
    if (a < 0 || b < 0 || a >= nu || b >= nv)
      return false;
    int idx[3];
    idx[p.u] = a, idx[p.v] = b, idx[p.w] = layer;
    return g.solid[g.index(idx[0], idx[1], idx[2])] != 0;
  };
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  auto segment = [&](double a0, double b0, double a1, double b1)
  {
    vtkIdType ids[2];
    for (int e = 0; e < 2; ++e)
    {
      std::array<double, 3> q{};
      q[p.u] = origin(g, p.u) + (e ? a1 : a0) * g.cellM;
      q[p.v] = origin(g, p.v) + (e ? b1 : b0) * g.cellM;
      q[p.w] = p.at;
      for (int k = 0; k < 3; ++k)
        q[k] += 0.01 * toEye[k];
      ids[e] = points->InsertNextPoint(q.data());
    }
    lines->InsertNextCell(2, ids);
  };
  for (int b = 0; b < nv; ++b)
    for (int a = 0; a <= nu; ++a)
      if (solidAt(a - 1, b) != solidAt(a, b))
        segment(a, b, a, b + 1);
  for (int b = 0; b <= nv; ++b)
    for (int a = 0; a < nu; ++a)
      if (solidAt(a, b - 1) != solidAt(a, b))
        segment(a, b, a + 1, b);
  segment(0, 0, nu, 0);
  segment(nu, 0, nu, nv);
  segment(nu, nv, 0, nv);
  segment(0, nv, 0, 0);
  out->SetPoints(points);
  out->SetLines(lines);
}

/** Coldest and hottest value of the slice's cell array; {0, 0} when it has no cells. */
std::array<double, 2> sliceRange(vtkPolyData* slice)
{
  vtkDataArray* values = slice->GetCellData()->GetScalars();
  if (!values || values->GetNumberOfTuples() == 0)
    return { 0, 0 };
  double range[2];
  values->GetRange(range);
  return { range[0], range[1] };
}

std::string titleOf(const th::ThermalResult& r, const ThermalSliceImageOptions& o,
                    std::array<double, 2> range)
{
  char text[256];
  const char* plane = o.axis == 'z' ? "horizontal slice z"
                                    : (o.axis == 'x' ? "vertical slice x" : "vertical slice y");
  std::snprintf(text, sizeof text,
                "Hall %s  \xE2\x80\x94  %s = %.2f m  \xE2\x80\x94  %.1f to %.1f \xC2\xB0"
                "C on the slice (%.2f m cells)",
                r.hallId.c_str(), plane, o.positionM, range[0], range[1], r.problem.grid.cellM);
  return text;
}

void addTitle(vtkRenderer* renderer, const std::string& text, int height)
{
  vtkNew<vtkTextActor> actor;
  actor->SetInput(text.c_str());
  actor->SetDisplayPosition(16, height - 16 - std::max(14, height / 40));
  vtkTextProperty* property = actor->GetTextProperty();
  property->SetFontSize(std::max(14, height / 40));
  property->SetColor(0.92, 0.94, 0.97);
  renderer->AddViewProp(actor);
}

/** Parallel camera looking square-on at the plane, the slice fitted between title and legend. */
void fitCamera(vtkRenderer* renderer, const th::ThermalGrid& g, const Plane& p,
               const std::array<double, 3>& toEye, double aspect)
{
  const double lu = cells(g, p.u) * g.cellM, lv = cells(g, p.v) * g.cellM;
  const double usable = 1 - kTitleBand - kLegendBand;
  const double scale = std::max(lv / (2 * usable), lu / (2 * (1 - 2 * kSideMargin) * aspect));
  std::array<double, 3> focal{};
  focal[p.u] = origin(g, p.u) + lu / 2;
  // The usable band's centre sits above the image centre: look lower so the slice fills it.
  focal[p.v] = origin(g, p.v) + lv / 2 - (kLegendBand - kTitleBand) * scale;
  focal[p.w] = p.at;
  const double distance = 4 * std::max(lu, lv) + 10;
  vtkCamera* camera = renderer->GetActiveCamera();
  camera->ParallelProjectionOn();
  camera->SetFocalPoint(focal.data());
  camera->SetPosition(focal[0] + distance * toEye[0], focal[1] + distance * toEye[1],
                      focal[2] + distance * toEye[2]);
  std::array<double, 3> up{};
  up[p.v] = 1;
  camera->SetViewUp(up.data());
  camera->SetParallelScale(scale);
  renderer->ResetCameraClippingRange();
}

} // namespace

bool renderThermalSliceToPng(const th::ThermalResult& result,
                             const ThermalSliceImageOptions& options, const std::string& pngPath,
                             std::string* error)
{
  auto fail = [error](const std::string& message)
  {
    if (error)
      *error = message;
    return false;
  };
  const th::ThermalGrid& g = result.problem.grid;
  if (g.cellCount() == 0 || result.solution.temperatureC.size() != g.cellCount())
    return fail("hall " + result.hallId + " has no solved thermal field");
  if (options.axis != 'x' && options.axis != 'y' && options.axis != 'z')
    return fail(std::string("slice axis must be x, y or z, got '") + options.axis + "'");
  if (options.width < 16 || options.height < 16 || options.width > 8192 || options.height > 8192)
    return fail("image size must be 16 to 8192 pixels per side");
  const Plane plane = planeOf(g, options);
  const double lo = origin(g, plane.w), hi = lo + cells(g, plane.w) * g.cellM;
  if (!(plane.at >= lo && plane.at <= hi))
  {
    char text[160];
    std::snprintf(text, sizeof text, "slice %c = %g m is outside hall %s (%g to %g m)",
                  options.axis, options.positionM, result.hallId.c_str(),
                  options.axis == 'z' ? 0.0 : lo, options.axis == 'z' ? hi - lo : hi);
    return fail(text);
  }
  if (const std::string problem = displayError(); !problem.empty())
    return fail(problem);
  try
  {
    vtkNew<vtkRenderWindow> window;
    window->SetOffScreenRendering(1);
    window->SetSize(options.width, options.height);
    window->SetMultiSamples(0);
    vtkNew<vtkRenderer> renderer;
    renderer->SetBackground(0.09, 0.11, 0.14);
    window->AddRenderer(renderer);
    ThermalView view(renderer);
    view.setResult(result);
    std::array<double, 3> toEye{ 0, 0, 0 };
    if (options.axis == 'z')
    {
      view.setSliceHeight(options.positionM);
      toEye = { 0, 0, 1 };
    }
    else
    {
      view.setHorizontalSliceVisible(false);
      view.setVerticalSlice(options.axis == 'x' ? VerticalSlice::AlongY : VerticalSlice::AlongX,
                            options.positionM);
      toEye =
        options.axis == 'x' ? std::array<double, 3>{ 1, 0, 0 } : std::array<double, 3>{ 0, -1, 0 };
    }
    vtkNew<vtkPolyData> outlines;
    buildOutlines(g, plane, toEye, outlines);
    vtkNew<vtkPolyDataMapper> outlineMapper;
    outlineMapper->SetInputData(outlines);
    vtkNew<vtkActor> outlineActor;
    outlineActor->SetMapper(outlineMapper);
    outlineActor->GetProperty()->SetColor(0.85, 0.87, 0.9);
    outlineActor->GetProperty()->SetLineWidth(1.5);
    outlineActor->GetProperty()->LightingOff();
    renderer->AddActor(outlineActor);
    vtkPolyData* slice = options.axis == 'z' ? view.horizontalSlice() : view.verticalSliceData();
    addTitle(renderer, titleOf(result, options, sliceRange(slice)), options.height);
    fitCamera(renderer, g, plane, toEye, double(options.width) / options.height);
    return detail::writeWindowPng(window, pngPath, error);
  }
  catch (const std::exception& e)
  {
    return fail(std::string("rendering failed: ") + e.what());
  }
}

} // namespace myriad::scenes
