#pragma once
/**
 * @file report_layout.h
 * Shared pieces of the report's pages: number formatting (money in the scene's currency,
 * thousands, KPI units, all through QLocale), a top-down text cursor (Flow) that refuses to
 * draw past the page, tables with fixed column widths and the page footer ("page N of M").
 * Coordinates are points (the writer runs at 72 dpi).
 */

#include "chart_palette.h"
#include "myriad/engine/economics/currency.h"
#include "myriad/engine/economics/scenarios.h"

#include <QColor>
#include <QLocale>
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

/**
 * The locale numbers and money are written in: the default locale (QLocale::setDefault, set by
 * `myriad-cli report --lang` and by the app's interface language), except that the C locale of
 * scripts and CI reads as English (United States) so that thousands stay grouped.
 */
QLocale reportLocale();
/** 10,240 style grouping in reportLocale(). */
QString grouped(double value, int decimals = 0);
/** "80.0 %" (English) / "80.0%" (Chinese) of a fraction. */
QString percentText(double fraction, int decimals = 1);
/** Sentences one after the other: separated by a space in English, by nothing in Chinese. */
QString joinSentences(const QStringList& sentences);
/** "missing" (translated): a figure the engine could not give. */
QString missingText();

/**
 * `usd` in the report's currency, short (money_text.h): "$14.1 M", "¥101.5 M", "1.01 亿元";
 * "missing" when absent.
 */
QString money(const engine::economics::Currency& currency, const std::optional<double>& usd);
/** An exact small amount in the currency: "$270,000", "$0.085", "0.611 元" (`decimals`). */
QString unitMoney(const engine::economics::Currency& currency, double usd, int decimals);
/** The currency as a unit word: "$" in English, "元" / "美元" in Chinese. */
QString currencyUnit(const engine::economics::Currency& currency);

/** A fixed unit for a column or an axis of amounts up to `largest` (in the currency). */
struct MoneyScale
{
  double divisor = 1; ///< amount / divisor is printed
  QString unit;       ///< "$ million", "万元", "亿美元"
};
/** Millions in English ("$ million"), 万 or 亿 of the currency in Chinese. */
MoneyScale moneyScale(const engine::economics::Currency& currency, double largest);
/** `amount` (in the currency) in `scale` with `decimals`: "$12.35 M", "1,235 万元". */
QString scaledMoney(const engine::economics::Currency& currency, const MoneyScale& scale,
                    double amount, int decimals);

/** A KPI value in its unit ("$1.85", "1.204", "88.0 %", "131,098 MWh"); "missing" if absent. */
QString kpiText(const std::string& key, const std::optional<double>& value,
                const engine::economics::Currency& currency);
/** "+$1.2 M" / "-3.0 pt" for a comparison row; "–" when either side is missing. */
QString deltaText(const engine::economics::KpiDelta& delta,
                  const engine::economics::Currency& currency);

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
