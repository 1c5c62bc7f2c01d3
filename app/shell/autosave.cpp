#include "autosave.h"

#include "error_reporter.h"
#include "scene_document.h"

#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <QCryptographicHash>
#include <QDebug>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

namespace myriad::app
{

namespace
{

constexpr int kFileChangeDelayMs = 300; // editors write in bursts: ask once

} // namespace

QString Autosave::intervalSettingsKey()
{
  return QStringLiteral("editing/autosaveSeconds");
}

Autosave::Autosave(SceneDocument* document, QWidget* dialogParent, QObject* parent)
  : QObject(parent)
  , m_document(document)
  , m_dialogParent(dialogParent)
  , m_timer(new QTimer(this))
  , m_fileChangeDelay(new QTimer(this))
  , m_watcher(new QFileSystemWatcher(this))
{
  connect(m_timer, &QTimer::timeout, this, &Autosave::saveRecoveryNow);
  m_fileChangeDelay->setSingleShot(true);
  m_fileChangeDelay->setInterval(kFileChangeDelayMs);
  connect(m_fileChangeDelay, &QTimer::timeout, this, &Autosave::checkFileOnDisk);
  connect(m_watcher, &QFileSystemWatcher::fileChanged, m_fileChangeDelay,
          qOverload<>(&QTimer::start));
  connect(m_document, &SceneDocument::sceneReplaced, this, &Autosave::onSceneReplaced);
  connect(m_document, &SceneDocument::stateChanged, this, &Autosave::onStateChanged);
  bool ok = false;
  const int seconds = QSettings().value(intervalSettingsKey(), kDefaultIntervalSeconds).toInt(&ok);
  setIntervalSeconds(ok ? seconds : kDefaultIntervalSeconds);
}

Autosave::~Autosave()
{
  discardRecovery();
}

void Autosave::setIntervalSeconds(int seconds)
{
  m_intervalSeconds = std::max(0, seconds);
  if (m_intervalSeconds == 0)
  {
    m_timer->stop();
    return;
  }
  m_timer->start(m_intervalSeconds * 1000);
}

QString Autosave::recoveryDirectory()
{
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/recovery");
}

QString Autosave::recoveryPath() const
{
  // One recovery file per document: keyed by its path, or by its name when it has none.
  const QString key = m_document->filePath().isEmpty()
                        ? QStringLiteral("untitled:") + m_document->displayName()
                        : m_document->filePath();
  const QByteArray hash = QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1);
  return recoveryDirectory() + QStringLiteral("/recovery-") +
         QString::fromLatin1(hash.toHex().left(16)) + QStringLiteral(".json");
}

bool Autosave::saveRecoveryNow()
{
  if (m_suspended || !m_document->isModified() ||
      (!m_written.isEmpty() && m_savedRevision == m_document->revision()))
  {
    return false;
  }
  const QString path = recoveryPath();
  try
  {
    QDir().mkpath(QFileInfo(path).absolutePath());
    engine::saveScene(m_document->scene(), path.toStdString()); // atomic: never half a file
  }
  catch (const engine::Error& error)
  {
    // Autosave must not interrupt the user: log it, try again at the next tick.
    qWarning().noquote() << "autosave failed:" << error.what();
    return false;
  }
  m_written = path;
  m_savedRevision = m_document->revision();
  emit recoverySaved(path);
  return true;
}

void Autosave::discardRecovery()
{
  if (!m_written.isEmpty())
  {
    QFile::remove(m_written);
    m_written.clear();
  }
}

bool Autosave::offerRecovery()
{
  const QString path = recoveryPath();
  const QFileInfo recovery(path);
  if (!recovery.exists() || path == m_written)
  {
    return false;
  }
  const QString documentPath = m_document->filePath();
  if (!documentPath.isEmpty() && QFileInfo::exists(documentPath) &&
      QFileInfo(documentPath).lastModified() > recovery.lastModified())
  {
    QFile::remove(path); // the document was saved after the recovery: nothing to recover
    return false;
  }
  if (!askRestore(m_document->displayName(), recovery.lastModified()))
  {
    QFile::remove(path);
    return false;
  }
  engine::Scene scene;
  try
  {
    // Not validated: an autosaved layout may hold violations the user accepted (flagged live).
    scene = engine::loadScene(path.toStdString(), m_document->catalog(), /*validate=*/false);
  }
  catch (const engine::Error& error)
  {
    const QString aside = path + QStringLiteral(".corrupt");
    QFile::remove(aside);
    QFile::rename(path, aside);
    reportError(m_dialogParent, tr("Cannot restore the recovery file"),
                tr("%1\nThe file was set aside as %2; the document is unchanged.")
                  .arg(QString::fromUtf8(error.what()), aside));
    return false;
  }
  m_restoring = true;
  m_document->restoreRecovered(std::move(scene));
  m_restoring = false;
  m_written = path; // ours now: removed on the next clean save
  m_savedRevision = m_document->revision();
  emit recoveryRestored(path);
  return true;
}

