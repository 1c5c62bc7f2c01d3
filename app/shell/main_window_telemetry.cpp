// MainWindow: the Telemetry dock (import, live polling, overlay, residuals, calibration),
// File → Import telemetry…, dropping snapshot files onto the window, the live source's
// state in the status bar, the selection's measured readings in the Properties dock and the
// calibrated scenario added to the document.

#include "edit_controller.h"
#include "main_window.h"

#include "properties_panel.h"
#include "scene_document.h"
#include "telemetry_panel.h"
#include "telemetry_poller.h"
#include "telemetry_properties.h"

#include "myriad/engine/query.h"

#include <QAction>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QStatusBar>

namespace myriad::app
{

namespace
{

/** A Myriad scene document (left to whoever opens scenes), judged by its first 4 KiB. */
bool isSceneFile(const QString& path)
{
  QFile file(path);
  return file.open(QIODevice::ReadOnly) && file.read(4096).contains("\"schemaVersion\"");
}

/** Local files of a drag that may be telemetry (everything but scene documents). */
QStringList localFiles(const QMimeData* mime)
{
  QStringList paths;
  if (mime && mime->hasUrls())
    for (const QUrl& url : mime->urls())
      if (url.isLocalFile() && !isSceneFile(url.toLocalFile()))
        paths << url.toLocalFile();
  return paths;
}

/** Accepts files dropped onto the main window and imports them as telemetry snapshots. */
class TelemetryDropFilter final : public QObject
{
public:
  TelemetryDropFilter(QObject* parent, std::function<void(const QStringList&)> onDrop)
    : QObject(parent)
    , m_onDrop(std::move(onDrop))
  {
  }

protected:
  bool eventFilter(QObject* watched, QEvent* event) override
  {
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove)
    {
      auto* drag = static_cast<QDragMoveEvent*>(event);
      if (!localFiles(drag->mimeData()).isEmpty())
      {
        drag->acceptProposedAction();
        return true;
      }
    }
    else if (event->type() == QEvent::Drop)
    {
      auto* drop = static_cast<QDropEvent*>(event);
      const QStringList paths = localFiles(drop->mimeData());
      if (!paths.isEmpty())
      {
        drop->acceptProposedAction();
        m_onDrop(paths);
        return true;
      }
    }
    return QObject::eventFilter(watched, event);
  }

private:
  std::function<void(const QStringList&)> m_onDrop;
};

QMenu* menuTitled(QMenuBar* bar, const QString& title)
{
  for (QAction* action : bar->actions())
    if (action->menu() && action->menu()->title() == title)
      return action->menu();
  return nullptr;
}

} // namespace

