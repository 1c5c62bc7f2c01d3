#pragma once
/**
 * @file legend_overlay.h
 * The legend of the 3D view's flat colours, drawn over the view's top-left corner: one line per
 * section ("Racks ■ Compute ■ Network …", "Aisles …", "Cables …"), wrapped to the view's width
 * and sized to its text so nothing is clipped. The hall view controller keeps the hall's
 * sections (rack kinds or cooling, aisles, coolers); modules add theirs (the Fabric module's
 * cable tiers) by key. Colour maps (power density, overlays, the thermal field) keep their
 * scalar bar in the view itself. Clicks pass through to the view.
 */

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

namespace myriad::app
{

class LegendOverlay final : public QWidget
{
  Q_OBJECT

public:
  struct Swatch
  {
    QString label;
    QColor color;
    bool operator==(const Swatch&) const = default;
  };
  struct Section
  {
    QString title;
    QList<Swatch> swatches;
    bool operator==(const Section&) const = default;
  };

  /** Lies over `view`'s top-left corner and follows its size. */
  explicit LegendOverlay(QWidget* view);

  /** Set (or replace) the section `key`; a section without swatches is removed. */
  void setSection(const QString& key, const Section& section);
  void removeSection(const QString& key);
  /** The sections shown, in the order their keys were first set. */
  QList<Section> sections() const;
  /** The legend's text, one line per section ("Racks: Compute, Network"), for tests. */
  QString text() const;

protected:
  void paintEvent(QPaintEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  /** One drawn piece: a section title or a swatch with its label, at its place. */
  struct Item
  {
    QRect rect;
    QString text;
    QColor color; ///< invalid for a title
  };
  void relayout();

  QStringList m_order;
  QList<Section> m_sections; ///< parallel to m_order
  QList<Item> m_items;
};

} // namespace myriad::app
