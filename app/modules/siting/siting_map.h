#pragma once
/**
 * @file siting_map.h
 * The siting study's map: land from the bundled Natural Earth 1:110m polygons (public domain,
 * app/resources/maps/ne_110m_land.json; no network access), the candidate sites as dots with
 * their names, and the chosen option's sites (GPUs each) and DCI links (capacity, route length,
 * one-way latency). Equirectangular projection around the candidates, x scaled by cos φ of the
 * middle latitude so that distances look right near it.
 */

#include "myriad/engine/siting/study.h"

#include <QPolygonF>
#include <QRectF>
#include <QVector>
#include <QWidget>

namespace myriad::app
{

/** A candidate site as the map draws it. */
struct MapSite
{
  QString id;
  QString name; ///< in the interface language when the reference data has it
  double latitudeDeg = 0;
  double longitudeDeg = 0;
};

class SitingMap : public QWidget
{
  Q_OBJECT

public:
  explicit SitingMap(QWidget* parent = nullptr);

  /** The candidates; the view frames them with a margin. */
  void setSites(QVector<MapSite> sites);
  /** The option drawn over the candidates (nullptr: none); not owned, must outlive its use. */
  void setOption(const engine::siting::SitingOption* option);

  /** Widget position of a point (for tests and hit-testing). */
  QPointF project(double latitudeDeg, double longitudeDeg) const;
  /** Rings of land polygons read from the bundled data (0 when it could not be read). */
  int landRings() const { return static_cast<int>(m_land.size()); }
  const QVector<MapSite>& sites() const { return m_sites; }

  QSize sizeHint() const override { return { 520, 420 }; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  void frameSites();
  void drawLand(QPainter& painter) const;
  void drawLinks(QPainter& painter) const;
  void drawSites(QPainter& painter) const;
  /** The chosen option's share at `site`, nullptr when the option does not build there. */
  const engine::siting::SiteShare* shareOf(const MapSite& site) const;

  QVector<QPolygonF> m_land; ///< (longitude, latitude) rings
  QVector<MapSite> m_sites;
  const engine::siting::SitingOption* m_option = nullptr;
  QRectF m_view;       ///< longitude (x) and latitude (y) range shown
  double m_xScale = 1; ///< cos of the middle latitude
};

} // namespace myriad::app
