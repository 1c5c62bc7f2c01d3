#pragma once
/**
 * @file main_window.h
 * Myriad's main window: the 3D hall view in the centre, the Scene tree and Properties docks,
 * camera presets and colour-by in the View menu and toolbar, File and Help menus, and a status
 * bar with the compute backend, the scene's counts and the frame time.
 *
 * The Dashboard dock (below Properties) shows the economics KPIs of the scene.
 *
 * Editing (main_window_edit.cpp): an Edit menu and toolbar (undo/redo, delete, duplicate,
 * rotate, nudge, add row, plan-view editing), Violations and Undo History docks, a live status
 * area; edits go through the EditController and the models recompute on the LiveScheduler.
 *
 * Fabric (main_window_fabric.cpp): the Fabric dock (BOM, cut sheet), cable bundles in the 3D
 * view, a selected GPU's path up the tiers and the ECMP paths between two GPUs (Ctrl+click).
 *
 * Selection is one engine::ObjectRef shared by the tree, the 3D view (pick and highlight) and
 * the properties table. Every user action catches engine::Error at its edge and reports it via
 * reportError(); a failed open keeps the current document.
 */

#include "myriad/backend/backend.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/fabric_view.h"
#include "myriad/scenes/hall_scene.h"
#include "myriad/scenes/thermal_view.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QComboBox;
class QDockWidget;
class QTimer;
class QLabel;
class QMenu;
class QTreeView;

namespace myriad::engine::live
{
struct FabricSnapshot;
}

namespace myriad::app
{

class Autosave;
class DashboardPanel;
class FabricPanel;
class EditController;
class LiveScheduler;
class PlanDragTool;
class PropertiesPanel;
class ViolationsPanel;
class SceneDocument;
class SceneTreeModel;
class TelemetryPanel;
class ThermalPanel;
class TrafficPanel;
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

  // Editing (main_window_edit.cpp)
  EditController* editController() const { return m_editController; }
  LiveScheduler* liveScheduler() const { return m_live; }
  ViolationsPanel* violationsPanel() const { return m_violations; }
  Autosave* autosave() const { return m_autosave; }
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
  /**
   * Select several objects (box select): the first is the primary selection (properties, tree),
   * all are outlined, and move, rotate, delete and duplicate act on all of them together.
   */
  void selectObjects(const std::vector<engine::ObjectRef>& refs);
  /**
   * Ctrl+click: add a rack (a picked server, switch or GPU stands for its rack), row, cooler or
   * feed to the selection, or take it out if it is in it (the selection becomes a multiple one).
   * False when `picked` is none of these, or when no rack, row, cooler or feed is selected yet
   * (a selected GPU pairs with a Ctrl+clicked one as a fabric path): then the click is an
   * ordinary selection.
   */
  bool toggleInSelection(const engine::ObjectRef& picked);
  /** Ids of a multiple selection (empty when one object or none is selected). */
  const std::vector<std::string>& selectionSetIds() const { return m_selectionSet; }
  /** The live status text ("thermal on CPU… · geometry 2 ms · …"). */
  QString liveStatusText() const;

  // Fabric (main_window_fabric.cpp): the Fabric dock, cables in 3D, GPU paths
  FabricPanel* fabricPanel() const { return m_fabricPanel; }
  scenes::FabricView* fabricView() const { return m_fabricView.get(); }
  /**
   * Show the live fabric stage's snapshot unless one is shown; false while the stage has no
   * current result for the document (computing, or failed).
   */
  bool ensureFabric();
  /**
   * Highlight the path of GPU `gpu` from its NIC up to the top tier, or with a valid `second`
   * the ECMP path set between the two GPUs' NICs (hops and latency in the dock and the status
   * bar). Returns that text.
   */
  QString highlightGpuPath(const engine::ObjectRef& gpu, const engine::ObjectRef& second = {});

