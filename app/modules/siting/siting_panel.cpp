// SitingPanel: the options table, the map and the layout of the Siting dock (siting_panel.h).
#include "siting_panel.h"

#include "siting_map.h"

#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace myriad::app
{

namespace
{

constexpr int kOptionRole = Qt::UserRole + 1; ///< index into result().options
constexpr int kSortRole = Qt::UserRole + 2;   ///< the number behind a cell

QStandardItem* numberItem(double value, int decimals)
{
  auto* item = new QStandardItem(QLocale().toString(value, 'f', decimals));
  item->setData(value, kSortRole);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

QStandardItem* textItem(const QString& text, double sortValue)
{
  auto* item = new QStandardItem(text);
  item->setData(sortValue, kSortRole);
  return item;
}

} // namespace

SitingPanel::SitingPanel(QWidget* parent)
  : QWidget(parent)
{
  m_summary = new QLabel(this);
  m_summary->setWordWrap(true);
  m_model = new QStandardItemModel(this);
  m_proxy = new QSortFilterProxyModel(this);
  m_proxy->setSourceModel(m_model);
  m_proxy->setSortRole(kSortRole);
  m_view = new QTableView(this);
  m_view->setObjectName(QStringLiteral("sitingTable"));
  m_view->setModel(m_proxy);
  m_view->setSortingEnabled(true);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_view->verticalHeader()->hide();
  m_map = new SitingMap(this);
  m_chart = new QChart;
  m_chart->legend()->setAlignment(Qt::AlignRight);
  m_chartView = new QChartView(m_chart, this);
  m_chartView->setObjectName(QStringLiteral("sitingChart"));
  m_chartView->setRenderHint(QPainter::Antialiasing);

  auto* right = new QSplitter(Qt::Horizontal, this);
  right->addWidget(m_map);
  right->addWidget(m_chartView);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(m_view);
  split->addWidget(right);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  right->setStretchFactor(0, 1);
  right->setStretchFactor(1, 1);
  right->setSizes({ 500, 500 });
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_summary);
  layout->addWidget(split, 1);

  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current)
          {
            if (!current.isValid())
              return;
            const int option = m_proxy->index(current.row(), 0).data(kOptionRole).toInt();
            if (option != m_selected)
              selectOption(option);
          });
}

QString SitingPanel::optionLabel(const engine::siting::SitingOption& option) const
{
  QStringList names;
  for (const auto& share : option.sites)
  {
    QString name = QString::fromStdString(share.site);
    for (const MapSite& s : m_sites)
      if (s.id == name)
        name = s.name;
    names << name;
  }
  return names.join(QStringLiteral(" + "));
}

void SitingPanel::setResult(const QString& title, QVector<MapSite> sites,
                            engine::siting::SitingResult result)
{
  m_result = std::move(result);
  m_sites = std::move(sites);
  m_map->setSites(m_sites);
  const QLocale locale;
  const QString sync =
    m_result.sync == "diloco"
      ? tr("DiLoCo: sites synchronise every %1 steps").arg(locale.toString(m_result.outerSteps))
      : tr("hierarchical data parallelism across sites every step");
  m_summary->setText(
    tr("<b>%1</b> — %2 GPUs of %3. %4 options evaluated (%5 infeasible) in %6 s; one site: "
       "step %7 s; %8; target slowdown %9 %. Money in USD.")
      .arg(title.toHtmlEscaped(), locale.toString(m_result.gpus),
           QString::fromStdString(m_result.job).toHtmlEscaped(),
           locale.toString(m_result.evaluated), locale.toString(m_result.infeasible),
           locale.toString(m_result.seconds, 'f', 2),
           locale.toString(m_result.oneSiteStepS, 'f', 3), sync,
           locale.toString(m_result.targetSlowdown * 100, 'f', 1)));
  fillTable();
  updateChart();
  m_selected = -1;
  selectOption(m_result.options.empty() ? -1 : 0);
}

void SitingPanel::fillTable()
{
  m_model->clear();
  m_model->setHorizontalHeaderLabels(
    { tr("Rank"), tr("Sites"), tr("GPUs"), tr("CAPEX (M USD)"), tr("USD per GPU-hour"),
      tr("Adjusted for slowdown"), tr("kt CO₂ location-based"), tr("kt CO₂ market-based"),
      tr("Water (m³/year)"), tr("Step (s)"), tr("Slowdown (%)"), tr("DCI (Gb/s)"),
      tr("Needed for target (Gb/s)"), tr("Pareto") });
  for (int i = 0; i < static_cast<int>(m_result.options.size()); ++i)
  {
    const auto& o = m_result.options[static_cast<std::size_t>(i)];
    if (!o.feasible)
      continue;
    const bool split = o.sites.size() > 1;
    QList<QStandardItem*> row{
      numberItem(o.rank, 0),
      textItem(optionLabel(o), static_cast<double>(o.sites.size())),
      numberItem(o.hallGpus, 0),
      numberItem(o.capexUSD / 1e6, 1),
      numberItem(o.usdPerGpuHour, 3),
      numberItem(o.adjustedUsdPerGpuHour, 3),
      numberItem(o.carbonLocationT / 1e3, 1),
      numberItem(o.carbonMarketT / 1e3, 1),
      numberItem(o.waterM3, 0),
      numberItem(o.stepS, 3),
      numberItem(o.slowdown * 100, 2),
      split ? numberItem(o.dciCapacityBps / 1e9, 0) : textItem(tr("—"), 0),
      !split                    ? textItem(tr("—"), 0)
      : o.bandwidthForTargetBps ? numberItem(*o.bandwidthForTargetBps / 1e9, 0)
                                : textItem(tr("unreachable"), 1e30),
      textItem(o.pareto ? tr("yes") : QString(), o.pareto ? 0 : 1),
    };
    row.front()->setData(i, kOptionRole);
    m_model->appendRow(row);
  }
  m_view->sortByColumn(0, Qt::AscendingOrder); // by rank
  m_view->resizeColumnsToContents();
}

void SitingPanel::selectOption(int index)
{
  m_selected = index;
  const bool valid = index >= 0 && index < static_cast<int>(m_result.options.size());
  m_map->setOption(valid ? &m_result.options[static_cast<std::size_t>(index)] : nullptr);
  for (int r = 0; r < m_proxy->rowCount(); ++r)
  {
    if (m_proxy->index(r, 0).data(kOptionRole).toInt() == index)
    {
      m_view->selectRow(r);
      break;
    }
  }
  updateChart();
}

} // namespace myriad::app
