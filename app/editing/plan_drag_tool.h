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
 * disappears: the object stays where it was. A press on a rack of a multiple selection drags
 * the whole selection (one edit, one ghost around all of it).
 *
 * A left drag that starts on empty floor draws a rubber band on the floor; on release every
 * rack whose footprint meets it is selected (box select). Shift+drag pans the camera.
 *
 * While the mode is on, a grid of floor tiles is drawn over every hall's floor.
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
#include <vector>

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

  /** How the tool reads and sets the window's selection. */
  struct Selection
  {
    std::function<engine::ObjectRef()> current;           ///< the primary selection
    std::function<std::vector<std::string>()> ids;        ///< a multiple selection (else empty)
    std::function<void(const engine::ObjectRef&)> select; ///< select one (tree, view, properties)
    std::function<void(const std::vector<engine::ObjectRef>&)> selectMany; ///< box select
  };

  PlanDragTool(VtkViewWidget* view, scenes::HallScene* hallScene, EditController* controller,
               Selection selection, QObject* parent = nullptr);
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
  /** A rubber band is being drawn. */
  bool banding() const { return m_band.has_value(); }

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
  /** Start a rubber band at the floor point under `display`; false when there is none. */
  bool beginBand(const QPoint& display);
  void updateBand(const QPoint& display);
  void finishBand(const QPoint& display, bool moved);

  QPointer<VtkViewWidget> m_view; ///< may go first when the window is destroyed
  scenes::HallScene* m_hallScene;
  EditController* m_controller;
  Selection m_selection;
  bool m_enabled = false;

  std::optional<engine::ObjectRef> m_target;
  std::vector<std::string> m_targetIds;        ///< what the drag moves
  std::optional<std::array<double, 4>> m_band; ///< rubber band corners x0, y0, x1, y1 (m)
  vtkSmartPointer<vtkActor> m_bandActor;
  double m_planeZ = 0;
  std::array<double, 2> m_start{};
  double m_dx = 0;
  double m_dy = 0;
  vtkSmartPointer<vtkActor> m_ghost;
  vtkSmartPointer<vtkActor> m_grid;
};

} // namespace myriad::app
