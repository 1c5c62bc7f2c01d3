#include "traffic_panel.h"

#include "number_format.h"
#include "sample_locator.h"
#include "ui_registry.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

namespace myriad::app
{

namespace tr = engine::traffic;
namespace fab = engine::fabric;

namespace
{
constexpr char kJobKey[] = "traffic-dock";                // the dock's runs, newest wins
constexpr char kSensitivityKey[] = "traffic-sensitivity"; // "What changes it most?"
} // namespace

namespace
{

QTableWidget* makeTable(const QStringList& headers)
{
  auto* table = new QTableWidget(0, static_cast<int>(headers.size()));
  table->setHorizontalHeaderLabels(headers);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->verticalHeader()->setVisible(false);
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

QString placementLabel(tr::PlacementKind kind)
{
  switch (kind)
  {
    case tr::PlacementKind::Packed:
      return QObject::tr("Packed");
    case tr::PlacementKind::Spread:
      return QObject::tr("Spread across SUs");
    case tr::PlacementKind::Random:
      return QObject::tr("Random");
    case tr::PlacementKind::Explicit:
      return QObject::tr("Explicit (from the file)");
  }
  return {};
}

} // namespace

std::vector<double> linkUtilisation(const fab::FabricGraph& graph, const tr::WorkloadResult& result)
{
  const auto& links = graph.links();
  std::vector<double> value(links.size(), std::nan(""));
  for (std::size_t l = 0; l < links.size() && 2 * l + 1 < result.peakLoadBps.size(); ++l)
  {
    const double peak = std::max(result.peakLoadBps[2 * l], result.peakLoadBps[2 * l + 1]);
    value[l] = links[l].rateBps > 0 ? peak / links[l].rateBps : std::nan("");
  }
  return value;
}

std::string sceneGpuIdOf(const fab::FabricGraph& graph, const tr::GpuCluster& cluster, int gpu)
{
  if (gpu < 0 || gpu >= cluster.size())
  {
    return {};
  }
  // NICs of a scene are "<node id>-NIC<i>"; GPU i of a node uses NIC i (one NIC per rail).
  const std::string& nicId = graph.device(cluster.nic[gpu]).id;
  const std::size_t cut = nicId.rfind("-NIC");
  if (cut == std::string::npos)
  {
    return {};
  }
  return nicId.substr(0, cut) + "-G" + std::to_string(cluster.local[gpu]);
}

TrafficPanel::TrafficPanel(QWidget* parent)
  : QWidget(parent)
{
  buildUi();
}

TrafficPanel::~TrafficPanel()
{
  if (m_job != 0 && m_scheduler)
  {
    m_scheduler->cancelJob(QString::fromLatin1(kJobKey)); // nobody is left to show it
  }
  if (m_sensitivityJob != 0 && m_scheduler)
  {
    m_scheduler->cancelJob(QString::fromLatin1(kSensitivityKey));
  }
}

void TrafficPanel::setScheduler(LiveScheduler* scheduler)
{
  if (m_scheduler)
  {
    disconnect(m_scheduler, nullptr, this, nullptr);
  }
  m_scheduler = scheduler;
  if (m_scheduler)
  {
    connect(m_scheduler, &LiveScheduler::jobFinished, this, &TrafficPanel::onJobFinished);
    connect(m_scheduler, &LiveScheduler::jobFinished, this, &TrafficPanel::onSensitivityFinished);
  }
}

void TrafficPanel::buildUi()
{
  m_jobList = new QListWidget;
  m_jobList->setObjectName(QStringLiteral("trafficJobList"));
  m_jobList->setMaximumHeight(110);
  m_placement = new QComboBox;
  m_placement->setObjectName(QStringLiteral("trafficPlacement"));
  for (tr::PlacementKind kind : { tr::PlacementKind::Packed, tr::PlacementKind::Spread,
                                  tr::PlacementKind::Random, tr::PlacementKind::Explicit })
  {
    m_placement->addItem(placementLabel(kind), static_cast<int>(kind));
  }
  m_placement->setToolTip(tr("Where the selected job's GPUs are in the hall"));
  m_routing = new QComboBox;
  m_routing->setObjectName(QStringLiteral("trafficRouting"));
  m_routing->addItem(tr("ECMP (one hashed path per flow)"), static_cast<int>(tr::Routing::Ecmp));
  m_routing->addItem(tr("Spray (flow split over all equal-cost paths)"),
                     static_cast<int>(tr::Routing::Spray));
  m_routing->addItem(tr("Rail-local (NVLink to the destination's rail first)"),
                     static_cast<int>(tr::Routing::RailLocal));
  m_routing->setToolTip(tr("How the selected job's fabric flows are routed"));
  auto* addButton = new QPushButton(tr("Add job file…"));
  auto* failButton = new QPushButton(tr("Fail selected switch"));
  failButton->setToolTip(tr("Take the switch selected in the 3D view or the scene tree out of "
                            "service; traffic is rerouted over the remaining paths"));
  auto* clearButton = new QPushButton(tr("Clear failures"));
  m_failedLabel = new QLabel(tr("No failed switches"));
  m_failedLabel->setWordWrap(true);
  m_runButton = new QPushButton(tr("Run"));
  m_runButton->setObjectName(QStringLiteral("trafficRun"));
  m_runButton->setDefault(true);
  m_state = new QLabel(tr("Choose a job and press Run."));
  m_state->setWordWrap(true);

  m_jobsTable = makeTable({ tr("Job"), tr("GPUs"), tr("Compute"), tr("Bubble"), tr("Exposed comm."),
                            tr("Step"), tr("MFU"), tr("Tokens/s"), tr("Interference"), tr("Run") });
  m_breakdown = new QLabel;
  m_breakdown->setObjectName(QStringLiteral("trafficBreakdown"));
  m_breakdown->setWordWrap(true);
  m_sensitivityButton = new QPushButton(tr("What changes it most?"));
  m_sensitivityButton->setObjectName(QStringLiteral("trafficSensitivity"));
  m_sensitivityButton->setToolTip(
    tr("Simulate the selected job again with one factor changed at a time (routing, placement, "
       "message size, oversubscription of the links above the leaves) and rank the changes"));
  m_sensitivityButton->setEnabled(false);
  m_sensitivityTable = makeTable({ tr("Change in step"), tr("Step"), tr("Factor"), tr("Change") });
  m_sensitivityTable->setObjectName(QStringLiteral("trafficSensitivityTable"));
  m_collectivesTable = makeTable({ tr("Collective"), tr("Algorithm"), tr("Members"),
                                   tr("Bytes/GPU"), tr("Time"), tr("Exposed"), tr("Bus BW") });
  m_hotLinks = makeTable({ tr("Cable"), tr("Tier"), tr("Peak utilisation") });
  m_hotLinks->setObjectName(QStringLiteral("trafficHotLinks"));
  m_timeline = new QChartView;
  m_timeline->setRenderHint(QPainter::Antialiasing);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(addButton);
  buttons->addWidget(m_runButton);
  auto* failRow = new QHBoxLayout;
  failRow->addWidget(failButton);
  failRow->addWidget(clearButton);
  auto* form = new QFormLayout;
  form->addRow(tr("Placement"), m_placement);
  form->addRow(tr("Routing"), m_routing);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_jobList);
  layout->addLayout(form);
  layout->addLayout(failRow);
  layout->addWidget(m_failedLabel);
  layout->addLayout(buttons);
  layout->addWidget(m_state);
  // The selected job's breakdown, the button that ranks what changes it and the ranking; the
  // collectives and the hottest cables: as tabs, each with the whole lower part of the dock (in
  // one splitter, at 1600 × 1000 each table showed one row).
  auto* breakdownPage = new QWidget;
  auto* breakdownLayout = new QVBoxLayout(breakdownPage);
  breakdownLayout->setContentsMargins(0, 4, 0, 0);
  breakdownLayout->addWidget(m_breakdown);
  auto* rankRow = new QHBoxLayout;
  rankRow->addStretch(1);
  rankRow->addWidget(m_sensitivityButton);
  breakdownLayout->addLayout(rankRow);
  breakdownLayout->addWidget(m_sensitivityTable, 1);
  // Room for the header and the four largest changes: the ranking is read top down.
  m_sensitivityTable->setMinimumHeight(
    m_sensitivityTable->horizontalHeader()->sizeHint().height() +
    4 * m_sensitivityTable->verticalHeader()->defaultSectionSize() +
    2 * m_sensitivityTable->frameWidth());
  m_details = new QTabWidget;
  m_details->setObjectName(QStringLiteral("trafficDetails"));
  m_details->setDocumentMode(true);
  m_details->addTab(breakdownPage, tr("Breakdown"));
  m_details->addTab(m_collectivesTable, tr("Collectives"));
  m_details->addTab(m_hotLinks, tr("Hottest cables"));
  UiRegistry::nameTabs(m_details, { "breakdown", "collectives", "hottestCables" });
  m_timeline->setMinimumHeight(110);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(m_jobsTable);
  split->addWidget(m_timeline);
  split->addWidget(m_details);
  split->setCollapsible(2, false);
  split->setStretchFactor(2, 1);
  layout->addWidget(split, 1);

