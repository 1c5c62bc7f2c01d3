/**
 * @file report_layout.cpp
 * Number formatting, the text flow, tables and the footer of the report (report_layout.h).
 */

#include "report_layout.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace econ = engine::economics;

QString money(const std::optional<double>& usd)
{
  if (!usd)
  {
    return "missing";
  }
  return moneyIn(*usd, *usd);
}

QString moneyIn(double usd, double scale)
{
  const double a = std::abs(scale);
  const QString sign = usd < 0 ? "-" : "";
  const double v = std::abs(usd);
  if (a >= 1e9)
  {
    return sign + QString("$%1B").arg(v / 1e9, 0, 'f', 2);
  }
  if (a >= 1e6)
  {
    return sign + QString("$%1M").arg(grouped(v / 1e6, 1));
  }
  if (a >= 1e4)
  {
    return sign + QString("$%1k").arg(grouped(v / 1e3, 1));
  }
  return sign + QString("$%1").arg(grouped(v, 2));
}

QString grouped(double value, int decimals)
{
  return QLocale(QLocale::English).toString(value, 'f', decimals);
}

QString kpiText(const std::string& key, const std::optional<double>& v)
{
  if (!v)
  {
    return "missing";
  }
  if (key == "usdPerGpuHour")
  {
    return QString("$%1").arg(*v, 0, 'f', 2);
  }
  if (key == "capexUSD" || key == "tcoUSD")
  {
    return money(v);
  }
  if (key == "opexUSDPerYear")
  {
    return money(v) + "/yr";
  }
  if (key == "pue")
  {
    return QString::number(*v, 'f', 3);
  }
  if (key == "goodput")
  {
    return QString("%1 %").arg(*v * 100, 0, 'f', 1);
  }
  if (key == "itMW")
  {
    return QString("%1 MW").arg(*v, 0, 'f', 3);
  }
  if (key == "interruptionsPerDay")
  {
    return QString::number(*v, 'f', 2);
  }
  if (key == "annualMWh")
  {
    return grouped(*v) + " MWh";
  }
  if (key == "carbonTonnesPerYear")
  {
    return grouped(*v) + " t";
  }
  return grouped(*v);
}

QString deltaText(const econ::KpiDelta& k)
{
  const auto d = k.absolute();
  if (!d)
  {
    return "–";
  }
  QString text = kpiText(k.key, std::abs(*d));
  if (k.key == "goodput")
  {
    text = QString("%1 pt").arg(std::abs(*d) * 100, 0, 'f', 1);
  }
  return (*d < 0 ? "-" : "+") + text; // ASCII signs keep the PDF's text extractable
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
  painter.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                   QString("Myriad executive report · %1 · %2").arg(title, date));
  painter.drawText(line, Qt::AlignRight | Qt::AlignVCenter,
                   QString("page %1 of %2").arg(pageNumber).arg(pages));
  painter.restore();
}

} // namespace myriad::report
