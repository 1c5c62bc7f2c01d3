// MainWindow: editing — the Edit menu and toolbar, keyboard shortcuts, the Violations and Undo
// History docks, plan-view dragging, the live status area, autosave (split from
// main_window.cpp to keep each file short).
#include "add_equipment_dialog.h"
#include "add_row_dialog.h"
#include "autosave.h"
#include "dashboard_panel.h"
#include "edit_controller.h"
#include "error_reporter.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "plan_drag_tool.h"
#include "properties_panel.h"
#include "property_editor.h"
#include "scene_document.h"
#include "scene_tree_model.h"
#include "violations_panel.h"
#include "vtk_view_widget.h"

#include "myriad/engine/error.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QUndoView>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

constexpr double kNudgeM = 0.6;     // one floor tile
constexpr double kFineNudgeM = 0.1; // with Shift
constexpr int kStatusMs = 8000;

QString stageName(engine::live::Stage stage)
{
  return QString::fromUtf8(engine::live::toString(stage));
}

} // namespace

void MainWindow::createEditing()
{
  m_editController = new EditController(m_document, this, this);
  m_live = new LiveScheduler(m_document->catalog(), this);
  m_autosave = new Autosave(m_document, this, this);
  PlanDragTool::Selection selection;
  selection.current = [this] { return m_selection; };
  selection.ids = [this] { return m_selectionSet; };
  selection.select = [this](const ObjectRef& ref) { selectObject(ref); };
  selection.selectMany = [this](const std::vector<ObjectRef>& refs) { selectObjects(refs); };
  m_planDrag = new PlanDragTool(m_view, m_hallScene.get(), m_editController, selection, this);
  // While a drag, an orbit or a wheel zoom is in progress the hall draws its lighter version.
  connect(m_view, &VtkViewWidget::interactiveChanged, this,
          [this](bool interactive) { m_hallScene->setInteractive(interactive); });
  createEditDocks();
  createEditActions();

  // The live loop evaluates the Dashboard's economics with the Dashboard's site and price.
  m_live->setEconomicsInputs(m_dashboard->economicsInputs());
  connect(m_dashboard, &DashboardPanel::inputsChanged, this,
          [this] { m_live->setEconomicsInputs(m_dashboard->economicsInputs()); });

  m_liveLabel = new QLabel(this);
  m_liveLabel->setObjectName(QStringLiteral("liveLabel"));
  statusBar()->insertPermanentWidget(0, m_liveLabel);

  connect(m_document, &SceneDocument::aboutToEdit, this,
          [this]
          {
            m_selectedIdBeforeEdit =
              m_selection.valid() ? engine::idOf(m_document->scene(), m_selection) : std::string();
          });
  connect(m_editController, &EditController::sceneChanged, this, &MainWindow::onSceneEdited);
  connect(m_editController, &EditController::editRefused, this,
          [this](const QString& description, const QString& reason) {
            statusBar()->showMessage(tr("%1: refused — %2").arg(description, reason), kStatusMs);
          });
  connect(m_document, &SceneDocument::sceneReplaced, this,
          [this]
          {
            m_violations->setViolations({});
            m_planDrag->updateGrid();
            m_live->submitAll(m_document->scene());
          });
  connect(m_live, &LiveScheduler::resultsUpdated, this, &MainWindow::onLiveResults);
  connect(m_live, &LiveScheduler::stageStarted, this,
          [this](engine::live::Stage stage)
          {
            m_runningStage = static_cast<int>(stage);
            updateLiveStatus();
          });
  connect(m_live, &LiveScheduler::busyChanged, this,
          [this](bool busy)
          {
            if (!busy)
            {
              m_runningStage = -1;
              updateLiveStatus();
            }
          });
  connect(m_violations, &ViolationsPanel::objectActivated, this, &MainWindow::flyToObject);
  connect(m_planDrag, &PlanDragTool::dragOffsetChanged, this,
          [this](const QString& text) { statusBar()->showMessage(text, 2000); });
  connect(m_autosave, &Autosave::recoverySaved, this,
          [this] { statusBar()->showMessage(tr("Autosaved"), 2000); });
  // A clean exit leaves no recovery file behind; a crash does.
  connect(qApp, &QCoreApplication::aboutToQuit, m_autosave, &Autosave::discardRecovery);
  // Properties dock edits (power cap, setpoint, capacity, containment…) are undoable edits.
  connect(
    m_properties->editor(), &PropertyEditor::edited, this,
    [this](const std::string& id, const std::string& key, const engine::edit::PropertyValue& value)
    {
      m_editController->apply(engine::edit::SetProperty{ id, key, value });
      // Show the document's value: the new one, or the old one after a refusal.
      selectObject(engine::findById(m_document->scene(), id).value_or(engine::ObjectRef{}));
    });
  // A multiple selection (or a row's racks): the same value on every object, one undo step,
  // all or nothing. After a refusal the dock shows the document's values again.
  connect(m_properties->editor(), &PropertyEditor::editedMany, this,
          [this](const std::vector<std::string>& ids, const std::string& key,
                 const engine::edit::PropertyValue& value)
          {
            if (m_editController->setOnAll(ids, key, value))
            {
              return;
            }
            if (m_selectionSet.size() > 1)
            {
              restoreSelectionSet(m_selectionSet);
            }
            else
            {
              selectObject(engine::ObjectRef(m_selection));
            }
          });
  updateLiveStatus();
}

