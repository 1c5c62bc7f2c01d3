#include "recent_files.h"

#include <QAction>
#include <QCoreApplication>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace myriad::app
{

namespace
{

const QString kKey = QStringLiteral("recentFiles");

void store(QStringList files)
{
  while (files.size() > kMaxRecentFiles)
  {
    files.removeLast();
  }
  QSettings().setValue(kKey, files);
}

} // namespace

QStringList recentFiles()
{
  QStringList files = QSettings().value(kKey).toStringList();
  files.removeAll(QString());
  return files.mid(0, kMaxRecentFiles);
}

void addRecentFile(const QString& path)
{
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = recentFiles();
  files.removeAll(absolute);
  files.prepend(absolute);
  store(files);
}

void removeRecentFile(const QString& path)
{
  QStringList files = recentFiles();
  files.removeAll(QFileInfo(path).absoluteFilePath());
  files.removeAll(path);
  store(files);
}

void clearRecentFiles()
{
  store({});
}

void fillRecentFilesMenu(QMenu* menu, const std::function<void(const QString&)>& open)
{
  menu->clear();
  const QStringList files = recentFiles();
  for (int i = 0; i < files.size(); ++i)
  {
    const QString path = files[i];
    QAction* action = menu->addAction(QCoreApplication::translate("MainWindow", "&%1 %2")
                                        .arg(i + 1)
                                        .arg(QFileInfo(path).fileName()));
    action->setToolTip(path);
    action->setStatusTip(path);
    QObject::connect(action, &QAction::triggered, menu, [open, path] { open(path); });
  }
  if (files.isEmpty())
  {
    menu->addAction(QCoreApplication::translate("MainWindow", "(none)"))->setEnabled(false);
    return;
  }
  menu->addSeparator();
  QObject::connect(menu->addAction(QCoreApplication::translate("MainWindow", "&Clear list")),
                   &QAction::triggered, menu, [] { clearRecentFiles(); });
}

} // namespace myriad::app
