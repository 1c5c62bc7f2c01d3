// CollectiveAnimation: chunks and busy cable directions of a collective's timeline at time t
// (collective_animation.h states the picture's model).

#include "myriad/scenes/collective_animation.h"

#include "myriad/scenes/fabric_view.h"

#include "polyline_route.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPointPicker.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace myriad::scenes
{

namespace tr = engine::traffic;
using Point = std::array<double, 3>;

namespace
{

/** A cable's route from its A end to its B end with the cumulative length at each point. */
using Route = detail::PolylineRoute;
using detail::pointAlong;

Route makeRoute(std::vector<Point> points)
{
  return detail::makePolylineRoute(std::move(points));
}

/**
 * The point at `u` (0–1) of an aggregated arrow from `a` to `b`: a quadratic Bézier arc whose
 * middle control point rises 1.5 m + 0.3 × |ab| above the midpoint, so arrows between racks of
 * one row clear the racks and longer arrows arc higher.
 */
Point arcPoint(const Point& a, const Point& b, double u)
{
  const double lift = 1.5 + 0.3 * std::hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  const Point c{ 0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1]),
                 0.5 * (a[2] + b[2]) + 2 * lift }; // the curve's apex is half the control's rise
  const double v = 1 - u;
  Point p{};
  for (int i = 0; i < 3; ++i)
  {
    p[i] = v * v * a[i] + 2 * u * v * c[i] + u * u * b[i];
  }
  return p;
}

constexpr int kArcPoints = 16;

void addColor(vtkUnsignedCharArray* colors, const Point& rgb)
{
  const unsigned char c[3] = { static_cast<unsigned char>(255 * rgb[0]),
                               static_cast<unsigned char>(255 * rgb[1]),
                               static_cast<unsigned char>(255 * rgb[2]) };
  colors->InsertNextTypedTuple(c);
}

} // namespace

struct CollectiveAnimation::Impl
{
  vtkRenderer* renderer = nullptr;
  vtkNew<vtkPolyData> lines;
  vtkNew<vtkPolyData> dots;
  vtkNew<vtkPolyData> arcs; ///< aggregated levels: one arc per active arrow
  vtkNew<vtkActor> lineActor;
  vtkNew<vtkActor> dotActor;
  vtkNew<vtkActor> arcActor;
  vtkNew<vtkPointPicker> picker;
  const tr::CollectiveTimeline* timeline = nullptr;
  std::unordered_map<int, Route> routes; ///< per link index (A → B); points empty: not drawable
  std::vector<Point> groupPoints; ///< aggregated levels: each group's position (NaN: unknown)
  /**
   * Flow level only: at 10k GPUs the rack arrows' cables are ~40,000 directions whose lines took
   * ~150 ms a frame to upload and draw on software GL, so aggregated levels draw arcs instead.
   */
  bool drawBusyLines = true;
  double t = 0;
  bool visible = true;
  std::vector<AnimationChunk> chunks;
  std::vector<Point> chunkColors;
  std::vector<int> busy;
  /** The busy lines drawn (direction, colour): rebuilt only when this changes, which within a
   *  phase it rarely does, so a playing frame uploads the dots and arcs only. */
  std::vector<std::pair<int, Point>> drawnLines;
  AnimationStats stats;

  void reset()
  {
    lines->Initialize();
    dots->Initialize();
    arcs->Initialize();
    lineActor->SetVisibility(false);
    dotActor->SetVisibility(false);
    arcActor->SetVisibility(false);
    chunks.clear();
    chunkColors.clear();
    busy.clear();
    drawnLines.clear();
    stats = {};
  }
  void addArrow(int flow, int src, int dst, double u, const Point& color, vtkPoints* arcPoints,
                vtkCellArray* arcCells, vtkUnsignedCharArray* arcColors);
  void draw(const std::vector<std::pair<int, Point>>& lineDirections);
  void drawLines(std::vector<std::pair<int, Point>> lineDirections);
  void showActors()
  {
    lineActor->SetVisibility(visible && drawBusyLines && !busy.empty());
    dotActor->SetVisibility(visible && !chunks.empty());
    arcActor->SetVisibility(visible && arcs->GetNumberOfCells() > 0);
  }
};

