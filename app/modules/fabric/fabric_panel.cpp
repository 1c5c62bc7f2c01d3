#include "fabric_panel.h"
#include "fabric_panel_models.h"
#include "ui_registry.h"

#include "error_reporter.h"
#include "number_format.h"
#include "table_sizing.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <QAbstractTableModel>
#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace myriad::app
{

namespace fab = engine::fabric;

// ---------------------------------------------------------------------------------------------

namespace
{

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
  auto* view = new QTableView(parent);
  view->setModel(model);
  view->setSortingEnabled(true);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setAlternatingRowColors(true);
  view->setWordWrap(false);
  view->verticalHeader()->setVisible(false);
  view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
  view->horizontalHeader()->setStretchLastSection(true);
  view->sortByColumn(0, Qt::AscendingOrder);
  return view;
}

template <typename Proxy>
Proxy* makeProxy(QAbstractItemModel* source, QObject* parent)
{
  auto* proxy = new Proxy(parent);
  proxy->setSourceModel(source);
  proxy->setSortRole(FabricPanel::SortRole);
  proxy->setFilterKeyColumn(-1);
  proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
  return proxy;
}

} // namespace

FabricPanel::FabricPanel(QWidget* parent)
  : QWidget(parent)
  , m_bomModel(new BomTableModel(this))
  , m_cutModel(new CutSheetTableModel(this))
  , m_trayModel(new TrayTableModel(this))
{
  m_bomProxy = makeProxy<QSortFilterProxyModel>(m_bomModel, this);
  m_cutProxy = makeProxy<CutSheetProxy>(m_cutModel, this);
  m_trayProxy = makeProxy<QSortFilterProxyModel>(m_trayModel, this);

  m_summary = new QLabel(this);
  m_summary->setObjectName(QStringLiteral("fabricSummary"));
  m_summary->setWordWrap(true);
  m_path = new QLabel(this);
  m_path->setObjectName(QStringLiteral("fabricPath"));
  m_path->setWordWrap(true);
  m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_path->hide();

  m_showCables = new QCheckBox(tr("Show cables"), this);
  m_showCables->setObjectName(QStringLiteral("showCables"));
  m_showCables->setChecked(true);
  m_tierRow = new QWidget(this);
  auto* tierLayout = new QHBoxLayout(m_tierRow);
  tierLayout->setContentsMargins(0, 0, 0, 0);
  auto* toggles = new QHBoxLayout;
  toggles->addWidget(m_showCables);
  toggles->addWidget(m_tierRow, 1);

  m_filter = new QLineEdit(this);
  m_filter->setObjectName(QStringLiteral("fabricFilter"));
  m_filter->setPlaceholderText(tr("Filter rows (any column)…"));
  m_filter->setClearButtonEnabled(true);

  m_bomView = makeTable(m_bomProxy, this);
  m_bomView->setObjectName(QStringLiteral("bomTable"));
  // Columns to their contents, left to right: a stretched last column put the total power at
  // the far right of a full-width dock, a screen away from its part.
  m_bomView->horizontalHeader()->setStretchLastSection(false);
  m_cutView = makeTable(m_cutProxy, this);
  m_cutView->setObjectName(QStringLiteral("cutSheetTable"));
  m_trayView = makeTable(m_trayProxy, this);
  m_trayView->setObjectName(QStringLiteral("trayTable"));
  m_trayView->sortByColumn(TrayFill, Qt::DescendingOrder); // fullest first

  auto* bomExport = new QPushButton(tr("Export BOM CSV…"), this);
  bomExport->setObjectName(QStringLiteral("exportBom"));
  auto* cutExport = new QPushButton(tr("Export cut sheet CSV…"), this);
  cutExport->setObjectName(QStringLiteral("exportCutSheet"));
  m_rackLabel = new QLabel(this);
  m_clearRack = new QPushButton(tr("All racks"), this);
  m_clearRack->setToolTip(tr("Show the cables of every rack and tray"));

  auto* bomPage = new QWidget(this);
  auto* bomLayout = new QVBoxLayout(bomPage);
  bomLayout->addWidget(m_bomView, 1);
  bomLayout->addWidget(bomExport, 0, Qt::AlignRight);
  auto* cutPage = new QWidget(this);
  auto* cutLayout = new QVBoxLayout(cutPage);
  cutLayout->addWidget(m_cutView, 1);
  auto* cutButtons = new QHBoxLayout;
  cutButtons->addWidget(m_rackLabel, 1);
  cutButtons->addWidget(m_clearRack);
  cutButtons->addWidget(cutExport);
  cutLayout->addLayout(cutButtons);

  m_tabs = new QTabWidget(this);
  m_tabs->setObjectName(QStringLiteral("fabricTabs"));
  m_tabs->addTab(bomPage, tr("BOM"));
  m_tabs->addTab(cutPage, tr("Cut sheet"));
  m_tabs->addTab(m_trayView, tr("Trays"));
  UiRegistry::nameTabs(m_tabs, { "bom", "cutSheet", "trays" });

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_summary);
  layout->addLayout(toggles);
  layout->addWidget(m_path);
  layout->addWidget(m_filter);
  layout->addWidget(m_tabs, 1);
  // Each table keeps at least eight rows in view: the bottom dock cannot be squeezed to two.
  for (QTableView* table : { m_bomView, m_cutView, m_trayView })
  {
    setMinimumVisibleRows(table);
  }

  connect(m_filter, &QLineEdit::textChanged, this, &FabricPanel::setFilterText);
  connect(m_showCables, &QCheckBox::toggled, this, &FabricPanel::cablesShownChanged);
  connect(bomExport, &QPushButton::clicked, this, [this] { exportWithDialog(true); });
  connect(cutExport, &QPushButton::clicked, this, [this] { exportWithDialog(false); });
  connect(m_clearRack, &QPushButton::clicked, this, [this] { setRackFilter({}); });
  connect(m_cutView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &FabricPanel::onCutRowChanged);
  connect(m_trayView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &FabricPanel::onTrayRowChanged);
  setRackFilter({});
  clearFabric(tr("The fabric is computed when this dock is shown."));
}

