#pragma once
/**
 * @file editing_module.h
 * The Editing module: the Edit menu and toolbar (undo/redo, delete, duplicate, rotate, nudge,
 * add row, cooling unit or power feed, floor tiles and return grilles, select row, clear selection,
 * plan-view editing, autosave interval), the Violations and Undo History docks and plan-view
 * dragging. Edits go through the app's EditController (one undo step each) and act on the
 * SelectionModel's editable objects.
 */

#include "module.h"

#include <string>
#include <vector>

class QAction;
class QMenu;

namespace myriad::app
{

class PlanDragTool;
class ViolationsPanel;

class EditingModule final : public Module
{
  Q_OBJECT

public:
  using Module::Module;
  QString id() const override { return QStringLiteral("editing"); }
  void create(AppContext& context) override;
  void documentReplaced() override;

  ViolationsPanel* violationsPanel() const { return m_violations; }
  PlanDragTool* planDragTool() const { return m_planDrag; }

  /** Turn plan-view editing on (Top camera, drag to move) or off. */
  void setPlanEditing(bool enabled);
  /** Move the selected rack, row or cooler by (dx, dy) m; successive nudges merge in undo. */
  void nudgeSelection(double dxM, double dyM);
  void deleteSelection();
  void duplicateSelection();
  void rotateSelection();
  /** Select the object with `id` and fly the camera to it. */
  void flyToObject(const QString& id);

private:
  // editing_actions.cpp
  void createActions();
  QMenu* createNudgeMenu();
  void createMenuAndToolBar();
  // editing_module.cpp
  void createDocks();
  void onAddRow();
  void onAddEquipment(bool cooler);
  /** Edit the placed floor tiles and return grilles of the selected object's hall. */
  void onAirPorts();
  void selectCreated();

  AppContext* m_context = nullptr;
  ViolationsPanel* m_violations = nullptr;
  PlanDragTool* m_planDrag = nullptr;
  QAction* m_planEditAction = nullptr;
};

} // namespace myriad::app