CollectiveAnimation::CollectiveAnimation(vtkRenderer* renderer)
  : m_impl(std::make_unique<Impl>())
{
  Impl& d = *m_impl;
  d.renderer = renderer;
  vtkNew<vtkPolyDataMapper> lineMapper;
  lineMapper->SetInputData(d.lines);
  d.lineActor->SetMapper(lineMapper);
  d.lineActor->GetProperty()->SetLineWidth(4);
  d.lineActor->GetProperty()->SetLighting(false);
  d.lineActor->PickableOff();
  vtkNew<vtkPolyDataMapper> dotMapper;
  dotMapper->SetInputData(d.dots);
  d.dotActor->SetMapper(dotMapper);
  d.dotActor->GetProperty()->SetPointSize(11);
  d.dotActor->GetProperty()->SetRenderPointsAsSpheres(true);
  vtkNew<vtkPolyDataMapper> arcMapper;
  arcMapper->SetInputData(d.arcs);
  d.arcActor->SetMapper(arcMapper);
  d.arcActor->GetProperty()->SetLineWidth(3);
  d.arcActor->GetProperty()->SetLighting(false);
  d.arcActor->PickableOff();
  d.picker->PickFromListOn();
  d.picker->AddPickList(d.dotActor);
  d.picker->SetTolerance(0.006); // of the window diagonal: ~9 px at 1280 × 800
  renderer->AddActor(d.lineActor);
  renderer->AddActor(d.arcActor);
  renderer->AddActor(d.dotActor);
  d.reset();
}

CollectiveAnimation::~CollectiveAnimation()
{
  m_impl->renderer->RemoveActor(m_impl->lineActor);
  m_impl->renderer->RemoveActor(m_impl->dotActor);
  m_impl->renderer->RemoveActor(m_impl->arcActor);
}

void CollectiveAnimation::setTimeline(const tr::CollectiveTimeline& timeline,
                                      const engine::fabric::FabricGraph& /*graph*/,
                                      const FabricView& view)
{
  Impl& d = *m_impl;
  d.reset();
  d.timeline = &timeline;
  d.routes.clear();
  d.groupPoints.clear();
  d.drawBusyLines = timeline.level == tr::TimelineLevel::Flow;
  if (!d.drawBusyLines)
  {
    for (const int device : timeline.groupDevice)
    {
      d.groupPoints.push_back(view.devicePoint(device));
    }
  }
  for (const tr::TimelineFlow& f : timeline.flows)
  {
    for (const int direction : f.links)
    {
      const int link = direction / 2;
      if (d.routes.count(link) != 0U)
      {
        continue;
      }
      std::vector<Point> points = view.linkPolyline(link); // uncabled: straight
      d.routes.emplace(link, points.size() >= 2 ? makeRoute(std::move(points)) : Route{});
    }
  }
  setTime(0);
}

void CollectiveAnimation::clear()
{
  m_impl->timeline = nullptr;
  m_impl->routes.clear();
  m_impl->groupPoints.clear();
  m_impl->reset();
}

bool CollectiveAnimation::hasTimeline() const
{
  return m_impl->timeline != nullptr;
}
const tr::CollectiveTimeline* CollectiveAnimation::timeline() const
{
  return m_impl->timeline;
}

