/**
 * @file report_layout.cpp
 * Number formatting, the text flow, tables and the footer of the report (report_layout.h).
 */

#include "report_layout.h"

#include "money_text.h"
#include "report_text.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace econ = engine::economics;

QLocale reportLocale()
{
  const QLocale locale;
  return locale.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates)
                                         : locale;
}

namespace
{

bool chinese(const QLocale& locale)
{
  return locale.language() == QLocale::Chinese;
}

QString code(const econ::Currency& currency)
{
  return QString::fromStdString(currency.code);
}

} // namespace

QString grouped(double value, int decimals)
{
  return reportLocale().toString(value, 'f', decimals);
}

QString percentText(double fraction, int decimals)
{
  return ReportText::tr("%1 %", "percentage").arg(grouped(fraction * 100, decimals));
}

QString joinSentences(const QStringList& sentences)
{
  QString text;
  for (const QString& sentence : sentences)
  {
    text = text.isEmpty() ? sentence
                          : ReportText::tr("%1 %2", "two sentences in a row").arg(text, sentence);
  }
  return text;
}

QString missingText()
{
  return ReportText::tr("missing", "a figure the engine could not give");
}

QString money(const econ::Currency& currency, const std::optional<double>& usd)
{
  if (!usd)
  {
    return missingText();
  }
  return shortMoney(currency.fromUsd(*usd), code(currency), reportLocale());
}

QString unitMoney(const econ::Currency& currency, double usd, int decimals)
{
  const double amount = currency.fromUsd(usd);
  const QString sign = amount < 0 ? QStringLiteral("-") : QString();
  const QString digits = grouped(std::abs(amount), decimals);
  if (chinese(reportLocale()))
  {
    return sign + digits + QLatin1Char(' ') + chineseCurrencyName(code(currency)).trimmed();
  }
  return sign + currencySymbol(code(currency)) + digits;
}

QString currencyUnit(const econ::Currency& currency)
{
  return chinese(reportLocale()) ? chineseCurrencyName(code(currency)).trimmed()
                                 : currencySymbol(code(currency)).trimmed();
}

MoneyScale moneyScale(const econ::Currency& currency, double largest)
{
  const double size = std::abs(largest);
  if (chinese(reportLocale()))
  {
    const QString name = chineseCurrencyName(code(currency)).trimmed();
    if (size >= 1e8)
    {
      return { 1e8, QStringLiteral("亿") + name };
    }
    return { 1e4, QStringLiteral("万") + name };
  }
  return { 1e6, ReportText::tr("%1 million", "money unit of a chart axis: $ million")
                  .arg(currencyUnit(currency)) };
}

QString scaledMoney(const econ::Currency& currency, const MoneyScale& scale, double amount,
                    int decimals)
{
  const QString digits = grouped(std::abs(amount) / scale.divisor, decimals);
  const QString sign = amount < 0 ? QStringLiteral("-") : QString();
  if (chinese(reportLocale()))
  {
    return sign + digits + QLatin1Char(' ') + scale.unit;
  }
  return sign + currencySymbol(code(currency)) + digits + QStringLiteral(" M");
}

QString kpiText(const std::string& key, const std::optional<double>& v,
                const econ::Currency& currency)
{
  if (!v)
  {
    return missingText();
  }
  if (key == "usdPerGpuHour")
  {
    return unitMoney(currency, *v, 2);
  }
  if (key == "capexUSD" || key == "tcoUSD")
  {
    return money(currency, v);
  }
  if (key == "opexUSDPerYear")
  {
    return ReportText::tr("%1/yr", "money per year").arg(money(currency, v));
  }
  if (key == "pue")
  {
    return grouped(*v, 3);
  }
  if (key == "goodput")
  {
    return percentText(*v, 1);
  }
  if (key == "itMW")
  {
    return QStringLiteral("%1 MW").arg(grouped(*v, 3));
  }
  if (key == "interruptionsPerDay")
  {
    return grouped(*v, 2);
  }
  if (key == "annualMWh")
  {
    return grouped(*v) + QStringLiteral(" MWh");
  }
  if (key == "carbonTonnesPerYear")
  {
    return grouped(*v) + QStringLiteral(" t");
  }
  return grouped(*v);
}

QString deltaText(const econ::KpiDelta& k, const econ::Currency& currency)
{
  const auto d = k.absolute();
  if (!d)
  {
    return QStringLiteral("–");
  }
  QString text = kpiText(k.key, std::abs(*d), currency);
  if (k.key == "goodput")
  {
    text = ReportText::tr("%1 pt", "percentage points").arg(grouped(std::abs(*d) * 100, 1));
  }
  // ASCII signs keep the PDF's text extractable
  return (*d < 0 ? QStringLiteral("-") : QStringLiteral("+")) + text;
}

