// TrafficModule: export the last result's training step as a Chrome trace for Perfetto
// (engine/traffic/trace_export.h, docs/trace-export.md), written on a worker.
#include "traffic_module.h"

#include "app_context.h"
#include "error_reporter.h"
#include "live_scheduler.h"
#include "scene_document.h"
#include "traffic_panel.h"
#include "ui_registry.h"

#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/trace_export.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>

#include <sstream>

namespace myriad::app
{

namespace
{

constexpr const char* kTraceJobKey = "traffic.trace";

/** What the export job answers: the summary of the file it wrote. */
struct TraceWritten
{
  engine::traffic::TraceSummary summary;
};

} // namespace

void TrafficModule::createTraceAction()
{
  auto* action = new QAction(tr("Export Step &Trace for Perfetto…"), m_context->window);
  action->setObjectName(QStringLiteral("exportTraceAction"));
  action->setStatusTip(tr("Write the last traffic run's training step as a Chrome trace "
                          "(open it in ui.perfetto.dev or chrome://tracing)"));
  m_context->ui->addAction(QStringLiteral("traffic.exportTrace"), action);
  connect(action, &QAction::triggered, this,
          [this]
          {
            if (m_panel->resultJobs().empty())
            {
              m_context->showMessage(tr("Run a job in the Traffic dock first."), 8000);
              return;
            }
            const QString path = QFileDialog::getSaveFileName(
              m_context->window, tr("Export Step Trace"), QStringLiteral("step-trace.json"),
              tr("Chrome traces (*.json)"));
            if (!path.isEmpty())
            {
              exportTrace(path);
            }
          });
  connect(m_context->live, &LiveScheduler::jobFinished, this, &TrafficModule::onTraceFinished);
}

bool TrafficModule::exportTrace(const QString& path)
{
  const auto graph = m_panel->resultGraph();
  if (!graph || m_panel->resultJobs().empty())
  {
    m_context->showMessage(tr("Run a job in the Traffic dock first."), 8000);
    return false;
  }
  engine::traffic::TraceOptions options;
  options.scene = m_context->document->displayName().toStdString();
  const std::string file = path.toStdString();
  m_tracePath = path;
  m_traceJob = m_context->live->submitJob(
    QString::fromLatin1(kTraceJobKey),
    [graph, jobs = m_panel->resultJobs(), result = m_panel->result(), options,
     file](const engine::live::CancelToken&)
    {
      std::ostringstream out;
      auto written = std::make_shared<TraceWritten>();
      written->summary = engine::traffic::writeStepTrace(out, *graph, jobs, result, options);
      engine::writeFileAtomically(file, out.str()); // never half a file
      return std::static_pointer_cast<const void>(written);
    });
  m_context->showMessage(tr("Writing the step trace to %1…").arg(path), 0);
  return true;
}

void TrafficModule::onTraceFinished(const JobOutcome& outcome)
{
  if (outcome.key != QLatin1String(kTraceJobKey) || outcome.generation != m_traceJob)
  {
    return;
  }
  m_traceJob = 0;
  const auto written = outcome.as<TraceWritten>();
  if (!written)
  {
    m_context->showMessage(QString(), 0);
    reportError(m_context->window, tr("Cannot export the step trace"),
                tr("%1: %2").arg(m_tracePath, outcome.error));
    return;
  }
  const QLocale locale;
  m_context->showMessage(
    tr("Wrote %1: %2 events, %3 MB (tracks: %4)")
      .arg(QFileInfo(m_tracePath).fileName(),
           locale.toString(static_cast<qlonglong>(written->summary.events)),
           locale.toString(static_cast<double>(written->summary.bytes) / 1e6, 'f', 1),
           QString::fromStdString(written->summary.ranks)),
    10000);
  emit traceWritten(m_tracePath);
}

} // namespace myriad::app
