// FabricView: where devices and cables are in the world, and the highlight of device paths
// and single cables (bright polylines that follow the cables' tray routes, devices marked).

#include "fabric_view_impl.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace myriad::scenes
{

namespace fab = engine::fabric;
using Point = std::array<double, 3>;

namespace
{

constexpr double kPathColor[3] = { 1.0, 1.0, 1.0 };
constexpr double kAnchorColor[3] = { 1.0, 0.25, 0.2 };

bool samePoint(const Point& a, const Point& b)
{
  return std::abs(a[0] - b[0]) < 1e-9 && std::abs(a[1] - b[1]) < 1e-9 &&
         std::abs(a[2] - b[2]) < 1e-9;
}

void appendPoint(std::vector<Point>& line, const Point& p)
{
  if (line.empty() || !samePoint(line.back(), p))
  {
    line.push_back(p);
  }
}

vtkSmartPointer<vtkActor> makeActor(vtkPolyData* data, const double color[3])
{
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(data);
  mapper->ScalarVisibilityOff();
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->SetColor(color[0], color[1], color[2]);
  actor->GetProperty()->LightingOff();
  actor->PickableOff();
  return actor;
}

} // namespace

Point FabricView::devicePoint(int device) const
{
  Impl& d = *m_impl; // the point cache fills on demand
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (!d.graph || device < 0 || device >= static_cast<int>(d.devicePoints.size()))
  {
    return { nan, nan, nan };
  }
  Point& cached = d.devicePoints[device];
  if (std::isnan(cached[0]))
  {
    const fab::Location& loc = d.graph->device(device).location;
    if (!loc.placed())
    {
      return { nan, nan, nan };
    }
    const engine::Rack& rack = d.scene->site.halls.at(loc.hall).rows.at(loc.row).racks.at(loc.rack);
    const engine::Box box = engine::slotBox(rack, loc.slotU, loc.heightU, *d.catalog);
    const engine::HallOrigin origin = d.originOf(loc.hall); // the slot box is hall-local
    cached = { origin.xM + 0.5 * (box.x0 + box.x1), origin.yM + 0.5 * (box.y0 + box.y1),
               0.5 * (box.z0 + box.z1) };
  }
  return cached;
}

std::vector<Point> FabricView::linkPolyline(int link) const
{
  const Impl& d = *m_impl;
  if (!d.graph || link < 0 || link >= static_cast<int>(d.graph->links().size()))
  {
    return {};
  }
  std::vector<Point> line = cablePolyline(cableOfLink(link));
  if (line.size() >= 2)
  {
    return line;
  }
  const fab::Link& l = d.graph->links()[static_cast<std::size_t>(link)];
  const Point a = devicePoint(l.a.device);
  const Point b = devicePoint(l.b.device);
  if (std::isnan(a[0]) || std::isnan(b[0]))
  {
    return {};
  }
  return { a, b };
}

std::vector<Point> FabricView::cablePolyline(int cableIndex) const
{
  const Impl& d = *m_impl;
  std::vector<Point> line;
  if (!d.cabling || cableIndex < 0 || cableIndex >= static_cast<int>(d.cabling->cables.size()))
  {
    return line;
  }
  const fab::Cable& cable = d.cabling->cables[cableIndex];
  const fab::Link& link = d.graph->links()[cable.link];
  const Point a = devicePoint(link.a.device);
  const Point b = devicePoint(link.b.device);
  if (std::isnan(a[0]) || std::isnan(b[0]))
  {
    return line;
  }
  line.push_back(a);
  if (cable.route >= 0 && !d.cabling->routes[cable.route].segments.empty())
  {
    // Up to the tray where the route starts, along its segments (each continues from the end
    // reached so far), down to B.
    const auto& segments = d.cabling->routes[cable.route].segments;
    const double z = d.cabling->trays[segments.front()].z + d.highlightLiftM; // over the bundles
    // A route stays in one hall: its trays are in that hall's frame, the devices in the world.
    const engine::HallOrigin origin = d.originOf(d.cabling->routes[cable.route].hall);
    const auto ends = [&](int segment)
    {
      const fab::TraySegment& t = d.cabling->trays[segment];
      return std::array<Point, 2>{ Point{ t.x0 + origin.xM, t.y0 + origin.yM, z },
                                   Point{ t.x1 + origin.xM, t.y1 + origin.yM, z } };
    };
    const std::array<Point, 2> first = ends(segments.front());
    // The route starts at the end of its first segment that the second does not touch (a
    // one-segment route: the end nearer to A).
    bool start0 = std::hypot(first[0][0] - a[0], first[0][1] - a[1]) <=
                  std::hypot(first[1][0] - a[0], first[1][1] - a[1]);
    if (segments.size() > 1)
    {
      const std::array<Point, 2> second = ends(segments[1]);
      start0 = !samePoint(first[0], second[0]) && !samePoint(first[0], second[1]);
    }
    Point here = first[start0 ? 0 : 1];
    appendPoint(line, { a[0], a[1], z });
    appendPoint(line, here);
    for (const int s : segments)
    {
      const std::array<Point, 2> t = ends(s);
      const bool from0 = std::hypot(t[0][0] - here[0], t[0][1] - here[1]) <=
                         std::hypot(t[1][0] - here[0], t[1][1] - here[1]);
      here = t[from0 ? 1 : 0];
      appendPoint(line, here);
    }
    appendPoint(line, { b[0], b[1], z });
  }
  appendPoint(line, b);
  return line;
}

void FabricView::Impl::setHighlight(const std::vector<std::vector<Point>>& polylines,
                                    const std::vector<Point>& anchors)
{
  for (const auto& actor : { highlightLines, highlightAnchors })
  {
    if (actor)
    {
      renderer->RemoveViewProp(actor);
    }
  }
  highlightLines = nullptr;
  highlightAnchors = nullptr;
  highlightPointCount = 0;
  highlightAnchorCount = static_cast<int>(anchors.size());
  if (polylines.empty() && anchors.empty())
  {
    return;
  }
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  for (const auto& line : polylines)
  {
    lines->InsertNextCell(static_cast<vtkIdType>(line.size()));
    for (const Point& p : line)
    {
      lines->InsertCellPoint(points->InsertNextPoint(p.data()));
    }
    highlightPointCount += static_cast<int>(line.size());
  }
  vtkNew<vtkPolyData> lineData;
  lineData->SetPoints(points);
  lineData->SetLines(lines);
  // Wide GL lines: as tubes (vtkTubeFilter or RenderLinesAsTubes) an ECMP set cost 80–300 ms
  // more per frame on software GL (bench_scene_fabric), plain lines next to nothing.
  highlightLines = makeActor(lineData, kPathColor);
  highlightLines->GetProperty()->SetLineWidth(4);

  vtkNew<vtkPoints> anchorPoints;
  vtkNew<vtkCellArray> vertices;
  for (const Point& p : anchors)
  {
    const vtkIdType id = anchorPoints->InsertNextPoint(p.data());
    vertices->InsertNextCell(1, &id);
  }
  vtkNew<vtkPolyData> anchorData;
  anchorData->SetPoints(anchorPoints);
  anchorData->SetVerts(vertices);
  highlightAnchors = makeActor(anchorData, kAnchorColor);
  highlightAnchors->GetProperty()->SetPointSize(14);
  renderer->AddViewProp(highlightLines);
  renderer->AddViewProp(highlightAnchors);
}

int FabricView::highlightPaths(const std::vector<std::vector<int>>& paths)
{
  Impl& d = *m_impl;
  std::vector<std::vector<Point>> polylines;
  std::vector<Point> anchors;
  std::set<int> marked;
  std::set<std::pair<int, int>> drawn; // device pairs: paths of an ECMP set share most hops
  int valid = 0;
  for (const auto& path : paths)
  {
    if (!d.graph || path.empty() ||
        std::any_of(path.begin(), path.end(),
                    [&](int device) { return std::isnan(devicePoint(device)[0]); }))
    {
      continue;
    }
    ++valid;
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
    {
      if (!drawn.insert({ std::min(path[i], path[i + 1]), std::max(path[i], path[i + 1]) }).second)
      {
        continue;
      }
      // The first link between the two devices carries the drawn route.
      int link = -1;
      for (const int l : d.graph->linksOf(path[i]))
      {
        if (d.graph->peer(l, path[i]) == path[i + 1])
        {
          link = l;
          break;
        }
      }
      std::vector<Point> hop = linkPolyline(link);
      if (hop.empty())
      {
        hop = { devicePoint(path[i]), devicePoint(path[i + 1]) };
      }
      polylines.push_back(std::move(hop));
    }
    for (const int device : path)
    {
      if (marked.insert(device).second)
      {
        anchors.push_back(devicePoint(device));
      }
    }
  }
  d.setHighlight(polylines, anchors);
  d.highlightPaths = valid;
  return valid;
}

void FabricView::highlightCable(int cable)
{
  Impl& d = *m_impl;
  std::vector<Point> line = cablePolyline(cable);
  if (line.empty())
  {
    clearHighlight();
    return;
  }
  const Point a = line.front(), b = line.back();
  d.setHighlight({ std::move(line) }, { a, b });
  d.highlightPaths = 1;
}

void FabricView::clearHighlight()
{
  m_impl->setHighlight({}, {});
  m_impl->highlightPaths = 0;
}

} // namespace myriad::scenes
