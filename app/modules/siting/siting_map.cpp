// SitingMap: land, candidate sites, the chosen option's sites and DCI links (siting_map.h).
#include "siting_map.h"

#include <QFile>
#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <numbers>

/** The app's resources live in a static library: register them before the first read (tests
 *  create the map without the executable's main, which registers them too). */
static void registerAppResources()
{
  Q_INIT_RESOURCE(myriad);
}

namespace myriad::app
{

namespace
{

/** The bundled land rings (Natural Earth, public domain), read once. */
QVector<QPolygonF> readLand()
{
  registerAppResources();
  QFile file(QStringLiteral(":/myriad/maps/ne_110m_land.json"));
  if (!file.open(QIODevice::ReadOnly))
    return {};
  QVector<QPolygonF> rings;
  const QJsonArray list = QJsonDocument::fromJson(file.readAll()).object()["rings"].toArray();
  for (const auto& value : list)
  {
    const QJsonArray flat = value.toArray();
    QPolygonF ring;
    for (int i = 0; i + 1 < flat.size(); i += 2)
      ring << QPointF(flat[i].toDouble(), flat[i + 1].toDouble());
    rings << ring;
  }
  return rings;
}

} // namespace

SitingMap::SitingMap(QWidget* parent)
  : QWidget(parent)
  , m_land(readLand())
{
  setObjectName(QStringLiteral("sitingMap"));
  setMinimumSize(320, 240);
  frameSites();
}

void SitingMap::setSites(QVector<MapSite> sites)
{
  m_sites = std::move(sites);
  frameSites();
  update();
}

void SitingMap::setOption(const engine::siting::SitingOption* option)
{
  m_option = option;
  update();
}

void SitingMap::frameSites()
{
  if (m_sites.isEmpty())
  {
    m_view = QRectF(-180, -60, 360, 140);
    m_xScale = 1;
    return;
  }
  double west = 180, east = -180, south = 90, north = -90;
  for (const MapSite& s : m_sites)
  {
    west = std::min(west, s.longitudeDeg);
    east = std::max(east, s.longitudeDeg);
    south = std::min(south, s.latitudeDeg);
    north = std::max(north, s.latitudeDeg);
  }
  // A margin of a fifth of the span, at least 4° (a single site still shows its region).
  const double padLon = std::max(4.0, 0.2 * (east - west));
  const double padLat = std::max(4.0, 0.2 * (north - south));
  m_view = QRectF(QPointF(west - padLon, south - padLat), QPointF(east + padLon, north + padLat));
  m_xScale = std::cos(m_view.center().y() * std::numbers::pi / 180);
}

QPointF SitingMap::project(double latitudeDeg, double longitudeDeg) const
{
  // Fit the view (x scaled by cos φ₀) into the widget, centred, north up.
  const double worldW = m_view.width() * m_xScale;
  const double worldH = m_view.height();
  const double scale = std::min(width() / worldW, height() / worldH);
  const double x0 = (width() - worldW * scale) / 2;
  const double y0 = (height() - worldH * scale) / 2;
  return { x0 + (longitudeDeg - m_view.left()) * m_xScale * scale,
           y0 + (m_view.bottom() - latitudeDeg) * scale };
}

void SitingMap::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), QColor(0xdc, 0xe9, 0xf5)); // sea
  drawLand(painter);
  drawLinks(painter);
  drawSites(painter);
  painter.setPen(palette().color(QPalette::Text));
  painter.drawText(rect().adjusted(6, 0, -6, -4), Qt::AlignBottom | Qt::AlignRight,
                   tr("Land: Natural Earth 1:110m (public domain)"));
}

void SitingMap::drawLand(QPainter& painter) const
{
  painter.setPen(QPen(QColor(0x9a, 0xa8, 0x8a), 1));
  painter.setBrush(QColor(0xf1, 0xee, 0xe2));
  for (const QPolygonF& ring : m_land)
  {
    QPolygonF shown;
    shown.reserve(ring.size());
    for (const QPointF& p : ring)
      shown << project(p.y(), p.x());
    painter.drawPolygon(shown);
  }
}

