#include "ray_pick.h"

#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::scenes::detail
{
namespace
{

std::array<double, 3> displayToWorld(vtkRenderer* renderer, double x, double y, double z)
{
  renderer->SetDisplayPoint(x, y, z);
  renderer->DisplayToWorld();
  double w[4];
  renderer->GetWorldPoint(w);
  const double inv = std::abs(w[3]) > 1e-300 ? 1.0 / w[3] : 1.0;
  return { w[0] * inv, w[1] * inv, w[2] * inv };
}

} // namespace

Ray displayRay(vtkRenderer* renderer, double x, double y)
{
  const std::array<double, 3> nearPoint = displayToWorld(renderer, x, y, 0.0);
  const std::array<double, 3> farPoint = displayToWorld(renderer, x, y, 1.0);
  Ray ray;
  ray.origin = nearPoint;
  for (int i = 0; i < 3; ++i)
  {
    ray.direction[i] = farPoint[i] - nearPoint[i];
  }
  return ray;
}

std::optional<double> intersect(const Ray& ray, const engine::Box& box)
{
  // Slab method (Kay & Kajiya): intersect the three pairs of parallel planes.
  const double lo[3] = { box.x0, box.y0, box.z0 };
  const double hi[3] = { box.x1, box.y1, box.z1 };
  double tNear = 0.0;
  double tFar = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i)
  {
    const double o = ray.origin[i];
    const double d = ray.direction[i];
    if (std::abs(d) < 1e-15)
    {
      if (o < lo[i] || o > hi[i])
      {
        return std::nullopt;
      }
      continue;
    }
    double t0 = (lo[i] - o) / d;
    double t1 = (hi[i] - o) / d;
    if (t0 > t1)
    {
      std::swap(t0, t1);
    }
    tNear = std::max(tNear, t0);
    tFar = std::min(tFar, t1);
    if (tNear > tFar)
    {
      return std::nullopt;
    }
  }
  return tNear;
}

} // namespace myriad::scenes::detail
