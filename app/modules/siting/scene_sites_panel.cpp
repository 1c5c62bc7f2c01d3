// SceneSitesPanel: a multi-site scene's map and a job timed across its sites
// (scene_sites_panel.h).
#include "scene_sites_panel.h"

#include "number_format.h"
#include "sample_locator.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace myriad::app
{

namespace st = engine::siting;

namespace
{

/**
 * The site's name as the map and table show it: the scene's own, else the reference site's up to
 * its first comma; in Chinese the reference's Chinese name unless the scene names it otherwise.
 */
QString siteName(const engine::SceneSite& site, const engine::Catalog& catalog)
{
  const auto climate = engine::economics::siteClimate(site.reference, catalog);
  const QString reference =
    QString::fromStdString(climate.name).section(QLatin1Char(','), 0, 0).trimmed();
  const QString own = QString::fromStdString(site.name).trimmed();
  if (QLocale().language() == QLocale::Chinese && (own.isEmpty() || own == reference))
  {
    const auto zh = climate.localNames.find("zh_CN");
    if (zh != climate.localNames.end())
      return QString::fromStdString(zh->second);
  }
  return own.isEmpty() ? reference : own;
}

const engine::SceneSite* findSite(const engine::Scene& scene, const std::string& id)
{
  for (const engine::SceneSite& s : scene.sites)
    if (s.id == id)
      return &s;
  return nullptr;
}

QTableWidgetItem* numberItem(const QString& text)
{
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

} // namespace

SceneSitesPanel::SceneSitesPanel(const engine::Catalog& catalog, QWidget* parent)
  : QWidget(parent)
  , m_catalog(catalog)
{
  m_map = new SitingMap;
  m_map->setMinimumSize(240, 200); // the dock shares the bottom with Violations
  m_heading = new QLabel;
  m_heading->setWordWrap(true);
  m_economics = new QLabel;
  m_economics->setWordWrap(true);
  m_economics->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_economics->setToolTip(tr("Each site's halls at its reference site's climate, tariff and grid, "
                             "its fabric priced; the DCI links' CAPEX, lease and power added"));
  m_jobs = new QComboBox;
  m_channels = new QSpinBox;
  m_channels->setRange(1, 10000);
  m_channels->setToolTip(tr("Wavelengths per direction on every DCI link: a what-if on the "
                            "scene's links (the document keeps its own)"));
  m_sync = new QComboBox;
  m_sync->addItem(tr("Hierarchical (every step)"),
                  static_cast<int>(st::CrossSiteSync::Hierarchical));
  m_sync->addItem(tr("DiLoCo (every H steps)"), static_cast<int>(st::CrossSiteSync::DiLoCo));
  m_placement = new QComboBox;
  m_placement->addItem(tr("Whole replicas per site"), false);
  m_placement->addItem(tr("Pipeline stages split over two sites"), true);
  m_placement->setToolTip(tr("Whole replicas: the gradients cross the links every step (or every "
                             "H steps). Split stages: every replica spans two sites and only the "
                             "activations at the stage boundary cross the link"));
  for (QComboBox* box : { m_jobs, m_sync, m_placement })
  {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(8); // narrow docks elide the choice rather than clip the column
  }
  m_outerSteps = new QSpinBox;
  m_outerSteps->setRange(1, 1000000);
  m_outerSteps->setValue(100);
  m_outerSteps->setEnabled(false);
  m_run = new QPushButton(tr("Time the job across the sites"));
  m_summary = new QLabel;
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_table = new QTableWidget(0, 6);
  m_table->setHorizontalHeaderLabels({ tr("Site"), tr("GPUs"), tr("Replicas"), tr("Step alone (s)"),
                                       tr("DP exposed (s)"), tr("Step (s)") });
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

  auto* form = new QFormLayout;
  form->addRow(tr("Job"), m_jobs);
  form->addRow(tr("Wavelengths per link"), m_channels);
  form->addRow(tr("Placement"), m_placement);
  form->addRow(tr("Synchronisation"), m_sync);
  form->addRow(tr("Outer steps H"), m_outerSteps);
  auto* right = new QWidget;
  auto* column = new QVBoxLayout(right);
  column->addWidget(m_heading);
  column->addWidget(m_economics);
  column->addLayout(form);
  column->addWidget(m_run);
  column->addWidget(m_summary);
  column->addWidget(m_table, 1);
  m_table->setMinimumHeight(90); // the header and two sites' rows
  // The figures scroll rather than squeeze the form when the dock is short.
  auto* scroll = new QScrollArea;
  scroll->setWidget(right);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the texts wrap instead
  scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);    // a width that does not change
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(m_map);
  split->addWidget(scroll);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
  // Room for the controls, the figures and two sites' rows without squeezing the form.
  setMinimumHeight(340);

  connect(m_run, &QPushButton::clicked, this, [this] { timeJob(); });
  const auto enableSync = [this]
  {
    const bool split = m_placement->currentData().toBool();
    m_sync->setEnabled(!split);
    m_outerSteps->setEnabled(!split && m_sync->currentIndex() == 1);
  };
  connect(m_sync, &QComboBox::currentIndexChanged, this, enableSync);
  connect(m_placement, &QComboBox::currentIndexChanged, this, enableSync);
  loadJobs();
}

void SceneSitesPanel::loadJobs()
{
  for (const QString& path : jobPresetFiles())
  {
    try
    {
      m_jobSpecs.push_back(engine::traffic::loadJob(path.toStdString()));
      m_jobs->addItem(QString::fromStdString(m_jobSpecs.back().name));
    }
    catch (const engine::Error&)
    {
      // A preset that does not load is left out; the Traffic dock names its error.
    }
  }
  const int preset = m_jobs->findText(QStringLiteral("llama3-405b"));
  m_jobs->setCurrentIndex(std::max(0, preset));
}

void SceneSitesPanel::setScene(const engine::Scene& scene)
{
  m_scene = scene;
  m_result.reset();
  m_table->setRowCount(0);
  m_summary->clear();
  QVector<MapSite> sites;
  for (const engine::SceneSite& s : scene.sites)
  {
    const st::GeoPoint at = st::sceneSiteLocation(s, m_catalog);
    sites.push_back(
      { QString::fromStdString(s.id), siteName(s, m_catalog), at.latitudeDeg, at.longitudeDeg });
  }
  m_map->setSites(sites);
  rebuildMapOption(scene);
  const int channels = scene.links.empty() ? 16 : scene.links.front().channels;
  m_channels->setValue(channels);
  m_heading->setText(
    tr("%n site(s), %1 DCI link(s), %2 GPUs", nullptr, static_cast<int>(scene.sites.size()))
      .arg(scene.links.size())
      .arg(formatInteger(engine::countScene(scene, m_catalog).gpus)));
  m_run->setEnabled(!scene.sites.empty() && m_jobs->count() > 0);
  showEconomics(scene);
}

void SceneSitesPanel::showEconomics(const engine::Scene& scene)
{
  m_economics->clear();
  if (scene.sites.empty())
    return;
  try
  {
    const st::SitingOption e = st::sceneSitesEconomics(scene, m_catalog);
    double dci = 0;
    for (const st::DciLink& link : e.links)
      dci += link.capexUSD.value_or(0);
    m_economics->setText(
      tr("CAPEX %1 (DCI links %2), OPEX %3 per year, %4 per GPU-hour; %5 kt CO₂ per year "
         "location-based, %6 kt market-based")
        .arg(formatMoneyUsd(e.capexUSD), formatMoneyUsd(dci), formatMoneyUsd(e.opexUSDPerYear),
             formatMoneyUsd(e.usdPerGpuHour), formatFixed(e.carbonLocationT / 1e3, 1),
             formatFixed(e.carbonMarketT / 1e3, 1)));
  }
  catch (const engine::Error& error)
  {
    m_economics->setText(tr("No economics for the sites: %1").arg(error.what()));
  }
}

void SceneSitesPanel::rebuildMapOption(const engine::Scene& scene)
{
  m_option = {};
  for (const engine::SceneSite& s : scene.sites)
  {
    st::SiteShare share;
    share.site = s.id;
    share.location = st::sceneSiteLocation(s, m_catalog);
    share.hallGpus = engine::countScene(engine::siteSubScene(scene, s.id), m_catalog).gpus;
    m_option.sites.push_back(share);
  }
  for (const engine::SiteLink& link : scene.links)
  {
    const engine::SceneSite* a = findSite(scene, link.from);
    const engine::SceneSite* b = findSite(scene, link.to);
    if (a && b)
      m_option.links.push_back(st::evaluateDciLink(link, st::sceneSiteLocation(*a, m_catalog),
                                                   st::sceneSiteLocation(*b, m_catalog),
                                                   m_catalog));
  }
  m_map->setOption(m_option.sites.empty() ? nullptr : &m_option);
}

bool SceneSitesPanel::timeJob()
{
  const int index = m_jobs->currentIndex();
  if (m_scene.sites.empty() || index < 0 || index >= static_cast<int>(m_jobSpecs.size()))
  {
    m_summary->setText(tr("Open a scene with sites and choose a job."));
    return false;
  }
  engine::Scene whatIf = m_scene;
  for (engine::SiteLink& link : whatIf.links)
    link.channels = m_channels->value();
  st::SceneJobOptions options;
  options.sync = static_cast<st::CrossSiteSync>(m_sync->currentData().toInt());
  options.outerSteps = m_outerSteps->value();
  options.pipelineSplit = m_placement->currentData().toBool();
  QApplication::setOverrideCursor(Qt::WaitCursor);
  try
  {
    m_result = st::evaluateSceneJob(whatIf, m_catalog, m_jobSpecs[static_cast<std::size_t>(index)],
                                    options, nullptr);
  }
  catch (const engine::Error& error)
  {
    QApplication::restoreOverrideCursor();
    m_result.reset();
    m_table->setRowCount(0);
    m_summary->setText(tr("Cannot time the job across the sites: %1").arg(error.what()));
    return false;
  }
  QApplication::restoreOverrideCursor();
  rebuildMapOption(whatIf);
  showResult();
  return true;
}

void SceneSitesPanel::showResult()
{
  const st::SceneJobResult& r = *m_result;
  m_table->setRowCount(static_cast<int>(r.sites.size()));
  for (int row = 0; row < static_cast<int>(r.sites.size()); ++row)
  {
    const st::SceneJobSite& s = r.sites[static_cast<std::size_t>(row)];
    const engine::SceneSite* site = findSite(m_scene, s.site);
    m_table->setItem(
      row, 0,
      new QTableWidgetItem(site ? siteName(*site, m_catalog) : QString::fromStdString(s.site)));
    m_table->setItem(row, 1, numberItem(formatInteger(s.gpus)));
    m_table->setItem(row, 2, numberItem(formatInteger(s.replicas)));
    m_table->setItem(row, 3, numberItem(formatFixed(s.step.siteStepS, 3)));
    m_table->setItem(row, 4, numberItem(formatFixed(s.step.dpExposedS, 3)));
    m_table->setItem(row, 5, numberItem(formatFixed(s.stepS, 3)));
  }
  const QString bandwidth = formatFixed(r.ringBandwidthBps / 1e9, 0);
  const QString latency = formatFixed(r.ringLatencyS * 1e3, 1);
  QString text =
    r.pipelineSplit
      ? tr("Stage boundary across the sites: %1 GB per micro-batch each way over %2 Gb/s, %3 ms "
           "one way: %4 s per micro-batch. Step %5 s.")
          .arg(formatFixed(r.boundaryBytes / 1e9, 0), bandwidth, latency,
               formatFixed(r.exchangeS, 3), formatFixed(r.stepS, 3))
      : tr("Exchange across the sites: %1 GB over %2 Gb/s, %3 ms one way: %4 s. Step %5 s.")
          .arg(formatFixed(r.gradientBytes / 1e9, 0), bandwidth, latency,
               formatFixed(r.exchangeS, 3), formatFixed(r.stepS, 3));
  if (r.oneSiteStepS && r.slowdown)
  {
    text +=
      QLatin1Char(' ') + tr("One hall of the scene's design: %1 s; slowdown %2 %.")
                           .arg(formatFixed(*r.oneSiteStepS, 3), formatFixed(*r.slowdown * 100, 1));
    text += QLatin1Char(' ') + (r.bandwidthForTargetBps
                                  ? tr("A 5 % slowdown needs %1 Gb/s per link.")
                                      .arg(formatFixed(*r.bandwidthForTargetBps / 1e9, 0))
                                  : tr("No DCI bandwidth reaches a 5 % slowdown."));
  }
  text += QLatin1Char(' ') +
          (r.pipelineSplit ? tr("The job simulated on one hall, the boundary by the 1F1B schedule "
                                "(CPU reference solver), in %1 s.")
                           : tr("Each site simulated on its own fabric (CPU reference solver) "
                                "in %1 s."))
            .arg(formatFixed(r.seconds, 2));
  m_summary->setText(text);
}

} // namespace myriad::app
