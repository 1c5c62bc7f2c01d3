// MainWindow: File and Help actions, recent files and window settings (split from
// main_window.cpp to keep each file short).
#include "main_window.h"

#include "error_reporter.h"
#include "recent_files.h"
#include "sample_locator.h"
#include "scene_document.h"
#include "status_text.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"

#include <vtkVersion.h>

#include <QCloseEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>

namespace myriad::app
{

namespace
{

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kLastDirKey = QStringLiteral("lastDirectory");
constexpr int kStateVersion = 1;

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
    m_document->open(path);
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot open scene"), QString::fromUtf8(error.what()));
    return false;
  }
  addRecentFile(m_document->filePath());
  QSettings().setValue(kLastDirKey, QFileInfo(path).absolutePath());
  statusBar()->showMessage(
    tr("Opened %1 in %2 ms").arg(m_document->displayName()).arg(timer.elapsed()), 5000);
  return true;
}

void MainWindow::openDefaultScene()
{
  const QString path = findSample(QString::fromLatin1(kDefaultSampleName));
  if (!path.isEmpty())
  {
    try
    {
      m_document->openSample(path);
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
    m_document->setGenerated(
      engine::generateScene(engine::builtinSpec(kDefaultSampleName), catalog));
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot create the sample scene"), QString::fromUtf8(error.what()));
  }
}

bool MainWindow::saveToFile(const QString& path)
{
  try
  {
    m_document->saveAs(path);
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot save scene"), QString::fromUtf8(error.what()));
    return false;
  }
  addRecentFile(m_document->filePath());
  statusBar()->showMessage(tr("Saved %1").arg(m_document->filePath()), 5000);
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
  if (m_document->needsSaveAs())
  {
    onSaveAs();
    return;
  }
  try
  {
    m_document->save();
    statusBar()->showMessage(tr("Saved %1").arg(m_document->filePath()), 5000);
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
    suggestion += QLatin1Char('/') + QFileInfo(m_document->displayName()).completeBaseName() +
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
  if (!m_document->isModified())
  {
    return true;
  }
  const auto answer = QMessageBox::warning(
    this, tr("Unsaved changes"), tr("%1 has unsaved changes.").arg(m_document->displayName()),
    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save)
  {
    onSave();
    return !m_document->isModified();
  }
  return answer == QMessageBox::Discard;
}

void MainWindow::rebuildRecentMenu()
{
  m_recentMenu->clear();
  const QStringList files = recentFiles();
  for (int i = 0; i < files.size(); ++i)
  {
    const QString path = files[i];
    QAction* action =
      m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
    action->setToolTip(path);
    action->setStatusTip(path);
    connect(action, &QAction::triggered, this,
            [this, path]
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
  if (files.isEmpty())
  {
    m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    return;
  }
  m_recentMenu->addSeparator();
  connect(m_recentMenu->addAction(tr("&Clear list")), &QAction::triggered, this,
          [] { clearRecentFiles(); });
}

void MainWindow::onAbout()
{
  const QString text =
    tr("<h3>Myriad %1</h3>"
       "<p>A desktop workbench for planning, analysing and explaining AI training clusters of "
       "ten thousand GPUs and more: data-hall layout in 3D, fabric and cabling, power, cooling, "
       "cost and reliability.</p>"
       "<p>Licensed under the Apache License 2.0.</p>"
       "<p>Qt %2 · VTK %3<br>Compute backend: %4 — %5</p>")
      .arg(QStringLiteral(MYRIAD_VERSION), QString::fromLatin1(qVersion()),
           QString::fromLatin1(vtkVersion::GetVTKVersion()),
           QString::fromUtf8(backend::toString(m_backend.backend)).toUpper(),
           QString::fromStdString(m_backend.reason).toHtmlEscaped());
  QMessageBox::about(this, tr("About Myriad"), text);
}

bool MainWindow::restoreWindowSettings()
{
  const QSettings settings;
  const bool restored = restoreGeometry(settings.value(kGeometryKey).toByteArray());
  if (restoreState(settings.value(kStateKey).toByteArray(), kStateVersion))
  {
    m_defaultDockSizesPending = false;
  }
  if (!restored)
  {
    // First start: most of the screen, centred.
    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800);
    const QSize size(std::min(1600, available.width() * 92 / 100),
                     std::min(1000, available.height() * 92 / 100));
    resize(size);
    move(available.center() - QPoint(size.width() / 2, size.height() / 2));
  }
  return restored;
}

void MainWindow::saveWindowSettings() const
{
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState(kStateVersion));
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
