#include "scenario_panel.h"

#include "live_scheduler.h"

#include "dashboard_charts.h"
#include "number_format.h"

#include "report.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace econ = myriad::engine::economics;

namespace myriad::app
{

namespace
{

const QString kNone = QStringLiteral("—");
constexpr char kReportJobKey[] = "report.pdf"; // the PDF report's job: newest wins

/** The report of `scene` (with `scenario`, if any) as a PDF at `path`; throws engine errors. */
void writeReport(const engine::Scene& scene, const engine::Catalog& catalog,
                 const econ::EconomicsInputs& inputs, const std::string& scenario,
                 const std::string& path)
{
  report::writeReportPdf(report::computeReport(scene, catalog, inputs, scenario, scene.site.name),
                         path);
}

/** A KPI value in its unit, as the report prints it; "—" when missing. */
QString valueText(const std::string& key, const std::optional<double>& v,
                  const DisplayCurrency& currency)
{
  if (!v)
  {
    return kNone;
  }
  if (key == "capexUSD" || key == "tcoUSD" || key == "opexUSDPerYear" || key == "usdPerGpuHour")
  {
    return formatMoney(*v, currency); // in the scene's currency, as the Dashboard's cards
  }
  if (key == "pue" || key == "itMW")
  {
    return formatFixed(*v, 3);
  }
  if (key == "goodput")
  {
    return QStringLiteral("%1 %").arg(formatFixed(*v * 100, 1));
  }
  if (key == "interruptionsPerDay")
  {
    return formatFixed(*v, 2);
  }
  return formatFixed(*v, 0);
}

QString changeText(const econ::KpiDelta& row, const DisplayCurrency& currency)
{
  const auto d = row.absolute();
  if (!d)
  {
    return kNone;
  }
  if (row.key == "goodput")
  {
    return QStringLiteral("%1%2 pt").arg(*d >= 0 ? "+" : "").arg(*d * 100, 0, 'f', 1);
  }
  const QString text = valueText(row.key, *d, currency);
  return *d >= 0 ? QLatin1Char('+') + text : text;
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignRight)
{
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(align | Qt::AlignVCenter);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  return item;
}

} // namespace

ScenarioPanel::ScenarioPanel(QWidget* parent)
  : QWidget(parent)
{
  setObjectName(QStringLiteral("scenarioPanel"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* row = new QGridLayout;
  m_combo = new QComboBox;
  m_combo->setObjectName(QStringLiteral("scenarioCombo"));
  m_combo->setToolTip(tr("Scenarios stored in the scene (variants of inputs and layout)"));
  m_compareButton = new QPushButton(tr("Compare"));
  m_compareButton->setObjectName(QStringLiteral("scenarioCompareButton"));
  m_highlightButton = new QPushButton(tr("Highlight differences in 3D"));
  m_highlightButton->setObjectName(QStringLiteral("scenarioHighlightButton"));
  m_reportButton = new QPushButton(tr("PDF report…"));
  m_reportButton->setObjectName(QStringLiteral("scenarioReportButton"));
  m_reportButton->setToolTip(tr("Executive report of the scene (and the chosen scenario)"));
  row->addWidget(new QLabel(tr("Scenario")), 0, 0);
  row->addWidget(m_combo, 0, 1);
  row->addWidget(m_compareButton, 0, 2);
  row->addWidget(m_highlightButton, 1, 1);
  row->addWidget(m_reportButton, 1, 2);
  row->setColumnStretch(1, 1);
  layout->addLayout(row);
  m_status = new QLabel;
  m_status->setObjectName(QStringLiteral("scenarioStatus"));
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  m_table = new QTableWidget(0, 5);
  m_table->setObjectName(QStringLiteral("scenarioCompareTable"));
  m_table->setHorizontalHeaderLabels(
    { tr("Indicator"), tr("Base"), tr("Scenario"), tr("Change"), tr("Change %") });
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->setMinimumHeight(200);
  m_table->hide();
  layout->addWidget(m_table);
  m_chart = makeDashboardChart(tr("Costs: base and scenario"));
  m_chartView = new QChartView(m_chart);
  m_chartView->setRenderHint(QPainter::Antialiasing);
  m_chartView->setMinimumHeight(320);
  m_chartView->hide();
  layout->addWidget(m_chartView);
  connect(m_compareButton, &QPushButton::clicked, this, &ScenarioPanel::compare);
  connect(m_highlightButton, &QPushButton::clicked, this, &ScenarioPanel::highlightDifferences);
  connect(m_reportButton, &QPushButton::clicked, this, &ScenarioPanel::chooseReportFile);
  connect(m_combo, &QComboBox::currentIndexChanged, this,
          [this]
          {
            m_comparison.reset();
            showComparison();
          });
  fillScenarios();
}

void ScenarioPanel::setContext(const engine::Scene* scene, const engine::Catalog* catalog,
                               const econ::EconomicsInputs& inputs)
{
  m_scene = scene;
  m_catalog = catalog;
  m_inputs = inputs;
  const bool wasShown = m_comparison.has_value();
  fillScenarios();
  if (wasShown && m_combo->currentIndex() > 0)
  {
    compare(); // live: the scene or the inputs changed under a shown comparison
  }
  else
  {
    m_comparison.reset();
    showComparison();
  }
}

void ScenarioPanel::fillScenarios()
{
  const QString current = m_combo->currentText();
  const QSignalBlocker blocker(m_combo);
  m_combo->clear();
  m_combo->addItem(tr("(base only)"));
  if (m_scene)
  {
    for (const auto& scenario : m_scene->scenarios)
    {
      m_combo->addItem(QString::fromStdString(scenario.name));
      m_combo->setItemData(m_combo->count() - 1, QString::fromStdString(scenario.description),
                           Qt::ToolTipRole);
    }
  }
  const int index = m_combo->findText(current);
  m_combo->setCurrentIndex(index > 0 ? index : (m_combo->count() > 1 ? 1 : 0));
  const bool any = m_combo->count() > 1;
  m_combo->setEnabled(any);
  m_compareButton->setEnabled(any);
  m_reportButton->setEnabled(m_scene != nullptr);
}

bool ScenarioPanel::compare()
{
  m_comparison.reset();
  if (!m_scene || !m_catalog || m_combo->currentIndex() <= 0)
  {
    showComparison();
    return false;
  }
  try
  {
    m_comparison =
      econ::compareScenario(*m_scene, *m_catalog, m_inputs, m_combo->currentText().toStdString());
  }
  catch (const engine::Error& error)
  {
    showComparison();
    m_status->setText(tr("Cannot compare: %1").arg(QString::fromUtf8(error.what())));
    m_status->setStyleSheet(QStringLiteral("color: #b00020;"));
    return false;
  }
  showComparison();
  return true;
}

void ScenarioPanel::showComparison()
{
  m_status->setStyleSheet({});
  m_highlightButton->setEnabled(m_comparison && !m_comparison->diff.empty());
  if (!m_comparison)
  {
    m_table->hide();
    m_table->setRowCount(0);
    m_chartView->hide();
    clearChart(m_chart);
    m_status->setText(m_combo->count() > 1 ? tr("Choose a scenario and press Compare.")
                                           : tr("The scene has no scenarios."));
    return;
  }
  const DisplayCurrency currency = m_scene ? displayCurrency(m_scene->site) : DisplayCurrency{};
  const auto& rows = m_comparison->kpis;
  m_table->setRowCount(static_cast<int>(rows.size()));
  m_table->setHorizontalHeaderItem(
    2, new QTableWidgetItem(QString::fromStdString(m_comparison->scenarioName)));
  for (int i = 0; i < static_cast<int>(rows.size()); ++i)
  {
    const econ::KpiDelta& k = rows[static_cast<std::size_t>(i)];
    const auto rel = k.relative();
    m_table->setItem(i, 0, cell(QString::fromStdString(k.label), Qt::AlignLeft));
    m_table->setItem(i, 1, cell(valueText(k.key, k.base, currency)));
    m_table->setItem(i, 2, cell(valueText(k.key, k.scenario, currency)));
    m_table->setItem(i, 3, cell(changeText(k, currency)));
    m_table->setItem(
      i, 4,
      cell(rel ? QStringLiteral("%1%2 %").arg(*rel >= 0 ? "+" : "").arg(*rel * 100, 0, 'f', 1)
               : kNone));
    const auto d = k.absolute();
    if (d && std::abs(*d) > 1e-12 * std::max(1.0, std::abs(k.base.value_or(1))))
    {
      const bool better = k.lowerIsBetter ? *d < 0 : *d > 0;
      const QColor tone = better ? QColor(30, 130, 60) : QColor(190, 40, 40);
      m_table->item(i, 3)->setForeground(tone);
      m_table->item(i, 4)->setForeground(tone);
    }
  }
  m_table->show();
  fillComparisonChart(m_chart, m_comparison->base, m_comparison->scenario.result,
                      QString::fromStdString(m_comparison->scenarioName), currency);
  m_chartView->show();
  const auto& d = m_comparison->diff;
  m_status->setText(
    tr("%1 — layout: %2 racks added, %3 removed, %4 changed; %5 coolers and %6 "
       "feeds differ.")
      .arg(QString::fromStdString(m_comparison->description))
      .arg(d.addedRacks.size())
      .arg(d.removedRacks.size())
      .arg(d.changedRacks.size())
      .arg(d.addedCoolers.size() + d.removedCoolers.size() + d.changedCoolers.size())
      .arg(d.addedFeeds.size() + d.removedFeeds.size() + d.changedFeeds.size()));
}

QString ScenarioPanel::statusText() const
{
  return m_status->text();
}

scenes::Overlay ScenarioPanel::diffOverlay(const econ::SceneDiff& diff)
{
  scenes::Overlay overlay;
  overlay.title = tr("Scenario differences").toStdString();
  overlay.unit = tr("−1 removed · 0 changed · +1 added").toStdString();
  overlay.minValue = -1;
  overlay.maxValue = 1;
  for (const auto& id : diff.removedRacks)
  {
    overlay.values.emplace_back(id, -1.0);
  }
  for (const auto& id : diff.changedRacks)
  {
    overlay.values.emplace_back(id, 0.0);
  }
  for (const auto& id : diff.addedRacks)
  {
    overlay.values.emplace_back(id, 1.0); // only in the scenario: not drawn on the base scene
  }
  return overlay;
}

bool ScenarioPanel::highlightDifferences()
{
  if (!m_comparison)
  {
    return false;
  }
  emit overlayRequested(diffOverlay(m_comparison->diff));
  return true;
}

QString ScenarioPanel::exportReport(const QString& path)
{
  if (!m_scene || !m_catalog)
  {
    return tr("No scene to report on.");
  }
  try
  {
    writeReport(*m_scene, *m_catalog, m_inputs, selectedScenario(), path.toStdString());
  }
  catch (const engine::Error& error)
  {
    return QString::fromUtf8(error.what());
  }
  return {};
}

std::string ScenarioPanel::selectedScenario() const
{
  return m_combo->currentIndex() > 0 ? m_combo->currentText().toStdString() : std::string();
}

void ScenarioPanel::setScheduler(LiveScheduler* scheduler)
{
  if (m_scheduler)
  {
    disconnect(m_scheduler, nullptr, this, nullptr);
  }
  m_scheduler = scheduler;
  if (m_scheduler)
  {
    connect(m_scheduler, &LiveScheduler::jobFinished, this, &ScenarioPanel::onJobFinished);
  }
}

void ScenarioPanel::startReport(const QString& path)
{
  if (!m_scene || !m_catalog)
  {
    showReportOutcome(path, tr("No scene to report on."));
    return;
  }
  if (!m_scheduler)
  {
    showReportOutcome(path, exportReport(path));
    return;
  }
  // The job owns copies: the document may change while the report is computed.
  auto scene = std::make_shared<const engine::Scene>(*m_scene);
  const engine::Catalog* catalog = m_catalog;
  const engine::economics::EconomicsInputs inputs = m_inputs;
  const std::string scenario = selectedScenario();
  const std::string file = path.toStdString();
  m_reportPath = path;
  m_reportJob = m_scheduler->submitJob(
    QString::fromLatin1(kReportJobKey),
    [scene, catalog, inputs, scenario, file](const engine::live::CancelToken&)
    {
      writeReport(*scene, *catalog, inputs, scenario, file);
      return std::static_pointer_cast<const void>(std::make_shared<const std::string>(file));
    });
  m_reportButton->setEnabled(false);
  m_status->setStyleSheet(QString());
  m_status->setText(tr("Writing the report (solving the hall at the document's load and at "
                       "peak)…"));
}

void ScenarioPanel::onJobFinished(const JobOutcome& outcome)
{
  if (outcome.key != QLatin1String(kReportJobKey) || outcome.generation != m_reportJob)
  {
    return; // another job, or a report a newer one replaced
  }
  m_reportJob = 0;
  m_reportButton->setEnabled(true);
  showReportOutcome(m_reportPath, outcome.cancelled ? tr("The report was cancelled.")
                                  : outcome.value   ? QString()
                                                    : outcome.error);
}

void ScenarioPanel::showReportOutcome(const QString& path, const QString& error)
{
  m_status->setText(error.isEmpty() ? tr("Wrote %1").arg(path) : error);
  m_status->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("color: #b00020;"));
  emit reportFinished(path, error);
}

void ScenarioPanel::chooseReportFile()
{
  const QString path = QFileDialog::getSaveFileName(
    this, tr("Save PDF report"), QStringLiteral("report.pdf"), tr("PDF documents (*.pdf)"));
  if (path.isEmpty())
  {
    return;
  }
  startReport(path);
}

} // namespace myriad::app
