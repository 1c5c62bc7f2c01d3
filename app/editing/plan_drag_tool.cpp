#include "plan_drag_tool.h"

#include "edit_controller.h"
#include "scene_document.h"

#include "myriad/engine/hall_placement.h"
#include "myriad/scenes/hall_scene.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCubeSource.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

constexpr double kGridLiftM = 0.005; // just above the floor, below the racks

} // namespace

PlanDragTool::PlanDragTool(VtkViewWidget* view, scenes::HallScene* hallScene,
                           EditController* controller, Selection selection, QObject* parent)
  : QObject(parent)
  , m_view(view)
  , m_hallScene(hallScene)
  , m_controller(controller)
  , m_selection(std::move(selection))
{
}

PlanDragTool::~PlanDragTool()
{
  if (m_view && m_view->dragHandler() == this)
  {
    m_view->setDragHandler(nullptr);
  }
}

double PlanDragTool::snapToTile(double offsetM)
{
  return std::round(offsetM / kTileM) * kTileM;
}

void PlanDragTool::setEnabled(bool enabled)
{
  m_enabled = enabled;
  m_view->setDragHandler(enabled ? this : nullptr);
  if (!enabled)
  {
    removeGhost();
    m_target.reset();
    m_band.reset();
  }
  updateGrid();
}

void PlanDragTool::updateGrid()
{
  if (m_grid)
  {
    m_view->renderer()->RemoveActor(m_grid);
    m_grid = nullptr;
  }
  const engine::Scene& scene = m_controller->document()->scene();
  if (!m_enabled || scene.site.halls.empty())
  {
    m_view->update();
    return;
  }
  // Lines every tile across every hall, each hall's counted from its own corner and drawn at
  // its origin in the view: a few hundred segments per hall, one actor. (A move snaps its
  // offset to whole tiles, which is the same in every hall's frame and in the world.)
  const std::vector<engine::HallOrigin> origins = engine::hallOrigins(scene);
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  for (std::size_t h = 0; h < scene.site.halls.size(); ++h)
  {
    const engine::Hall& hall = scene.site.halls[h];
    const engine::HallOrigin& o = origins[h];
    const auto addLine = [&](double x0, double y0, double x1, double y1)
    {
      const vtkIdType a = points->InsertNextPoint(o.xM + x0, o.yM + y0, kGridLiftM);
      const vtkIdType b = points->InsertNextPoint(o.xM + x1, o.yM + y1, kGridLiftM);
      const vtkIdType ids[2] = { a, b };
      lines->InsertNextCell(2, ids);
    };
    for (double x = 0; x <= hall.widthM + 1e-9; x += kTileM)
    {
      addLine(x, 0, x, hall.depthM);
    }
    for (double y = 0; y <= hall.depthM + 1e-9; y += kTileM)
    {
      addLine(0, y, hall.widthM, y);
    }
  }
  vtkNew<vtkPolyData> grid;
  grid->SetPoints(points);
  grid->SetLines(lines);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(grid);
  m_grid = vtkSmartPointer<vtkActor>::New();
  m_grid->SetMapper(mapper);
  m_grid->GetProperty()->SetColor(0.45, 0.5, 0.58);
  m_grid->GetProperty()->SetOpacity(0.5);
  m_grid->PickableOff();
  m_view->renderer()->AddActor(m_grid);
  m_view->update();
}

std::optional<ObjectRef> PlanDragTool::dragTarget(const ObjectRef& picked) const
{
  switch (picked.kind)
  {
    case ObjectKind::Rack:
    case ObjectKind::Node:
    case ObjectKind::Gpu:
    case ObjectKind::Switch:
    {
      const ObjectRef rack{ ObjectKind::Rack, picked.hall, picked.row, picked.rack };
      const ObjectRef row{ ObjectKind::Row, picked.hall, picked.row };
      return m_selection.current() == row ? row : rack; // a selected row moves as a whole
    }
    case ObjectKind::Row:
    case ObjectKind::Cooler:
      return picked;
    default:
      return std::nullopt;
  }
}

