#pragma once
/**
 * @file main_window.h
 * Myriad's main window: the 3D hall view in the centre, the Scene tree and Properties docks,
 * camera presets and colour-by in the View menu and toolbar, File and Help menus, and a status
 * bar with the compute backend, the scene's counts and the frame time.
 *
 * The Dashboard dock (below Properties) shows the economics KPIs of the scene.
 *
 * Selection is one engine::ObjectRef shared by the tree, the 3D view (pick and highlight) and
 * the properties table. Every user action catches engine::Error at its edge and reports it via
 * reportError(); a failed open keeps the current document.
 */

#include "myriad/backend/backend.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/hall_scene.h"

#include <QMainWindow>

#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QTreeView;

namespace myriad::app
{

class DashboardPanel;
class PropertiesPanel;
class SceneDocument;
class SceneTreeModel;
class VtkViewWidget;

class MainWindow : public QMainWindow
{
  Q_OBJECT

public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /** Open a scene file. On failure reports the error, keeps the document and returns false. */
  bool openFile(const QString& path);
  /** Open the built-in sample (or generate it in memory when no sample file is installed). */
  void openDefaultScene();
  /** Save to `path` (atomic). On failure reports the error and returns false. */
  bool saveToFile(const QString& path);

  /** Select an object (invalid ref: clear) in the tree, the 3D view and the properties. */
  void selectObject(const engine::ObjectRef& ref);
  const engine::ObjectRef& selection() const { return m_selection; }
  /** Pick at a VTK display position (device pixels, origin bottom-left) and select the result. */
  void pickAt(int displayX, int displayY);

  void applyCameraPreset(scenes::CameraPreset preset);
  void setColorBy(scenes::ColorBy colorBy);
  /**
   * Lay values over the hall (telemetry, inlet temperatures): colours by them, shows the legend
   * and an "Overlay: TITLE" entry in the colour-by box. clearOverlay() returns to rack kind.
   */
  void showOverlay(const scenes::Overlay& overlay);
  void clearOverlay();
  /** Force a detail level, or std::nullopt to choose it from the camera distance. */
  void setDetailLevel(std::optional<scenes::DetailLevel> level);

  /** Restore geometry and dock layout from QSettings; false when nothing was stored. */
  bool restoreWindowSettings();
  void saveWindowSettings() const;

  SceneDocument* document() const { return m_document; }
  VtkViewWidget* view() const { return m_view; }
  QTreeView* sceneTree() const { return m_tree; }
  SceneTreeModel* sceneTreeModel() const { return m_treeModel; }
  PropertiesPanel* propertiesPanel() const { return m_properties; }
  DashboardPanel* dashboard() const { return m_dashboard; }
  scenes::HallScene* hallScene() const { return m_hallScene.get(); }
  /** The status bar's counts text ("320 racks · 1,280 nodes · 10,240 GPUs · 14.3 MW IT"). */
  QString countsText() const;
  const backend::BackendChoice& backendChoice() const { return m_backend; }

protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void createViewAndDocks();
  void createActions();
  void createMenus();
  void createToolBar();
  void createStatusBar();
  void connectSignals();

  void onSceneReplaced();
  void onDocumentStateChanged();
  void onTreeCurrentChanged(const QModelIndex& current);
  void onFrameRendered();
  void updateFrameStatus();
  void updateCountsStatus();

  void onOpen();
  void onSave();
  void onSaveAs();
  void onAbout();
  void rebuildRecentMenu();
  /** Ask about unsaved changes; false when the user cancels. */
  bool maybeSave();

  SceneDocument* m_document = nullptr;
  VtkViewWidget* m_view = nullptr;
  std::unique_ptr<scenes::HallScene> m_hallScene;
  SceneTreeModel* m_treeModel = nullptr;
  QTreeView* m_tree = nullptr;
  PropertiesPanel* m_properties = nullptr;
  DashboardPanel* m_dashboard = nullptr;

  QLabel* m_backendLabel = nullptr;
  QLabel* m_countsLabel = nullptr;
  QLabel* m_frameLabel = nullptr;
  QComboBox* m_colorByCombo = nullptr;
  QComboBox* m_detailCombo = nullptr;
  QMenu* m_recentMenu = nullptr;
  QAction* m_openAction = nullptr;
  QAction* m_saveAction = nullptr;
  QAction* m_saveAsAction = nullptr;
  QAction* m_quitAction = nullptr;
  QAction* m_aboutAction = nullptr;
  QAction* m_topAction = nullptr;
  QAction* m_isometricAction = nullptr;
  QAction* m_aisleAction = nullptr;

  engine::ObjectRef m_selection;
  bool m_syncingTree = false;
  bool m_autoDetail = true;
  bool m_cameraAtPreset = true; ///< false once the user moved the camera
  scenes::CameraPreset m_preset = scenes::CameraPreset::Isometric;
  backend::BackendChoice m_backend;
};

} // namespace myriad::app
