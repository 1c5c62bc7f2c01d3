// MainWindow: File and Help actions, recent files and window settings (split from
// main_window.cpp to keep each file short).
#include "main_window.h"

#include "error_reporter.h"
#include "recent_files.h"
#include "sample_locator.h"
#include "scene_document.h"
#include "status_text.h"
#include "window_settings.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/validation.h"

#include <QCloseEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace myriad::app
{

namespace
{

const QString kLastDirKey = QStringLiteral("lastDirectory");

QString sceneFileFilter()
{
  return QObject::tr("Myriad scenes (*.json);;All files (*)");
}

} // namespace

bool MainWindow::openFile(const QString& path)
{
  QElapsedTimer timer;
  timer.start();
  try
  {
    document()->open(path);
  }
  catch (const std::exception& error) // engine::Error, and whatever else (memory): never escapes
  {
    reportError(this, tr("Cannot open scene"), QString::fromUtf8(error.what()));
    return false;
  }
  addRecentFile(document()->filePath());
  QSettings().setValue(kLastDirKey, QFileInfo(path).absolutePath());
  const int problems =
    engine::errorCount(engine::validateScene(document()->scene(), document()->catalog()));
  statusBar()->showMessage(
    problems == 0 ? tr("Opened %1 in %2 ms").arg(document()->displayName()).arg(timer.elapsed())
                  : tr("Opened %1 with %2 problems to fix: see the Violations dock")
                      .arg(document()->displayName(), QLocale().toString(problems)),
    problems == 0 ? 5000 : 0);
  return true;
}

void MainWindow::openDefaultScene()
{
  const QString path = findSample(QString::fromLatin1(kDefaultSampleName));
  if (!path.isEmpty())
  {
    try
    {
      document()->openSample(path);
      return;
    }
    catch (const engine::Error& error)
    {
      // A broken installed sample must not leave the user with nothing: generate it instead.
      qWarning().noquote() << "sample" << path << "unreadable, generating it:" << error.what();
    }
  }
  try
  {
    const engine::Catalog& catalog = engine::Catalog::builtin();
    document()->setGenerated(
      engine::generateScene(engine::builtinSpec(kDefaultSampleName), catalog));
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot create the sample scene"), QString::fromUtf8(error.what()));
  }
}

bool MainWindow::openSample(const QString& id)
{
  const QString path = findSample(id);
  if (path.isEmpty())
  {
    reportError(
      this, tr("Cannot open scene"),
      tr("No sample %1.json in %2").arg(id, sampleSearchPath().join(QStringLiteral(", "))));
    return false;
  }
  if (!maybeSave())
  {
    return false;
  }
  try
  {
    document()->openSample(path);
  }
  catch (const std::exception& error) // engine::Error, and whatever else: never escapes
  {
    reportError(this, tr("Cannot open scene"), QString::fromUtf8(error.what()));
    return false;
  }
  statusBar()->showMessage(tr("Opened sample %1").arg(document()->displayName()), 5000);
  return true;
}

bool MainWindow::saveToFile(const QString& path)
{
  try
  {
    document()->saveAs(path);
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot save scene"), QString::fromUtf8(error.what()));
    return false;
  }
  addRecentFile(document()->filePath());
  statusBar()->showMessage(tr("Saved %1").arg(document()->filePath()), 5000);
  return true;
}

void MainWindow::onOpen()
{
  if (!maybeSave())
  {
    return;
  }
  const QString dir = QSettings().value(kLastDirKey).toString();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open scene"), dir, sceneFileFilter());
  if (!path.isEmpty())
  {
    openFile(path);
  }
}

void MainWindow::onSave()
{
  if (document()->needsSaveAs())
  {
    onSaveAs();
    return;
  }
  try
  {
    document()->save();
    statusBar()->showMessage(tr("Saved %1").arg(document()->filePath()), 5000);
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot save scene"), QString::fromUtf8(error.what()));
  }
}

void MainWindow::onSaveAs()
{
  QString suggestion = QSettings().value(kLastDirKey).toString();
  if (!suggestion.isEmpty())
  {
    suggestion += QLatin1Char('/') + QFileInfo(document()->displayName()).completeBaseName() +
                  QStringLiteral(".json");
  }
  const QString path =
    QFileDialog::getSaveFileName(this, tr("Save scene as"), suggestion, sceneFileFilter());
  if (!path.isEmpty())
  {
    saveToFile(path);
  }
}

bool MainWindow::maybeSave()
{
  m_modules.documentLeaving();
  if (!document()->isModified())
  {
    return true;
  }
  const auto answer = QMessageBox::warning(
    this, tr("Unsaved changes"), tr("%1 has unsaved changes.").arg(document()->displayName()),
    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save)
  {
    onSave();
    return !document()->isModified();
  }
  return answer == QMessageBox::Discard;
}

void MainWindow::rebuildRecentMenu()
{
  fillRecentFilesMenu(m_ui.menu(QStringLiteral("file.recent")),
                      [this](const QString& path)
                      {
                        if (!maybeSave())
                        {
                          return;
                        }
                        if (!QFileInfo::exists(path))
                        {
                          removeRecentFile(path);
                          reportError(this, tr("Cannot open scene"),
                                      tr("%1: the file no longer exists").arg(path));
                          return;
                        }
                        openFile(path);
                      });
}

void MainWindow::onAbout()
{
  QMessageBox::about(this, tr("About Myriad"), aboutText(m_backend));
}

bool MainWindow::restoreWindowSettings()
{
  const RestoredLayout restored = restoreWindowLayout(*this);
  m_defaultDockSizesPending = m_defaultDockSizesPending && !restored.docks;
  return restored.geometry;
}

void MainWindow::saveWindowSettings() const
{
  saveWindowLayout(*this);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
  if (!maybeSave())
  {
    event->ignore();
    return;
  }
  saveWindowSettings();
  event->accept();
}

} // namespace myriad::app