void MainWindow::createTelemetry()
{
  m_telemetry = new TelemetryPanel(this);
  m_telemetryDock = new QDockWidget(tr("Telemetry"), this);
  m_telemetryDock->setObjectName(QStringLiteral("telemetryDock"));
  m_telemetryDock->setWidget(m_telemetry);
  addDockWidget(Qt::RightDockWidgetArea, m_telemetryDock);
  // A tab beside the Dashboard: the right column is crowded already.
  if (auto* dashboard = findChild<QDockWidget*>(QStringLiteral("dashboardDock")))
    tabifyDockWidget(dashboard, m_telemetryDock);
  m_telemetryDock->hide(); // shown when data arrives or from the View menu

  auto* import = new QAction(tr("Import &Telemetry…"), this);
  import->setObjectName(QStringLiteral("importTelemetryAction"));
  import->setToolTip(tr("Import DCGM/Prometheus, nvidia-smi CSV or Redfish snapshot files"));
  if (QMenu* file = menuTitled(menuBar(), tr("&File")))
  {
    QAction* before = nullptr;
    for (QAction* action : file->actions())
      if (action->menuRole() == QAction::QuitRole)
        before = action;
    file->insertAction(before, import);
    file->insertSeparator(before);
  }
  if (QMenu* view = menuTitled(menuBar(), tr("&View")))
    view->addAction(m_telemetryDock->toggleViewAction());

  auto* liveLabel = new QLabel(this);
  liveLabel->setObjectName(QStringLiteral("telemetryStatusLabel"));
  liveLabel->hide(); // only while a live source is configured
  statusBar()->addPermanentWidget(liveLabel);

  const auto importPaths = [this](const QStringList& paths)
  {
    m_telemetryDock->show();
    m_telemetryDock->raise();
    if (m_telemetry->importFiles(paths) == 0)
      statusBar()->showMessage(tr("No telemetry could be read from these files"), 5000);
  };
  connect(import, &QAction::triggered, this,
          [this, importPaths]
          {
            const QStringList paths = QFileDialog::getOpenFileNames(
              this, tr("Import telemetry"), {},
              tr("Telemetry (*.prom *.txt *.metrics *.json *.csv);;All files (*)"));
            if (!paths.isEmpty())
              importPaths(paths);
          });
  setAcceptDrops(true);
  installEventFilter(new TelemetryDropFilter(this, importPaths));

  // The overlay follows the dock: while it is hidden, new snapshots leave the colours alone.
  connect(m_telemetry, &TelemetryPanel::overlayChanged, this,
          [this](const scenes::Overlay& overlay)
          {
            if (m_telemetryDock->isVisible())
              showOverlay(overlay);
          });
  connect(m_telemetryDock, &QDockWidget::visibilityChanged, this,
          [this](bool visible)
          {
            if (visible && !m_telemetry->overlay().values.empty())
              showOverlay(m_telemetry->overlay());
          });
  connect(m_telemetry, &TelemetryPanel::overlayCleared, this,
          [this]
          {
            if (m_hallScene->hasOverlay())
              clearOverlay();
          });
  connect(m_telemetry, &TelemetryPanel::objectActivated, this,
          [this](const QString& id)
          {
            const auto ref = engine::findById(m_document->scene(), id.toStdString());
            selectObject(ref.value_or(engine::ObjectRef{}));
          });
  connect(m_telemetry, &TelemetryPanel::liveStatusChanged, this,
          [this, liveLabel](const QString& text)
          {
            liveLabel->setText(text);
            liveLabel->setToolTip(m_telemetry->poller()->source() + QLatin1Char('\n') +
                                  m_telemetry->poller()->lastError());
            liveLabel->setVisible(m_telemetry->poller()->state() !=
                                  TelemetryPoller::State::Stopped);
          });
  // The Properties dock follows the shown snapshot (new snapshot, remap, live source failing).
  connect(m_telemetry, &TelemetryPanel::overlayChanged, this,
          &MainWindow::updateMeasuredProperties);
  connect(m_telemetry, &TelemetryPanel::overlayCleared, this,
          &MainWindow::updateMeasuredProperties);
  connect(m_telemetry, &TelemetryPanel::addToSceneRequested, this,
          [this]
          {
            const auto scenario = m_telemetry->calibratedScenario();
            QString error, name;
            if (!scenario || !m_document->addScenario(*scenario, &error, &name))
            {
              statusBar()->showMessage(
                tr("Scenario not added: %1").arg(error.isEmpty() ? tr("no calibration") : error),
                8000);
              return;
            }
            statusBar()->showMessage(
              tr("Scenario \"%1\" added to the scene (Edit → Undo removes it); compare it in "
                 "the Dashboard")
                .arg(name),
              8000);
          });
  const auto rebind = [this]
  { m_telemetry->setScene(&m_document->scene(), &m_document->catalog()); };
  connect(m_document, &SceneDocument::sceneReplaced, this, rebind);
  connect(m_editController, &EditController::sceneChanged, this, rebind); // once per step
  rebind();
}

void MainWindow::updateMeasuredProperties()
{
  const auto snapshot = m_telemetry ? m_telemetry->shownSnapshot() : nullptr;
  if (!snapshot || !m_selection.valid() || m_telemetry->mapping().entityRefs.empty())
  {
    m_properties->setExtraRows({}, {});
    return;
  }
  const MeasuredRows rows = measuredRows(m_document->scene(), *snapshot, m_telemetry->mapping(),
                                         m_selection, m_telemetry->isStale());
  m_properties->setExtraRows(rows.heading, rows.rows, rows.stale);
}

} // namespace myriad::app
