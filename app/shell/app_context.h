#pragma once
/**
 * @file app_context.h
 * What a module gets from the application: the document, the 3D view and its hall scene, the
 * camera/overlay service, the shared selection, the live scheduler (the owner of the models'
 * results), the edit controller (undo stack), autosave, the status bar, and the registries of UI
 * elements (UiRegistry) and of the other modules (ModuleRegistry), all by identifier.
 *
 * The shell (MainWindow) fills one for its window; a test fills one around a bare QMainWindow to
 * build a single module (tests/app/module_test_support.h). The context owns nothing.
 */

#include <QString>

#include <functional>

class QMainWindow;
class QStatusBar;

namespace myriad::engine
{
class Catalog;
}
namespace myriad::scenes
{
class HallScene;
}

namespace myriad::app
{

class Autosave;
class EditController;
class HallViewController;
class LiveScheduler;
class ModuleRegistry;
class SceneDocument;
class SelectionModel;
class UiRegistry;
class VtkViewWidget;

struct AppContext
{
  QMainWindow* window = nullptr; ///< parent of docks, toolbars and dialogs
  SceneDocument* document = nullptr;
  VtkViewWidget* view = nullptr;
  scenes::HallScene* hallScene = nullptr;
  HallViewController* hallView = nullptr; ///< camera presets, colour-by, overlays, fly-to
  SelectionModel* selection = nullptr;
  LiveScheduler* live = nullptr;
  EditController* editController = nullptr;
  Autosave* autosave = nullptr; ///< recovery file and its interval
  QStatusBar* statusBar = nullptr;
  UiRegistry* ui = nullptr;
  ModuleRegistry* modules = nullptr;
  /**
   * Before a module replaces the document (a sweep scenario opened): the shell's question to save
   * unsaved changes; false when the user cancelled. Empty in bare test contexts: nothing to ask.
   */
  std::function<bool()> mayLeaveDocument;

  const engine::Catalog& catalog() const;
  /** A transient message in the status bar. */
  void showMessage(const QString& text, int timeoutMs) const;
};

} // namespace myriad::app
