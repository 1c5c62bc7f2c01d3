#pragma once
/**
 * @file report_charts.h
 * Small vector charts drawn with QPainter for the PDF report (no QtCharts: the report runs
 * headless with a QGuiApplication only). Coordinates are the painter's (points at 72 dpi);
 * each chart draws its title on the first line of `rect` and fits the rest inside it.
 */

#include <QColor>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace myriad::report
{

struct BarItem
{
  QString label;
  double value = 0;
  QString valueText; ///< printed at the end of the bar
};

/** Horizontal bars from zero, one per item, longest scaled to the width. */
void drawHorizontalBars(QPainter& painter, const QRectF& rect, const QString& title,
                        const std::vector<BarItem>& items, const QColor& colour);

struct StackedColumn
{
  QString label;
  std::vector<double> parts; ///< one value per series, stacked bottom-up
};

/** Vertical stacked columns with a legend and a max-value label on the axis. */
void drawStackedColumns(QPainter& painter, const QRectF& rect, const QString& title,
                        const std::vector<StackedColumn>& columns, const QStringList& series,
                        const std::vector<QColor>& colours, const QString& unit);

struct TornadoItem
{
  QString label;
  double low = 0;  ///< KPI at input × (1 − X)
  double high = 0; ///< KPI at input × (1 + X)
};

/** Tornado: bars from KPI(low) to KPI(high) around a vertical base line, largest first. */
void drawTornado(QPainter& painter, const QRectF& rect, const QString& title, double base,
                 const std::vector<TornadoItem>& items, const QString& unit);

struct LoadItem
{
  QString label;
  double load = 0;
  double rating = 0;
};

/** Load bars against a rating tick per item (power by feed); overloaded bars in red. */
void drawLoadVsRating(QPainter& painter, const QRectF& rect, const QString& title,
                      const std::vector<LoadItem>& items, const QString& unit);

} // namespace myriad::report
