#pragma once
/**
 * @file module.h
 * A feature of the desktop app (Fabric, Thermal, Traffic, Telemetry, …). A module makes its own
 * docks, actions and menu entries through the AppContext (registered by identifier in the
 * UiRegistry) and subscribes to the signals it needs (selection, live results, edits). The shell
 * knows modules only through this interface and the ModuleRegistry, in the spirit of 3D Slicer's
 * modules: the application window names no feature.
 *
 * Hooks the shell calls in a fixed order where signals alone would leave it to connection order:
 * documentReplaced() after the hall is rebuilt for a new scene, sceneEdited() after an edit and
 * before the selection is restored, documentLeaving() before the user is asked to save,
 * releaseGraphics() while the GL context is current on close.
 */

#include "myriad/engine/edit/edit.h"

#include <QObject>
#include <QString>

namespace myriad::app
{

struct AppContext;

class Module : public QObject
{
  Q_OBJECT

public:
  explicit Module(QObject* parent = nullptr)
    : QObject(parent)
  {
  }

  /** Stable identifier ("fabric", "thermal"): the registry key and the prefix of its UI ids. */
  virtual QString id() const = 0;
  /** Make the module's docks, actions, menu entries and connections. Called once. */
  virtual void create(AppContext& context) = 0;
  /** The document holds a new scene (opened, generated); the hall view is rebuilt already. */
  virtual void documentReplaced() {}
  /** An edit changed the scene (one undo step); called before the selection is restored. */
  virtual void sceneEdited(const engine::edit::ChangeSet& changes) { (void)changes; }
  /**
   * The user is about to leave the document (open another, generate, close the window), before
   * being asked to save it: a module that shows a sandbox in its place (a guided tour) puts the
   * user's document back first.
   */
  virtual void documentLeaving() {}
  /** The window goes away: drop VTK props while the view's GL context is current. */
  virtual void releaseGraphics() {}
};

} // namespace myriad::app
