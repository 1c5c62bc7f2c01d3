// TelemetryModule: the Telemetry dock (import, live polling, overlay, residuals, calibration),
// File ▸ Import Telemetry…, dropping snapshot files onto the window, the live source's state in
// the status bar, the selection's measured readings in the Properties dock and the calibrated
// scenario added to the document.
#include "telemetry_module.h"

#include "app_context.h"
#include "hall_view_controller.h"
#include "module_registry.h"
#include "properties_panel.h"
#include "scene_document.h"
#include "selection_model.h"
#include "selection_module.h"
#include "telemetry_panel.h"
#include "telemetry_poller.h"
#include "telemetry_properties.h"
#include "ui_registry.h"

#include "myriad/engine/query.h"
#include "myriad/scenes/hall_scene.h"

#include <QAction>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMimeData>
#include <QStatusBar>

#include <functional>

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

} // namespace

void TelemetryModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new TelemetryPanel(context.window);
  m_panel->setScheduler(context.live); // its comparisons and live parses are scheduler jobs
  UiRegistry* ui = context.ui;
  m_dock = ui->addDock(QStringLiteral("telemetry.dock"), tr("Telemetry"), m_panel,
                       Qt::RightDockWidgetArea);
  // A tab beside the Dashboard: the right column is crowded already.
  if (QDockWidget* dashboard = ui->dock(QStringLiteral("dashboard.dock")))
    context.window->tabifyDockWidget(dashboard, m_dock);
  m_dock->hide(); // shown when data arrives or from the View menu

  createImportAction();
  createStatusLabel();
  context.window->setAcceptDrops(true);
  context.window->installEventFilter(
    new TelemetryDropFilter(this, [this](const QStringList& paths) { importPaths(paths); }));
  connectOverlay();
  connect(m_panel, &TelemetryPanel::objectActivated, this,
          [this](const QString& id)
          {
            const auto ref = engine::findById(m_context->document->scene(), id.toStdString());
            m_context->selection->select(ref.value_or(engine::ObjectRef{}));
          });
  connect(m_panel, &TelemetryPanel::addToSceneRequested, this,
          &TelemetryModule::addCalibratedScenario);
  // The Properties dock follows the selection and the shown snapshot (new snapshot, remap,
  // live source failing).
  connect(context.selection, &SelectionModel::changed, this,
          &TelemetryModule::updateMeasuredProperties);
  connect(m_panel, &TelemetryPanel::overlayChanged, this,
          &TelemetryModule::updateMeasuredProperties);
  connect(m_panel, &TelemetryPanel::overlayCleared, this,
          &TelemetryModule::updateMeasuredProperties);
  rebind();
}

void TelemetryModule::createImportAction()
{
  auto* import = new QAction(tr("Import &Telemetry…"), m_context->window);
  import->setObjectName(QStringLiteral("importTelemetryAction"));
  import->setToolTip(tr("Import DCGM/Prometheus, nvidia-smi CSV or Redfish snapshot files"));
  m_context->ui->addAction(QStringLiteral("telemetry.import"), import);
  if (QMenu* file = m_context->ui->menu(QStringLiteral("file.menu")))
  {
    QAction* before = m_context->ui->action(QStringLiteral("file.quit"));
    file->insertAction(before, import);
    file->insertSeparator(before);
  }
  connect(import, &QAction::triggered, this,
          [this]
          {
            const QStringList paths = QFileDialog::getOpenFileNames(
              m_context->window, tr("Import telemetry"), {},
              tr("Telemetry (*.prom *.txt *.metrics *.json *.csv);;All files (*)"));
            if (!paths.isEmpty())
              importPaths(paths);
          });
}

void TelemetryModule::createStatusLabel()
{
  auto* liveLabel = new QLabel(m_context->window);
  liveLabel->setObjectName(QStringLiteral("telemetryStatusLabel"));
  liveLabel->hide(); // only while a live source is configured
  if (m_context->statusBar)
    m_context->statusBar->addPermanentWidget(liveLabel);
  connect(m_panel, &TelemetryPanel::liveStatusChanged, this,
          [this, liveLabel](const QString& text)
          {
            liveLabel->setText(text);
            liveLabel->setToolTip(m_panel->poller()->source() + QLatin1Char('\n') +
                                  m_panel->poller()->lastError());
            liveLabel->setVisible(m_panel->poller()->state() != TelemetryPoller::State::Stopped);
          });
}

void TelemetryModule::connectOverlay()
{
  HallViewController* hallView = m_context->hallView;
  // The overlay follows the dock: while it is hidden, new snapshots leave the colours alone.
  connect(m_panel, &TelemetryPanel::overlayChanged, this,
          [this, hallView](const scenes::Overlay& overlay)
          {
            if (m_dock->isVisible())
              hallView->showOverlay(overlay);
          });
  connect(m_dock, &QDockWidget::visibilityChanged, this,
          [this, hallView](bool visible)
          {
            if (visible && !m_panel->overlay().values.empty())
              hallView->showOverlay(m_panel->overlay());
          });
  connect(m_panel, &TelemetryPanel::overlayCleared, this,
          [this, hallView]
          {
            if (m_context->hallScene->hasOverlay())
              hallView->clearOverlay();
          });
}

void TelemetryModule::importPaths(const QStringList& paths)
{
  m_dock->show();
  m_dock->raise();
  if (m_panel->importFiles(paths) == 0)
    m_context->showMessage(tr("No telemetry could be read from these files: see the problems "
                              "listed in the Telemetry dock"),
                           8000);
  else if (const auto problems = m_panel->diagnosticTexts().size(); problems > 0)
    m_context->showMessage(
      tr("Telemetry imported with %1 problems: see the list in the Telemetry dock")
        .arg(QLocale().toString(problems)),
      8000);
}

void TelemetryModule::addCalibratedScenario()
{
  const auto scenario = m_panel->calibratedScenario();
  QString error, name;
  if (!scenario || !m_context->document->addScenario(*scenario, &error, &name))
  {
    m_context->showMessage(
      tr("Scenario not added: %1").arg(error.isEmpty() ? tr("no calibration") : error), 8000);
    return;
  }
  m_context->showMessage(tr("Scenario \"%1\" added to the scene (Edit → Undo removes it); "
                            "compare it in the Dashboard")
                           .arg(name),
                         8000);
}

void TelemetryModule::rebind()
{
  m_panel->setScene(&m_context->document->scene(), &m_context->catalog());
}

void TelemetryModule::documentReplaced()
{
  rebind();
}

void TelemetryModule::sceneEdited(const engine::edit::ChangeSet&)
{
  rebind(); // once per undo step
}

void TelemetryModule::updateMeasuredProperties()
{
  const auto* selectionModule =
    m_context->modules ? m_context->modules->get<SelectionModule>(QStringLiteral("selection"))
                       : nullptr;
  PropertiesPanel* properties = selectionModule ? selectionModule->propertiesPanel() : nullptr;
  if (!properties)
    return;
  const engine::ObjectRef& selected = m_context->selection->current();
  const auto snapshot = m_panel->shownSnapshot();
  if (!snapshot || !selected.valid() || m_panel->mapping().entityRefs.empty())
  {
    properties->setExtraRows({}, {});
    return;
  }
  const MeasuredRows rows = measuredRows(m_context->document->scene(), *snapshot,
                                         m_panel->mapping(), selected, m_panel->isStale());
  properties->setExtraRows(rows.heading, rows.rows, rows.stale);
}

} // namespace myriad::app
