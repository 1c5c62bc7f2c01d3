#include "dashboard_panel.h"

#include "cooling_choices_panel.h"
#include "currency_box.h"
#include "dashboard_charts.h"
#include "money_text.h"
#include "number_format.h"
#include "scenario_panel.h"
#include "ui_registry.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <array>
#include <cmath>
#include <initializer_list>

namespace econ = myriad::engine::economics;

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

// Display order of the cards, two per row; titles and tips translated where the cards are built.
constexpr std::array<KpiSpec, 10> kKpis{ {
  { "gpus", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "GPUs"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Accelerators in the scene") },
  { "itMW", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "IT power"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel",
                      "Mean IT power at the operating utilisation") },
  { "facilityMW", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Facility power"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel",
                      "Mean facility power: IT + cooling + losses") },
  { "pue", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "PUE"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel",
                      "Annual power usage effectiveness (facility ÷ IT energy)") },
  { "capex", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "CAPEX"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel",
                      "Systems, network, racks, power, cooling and building") },
  { "opex", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Annual OPEX"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel",
                      "Energy, carbon, maintenance and staff per year") },
  { "tco", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "TCO"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel",
                      "Present value of CAPEX and OPEX over the horizon, net of residual value") },
  { "gpuHour", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Cost per GPU-hour"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Annualised TCO ÷ sold GPU-hours") },
  { "interruptions", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Interruptions"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Job interruptions per day, all causes") },
  { "goodput", QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Goodput"),
    QT_TRANSLATE_NOOP("myriad::app::DashboardPanel", "Share of wall time that advances training") },
} };

const QString kMissing = QStringLiteral("—");

QChartView* makeChartView(QChart* chart)
{
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(200); // two charts and the tab bar fit the dock at 1600 × 1000
  return view;
}

/** A tab page of `widgets` one below the other (the last one stretched unless `top`). */
QWidget* page(std::initializer_list<QWidget*> widgets, bool top = false)
{
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(6, 6, 6, 6);
  for (QWidget* widget : widgets)
  {
    layout->addWidget(widget, top ? 0 : 1);
  }
  if (top)
  {
    layout->addStretch(1);
  }
  return content;
}

} // namespace

DashboardPanel::DashboardPanel(QWidget* parent)
  : QWidget(parent)
{
  setObjectName(QStringLiteral("dashboardPanel"));
  // The cards and the charts in tabs that each fit the dock at 1600 × 1000: one long page put
  // the charts, Compare and "PDF report…" screens below the fold.
  auto* overview = new QWidget;
  auto* layout = new QVBoxLayout(overview);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(createControls());
  m_errorLabel = new QLabel;
  m_errorLabel->setObjectName(QStringLiteral("dashboardError"));
  m_errorLabel->setWordWrap(true);
  m_errorLabel->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
  m_errorLabel->hide();
  layout->addWidget(m_errorLabel);
  layout->addWidget(createCards());
  m_messageLabel = new QLabel;
  m_messageLabel->setObjectName(QStringLiteral("dashboardMissing"));
  m_messageLabel->setWordWrap(true);
  m_messageLabel->setStyleSheet(QStringLiteral("color: palette(mid);"));
  layout->addWidget(m_messageLabel);
  layout->addStretch(1);

  m_capexChart = makeDashboardChart(tr("CAPEX by category"));
  m_opexChart = makeDashboardChart(tr("Annual OPEX by category"));
  m_energyChart = makeDashboardChart(tr("Facility energy by month"));
  m_feedChart = makeDashboardChart(tr("Power by feed (peak load against rating)"));
  m_tornadoChart = makeDashboardChart(tr("Sensitivity of cost per GPU-hour (±20 %)"));
  auto* tornadoView = makeChartView(m_tornadoChart);
  tornadoView->setMinimumHeight(420); // one readable row per input
  m_scenarioPanel = new ScenarioPanel;
  m_coolingPanel = new CoolingChoicesPanel;

  m_tabs = new QTabWidget;
  m_tabs->setObjectName(QStringLiteral("dashboardTabs"));
  m_tabs->setDocumentMode(true);
  m_tabs->addTab(UiRegistry::scrollable(overview), tr("Overview"));
  m_tabs->addTab(
    UiRegistry::scrollable(page({ makeChartView(m_capexChart), makeChartView(m_opexChart) })),
    tr("Costs"));
  m_tabs->addTab(
    UiRegistry::scrollable(page({ makeChartView(m_energyChart), makeChartView(m_feedChart) })),
    tr("Energy"));
  m_tabs->addTab(UiRegistry::scrollable(page({ tornadoView })), tr("Sensitivity"));
  m_tabs->addTab(UiRegistry::scrollable(page({ m_coolingPanel }, true)), tr("Cooling"));
  m_tabs->addTab(UiRegistry::scrollable(page({ m_scenarioPanel }, true)), tr("Scenarios"));
  UiRegistry::nameTabs(m_tabs,
                       { "overview", "costs", "energy", "sensitivity", "cooling", "scenarios" });
  // Compare pressed: the comparison is shown in its tab (a live re-comparison after an edit
  // does not pull the user away from the tab they are on).
  connect(m_scenarioPanel->compareButton(), &QPushButton::clicked, this,
          &DashboardPanel::showScenarios);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(m_tabs);
  showError({});
}