void MainWindow::createEditDocks()
{
  m_violations = new ViolationsPanel(this);
  auto* violationsDock = new QDockWidget(tr("Violations"), this);
  violationsDock->setObjectName(QStringLiteral("violationsDock"));
  violationsDock->setWidget(m_violations);
  addDockWidget(Qt::BottomDockWidgetArea, violationsDock);
  resizeDocks({ violationsDock }, { 150 }, Qt::Vertical);

  auto* undoView = new QUndoView(m_document->undoStack(), this);
  undoView->setObjectName(QStringLiteral("undoView"));
  undoView->setEmptyLabel(tr("<opened>"));
  auto* undoDock = new QDockWidget(tr("Undo History"), this);
  undoDock->setObjectName(QStringLiteral("undoHistoryDock"));
  undoDock->setWidget(undoView);
  if (auto* treeDock = findChild<QDockWidget*>(QStringLiteral("sceneTreeDock")))
  {
    tabifyDockWidget(treeDock, undoDock);
    treeDock->raise();
    resizeDocks({ treeDock }, { 290 }, Qt::Horizontal); // tabifying forgot the tree's width
  }
  else
  {
    addDockWidget(Qt::LeftDockWidgetArea, undoDock);
  }
}

void MainWindow::createEditActions()
{
  QUndoStack* stack = m_document->undoStack();
  QAction* undo = stack->createUndoAction(this, tr("&Undo"));
  undo->setObjectName(QStringLiteral("undoAction"));
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo = stack->createRedoAction(this, tr("&Redo"));
  redo->setObjectName(QStringLiteral("redoAction"));
  redo->setShortcuts(
    { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });

  const auto makeAction =
    [this](const QString& text, const QString& name, const QKeySequence& key, auto slot)
  {
    auto* action = new QAction(text, this);
    action->setObjectName(name);
    action->setShortcut(key);
    connect(action, &QAction::triggered, this, slot);
    return action;
  };
  QAction* remove = makeAction(tr("&Delete"), QStringLiteral("deleteAction"),
                               QKeySequence(Qt::Key_Delete), [this] { deleteSelection(); });
  QAction* duplicate =
    makeAction(tr("D&uplicate"), QStringLiteral("duplicateAction"),
               QKeySequence(Qt::CTRL | Qt::Key_D), [this] { duplicateSelection(); });
  QAction* addRow = makeAction(tr("&Add Row…"), QStringLiteral("addRowAction"), QKeySequence(),
                               [this] { onAddRow(); });
  QAction* addCooler = makeAction(tr("Add &Cooling Unit…"), QStringLiteral("addCoolerAction"),
                                  QKeySequence(), [this] { onAddEquipment(true); });
  QAction* addFeed = makeAction(tr("Add Power &Feed…"), QStringLiteral("addFeedAction"),
                                QKeySequence(), [this] { onAddEquipment(false); });
  QAction* selectRow =
    makeAction(tr("Select &Row"), QStringLiteral("selectRowAction"), QKeySequence(),
               [this]
               {
                 if (m_selection.row >= 0)
                 {
                   selectObject(ObjectRef{ ObjectKind::Row, m_selection.hall, m_selection.row });
                 }
               });
  QAction* autosaveInterval =
    makeAction(tr("Autosave &Interval…"), QStringLiteral("autosaveIntervalAction"), QKeySequence(),
               [this]
               {
                 bool ok = false;
                 const int seconds = QInputDialog::getInt(
                   this, tr("Autosave"), tr("Autosave every (seconds, 0 = off):"),
                   m_autosave->intervalSeconds(), 0, 3600, 10, &ok);
                 if (ok)
                 {
                   m_autosave->setIntervalSeconds(seconds);
                   QSettings().setValue(Autosave::intervalSettingsKey(), seconds);
                 }
               });
  m_planEditAction = new QAction(tr("&Plan View (Edit)"), this);
  m_planEditAction->setObjectName(QStringLiteral("planEditAction"));
  m_planEditAction->setCheckable(true);
  m_planEditAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  m_planEditAction->setToolTip(
    tr("Top-down plan view where dragging moves racks and rows on the 0.6 m floor tiles"));
  connect(m_planEditAction, &QAction::toggled, this, &MainWindow::setPlanEditing);

  // Keys that mean something else in the tree (arrows, letters, Esc) act only in the 3D view.
  const auto viewAction = [&](const QString& text, const QKeySequence& key, auto slot)
  {
    QAction* action = makeAction(text, QString(), key, slot);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(action);
    return action;
  };
  QAction* rotate =
    viewAction(tr("R&otate"), QKeySequence(Qt::Key_R), [this] { rotateSelection(); });
  rotate->setObjectName(QStringLiteral("rotateAction"));
  QAction* clear =
    viewAction(tr("&Clear Selection"), QKeySequence(Qt::Key_Escape), [this] { selectObject({}); });
  clear->setObjectName(QStringLiteral("clearSelectionAction"));
  QMenu* nudgeMenu = new QMenu(tr("&Nudge"), this);
  const struct
  {
    QString text;
    Qt::Key key;
    double dx;
    double dy;
  } nudges[] = { { tr("Left"), Qt::Key_Left, -1, 0 },
                 { tr("Right"), Qt::Key_Right, 1, 0 },
                 { tr("Up (+Y)"), Qt::Key_Up, 0, 1 },
                 { tr("Down (−Y)"), Qt::Key_Down, 0, -1 } };
  for (const auto& nudge : nudges)
  {
    for (const bool fine : { false, true })
    {
      const double step = fine ? kFineNudgeM : kNudgeM;
      const QKeySequence key = fine ? QKeySequence(Qt::SHIFT | nudge.key) : QKeySequence(nudge.key);
      nudgeMenu->addAction(viewAction(tr("%1 %2 m").arg(nudge.text).arg(step), key,
                                      [this, dx = nudge.dx * step, dy = nudge.dy * step]
                                      { nudgeSelection(dx, dy); }));
    }
  }

  auto* edit = new QMenu(tr("&Edit"), this);
  edit->setObjectName(QStringLiteral("editMenu"));
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  edit->addAction(remove);
  edit->addAction(duplicate);
  edit->addAction(rotate);
  edit->addMenu(nudgeMenu);
  edit->addAction(addRow);
  edit->addAction(addCooler);
  edit->addAction(addFeed);
  edit->addSeparator();
  edit->addAction(selectRow);
  edit->addAction(clear);
  edit->addSeparator();
  edit->addAction(m_planEditAction);
  edit->addAction(autosaveInterval);
  QMenu* view = nullptr;
  for (QAction* action : menuBar()->actions())
  {
    if (action->menu() && action->text() == tr("&View"))
    {
      view = action->menu();
    }
  }
  menuBar()->insertMenu(view ? view->menuAction() : nullptr, edit);
  if (view)
  {
    view->addAction(findChild<QDockWidget*>(QStringLiteral("violationsDock"))->toggleViewAction());
    view->addAction(findChild<QDockWidget*>(QStringLiteral("undoHistoryDock"))->toggleViewAction());
  }

  QToolBar* bar = addToolBar(tr("Edit"));
  bar->setObjectName(QStringLiteral("editToolBar"));
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  for (QAction* action : { undo, redo, remove, duplicate, rotate, addRow })
  {
    bar->addAction(action);
  }
  bar->addSeparator();
  bar->addAction(m_planEditAction);
}

