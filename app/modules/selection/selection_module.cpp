// SelectionModule: the Scene tree and Properties docks, picking and Properties-form edits.
#include "selection_module.h"

#include "app_context.h"
#include "edit_controller.h"
#include "properties_panel.h"
#include "property_editor.h"
#include "scene_document.h"
#include "scene_tree_model.h"
#include "selection_model.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/scenes/hall_scene.h"

#include <QGuiApplication>
#include <QHeaderView>
#include <QMainWindow>
#include <QTimer>
#include <QTreeView>

namespace myriad::app
{

namespace
{

constexpr int kStatusMs = 8000;

} // namespace

void SelectionModule::create(AppContext& context)
{
  m_context = &context;
  createDocks();
  connectPropertyEdits();
  connect(context.selection, &SelectionModel::changed, this, &SelectionModule::onSelectionChanged);
  connect(context.selection, &SelectionModel::manySelected, this,
          [this](int count)
          {
            m_context->showMessage(tr("%n objects selected (Delete, Ctrl+D, R, arrows, dragging "
                                      "and the Properties form act on all)",
                                      "", count),
                                   kStatusMs);
          });
  connect(context.view, &VtkViewWidget::clicked, this, &SelectionModule::pickAt);
  resetTree();
}

void SelectionModule::createDocks()
{
  QWidget* parent = m_context->window;
  m_treeModel = new SceneTreeModel(this);
  m_tree = new QTreeView(parent);
  m_tree->setObjectName(QStringLiteral("sceneTree"));
  m_tree->setModel(m_treeModel);
  m_tree->setUniformRowHeights(true); // keeps large expanded racks and rows cheap
  m_tree->setAlternatingRowColors(true);
  m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
  m_tree->header()->setSectionResizeMode(SceneTreeModel::NameColumn, QHeaderView::ResizeToContents);
  m_tree->header()->setStretchLastSection(true);
  UiRegistry* ui = m_context->ui;
  ui->addDock(QStringLiteral("sceneTree.dock"), tr("Scene"), m_tree, Qt::LeftDockWidgetArea);
  connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
          &SelectionModule::onTreeCurrentChanged);
  m_tree->installEventFilter(this);

  m_properties = new PropertiesPanel(parent);
  ui->addDock(QStringLiteral("properties.dock"), tr("Properties"), m_properties,
              Qt::RightDockWidgetArea);
  ui->setDefaultDockSize(QStringLiteral("sceneTree.dock"), Qt::Horizontal, 280);
  ui->setDefaultDockSize(QStringLiteral("properties.dock"), Qt::Horizontal, 400);
  ui->setDefaultDockSize(QStringLiteral("properties.dock"), Qt::Vertical, 330);
}

void SelectionModule::connectPropertyEdits()
{
  EditController* controller = m_context->editController;
  SelectionModel* selection = m_context->selection;
  SceneDocument* document = m_context->document;
  // Properties dock edits (power cap, setpoint, capacity, containment…) are undoable edits.
  connect(
    m_properties->editor(), &PropertyEditor::edited, this,
    [=](const std::string& id, const std::string& key, const engine::edit::PropertyValue& value)
    {
      controller->apply(engine::edit::SetProperty{ id, key, value });
      // Show the document's value: the new one, or the old one after a refusal.
      selection->select(engine::findById(document->scene(), id).value_or(engine::ObjectRef{}));
    });
  // A multiple selection (or a row's racks): the same value on every object, one undo step,
  // all or nothing. After a refusal the dock shows the document's values again.
  connect(m_properties->editor(), &PropertyEditor::editedMany, this,
          [=](const std::vector<std::string>& ids, const std::string& key,
              const engine::edit::PropertyValue& value)
          {
            if (controller->setOnAll(ids, key, value))
            {
              return;
            }
            if (selection->ids().size() > 1)
            {
              selection->restoreIds(selection->ids());
            }
            else
            {
              selection->select(engine::ObjectRef(selection->current()));
            }
          });
}

void SelectionModule::resetTree()
{
  m_treeModel->setScene(&m_context->document->scene(), &m_context->catalog());
  m_tree->expand(m_treeModel->index(0, 0));
  m_tree->expand(m_treeModel->index(0, 0, m_treeModel->index(0, 0)));
}

void SelectionModule::documentReplaced()
{
  m_properties->clear();
  resetTree();
}

void SelectionModule::sceneEdited(const engine::edit::ChangeSet&)
{
  resetTree(); // indices moved: reset the lazy model (the selection is restored next)
}

void SelectionModule::onSelectionChanged()
{
  const SelectionModel* selection = m_context->selection;
  const engine::ObjectRef& ref = selection->current();
  const engine::Scene& scene = m_context->document->scene();
  if (selection->ids().size() > 1)
  {
    m_properties->showSelection(scene, selection->refs(), m_context->catalog());
  }
  else if (ref.valid())
  {
    m_properties->showObject(scene, ref, m_context->catalog());
  }
  else
  {
    m_properties->clear();
  }
  if (m_syncingTree)
  {
    return;
  }
  m_syncingTree = true;
  const QModelIndex index = m_treeModel->indexOf(ref);
  if (index.isValid())
  {
    m_tree->scrollTo(index, QAbstractItemView::PositionAtCenter); // expands ancestors too
    m_tree->setCurrentIndex(index);
  }
  else
  {
    m_tree->clearSelection();
  }
  m_syncingTree = false;
}

void SelectionModule::onTreeCurrentChanged(const QModelIndex& current)
{
  if (m_syncingTree)
  {
    return;
  }
  m_syncingTree = true;
  m_context->selection->select(m_treeModel->refAt(current));
  m_syncingTree = false;
}

bool SelectionModule::eventFilter(QObject* watched, QEvent* event)
{
  if (watched == m_tree && event->type() == QEvent::Show)
  {
    // A selection made before the window had a size could not be centred in the tree yet.
    QTimer::singleShot(0, this,
                       [this]
                       {
                         if (m_tree->currentIndex().isValid())
                         {
                           m_tree->scrollTo(m_tree->currentIndex(),
                                            QAbstractItemView::PositionAtCenter);
                         }
                       });
  }
  return Module::eventFilter(watched, event);
}

void SelectionModule::pickAt(int displayX, int displayY)
{
  std::optional<engine::ObjectRef> picked;
  scenes::HallScene* hall = m_context->hallScene;
  m_context->view->runWithContext([&] { picked = hall->pick(displayX, displayY); });
  // Ctrl+click adds to (or takes from) the edit selection; on a GPU it pairs a fabric path.
  if (picked && QGuiApplication::keyboardModifiers().testFlag(Qt::ControlModifier) &&
      m_context->selection->toggle(*picked))
  {
    return;
  }
  m_context->selection->select(picked.value_or(engine::ObjectRef{}));
}

} // namespace myriad::app