void DashboardPanel::showScenarios()
{
  m_tabs->setCurrentWidget(m_tabs->widget(m_tabs->count() - 1));
}

QWidget* DashboardPanel::createControls()
{
  auto* controls = new QWidget;
  auto* layout = new QGridLayout(controls);
  layout->setContentsMargins(0, 0, 0, 0);
  m_siteCombo = new QComboBox;
  m_siteCombo->setObjectName(QStringLiteral("dashboardSiteCombo"));
  m_siteCombo->setToolTip(tr("Site: climate, grid carbon intensity and energy price"));
  m_siteCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_siteCombo->setMinimumContentsLength(16);
  m_priceSpin = new QDoubleSpinBox;
  m_priceSpin->setObjectName(QStringLiteral("dashboardPriceSpin"));
  m_priceSpin->setDecimals(3);
  m_priceSpin->setSingleStep(0.005);
  m_priceSpin->setSuffix(tr(" /kWh"));
  m_priceSpin->setSpecialValueText(tr("site price"));
  m_priceSpin->setToolTip(tr("Energy price; choosing a site resets it to the site's price"));
  m_loadSpin = new QSpinBox;
  m_loadSpin->setObjectName(QStringLiteral("dashboardLoadSpin"));
  m_loadSpin->setRange(0, 100);
  m_loadSpin->setSuffix(tr(" % utilisation"));
  m_loadSpin->setToolTip(tr("Mean IT load the power, thermal and cost models evaluate the hall "
                            "at: part of the document, saved and undoable"));
  layout->addWidget(new QLabel(tr("Load")), 0, 0);
  layout->addWidget(m_loadSpin, 0, 1);
  layout->addWidget(new QLabel(tr("Site")), 1, 0);
  layout->addWidget(m_siteCombo, 1, 1);
  layout->addWidget(new QLabel(tr("Energy")), 2, 0);
  layout->addWidget(m_priceSpin, 2, 1);
  m_currencyBox = new CurrencyBox;
  layout->addWidget(new QLabel(tr("Currency")), 3, 0);
  layout->addWidget(m_currencyBox, 3, 1);
  connect(m_currencyBox, &CurrencyBox::currencyEdited, this, &DashboardPanel::currencyEdited);
  layout->setColumnStretch(1, 1);
  syncFromDocument(); // the defaults until a document comes
  connect(m_siteCombo, &QComboBox::currentIndexChanged, this, &DashboardPanel::onSiteChanged);
  connect(m_priceSpin, &QDoubleSpinBox::valueChanged, this, &DashboardPanel::evaluate);
  connect(m_loadSpin, &QSpinBox::valueChanged, this, &DashboardPanel::evaluate);
  return controls;
}

