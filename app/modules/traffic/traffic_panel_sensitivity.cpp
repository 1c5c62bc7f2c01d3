// The Traffic dock's step breakdown of the selected job and "What changes it most?": the job
// simulated again with one factor changed at a time (engine traffic::stepSensitivity), as a
// scheduler job, ranked by how far each change moves the step.
#include "number_format.h"
#include "traffic_panel.h"
#include "traffic_panel_format.h"

#include "myriad/engine/catalog.h"

#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>

#include <cmath>
#include <map>

namespace myriad::app
{

namespace tr = engine::traffic;
using traffic_format::cell;
using traffic_format::seconds;

namespace
{
constexpr char kSensitivityKey[] = "traffic-sensitivity";

QString share(double part, double whole)
{
  return QStringLiteral("%1 %").arg(formatFixed(whole > 0 ? 100 * part / whole : 0, 1));
}
} // namespace

QString TrafficPanel::breakdownText() const
{
  return m_breakdown->text();
}

void TrafficPanel::fillBreakdown(int jobRow)
{
  if (jobRow < 0 || jobRow >= static_cast<int>(m_result.jobs.size()))
  {
    m_breakdown->clear();
    return;
  }
  const tr::JobResult& job = m_result.jobs[static_cast<std::size_t>(jobRow)];
  std::map<std::string, double> exposed;
  for (const tr::CollectiveTime& c : job.collectives)
  {
    exposed[c.parallelism] += c.exposedS;
  }
  QStringList parts{ tr("compute %1").arg(share(job.computeS, job.stepS)),
                     tr("bubble %1").arg(share(job.bubbleS, job.stepS)) };
  for (const char* kind : { "TP", "PP", "DP", "EP" })
  {
    if (exposed.count(kind))
    {
      parts << tr("exposed %1 %2").arg(QString::fromLatin1(kind), share(exposed[kind], job.stepS));
    }
  }
  m_breakdown->setText(tr("%1, step %2: %3; latency %4 of the step; MFU %5")
                         .arg(QString::fromStdString(job.name), seconds(job.stepS),
                              parts.join(QStringLiteral(", ")),
                              share(job.exposedLatencyS, job.stepS),
                              QStringLiteral("%1 %").arg(formatFixed(job.mfu * 100, 1))));
}

bool TrafficPanel::analyseSensitivity(int jobRow)
{
  if (!m_scheduler || !m_graph || jobRow < 0 || jobRow >= static_cast<int>(m_resultJobs.size()))
  {
    m_state->setText(!m_scheduler ? tr("No worker to simulate on.")
                                  : tr("Run a job first, then ask what changes it most."));
    return false;
  }
  const std::shared_ptr<const engine::fabric::FabricGraph> graph = m_graph;
  const tr::JobSpec job = m_resultJobs[static_cast<std::size_t>(jobRow)];
  const std::shared_ptr<tr::MaxMinSolver> solver = m_scheduler->maxMinSolver();
  const engine::Catalog* catalog = &engine::Catalog::builtin();
  const std::vector<int> failed = m_resultFailed; // as the shown run had them
  m_sensitivityJob = m_scheduler->submitJob(
    QString::fromLatin1(kSensitivityKey),
    [graph, job, solver, catalog, failed](const engine::live::CancelToken& cancel)
    {
      return std::static_pointer_cast<const void>(
        std::make_shared<const tr::StepSensitivity>(tr::stepSensitivity(
          *graph, *catalog, job, solver.get(), [&cancel] { return cancel.cancelled(); }, failed)));
    });
  m_sensitivityButton->setEnabled(false);
  m_state->setText(tr("Ranking what changes the step of %1 most (9 runs at most)…")
                     .arg(QString::fromStdString(job.name)));
  return true;
}

void TrafficPanel::onSensitivityFinished(const JobOutcome& outcome)
{
  if (outcome.key != QLatin1String(kSensitivityKey) || outcome.generation != m_sensitivityJob)
  {
    return;
  }
  m_sensitivityJob = 0;
  m_sensitivityButton->setEnabled(!m_result.jobs.empty());
  if (outcome.cancelled)
  {
    return;
  }
  if (!outcome.value)
  {
    m_state->setText(tr("Ranking failed: %1").arg(outcome.error));
    emit errorOccurred(tr("Traffic sensitivity failed"), outcome.error);
    return;
  }
  m_sensitivity = *outcome.as<tr::StepSensitivity>();
  m_state->setText(tr("Ranked %n change(s) of %1 in %2 s (one factor at a time, the job alone).",
                      nullptr, static_cast<int>(m_sensitivity.variants.size()))
                     .arg(QString::fromStdString(m_sensitivity.job))
                     .arg(formatFixed(outcome.seconds, 1)));
  fillSensitivity();
  m_details->setCurrentIndex(0); // the breakdown and the ranking: what was asked for
  emit sensitivityReady();
}

void TrafficPanel::fillSensitivity()
{
  const auto& variants = m_sensitivity.variants;
  m_sensitivityTable->setRowCount(static_cast<int>(variants.size()));
  for (int r = 0; r < m_sensitivityTable->rowCount(); ++r)
  {
    const tr::StepVariant& v = variants[static_cast<std::size_t>(r)];
    // The change in step first: the ranking is read by it (the change text is the widest).
    m_sensitivityTable->setItem(r, 2, cell(QString::fromStdString(v.factor)));
    m_sensitivityTable->setItem(r, 3, cell(QString::fromStdString(v.change)));
    if (v.feasible())
    {
      m_sensitivityTable->setItem(
        r, 0,
        cell(QStringLiteral("%1%2 %").arg(v.delta >= 0 ? QStringLiteral("+") : QString(),
                                          formatFixed(v.delta * 100, 1)),
             v.delta));
      m_sensitivityTable->setItem(r, 1, cell(seconds(v.stepS), v.stepS));
    }
    else
    {
      m_sensitivityTable->setItem(r, 0, cell(QStringLiteral("—")));
      m_sensitivityTable->setItem(r, 1, cell(tr("not possible")));
      m_sensitivityTable->item(r, 1)->setToolTip(QString::fromStdString(v.error));
    }
  }
}

} // namespace myriad::app
