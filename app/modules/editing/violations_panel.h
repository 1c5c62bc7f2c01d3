#pragma once
/**
 * @file violations_panel.h
 * The Violations dock: every finding of the live models (overlapping or out-of-hall racks from
 * the geometry stage, overloaded feeds from power, racks over the inlet limit from thermal, …),
 * one line each with a severity icon, the object id, the model that found it and its message.
 * Activating a line (click) emits objectActivated() with the object id; the main window selects
 * the object and flies the camera to it.
 */

#include "myriad/engine/live/live_models.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace myriad::app
{

class ViolationsPanel : public QWidget
{
  Q_OBJECT

public:
  enum Column
  {
    ObjectColumn,
    ModelColumn,
    MessageColumn,
    ColumnCount
  };

  explicit ViolationsPanel(QWidget* parent = nullptr);

  /** Replace the list (errors first, then warnings, each in the models' order). */
  void setViolations(const std::vector<engine::live::Violation>& violations);
  int count() const;
  /** Object id of line `row` (empty when out of range). */
  QString objectIdAt(int row) const;
  /** "object: message" of line `row`, for tests. */
  QString textAt(int row) const;
  QTreeWidget* list() const { return m_list; }

signals:
  void objectActivated(const QString& objectId);

private:
  void onItemActivated(QTreeWidgetItem* item);

  QLabel* m_summary = nullptr;
  QTreeWidget* m_list = nullptr;
};

} // namespace myriad::app
