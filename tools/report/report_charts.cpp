/**
 * @file report_charts.cpp
 * QPainter bar charts of the PDF report (see report_charts.h).
 */

#include "report_charts.h"

#include "report_layout.h"
#include "report_text.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace
{

constexpr double kTitleHeight = 16;
constexpr double kLabelWidth = 150;

/** Draw the chart title; returns the area left under it. */
QRectF drawTitle(QPainter& painter, const QRectF& rect, const QString& title)
{
  QFont font = painter.font();
  font.setBold(true);
  font.setPointSizeF(10);
  painter.save();
  painter.setFont(font);
  painter.setPen(Qt::black);
  painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), kTitleHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, title);
  painter.restore();
  return rect.adjusted(0, kTitleHeight + 4, 0, 0);
}

void setSmallFont(QPainter& painter, double size = 7.5)
{
  QFont font = painter.font();
  font.setBold(false);
  font.setPointSizeF(size);
  painter.setFont(font);
}

QString compact(double value)
{
  const double a = std::abs(value);
  const int decimals = a >= 100 ? 0 : (a >= 10 ? 1 : 2);
  return reportLocale().toString(value, 'f', decimals);
}

/** A tick label: grouped digits with as many decimals as the step needs. */
QString tickText(double value, double step)
{
  const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  return reportLocale().toString(value, 'f', std::clamp(decimals, 0, 4));
}

const QColor kGrid(225, 228, 232);
const QColor kAxis(150, 150, 150);

/**
 * Ticks along a horizontal value axis under `plot` (value `lo` at plot.left(), `hi` at
 * plot.right()): light grid lines up the plot, labels under it and `unit` at the right end.
 */
void drawValueAxisX(QPainter& painter, const QRectF& plot, double lo, double hi,
                    const QString& unit)
{
  const AxisTicks ticks = niceTicks(lo, hi, 6);
  const double span = ticks.hi - ticks.lo;
  painter.setPen(QPen(kAxis, 0.6));
  painter.drawLine(plot.bottomLeft(), plot.bottomRight());
  for (double v : ticks.values)
  {
    const double x = plot.left() + plot.width() * (v - ticks.lo) / span;
    painter.setPen(QPen(kGrid, 0.5));
    painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    painter.setPen(QPen(kAxis, 0.6));
    painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 3));
    painter.setPen(Qt::black);
    painter.drawText(QRectF(x - 30, plot.bottom() + 3, 60, 10), Qt::AlignHCenter,
                     tickText(v, ticks.step));
  }
  painter.setPen(QColor(90, 90, 90));
  painter.drawText(QRectF(plot.left(), plot.bottom() + 13, plot.width(), 10), Qt::AlignRight, unit);
}

} // namespace

AxisTicks niceTicks(double lo, double hi, int target)
{
  AxisTicks t;
  if (!(hi > lo))
  {
    hi = lo + 1;
  }
  const double raw = (hi - lo) / std::max(1, target);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 })
  {
    step = m * magnitude;
    if (step >= raw)
    {
      break;
    }
  }
  t.step = step;
  t.lo = std::floor(lo / step + 1e-9) * step;
  t.hi = std::ceil(hi / step - 1e-9) * step;
  for (double v = t.lo; v <= t.hi + step * 1e-6; v += step)
  {
    t.values.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  }
  return t;
}

void drawHorizontalBars(QPainter& painter, const QRectF& rect, const QString& title,
                        const std::vector<BarItem>& items, const QColor& colour,
                        const QString& unit)
{
  const QRectF area = drawTitle(painter, rect, title).adjusted(0, 0, 0, -24);
  if (items.empty())
  {
    return;
  }
  painter.save();
  setSmallFont(painter);
  double maxValue = 0;
  for (const auto& item : items)
  {
    maxValue = std::max(maxValue, item.value);
  }
  const AxisTicks ticks = niceTicks(0, maxValue, 6);
  const double rowH = std::min(18.0, area.height() / static_cast<double>(items.size()));
  const QRectF plot(area.left() + kLabelWidth, area.top(), area.width() - kLabelWidth - 60,
                    rowH * static_cast<double>(items.size()));
  drawValueAxisX(painter, plot, 0, ticks.hi, unit);
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const double y = area.top() + static_cast<double>(i) * rowH;
    painter.setPen(Qt::black);
    painter.drawText(QRectF(area.left(), y, kLabelWidth - 6, rowH),
                     Qt::AlignRight | Qt::AlignVCenter, items[i].label);
    const double w = ticks.hi > 0 ? plot.width() * items[i].value / ticks.hi : 0;
    const QRectF bar(plot.left(), y + rowH * 0.15, std::max(0.5, w), rowH * 0.7);
    painter.fillRect(bar, colour);
    painter.drawText(QRectF(bar.right() + 4, y, 70, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                     items[i].valueText);
  }
  painter.restore();
}

