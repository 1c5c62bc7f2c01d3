#pragma once
/**
 * @file main_window.h
 * Myriad's main window, the shell of the app: the 3D hall view in the centre, File, View and
 * Help menus, file handling (open, built-in samples, save, recent files, autosave), the status
 * bar (live models, scene counts, frame time, compute backend), the window's settings and dock
 * layout, and the registries of UI elements and modules. Every feature (Scene tree and
 * Properties, Dashboard, Editing, Fabric, Thermal, Traffic, Telemetry, Preferences, the View
 * toolbar) is a Module (modules/builtin_modules.h) that makes its own docks, actions and menu
 * entries through the AppContext; the shell names none of them.
 *
 * Selection is one SelectionModel shared by all; every user action catches engine::Error at its
 * edge and reports it via reportError(); a failed open keeps the current document.
 */

#include "app_context.h"
#include "hall_view_controller.h"
#include "module_registry.h"
#include "selection_model.h"
#include "ui_registry.h"

#include "myriad/backend/backend.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/hall_scene.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QLabel;

namespace myriad::app
{

class LiveStatusLabel;

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
  /**
   * Open the built-in sample `id` (samples/<id>.json, File ▸ Open Sample) as openDefaultScene()
   * does, after asking about unsaved changes. On failure reports the error, keeps the document
   * and returns false.
   */
  bool openSample(const QString& id);
  /** Save to `path` (atomic). On failure reports the error and returns false. */
  bool saveToFile(const QString& path);

  /** Restore geometry and dock layout from QSettings; false when nothing was stored. */
  bool restoreWindowSettings();
  void saveWindowSettings() const;

  /** What modules get: document, view, selection, live results, edits, registries. */
  AppContext& context() { return m_context; }
  ModuleRegistry& modules() { return m_modules; }
  UiRegistry& ui() { return m_ui; }
  /** The module with `id` as a T (nullptr when none): `window.module<FabricModule>("fabric")`. */
  template <class T>
  T* module(const QString& id) const
  {
    return m_modules.get<T>(id);
  }

  // The core services, also in context().
  SceneDocument* document() const { return m_context.document; }
  VtkViewWidget* view() const { return m_context.view; }
  scenes::HallScene* hallScene() const { return m_hallScene.get(); }
  HallViewController* hallView() const { return m_context.hallView; }
  SelectionModel* selectionModel() const { return m_context.selection; }
  EditController* editController() const { return m_context.editController; }
  LiveScheduler* liveScheduler() const { return m_context.live; }
  Autosave* autosave() const { return m_context.autosave; }
  const backend::BackendChoice& backendChoice() const { return m_backend; }

  // Selection and view shortcuts (forwarded to the SelectionModel and HallViewController).
  const engine::ObjectRef& selection() const { return m_context.selection->current(); }
  const std::vector<std::string>& selectionSetIds() const { return m_context.selection->ids(); }
  void selectObject(const engine::ObjectRef& ref) { m_context.selection->select(ref); }
  void selectObjects(const std::vector<engine::ObjectRef>& refs)
  {
    m_context.selection->selectMany(refs);
  }
  void applyCameraPreset(scenes::CameraPreset p) { m_context.hallView->applyCameraPreset(p); }
  void setColorBy(scenes::ColorBy colorBy) { m_context.hallView->setColorBy(colorBy); }
  void setDetailLevel(std::optional<scenes::DetailLevel> level)
  {
    m_context.hallView->setDetailLevel(level);
  }

  /** The status bar's counts text ("320 racks · 1,280 nodes · 10,240 GPUs · 14.3 MW IT"). */
  QString countsText() const;
  /** Status bar text of the document's evaluation context ("at 80 % utilisation · …"). */
  QString contextText() const;
  /** The live status text ("Live: geometry 2 ms (CPU) · …"). */
  QString liveStatusText() const;

protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void createCore();
  void createMenus();
  /** Solvers from the backend factory into the live scheduler (and so into every job). */
  void injectSolvers();
  void createStatusBar();
  void onSceneReplaced();
  void onSceneEdited(const engine::edit::ChangeSet& changes);
  void onDocumentStateChanged();
  void updateFrameStatus();
  void updateCountsStatus();

  // main_window_file.cpp
  void onOpen();
  void onSave();
  void onSaveAs();
  void onAbout();
  void rebuildRecentMenu();
  /** Ask about unsaved changes; false when the user cancels. */
  bool maybeSave();

  std::unique_ptr<scenes::HallScene> m_hallScene;
  AppContext m_context;
  UiRegistry m_ui;
  ModuleRegistry m_modules;
  LiveStatusLabel* m_liveLabel = nullptr;
  QLabel* m_countsLabel = nullptr;
  QLabel* m_contextLabel = nullptr;
  QLabel* m_frameLabel = nullptr;
  bool m_frameUpdatePending = false;
  bool m_defaultDockSizesPending = true; ///< false once a saved layout was restored
  backend::BackendChoice m_backend;
};

} // namespace myriad::app
