#include "cooling_choices_panel.h"

#include "number_format.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/immersion.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QShowEvent>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <functional>

namespace econ = myriad::engine::economics;

namespace myriad::app
{

namespace
{

const QString kNone = QStringLiteral("—");

QString choiceTitle(econ::CoolingChoice choice)
{
  switch (choice)
  {
    case econ::CoolingChoice::ColdPlate:
      return CoolingChoicesPanel::tr("Cold plate");
    case econ::CoolingChoice::Immersion:
      return CoolingChoicesPanel::tr("Immersion");
    case econ::CoolingChoice::Air:
      break;
  }
  return CoolingChoicesPanel::tr("Air");
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignRight)
{
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(align | Qt::AlignVCenter);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  return item;
}

using Choice = econ::CoolingChoiceResult;
using Result = econ::EconomicsResult;

/** One row of the table: its label and how a column's value is written. */
struct RowSpec
{
  QString label;   ///< short, for a narrow dock
  QString tooltip; ///< the figure said in full
  std::function<QString(const Choice&, const Result&)> text;
};

std::vector<RowSpec> rowSpecs(const DisplayCurrency& currency, const engine::Catalog& catalog)
{
  auto money = [currency](const std::optional<double>& usd)
  { return usd ? formatMoney(*usd, currency) : kNone; };
  return {
    { CoolingChoicesPanel::tr("Racks/tanks"),
      CoolingChoicesPanel::tr("Compute racks or immersion tanks"),
      [&catalog](const Choice& c, const Result&)
      {
        const engine::Part* part = catalog.find(c.enclosureModel);
        return part && engine::isTankPart(*part)
                 ? CoolingChoicesPanel::tr("%1 tanks").arg(formatInteger(c.enclosures))
                 : CoolingChoicesPanel::tr("%1 racks").arg(formatInteger(c.enclosures));
      } },
    { CoolingChoicesPanel::tr("IT peak MW"), CoolingChoicesPanel::tr("IT power at full load, MW"),
      [](const Choice&, const Result& r) { return formatFixed(r.kpis.itPeakMW, 2); } },
    { CoolingChoicesPanel::tr("Facility MW"),
      CoolingChoicesPanel::tr("Facility power, annual mean, MW"),
      [](const Choice&, const Result& r) { return formatFixed(r.kpis.facilityMW, 2); } },
    { CoolingChoicesPanel::tr("PUE"), CoolingChoicesPanel::tr("Annual PUE"),
      [](const Choice&, const Result& r) { return formatFixed(r.kpis.pue, 3); } },
    { CoolingChoicesPanel::tr("Free-cooling h"),
      CoolingChoicesPanel::tr("Compressor-free hours of the facility water loop per year"),
      [](const Choice&, const Result& r)
      {
        return r.energy.liquidLoop ? formatInteger(std::llround(r.energy.liquidEconomiserHours))
                                   : CoolingChoicesPanel::tr("none");
      } },
    { CoolingChoicesPanel::tr("Water m³/yr"),
      CoolingChoicesPanel::tr("Water evaporated per year, m³"),
      [](const Choice&, const Result& r)
      { return formatInteger(std::llround(r.kpis.waterM3PerYear)); } },
    { CoolingChoicesPanel::tr("CO₂ t/yr"),
      CoolingChoicesPanel::tr("Carbon per year, tonnes of CO₂"),
      [](const Choice&, const Result& r)
      {
        return r.kpis.carbonTonnesPerYear ? formatInteger(std::llround(*r.kpis.carbonTonnesPerYear))
                                          : kNone;
      } },
    { CoolingChoicesPanel::tr("CAPEX"), CoolingChoicesPanel::tr("Capital expenditure"),
      [money](const Choice&, const Result& r) { return money(r.kpis.capexUSD); } },
    { CoolingChoicesPanel::tr("OPEX/yr"), CoolingChoicesPanel::tr("Operating expenditure per year"),
      [money](const Choice&, const Result& r) { return money(r.kpis.opexUSDPerYear); } },
    { CoolingChoicesPanel::tr("Per GPU-h"), CoolingChoicesPanel::tr("Cost per GPU-hour"),
      [currency](const Choice&, const Result& r)
      {
        return r.kpis.usdPerGpuHour
                 ? QStringLiteral("%1 %2").arg(
                     formatFixed(*r.kpis.usdPerGpuHour * currency.perUsd, 3), currency.code)
                 : kNone;
      } },
    { CoolingChoicesPanel::tr("Floor kg/m²"),
      CoolingChoicesPanel::tr("Heaviest floor load of a compute rack or tank, kg/m²"),
      [](const Choice& c, const Result&)
      { return formatInteger(std::llround(c.maxFloorLoadKgM2)); } },
  };
}

} // namespace

CoolingChoicesPanel::CoolingChoicesPanel(QWidget* parent)
  : QWidget(parent)
{
  setObjectName(QStringLiteral("coolingChoicesPanel"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* intro = new QLabel(
    tr("The same GPUs cooled by air, by cold plates on CDUs, and in immersion tanks: each column "
       "is the scene's compute racks converted to that cooling and evaluated with the same "
       "inputs (network racks stay as they are)."));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  m_compareButton = new QPushButton(tr("Compare cooling choices"));
  m_compareButton->setObjectName(QStringLiteral("coolingCompareButton"));
  connect(m_compareButton, &QPushButton::clicked, this, &CoolingChoicesPanel::compare);
  layout->addWidget(m_compareButton, 0, Qt::AlignLeft);
  m_table = new QTableWidget(0, 4);
  m_table->setObjectName(QStringLiteral("coolingChoicesTable"));
  m_table->verticalHeader()->hide();
  // Short labels (the full one in the tooltip) so that the three choices fit a narrow dock.
  for (int c = 0; c < 4; ++c)
    m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  m_table->setMinimumHeight(380);
  m_table->hide();
  layout->addWidget(m_table);
  m_status = new QLabel;
  m_status->setObjectName(QStringLiteral("coolingChoicesStatus"));
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  layout->addStretch(1);
  showResults();
}

void CoolingChoicesPanel::setContext(const engine::Scene* scene, const engine::Catalog* catalog,
                                     const econ::EconomicsInputs& inputs)
{
  m_scene = scene;
  m_catalog = catalog;
  m_inputs = inputs;
  if (!m_results.empty())
    compare(); // the comparison shown follows the scene and the inputs
}

bool CoolingChoicesPanel::compare()
{
  m_results.clear();
  if (!m_scene || !m_catalog)
  {
    showResults();
    return false;
  }
  try
  {
    m_results = econ::compareCoolingChoices(*m_scene, *m_catalog, m_inputs);
  }
  catch (const engine::Error& e)
  {
    showResults();
    m_status->setText(tr("Cannot compare the cooling choices: %1").arg(e.what()));
    return false;
  }
  showResults();
  return true;
}

void CoolingChoicesPanel::showResults()
{
  if (m_results.empty())
  {
    m_table->hide();
    m_table->setRowCount(0);
    m_status->setText(m_scene ? tr("Press Compare to evaluate the three cooling choices.")
                              : tr("No scene."));
    return;
  }
  const DisplayCurrency currency = m_scene ? displayCurrency(m_scene->site) : DisplayCurrency{};
  const std::vector<RowSpec> rows = rowSpecs(currency, *m_catalog);
  m_table->setRowCount(static_cast<int>(rows.size()));
  m_table->setHorizontalHeaderItem(0, new QTableWidgetItem(tr("Figure")));
  QStringList reasons;
  for (int c = 0; c < static_cast<int>(m_results.size()); ++c)
  {
    const Choice& choice = m_results[static_cast<std::size_t>(c)];
    QString title = choiceTitle(choice.choice);
    if (choice.current)
      title = tr("%1\n(as drawn)").arg(title);
    auto* header = new QTableWidgetItem(title);
    header->setToolTip(tr("%1 in %2")
                         .arg(QString::fromStdString(choice.serverModel),
                              QString::fromStdString(choice.enclosureModel)));
    m_table->setHorizontalHeaderItem(c + 1, header);
    if (choice.unavailable)
      reasons << tr("%1: not available (%2).")
                   .arg(choiceTitle(choice.choice), QString::fromStdString(*choice.unavailable));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r)
      m_table->setItem(r, c + 1,
                       cell(choice.result
                              ? rows[static_cast<std::size_t>(r)].text(choice, *choice.result)
                              : kNone));
  }
  for (int r = 0; r < static_cast<int>(rows.size()); ++r)
  {
    const RowSpec& spec = rows[static_cast<std::size_t>(r)];
    m_table->setItem(r, 0, cell(spec.label, Qt::AlignLeft));
    m_table->item(r, 0)->setToolTip(spec.tooltip);
  }
  m_table->show();
  m_status->setText(reasons.isEmpty()
                      ? tr("Fans removed in immersion lower the IT power; warm facility water "
                           "removes most compressor hours. Estimates as in the catalog.")
                      : reasons.join(QLatin1Char(' ')));
}

void CoolingChoicesPanel::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (m_results.empty() && m_scene && m_catalog)
    compare(); // the tab opened (by the user or a tour step): show the comparison at once
}

QString CoolingChoicesPanel::statusText() const
{
  return m_status->text();
}

} // namespace myriad::app
