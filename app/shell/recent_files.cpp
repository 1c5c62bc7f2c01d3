#include "recent_files.h"

#include <QFileInfo>
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

} // namespace myriad::app
