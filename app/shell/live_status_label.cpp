// LiveStatusLabel: per-stage latency and backend of the live models in the status bar.
#include "live_status_label.h"

#include "engine_text.h"
#include "live_scheduler.h"

namespace myriad::app
{

LiveStatusLabel::LiveStatusLabel(LiveScheduler* live, QWidget* parent)
  : QLabel(parent)
  , m_live(live)
{
  setObjectName(QStringLiteral("liveLabel"));
  connect(m_live, &LiveScheduler::resultsUpdated, this,
          [this](bool complete)
          {
            if (complete)
            {
              m_runningStage = -1;
            }
            refresh();
          });
  connect(m_live, &LiveScheduler::stageStarted, this,
          [this](engine::live::Stage stage)
          {
            m_runningStage = static_cast<int>(stage);
            refresh();
          });
  connect(m_live, &LiveScheduler::busyChanged, this,
          [this](bool busy)
          {
            if (!busy)
            {
              m_runningStage = -1;
              refresh();
            }
          });
  refresh();
}

QString LiveStatusLabel::statusText() const
{
  const engine::live::LiveResults& results = m_live->results();
  // Backends of the computed stages: named once when they all ran on one, else per stage.
  QStringList backends;
  for (const engine::live::Stage stage : engine::live::allStages())
  {
    const engine::live::StageStatus& status = results.status(stage);
    const QString backend = QString::fromStdString(status.backend);
    if (status.computed && !status.failed && !backends.contains(backend))
    {
      backends << backend;
    }
  }
  const bool oneBackend = backends.size() == 1;
  QStringList parts;
  if (m_runningStage >= 0)
  {
    const auto stage = static_cast<engine::live::Stage>(m_runningStage);
    parts << tr("recomputing %1 on %2…")
               .arg(stageName(stage), QString::fromStdString(results.status(stage).backend));
  }
  for (const engine::live::Stage stage : engine::live::allStages())
  {
    const engine::live::StageStatus& status = results.status(stage);
    if (status.failed)
    {
      parts << tr("%1 failed").arg(stageName(stage));
    }
    else if (status.computed)
    {
      const QString time =
        tr("%1 %2 ms").arg(stageName(stage)).arg(status.millis, 0, 'f', status.millis < 10 ? 1 : 0);
      parts << (oneBackend ? time
                           : tr("%1 (%2)").arg(time, QString::fromStdString(status.backend)));
    }
  }
  if (parts.isEmpty())
  {
    return tr("Live: idle");
  }
  const QString head = oneBackend ? tr("Live (%1): ").arg(backends.front()) : tr("Live: ");
  return head + parts.join(QStringLiteral(" · "));
}

void LiveStatusLabel::refresh()
{
  setText(statusText());
  QStringList tips{ tr("Models recomputed after each edit, on a worker thread; the last "
                       "latency of each and the backend that ran it") };
  for (const engine::live::Stage stage : engine::live::allStages())
  {
    const engine::live::StageStatus& status = m_live->results().status(stage);
    if (status.failed)
    {
      tips << tr("%1: %2").arg(stageName(stage), QString::fromStdString(status.error));
    }
    else if (status.computed)
    {
      tips << tr("%1: %2 ms on %3 (%4)")
                .arg(stageName(stage))
                .arg(status.millis, 0, 'f', 1)
                .arg(QString::fromStdString(status.backend),
                     QString::fromStdString(status.backendReason));
    }
  }
  setToolTip(tips.join(QLatin1Char('\n')));
}

} // namespace myriad::app
