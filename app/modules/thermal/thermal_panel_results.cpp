// The Thermal dock's results: KPI labels, the rack and cooler tables and the inlet overlay.

#include "thermal_panel.h"

#include "number_format.h"
#include "table_sizing.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>

#include <algorithm>
#include <array>
#include <limits>

namespace thermal = myriad::engine::thermal;

namespace myriad::app
{

namespace
{

struct KpiSpec
{
  const char* key;
  const char* title;
  const char* tip;
};

constexpr std::array<KpiSpec, 8> kKpis{ {
  { "maxInlet", "Max inlet",
    "Hottest of the racks' bottom, middle and top inlet points (°C): what the ASHRAE "
    "classification reads" },
  { "meanInlet", "Mean inlet", "Mean of the racks' mean inlet temperatures (°C)" },
  { "aboveRecommended", "Racks > 27 °C", "Racks outside the ASHRAE A1 recommended range" },
  { "aboveAllowable", "Racks > 32 °C", "Racks outside the ASHRAE A1 allowable range" },
  { "rciHi", "RCI-HI",
    "Rack Cooling Index, high side (Herrlin 2005): 100 % = no intake over 27 °C" },
  { "shi", "SHI", "Supply Heat Index: share of the racks' temperature rise that is recirculation" },
  { "energyBalance", "Energy balance", "|heat in − heat removed| / heat in (should be < 1 %)" },
  { "airflowRatio", "Supply / demand",
    "Cooler airflow ÷ rack airflow: < 1 recirculation, > 1 bypass" },
} };

const QString kMissing = QStringLiteral("—");
constexpr int kSortRole = Qt::UserRole + 1;

QStandardItem* textItem(const QString& text)
{
  auto* item = new QStandardItem(text);
  item->setData(text, kSortRole);
  item->setEditable(false);
  return item;
}

QStandardItem* numberItem(double value, int decimals)
{
  auto* item = new QStandardItem(formatFixed(value, decimals));
  item->setData(value, kSortRole);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  item->setEditable(false);
  return item;
}

QTableView* makeTable(QStandardItemModel* model, QWidget* parent, const QString& name)
{
  model->setSortRole(kSortRole);
  auto* view = new QTableView(parent);
  view->setObjectName(name);
  view->setModel(model);
  view->setSortingEnabled(true);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view->verticalHeader()->setVisible(false);
  view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
  // Columns fitted to their contents after each fill (fitColumnsToContents); the headers name
  // the unit on a second line to stay narrow.
  view->horizontalHeader()->setStretchLastSection(true);
  view->setAlternatingRowColors(true);
  view->setWordWrap(false);
  return view;
}

QString coolerKindName(engine::CoolerKind kind)
{
  switch (kind)
  {
    case engine::CoolerKind::Crah:
      return QStringLiteral("CRAH");
    case engine::CoolerKind::InRow:
      return QStringLiteral("In-row");
    case engine::CoolerKind::RearDoor:
      return QStringLiteral("Rear door");
    case engine::CoolerKind::Cdu:
      return QStringLiteral("CDU");
  }
  return QStringLiteral("?");
}

} // namespace

QStringList ThermalPanel::kpiKeys()
{
  QStringList keys;
  for (const KpiSpec& spec : kKpis)
  {
    keys << QString::fromLatin1(spec.key);
  }
  return keys;
}

QWidget* ThermalPanel::createKpis()
{
  auto* box = new QWidget(this);
  auto* grid = new QGridLayout(box);
  grid->setContentsMargins(0, 4, 0, 4);
  grid->setHorizontalSpacing(12);
  for (std::size_t i = 0; i < kKpis.size(); ++i)
  {
    const KpiSpec& spec = kKpis[i];
    auto* title = new QLabel(tr(spec.title), box);
    title->setToolTip(tr(spec.tip));
    auto* value = new QLabel(kMissing, box);
    value->setObjectName(QStringLiteral("thermalKpi_%1").arg(QString::fromLatin1(spec.key)));
    value->setToolTip(tr(spec.tip));
    value->setStyleSheet(QStringLiteral("font-weight: bold"));
    const int row = static_cast<int>(i / 2);
    const int column = static_cast<int>(i % 2) * 2;
    grid->addWidget(title, row, column);
    grid->addWidget(value, row, column + 1);
    m_kpiLabels[QString::fromLatin1(spec.key)] = value;
  }
  return box;
}

void ThermalPanel::createTables()
{
  m_rackModel = new QStandardItemModel(0, RackColumnCount, this);
  m_rackModel->setHorizontalHeaderLabels({ tr("Rack"), tr("Inlet\nmean °C"),
                                           tr("Inlet °C bottom /\nmiddle / top"), tr("Exhaust\n°C"),
                                           tr("ASHRAE\nA1") });
  m_rackTable = makeTable(m_rackModel, this, QStringLiteral("thermalRackTable"));
  m_rackTable->sortByColumn(InletMaxColumn, Qt::DescendingOrder);
  connect(m_rackTable, &QTableView::clicked, this,
          [this](const QModelIndex& index)
          {
            const QString id = m_rackModel->item(index.row(), RackIdColumn)->text();
            emit rackActivated(id);
          });

  m_coolerModel = new QStandardItemModel(0, 6, this);
  m_coolerModel->setHorizontalHeaderLabels({ tr("Cooler"), tr("Kind"), tr("Load\nkW"),
                                             tr("Capacity\nkW"), tr("Load\n%"), tr("Return\n°C") });
  m_coolerTable = makeTable(m_coolerModel, this, QStringLiteral("thermalCoolerTable"));
  m_coolerTable->sortByColumn(4, Qt::DescendingOrder);
  // Eight rows at the least: the dock cannot be squeezed until a table shows two.
  setMinimumVisibleRows(m_rackTable);
  setMinimumVisibleRows(m_coolerTable);
  fitColumnsToContents(m_rackTable);
  fitColumnsToContents(m_coolerTable);
}

void ThermalPanel::fillRackTable()
{
  m_rackModel->removeRows(0, m_rackModel->rowCount());
  if (!m_result)
  {
    return;
  }
  for (const thermal::RackThermal& rack : m_result->racks)
  {
    if (!rack.airCooled)
    {
      continue; // no air through it: no inlet to show
    }
    // Short enough for the dock's width: the limit crossed (ASHRAE A1 recommended 27 °C,
    // allowable 32 °C, as the KPIs above the table).
    const QString status = !rack.withinAllowable     ? tr("> 32 °C")
                           : !rack.withinRecommended ? tr("> 27 °C")
                                                     : tr("OK");
    // The auditor's three points in one cell, sorted by the hottest of them (the class's input).
    QStandardItem* points = numberItem(rack.auditInletMaxC(), 1);
    points->setText(QStringLiteral("%1 / %2 / %3")
                      .arg(formatFixed(rack.inletBottomC, 1), formatFixed(rack.inletMiddleC, 1),
                           formatFixed(rack.inletTopC, 1)));
    points->setToolTip(tr("Hottest intake cell %1 °C").arg(formatFixed(rack.inletMaxC, 1)));
    QList<QStandardItem*> row{ textItem(QString::fromStdString(rack.id)),
                               numberItem(rack.inletMeanC, 1), points, numberItem(rack.exhaustC, 1),
                               textItem(status) };
    if (!rack.withinAllowable)
    {
      row.back()->setForeground(QColor(200, 30, 30));
    }
    m_rackModel->appendRow(row);
  }
  const QHeaderView* header = m_rackTable->horizontalHeader();
  m_rackModel->sort(header->sortIndicatorSection(), header->sortIndicatorOrder());
  fitColumnsToContents(m_rackTable);
}

void ThermalPanel::fillCoolerTable()
{
  m_coolerModel->removeRows(0, m_coolerModel->rowCount());
  if (!m_result)
  {
    return;
  }
  for (const thermal::CoolerThermal& cooler : m_result->coolers)
  {
    const bool air = cooler.kind != engine::CoolerKind::Cdu;
    m_coolerModel->appendRow(
      { textItem(QString::fromStdString(cooler.id)), textItem(coolerKindName(cooler.kind)),
        numberItem(cooler.loadW / 1e3, 1), numberItem(cooler.capacityW / 1e3, 0),
        numberItem(100 * cooler.loadFraction(), 0),
        air ? numberItem(cooler.returnC, 1) : textItem(kMissing) });
  }
  const QHeaderView* header = m_coolerTable->horizontalHeader();
  m_coolerModel->sort(header->sortIndicatorSection(), header->sortIndicatorOrder());
  fitColumnsToContents(m_coolerTable);
}

void ThermalPanel::fillKpis()
{
  for (auto& [key, label] : m_kpiLabels)
  {
    label->setText(kMissing);
  }
  if (!m_result)
  {
    return;
  }
  const thermal::ThermalResult& r = *m_result;
  double maxInlet = -std::numeric_limits<double>::infinity();
  double sumInlet = 0;
  int airRacks = 0;
  for (const thermal::RackThermal& rack : r.racks)
  {
    if (rack.airCooled)
    {
      maxInlet = std::max(maxInlet, rack.auditInletMaxC());
      sumInlet += rack.inletMeanC;
      ++airRacks;
    }
  }
  const QString degrees = QStringLiteral(" °C");
  if (airRacks > 0)
  {
    m_kpiLabels["maxInlet"]->setText(formatFixed(maxInlet, 1) + degrees);
    m_kpiLabels["meanInlet"]->setText(formatFixed(sumInlet / airRacks, 1) + degrees);
  }
  m_kpiLabels["aboveRecommended"]->setText(formatInteger(r.racksAboveRecommended));
  m_kpiLabels["aboveAllowable"]->setText(formatInteger(r.racksAboveAllowable));
  m_kpiLabels["rciHi"]->setText(formatFixed(r.rciHi, 1) + QStringLiteral(" %"));
  m_kpiLabels["shi"]->setText(formatFixed(r.shi, 3));
  m_kpiLabels["energyBalance"]->setText(formatFixed(100 * r.energyBalanceError, 3) +
                                        QStringLiteral(" %"));
  const QString regime = r.supplyDemandRatio < 1 ? tr("recirculation") : tr("bypass");
  m_kpiLabels["airflowRatio"]->setText(
    QStringLiteral("%1 (%2)").arg(formatFixed(r.supplyDemandRatio, 2), regime));
}

QString ThermalPanel::kpiText(const QString& key) const
{
  const auto it = m_kpiLabels.find(key);
  return it == m_kpiLabels.end() ? QString() : it->second->text();
}

scenes::Overlay ThermalPanel::inletOverlay() const
{
  scenes::Overlay overlay;
  overlay.title = tr("Rack inlet temperature").toStdString();
  overlay.unit = "\xC2\xB0"
                 "C";
  if (!m_result)
  {
    return overlay;
  }
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const thermal::RackThermal& rack : m_result->racks)
  {
    if (rack.airCooled)
    {
      overlay.values.emplace_back(rack.id, rack.inletMeanC);
      lo = std::min(lo, rack.inletMeanC);
      hi = std::max(hi, rack.inletMeanC);
    }
  }
  if (!overlay.values.empty())
  {
    overlay.minValue = lo;
    overlay.maxValue = std::max(hi, lo + 0.1); // a legend needs a span
  }
  return overlay;
}

bool ThermalPanel::inletOverlayEnabled() const
{
  return m_overlayCheck->isChecked();
}

} // namespace myriad::app