std::optional<std::array<double, 2>> PlanDragTool::floorPoint(const QPoint& display, double z) const
{
  // Intersect the view ray through the pixel with the plane z: works for the parallel plan
  // view and for perspective views alike.
  vtkRenderer* renderer = m_view->renderer();
  double nearPoint[4];
  double farPoint[4];
  renderer->SetDisplayPoint(display.x(), display.y(), 0.0);
  renderer->DisplayToWorld();
  renderer->GetWorldPoint(nearPoint);
  renderer->SetDisplayPoint(display.x(), display.y(), 1.0);
  renderer->DisplayToWorld();
  renderer->GetWorldPoint(farPoint);
  if (nearPoint[3] == 0.0 || farPoint[3] == 0.0)
  {
    return std::nullopt;
  }
  for (int i = 0; i < 3; ++i)
  {
    nearPoint[i] /= nearPoint[3];
    farPoint[i] /= farPoint[3];
  }
  const double dz = farPoint[2] - nearPoint[2];
  if (std::abs(dz) < 1e-12)
  {
    return std::nullopt; // looking parallel to the floor
  }
  const double t = (z - nearPoint[2]) / dz;
  return std::array<double, 2>{ nearPoint[0] + t * (farPoint[0] - nearPoint[0]),
                                nearPoint[1] + t * (farPoint[1] - nearPoint[1]) };
}

bool PlanDragTool::beginDrag(const QPoint& display, Qt::KeyboardModifiers modifiers)
{
  if (!m_enabled || modifiers.testFlag(Qt::ShiftModifier)) // Shift+drag pans, as usual
  {
    return false;
  }
  const std::optional<ObjectRef> picked = m_hallScene->pick(display.x(), display.y());
  const std::optional<ObjectRef> target = picked ? dragTarget(*picked) : std::nullopt;
  std::optional<engine::Box> box = target ? m_hallScene->objectBox(*target) : std::nullopt;
  if (!box)
  {
    return beginBand(display); // empty floor: rubber band
  }
  const engine::Scene& scene = m_controller->document()->scene();
  const std::string pickedId = engine::idOf(scene, *target);
  const std::vector<std::string> selected = m_selection.ids();
  const bool many =
    selected.size() > 1 && std::find(selected.begin(), selected.end(), pickedId) != selected.end();
  m_targetIds = many ? selected : std::vector<std::string>{ pickedId };
  for (const std::string& id : m_targetIds) // the ghost surrounds everything that moves
  {
    const std::optional<ObjectRef> ref = engine::findById(scene, id);
    const std::optional<engine::Box> other = ref ? m_hallScene->objectBox(*ref) : std::nullopt;
    if (other)
    {
      box = engine::Box{ std::min(box->x0, other->x0), std::min(box->y0, other->y0),
                         std::min(box->z0, other->z0), std::max(box->x1, other->x1),
                         std::max(box->y1, other->y1), std::max(box->z1, other->z1) };
    }
  }
  const std::optional<std::array<double, 2>> start = floorPoint(display, box->z1);
  if (!start)
  {
    return false;
  }
  if (!many && m_selection.current() != *target)
  {
    m_selection.select(*target);
  }
  m_target = target;
  m_planeZ = box->z1;
  m_start = *start;
  m_dx = 0;
  m_dy = 0;

  vtkNew<vtkCubeSource> cube;
  cube->SetBounds(box->x0, box->x1, box->y0, box->y1, box->z0, box->z1);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputConnection(cube->GetOutputPort());
  m_ghost = vtkSmartPointer<vtkActor>::New();
  m_ghost->SetMapper(mapper);
  m_ghost->GetProperty()->SetRepresentationToWireframe();
  m_ghost->GetProperty()->SetColor(1.0, 0.85, 0.2);
  m_ghost->GetProperty()->SetLineWidth(2.0);
  m_ghost->GetProperty()->LightingOff();
  m_ghost->PickableOff();
  m_ghost->VisibilityOff(); // shown once the cursor really moves
  m_view->renderer()->AddActor(m_ghost);
  return true;
}

