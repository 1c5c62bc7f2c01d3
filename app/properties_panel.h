#pragma once
/**
 * @file properties_panel.h
 * The Properties dock's contents: a title naming the selected object and a two-column table of
 * its properties as engine::describe() reports them (values carry their units), optionally
 * followed by a block of extra rows under a heading (e.g. measured telemetry) that the caller
 * supplies; the panel knows nothing of where they come from.
 */

#include "myriad/engine/query.h"

#include <QList>
#include <QPair>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

class PropertiesPanel : public QWidget
{
  Q_OBJECT

public:
  explicit PropertiesPanel(QWidget* parent = nullptr);

  /** Show the properties of `ref` in `scene`; an invalid ref shows a hint instead. */
  void showObject(const engine::Scene& scene, const engine::ObjectRef& ref,
                  const engine::Catalog& catalog);
  /** Empty the panel (no document or no selection). */
  void clear();
  /**
   * Show `rows` (name, value) below the object's properties under a bold `heading` row,
   * replacing earlier extra rows; an empty heading removes them. `greyed`: drawn disabled
   * (e.g. stale readings). showObject() and clear() remove them too.
   */
  void setExtraRows(const QString& heading, const QList<QPair<QString, QString>>& rows,
                    bool greyed = false);
  /** Rows above the extra block (the object's own properties). */
  int propertyRowCount() const { return m_propertyRows; }

  QTableWidget* table() const { return m_table; }
  /** The form of the selected object's settable properties (below the table). */
  class PropertyEditor* editor() const { return m_editor; }
  /** Every shown name and value as "name: value" lines (for tests and copying). */
  QString plainText() const;

private:
  QLabel* m_title = nullptr;
  QTableWidget* m_table = nullptr;
  class PropertyEditor* m_editor = nullptr;
  int m_propertyRows = 0;
};

} // namespace myriad::app
