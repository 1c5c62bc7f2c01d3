#pragma once
/**
 * @file siting_panel.h
 * The Siting dock's contents (docs/models/siting.md): a study's options as a sortable table
 * (rank, sites, GPUs, CAPEX, $/GPU-hour plain and slowdown-adjusted, carbon location- and
 * market-based, water, step, slowdown, DCI capacity and what the target slowdown needs, Pareto),
 * the map of the candidates with the chosen option's sites and links (SitingMap), and a Pareto
 * chart of slowdown-adjusted $/GPU-hour against market-based carbon whose marker size grows with
 * the slowdown. Choosing a row, or clicking a point, shows that option on the map.
 */

#include "myriad/engine/siting/study.h"

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace myriad::app
{

class SitingMap;
struct MapSite;

class SitingPanel : public QWidget
{
  Q_OBJECT

public:
  explicit SitingPanel(QWidget* parent = nullptr);

  /** Show `result` of the study named `title` with its candidate sites. */
  void setResult(const QString& title, QVector<MapSite> sites, engine::siting::SitingResult result);
  const engine::siting::SitingResult& result() const { return m_result; }

  /** Show option `index` (into result().options) on the map and select its row. */
  void selectOption(int index);
  int selectedOption() const { return m_selected; }
  /** Indices of the options on the chart's Pareto front, cheapest first. */
  QList<int> frontOptions() const;

  SitingMap* map() const { return m_map; }
  QChart* chart() const { return m_chart; }
  QTableView* table() const { return m_view; }

  /** An option's sites joined for display ("Ulanqab + Gui'an"), in the interface language. */
  QString optionLabel(const engine::siting::SitingOption& option) const;

private:
  void fillTable();
  void updateChart();

  engine::siting::SitingResult m_result;
  QVector<MapSite> m_sites;
  int m_selected = -1;
  QLabel* m_summary = nullptr;
  QTableView* m_view = nullptr;
  QStandardItemModel* m_model = nullptr;
  QSortFilterProxyModel* m_proxy = nullptr;
  SitingMap* m_map = nullptr;
  QChart* m_chart = nullptr;
  QChartView* m_chartView = nullptr;
};

} // namespace myriad::app
