#pragma once
/**
 * @file plan_drag_tool.h
 * Dragging racks, rows and cooling units with the mouse (the "Plan view (edit)" mode).
 *
 * A left press on an object takes the drag: the pressed rack (or the selected row it belongs
 * to, or a cooling unit) is selected, and a wireframe ghost of its box follows the cursor on
 * the plane of its top face, snapped to 0.6 m floor tiles. Nothing is rebuilt while dragging.
 * On release one MoveObjects edit is applied through the EditController; a refused move
 * (overlap, outside the hall) is reported by the controller (status bar) and the ghost
 * disappears: the object stays where it was. A press on empty floor still moves the camera.
 *
 * While the mode is on, a grid of floor tiles is drawn over the hall floor.
 */

#include "vtk_view_widget.h"

#include "myriad/engine/query.h"

#include <vtkSmartPointer.h>

#include <QObject>
#include <QPointer>

#include <array>
#include <functional>
#include <optional>
#include <string>

class vtkActor;

namespace myriad::scenes
{
class HallScene;
}

namespace myriad::app
{

class EditController;
class SceneDocument;

class PlanDragTool
  : public QObject
  , public VtkViewWidget::DragHandler
{
  Q_OBJECT

public:
  /** Floor tile size: moves snap to multiples of it. */
  static constexpr double kTileM = 0.6;

  /** `select` selects an object in the whole window (tree, view, properties). */
  PlanDragTool(VtkViewWidget* view, scenes::HallScene* hallScene, EditController* controller,
               std::function<engine::ObjectRef()> selection,
               std::function<void(const engine::ObjectRef&)> select, QObject* parent = nullptr);
  ~PlanDragTool() override;

  /** Turn the mode on (installs itself as the view's drag handler, shows the grid) or off. */
  void setEnabled(bool enabled);
  bool isEnabled() const { return m_enabled; }
  /** Rebuild the floor grid (the scene was replaced). */
  void updateGrid();

  bool beginDrag(const QPoint& display, Qt::KeyboardModifiers modifiers) override;
  void dragTo(const QPoint& display, Qt::KeyboardModifiers modifiers) override;
  void endDrag(const QPoint& display, bool moved) override;

  /** Snapped offset of the drag in progress (m). */
  double dragDx() const { return m_dx; }
  double dragDy() const { return m_dy; }
  bool dragging() const { return m_target.has_value(); }

  /** Round an offset to whole floor tiles. */
  static double snapToTile(double offsetM);

signals:
  /** While dragging: the snapped offset, for the status bar. */
  void dragOffsetChanged(const QString& text);

private:
  /** What a press on `picked` drags: a rack, the selected row holding it, or a cooler. */
  std::optional<engine::ObjectRef> dragTarget(const engine::ObjectRef& picked) const;
  /** World point under a display position on the horizontal plane z = `z`. */
  std::optional<std::array<double, 2>> floorPoint(const QPoint& display, double z) const;
  void removeGhost();

  QPointer<VtkViewWidget> m_view; ///< may go first when the window is destroyed
  scenes::HallScene* m_hallScene;
  EditController* m_controller;
  std::function<engine::ObjectRef()> m_selection;
  std::function<void(const engine::ObjectRef&)> m_select;
  bool m_enabled = false;

  std::optional<engine::ObjectRef> m_target;
  std::string m_targetId;
  double m_planeZ = 0;
  std::array<double, 2> m_start{};
  double m_dx = 0;
  double m_dy = 0;
  vtkSmartPointer<vtkActor> m_ghost;
  vtkSmartPointer<vtkActor> m_grid;
};

} // namespace myriad::app
