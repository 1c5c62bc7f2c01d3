// SweepPanel: a sweep's table and Pareto chart (sweep_panel.h).
#include "sweep_panel.h"

#include "number_format.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QScatterSeries>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>
#include <limits>

namespace myriad::app
{

namespace sweep = engine::sweep;

namespace
{

constexpr int kIndexRole = Qt::UserRole + 1; ///< the scenario index, on every row's first cell
constexpr int kSortRole = Qt::UserRole + 2;  ///< numbers sort as numbers, text as text

/** A readable title for a KPI column ("capexMUSD" → "CAPEX, USD M"); the name if unknown. */
QString kpiTitle(const QString& name)
{
  static const QHash<QString, const char*> titles = {
    { "gpusBuilt", QT_TRANSLATE_NOOP("SweepPanel", "GPUs built") },
    { "racks", QT_TRANSLATE_NOOP("SweepPanel", "Racks") },
    { "itPeakMW", QT_TRANSLATE_NOOP("SweepPanel", "IT peak, MW") },
    { "itMW", QT_TRANSLATE_NOOP("SweepPanel", "IT power, MW") },
    { "facilityMW", QT_TRANSLATE_NOOP("SweepPanel", "Facility power, MW") },
    { "pue", QT_TRANSLATE_NOOP("SweepPanel", "PUE") },
    { "capexMUSD", QT_TRANSLATE_NOOP("SweepPanel", "CAPEX, USD M") },
    { "opexMUSDPerYear", QT_TRANSLATE_NOOP("SweepPanel", "OPEX, USD M/yr") },
    { "usdPerGpuHour", QT_TRANSLATE_NOOP("SweepPanel", "USD per GPU-hour") },
    { "interruptionsPerDay", QT_TRANSLATE_NOOP("SweepPanel", "Interruptions/day") },
    { "mtbiHours", QT_TRANSLATE_NOOP("SweepPanel", "MTBI, h") },
    { "youngIntervalMinutes", QT_TRANSLATE_NOOP("SweepPanel", "Checkpoint interval, min") },
    { "lostMinutesPerInterruption", QT_TRANSLATE_NOOP("SweepPanel", "Lost per interruption, min") },
    { "goodputPercent", QT_TRANSLATE_NOOP("SweepPanel", "Goodput, %") },
    { "cableKm", QT_TRANSLATE_NOOP("SweepPanel", "Cable, km") },
    { "transceivers", QT_TRANSLATE_NOOP("SweepPanel", "Transceivers") },
    { "busBwGBs", QT_TRANSLATE_NOOP("SweepPanel", "All-reduce busbw, GB/s") },
    { "allReduceMs", QT_TRANSLATE_NOOP("SweepPanel", "All-reduce, ms") },
    { "maxInletC", QT_TRANSLATE_NOOP("SweepPanel", "Hottest inlet, °C") },
    { "meanInletC", QT_TRANSLATE_NOOP("SweepPanel", "Mean inlet, °C") },
    { "racksOverInletLimit", QT_TRANSLATE_NOOP("SweepPanel", "Racks over 27 °C") },
    { "stepS", QT_TRANSLATE_NOOP("SweepPanel", "step, s") },
    { "mfu", QT_TRANSLATE_NOOP("SweepPanel", "MFU") },
    { "tokensPerS", QT_TRANSLATE_NOOP("SweepPanel", "tokens/s") },
    { "exposedS", QT_TRANSLATE_NOOP("SweepPanel", "exposed comm., s") },
  };
  const int dot = static_cast<int>(name.lastIndexOf(QLatin1Char('.')));
  const QString key = dot < 0 ? name : name.mid(dot + 1);
  const auto it = titles.constFind(key);
  if (it == titles.constEnd())
    return name;
  const QString title = QCoreApplication::translate("SweepPanel", it.value());
  return dot < 0 ? title : name.left(dot) + QStringLiteral(" ") + title;
}

/** A readable title for a parameter named in the sweep file ("energyPrice" → "Energy price,
 *  USD/kWh"); a pointer or a label of the user's stays as written. */
QString parameterTitle(const QString& name)
{
  static const QHash<QString, const char*> titles = {
    { "gpus", QT_TRANSLATE_NOOP("SweepPanel", "GPUs asked") },
    { "serverModel", QT_TRANSLATE_NOOP("SweepPanel", "Server") },
    { "cooling", QT_TRANSLATE_NOOP("SweepPanel", "Cooling") },
    { "containment", QT_TRANSLATE_NOOP("SweepPanel", "Containment") },
    { "switchPlacement", QT_TRANSLATE_NOOP("SweepPanel", "Switch placement") },
    { "leafSwitchModel", QT_TRANSLATE_NOOP("SweepPanel", "Leaf switch") },
    { "coolerModel", QT_TRANSLATE_NOOP("SweepPanel", "Cooler") },
    { "supplySetpointC", QT_TRANSLATE_NOOP("SweepPanel", "Supply air, °C") },
    { "site", QT_TRANSLATE_NOOP("SweepPanel", "Site") },
    { "utilisation", QT_TRANSLATE_NOOP("SweepPanel", "Utilisation") },
    { "energyPrice", QT_TRANSLATE_NOOP("SweepPanel", "Energy price, USD/kWh") },
    { "carbonPrice", QT_TRANSLATE_NOOP("SweepPanel", "Carbon price, USD/t") },
    { "discountRate", QT_TRANSLATE_NOOP("SweepPanel", "Discount rate") },
    { "years", QT_TRANSLATE_NOOP("SweepPanel", "Years") },
    { "hardwarePriceFactor", QT_TRANSLATE_NOOP("SweepPanel", "Hardware price factor") },
    { "chilledWaterC", QT_TRANSLATE_NOOP("SweepPanel", "Chilled water, °C") },
    { "liquidSupplyC", QT_TRANSLATE_NOOP("SweepPanel", "Liquid supply, °C") },
    { "currency", QT_TRANSLATE_NOOP("SweepPanel", "Currency") },
    { "routing", QT_TRANSLATE_NOOP("SweepPanel", "Routing") },
  };
  const auto it = titles.constFind(name);
  return it == titles.constEnd() ? name : QCoreApplication::translate("SweepPanel", it.value());
}

/** A number as the interface locale writes it: whole numbers whole, others to 5 digits. */
QString compactNumber(double value)
{
  if (std::abs(value) < 1e15 && value == std::round(value))
    return formatInteger(static_cast<long long>(value));
  return QLocale().toString(value, 'g', 5);
}

/** A parameter value (JSON text) as shown: strings bare, numbers in the interface locale. */
QStandardItem* valueItem(const std::string& json)
{
  auto* item = new QStandardItem;
  bool number = false;
  const double value = QString::fromStdString(json).toDouble(&number);
  if (number)
  {
    item->setText(compactNumber(value));
    item->setData(value, kSortRole);
  }
  else
  {
    QString text = QString::fromStdString(json);
    if (text.startsWith(QLatin1Char('"')) && text.endsWith(QLatin1Char('"')) && text.size() >= 2)
      text = text.mid(1, text.size() - 2);
    item->setText(text);
    item->setData(text, kSortRole);
  }
  return item;
}

QString statusText(const std::string& status)
{
  if (status == "ok")
    return SweepPanel::tr("ok");
  if (status == "missing")
    return SweepPanel::tr("not run");
  return SweepPanel::tr("failed");
}

} // namespace

SweepPanel::SweepPanel(QWidget* parent)
  : QWidget(parent)
{
  m_summary = new QLabel(tr("No sweep open. File ▸ Open Sweep Folder… shows a folder planned "
                            "with myriad-cli sweep plan."),
                         this);
  m_summary->setWordWrap(true);
  m_model = new QStandardItemModel(this);
  m_proxy = new QSortFilterProxyModel(this);
  m_proxy->setSourceModel(m_model);
  m_proxy->setSortRole(kSortRole);
  m_view = new QTableView(this);
  m_view->setObjectName(QStringLiteral("sweepTable"));
  m_view->setModel(m_proxy);
  m_view->setSortingEnabled(true);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_view->verticalHeader()->hide();
  m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  m_x = new QComboBox(this);
  m_x->setObjectName(QStringLiteral("sweepX"));
  m_y = new QComboBox(this);
  m_y->setObjectName(QStringLiteral("sweepY"));
  m_chart = new QChart;
  m_chart->setAnimationOptions(QChart::NoAnimation);
  m_chart->setMargins(QMargins(4, 4, 4, 4));
  m_chart->legend()->setAlignment(Qt::AlignBottom);
  m_chartView = new QChartView(m_chart, this);
  m_chartView->setObjectName(QStringLiteral("sweepChart"));
  m_chartView->setRenderHint(QPainter::Antialiasing);
  m_chartView->setMinimumHeight(220);
  m_open = new QPushButton(tr("Open Scenario"), this);
  m_open->setObjectName(QStringLiteral("sweepOpen"));
  m_open->setToolTip(tr("Open the selected scenario's hall in 3D (as an unsaved document)"));
  m_open->setEnabled(false);

  auto* axes = new QFormLayout;
  axes->addRow(tr("X axis"), m_x);
  axes->addRow(tr("Y axis"), m_y);
  auto* chartBox = new QWidget(this);
  auto* chartLayout = new QVBoxLayout(chartBox);
  chartLayout->setContentsMargins(0, 0, 0, 0);
  chartLayout->addLayout(axes);
  chartLayout->addWidget(m_chartView, 1);
  auto* tableBox = new QWidget(this);
  auto* tableLayout = new QVBoxLayout(tableBox);
  tableLayout->setContentsMargins(0, 0, 0, 0);
  tableLayout->addWidget(m_view, 1);
  tableLayout->addWidget(m_open, 0, Qt::AlignRight);
  // The dock lies along the bottom of the window: the table on the left, the chart beside it.
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  m_splitter = splitter;
  splitter->addWidget(tableBox);
  splitter->addWidget(chartBox);
  splitter->setStretchFactor(0, 1);
  splitter->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_summary);
  layout->addWidget(splitter, 1);

  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this] { m_open->setEnabled(currentScenario() >= 0); });
  connect(m_x, &QComboBox::currentIndexChanged, this, &SweepPanel::updateChart);
  connect(m_y, &QComboBox::currentIndexChanged, this, &SweepPanel::updateChart);
  connect(m_view, &QTableView::doubleClicked, this,
          [this]
          {
            if (currentScenario() >= 0)
              emit openScenarioRequested(currentScenario());
          });
  connect(m_open, &QPushButton::clicked, this,
          [this]
          {
            if (currentScenario() >= 0)
              emit openScenarioRequested(currentScenario());
          });
}