void drawStackedColumns(QPainter& painter, const QRectF& rect, const QString& title,
                        const std::vector<StackedColumn>& columns, const QStringList& series,
                        const std::vector<QColor>& colours, const QString& unit)
{
  QRectF area = drawTitle(painter, rect, title);
  if (columns.empty())
  {
    return;
  }
  painter.save();
  setSmallFont(painter);
  // Legend on the first line.
  double x = area.left();
  for (int s = 0; s < series.size() && s < static_cast<int>(colours.size()); ++s)
  {
    painter.fillRect(QRectF(x, area.top() + 3, 8, 8), colours[static_cast<std::size_t>(s)]);
    painter.setPen(Qt::black);
    painter.drawText(QPointF(x + 11, area.top() + 10), series[s]);
    x += 16 + QFontMetricsF(painter.font()).horizontalAdvance(series[s]);
  }
  area.adjust(44, 32, 0, -12);
  double maxTotal = 0;
  for (const auto& column : columns)
  {
    double total = 0;
    for (double v : column.parts)
    {
      total += v;
    }
    maxTotal = std::max(maxTotal, total);
  }
  const AxisTicks ticks = niceTicks(0, maxTotal, 5);
  maxTotal = ticks.hi;
  for (double v : ticks.values)
  {
    const double y = area.bottom() - area.height() * v / maxTotal;
    painter.setPen(QPen(kGrid, 0.5));
    painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
    painter.setPen(Qt::black);
    painter.drawText(QRectF(area.left() - 44, y - 5, 40, 10), Qt::AlignRight | Qt::AlignVCenter,
                     tickText(v, ticks.step));
  }
  painter.setPen(QPen(kAxis, 0.6));
  painter.drawLine(area.bottomLeft(), area.bottomRight());
  painter.drawLine(area.bottomLeft(), area.topLeft());
  painter.setPen(QColor(90, 90, 90));
  painter.drawText(QRectF(area.left() - 44, area.top() - 15, 120, 10), Qt::AlignLeft, unit);
  painter.setPen(Qt::black);
  const double slot = area.width() / static_cast<double>(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c)
  {
    double y = area.bottom();
    const double left = area.left() + static_cast<double>(c) * slot + slot * 0.15;
    for (std::size_t s = 0; s < columns[c].parts.size() && s < colours.size(); ++s)
    {
      const double h = maxTotal > 0 ? area.height() * columns[c].parts[s] / maxTotal : 0;
      painter.fillRect(QRectF(left, y - h, slot * 0.7, h), colours[s]);
      y -= h;
    }
    painter.drawText(QRectF(left - slot * 0.15, area.bottom() + 1, slot, 11), Qt::AlignHCenter,
                     columns[c].label);
  }
  painter.restore();
}

