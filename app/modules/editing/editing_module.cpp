// EditingModule: the Violations and Undo History docks, plan-view dragging, adding rows and
// equipment, and flying to a violation's object. The actions and menus are in
// editing_actions.cpp, the edits of the selection in edit_selection.cpp.
#include "editing_module.h"

#include "add_equipment_dialog.h"
#include "add_row_dialog.h"
#include "air_ports_dialog.h"
#include "app_context.h"
#include "edit_controller.h"
#include "hall_view_controller.h"
#include "live_scheduler.h"
#include "plan_drag_tool.h"
#include "scene_document.h"
#include "selection_model.h"
#include "ui_registry.h"
#include "violations_panel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QUndoView>

#include <algorithm>

namespace myriad::app
{

namespace
{

constexpr int kStatusMs = 8000;

} // namespace

void EditingModule::create(AppContext& context)
{
  m_context = &context;
  SelectionModel* selection = context.selection;
  PlanDragTool::Selection access;
  access.current = [selection] { return selection->current(); };
  access.ids = [selection] { return selection->ids(); };
  access.select = [selection](const engine::ObjectRef& ref) { selection->select(ref); };
  access.selectMany = [selection](const std::vector<engine::ObjectRef>& refs)
  { selection->selectMany(refs); };
  m_planDrag =
    new PlanDragTool(context.view, context.hallScene, context.editController, access, this);
  createDocks();
  createActions();
  createMenuAndToolBar();

  connect(context.editController, &EditController::editRefused, this,
          [this](const QString& description, const QString& reason)
          { m_context->showMessage(tr("%1: refused — %2").arg(description, reason), kStatusMs); });
  connect(context.live, &LiveScheduler::resultsUpdated, this,
          [this] { m_violations->setViolations(m_context->live->results().violations); });
  connect(m_violations, &ViolationsPanel::objectActivated, this, &EditingModule::flyToObject);
  connect(m_planDrag, &PlanDragTool::dragOffsetChanged, this,
          [this](const QString& text) { m_context->showMessage(text, 2000); });
}

void EditingModule::createDocks()
{
  UiRegistry* ui = m_context->ui;
  QMainWindow* window = m_context->window;
  m_violations = new ViolationsPanel(window);
  ui->addDock(QStringLiteral("violations.dock"), tr("Violations"), m_violations,
              Qt::BottomDockWidgetArea);
  ui->setDefaultDockSize(QStringLiteral("violations.dock"), Qt::Vertical, 110);

  auto* undoView = new QUndoView(m_context->document->undoStack(), window);
  undoView->setObjectName(QStringLiteral("undoView"));
  undoView->setEmptyLabel(tr("<opened>"));
  QDockWidget* undoDock = ui->addDock(QStringLiteral("undoHistory.dock"), tr("Undo History"),
                                      undoView, Qt::LeftDockWidgetArea);
  // A tab behind the Scene tree, which stays in front.
  if (QDockWidget* treeDock = ui->dock(QStringLiteral("sceneTree.dock")))
  {
    window->tabifyDockWidget(treeDock, undoDock);
    treeDock->raise();
  }
}

void EditingModule::documentReplaced()
{
  m_violations->setViolations({});
  m_planDrag->updateGrid();
}

void EditingModule::setPlanEditing(bool enabled)
{
  if (m_planEditAction->isChecked() != enabled)
  {
    m_planEditAction->setChecked(enabled); // toggled() calls back here
    return;
  }
  m_planDrag->setEnabled(enabled);
  if (enabled)
  {
    m_context->hallView->applyCameraPreset(scenes::CameraPreset::Top);
    m_context->showMessage(
      tr("Plan view: drag a rack (or a selected row) to move it, drag on the floor to select "
         "racks in a box; Shift+drag pans"),
      kStatusMs);
  }
}

void EditingModule::selectCreated()
{
  const std::vector<std::string>& created = m_context->editController->lastCreatedIds();
  if (!created.empty())
  {
    const auto ref = engine::findById(m_context->document->scene(), created.front());
    m_context->selection->select(ref.value_or(engine::ObjectRef{}));
  }
}

void EditingModule::onAddRow()
{
  AddRowDialog dialog(m_context->document->scene(), m_context->catalog(), m_context->window);
  if (dialog.exec() == QDialog::Accepted && m_context->editController->apply(dialog.edit()))
  {
    selectCreated();
  }
}

void EditingModule::onAddEquipment(bool cooler)
{
  using Kind = AddEquipmentDialog::Kind;
  AddEquipmentDialog dialog(cooler ? Kind::Cooler : Kind::Feed, m_context->document->scene(),
                            m_context->catalog(), m_context->window);
  // Refusals (overlap, outside the hall, bad setpoint) are reported by the controller.
  if (dialog.exec() == QDialog::Accepted && m_context->editController->apply(dialog.edit()))
  {
    selectCreated();
  }
}

void EditingModule::onAirPorts()
{
  const engine::Scene& scene = m_context->document->scene();
  if (scene.site.halls.empty())
  {
    return;
  }
  const int hall = std::max(0, m_context->selection->current().hall);
  EditController* controller = m_context->editController;
  AirPortsDialog dialog(
    scene.site.halls.at(static_cast<std::size_t>(hall)),
    [controller](const engine::edit::SetAirPorts& ports)
    { return controller->tryApply(ports) ? QString() : controller->lastError(); },
    m_context->window);
  dialog.exec();
}

void EditingModule::flyToObject(const QString& id)
{
  const auto ref = engine::findById(m_context->document->scene(), id.toStdString());
  if (!ref)
  {
    m_context->showMessage(tr("%1 is no longer in the scene").arg(id), kStatusMs);
    return;
  }
  m_context->selection->select(*ref);
  m_context->hallView->flyTo(*ref);
}

} // namespace myriad::app