QString SweepPanel::columnTitle(const std::string& column) const
{
  return kpiTitle(QString::fromStdString(column));
}

void SweepPanel::setTable(const QString& dir, sweep::SweepTable table)
{
  m_dir = dir;
  m_table = std::move(table);
  long long ok = 0, failed = 0, missing = 0;
  for (const auto& row : m_table.rows)
    (row.status == "ok" ? ok : row.status == "missing" ? missing : failed) += 1;
  m_summary->setText(tr("%1: %2 scenarios, %3 ok, %4 failed, %5 not run")
                       .arg(dir, formatInteger(static_cast<long long>(m_table.rows.size())),
                            formatInteger(ok), formatInteger(failed), formatInteger(missing)));
  fillTable();
  fillAxisChoices();
  updateChart();
  const int width = std::max(m_splitter->width(), 800);
  m_splitter->setSizes({ width / 2, width - width / 2 }); // as wide a chart as a table
}

void SweepPanel::fillTable()
{
  m_model->clear();
  QStringList headers = { tr("Scenario"), tr("Status") };
  for (const auto& name : m_table.parameterColumns)
    headers << parameterTitle(QString::fromStdString(name));
  for (const auto& column : m_table.kpiColumns)
    headers << columnTitle(column);
  headers << tr("Error");
  m_model->setHorizontalHeaderLabels(headers);
  for (const auto& row : m_table.rows)
  {
    QList<QStandardItem*> items;
    auto* index = new QStandardItem(formatInteger(row.index));
    index->setData(static_cast<qlonglong>(row.index), kIndexRole);
    index->setData(static_cast<qlonglong>(row.index), kSortRole);
    items << index;
    auto* status = new QStandardItem(statusText(row.status));
    status->setData(statusText(row.status), kSortRole);
    items << status;
    for (const auto& value : row.parameters)
      items << valueItem(value);
    for (const auto& value : row.kpis)
    {
      auto* item = new QStandardItem(value ? compactNumber(*value) : QString());
      item->setData(value ? QVariant(*value) : QVariant(-std::numeric_limits<double>::infinity()),
                    kSortRole);
      items << item;
    }
    auto* error = new QStandardItem(QString::fromStdString(row.error));
    error->setToolTip(error->text());
    items << error;
    m_model->appendRow(items);
  }
  // Each parameter and KPI column's tooltip: its name as the sweep file and the CSV spell it.
  QStringList names = { QString(), QString() };
  for (const auto& name : m_table.parameterColumns)
    names << QString::fromStdString(name);
  for (const auto& column : m_table.kpiColumns)
    names << QString::fromStdString(column);
  for (int c = 0; c < names.size(); ++c)
    m_model->horizontalHeaderItem(c)->setToolTip(names[c]);
  m_view->sortByColumn(0, Qt::AscendingOrder);
  m_view->resizeColumnsToContents();
}

