#pragma once
/**
 * @file sweep_panel.h
 * The Sweep dock's contents: a sweep folder's results as a sortable table (a row per scenario:
 * status, parameters, KPIs, job figures) and a Pareto chart of two chosen KPIs, each scenario a
 * point, the scenarios nothing beats in both (engine/sweep/sweep.h: paretoFront) joined as the
 * front. Double-clicking a row, clicking a point, or "Open Scenario" asks to open that scenario.
 */

#include "myriad/engine/sweep/sweep.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QStandardItemModel;
class QTableView;

namespace myriad::app
{

class SweepPanel : public QWidget
{
  Q_OBJECT

public:
  explicit SweepPanel(QWidget* parent = nullptr);

  /** Show `table`, read from the folder `dir`. */
  void setTable(const QString& dir, engine::sweep::SweepTable table);
  const engine::sweep::SweepTable& table() const { return m_table; }

  /** Choose the chart's KPIs by column name; false when the sweep has no such KPI. */
  bool setAxes(const QString& x, const QString& y);
  /** Scenario indices on the chart's Pareto front, in the order of x. */
  QList<long long> frontScenarios() const { return m_front; }
  /** The scenario of the table's current row, −1 when none. */
  long long currentScenario() const;
  /** Make scenario `index` the table's current row (and show it). */
  void selectScenario(long long index);

signals:
  void openScenarioRequested(long long index);

private:
  void fillTable();
  void fillAxisChoices();
  void updateChart();
  QString columnTitle(const std::string& column) const;

  engine::sweep::SweepTable m_table;
  QString m_dir;
  QList<long long> m_front;
  QLabel* m_summary = nullptr;
  QTableView* m_view = nullptr;
  QStandardItemModel* m_model = nullptr;
  QSortFilterProxyModel* m_proxy = nullptr;
  QComboBox* m_x = nullptr;
  QComboBox* m_y = nullptr;
  QChart* m_chart = nullptr;
  QChartView* m_chartView = nullptr;
  QPushButton* m_open = nullptr;
  QSplitter* m_splitter = nullptr;
};

} // namespace myriad::app