  connect(addButton, &QPushButton::clicked, this,
          [this]
          {
            const QString path = QFileDialog::getOpenFileName(this, tr("Add a training job"),
                                                              QString(), tr("Job files (*.json)"));
            if (!path.isEmpty())
            {
              addJobFile(path);
            }
          });
  connect(m_runButton, &QPushButton::clicked, this, &TrafficPanel::runRequested);
  connect(failButton, &QPushButton::clicked, this, &TrafficPanel::failSelectedRequested);
  connect(clearButton, &QPushButton::clicked, this, [this] { setFailedSwitches({}); });
  connect(m_jobList, &QListWidget::currentRowChanged, this,
          [this](int row)
          {
            if (row >= 0 && row < jobCount())
            {
              const int index = m_placement->findData(static_cast<int>(m_jobs[row].placement));
              m_placement->setCurrentIndex(std::max(0, index));
              const int routing = m_routing->findData(static_cast<int>(m_jobs[row].routing));
              m_routing->setCurrentIndex(std::max(0, routing));
            }
          });
  connect(m_routing, &QComboBox::activated, this,
          [this]
          {
            const int row = m_jobList->currentRow();
            if (row >= 0 && row < jobCount())
            {
              m_jobs[row].routing = static_cast<tr::Routing>(m_routing->currentData().toInt());
            }
          });
  connect(m_placement, &QComboBox::activated, this,
          [this]
          {
            const int row = m_jobList->currentRow();
            if (row >= 0 && row < jobCount())
            {
              m_jobs[row].placement =
                static_cast<tr::PlacementKind>(m_placement->currentData().toInt());
            }
          });
  connect(m_jobsTable, &QTableWidget::currentCellChanged, this,
          [this](int row)
          {
            fillCollectives(row);
            fillBreakdown(row);
          });
  connect(m_sensitivityButton, &QPushButton::clicked, this,
          [this] { analyseSensitivity(std::max(0, m_jobsTable->currentRow())); });
  connect(m_hotLinks, &QTableWidget::cellClicked, this,
          [this](int row)
          {
            const QTableWidgetItem* item = m_hotLinks->item(row, 0);
            if (item)
            {
              emit linkActivated(item->data(Qt::UserRole + 1).toInt());
            }
          });
}

void TrafficPanel::loadPresets()
{
  m_jobs.clear();
  m_jobList->clear();
  for (const QString& path : jobPresetFiles())
  {
    addJobFile(path);
  }
  if (m_jobList->count() > 0)
  {
    m_jobList->item(0)->setCheckState(Qt::Checked);
    m_jobList->setCurrentRow(0);
  }
}

bool TrafficPanel::addJobFile(const QString& path)
{
  try
  {
    addJob(tr::loadJob(path.toStdString()));
    return true;
  }
  catch (const engine::Error& error)
  {
    emit errorOccurred(tr("Cannot read the job"), QString::fromStdString(error.what()));
    return false;
  }
}

void TrafficPanel::addJob(const tr::JobSpec& job)
{
  m_jobs.push_back(job);
  auto* item = new QListWidgetItem(tr("%1 — %2 GPUs (TP %3 · PP %4 · DP %5%6)")
                                     .arg(QString::fromStdString(job.name))
                                     .arg(formatInteger(job.gpus()))
                                     .arg(job.tp)
                                     .arg(job.pp)
                                     .arg(job.dp)
                                     .arg(job.ep > 1 ? tr(" · EP %1").arg(job.ep) : QString()));
  item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
  item->setCheckState(Qt::Unchecked);
  item->setToolTip(QString::fromStdString(job.source));
  m_jobList->addItem(item);
}

int TrafficPanel::jobCount() const
{
  return static_cast<int>(m_jobs.size());
}

bool TrafficPanel::hasJob(const QString& name) const
{
  return std::any_of(m_jobs.begin(), m_jobs.end(),
                     [&](const engine::traffic::JobSpec& job)
                     { return QString::fromStdString(job.name) == name; });
}

std::vector<tr::JobSpec> TrafficPanel::selectedJobs() const
{
  std::vector<tr::JobSpec> jobs;
  for (int i = 0; i < jobCount(); ++i)
  {
    if (m_jobList->item(i)->checkState() == Qt::Checked)
    {
      jobs.push_back(m_jobs[i]);
    }
  }
  return jobs;
}

void TrafficPanel::selectJobs(const QStringList& names)
{
  for (int i = 0; i < jobCount(); ++i)
  {
    const bool on = names.contains(QString::fromStdString(m_jobs[i].name));
    m_jobList->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
  }
}

void TrafficPanel::setFailedSwitches(const QStringList& ids)
{
  m_failed = ids;
  m_failedLabel->setText(ids.isEmpty() ? tr("No failed switches")
                                       : tr("Failed: %1").arg(ids.join(QStringLiteral(", "))));
}

bool TrafficPanel::running() const
{
  return m_job != 0;
}

bool TrafficPanel::run(std::shared_ptr<const fab::FabricGraph> fabric,
                       const engine::Catalog& catalog, const std::string& defaultGpu)
{
  std::vector<tr::JobSpec> jobs = selectedJobs();
  if (!m_scheduler || !fabric || jobs.empty())
  {
    m_state->setText(!m_scheduler ? tr("No worker to simulate on.")
                     : !fabric    ? tr("This scene has no fabric to run on.")
                                  : tr("Tick at least one job."));
    return false;
  }
  for (tr::JobSpec& job : jobs)
  {
    job.gpu = job.gpu.empty() ? defaultGpu : job.gpu;
  }
  std::vector<int> failed;
  for (const QString& id : m_failed)
  {
    const int device = fabric->find(id.toStdString());
    if (device >= 0)
    {
      failed.push_back(device);
    }
  }
  m_pendingGraph = fabric;
  m_pendingJobs = jobs;
  m_pendingFailed = failed;
  // Newest wins: a run still going is cancelled (simulateWorkload does not poll the token, so
  // it ends on its own; its answer is dropped) and this one starts after it.
  // The backend factory's solver, as the live loop uses (null: the CPU reference).
  const std::shared_ptr<engine::traffic::MaxMinSolver> solver = m_scheduler->maxMinSolver();
  m_job = m_scheduler->submitJob(
    QString::fromLatin1(kJobKey),
    [fabric, &catalog, jobs, failed, solver](const engine::live::CancelToken&)
    {
      return std::static_pointer_cast<const void>(std::make_shared<const tr::WorkloadResult>(
        tr::simulateWorkload(*fabric, catalog, jobs, failed, 0, solver.get())));
    });
  m_state->setText(
    tr("Simulating %n job(s) on the fabric…", nullptr, static_cast<int>(jobs.size())));
  return true;
}

void TrafficPanel::waitForRun()
{
  // For scripts and tests: turn the event loop (the UI keeps drawing) until the answer came.
  while (running())
  {
    QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
  }
}

void TrafficPanel::onJobFinished(const JobOutcome& outcome)
{
  if (outcome.key != QLatin1String(kJobKey) || outcome.generation != m_job)
  {
    return; // another dock's job, or a run a newer one replaced
  }
  m_job = 0;
  if (outcome.cancelled)
  {
    return;
  }
  if (!outcome.value)
  {
    // The previous result stays on screen; the state line says it is not this run's.
    m_state->setText(
      m_graph ? tr("Simulation failed: %1 (showing the previous result)").arg(outcome.error)
              : tr("Simulation failed: %1").arg(outcome.error));
    emit errorOccurred(tr("Traffic simulation failed"), outcome.error);
    return;
  }
  m_result = *outcome.as<tr::WorkloadResult>();
  m_graph = m_pendingGraph;
  m_resultJobs = m_pendingJobs;
  m_resultFailed = m_pendingFailed;
  m_state->setText(
    tr("Simulated %n job(s) in %1 ms on %3%2.", nullptr, static_cast<int>(m_result.jobs.size()))
      .arg(formatFixed(outcome.seconds * 1000, 0))
      .arg(m_failed.isEmpty()
             ? QString()
             : tr(" with %n switch(es) failed", nullptr, static_cast<int>(m_failed.size())))
      .arg(QString::fromStdString(m_result.solvedBy.backend)));
  m_state->setToolTip(QString::fromStdString(m_result.solvedBy.reason));
  showResult();
  emit resultReady();
}

} // namespace myriad::app
