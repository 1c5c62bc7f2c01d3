// PathPulse: one dot moved along a polyline by arc length.
#include "myriad/scenes/path_pulse.h"

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
  std::vector<Point> points;
  std::vector<double> along; ///< cumulative length at each point (m)
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
  d.points = std::move(points);
  d.along.assign(d.points.size(), 0.0);
  for (std::size_t i = 1; i < d.points.size(); ++i)
  {
    const Point& a = d.points[i - 1];
    const Point& b = d.points[i];
    d.along[i] = d.along[i - 1] + std::hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  }
  d.actor->SetVisibility(d.points.size() >= 2);
  setPhase(0);
}

void PathPulse::setPhase(double fraction)
{
  Impl& d = *m_impl;
  if (d.points.size() < 2)
  {
    return;
  }
  const double s = std::clamp(fraction, 0.0, 1.0) * d.along.back();
  const auto it = std::lower_bound(d.along.begin(), d.along.end(), s);
  const std::size_t j =
    std::clamp<std::size_t>(static_cast<std::size_t>(it - d.along.begin()), 1, d.points.size() - 1);
  const double len = d.along[j] - d.along[j - 1];
  const double w = len > 0 ? (s - d.along[j - 1]) / len : 0.0;
  for (int k = 0; k < 3; ++k)
  {
    d.at[k] = d.points[j - 1][k] + w * (d.points[j][k] - d.points[j - 1][k]);
  }
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
  return m_impl->along.empty() ? 0.0 : m_impl->along.back();
}
bool PathPulse::visible() const
{
  return m_impl->actor->GetVisibility() != 0;
}

} // namespace myriad::scenes