FabricPanel::~FabricPanel() = default;

QSortFilterProxyModel* FabricPanel::cutSheetProxy() const
{
  return m_cutProxy;
}

void FabricPanel::showFabric(std::shared_ptr<const engine::live::FabricSnapshot> fabric,
                             quint64 generation)
{
  m_data = std::move(fabric);
  m_generation = m_data ? generation : 0;
  m_stale = false;
  const engine::Scene* scene = m_data ? m_data->scene.get() : nullptr;
  m_bomModel->setLines(m_data ? m_data->bom : std::vector<fab::BomLine>{});
  m_bomView->resizeColumnsToContents();
  m_traySegment = -1; // segment indices belong to the previous fabric
  m_cutProxy->setCableMask({});
  m_cutModel->setFabric(m_data.get(), scene);
  m_trayModel->setTrays(m_data ? m_data->cabling.trays : std::vector<fab::TraySegment>{});
  m_cutView->resizeColumnsToContents(); // from the first rows (QHeaderView's precision)
  m_trayView->resizeColumnsToContents();
  buildTierBoxes();
  if (!m_data)
  {
    return;
  }
  const fab::CablingResult& c = m_data->cabling;
  int optics = 0;
  for (const auto& [part, n] : c.opticsByPart)
  {
    optics += n;
  }
  double fullest = 0;
  int overHalf = 0;
  for (const auto& tray : c.trays)
  {
    fullest = std::max(fullest, tray.fill);
    overHalf += tray.fill > 0.5 ? 1 : 0;
  }
  m_summary->setText(
    tr("%1 switches · %2 cables · %3 km · %4 transceivers, %5 kW optics · "
       "fullest tray %6 %%7%8")
      .arg(formatInteger(m_data->graph.countDevices(fab::DeviceKind::Switch)))
      .arg(formatInteger(static_cast<long long>(c.cables.size())))
      .arg(formatFixed(c.totalLengthM / 1000, 1))
      .arg(formatInteger(optics))
      .arg(formatFixed(c.opticsPowerW / 1000, 1))
      .arg(formatFixed(fullest * 100, 0))
      .arg(c.unreachable > 0 ? tr(" · %1 unreachable cables").arg(formatInteger(c.unreachable))
                             : QString())
      .arg(overHalf > 0 ? tr(" · %1 tray segments over 50 %").arg(overHalf) : QString()));
  m_summary->setToolTip(tr("Computed in %1 ms").arg(formatFixed(m_data->computeMs, 1)));
}

void FabricPanel::clearFabric(const QString& reason)
{
  showFabric(nullptr, 0);
  m_summary->setText(reason);
  setPathInfo({});
}

void FabricPanel::markStale(const QString& reason)
{
  if (!m_data)
  {
    clearFabric(reason);
    return;
  }
  m_stale = true;
  m_summary->setText(reason + QStringLiteral(" · ") + m_summary->text());
}

void FabricPanel::buildTierBoxes()
{
  for (auto& [tier, box] : m_tierBoxes)
  {
    delete box;
  }
  m_tierBoxes.clear();
  if (!m_data)
  {
    return;
  }
  for (const fab::Tier tier : fab::allTiers())
  {
    if (m_data->graph.countLinks(tier) == 0)
    {
      continue;
    }
    auto* box = new QCheckBox(QString::fromUtf8(fab::toString(tier)), m_tierRow);
    box->setObjectName(QStringLiteral("tier-%1").arg(QString::fromUtf8(fab::toString(tier))));
    box->setChecked(true);
    box->setToolTip(tr("Draw the %1 cables").arg(QString::fromUtf8(fab::toString(tier))));
    m_tierRow->layout()->addWidget(box);
    connect(box, &QCheckBox::toggled, this,
            [this, tier](bool shown) { emit tierShownChanged(tier, shown); });
    m_tierBoxes[tier] = box;
  }
}

QCheckBox* FabricPanel::tierCheckBox(fab::Tier tier) const
{
  auto it = m_tierBoxes.find(tier);
  return it == m_tierBoxes.end() ? nullptr : it->second;
}