void drawTornado(QPainter& painter, const QRectF& rect, const QString& title, double base,
                 const std::vector<TornadoItem>& items, const QString& unit,
                 const QString& baseText, const QColor& lowColour, const QColor& highColour)
{
  const QRectF area = drawTitle(painter, rect, title).adjusted(0, 0, 0, -36);
  if (items.empty())
  {
    return;
  }
  painter.save();
  setSmallFont(painter);
  double lo = base;
  double hi = base;
  for (const auto& item : items)
  {
    lo = std::min({ lo, item.low, item.high });
    hi = std::max({ hi, item.low, item.high });
  }
  const AxisTicks ticks = niceTicks(lo, hi, 6);
  lo = ticks.lo;
  const double span = ticks.hi - ticks.lo;
  const double rowH = std::min(16.0, area.height() / static_cast<double>(items.size()));
  const QRectF plot(area.left() + kLabelWidth, area.top(), area.width() - kLabelWidth - 40,
                    rowH * static_cast<double>(items.size()));
  drawValueAxisX(painter, plot, ticks.lo, ticks.hi, unit);
  auto xOf = [&](double v) { return plot.left() + plot.width() * (v - lo) / span; };
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const double y = plot.top() + static_cast<double>(i) * rowH;
    painter.setPen(Qt::black);
    painter.drawText(QRectF(area.left(), y, kLabelWidth - 6, rowH),
                     Qt::AlignRight | Qt::AlignVCenter, items[i].label);
    // The low-input end in blue, the high-input end in orange, each from the base line.
    const double xb = xOf(base);
    const double xl = xOf(items[i].low);
    const double xh = xOf(items[i].high);
    painter.fillRect(QRectF(std::min(xb, xl), y + rowH * 0.15, std::abs(xl - xb), rowH * 0.7),
                     lowColour);
    painter.fillRect(QRectF(std::min(xb, xh), y + rowH * 0.15, std::abs(xh - xb), rowH * 0.7),
                     highColour);
  }
  const double rowsBottom = plot.top() + rowH * static_cast<double>(items.size());
  painter.setPen(QPen(Qt::black, 0.8));
  painter.drawLine(QPointF(xOf(base), plot.top()), QPointF(xOf(base), rowsBottom));
  painter.drawText(QRectF(xOf(base) - 60, rowsBottom + 24, 120, 10), Qt::AlignHCenter,
                   ReportCharts::tr("base %1", "the tornado's base value").arg(baseText));
  painter.restore();
}

void drawLoadVsRating(QPainter& painter, const QRectF& rect, const QString& title,
                      const std::vector<LoadItem>& items, const QString& unit,
                      const LoadColours& colours)
{
  QRectF area = drawTitle(painter, rect, title);
  if (items.empty())
  {
    return;
  }
  painter.save();
  setSmallFont(painter);
  // Legend: the same two series as the Dashboard's feed chart.
  const std::pair<QColor, QString> legend[] = { { colours.load, ReportCharts::tr("peak load") },
                                                { colours.rating, ReportCharts::tr("rating") },
                                                { colours.over,
                                                  ReportCharts::tr("load above rating") } };
  double x = area.left() + kLabelWidth;
  for (const auto& [colour, text] : legend)
  {
    painter.fillRect(QRectF(x, area.top() + 2, 8, 8), colour);
    painter.setPen(Qt::black);
    painter.drawText(QPointF(x + 11, area.top() + 9), text);
    x += 20 + QFontMetricsF(painter.font()).horizontalAdvance(text);
  }
  area.adjust(0, 14, 0, -24);
  double maxValue = 0;
  for (const auto& item : items)
  {
    maxValue = std::max({ maxValue, item.load, item.rating });
  }
  const AxisTicks ticks = niceTicks(0, maxValue, 6);
  const double rowH = std::min(18.0, area.height() / static_cast<double>(items.size()));
  const QRectF plot(area.left() + kLabelWidth, area.top(), area.width() - kLabelWidth - 110,
                    rowH * static_cast<double>(items.size()));
  drawValueAxisX(painter, plot, 0, ticks.hi, unit);
  const double scale = plot.width() / ticks.hi;
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const double y = plot.top() + static_cast<double>(i) * rowH;
    const LoadItem& item = items[i];
    painter.setPen(Qt::black);
    painter.drawText(QRectF(area.left(), y, kLabelWidth - 6, rowH),
                     Qt::AlignRight | Qt::AlignVCenter, item.label);
    const bool over = item.load > item.rating && item.rating > 0;
    painter.fillRect(
      QRectF(plot.left(), y + rowH * 0.12, std::max(0.5, item.load * scale), rowH * 0.38),
      over ? colours.over : colours.load);
    painter.fillRect(
      QRectF(plot.left(), y + rowH * 0.5, std::max(0.5, item.rating * scale), rowH * 0.38),
      colours.rating);
    const QString loads = ReportCharts::tr("%1 / %2 %3", "load / rating unit")
                            .arg(compact(item.load), compact(item.rating), unit);
    const QString text = item.rating > 0
                           ? ReportCharts::tr("%1 (%2)", "loads (share of the rating)")
                               .arg(loads, percentText(item.load / item.rating, 0))
                           : loads;
    painter.setPen(Qt::black);
    painter.drawText(QRectF(plot.right() + 6, y, 110, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                     text);
  }
  painter.restore();
}

} // namespace myriad::report