void MainWindow::setPlanEditing(bool enabled)
{
  if (m_planEditAction->isChecked() != enabled)
  {
    m_planEditAction->setChecked(enabled); // toggled() calls back here
    return;
  }
  m_planDrag->setEnabled(enabled);
  if (enabled)
  {
    applyCameraPreset(scenes::CameraPreset::Top);
    statusBar()->showMessage(
      tr("Plan view: drag a rack (or a selected row) to move it, drag on the floor to select "
         "racks in a box; Shift+drag pans"),
      kStatusMs);
  }
}

void MainWindow::onAddRow()
{
  AddRowDialog dialog(m_document->scene(), m_document->catalog(), this);
  if (dialog.exec() != QDialog::Accepted)
  {
    return;
  }
  if (m_editController->apply(dialog.edit()) && !m_editController->lastCreatedIds().empty())
  {
    const auto created =
      engine::findById(m_document->scene(), m_editController->lastCreatedIds().front());
    selectObject(created.value_or(ObjectRef{}));
  }
}

void MainWindow::onAddEquipment(bool cooler)
{
  using Kind = AddEquipmentDialog::Kind;
  AddEquipmentDialog dialog(cooler ? Kind::Cooler : Kind::Feed, m_document->scene(),
                            m_document->catalog(), this);
  if (dialog.exec() != QDialog::Accepted)
  {
    return;
  }
  // Refusals (overlap, outside the hall, bad setpoint) are reported by the controller.
  if (m_editController->apply(dialog.edit()) && !m_editController->lastCreatedIds().empty())
  {
    const auto created =
      engine::findById(m_document->scene(), m_editController->lastCreatedIds().front());
    selectObject(created.value_or(ObjectRef{}));
  }
}

