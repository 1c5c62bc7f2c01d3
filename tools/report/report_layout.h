#pragma once
/**
 * @file report_layout.h
 * Shared pieces of the report's pages: number formatting (money, thousands, KPI units), a
 * top-down text cursor (Flow) that refuses to draw past the page, tables with fixed column
 * widths and the page footer ("page N of M"). Coordinates are points (the writer runs at 72 dpi).
 */

#include "chart_palette.h"
#include "myriad/engine/economics/scenarios.h"

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace myriad::report
{

/** A palette colour as a QColor. */
inline QColor colourOf(const palette::Rgb& rgb)
{
  return QColor(rgb.r, rgb.g, rgb.b);
}

inline const QColor kGreyText(90, 90, 90);

/** "$602.7M", "$1.25B", "$12.3k", "$950.00"; "missing" when absent. */
QString money(const std::optional<double>& usd);
/** "$602.7M" with a fixed unit chosen from `scale` (the largest figure of a table). */
QString moneyIn(double usd, double scale);
/** 10,240 style grouping (English separators keep the PDF text searchable). */
QString grouped(double value, int decimals = 0);
/** A KPI value in its unit ("$1.85", "1.204", "88.0 %", "131,098 MWh"); "missing" if absent. */
QString kpiText(const std::string& key, const std::optional<double>& value);
/** "+$1.2M" / "-3.0 pt" for a comparison row; "–" when either side is missing. */
QString deltaText(const engine::economics::KpiDelta& delta);

/** A top-down text cursor on one page. */
class Flow
{
public:
  Flow(QPainter& painter, const QRectF& page);

  void heading(const QString& text, double size = 13);
  /** Word-wrapped text; returns false (and draws nothing) when it would not fit any more. */
  bool write(const QString& text, double size = 9, bool bold = false,
             const QColor& colour = Qt::black);
  /** Reserve `height` points and return their rectangle. */
  QRectF take(double height);
  /** Leave `points` of space. */
  void skip(double points) { m_y += points; }
  double remaining() const { return m_page.bottom() - m_y; }
  double width() const { return m_page.width(); }
  QPainter& painter() { return m_p; }

private:
  QPainter& m_p;
  QRectF m_page;
  double m_y;
};

/** Table options: column widths (fractions of the page width summing to ≤ 1). */
struct TableStyle
{
  std::vector<double> widths;
  std::vector<bool> leftAligned;            ///< per column; default: only the first
  std::vector<std::vector<QColor>> colours; ///< per row and column; default black
  std::vector<int> boldRows;                ///< besides the header (row 0)
  double fontSize = 8.5;
  bool wrap = false; ///< word-wrap cells (rows grow to the tallest cell)
};

/** Draw `rows` (row 0 is the header) and advance the flow; rows that do not fit are dropped. */
void table(Flow& flow, const std::vector<QStringList>& rows, const TableStyle& style);

/** The footer of page `page` of `pages`: the report's title and date, "page N of M". */
void drawFooter(QPainter& painter, const QRectF& page, const QString& title, const QString& date,
                int pageNumber, int pages);

} // namespace myriad::report
