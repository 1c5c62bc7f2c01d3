#pragma once
/**
 * @file ui_registry.h
 * The window's actions, menus, toolbars and docks by identifier ("file.menu", "view.menu",
 * "edit.undo", "fabric.dock"), so that a module finds what it extends without knowing translated
 * titles or widget object names.
 *
 * Identifiers: menus "<name>.menu", actions "<menu or module>.<action>", docks "<name>.dock".
 * A dock "<name>.dock" gets the object name "<name>Dock" (what saved window layouts refer to and
 * what `--show <name>` names), and its show/hide action is added to the "view.menu" menu.
 */

#include <QHash>
#include <QString>
#include <QStringList>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QToolBar;
class QWidget;

class QTabWidget;

namespace myriad::app
{

class UiRegistry
{
public:
  explicit UiRegistry(QMainWindow* window);

  /** The window docks and toolbars go into; also the parent of modules' dialogs. */
  QMainWindow* window() const { return m_window; }

  /** Register an action (throws std::invalid_argument when the id is taken). */
  QAction* addAction(const QString& id, QAction* action);
  QAction* action(const QString& id) const { return m_actions.value(id); }

  /** Register a menu (a sub-menu, or one already in the menu bar). */
  QMenu* addMenu(const QString& id, QMenu* menu);
  /** Make a menu in the menu bar, before the menu `beforeId` (at the end when none). */
  QMenu* addMenuBarMenu(const QString& id, const QString& title, const QString& beforeId = {});
  QMenu* menu(const QString& id) const { return m_menus.value(id); }

  QToolBar* addToolBar(const QString& id, const QString& title);
  QToolBar* toolBar(const QString& id) const { return m_toolBars.value(id); }

  /**
   * Make a dock holding `widget` in `area`, named after `id` ("fabric.dock" → "fabricDock"),
   * with its show/hide action at the end of "view.menu". Where it goes beside other docks
   * (tabs, splits) is the module's choice, with dock() and window().
   */
  QDockWidget* addDock(const QString& id, const QString& title, QWidget* widget,
                       Qt::DockWidgetArea area);
  QDockWidget* dock(const QString& id) const { return m_docks.value(id); }
  /**
   * `content` in a frameless vertical scroll area, for a dock or tab that may be squeezed by the
   * docks beside it: it scrolls instead of clipping its labels or crushing its fields.
   */
  static QWidget* scrollable(QWidget* content);
  /**
   * Name the pages of `tabs` "tab-<id>", in order, so a tour can open a tab by id (docs/tours.md,
   * the engine's table of tab ids in tour_reader.cpp); selectTab() finds them.
   */
  static void nameTabs(QTabWidget* tabs, std::initializer_list<const char*> ids);
  /** Make the tab page "tab-<id>" current in any tab widget inside `dock`; false if none. */
  static bool selectTab(QWidget* dock, const QString& id);
  /** Dock ids in creation order. */
  const QStringList& dockIds() const { return m_dockOrder; }
  /** "fabric.dock" → "fabricDock". */
  static QString dockObjectName(const QString& id);

  /** A default size of a dock for a first start (no saved layout): width or height in px. */
  void setDefaultDockSize(const QString& id, Qt::Orientation orientation, int size);
  /** Apply the default sizes (the shell calls this once the window has its real size). */
  void applyDefaultDockSizes() const;

private:
  QMainWindow* m_window;
  QHash<QString, QAction*> m_actions;
  QHash<QString, QMenu*> m_menus;
  QHash<QString, QToolBar*> m_toolBars;
  QHash<QString, QDockWidget*> m_docks;
  QStringList m_dockOrder;
  struct DefaultSize
  {
    QString id;
    Qt::Orientation orientation;
    int size;
  };
  QList<DefaultSize> m_defaultSizes;
};

} // namespace myriad::app
