// LegendOverlay: the flat colours of the 3D view, over its top-left corner (legend_overlay.h).
#include "legend_overlay.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPaintEvent>
#include <QPainter>

#include <algorithm>

namespace myriad::app
{

namespace
{

constexpr int kMargin = 10;  // from the view's edges
constexpr int kPadding = 8;  // inside the box
constexpr int kSpacing = 14; // between swatches
constexpr int kSwatchGap = 5;

} // namespace

LegendOverlay::LegendOverlay(QWidget* view)
  : QWidget(view)
{
  setObjectName(QStringLiteral("viewLegend"));
  setAttribute(Qt::WA_TransparentForMouseEvents);
  setAttribute(Qt::WA_NoSystemBackground);
  view->installEventFilter(this);
  hide();
}

void LegendOverlay::setSection(const QString& key, const Section& section)
{
  if (section.swatches.isEmpty())
  {
    removeSection(key);
    return;
  }
  const int at = m_order.indexOf(key);
  if (at >= 0)
  {
    if (m_sections[at] == section)
    {
      return; // the hall view refreshes its sections every frame: no work when unchanged
    }
    m_sections[at] = section;
  }
  else
  {
    m_order << key;
    m_sections << section;
  }
  relayout();
}

void LegendOverlay::removeSection(const QString& key)
{
  const int at = m_order.indexOf(key);
  if (at >= 0)
  {
    m_order.removeAt(at);
    m_sections.removeAt(at);
    relayout();
  }
}

QList<LegendOverlay::Section> LegendOverlay::sections() const
{
  return m_sections;
}

QString LegendOverlay::text() const
{
  QStringList lines;
  for (const Section& section : m_sections)
  {
    QStringList labels;
    for (const Swatch& swatch : section.swatches)
    {
      labels << swatch.label;
    }
    lines << section.title + QStringLiteral(": ") + labels.join(QStringLiteral(", "));
  }
  return lines.join(QLatin1Char('\n'));
}

bool LegendOverlay::eventFilter(QObject* watched, QEvent* event)
{
  if (watched == parentWidget() && event->type() == QEvent::Resize)
  {
    relayout();
  }
  return QWidget::eventFilter(watched, event);
}

void LegendOverlay::relayout()
{
  m_items.clear();
  QWidget* view = parentWidget();
  if (m_sections.isEmpty() || !view)
  {
    hide();
    return;
  }
  QFont bold = font();
  bold.setBold(true);
  const QFontMetrics plain(font());
  const QFontMetrics strong(bold);
  const int line = std::max(plain.height(), strong.height()) + 4;
  const int swatch = plain.height() - 4;
  // Lines wrap at the view's width (less the margins), so no label runs off the edge.
  const int maxWidth = std::max(120, view->width() - 2 * kMargin - 2 * kPadding);
  int y = kPadding;
  int widest = 0;
  for (const Section& section : m_sections)
  {
    const int titleWidth = strong.horizontalAdvance(section.title);
    m_items.append({ QRect(kPadding, y, titleWidth, line), section.title, QColor() });
    int x = kPadding + titleWidth + kSpacing;
    for (const Swatch& entry : section.swatches)
    {
      const int width = swatch + kSwatchGap + plain.horizontalAdvance(entry.label);
      if (x + width > kPadding + maxWidth && x > kPadding + titleWidth + kSpacing)
      {
        y += line; // wrap under the first swatch of the line
        x = kPadding + titleWidth + kSpacing;
      }
      m_items.append({ QRect(x, y, width, line), entry.label, entry.color });
      widest = std::max(widest, x + width);
      x += width + kSpacing;
    }
    widest = std::max(widest, kPadding + titleWidth);
    y += line;
  }
  setGeometry(kMargin, kMargin, std::min(widest + kPadding, view->width() - 2 * kMargin),
              y + kPadding);
  show();
  raise();
  update();
}

void LegendOverlay::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(14, 18, 26, 190)); // the view's dark background, translucent
  painter.drawRoundedRect(rect(), 6, 6);
  QFont bold = font();
  bold.setBold(true);
  const int swatch = QFontMetrics(font()).height() - 4;
  for (const Item& item : m_items)
  {
    if (!item.color.isValid())
    {
      painter.setFont(bold);
      painter.setPen(QColor(235, 238, 242));
      painter.drawText(item.rect, Qt::AlignLeft | Qt::AlignVCenter, item.text);
      continue;
    }
    const QRect box(item.rect.left(), item.rect.center().y() - swatch / 2, swatch, swatch);
    painter.setPen(QColor(255, 255, 255, 120));
    painter.setBrush(item.color);
    painter.drawRect(box);
    painter.setFont(font());
    painter.setPen(QColor(235, 238, 242));
    painter.drawText(item.rect.adjusted(swatch + kSwatchGap, 0, 0, 0),
                     Qt::AlignLeft | Qt::AlignVCenter, item.text);
  }
}

} // namespace myriad::app