  // Thermal (main_window_thermal.cpp): the Thermal dock, the field in 3D, the probe readout
  // Telemetry (main_window_telemetry.cpp): import, live polling, overlay, calibration
  TelemetryPanel* telemetryPanel() const { return m_telemetry; }
  QDockWidget* telemetryDock() const { return m_telemetryDock; }
  ThermalPanel* thermalPanel() const { return m_thermal; }
  /** Traffic (main_window_traffic.cpp): training jobs on the fabric. */
  TrafficPanel* trafficPanel() const { return m_traffic; }
  /** Simulate the jobs ticked in the Traffic dock on the current fabric (worker thread). */
  void runTraffic();
  QDockWidget* thermalDock() const { return m_thermalDock; }
  scenes::ThermalView* thermalView() const { return m_thermalView.get(); }
  /** Show the temperature and air speed of the slice under a display position in the status
   *  bar; false when no slice is shown there. */
  bool showThermalProbe(int displayX, int displayY);

protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  /** Widths of the side docks and height of the bottom one for a first start. */
  void applyDefaultDockSizes();

private:
  void createViewAndDocks();
  void createActions();
  void createMenus();
  void createToolBar();
  void createStatusBar();
  void connectSignals();

  void onSceneReplaced();
  void createFabric();
  void createThermal();
  void createTraffic();
  void showTrafficResult();
  void createTelemetry();
  /** The telemetry block of the Properties dock for the selection (main_window_telemetry.cpp). */
  void updateMeasuredProperties();
  /** Drop the shown fabric: the live fabric stage's next result replaces it. */
  void invalidateFabric();
  /** Follow the selection: a GPU highlights its path (Ctrl held: paths to the previous GPU). */
  void onFabricSelection();
  /** Fabric device index of the NIC a GPU uses, −1 when none. */
  int fabricNicOfGpu(const engine::ObjectRef& gpu) const;
  void onDocumentStateChanged();
  void createEditing();
  void createEditActions();
  void createEditDocks();
  void onSceneEdited(const engine::edit::ChangeSet& changes);
  void onLiveResults(bool complete);
  void updateLiveStatus();
  void onAddRow();
  void onAddEquipment(bool cooler);
  /** Id of the selected rack, row, cooler or feed (what edits act on); empty otherwise. */
  std::string editableSelectionId() const;
  /** The multiple selection's ids, else the one editable id (empty when nothing is). */
  std::vector<std::string> editableSelectionIds() const;
  /** Outline the objects of m_selectionSet that still exist (after an edit); drops the rest. */
  void restoreSelectionSet(const std::vector<std::string>& ids);
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
  ThermalPanel* m_thermal = nullptr;
  TrafficPanel* m_traffic = nullptr;
  QDockWidget* m_trafficDock = nullptr;
  TelemetryPanel* m_telemetry = nullptr;
  QDockWidget* m_telemetryDock = nullptr;
  QDockWidget* m_thermalDock = nullptr;
  std::unique_ptr<scenes::ThermalView> m_thermalView;

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

  EditController* m_editController = nullptr;
  LiveScheduler* m_live = nullptr;
  ViolationsPanel* m_violations = nullptr;
  Autosave* m_autosave = nullptr;
  PlanDragTool* m_planDrag = nullptr;
  QLabel* m_liveLabel = nullptr;
  QAction* m_planEditAction = nullptr;
  std::string m_selectedIdBeforeEdit;      ///< selection kept by id across edits
  std::vector<std::string> m_selectionSet; ///< ids of a multiple selection (box select)
  int m_runningStage = -1;                 ///< live stage being recomputed, −1 when idle

  std::unique_ptr<scenes::FabricView> m_fabricView;
  std::shared_ptr<const engine::live::FabricSnapshot> m_fabric; ///< the live stage's, shown
  FabricPanel* m_fabricPanel = nullptr;
  QDockWidget* m_fabricDock = nullptr;
  engine::ObjectRef m_pathGpu; ///< first GPU of a Ctrl+click pair

  engine::ObjectRef m_selection;
  bool m_syncingTree = false;
  bool m_defaultDockSizesPending = true; ///< false once a saved layout was restored
  bool m_autoDetail = true;
  bool m_cameraAtPreset = true; ///< false once the user moved the camera
  scenes::CameraPreset m_preset = scenes::CameraPreset::Isometric;
  backend::BackendChoice m_backend;
};

} // namespace myriad::app
