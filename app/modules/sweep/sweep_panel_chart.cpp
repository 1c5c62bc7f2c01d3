// SweepPanel's Pareto chart: every scenario that ran as a point of the two chosen KPIs, the
// scenarios no other one beats in both (lower cost, time or temperature; higher bandwidth,
// goodput, MFU or throughput: engine sweep::higherIsBetter) drawn larger and joined as the front.
#include "sweep_panel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

namespace sweep = engine::sweep;

namespace
{

void clear(QChart* chart)
{
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes())
  {
    chart->removeAxis(axis);
    delete axis;
  }
}

/** Fixed decimals enough to tell the ticks apart ("%.2f" for 1.15–1.25, "%.0f" for 10–60). */
QString labelFormat(double low, double high)
{
  const double step = (high - low) / 4;
  const int decimals =
    step >= 1 ? 0 : std::min(6, static_cast<int>(std::ceil(-std::log10(step))) + 1);
  return QStringLiteral("%.%1f").arg(decimals);
}

QValueAxis* axisFor(const QString& title, double low, double high)
{
  auto* axis = new QValueAxis;
  axis->setTitleText(title);
  axis->setTruncateLabels(false);
  // 6 % of the spread, and never less than 2 % of the value: a KPI that does not vary (PUE
  // across prices) shows as a level line in the middle, not as rounding noise stretched out.
  const double pad =
    std::max({ 0.06 * (high - low), 0.02 * std::max(std::abs(low), std::abs(high)), 1e-9 });
  axis->setRange(low - pad, high + pad);
  axis->applyNiceNumbers();
  axis->setLabelFormat(labelFormat(low - pad, high + pad));
  return axis;
}

} // namespace

void SweepPanel::updateChart()
{
  clear(m_chart);
  m_front.clear();
  const std::string xName = m_x->currentData().toString().toStdString();
  const std::string yName = m_y->currentData().toString().toStdString();
  const auto column = [this](const std::string& name)
  {
    const auto it = std::find(m_table.kpiColumns.begin(), m_table.kpiColumns.end(), name);
    return it == m_table.kpiColumns.end() ? -1 : static_cast<int>(it - m_table.kpiColumns.begin());
  };
  const int xc = column(xName);
  const int yc = column(yName);
  if (xc < 0 || yc < 0)
  {
    m_chart->setTitle(tr("No KPIs to chart yet"));
    return;
  }
  std::vector<std::pair<double, double>> points;
  std::vector<long long> scenarios;
  for (const auto& row : m_table.rows)
  {
    const auto& x = row.kpis[static_cast<std::size_t>(xc)];
    const auto& y = row.kpis[static_cast<std::size_t>(yc)];
    if (row.status == "ok" && x && y)
    {
      points.emplace_back(*x, *y);
      scenarios.push_back(row.index);
    }
  }
  const bool maxX = sweep::higherIsBetter(xName);
  const bool maxY = sweep::higherIsBetter(yName);
  const auto front = sweep::paretoFront(points, maxX, maxY);
  auto* all = new QScatterSeries;
  all->setName(tr("Scenarios"));
  all->setMarkerSize(8);
  all->setColor(QColor(0x8a, 0x96, 0xa3));
  all->setBorderColor(QColor(0x5f, 0x6b, 0x78));
  auto* best = new QScatterSeries;
  best->setName(tr("Pareto front"));
  best->setMarkerSize(12);
  best->setColor(QColor(0xd9, 0x5f, 0x02));
  auto* line = new QLineSeries;
  line->setColor(QColor(0xd9, 0x5f, 0x02));
  double xLow = 0, xHigh = 0, yLow = 0, yHigh = 0;
  for (std::size_t k = 0; k < points.size(); ++k)
  {
    const auto [x, y] = points[k];
    xLow = k ? std::min(xLow, x) : x;
    xHigh = k ? std::max(xHigh, x) : x;
    yLow = k ? std::min(yLow, y) : y;
    yHigh = k ? std::max(yHigh, y) : y;
    all->append(x, y);
  }
  for (const std::size_t k : front)
  {
    best->append(points[k].first, points[k].second);
    line->append(points[k].first, points[k].second);
    m_front << scenarios[k];
  }
  m_chart->addSeries(all);
  m_chart->addSeries(line);
  m_chart->addSeries(best);
  auto* xAxis = axisFor(m_x->currentText(), xLow, xHigh);
  auto* yAxis = axisFor(m_y->currentText(), yLow, yHigh);
  m_chart->addAxis(xAxis, Qt::AlignBottom);
  m_chart->addAxis(yAxis, Qt::AlignLeft);
  for (QAbstractSeries* series : m_chart->series())
  {
    series->attachAxis(xAxis);
    series->attachAxis(yAxis);
  }
  for (QLegendMarker* marker : m_chart->legend()->markers(line))
    marker->setVisible(false);
  m_chart->setTitle(tr("Pareto front: %1 of %2 scenarios").arg(front.size()).arg(points.size()));
  m_chartView->setToolTip(
    tr("The front joins the scenarios no other one beats on both axes "
       "(X: %1 is better; Y: %2 is better)")
      .arg(maxX ? tr("higher") : tr("lower"), maxY ? tr("higher") : tr("lower")));
  // A click on a point selects its scenario in the table.
  const auto select = [this, points, scenarios](const QPointF& p)
  {
    for (std::size_t k = 0; k < points.size(); ++k)
      if (points[k].first == p.x() && points[k].second == p.y())
      {
        selectScenario(scenarios[k]);
        return;
      }
  };
  connect(all, &QScatterSeries::clicked, this, select);
  connect(best, &QScatterSeries::clicked, this, select);
}

} // namespace myriad::app