void CollectiveAnimation::setTime(double t)
{
  Impl& d = *m_impl;
  d.t = t;
  d.chunks.clear();
  d.chunkColors.clear();
  d.stats = {};
  if (!d.timeline)
  {
    d.reset();
    return;
  }
  const tr::CollectiveTimeline& tl = *d.timeline;
  const bool arrows = tl.level != tr::TimelineLevel::Flow;
  d.stats.phase = tr::phaseAt(tl, t);
  std::vector<std::pair<int, Point>> lineDirections; // busy direction, colour
  vtkNew<vtkPoints> arcPoints;
  vtkNew<vtkCellArray> arcCells;
  vtkNew<vtkUnsignedCharArray> arcColors;
  arcColors->SetNumberOfComponents(3);
  for (const tr::ActiveFlow& a : tr::flowsActiveAt(tl, t))
  {
    if (a.rateBps <= 0)
    {
      continue; // waiting on an event: carries nothing now (as linksBusyAt)
    }
    const tr::TimelineFlow& f = tl.flows[a.flow];
    const tr::TimelinePhase& phase = tl.phases[a.phase];
    ++d.stats.activeFlows;
    if (f.nvlink)
    {
      ++d.stats.nvlinkFlows;
      continue;
    }
    const double u = f.bytes > 0 ? tr::sentBytesAt(tl, f, t - phase.startS) / f.bytes : 0.0;
    const Point color = phaseColor(phase.kind, phase.scope);
    for (const int direction : f.links)
    {
      const Route& route = d.routes.at(direction / 2);
      if (route.points.empty())
      {
        continue;
      }
      lineDirections.emplace_back(direction, color);
      if (!arrows)
      {
        const double along = direction % 2 == 0 ? u : 1.0 - u; // b → a runs the route backwards
        d.chunks.push_back({ a.flow, direction, u, pointAlong(route, along) });
        d.chunkColors.push_back(color);
      }
    }
    if (arrows)
    {
      d.addArrow(a.flow, f.src, f.dst, u, color, arcPoints, arcCells, arcColors);
    }
  }
  d.arcs->Initialize();
  d.arcs->SetPoints(arcPoints);
  d.arcs->SetLines(arcCells);
  d.arcs->GetPointData()->SetScalars(arcColors);
  d.arcs->Modified();
  d.draw(lineDirections);
}

/** An aggregated arrow: its arc from group `src` to group `dst` and one chunk at u along it. */
void CollectiveAnimation::Impl::addArrow(int flow, int src, int dst, double u, const Point& color,
                                         vtkPoints* arcPoints, vtkCellArray* arcCells,
                                         vtkUnsignedCharArray* arcColors)
{
  const auto known = [this](int g)
  {
    return g >= 0 && static_cast<std::size_t>(g) < groupPoints.size() &&
           !std::isnan(groupPoints[static_cast<std::size_t>(g)][0]);
  };
  if (!known(src) || !known(dst))
  {
    return;
  }
  const Point& a = groupPoints[static_cast<std::size_t>(src)];
  const Point& b = groupPoints[static_cast<std::size_t>(dst)];
  chunks.push_back({ flow, -1, u, src == dst ? a : arcPoint(a, b, u) });
  chunkColors.push_back(color);
  if (src == dst)
  {
    return; // inside one group: the chunk sits on it, no arc
  }
  arcCells->InsertNextCell(kArcPoints);
  for (int i = 0; i < kArcPoints; ++i)
  {
    const Point p = arcPoint(a, b, static_cast<double>(i) / (kArcPoints - 1));
    arcCells->InsertCellPoint(arcPoints->InsertNextPoint(p.data()));
    addColor(arcColors, color);
  }
}

void CollectiveAnimation::Impl::draw(const std::vector<std::pair<int, Point>>& lineDirections)
{
  vtkNew<vtkPoints> dotPoints;
  vtkNew<vtkCellArray> verts;
  vtkNew<vtkUnsignedCharArray> dotColors;
  dotColors->SetNumberOfComponents(3);
  for (std::size_t i = 0; i < chunks.size(); ++i)
  {
    const vtkIdType id = dotPoints->InsertNextPoint(chunks[i].point.data());
    verts->InsertNextCell(1, &id);
    addColor(dotColors, chunkColors[i]);
  }
  dots->Initialize();
  dots->SetPoints(dotPoints);
  dots->SetVerts(verts);
  dots->GetPointData()->SetScalars(dotColors);
  dots->Modified();
  drawLines(lineDirections);
  stats.chunks = static_cast<int>(chunks.size());
  stats.busyDirections = static_cast<int>(busy.size());
  showActors();
}

