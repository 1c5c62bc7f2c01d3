#pragma once
/**
 * @file properties_panel.h
 * The Properties dock's contents: a title naming the selected object and a two-column table of
 * its properties as engine::describe() reports them (values carry their units).
 */

#include "myriad/engine/query.h"

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

  QTableWidget* table() const { return m_table; }
  /** Every shown name and value as "name: value" lines (for tests and copying). */
  QString plainText() const;

private:
  QLabel* m_title = nullptr;
  QTableWidget* m_table = nullptr;
};

} // namespace myriad::app