QWidget* DashboardPanel::createCards()
{
  auto* cards = new QWidget;
  auto* grid = new QGridLayout(cards);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(6);
  int index = 0;
  for (const KpiSpec& spec : kKpis)
  {
    auto* frame = new QFrame;
    frame->setObjectName(QStringLiteral("kpi_%1").arg(QLatin1String(spec.key)));
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setToolTip(tr(spec.tip));
    auto* box = new QVBoxLayout(frame);
    box->setContentsMargins(8, 4, 8, 6);
    box->setSpacing(0);
    auto* title = new QLabel(tr(spec.title));
    title->setStyleSheet(QStringLiteral("color: palette(dark); font-size: 9pt;"));
    Card card;
    card.value = new QLabel(kMissing);
    card.value->setObjectName(QStringLiteral("kpiValue_%1").arg(QLatin1String(spec.key)));
    card.value->setStyleSheet(QStringLiteral("font-size: 15pt; font-weight: bold;"));
    card.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    card.unit = new QLabel;
    card.unit->setStyleSheet(QStringLiteral("color: palette(dark); font-size: 8pt;"));
    card.unit->setWordWrap(true); // a long unit must not widen the dock
    box->addWidget(title);
    box->addWidget(card.value);
    box->addWidget(card.unit);
    grid->addWidget(frame, index / 2, index % 2);
    m_cards.emplace(QLatin1String(spec.key), card);
    ++index;
  }
  return cards;
}

QStringList DashboardPanel::kpiKeys()
{
  QStringList keys;
  for (const KpiSpec& spec : kKpis)
  {
    keys << QLatin1String(spec.key);
  }
  return keys;
}

QString DashboardPanel::kpiText(const QString& key) const
{
  const auto it = m_cards.find(key);
  return it == m_cards.end() ? QString() : it->second.value->text();
}

std::optional<double> DashboardPanel::kpiValue(const QString& key) const
{
  const auto it = m_cards.find(key);
  return it == m_cards.end() ? std::nullopt : it->second.number;
}

QString DashboardPanel::errorText() const
{
  return m_errorLabel->text();
}

void DashboardPanel::setScene(const engine::Scene* scene, const engine::Catalog* catalog)
{
  m_scene = scene;
  m_catalog = catalog;
  if (m_catalog != m_sitesFrom)
  {
    fillSites();
  }
  syncFromDocument();
  evaluate();
}

void DashboardPanel::fillSites()
{
  m_sitesFrom = m_catalog;
  {
    const QSignalBlocker blocker(m_siteCombo);
    m_siteCombo->clear();
    if (m_catalog)
    {
      // The interface language's name of the site where the data has one (QLocale follows the
      // interface language), the English one otherwise and as its tooltip.
      const std::string language = QLocale().name().toStdString();
      for (const std::string& id : econ::siteIds(*m_catalog))
      {
        const econ::SiteClimate site = econ::siteClimate(id, *m_catalog);
        const auto local = site.localNames.find(language);
        const QString english = QString::fromStdString(site.name);
        m_siteCombo->addItem(local == site.localNames.end() ? english
                                                            : QString::fromStdString(local->second),
                             QString::fromStdString(id));
        m_siteCombo->setItemData(m_siteCombo->count() - 1, english, Qt::ToolTipRole);
      }
    }
  }
}

