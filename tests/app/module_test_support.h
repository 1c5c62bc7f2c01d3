#pragma once
/**
 * @file module_test_support.h
 * A bare application context for module tests: a plain QMainWindow with the app's core services
 * (document, 3D view and hall, camera/overlay service, selection, live scheduler, edit
 * controller, autosave, UI and module registries) but no MainWindow and no other module. A test
 * adds the module it checks (and those it needs), opens a scene and drives it.
 */

#include "app_context.h"
#include "autosave.h"
#include "edit_controller.h"
#include "hall_view_controller.h"
#include "live_scheduler.h"
#include "module_registry.h"
#include "scene_document.h"
#include "selection_model.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/scenes/hall_scene.h"

#include <QMainWindow>
#include <QStatusBar>

#include <memory>

namespace myriad::app::test
{

class BareContext
{
public:
  BareContext()
    : window(std::make_unique<QMainWindow>())
    , ui(window.get())
  {
    auto* document = new SceneDocument(engine::Catalog::builtin(), window.get());
    auto* view = new VtkViewWidget(window.get());
    window->setCentralWidget(view);
    hall = std::make_unique<scenes::HallScene>(view->renderer());
    context.window = window.get();
    context.document = document;
    context.view = view;
    context.hallScene = hall.get();
    context.hallView = new HallViewController(view, hall.get(), window.get());
    context.selection = new SelectionModel(document, window.get());
    context.hallView->followSelection(context.selection);
    context.editController = new EditController(document, window.get(), window.get());
    context.live = new LiveScheduler(document->catalog(), window.get());
    context.autosave = new Autosave(document, window.get(), window.get());
    context.statusBar = window->statusBar();
    context.ui = &ui;
    context.modules = &modules;
    // The menus modules extend, as the shell makes them.
    ui.addMenuBarMenu(QStringLiteral("file.menu"), QStringLiteral("File"));
    ui.addMenuBarMenu(QStringLiteral("view.menu"), QStringLiteral("View"));
    // The shell's part of an edit: the modules, then the selection (kept by id).
    QObject::connect(context.editController, &EditController::sceneChanged, window.get(),
                     [this](const engine::edit::ChangeSet& changes)
                     {
                       modules.sceneEdited(changes);
                       context.selection->restoreAfterEdit();
                     });
  }
  ~BareContext()
  {
    // Modules first (they hold views of the hall and point at the docks); VTK props let go of
    // their GL resources while the view's context is current, as in the shell.
    VtkViewWidget* view = context.view;
    if (view->isValid())
    {
      view->makeCurrent();
      modules.releaseGraphics();
      hall.reset();
      view->doneCurrent();
    }
    modules.clear();
    hall.reset();
  }
  BareContext(const BareContext&) = delete;
  BareContext& operator=(const BareContext&) = delete;

  /** Register and create module T; returns it. */
  template <class T>
  T& add()
  {
    Module& module = modules.add(std::make_unique<T>());
    modules.createAll(context);
    return static_cast<T&>(module);
  }

  /**
   * Open a scene file as the shell does: clear the selection, rebuild the hall, tell modules,
   * compute every live model.
   */
  void open(const QString& path)
  {
    context.document->open(path);
    context.selection->select({});
    context.hallView->rebuild(context.document->scene(), context.document->catalog());
    modules.documentReplaced();
    context.live->submitAll(context.document->scene());
  }

  std::unique_ptr<QMainWindow> window;
  UiRegistry ui;
  ModuleRegistry modules;
  std::unique_ptr<scenes::HallScene> hall;
  AppContext context;
};

} // namespace myriad::app::test