void CollectiveAnimation::Impl::drawLines(std::vector<std::pair<int, Point>> lineDirections)
{
  // One line per busy direction (the first flow's colour); the two directions of a cable share
  // its route, so a cable busy both ways is drawn twice on the same points.
  std::stable_sort(lineDirections.begin(), lineDirections.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  lineDirections.erase(std::unique(lineDirections.begin(), lineDirections.end(),
                                   [](const auto& a, const auto& b) { return a.first == b.first; }),
                       lineDirections.end());
  if (lineDirections == drawnLines && !drawnLines.empty())
  {
    return; // the same lines as the last frame: nothing to upload
  }
  drawnLines = lineDirections;
  busy.clear();
  for (const auto& entry : lineDirections)
  {
    busy.push_back(entry.first);
  }
  if (!drawBusyLines)
  {
    return; // aggregated: the arrows are the picture (busy() still names the cables)
  }
  vtkNew<vtkPoints> linePoints;
  vtkNew<vtkCellArray> polylines;
  vtkNew<vtkUnsignedCharArray> lineColors;
  lineColors->SetNumberOfComponents(3);
  for (const auto& [direction, color] : lineDirections)
  {
    const Route& route = routes.at(direction / 2);
    polylines->InsertNextCell(static_cast<int>(route.points.size()));
    for (const Point& p : route.points)
    {
      polylines->InsertCellPoint(linePoints->InsertNextPoint(p.data()));
      addColor(lineColors, color);
    }
  }
  lines->Initialize();
  lines->SetPoints(linePoints);
  lines->SetLines(polylines);
  lines->GetPointData()->SetScalars(lineColors);
  lines->Modified();
}

double CollectiveAnimation::time() const
{
  return m_impl->t;
}
const std::vector<AnimationChunk>& CollectiveAnimation::chunks() const
{
  return m_impl->chunks;
}
const std::vector<int>& CollectiveAnimation::busyDirections() const
{
  return m_impl->busy;
}
AnimationStats CollectiveAnimation::stats() const
{
  return m_impl->stats;
}

std::optional<int> CollectiveAnimation::pickChunk(int x, int y) const
{
  Impl& d = *m_impl;
  if (d.chunks.empty() || !d.dotActor->GetVisibility() ||
      d.picker->Pick(x, y, 0, d.renderer) == 0 || d.picker->GetActor() != d.dotActor.Get())
  {
    return std::nullopt;
  }
  const vtkIdType id = d.picker->GetPointId();
  if (id < 0 || id >= static_cast<vtkIdType>(d.chunks.size()))
  {
    return std::nullopt;
  }
  return static_cast<int>(id);
}

void CollectiveAnimation::setVisible(bool visible)
{
  m_impl->visible = visible;
  m_impl->showActors();
}

bool CollectiveAnimation::visible() const
{
  return m_impl->visible;
}

std::array<double, 3> CollectiveAnimation::phaseColor(tr::PhaseKind kind, tr::PhaseScope scope)
{
  Point c{ 0.62, 0.35, 0.95 }; // all-to-all: violet
  if (kind == tr::PhaseKind::ReduceScatter)
  {
    c = { 1.0, 0.55, 0.10 }; // orange
  }
  else if (kind == tr::PhaseKind::AllGather)
  {
    c = { 0.10, 0.75, 1.0 }; // sky blue
  }
  if (scope == tr::PhaseScope::IntraNode)
  {
    for (double& v : c)
    {
      v = 0.5 * (v + 1.0); // lighter: inside a node
    }
  }
  return c;
}

} // namespace myriad::scenes