bool PlanDragTool::beginBand(const QPoint& display)
{
  const std::optional<std::array<double, 2>> start = floorPoint(display, 0.0);
  if (!start)
  {
    return false;
  }
  m_band = std::array<double, 4>{ (*start)[0], (*start)[1], (*start)[0], (*start)[1] };
  vtkNew<vtkPolyData> outline;
  vtkNew<vtkPoints> points;
  points->SetNumberOfPoints(4);
  outline->SetPoints(points);
  vtkNew<vtkCellArray> loop;
  const vtkIdType ids[5] = { 0, 1, 2, 3, 0 };
  loop->InsertNextCell(5, ids);
  outline->SetLines(loop);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(outline);
  m_bandActor = vtkSmartPointer<vtkActor>::New();
  m_bandActor->SetMapper(mapper);
  m_bandActor->GetProperty()->SetColor(1.0, 0.85, 0.2);
  m_bandActor->GetProperty()->SetLineWidth(1.5);
  m_bandActor->GetProperty()->LightingOff();
  m_bandActor->PickableOff();
  m_bandActor->VisibilityOff(); // shown once the cursor really moves
  m_view->renderer()->AddActor(m_bandActor);
  return true;
}

void PlanDragTool::updateBand(const QPoint& display)
{
  const std::optional<std::array<double, 2>> point = floorPoint(display, 0.0);
  if (!point || !m_bandActor)
  {
    return;
  }
  (*m_band)[2] = (*point)[0];
  (*m_band)[3] = (*point)[1];
  const auto [x0, y0, x1, y1] = *m_band;
  auto* data = vtkPolyData::SafeDownCast(m_bandActor->GetMapper()->GetInput());
  vtkPoints* points = data->GetPoints();
  points->SetPoint(0, x0, y0, 2 * kGridLiftM);
  points->SetPoint(1, x1, y0, 2 * kGridLiftM);
  points->SetPoint(2, x1, y1, 2 * kGridLiftM);
  points->SetPoint(3, x0, y1, 2 * kGridLiftM);
  points->Modified();
  m_bandActor->VisibilityOn();
  emit dragOffsetChanged(tr("Select racks in %1 × %2 m")
                           .arg(std::abs(x1 - x0), 0, 'f', 1)
                           .arg(std::abs(y1 - y0), 0, 'f', 1));
  m_view->update();
}

void PlanDragTool::finishBand(const QPoint& display, bool moved)
{
  if (moved)
  {
    updateBand(display);
  }
  if (m_bandActor)
  {
    m_view->renderer()->RemoveActor(m_bandActor);
    m_bandActor = nullptr;
  }
  const std::array<double, 4> band = *m_band;
  m_band.reset();
  if (moved) // a click on the floor selects the hall (the view's click handler)
  {
    m_selection.selectMany(m_hallScene->racksInRect(band[0], band[1], band[2], band[3]));
  }
  m_view->update();
}

void PlanDragTool::dragTo(const QPoint& display, Qt::KeyboardModifiers)
{
  if (m_band)
  {
    updateBand(display);
    return;
  }
  if (!m_target || !m_ghost)
  {
    return;
  }
  const std::optional<std::array<double, 2>> point = floorPoint(display, m_planeZ);
  if (!point)
  {
    return;
  }
  m_dx = snapToTile((*point)[0] - m_start[0]);
  m_dy = snapToTile((*point)[1] - m_start[1]);
  m_ghost->SetPosition(m_dx, m_dy, 0.0);
  m_ghost->VisibilityOn();
  const QString what = m_targetIds.size() == 1 ? QString::fromStdString(m_targetIds.front())
                                               : tr("%n objects", "", int(m_targetIds.size()));
  emit dragOffsetChanged(
    tr("Move %1 by (%2, %3) m").arg(what).arg(m_dx, 0, 'f', 1).arg(m_dy, 0, 'f', 1));
  m_view->update();
}

void PlanDragTool::endDrag(const QPoint& display, bool moved)
{
  if (m_band)
  {
    finishBand(display, moved);
    return;
  }
  if (moved)
  {
    dragTo(display, Qt::NoModifier);
  }
  removeGhost();
  const bool apply = moved && m_target && (m_dx != 0.0 || m_dy != 0.0);
  const std::vector<std::string> ids = m_targetIds;
  const double dx = m_dx;
  const double dy = m_dy;
  m_target.reset();
  m_dx = 0;
  m_dy = 0;
  if (apply)
  {
    // One edit per drag; a refusal leaves the object where it was (the ghost is gone).
    engine::edit::MoveObjects move;
    move.ids = ids;
    move.dxM = dx;
    move.dyM = dy;
    m_controller->apply(move);
  }
  m_view->update();
}

void PlanDragTool::removeGhost()
{
  if (m_ghost)
  {
    m_view->renderer()->RemoveActor(m_ghost);
    m_ghost = nullptr;
  }
}

} // namespace myriad::app
