// UiRegistry: actions, menus, toolbars and docks of the main window by identifier.
#include "ui_registry.h"

#include <QTabWidget>

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QToolBar>

#include <stdexcept>

namespace myriad::app
{

namespace
{

template <class T>
void insertUnique(QHash<QString, T*>& map, const QString& id, T* item)
{
  if (id.isEmpty() || map.contains(id))
  {
    throw std::invalid_argument("UI id '" + id.toStdString() + "' is empty or taken");
  }
  map.insert(id, item);
}

} // namespace

UiRegistry::UiRegistry(QMainWindow* window)
  : m_window(window)
{
}

QAction* UiRegistry::addAction(const QString& id, QAction* action)
{
  insertUnique(m_actions, id, action);
  return action;
}

QMenu* UiRegistry::addMenu(const QString& id, QMenu* menu)
{
  insertUnique(m_menus, id, menu);
  return menu;
}

QMenu* UiRegistry::addMenuBarMenu(const QString& id, const QString& title, const QString& beforeId)
{
  auto* created = new QMenu(title, m_window);
  created->setObjectName(id.section(QLatin1Char('.'), 0, 0) +
                         QStringLiteral("Menu")); // "edit.menu" → "editMenu"
  const QMenu* before = menu(beforeId);
  m_window->menuBar()->insertMenu(before ? before->menuAction() : nullptr, created);
  return addMenu(id, created);
}

QToolBar* UiRegistry::addToolBar(const QString& id, const QString& title)
{
  QToolBar* bar = m_window->addToolBar(title);
  // "view.toolbar" → "viewToolBar": the name saved window layouts refer to.
  bar->setObjectName(id.section(QLatin1Char('.'), 0, 0) + QStringLiteral("ToolBar"));
  insertUnique(m_toolBars, id, bar);
  return bar;
}

QString UiRegistry::dockObjectName(const QString& id)
{
  return id.section(QLatin1Char('.'), 0, 0) + QStringLiteral("Dock");
}

void UiRegistry::nameTabs(QTabWidget* tabs, std::initializer_list<const char*> ids)
{
  int index = 0;
  for (const char* id : ids)
  {
    if (QWidget* page = tabs->widget(index++))
    {
      page->setObjectName(QStringLiteral("tab-") + QLatin1String(id));
    }
  }
}

bool UiRegistry::selectTab(QWidget* dock, const QString& id)
{
  const QString name = QStringLiteral("tab-") + id;
  for (QTabWidget* tabs : dock->findChildren<QTabWidget*>())
  {
    for (int i = 0; i < tabs->count(); ++i)
    {
      if (tabs->widget(i)->objectName() == name)
      {
        tabs->setCurrentIndex(i);
        return true;
      }
    }
  }
  return false;
}

QWidget* UiRegistry::scrollable(QWidget* content)
{
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  return scroll;
}

QDockWidget* UiRegistry::addDock(const QString& id, const QString& title, QWidget* widget,
                                 Qt::DockWidgetArea area)
{
  auto* dock = new QDockWidget(title, m_window);
  dock->setObjectName(dockObjectName(id));
  dock->setWidget(widget);
  insertUnique(m_docks, id, dock);
  m_dockOrder << id;
  m_window->addDockWidget(area, dock);
  if (QMenu* view = menu(QStringLiteral("view.menu")))
  {
    view->addAction(dock->toggleViewAction());
  }
  return dock;
}

void UiRegistry::setDefaultDockSize(const QString& id, Qt::Orientation orientation, int size)
{
  m_defaultSizes.append({ id, orientation, size });
}

void UiRegistry::applyDefaultDockSizes() const
{
  for (const Qt::Orientation orientation : { Qt::Horizontal, Qt::Vertical })
  {
    QList<QDockWidget*> docks;
    QList<int> sizes;
    for (const DefaultSize& entry : m_defaultSizes)
    {
      if (entry.orientation == orientation && dock(entry.id))
      {
        docks << dock(entry.id);
        sizes << entry.size;
      }
    }
    if (!docks.isEmpty())
    {
      m_window->resizeDocks(docks, sizes, orientation);
    }
  }
}

} // namespace myriad::app