namespace
{

/** The document's evaluation context; the defaults without a document or when malformed. */
econ::EconomicsInputs documentContext(const engine::Scene* scene)
{
  try
  {
    return scene ? econ::documentInputs(*scene) : econ::EconomicsInputs{};
  }
  catch (const engine::Error&)
  {
    return {}; // the live loop's economics stage reports the malformed context
  }
}

/** The energy price of the site called `id` (0: the catalog has none). */
double sitePrice(const engine::Catalog* catalog, const std::string& id)
{
  try
  {
    return catalog ? econ::siteClimate(id, *catalog).energyPriceUSDPerKWh.value_or(0) : 0;
  }
  catch (const engine::Error&)
  {
    return 0; // evaluate() reports the unknown site
  }
}

} // namespace

void DashboardPanel::syncFromDocument()
{
  const econ::EconomicsInputs context = documentContext(m_scene);
  const QSignalBlocker siteBlocker(m_siteCombo);
  const QSignalBlocker priceBlocker(m_priceSpin);
  const QSignalBlocker loadBlocker(m_loadSpin);
  const int site = m_siteCombo->findData(QString::fromStdString(context.site));
  m_siteCombo->setCurrentIndex(site >= 0 ? site : 0);
  // The energy price is typed in the scene's currency; the inputs keep it in USD.
  const DisplayCurrency currency = m_scene ? displayCurrency(m_scene->site) : DisplayCurrency{};
  m_priceSpin->setRange(0, currency.perUsd); // up to 1 USD/kWh
  m_priceSpin->setPrefix(report::currencySymbol(currency.code));
  m_priceSpin->setValue(context.energyPriceUSDPerKWh.value_or(sitePrice(m_catalog, context.site)) *
                        currency.perUsd);
  if (m_scene)
  {
    m_currencyBox->showSite(m_scene->site);
  }
  m_loadSpin->setValue(static_cast<int>(std::lround(context.utilisation * 100)));
}

void DashboardPanel::onSiteChanged()
{
  // A new site brings its own energy price (0 = "site price" when the site has none).
  const double price = sitePrice(m_catalog, m_siteCombo->currentData().toString().toStdString());
  {
    const QSignalBlocker blocker(m_priceSpin);
    m_priceSpin->setValue(price * (m_scene ? displayCurrency(m_scene->site).perUsd : 1));
  }
  evaluate();
}

econ::EconomicsInputs DashboardPanel::currentInputs() const
{
  econ::EconomicsInputs inputs = documentContext(m_scene);
  if (m_siteCombo->currentIndex() >= 0)
  {
    inputs.site = m_siteCombo->currentData().toString().toStdString();
  }
  // A price equal to the site's as shown (in the box's currency and decimals) is the site's
  // price (it follows the site), not an override.
  const double perUsd = m_scene ? displayCurrency(m_scene->site).perUsd : 1;
  const double shown = m_priceSpin->value();
  const double siteShown = sitePrice(m_catalog, inputs.site) * perUsd;
  const double halfStep = 0.5 * std::pow(10.0, -m_priceSpin->decimals());
  if (shown > 0 && std::abs(shown - siteShown) > std::max(halfStep, 1e-9))
  {
    inputs.energyPriceUSDPerKWh = shown / perUsd;
  }
  else
  {
    inputs.energyPriceUSDPerKWh.reset();
  }
  if (std::lround(inputs.utilisation * 100) != m_loadSpin->value())
  {
    inputs.utilisation = m_loadSpin->value() / 100.0;
  }
  if (m_fabricBom)
  {
    inputs.bom = *m_fabricBom;
  }
  return inputs;
}

void DashboardPanel::setFabricBom(const std::optional<econ::BomInput>& bom)
{
  auto same = [](const econ::BomInput& a, const econ::BomInput& b)
  {
    return a.transceivers == b.transceivers && a.cables == b.cables && a.opticsUSD == b.opticsUSD &&
           a.cablesUSD == b.cablesUSD && a.opticsPowerW == b.opticsPowerW;
  };
  if (bom.has_value() == m_fabricBom.has_value() && (!bom || same(*bom, *m_fabricBom)))
  {
    return;
  }
  m_fabricBom = bom;
  evaluate();
}

