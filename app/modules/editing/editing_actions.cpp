// EditingModule: the Edit menu and toolbar and their actions, registered by id ("edit.undo",
// "edit.delete", …) so that tests and other modules find them without their titles.
#include "editing_module.h"

#include "app_context.h"
#include "autosave.h"
#include "scene_document.h"
#include "selection_model.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include <QAction>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QToolBar>
#include <QUndoStack>

namespace myriad::app
{

using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

constexpr double kNudgeM = 0.6;     // one floor tile
constexpr double kFineNudgeM = 0.1; // with Shift

} // namespace

void EditingModule::createActions()
{
  UiRegistry* ui = m_context->ui;
  QMainWindow* window = m_context->window;
  QUndoStack* stack = m_context->document->undoStack();
  QAction* undo =
    ui->addAction(QStringLiteral("edit.undo"), stack->createUndoAction(window, tr("&Undo")));
  undo->setObjectName(QStringLiteral("undoAction"));
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo =
    ui->addAction(QStringLiteral("edit.redo"), stack->createRedoAction(window, tr("&Redo")));
  redo->setObjectName(QStringLiteral("redoAction"));
  redo->setShortcuts(
    { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });

  const auto makeAction = [this, ui, window](const QString& id, const QString& text,
                                             const QString& name, const QKeySequence& key,
                                             auto slot)
  {
    auto* action = new QAction(text, window);
    action->setObjectName(name);
    action->setShortcut(key);
    connect(action, &QAction::triggered, this, slot);
    return ui->addAction(id, action);
  };
  makeAction(QStringLiteral("edit.delete"), tr("&Delete"), QStringLiteral("deleteAction"),
             QKeySequence(Qt::Key_Delete), [this] { deleteSelection(); });
  makeAction(QStringLiteral("edit.duplicate"), tr("D&uplicate"), QStringLiteral("duplicateAction"),
             QKeySequence(Qt::CTRL | Qt::Key_D), [this] { duplicateSelection(); });
  makeAction(QStringLiteral("edit.addRow"), tr("&Add Row…"), QStringLiteral("addRowAction"),
             QKeySequence(), [this] { onAddRow(); });
  makeAction(QStringLiteral("edit.addCooler"), tr("Add &Cooling Unit…"),
             QStringLiteral("addCoolerAction"), QKeySequence(), [this] { onAddEquipment(true); });
  makeAction(QStringLiteral("edit.addFeed"), tr("Add Power &Feed…"),
             QStringLiteral("addFeedAction"), QKeySequence(), [this] { onAddEquipment(false); });
  makeAction(QStringLiteral("edit.airPorts"), tr("Floor &Tiles and Return Grilles…"),
             QStringLiteral("airPortsAction"), QKeySequence(), [this] { onAirPorts(); });
  makeAction(
    QStringLiteral("edit.selectRow"), tr("Select &Row"), QStringLiteral("selectRowAction"),
    QKeySequence(),
    [this]
    {
      const ObjectRef& current = m_context->selection->current();
      if (current.row >= 0)
      {
        m_context->selection->select(ObjectRef{ ObjectKind::Row, current.hall, current.row });
      }
    });
  makeAction(QStringLiteral("edit.autosaveInterval"), tr("Autosave &Interval…"),
             QStringLiteral("autosaveIntervalAction"), QKeySequence(),
             [this]
             {
               Autosave* autosave = m_context->autosave;
               bool ok = false;
               const int seconds = QInputDialog::getInt(
                 m_context->window, tr("Autosave"), tr("Autosave every (seconds, 0 = off):"),
                 autosave->intervalSeconds(), 0, 3600, 10, &ok);
               if (ok)
               {
                 autosave->setIntervalSeconds(seconds);
                 QSettings().setValue(Autosave::intervalSettingsKey(), seconds);
               }
             });
  m_planEditAction = new QAction(tr("&Plan View (Edit)"), window);
  m_planEditAction->setObjectName(QStringLiteral("planEditAction"));
  m_planEditAction->setCheckable(true);
  m_planEditAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  m_planEditAction->setToolTip(
    tr("Top-down plan view where dragging moves racks and rows on the 0.6 m floor tiles"));
  connect(m_planEditAction, &QAction::toggled, this, &EditingModule::setPlanEditing);
  ui->addAction(QStringLiteral("edit.planView"), m_planEditAction);

  // Keys that mean something else in the tree (arrows, letters, Esc) act only in the 3D view.
  VtkViewWidget* view = m_context->view;
  QAction* rotate =
    makeAction(QStringLiteral("edit.rotate"), tr("R&otate"), QStringLiteral("rotateAction"),
               QKeySequence(Qt::Key_R), [this] { rotateSelection(); });
  QAction* clear = makeAction(QStringLiteral("edit.clearSelection"), tr("&Clear Selection"),
                              QStringLiteral("clearSelectionAction"), QKeySequence(Qt::Key_Escape),
                              [this] { m_context->selection->select({}); });
  for (QAction* action : { rotate, clear })
  {
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view->addAction(action);
  }
  ui->addMenu(QStringLiteral("edit.nudge"), createNudgeMenu());
}

QMenu* EditingModule::createNudgeMenu()
{
  auto* nudgeMenu = new QMenu(tr("&Nudge"), m_context->window);
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
      auto* action = new QAction(tr("%1 %2 m").arg(nudge.text).arg(step), m_context->window);
      action->setShortcut(fine ? QKeySequence(Qt::SHIFT | nudge.key) : QKeySequence(nudge.key));
      action->setShortcutContext(Qt::WidgetWithChildrenShortcut); // arrows move in the tree
      connect(action, &QAction::triggered, this,
              [this, dx = nudge.dx * step, dy = nudge.dy * step] { nudgeSelection(dx, dy); });
      m_context->view->addAction(action);
      nudgeMenu->addAction(action);
    }
  }
  return nudgeMenu;
}

void EditingModule::createMenuAndToolBar()
{
  UiRegistry* ui = m_context->ui;
  const auto action = [ui](const char* id) { return ui->action(QString::fromLatin1(id)); };
  QMenu* edit =
    ui->addMenuBarMenu(QStringLiteral("edit.menu"), tr("&Edit"), QStringLiteral("view.menu"));
  edit->addAction(action("edit.undo"));
  edit->addAction(action("edit.redo"));
  edit->addSeparator();
  edit->addAction(action("edit.delete"));
  edit->addAction(action("edit.duplicate"));
  edit->addAction(action("edit.rotate"));
  edit->addMenu(ui->menu(QStringLiteral("edit.nudge")));
  edit->addAction(action("edit.addRow"));
  edit->addAction(action("edit.addCooler"));
  edit->addAction(action("edit.addFeed"));
  edit->addAction(action("edit.airPorts"));
  edit->addSeparator();
  edit->addAction(action("edit.selectRow"));
  edit->addAction(action("edit.clearSelection"));
  edit->addSeparator();
  edit->addAction(action("edit.planView"));
  edit->addAction(action("edit.autosaveInterval"));

  QToolBar* bar = ui->addToolBar(QStringLiteral("edit.toolbar"), tr("Edit"));
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  for (const char* id :
       { "edit.undo", "edit.redo", "edit.delete", "edit.duplicate", "edit.rotate", "edit.addRow" })
  {
    bar->addAction(action(id));
  }
  bar->addSeparator();
  bar->addAction(action("edit.planView"));
}

} // namespace myriad::app
