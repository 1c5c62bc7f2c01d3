#include "sample_locator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace myriad::app
{

QStringList sampleSearchPath()
{
  QStringList folders;
  const QString fromEnv = qEnvironmentVariable("MYRIAD_SAMPLES_DIR");
  if (!fromEnv.isEmpty())
  {
    folders << fromEnv;
  }
#ifdef MYRIAD_APP_SOURCE_SAMPLES
  folders << QStringLiteral(MYRIAD_APP_SOURCE_SAMPLES);
#endif
#ifdef MYRIAD_APP_INSTALLED_SAMPLES
  folders << QStringLiteral(MYRIAD_APP_INSTALLED_SAMPLES);
#endif
  if (QCoreApplication::instance())
  {
    folders << QDir(QCoreApplication::applicationDirPath())
                 .absoluteFilePath(QStringLiteral("../share/myriad/samples"));
  }
  return folders;
}

QString findSample(const QString& name)
{
  for (const QString& folder : sampleSearchPath())
  {
    const QFileInfo file(QDir(folder), name + QStringLiteral(".json"));
    if (file.isFile() && file.isReadable())
    {
      return file.absoluteFilePath();
    }
  }
  return {};
}

QStringList jobPresetFiles()
{
  for (const QString& folder : sampleSearchPath())
  {
    const QDir dir(folder + QStringLiteral("/jobs"));
    if (!dir.exists())
    {
      continue;
    }
    QStringList files;
    for (const QFileInfo& file :
         dir.entryInfoList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
    {
      files << file.absoluteFilePath();
    }
    return files; // the first folder that has presets wins, as for the sample scenes
  }
  return {};
}

} // namespace myriad::app