void MainWindow::onSceneEdited(const engine::edit::ChangeSet& changes)
{
  const engine::Scene& scene = m_document->scene();
  const engine::Catalog& catalog = m_document->catalog();
  m_treeModel->setScene(&scene, &catalog); // indices moved: reset the lazy model
  m_tree->expand(m_treeModel->index(0, 0));
  m_tree->expand(m_treeModel->index(0, 0, m_treeModel->index(0, 0)));
  try
  {
    // Only the edited objects' instances are rewritten (a full build re-uploads every buffer).
    m_hallScene->updateObjects(scene, catalog, changes.ids);
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot show the scene"), QString::fromUtf8(error.what()));
  }
  // Keep the selection on the same object (by id): indices shift when rows come and go.
  const auto kept =
    m_selectedIdBeforeEdit.empty() ? std::nullopt : engine::findById(scene, m_selectedIdBeforeEdit);
  const std::vector<std::string> selectionSet = m_selectionSet;
  m_selection = {};
  selectObject(kept.value_or(ObjectRef{}));
  restoreSelectionSet(selectionSet);
  updateCountsStatus();
  m_live->submitChanges(scene, changes);
  m_view->update();
  // No pricing here: the Dashboard shows the live loop's economics when it arrives.
}

void MainWindow::onLiveResults(bool complete)
{
  m_violations->setViolations(m_live->results().violations);
  // The economics evaluated on the worker, with the routed fabric's BOM; shown once per run.
  if (const std::shared_ptr<const LiveEconomics> economics = m_live->economics())
  {
    m_dashboard->showLiveEconomics(*economics);
  }
  if (complete)
  {
    m_runningStage = -1;
  }
  updateLiveStatus();
}