void SweepPanel::fillAxisChoices()
{
  const QSignalBlocker bx(m_x);
  const QSignalBlocker by(m_y);
  m_x->clear();
  m_y->clear();
  for (const auto& column : m_table.kpiColumns)
  {
    m_x->addItem(columnTitle(column), QString::fromStdString(column));
    m_y->addItem(columnTitle(column), QString::fromStdString(column));
  }
  // A default executives ask first: cost per GPU-hour against the first job's step time, else
  // against CAPEX.
  const auto pick = [this](QComboBox* box, const QStringList& preferred)
  {
    for (const QString& name : preferred)
      for (int i = 0; i < box->count(); ++i)
        if (box->itemData(i).toString() == name || box->itemData(i).toString().endsWith(name))
        {
          box->setCurrentIndex(i);
          return;
        }
  };
  pick(m_x, { QStringLiteral("usdPerGpuHour"), QStringLiteral("capexMUSD") });
  pick(m_y, { QStringLiteral(".stepS"), QStringLiteral("pue"), QStringLiteral("opexMUSDPerYear") });
}

bool SweepPanel::setAxes(const QString& x, const QString& y)
{
  const int xi = m_x->findData(x);
  const int yi = m_y->findData(y);
  if (xi < 0 || yi < 0)
    return false;
  m_x->setCurrentIndex(xi);
  m_y->setCurrentIndex(yi);
  updateChart();
  return true;
}

long long SweepPanel::currentScenario() const
{
  const QModelIndex current = m_view->currentIndex();
  if (!current.isValid())
    return -1;
  const QModelIndex first = m_proxy->mapToSource(m_proxy->index(current.row(), 0));
  return m_model->data(first, kIndexRole).toLongLong();
}

void SweepPanel::selectScenario(long long index)
{
  for (int r = 0; r < m_model->rowCount(); ++r)
    if (m_model->item(r, 0)->data(kIndexRole).toLongLong() == index)
    {
      const QModelIndex at = m_proxy->mapFromSource(m_model->index(r, 0));
      m_view->setCurrentIndex(at);
      m_view->scrollTo(at);
      return;
    }
}

} // namespace myriad::app
