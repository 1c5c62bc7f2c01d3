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

/** Ticks of a value axis: from lo to hi (both multiples of step), step 1, 2, 2.5 or 5 × 10^k. */
struct AxisTicks
{
  double lo = 0;
  double hi = 1;
  double step = 1;
  std::vector<double> values;
};

/** About `target` round ticks covering [lo, hi]. */
AxisTicks niceTicks(double lo, double hi, int target);

/** Horizontal bars from zero, one per item, with a value axis in `unit` under them. */
void drawHorizontalBars(QPainter& painter, const QRectF& rect, const QString& title,
                        const std::vector<BarItem>& items, const QColor& colour,
                        const QString& unit);

struct StackedColumn
{
  QString label;
  std::vector<double> parts; ///< one value per series, stacked bottom-up
};

/** Vertical stacked columns with a legend and a value axis (ticks, grid lines, unit). */
void drawStackedColumns(QPainter& painter, const QRectF& rect, const QString& title,
                        const std::vector<StackedColumn>& columns, const QStringList& series,
                        const std::vector<QColor>& colours, const QString& unit);

struct TornadoItem
{
  QString label;
  double low = 0;  ///< KPI at input × (1 − X)
  double high = 0; ///< KPI at input × (1 + X)
};

/**
 * Tornado: bars from KPI(low) to KPI(high) around a vertical base line, largest first, with a
 * value axis in `unit` and `baseText` under the base line; the input-lowered end in `lowColour`,
 * the raised end in `highColour`.
 */
void drawTornado(QPainter& painter, const QRectF& rect, const QString& title, double base,
                 const std::vector<TornadoItem>& items, const QString& unit,
                 const QString& baseText, const QColor& lowColour, const QColor& highColour);

struct LoadItem
{
  QString label;
  double load = 0;
  double rating = 0;
};

struct LoadColours
{
  QColor load;
  QColor rating;
  QColor over; ///< a load above its rating
};

/** A load bar and a rating bar per item (power by feed), value axis in `unit`, legend. */
void drawLoadVsRating(QPainter& painter, const QRectF& rect, const QString& title,
                      const std::vector<LoadItem>& items, const QString& unit,
                      const LoadColours& colours);

} // namespace myriad::report
