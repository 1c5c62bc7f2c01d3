/**
 * @file report_charts.cpp
 * QPainter bar charts of the PDF report (see report_charts.h).
 */

#include "report_charts.h"

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
  if (a >= 100)
  {
    return QString::number(value, 'f', 0);
  }
  if (a >= 10)
  {
    return QString::number(value, 'f', 1);
  }
  return QString::number(value, 'f', 2);
}

} // namespace

void drawHorizontalBars(QPainter& painter, const QRectF& rect, const QString& title,
                        const std::vector<BarItem>& items, const QColor& colour)
{
  const QRectF area = drawTitle(painter, rect, title);
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
  const double rowH = std::min(18.0, area.height() / static_cast<double>(items.size()));
  const double barMaxW = area.width() - kLabelWidth - 60;
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const double y = area.top() + static_cast<double>(i) * rowH;
    painter.setPen(Qt::black);
    painter.drawText(QRectF(area.left(), y, kLabelWidth - 6, rowH),
                     Qt::AlignRight | Qt::AlignVCenter, items[i].label);
    const double w = maxValue > 0 ? barMaxW * items[i].value / maxValue : 0;
    const QRectF bar(area.left() + kLabelWidth, y + rowH * 0.15, std::max(0.5, w), rowH * 0.7);
    painter.fillRect(bar, colour);
    painter.drawText(QRectF(bar.right() + 4, y, 60, rowH), Qt::AlignLeft | Qt::AlignVCenter,
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
  area.adjust(34, 18, 0, -12);
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
  painter.setPen(Qt::gray);
  painter.drawLine(area.bottomLeft(), area.bottomRight());
  painter.drawLine(area.bottomLeft(), area.topLeft());
  painter.setPen(Qt::black);
  painter.drawText(QRectF(area.left() - 34, area.top() - 6, 32, 12), Qt::AlignRight,
                   compact(maxTotal));
  painter.drawText(QRectF(area.left() - 34, area.bottom() - 6, 32, 12), Qt::AlignRight, "0");
  painter.drawText(QRectF(area.left() - 34, area.center().y() - 6, 32, 12), Qt::AlignRight, unit);
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
                 const std::vector<TornadoItem>& items, const QString& unit)
{
  const QRectF area = drawTitle(painter, rect, title).adjusted(0, 0, 0, -12);
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
  const double span = hi > lo ? hi - lo : 1;
  const QRectF plot(area.left() + kLabelWidth, area.top(), area.width() - kLabelWidth - 40,
                    area.height());
  auto xOf = [&](double v) { return plot.left() + plot.width() * (v - lo) / span; };
  const double rowH = std::min(16.0, plot.height() / static_cast<double>(items.size()));
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
                     QColor(70, 120, 190));
    painter.fillRect(QRectF(std::min(xb, xh), y + rowH * 0.15, std::abs(xh - xb), rowH * 0.7),
                     QColor(230, 140, 50));
  }
  painter.setPen(QPen(Qt::black, 0.8));
  painter.drawLine(QPointF(xOf(base), plot.top()),
                   QPointF(xOf(base), plot.top() + rowH * static_cast<double>(items.size())));
  const double axisY = plot.top() + rowH * static_cast<double>(items.size()) + 2;
  painter.drawText(QRectF(plot.left() - 30, axisY, 60, 11), Qt::AlignHCenter, compact(lo));
  painter.drawText(QRectF(xOf(base) - 30, axisY, 60, 11), Qt::AlignHCenter,
                   compact(base) + " " + unit);
  painter.drawText(QRectF(plot.right() - 30, axisY, 60, 11), Qt::AlignHCenter, compact(hi));
  painter.restore();
}

void drawLoadVsRating(QPainter& painter, const QRectF& rect, const QString& title,
                      const std::vector<LoadItem>& items, const QString& unit)
{
  const QRectF area = drawTitle(painter, rect, title);
  if (items.empty())
  {
    return;
  }
  painter.save();
  setSmallFont(painter);
  double maxValue = 0;
  for (const auto& item : items)
  {
    maxValue = std::max({ maxValue, item.load, item.rating });
  }
  const double rowH = std::min(16.0, area.height() / static_cast<double>(items.size()));
  const double barMaxW = area.width() - kLabelWidth - 90;
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const double y = area.top() + static_cast<double>(i) * rowH;
    const LoadItem& item = items[i];
    painter.setPen(Qt::black);
    painter.drawText(QRectF(area.left(), y, kLabelWidth - 6, rowH),
                     Qt::AlignRight | Qt::AlignVCenter, item.label);
    const double scale = maxValue > 0 ? barMaxW / maxValue : 0;
    const QColor colour =
      item.load > item.rating && item.rating > 0 ? QColor(200, 50, 50) : QColor(80, 150, 90);
    painter.fillRect(QRectF(area.left() + kLabelWidth, y + rowH * 0.2,
                            std::max(0.5, item.load * scale), rowH * 0.6),
                     colour);
    const double xr = area.left() + kLabelWidth + item.rating * scale;
    painter.setPen(QPen(Qt::black, 1.2));
    painter.drawLine(QPointF(xr, y + 1), QPointF(xr, y + rowH - 1));
    painter.drawText(QRectF(area.left() + kLabelWidth + barMaxW + 6, y, 84, rowH),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     compact(item.load) + " / " + compact(item.rating) + " " + unit);
  }
  painter.restore();
}

} // namespace myriad::report
