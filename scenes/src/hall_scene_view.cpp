// HallScene: camera presets, level of detail and picking (everything that depends on the view).

#include "hall_scene_impl.h"

#include "hall_props.h"
#include "ray_pick.h"

#include <vtkCamera.h>
#include <vtkMath.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::scenes
{

using detail::centerX;
using detail::centerY;
using engine::Box;
using engine::ObjectRef;

namespace
{

constexpr double kMinDetailRadiusM = 8.0;
constexpr double kDefaultViewAngleDeg = 30.0;
constexpr double kWalkViewAngleDeg = 60.0;
constexpr double kEyeHeightM = 1.7;
/**
 * Share of a scene's depth framed behind its last site, for that site's label over its far edge
 * (a few percent of the view high at the whole-scene zoom) and a little air above it.
 */
constexpr double kSiteLabelRoomShare = 0.12;

DetailLevel levelFor(double distanceM)
{
  if (distanceM < kGpusBelowM)
  {
    return DetailLevel::Gpus;
  }
  return distanceM < kNodesBelowM ? DetailLevel::Nodes : DetailLevel::Racks;
}

double aspectOf(vtkRenderer* renderer)
{
  const int* size = renderer->GetRenderWindow() ? renderer->GetSize() : nullptr;
  if (size && size[0] > 0 && size[1] > 0)
  {
    return static_cast<double>(size[0]) / size[1];
  }
  return 1.6;
}

/** Distance from the hall box centre that fits every corner in a perspective view. */
double fitDistance(const Box& b, const double dir[3], const double up[3], double viewAngleDeg,
                   double aspect)
{
  double right[3];
  vtkMath::Cross(up, dir, right);
  vtkMath::Normalize(right);
  const double c[3] = { centerX(b), centerY(b), 0.5 * (b.z0 + b.z1) };
  const double tanHalf = std::tan(vtkMath::RadiansFromDegrees(viewAngleDeg) / 2);
  double distance = 0;
  for (int i = 0; i < 8; ++i)
  {
    const double q[3] = { ((i & 1) ? b.x1 : b.x0) - c[0], ((i & 2) ? b.y1 : b.y0) - c[1],
                          ((i & 4) ? b.z1 : b.z0) - c[2] };
    const double x = std::abs(vtkMath::Dot(q, right));
    const double y = std::abs(vtkMath::Dot(q, up));
    const double z = vtkMath::Dot(q, dir);
    distance = std::max({ distance, z + x / (tanHalf * aspect), z + y / tanHalf });
  }
  return distance;
}

/** The aisle to walk: the cold aisle nearest the low-Y wall of the first hall, else any. */
const detail::AisleItem* walkAisle(const detail::Layout& layout)
{
  const detail::AisleItem* best = nullptr;
  for (const detail::AisleItem& aisle : layout.aisles)
  {
    const bool better =
      !best || (aisle.kind == detail::AisleKind::Cold &&
                (best->kind != detail::AisleKind::Cold || aisle.box.y0 < best->box.y0));
    if (better)
    {
      best = &aisle;
    }
  }
  return best;
}

/** Inside a rack drawn with its contents: the nearest server or switch, then its nearest GPU. */
std::optional<ObjectRef> pickInsideRack(const detail::Ray& ray, const detail::RackItem& rack,
                                        const engine::Catalog& catalog, DetailLevel level)
{
  using Type = detail::DetailBox::Type;
  std::vector<detail::DetailBox> boxes;
  detail::appendRackContents(rack, catalog, level == DetailLevel::Gpus, boxes);
  auto nearest = [&](auto accept) -> const detail::DetailBox*
  {
    const detail::DetailBox* found = nullptr;
    double best = std::numeric_limits<double>::infinity();
    for (const detail::DetailBox& box : boxes)
    {
      const std::optional<double> t = accept(box) ? detail::intersect(ray, box.box) : std::nullopt;
      if (t && *t < best)
      {
        best = *t;
        found = &box;
      }
    }
    return found;
  };
  const detail::DetailBox* unit =
    nearest([](const detail::DetailBox& b) { return b.type != Type::Gpu; });
  if (!unit)
  {
    return std::nullopt;
  }
  const int node = unit->ref.node;
  const detail::DetailBox* gpu = unit->type != Type::Server
                                   ? nullptr
                                   : nearest([node](const detail::DetailBox& b)
                                             { return b.type == Type::Gpu && b.ref.node == node; });
  return gpu ? gpu->ref : unit->ref;
}

} // namespace

double HallScene::Impl::viewDistance() const
{
  vtkCamera* camera = renderer->GetActiveCamera();
  if (camera->GetParallelProjection())
  {
    // The perspective distance that would show the same height of the world.
    const double tanHalf = std::tan(vtkMath::RadiansFromDegrees(camera->GetViewAngle()) / 2);
    return camera->GetParallelScale() / tanHalf;
  }
  return camera->GetDistance();
}

void HallScene::Impl::focusDetailOnCamera()
{
  const double* focal = renderer->GetActiveCamera()->GetFocalPoint();
  detailCenter = { focal[0], focal[1] };
  detailRadius = std::max(kMinDetailRadiusM, viewDistance());
}

void HallScene::Impl::chooseDetailedRacks()
{
  detailed.assign(layout.racks.size(), 0);
  if (level == DetailLevel::Racks)
  {
    return;
  }
  std::vector<std::pair<double, int>> nearby;
  const double r2 = detailRadius * detailRadius;
  for (std::size_t i = 0; i < layout.racks.size(); ++i)
  {
    const double dx = centerX(layout.racks[i].box) - detailCenter[0];
    const double dy = centerY(layout.racks[i].box) - detailCenter[1];
    if (dx * dx + dy * dy <= r2 && layout.racks[i].nodeCount > 0)
    {
      nearby.emplace_back(dx * dx + dy * dy, static_cast<int>(i));
    }
  }
  std::sort(nearby.begin(), nearby.end());
  int used = 0;
  for (const auto& [distance2, index] : nearby)
  {
    const detail::RackItem& rack = layout.racks[index];
    const int cost = rack.nodeCount + (level == DetailLevel::Gpus ? rack.gpuCount : 0);
    if (used + cost > detailBudget)
    {
      break; // nearest first, so the detailed area stays one patch around the focal point
    }
    used += cost;
    detailed[index] = 1;
  }
}

void HallScene::setLevelOfDetail(DetailLevel level)
{
  Impl& d = *m_impl;
  d.level = level;
  d.focusDetailOnCamera();
  if (d.scene)
  {
    d.chooseDetailedRacks();
    d.rebuildRacks();
    d.rebuildContents();
  }
}

bool HallScene::updateLevelOfDetail()
{
  Impl& d = *m_impl;
  if (d.interactive)
  {
    return false; // a rebuild of thousands of hidden instances per frame would slow the drag
  }
  const double distance = d.viewDistance();
  const DetailLevel level = levelFor(distance);
  const double* focal = d.renderer->GetActiveCamera()->GetFocalPoint();
  const double moved = std::hypot(focal[0] - d.detailCenter[0], focal[1] - d.detailCenter[1]);
  const double radius = std::max(kMinDetailRadiusM, distance);
  // Re-centre the detailed patch only after a real move, so small orbits do not rebuild.
  const bool patchMoved =
    level != DetailLevel::Racks &&
    (moved > 0.25 * d.detailRadius || std::abs(radius - d.detailRadius) > 0.25 * d.detailRadius);
  if (level == d.level && !patchMoved)
  {
    return false;
  }
  setLevelOfDetail(level);
  return true;
}

void HallScene::applyCameraPreset(CameraPreset preset)
{
  Impl& d = *m_impl;
  vtkCamera* camera = d.renderer->GetActiveCamera();
  if (d.layout.halls.empty())
  {
    d.renderer->ResetCamera();
    return;
  }
  Box b = d.layout.bounds;
  b.z1 = detail::kWallHeightM; // frame the floor and racks, not the empty ceiling space
  for (const detail::RackItem& rack : d.layout.racks)
  {
    b.z1 = std::max(b.z1, rack.box.z1);
  }
  if (!d.layout.sites.empty())
  {
    // Every site's outline, and room behind the last one for its label (which rises from the
    // outline's far edge, a few percent of the view high).
    for (const engine::SiteFootprint& site : d.layout.sites)
    {
      b = detail::unite(b, detail::siteOutlineBox(site));
    }
    b.y1 += kSiteLabelRoomShare * (b.y1 - b.y0);
  }
  const double cx = centerX(b), cy = centerY(b), cz = 0.5 * (b.z0 + b.z1);
  const double aspect = aspectOf(d.renderer);
  camera->SetViewAngle(kDefaultViewAngleDeg);
  switch (preset)
  {
    case CameraPreset::Isometric:
    {
      // From the low-X, low-Y corner, 35° above the floor.
      const double elevation = vtkMath::RadiansFromDegrees(35.0);
      const double azimuth = vtkMath::RadiansFromDegrees(-125.0);
      double dir[3] = { std::cos(elevation) * std::cos(azimuth),
                        std::cos(elevation) * std::sin(azimuth), std::sin(elevation) };
      double up[3] = { -std::sin(elevation) * std::cos(azimuth),
                       -std::sin(elevation) * std::sin(azimuth), std::cos(elevation) };
      const double distance = 1.03 * fitDistance(b, dir, up, kDefaultViewAngleDeg, aspect);
      camera->ParallelProjectionOff();
      camera->SetFocalPoint(cx, cy, cz);
      camera->SetPosition(cx + distance * dir[0], cy + distance * dir[1], cz + distance * dir[2]);
      camera->SetViewUp(up);
      break;
    }
    case CameraPreset::Top:
    {
      camera->ParallelProjectionOn();
      camera->SetFocalPoint(cx, cy, 0);
      camera->SetPosition(cx, cy, std::max(100.0, 2 * (b.x1 - b.x0 + b.y1 - b.y0)));
      camera->SetViewUp(0, 1, 0);
      const double margin = 1.2; // walls and row labels
      camera->SetParallelScale(
        std::max(0.5 * (b.y1 - b.y0) + margin, (0.5 * (b.x1 - b.x0) + margin) / aspect));
      break;
    }
    case CameraPreset::AisleWalk:
    {
      const detail::AisleItem* aisle = walkAisle(d.layout);
      const double y = aisle ? centerY(aisle->box) : b.y0 + 1.0;
      const double x = aisle ? std::max(b.x0 + 0.3, aisle->box.x0 - 1.0) : b.x0 + 0.3;
      camera->ParallelProjectionOff();
      camera->SetViewAngle(kWalkViewAngleDeg);
      camera->SetPosition(x, y, kEyeHeightM);
      camera->SetFocalPoint(x + 12.0, y, kEyeHeightM - 0.3);
      camera->SetViewUp(0, 0, 1);
      break;
    }
  }
  d.renderer->ResetCameraClippingRange();
}

std::optional<ObjectRef> HallScene::pick(int x, int y)
{
  Impl& d = *m_impl;
  if (!d.scene || !d.renderer->GetRenderWindow())
  {
    return std::nullopt;
  }
  const detail::Ray ray = detail::displayRay(d.renderer, x, y);
  double best = std::numeric_limits<double>::infinity();
  std::optional<ObjectRef> hit;
  int hitRack = -1;
  for (std::size_t i = 0; i < d.layout.racks.size(); ++i)
  {
    const std::optional<double> t = detail::intersect(ray, d.layout.racks[i].box);
    if (t && *t < best)
    {
      best = *t;
      hit = d.layout.racks[i].ref;
      hitRack = static_cast<int>(i);
    }
  }
  for (const detail::CoolerItem& cooler : d.layout.coolers)
  {
    const std::optional<double> t = detail::intersect(ray, cooler.box);
    if (t && *t < best)
    {
      best = *t;
      hit = cooler.ref;
      hitRack = -1;
    }
  }
  if (hitRack >= 0 && d.detailed[hitRack])
  {
    if (auto inner = pickInsideRack(ray, d.layout.racks[hitRack], *d.catalog, d.level))
    {
      hit = inner;
    }
  }
  if (hit)
  {
    return hit;
  }
  for (const detail::HallItem& hall : d.layout.halls)
  {
    Box floor = hall.box;
    floor.z0 = -0.01;
    floor.z1 = 0.0;
    if (detail::intersect(ray, floor))
    {
      return hall.ref;
    }
  }
  return std::nullopt;
}

} // namespace myriad::scenes