Flow::Flow(QPainter& painter, const QRectF& page)
  : m_p(painter)
  , m_page(page)
  , m_y(page.top())
{
}

void Flow::heading(const QString& text, double size)
{
  m_y += 5;
  write(text, size, true);
  m_y += 2;
}

bool Flow::write(const QString& text, double size, bool bold, const QColor& colour)
{
  QFont font = m_p.font();
  font.setPointSizeF(size);
  font.setBold(bold);
  m_p.setFont(font);
  const QRectF box(m_page.left(), m_y, m_page.width(), m_page.bottom() - m_y);
  const QRectF need = m_p.boundingRect(box, Qt::TextWordWrap, text);
  if (need.bottom() > m_page.bottom())
  {
    return false;
  }
  m_p.setPen(colour);
  m_p.drawText(box, Qt::TextWordWrap, text);
  m_y = need.bottom() + 2;
  return true;
}

QRectF Flow::take(double height)
{
  const QRectF r(m_page.left(), m_y, m_page.width(), height);
  m_y += height + 6;
  return r;
}

namespace
{

constexpr double kRowHeight = 14;

/** Height of row `cells` when its cells word-wrap in their columns. */
double rowHeight(QPainter& p, const QStringList& cells, const std::vector<double>& widths,
                 double pageWidth, bool wrap)
{
  if (!wrap)
  {
    return kRowHeight;
  }
  double h = kRowHeight;
  for (int c = 0; c < cells.size() && c < static_cast<int>(widths.size()); ++c)
  {
    const double w = widths[static_cast<std::size_t>(c)] * pageWidth - 6;
    const QRectF need = p.boundingRect(QRectF(0, 0, w, 1000), Qt::TextWordWrap, cells[c]);
    h = std::max(h, need.height() + 4);
  }
  return h;
}

} // namespace

void table(Flow& flow, const std::vector<QStringList>& rows, const TableStyle& style)
{
  QPainter& p = flow.painter();
  QFont font = p.font();
  font.setPointSizeF(style.fontSize);
  for (std::size_t i = 0; i < rows.size(); ++i)
  {
    const bool bold = i == 0 || std::find(style.boldRows.begin(), style.boldRows.end(),
                                          static_cast<int>(i)) != style.boldRows.end();
    font.setBold(bold);
    p.setFont(font);
    const double h = rowHeight(p, rows[i], style.widths, flow.width(), style.wrap);
    if (h > flow.remaining())
    {
      return;
    }
    const QRectF r = flow.take(h); // take() adds 6 points of space after a block: undone below
    flow.skip(-6);
    if (i % 2 == 1)
    {
      p.fillRect(r, QColor(242, 244, 247));
    }
    if (i == 0)
    {
      p.setPen(QPen(QColor(160, 160, 160), 0.6));
      p.drawLine(r.bottomLeft(), r.bottomRight());
    }
    double x = r.left();
    for (int c = 0; c < rows[i].size() && c < static_cast<int>(style.widths.size()); ++c)
    {
      const auto col = static_cast<std::size_t>(c);
      const double w = style.widths[col] * r.width();
      QColor colour = Qt::black;
      if (i < style.colours.size() && col < style.colours[i].size())
      {
        colour = style.colours[i][col];
      }
      const bool left = col < style.leftAligned.size() ? style.leftAligned[col] : c == 0;
      p.setPen(colour);
      const int wrapFlag = style.wrap ? Qt::TextWordWrap : 0;
      p.drawText(QRectF(x + 3, r.top(), w - 6, h),
                 (left ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter | wrapFlag, rows[i][c]);
      x += w;
    }
  }
  flow.skip(6);
}

void drawFooter(QPainter& painter, const QRectF& page, const QString& title, const QString& date,
                int pageNumber, int pages)
{
  painter.save();
  QFont font = painter.font();
  font.setPointSizeF(7.5);
  font.setBold(false);
  painter.setFont(font);
  painter.setPen(QPen(QColor(190, 190, 190), 0.5));
  const double y = page.bottom() - 14;
  painter.drawLine(QPointF(page.left(), y), QPointF(page.right(), y));
  painter.setPen(kGreyText);
  const QRectF line(page.left(), y + 2, page.width(), 12);
  painter.drawText(
    line, Qt::AlignLeft | Qt::AlignVCenter,
    ReportText::tr("Myriad executive report · %1 · %2", "footer: title, date").arg(title, date));
  painter.drawText(line, Qt::AlignRight | Qt::AlignVCenter,
                   ReportText::tr("page %1 of %2").arg(pageNumber).arg(pages));
  painter.restore();
}

} // namespace myriad::report