QString MainWindow::liveStatusText() const
{
  const engine::live::LiveResults& results = m_live->results();
  QStringList parts;
  if (m_runningStage >= 0)
  {
    const auto stage = static_cast<engine::live::Stage>(m_runningStage);
    parts << tr("recomputing %1 on %2…")
               .arg(stageName(stage), QString::fromStdString(results.status(stage).backend));
  }
  for (const engine::live::Stage stage : engine::live::allStages())
  {
    const engine::live::StageStatus& status = results.status(stage);
    if (status.failed)
    {
      parts << tr("%1 failed").arg(stageName(stage));
    }
    else if (status.computed)
    {
      parts << tr("%1 %2 ms")
                 .arg(stageName(stage))
                 .arg(status.millis, 0, 'f', status.millis < 10 ? 1 : 0);
    }
  }
  return parts.isEmpty() ? tr("Live: idle") : tr("Live: ") + parts.join(QStringLiteral(" · "));
}

void MainWindow::updateLiveStatus()
{
  m_liveLabel->setText(liveStatusText());
  QStringList tips{ tr("Models recomputed after each edit, on a worker thread; the last "
                       "latency of each") };
  for (const engine::live::Stage stage : engine::live::allStages())
  {
    const engine::live::StageStatus& status = m_live->results().status(stage);
    if (status.failed)
    {
      tips << tr("%1: %2").arg(stageName(stage), QString::fromStdString(status.error));
    }
  }
  m_liveLabel->setToolTip(tips.join(QLatin1Char('\n')));
}

void MainWindow::flyToObject(const QString& id)
{
  const auto ref = engine::findById(m_document->scene(), id.toStdString());
  if (!ref)
  {
    statusBar()->showMessage(tr("%1 is no longer in the scene").arg(id), kStatusMs);
    return;
  }
  selectObject(*ref);
  const std::optional<engine::Box> box = m_hallScene->objectBox(*ref);
  if (!box)
  {
    return; // feeds have no place in the view; selecting them shows their properties
  }
  // Keep the viewing direction, centre the object and come close enough to see it well.
  vtkCamera* camera = m_view->renderer()->GetActiveCamera();
  double focal[3];
  double position[3];
  camera->GetFocalPoint(focal);
  camera->GetPosition(position);
  double direction[3] = { position[0] - focal[0], position[1] - focal[1], position[2] - focal[2] };
  const double length = std::max(1e-9, std::hypot(direction[0], direction[1], direction[2]));
  const double extent = std::max({ box->x1 - box->x0, box->y1 - box->y0, box->z1 - box->z0 });
  const double distance = std::max(6.0, 3.0 * extent);
  const double center[3] = { (box->x0 + box->x1) / 2, (box->y0 + box->y1) / 2,
                             (box->z0 + box->z1) / 2 };
  camera->SetFocalPoint(center);
  camera->SetPosition(center[0] + direction[0] / length * distance,
                      center[1] + direction[1] / length * distance,
                      center[2] + direction[2] / length * distance);
  if (camera->GetParallelProjection())
  {
    camera->SetParallelScale(std::max(3.0, 1.5 * extent));
  }
  m_view->renderer()->ResetCameraClippingRange();
  m_cameraAtPreset = false;
  m_view->update();
}

} // namespace myriad::app
