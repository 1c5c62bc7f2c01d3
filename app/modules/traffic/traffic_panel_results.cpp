#include "number_format.h"
#include "traffic_panel.h"
#include "traffic_panel_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QColor>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace myriad::app
{

namespace tr = engine::traffic;
namespace fab = engine::fabric;
using traffic_format::cell;
using traffic_format::kHotLinks;
using traffic_format::seconds;

void TrafficPanel::showResult()
{
  fillJobsTable();
  fillTimeline();
  fillHotLinks();
  m_sensitivity = {};
  fillSensitivity(); // a ranking of the previous run no longer applies
  m_sensitivityButton->setEnabled(m_jobsTable->rowCount() > 0);
  if (m_jobsTable->rowCount() > 0)
  {
    m_jobsTable->setCurrentCell(0, 0);
    fillCollectives(0);
    fillBreakdown(0);
  }
}

void TrafficPanel::fillJobsTable()
{
  m_jobsTable->setRowCount(static_cast<int>(m_result.jobs.size()));
  for (int r = 0; r < m_jobsTable->rowCount(); ++r)
  {
    const tr::JobResult& job = m_result.jobs[r];
    const double days = job.runTimeS / 86400.0;
    m_jobsTable->setItem(r, 0, cell(QString::fromStdString(job.name)));
    m_jobsTable->setItem(r, 1, cell(formatInteger(job.gpus), job.gpus));
    m_jobsTable->setItem(r, 2, cell(seconds(job.computeS), job.computeS));
    m_jobsTable->setItem(r, 3, cell(seconds(job.bubbleS), job.bubbleS));
    QTableWidgetItem* exposed = cell(seconds(job.exposedS), job.exposedS);
    exposed->setToolTip(tr("%1 of it is latency (α: launches, hops, protocol steps)")
                          .arg(seconds(job.exposedLatencyS)));
    m_jobsTable->setItem(r, 4, exposed);
    m_jobsTable->setItem(r, 5, cell(seconds(job.stepS), job.stepS));
    QTableWidgetItem* mfu =
      cell(QStringLiteral("%1 %").arg(formatFixed(job.mfu * 100, 1)), job.mfu);
    mfu->setToolTip(tr("Model FLOPs per step / (step time × GPUs × BF16 peak): an output of the "
                       "model, comparable with published MFUs"));
    m_jobsTable->setItem(r, 6, mfu);
    m_jobsTable->setItem(r, 7, cell(formatFixed(job.tokensPerS, 0), job.tokensPerS));
    m_jobsTable->setItem(
      r, 8,
      cell(QStringLiteral("%1 %").arg(formatFixed(job.interference * 100, 1)), job.interference));
    m_jobsTable->setItem(
      r, 9,
      cell(
        job.runSteps > 0
          ? tr("%1 days, %2 MWh").arg(formatFixed(days, 1), formatFixed(job.runEnergyJ / 3.6e9, 0))
          : tr("—"),
        days));
  }
}

void TrafficPanel::fillCollectives(int jobRow)
{
  if (jobRow < 0 || jobRow >= static_cast<int>(m_result.jobs.size()))
  {
    m_collectivesTable->setRowCount(0);
    return;
  }
  const auto& collectives = m_result.jobs[jobRow].collectives;
  m_collectivesTable->setRowCount(static_cast<int>(collectives.size()));
  for (int r = 0; r < m_collectivesTable->rowCount(); ++r)
  {
    const tr::CollectiveTime& c = collectives[r];
    m_collectivesTable->setItem(r, 0, cell(QString::fromStdString(c.parallelism)));
    m_collectivesTable->setItem(r, 1, cell(QString::fromStdString(c.algorithm)));
    m_collectivesTable->setItem(
      r, 2, cell(tr("%1 × %2").arg(formatInteger(c.groups), formatInteger(c.members)), c.members));
    m_collectivesTable->setItem(
      r, 3,
      cell(numberLocale().formattedDataSize(static_cast<qint64>(c.bytesPerGpu)), c.bytesPerGpu));
    m_collectivesTable->setItem(r, 4, cell(seconds(c.timeS), c.timeS));
    m_collectivesTable->setItem(r, 5, cell(seconds(c.exposedS), c.exposedS));
    m_collectivesTable->setItem(
      r, 6,
      cell(QStringLiteral("%1 GB/s").arg(formatFixed(c.busBwBytesPerS / 1e9, 1)),
           c.busBwBytesPerS));
  }
}

void TrafficPanel::fillHotLinks()
{
  m_hotLinks->setRowCount(0);
  if (!m_graph)
  {
    return;
  }
  const std::vector<double> utilisation = linkUtilisation(*m_graph, m_result);
  std::vector<int> order;
  for (int l = 0; l < static_cast<int>(utilisation.size()); ++l)
  {
    if (!std::isnan(utilisation[l]) && utilisation[l] > 0)
    {
      order.push_back(l);
    }
  }
  const std::size_t shown = std::min<std::size_t>(kHotLinks, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(),
                    [&](int a, int b) { return utilisation[a] > utilisation[b]; });
  m_hotLinks->setRowCount(static_cast<int>(shown));
  for (int r = 0; r < static_cast<int>(shown); ++r)
  {
    const fab::Link& link = m_graph->links()[order[r]];
    const QString name =
      QStringLiteral("%1 ↔ %2").arg(QString::fromStdString(m_graph->device(link.a.device).id),
                                    QString::fromStdString(m_graph->device(link.b.device).id));
    QTableWidgetItem* first = cell(name);
    first->setData(Qt::UserRole + 1, order[r]);
    m_hotLinks->setItem(r, 0, first);
    m_hotLinks->setItem(r, 1, cell(QString::fromUtf8(fab::toString(link.tier))));
    m_hotLinks->setItem(
      r, 2,
      cell(QStringLiteral("%1 %").arg(formatFixed(utilisation[order[r]] * 100, 1)),
           utilisation[order[r]]));
  }
}

void TrafficPanel::fillTimeline()
{
  // One horizontal stacked bar per job: compute, then the exposed part of each parallelism.
  auto* chart = new QChart;
  chart->setTitle(tr("One training step"));
  chart->setAnimationOptions(QChart::NoAnimation);
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->legend()->setAlignment(Qt::AlignBottom);
  auto* series = new QHorizontalStackedBarSeries;
  std::map<std::string, QBarSet*> exposed;
  auto* compute = new QBarSet(tr("Compute"));
  compute->setColor(QColor(96, 140, 200));
  auto* bubble = new QBarSet(tr("Pipeline bubble"));
  bubble->setColor(QColor(170, 175, 185));
  QStringList categories;
  const QColor colours[] = { QColor(230, 120, 70), QColor(200, 70, 90), QColor(240, 190, 70),
                             QColor(150, 100, 190) };
  for (const char* name : { "TP", "DP", "PP", "EP" })
  {
    exposed[name] = new QBarSet(tr("%1 exposed").arg(QString::fromLatin1(name)));
    exposed[name]->setColor(colours[exposed.size() - 1]);
  }
  double longest = 0;
  for (const tr::JobResult& job : m_result.jobs)
  {
    categories << QString::fromStdString(job.name);
    *compute << job.computeS;
    *bubble << job.bubbleS;
    std::map<std::string, double> byKind;
    for (const tr::CollectiveTime& c : job.collectives)
    {
      byKind[c.parallelism] += c.exposedS;
    }
    for (auto& [name, set] : exposed)
    {
      *set << byKind[name];
    }
    longest = std::max(longest, job.stepS);
  }
  series->append(compute);
  series->append(bubble);
  for (const char* name : { "TP", "DP", "PP", "EP" })
  {
    series->append(exposed[name]);
  }
  chart->addSeries(series);
  auto* axisY = new QBarCategoryAxis;
  axisY->append(categories);
  auto* axisX = new QValueAxis;
  axisX->setTitleText(tr("seconds"));
  axisX->setRange(0, longest > 0 ? longest * 1.05 : 1);
  chart->addAxis(axisY, Qt::AlignLeft);
  chart->addAxis(axisX, Qt::AlignBottom);
  series->attachAxis(axisY);
  series->attachAxis(axisX);
  QChart* old = m_timeline->chart();
  m_timeline->setChart(chart);
  delete old;
}

} // namespace myriad::app
