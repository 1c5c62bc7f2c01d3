// SitingPanel's Pareto chart: each feasible option a point of slowdown-adjusted $/GPU-hour (x)
// and market-based kt CO₂ per year (y), the marker larger as the training slows down (one site,
// under 5 %, 5–10 %, 10 % and more); the options nothing beats in both joined as the front; the
// chosen option ringed. Clicking a point chooses that option.
#include "siting_panel.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::app
{

namespace
{

struct Bucket
{
  QString name;
  double markerSize;
  QColor color;
};

/** The slowdown class of an option: 0 one site, 1 under 5 %, 2 under 10 %, 3 at least 10 %. */
int bucketOf(const engine::siting::SitingOption& o)
{
  if (o.sites.size() < 2)
    return 0;
  return o.slowdown < 0.05 ? 1 : o.slowdown < 0.10 ? 2 : 3;
}

QValueAxis* axis(const QString& title, double low, double high)
{
  auto* a = new QValueAxis;
  a->setTitleText(title);
  a->setTruncateLabels(false);
  const double pad = std::max(0.06 * (high - low), 0.02 * std::max(std::abs(high), 1e-9));
  a->setRange(std::max(0.0, low - pad), high + pad);
  a->applyNiceNumbers();
  return a;
}

} // namespace

QList<int> SitingPanel::frontOptions() const
{
  QList<int> front;
  for (int i = 0; i < static_cast<int>(m_result.options.size()); ++i)
    if (m_result.options[static_cast<std::size_t>(i)].pareto)
      front << i;
  std::sort(front.begin(), front.end(),
            [this](int a, int b)
            {
              return m_result.options[static_cast<std::size_t>(a)].adjustedUsdPerGpuHour <
                     m_result.options[static_cast<std::size_t>(b)].adjustedUsdPerGpuHour;
            });
  return front;
}

void SitingPanel::updateChart()
{
  m_chart->removeAllSeries();
  for (QAbstractAxis* a : m_chart->axes())
  {
    m_chart->removeAxis(a);
    delete a;
  }
  const QList<Bucket> buckets{ { tr("one site"), 10, QColor(0x1f, 0x6f, 0xb4) },
                               { tr("slower, under 5 %"), 14, QColor(0x2e, 0x9e, 0x5b) },
                               { tr("slower 5–10 %"), 18, QColor(0xe0, 0x8e, 0x1b) },
                               { tr("slower ≥ 10 %"), 22, QColor(0xc0, 0x39, 0x2b) } };
  QList<QScatterSeries*> series;
  for (const Bucket& b : buckets)
  {
    auto* s = new QScatterSeries;
    s->setName(b.name);
    s->setMarkerSize(b.markerSize);
    s->setColor(b.color);
    s->setBorderColor(Qt::white);
    series << s;
  }
  double xLow = std::numeric_limits<double>::max(), xHigh = 0, yLow = xLow, yHigh = 0;
  for (const auto& o : m_result.options)
  {
    if (!o.feasible)
      continue;
    const double x = o.adjustedUsdPerGpuHour, y = o.carbonMarketT / 1e3;
    series[bucketOf(o)]->append(x, y);
    xLow = std::min(xLow, x), xHigh = std::max(xHigh, x);
    yLow = std::min(yLow, y), yHigh = std::max(yHigh, y);
  }
  if (xHigh == 0)
  {
    m_chart->setTitle(tr("No feasible option"));
    return;
  }
  auto* front = new QLineSeries;
  front->setName(tr("Pareto front"));
  front->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.5, Qt::DashLine));
  for (const int i : frontOptions())
  {
    const auto& o = m_result.options[static_cast<std::size_t>(i)];
    front->append(o.adjustedUsdPerGpuHour, o.carbonMarketT / 1e3);
  }
  auto* chosen = new QScatterSeries;
  chosen->setName(tr("chosen"));
  chosen->setMarkerSize(28);
  chosen->setColor(Qt::transparent);
  chosen->setBorderColor(Qt::black);
  if (m_selected >= 0 && m_selected < static_cast<int>(m_result.options.size()) &&
      m_result.options[static_cast<std::size_t>(m_selected)].feasible)
  {
    const auto& o = m_result.options[static_cast<std::size_t>(m_selected)];
    chosen->append(o.adjustedUsdPerGpuHour, o.carbonMarketT / 1e3);
  }
  QValueAxis* x = axis(tr("USD/GPU-h, adjusted"), xLow, xHigh);
  QValueAxis* y = axis(tr("kt CO₂ per year, market-based"), yLow, yHigh);
  m_chart->addAxis(x, Qt::AlignBottom);
  m_chart->addAxis(y, Qt::AlignLeft);
  for (QAbstractSeries* s : QList<QAbstractSeries*>{ front } +
                              QList<QAbstractSeries*>(series.begin(), series.end()) +
                              QList<QAbstractSeries*>{ chosen })
  {
    m_chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
  }
  for (QScatterSeries* s : series)
  {
    connect(s, &QScatterSeries::clicked, this,
            [this](const QPointF& p)
            {
              int best = -1;
              double bestD = std::numeric_limits<double>::max();
              for (int i = 0; i < static_cast<int>(m_result.options.size()); ++i)
              {
                const auto& o = m_result.options[static_cast<std::size_t>(i)];
                if (!o.feasible)
                  continue;
                const double d =
                  std::hypot(o.adjustedUsdPerGpuHour - p.x(), o.carbonMarketT / 1e3 - p.y());
                if (d < bestD)
                  bestD = d, best = i;
              }
              if (best >= 0)
                selectOption(best);
            });
  }
  m_chart->setTitle(tr("Cost against carbon; larger markers train slower"));
}

} // namespace myriad::app