void SitingMap::drawLinks(QPainter& painter) const
{
  if (!m_option)
    return;
  const QLocale locale;
  for (const auto& link : m_option->links)
  {
    const MapSite* a = nullptr;
    const MapSite* b = nullptr;
    for (const MapSite& s : m_sites)
    {
      if (s.id == QString::fromStdString(link.spec.from))
        a = &s;
      if (s.id == QString::fromStdString(link.spec.to))
        b = &s;
    }
    if (!a || !b)
      continue;
    const QPointF pa = project(a->latitudeDeg, a->longitudeDeg);
    const QPointF pb = project(b->latitudeDeg, b->longitudeDeg);
    painter.setPen(QPen(QColor(0xc0, 0x39, 0x2b), 3));
    painter.drawLine(pa, pb);
    const QString label =
      tr("%1 Gb/s · %2 km · %3 ms")
        .arg(locale.toString(link.capacityBps / 1e9, 'f', 0), locale.toString(link.routeKm, 'f', 0),
             locale.toString(link.oneWayLatencyS * 1e3, 'f', 1));
    const QPointF mid = (pa + pb) / 2;
    const QRectF box = painter.fontMetrics().boundingRect(label).adjusted(-4, -2, 4, 2);
    const QRectF at = box.translated(mid - box.center());
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(255, 255, 255, 220));
    painter.drawRoundedRect(at, 3, 3);
    painter.setPen(QColor(0x7b, 0x24, 0x1c));
    painter.drawText(at, Qt::AlignCenter, label);
  }
}

const engine::siting::SiteShare* SitingMap::shareOf(const MapSite& site) const
{
  if (m_option)
    for (const auto& share : m_option->sites)
      if (QString::fromStdString(share.site) == site.id)
        return &share;
  return nullptr;
}

void SitingMap::drawSites(QPainter& painter) const
{
  const QLocale locale;
  QList<QRectF> taken; // dots and labels already placed: names go where they overlap nothing
  for (const MapSite& s : m_sites)
  {
    const double r = shareOf(s) ? 8 : 5;
    const QPointF p = project(s.latitudeDeg, s.longitudeDeg);
    painter.setPen(QPen(Qt::white, 1.5));
    painter.setBrush(shareOf(s) ? QColor(0x1f, 0x6f, 0xb4) : QColor(0x80, 0x80, 0x80));
    painter.drawEllipse(p, r, r);
    taken << QRectF(p - QPointF(r, r), QSizeF(2 * r, 2 * r));
  }
  // The chosen sites' names first, so that they get the best places.
  QVector<const MapSite*> order;
  for (const MapSite& s : m_sites)
    if (shareOf(s))
      order << &s;
  for (const MapSite& s : m_sites)
    if (!shareOf(s))
      order << &s;
  for (const MapSite* s : order)
  {
    const engine::siting::SiteShare* share = shareOf(*s);
    const double r = share ? 8 : 5;
    const QPointF p = project(s->latitudeDeg, s->longitudeDeg);
    const QString label =
      share ? tr("%1: %2 GPUs").arg(s->name, locale.toString(share->hallGpus)) : s->name;
    QFont font = painter.font();
    font.setBold(share != nullptr);
    const QFontMetricsF metrics(font);
    const QSizeF size(metrics.horizontalAdvance(label), metrics.height());
    // Right, left, above, below the dot (a chosen site tries above first).
    QList<QPointF> corners{ p + QPointF(r + 3, -size.height() / 2),
                            p + QPointF(-r - 3 - size.width(), -size.height() / 2),
                            p + QPointF(-size.width() / 2, -r - 2 - size.height()),
                            p + QPointF(-size.width() / 2, r + 2) };
    if (share)
      corners.move(2, 0);
    QRectF box(corners.front(), size);
    for (const QPointF& corner : corners)
    {
      const QRectF candidate(corner, size);
      if (std::none_of(taken.begin(), taken.end(),
                       [&](const QRectF& t) { return t.intersects(candidate); }))
      {
        box = candidate;
        break;
      }
    }
    taken << box;
    // A white halo keeps the name legible over coastlines and links.
    QPainterPath text;
    text.addText(box.left(), box.top() + metrics.ascent(), font, label);
    painter.setPen(QPen(QColor(255, 255, 255, 230), 3, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(text);
    painter.setPen(Qt::NoPen);
    painter.setBrush(share ? QColor(0x10, 0x3a, 0x60) : QColor(0x30, 0x30, 0x30));
    painter.drawPath(text);
  }
}

} // namespace myriad::app