econ::EconomicsInputs DashboardPanel::economicsInputs() const
{
  econ::EconomicsInputs inputs = currentInputs();
  inputs.bom = {};
  return inputs;
}

void DashboardPanel::evaluate()
{
  emit inputsChanged(); // the live loop prices the next edit with this site and price
  if (!m_scene || !m_catalog)
  {
    m_result.reset();
    m_sensitivity.reset();
    m_scenarioPanel->setContext(m_scene, m_catalog, currentInputs());
    m_coolingPanel->setContext(m_scene, m_catalog, currentInputs());
    showError({});
    return;
  }
  ++m_uiEvaluations;
  apply(evaluateDashboardEconomics(*m_scene, *m_catalog, currentInputs()));
}

void DashboardPanel::showLiveEconomics(const LiveEconomics& economics)
{
  if (!m_scene || !m_catalog || economics.generation < m_liveGeneration)
  {
    return; // older than the one shown
  }
  if (economics.generation == m_liveGeneration)
  {
    // The same run's second publication brings the tornado that follows the cost.
    if (economics.sensitivity && !m_liveTornadoShown && m_result)
    {
      m_sensitivity = economics.sensitivity;
      m_tornadoOrder =
        fillTornadoChart(m_tornadoChart, *m_sensitivity,
                         m_scene ? displayCurrency(m_scene->site) : DisplayCurrency{});
      m_liveTornadoShown = true;
    }
    return;
  }
  m_liveGeneration = economics.generation;
  m_liveTornadoShown = economics.sensitivity.has_value();
  const econ::BomInput& bom = economics.inputs.bom;
  const bool routed = bom.transceivers || bom.cables || bom.opticsUSD || bom.cablesUSD ||
                      bom.opticsPowerW; // an empty BOM is the per-node estimate
  m_fabricBom = routed ? std::optional(bom) : std::nullopt;
  const econ::EconomicsInputs current = currentInputs();
  if (economics.inputs.site != current.site ||
      economics.inputs.energyPriceUSDPerKWh != current.energyPriceUSDPerKWh)
  {
    evaluate();                // the site or price changed while the worker evaluated the old ones
    m_liveTornadoShown = true; // evaluate() drew the tornado of the panel's own inputs
    return;
  }
  apply(economics);
}

void DashboardPanel::apply(const LiveEconomics& economics)
{
  m_result = economics.result;
  if (economics.sensitivity || !economics.result)
  {
    // Without one (the live cost ahead of its tornado) the previous bars stay until it comes.
    m_sensitivity = economics.sensitivity;
  }
  m_scenarioPanel->setContext(m_scene, m_catalog, currentInputs());
  m_coolingPanel->setContext(m_scene, m_catalog, currentInputs());
  if (!m_result)
  {
    showError(tr("Cannot evaluate the economics: %1").arg(QString::fromStdString(economics.error)));
    return;
  }
  showResult(*m_result);
}

void DashboardPanel::refreshMoney()
{
  if (m_result)
  {
    showResult(*m_result);
  }
  m_scenarioPanel->refreshTable();
  m_coolingPanel->refreshTable();
}

void DashboardPanel::setCard(const QString& key, std::optional<double> number, const QString& text,
                             const QString& unit)
{
  Card& card = m_cards.at(key);
  card.number = number;
  card.value->setText(number ? text : kMissing);
  card.unit->setText(number ? unit : tr("missing"));
}

