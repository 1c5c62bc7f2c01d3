// PathPulse: one dot moved along a polyline by arc length.
#include "myriad/scenes/path_pulse.h"

#include "polyline_route.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace myriad::scenes
{

using Point = std::array<double, 3>;

struct PathPulse::Impl
{
  vtkRenderer* renderer = nullptr;
  vtkNew<vtkPolyData> dot;
  vtkNew<vtkActor> actor;
  detail::PolylineRoute route;
  Point at{};
};

PathPulse::PathPulse(vtkRenderer* renderer)
  : m_impl(std::make_unique<Impl>())
{
  Impl& d = *m_impl;
  d.renderer = renderer;
  vtkNew<vtkPoints> points;
  points->InsertNextPoint(0, 0, 0);
  vtkNew<vtkCellArray> verts;
  const vtkIdType id = 0;
  verts->InsertNextCell(1, &id);
  d.dot->SetPoints(points);
  d.dot->SetVerts(verts);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(d.dot);
  d.actor->SetMapper(mapper);
  d.actor->GetProperty()->SetColor(1.0, 1.0, 0.3); // bright yellow over the white path
  d.actor->GetProperty()->SetPointSize(18);
  d.actor->GetProperty()->SetRenderPointsAsSpheres(true);
  d.actor->PickableOff();
  d.actor->SetVisibility(false);
  renderer->AddActor(d.actor);
}

PathPulse::~PathPulse()
{
  m_impl->renderer->RemoveActor(m_impl->actor);
}

void PathPulse::setRoute(std::vector<Point> points)
{
  Impl& d = *m_impl;
  d.route = detail::makePolylineRoute(std::move(points));
  d.actor->SetVisibility(d.route.points.size() >= 2);
  setPhase(0);
}

void PathPulse::setPhase(double fraction)
{
  Impl& d = *m_impl;
  if (d.route.points.size() < 2)
  {
    return;
  }
  d.at = detail::pointAlong(d.route, fraction);
  d.dot->GetPoints()->SetPoint(0, d.at.data());
  d.dot->GetPoints()->Modified();
  d.dot->Modified();
}

std::array<double, 3> PathPulse::point() const
{
  return m_impl->at;
}
double PathPulse::lengthM() const
{
  return m_impl->route.along.empty() ? 0.0 : m_impl->route.along.back();
}
bool PathPulse::visible() const
{
  return m_impl->actor->GetVisibility() != 0;
}

} // namespace myriad::scenes