void Autosave::onSceneReplaced()
{
  watchDocumentFile();
  if (m_restoring || m_suspended)
  {
    return;
  }
  // The user left the previous document (after being asked to save it): its recovery goes.
  discardRecovery();
  if (!m_reloading)
  {
    // After the opening call returns: the window is up to date before the question.
    QTimer::singleShot(0, this,
                       [this]
                       {
                         offerRecovery();
                         emit recoveryChecked();
                       });
  }
}

void Autosave::onStateChanged()
{
  if (!m_document->isModified() && !m_suspended)
  {
    discardRecovery(); // saved, or undone back to the saved state
  }
  watchDocumentFile(); // a save replaced the file (atomic rename) or the path changed
}

void Autosave::watchDocumentFile()
{
  const QStringList watched = m_watcher->files();
  if (!watched.isEmpty())
  {
    m_watcher->removePaths(watched);
  }
  const QString path = m_document->filePath();
  if (!path.isEmpty() && QFileInfo::exists(path))
  {
    m_watcher->addPath(path);
  }
  m_watchedStamp = diskStamp();
}

QString Autosave::diskStamp() const
{
  const QFileInfo info(m_document->filePath());
  if (m_document->filePath().isEmpty() || !info.exists())
  {
    return {};
  }
  return QString::number(info.lastModified().toMSecsSinceEpoch()) + QLatin1Char(':') +
         QString::number(info.size());
}

void Autosave::checkFileOnDisk()
{
  const QString path = m_document->filePath();
  const QString stamp = diskStamp();
  if (!path.isEmpty() && QFileInfo::exists(path) && !m_watcher->files().contains(path))
  {
    m_watcher->addPath(path); // replaced by rename: watch the new file
  }
  if (stamp.isEmpty() || stamp == m_watchedStamp)
  {
    return; // our own save, or the file is gone for now (a writer mid-rename)
  }
  m_watchedStamp = stamp;
  if (!askReload(path, m_document->isModified()))
  {
    return;
  }
  m_reloading = true;
  try
  {
    m_document->open(path);
    emit reloadedFromDisk(path);
  }
  catch (const std::exception& error) // engine::Error, and whatever else: never escapes
  {
    reportError(m_dialogParent, tr("Cannot reload scene"), QString::fromUtf8(error.what()));
  }
  m_reloading = false;
}

bool Autosave::askRestore(const QString& documentName, const QDateTime& savedAt)
{
  if (m_restorePrompt)
  {
    return m_restorePrompt(documentName, savedAt);
  }
  return QMessageBox::question(
           m_dialogParent, tr("Restore unsaved changes?"),
           tr("Myriad did not close normally while %1 had unsaved changes. An automatic copy "
              "from %2 exists.\n\nRestore it? (No discards the copy.)")
             .arg(documentName, QLocale().toString(savedAt, QLocale::ShortFormat)),
           QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
}

bool Autosave::askReload(const QString& path, bool hasUnsavedChanges)
{
  if (m_reloadPrompt)
  {
    return m_reloadPrompt(path, hasUnsavedChanges);
  }
  const QString text =
    hasUnsavedChanges
      ? tr("%1 was changed by another program.\n\nReload it? Your unsaved changes will be lost.")
      : tr("%1 was changed by another program.\n\nReload it?");
  return QMessageBox::question(m_dialogParent, tr("File changed on disk"), text.arg(path),
                               QMessageBox::Yes | QMessageBox::No,
                               hasUnsavedChanges ? QMessageBox::No : QMessageBox::Yes) ==
         QMessageBox::Yes;
}

} // namespace myriad::app