bool FabricPanel::cablesShown() const
{
  return m_showCables->isChecked();
}

void FabricPanel::setCablesShown(bool shown)
{
  m_showCables->setChecked(shown);
}

void FabricPanel::setRackFilter(const QString& rackId)
{
  m_traySegment = -1;
  m_cutProxy->setCableMask({});
  m_cutProxy->setRack(rackId);
  m_rackLabel->setText(rackId.isEmpty() ? tr("All racks")
                                        : tr("Cables of rack %1 (select it in 3D)").arg(rackId));
  m_clearRack->setEnabled(!rackId.isEmpty());
}

QString FabricPanel::rackFilter() const
{
  return m_cutProxy->rack();
}

void FabricPanel::setTrayFilter(int segment)
{
  const bool valid =
    m_data && segment >= 0 && segment < static_cast<int>(m_data->cabling.trays.size());
  if (!valid)
  {
    setRackFilter({});
    return;
  }
  // A cable runs in the segment when its route (the tray path it shares) lists the segment.
  const fab::CablingResult& c = m_data->cabling;
  std::vector<bool> routeUses(c.routes.size(), false);
  for (std::size_t r = 0; r < c.routes.size(); ++r)
  {
    const auto& segments = c.routes[r].segments;
    routeUses[r] = std::find(segments.begin(), segments.end(), segment) != segments.end();
  }
  std::vector<bool> mask(c.cables.size(), false);
  for (std::size_t i = 0; i < c.cables.size(); ++i)
  {
    mask[i] = c.cables[i].route >= 0 && routeUses[c.cables[i].route];
  }
  m_cutProxy->setRack({});
  m_cutProxy->setCableMask(std::move(mask));
  m_traySegment = segment;
  m_rackLabel->setText(tr("Cables in tray segment %1 (%2, %3 cables)")
                         .arg(segment)
                         .arg(QString::fromStdString(c.trays[segment].kind))
                         .arg(formatInteger(c.trays[segment].cables)));
  m_clearRack->setEnabled(true);
}

void FabricPanel::onTrayRowChanged()
{
  const QModelIndex current = m_trayView->currentIndex();
  if (current.isValid())
  {
    setTrayFilter(m_trayProxy->data(current.siblingAtColumn(TrayIndex), SortRole).toInt());
  }
}

void FabricPanel::setFilterText(const QString& text)
{
  if (m_filter->text() != text)
  {
    m_filter->setText(text); // re-enters through textChanged
    return;
  }
  m_bomProxy->setFilterFixedString(text);
  m_cutProxy->setFilterFixedString(text);
  m_trayProxy->setFilterFixedString(text);
}

bool FabricPanel::exportBomCsv(const QString& path)
{
  try
  {
    if (!m_data)
    {
      throw engine::SaveError("no fabric has been computed yet; show the Fabric dock first");
    }
    engine::writeFileAtomically(path.toStdString(), fab::bomCsv(m_data->bom));
    return true;
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot export the BOM"), QString::fromUtf8(error.what()));
    return false;
  }
}

bool FabricPanel::exportCutSheetCsv(const QString& path)
{
  try
  {
    if (!m_data || !m_data->scene)
    {
      throw engine::SaveError("no fabric has been computed yet; show the Fabric dock first");
    }
    engine::writeFileAtomically(path.toStdString(),
                                fab::cutSheetCsv(m_data->graph, m_data->cabling, *m_data->scene));
    return true;
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot export the cut sheet"), QString::fromUtf8(error.what()));
    return false;
  }
}

void FabricPanel::exportWithDialog(bool bom)
{
  const QString path = QFileDialog::getSaveFileName(
    this, bom ? tr("Export BOM") : tr("Export cut sheet"),
    bom ? QStringLiteral("bom.csv") : QStringLiteral("cables.csv"), tr("CSV files (*.csv)"));
  if (!path.isEmpty())
  {
    bom ? exportBomCsv(path) : exportCutSheetCsv(path);
  }
}

void FabricPanel::setPathInfo(const QString& text)
{
  m_path->setText(text);
  m_path->setVisible(!text.isEmpty());
}

QString FabricPanel::pathInfo() const
{
  return m_path->text();
}

QString FabricPanel::summaryText() const
{
  return m_summary->text();
}

bool FabricPanel::selectCable(int cable)
{
  const int row = m_cutModel->rowOfCable(cable);
  const QModelIndex index = m_cutProxy->mapFromSource(m_cutModel->index(row, 0));
  if (row < 0 || !index.isValid())
  {
    return false;
  }
  m_tabs->setCurrentIndex(1);
  m_cutView->setCurrentIndex(index);
  m_cutView->scrollTo(index);
  return true;
}

void FabricPanel::onCutRowChanged()
{
  const QModelIndex current = m_cutView->currentIndex();
  if (current.isValid())
  {
    emit cableSelected(m_cutProxy->data(current.siblingAtColumn(CutCable), SortRole).toInt());
  }
}

} // namespace myriad::app
