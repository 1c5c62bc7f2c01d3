#pragma once
/**
 * @file selection_module.h
 * The Selection module: the Scene tree and Properties docks, picking in the 3D view (click;
 * Ctrl+click adds to or takes from the edit selection) and edits made in the Properties form.
 * Both docks show the app's SelectionModel and change it; the module keeps the tree's current
 * item on the selected object.
 */

#include "module.h"

#include "myriad/engine/query.h"

class QModelIndex;
class QTreeView;

namespace myriad::app
{

class PropertiesPanel;
class SceneTreeModel;

class SelectionModule final : public Module
{
  Q_OBJECT

public:
  using Module::Module;
  QString id() const override { return QStringLiteral("selection"); }
  void create(AppContext& context) override;
  void documentReplaced() override;
  void sceneEdited(const engine::edit::ChangeSet& changes) override;

  QTreeView* sceneTree() const { return m_tree; }
  SceneTreeModel* sceneTreeModel() const { return m_treeModel; }
  PropertiesPanel* propertiesPanel() const { return m_properties; }
  /** Pick at a VTK display position (device pixels, origin bottom-left) and select it. */
  void pickAt(int displayX, int displayY);

protected:
  /** The tree shown (with the window): centre its current item, now that it has a size. */
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void createDocks();
  void connectPropertyEdits();
  void resetTree();
  void onSelectionChanged();
  void onTreeCurrentChanged(const QModelIndex& current);

  AppContext* m_context = nullptr;
  SceneTreeModel* m_treeModel = nullptr;
  QTreeView* m_tree = nullptr;
  PropertiesPanel* m_properties = nullptr;
  bool m_syncingTree = false;
};

} // namespace myriad::app