void DashboardPanel::showResult(const econ::EconomicsResult& result)
{
  const econ::Kpis& k = result.kpis;
  const DisplayCurrency currency = m_scene ? displayCurrency(m_scene->site) : DisplayCurrency{};
  const auto money = [&currency](const std::optional<double>& usd)
  { return usd ? formatMoney(*usd, currency) : kMissing; };
  const int years = currentInputs().years;
  setCard(QStringLiteral("gpus"), k.gpus, formatQuantity(k.gpus), tr("accelerators"));
  setCard(QStringLiteral("itMW"), k.itMW, formatFixed(k.itMW, 2),
          tr("MW mean · %1 peak").arg(formatFixed(k.itPeakMW, 2)));
  setCard(QStringLiteral("facilityMW"), k.facilityMW, formatFixed(k.facilityMW, 2), tr("MW mean"));
  // The engine reports PUE 0 when there is no IT energy: undefined, so shown as missing.
  // With a liquid loop, how much of the year its dry coolers alone suffice (no compressor).
  const econ::EnergyResult& energy = result.energy;
  const QString pueNote =
    energy.liquidLoop && energy.hours > 0
      ? tr("annual · liquid loop %1 % of hours without compressor at %2 °C")
          .arg(formatFixed(100 * energy.liquidEconomiserHours / energy.hours, 0),
               formatFixed(energy.liquidSupplyC, 0))
      : tr("annual");
  setCard(QStringLiteral("pue"), k.pue > 0 ? std::optional(k.pue) : std::nullopt,
          formatFixed(k.pue, 2), pueNote);
  setCard(QStringLiteral("capex"), k.capexUSD, money(k.capexUSD),
          tr("%1 up front").arg(currency.code));
  setCard(QStringLiteral("opex"), k.opexUSDPerYear, money(k.opexUSDPerYear),
          tr("%1 per year").arg(currency.code));
  setCard(QStringLiteral("tco"), k.tcoUSD, money(k.tcoUSD),
          tr("%1, %2-year PV").arg(currency.code).arg(years));
  setCard(QStringLiteral("gpuHour"), k.usdPerGpuHour, money(k.usdPerGpuHour),
          tr("%1 per GPU-hour").arg(currency.code));
  setCard(QStringLiteral("interruptions"), k.interruptionsPerDay,
          formatFixed(k.interruptionsPerDay, 1), tr("per day"));
  setCard(QStringLiteral("goodput"), k.goodput,
          QStringLiteral("%1 %").arg(formatFixed(k.goodput * 100, 1)), tr("of wall time"));

  QStringList unpriced = fillCapexChart(m_capexChart, result.capex, currency);
  for (const QString& category :
       fillCostChart(m_opexChart, result.opex, tr("OPEX per year"), currency))
  {
    unpriced << tr("%1 (OPEX)").arg(category);
  }
  fillEnergyChart(m_energyChart, result.energy);
  fillFeedChart(m_feedChart, result.power);
  m_tornadoOrder =
    m_sensitivity ? fillTornadoChart(m_tornadoChart, *m_sensitivity, currency) : QStringList();
  QStringList notes;
  if (!unpriced.isEmpty())
  {
    notes << tr("Costs without a price (not drawn): %1").arg(unpriced.join(QStringLiteral(", ")));
  }
  if (!result.missing.empty())
  {
    QStringList missing;
    for (const std::string& name : result.missing)
    {
      missing << QString::fromStdString(name);
    }
    notes << tr("Missing figures: %1").arg(missing.join(QStringLiteral(", ")));
  }
  m_messageLabel->setText(notes.join(QLatin1Char('\n')));
  m_messageLabel->setVisible(!notes.isEmpty());
  m_errorLabel->clear();
  m_errorLabel->hide();
}

void DashboardPanel::showError(const QString& message)
{
  for (const QString& key : kpiKeys())
  {
    setCard(key, std::nullopt, {}, {});
  }
  clearChart(m_capexChart);
  clearChart(m_opexChart);
  clearChart(m_energyChart);
  clearChart(m_feedChart);
  clearChart(m_tornadoChart);
  m_tornadoOrder.clear();
  m_messageLabel->clear();
  m_messageLabel->hide();
  m_errorLabel->setText(message);
  m_errorLabel->setVisible(!message.isEmpty());
}

} // namespace myriad::app
