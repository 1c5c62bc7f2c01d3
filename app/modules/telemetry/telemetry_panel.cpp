#include "telemetry_panel.h"

#include "connection_settings.h"

#include "live_scheduler.h"
#include "status_text.h"
#include "telemetry_poller.h"

#include "myriad/engine/telemetry/parsers.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

namespace
{

constexpr int kRankedRows = 20;

struct MetricSpec
{
  TelemetryPanel::Metric metric;
  const char* title;
  const char* unit;
};

constexpr MetricSpec kMetrics[] = {
  { TelemetryPanel::Metric::GpuTemperature, "GPU temperature", "°C" },
  { TelemetryPanel::Metric::GpuPower, "GPU power", "W" },
  { TelemetryPanel::Metric::GpuUtilization, "GPU utilisation", "%" },
  { TelemetryPanel::Metric::RackInlet, "Rack inlet (measured)", "°C" },
  { TelemetryPanel::Metric::InletResidual, "Inlet residual (measured − model)", "K" },
  { TelemetryPanel::Metric::GpuPowerResidual, "GPU power residual (measured − model)", "W" },
};

const MetricSpec& specOf(TelemetryPanel::Metric metric)
{
  for (const MetricSpec& s : kMetrics)
    if (s.metric == metric)
      return s;
  return kMetrics[0];
}

bool isResidual(TelemetryPanel::Metric m)
{
  return TelemetryPanel::isResidualMetric(m);
}

QString timeText(std::int64_t ms)
{
  return ms < 0
           ? QObject::tr("no time")
           : QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

TelemetryPanel::TelemetryPanel(QWidget* parent)
  : QWidget(parent)
  , m_poller(new TelemetryPoller(this))
{
  setObjectName(QStringLiteral("telemetryPanel"));
  // Scrolls as a whole in a short dock instead of squeezing the lists.
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(createSourceBox());
  layout->addWidget(createViewBox(), 1);
  layout->addWidget(createResidualBox());
  m_errorLabel = new QLabel;
  m_errorLabel->setObjectName(QStringLiteral("telemetryError"));
  m_errorLabel->setWordWrap(true);
  m_errorLabel->setStyleSheet(QStringLiteral("color: #b00020;"));
  m_errorLabel->hide();
  layout->addWidget(m_errorLabel);
  layout->addWidget(createDiagnosticsBox());
  content->setMinimumHeight(620);
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);

  connect(m_poller, &TelemetryPoller::snapshotReceived, this,
          [this](std::shared_ptr<const tel::Snapshot> s) { addSnapshot(std::move(s)); });
  connect(m_poller, &TelemetryPoller::stateChanged, this,
          [this](TelemetryPoller::State state, const QString& message)
          {
            m_liveLabel->setText(message);
            m_liveButton->setText(state == TelemetryPoller::State::Stopped ? tr("Start")
                                                                           : tr("Stop"));
            emit liveStatusChanged(m_poller->statusText());
            if (state == TelemetryPoller::State::Live)
              rememberConnection();
            // Failing source: what is on screen is no longer current (drawn as stale).
            if (m_shownSnapshot)
              refreshOverlay();
          });
}

TelemetryPanel::~TelemetryPanel()
{
  ++m_generation;
  if (m_scheduler && m_residualJob != 0)
    m_scheduler->cancelJob(QStringLiteral("telemetry.residuals")); // nobody is left to show it
}

void TelemetryPanel::setScheduler(LiveScheduler* scheduler)
{
  if (m_scheduler)
    disconnect(m_scheduler, nullptr, this, nullptr);
  m_scheduler = scheduler;
  if (m_scheduler)
    connect(m_scheduler, &LiveScheduler::jobFinished, this, &TelemetryPanel::onJobFinished);
  m_poller->setScheduler(scheduler);
}

QWidget* TelemetryPanel::createSourceBox()
{
  auto* box = new QGroupBox(tr("Source"));
  auto* form = new QFormLayout(box);
  auto* import = new QPushButton(tr("Import files…"));
  import->setObjectName(QStringLiteral("telemetryImportButton"));
  import->setToolTip(tr("DCGM/Prometheus text, Prometheus API JSON, nvidia-smi CSV, Redfish JSON"));
  connect(import, &QPushButton::clicked, this,
          [this]
          {
            const QStringList paths = QFileDialog::getOpenFileNames(
              this, tr("Import telemetry"), {},
              tr("Telemetry (*.prom *.txt *.metrics *.json *.csv);;All files (*)"));
            if (!paths.isEmpty())
              importFiles(paths);
          });
  form->addRow(import);
  m_sourceEdit = new QLineEdit;
  m_sourceEdit->setObjectName(QStringLiteral("telemetrySourceEdit"));
  m_sourceEdit->setPlaceholderText(
    tr("http://host:9400/metrics, a Prometheus query URL or a folder"));
  m_intervalSpin = new QSpinBox;
  m_intervalSpin->setRange(1, 3600);
  m_intervalSpin->setValue(15);
  m_intervalSpin->setSuffix(tr(" s"));
  m_liveButton = new QPushButton(tr("Start"));
  m_liveButton->setObjectName(QStringLiteral("telemetryLiveButton"));
  connect(m_liveButton, &QPushButton::clicked, this,
          [this]
          {
            if (m_poller->state() == TelemetryPoller::State::Stopped)
              startLive(m_sourceEdit->text().trimmed(), m_intervalSpin->value());
            else
              stopLive();
          });
  m_connectionButton = new QPushButton(tr("Connection…"));
  m_connectionButton->setObjectName(QStringLiteral("telemetryConnectionButton"));
  m_connectionButton->setToolTip(tr("CA bundle, bearer or basic authentication, OS keychain"));
  connect(m_connectionButton, &QPushButton::clicked, this, &TelemetryPanel::editConnection);
  m_endpoint = loadEndpoint(QStringLiteral("telemetry"));
  if (!m_endpoint.url.isEmpty())
    m_sourceEdit->setText(m_endpoint.url.toString());
  auto* row = new QHBoxLayout;
  row->addWidget(m_intervalSpin);
  row->addWidget(m_liveButton);
  row->addWidget(m_connectionButton);
  form->addRow(tr("Live:"), m_sourceEdit);
  form->addRow(tr("Every:"), row);
  m_liveLabel = new QLabel(tr("stopped"));
  m_liveLabel->setObjectName(QStringLiteral("telemetryLiveLabel"));
  m_liveLabel->setWordWrap(true);
  form->addRow(m_liveLabel);
  return box;
}

QWidget* TelemetryPanel::createViewBox()
{
  auto* box = new QGroupBox(tr("Snapshots"));
  auto* layout = new QVBoxLayout(box);
  m_snapshotList = new QListWidget;
  m_snapshotList->setObjectName(QStringLiteral("telemetrySnapshotList"));
  m_snapshotList->setMaximumHeight(110);
  layout->addWidget(m_snapshotList);
  m_slider = new QSlider(Qt::Horizontal);
  m_slider->setObjectName(QStringLiteral("telemetryTimeline"));
  m_slider->setRange(0, 0);
  m_slider->setTickPosition(QSlider::TicksBelow);
  m_followCheck = new QCheckBox(tr("Follow newest"));
  m_followCheck->setChecked(true);
  auto* row = new QHBoxLayout;
  row->addWidget(m_slider, 1);
  row->addWidget(m_followCheck);
  layout->addLayout(row);
  m_metricCombo = new QComboBox;
  m_metricCombo->setObjectName(QStringLiteral("telemetryMetricCombo"));
  for (const MetricSpec& s : kMetrics)
    m_metricCombo->addItem(tr(s.title), int(s.metric));
  layout->addWidget(m_metricCombo);
  m_summaryLabel = new QLabel(tr("No telemetry yet: import files or start a live source."));
  m_summaryLabel->setObjectName(QStringLiteral("telemetrySummary"));
  m_summaryLabel->setWordWrap(true);
  layout->addWidget(m_summaryLabel);
  m_ranked = new QTreeWidget;
  m_ranked->setObjectName(QStringLiteral("telemetryRanked"));
  m_ranked->setHeaderLabels({ tr("Object"), tr("Value") });
  m_ranked->setRootIsDecorated(false);
  m_ranked->setUniformRowHeights(true);
  m_ranked->setMinimumHeight(160);
  m_ranked->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  layout->addWidget(m_ranked, 1);

  connect(m_snapshotList, &QListWidget::currentRowChanged, this,
          [this](int current)
          {
            if (!m_syncing && current >= 0)
              showSnapshot(current);
          });
  connect(m_slider, &QSlider::valueChanged, this,
          [this](int value)
          {
            if (!m_syncing)
              showSnapshot(value);
          });
  connect(m_metricCombo, &QComboBox::currentIndexChanged, this,
          [this]
          {
            if (isResidual(metric()) && m_shownSnapshot && m_calibrationFor != m_shownSnapshot)
              computeResiduals();
            refreshOverlay();
          });
  connect(m_ranked, &QTreeWidget::itemActivated, this,
          [this](QTreeWidgetItem* item) { emit objectActivated(item->text(0)); });
  connect(m_ranked, &QTreeWidget::itemClicked, this,
          [this](QTreeWidgetItem* item) { emit objectActivated(item->text(0)); });
  return box;
}

void TelemetryPanel::setScene(const engine::Scene* scene, const engine::Catalog* catalog)
{
  m_scene = scene;
  m_catalog = catalog;
  ++m_generation; // a running comparison belongs to the old scene
  m_running = false;
  m_calibration.reset();
  m_calibrationFor.reset();
  m_saveButton->setEnabled(false);
  m_addToSceneButton->setEnabled(false);
  m_residualLabel->clear();
  remap();
}

int TelemetryPanel::importFiles(const QStringList& paths)
{
  QStringList problems;
  int added = 0;
  clearDiagnostics();
  QApplication::setOverrideCursor(Qt::WaitCursor);
  for (const QString& path : paths)
  {
    tel::ParseOptions options;
    options.fileName = QFileInfo(path).fileName().toStdString();
    std::shared_ptr<tel::Snapshot> snapshot;
    try // the parsers report bad input as diagnostics; this catches what they cannot (memory)
    {
      snapshot =
        std::make_shared<tel::Snapshot>(tel::parseSnapshotFile(path.toStdString(), options));
    }
    catch (const std::exception& e)
    {
      const QString message = tr("cannot be read: %1").arg(QString::fromUtf8(e.what()));
      addDiagnosticRow(true, QFileInfo(path).fileName(), 0, QString(), message);
      problems << tr("%1: %2").arg(path, message);
      continue;
    }
    listDiagnostics(*snapshot);
    if (snapshot->samples.empty())
    {
      problems << (snapshot->diagnostics.empty()
                     ? tr("%1: no samples").arg(path)
                     : QString::fromStdString(snapshot->diagnostics.front().toString()));
      continue;
    }
    if (snapshot->timeMs < 0) // no timestamps in the file: order by modification time
      snapshot->timeMs = QFileInfo(path).lastModified().toMSecsSinceEpoch();
    if (!snapshot->diagnostics.empty() &&
        (snapshot->errorCount() > 0 || snapshot->rowsRejected > 0))
      problems << tr("%1: %2 rows rejected, first: %3")
                    .arg(path)
                    .arg(QLocale().toString(qulonglong(snapshot->rowsRejected)))
                    .arg(QString::fromStdString(snapshot->diagnostics.front().toString()));
    addSnapshot(std::move(snapshot));
    ++added;
  }
  QApplication::restoreOverrideCursor();
  setError(problems.join(QLatin1Char('\n')));
  return added;
}

void TelemetryPanel::addSnapshot(std::shared_ptr<const tel::Snapshot> snapshot)
{
  if (!snapshot)
    return;
  const auto shown = m_shownSnapshot;
  m_store.push(snapshot);
  rebuildSnapshotList();
  int index = -1;
  for (std::size_t i = 0; i < m_store.size(); ++i)
    if (m_store.at(i) == (m_followCheck->isChecked() || !shown ? m_store.latest() : shown))
      index = int(i);
  showSnapshot(index < 0 ? int(m_store.size()) - 1 : index);
  emit snapshotAdded();
}

bool TelemetryPanel::startLive(const QString& source, int intervalS)
{
  if (source.isEmpty())
  {
    setError(tr("Live source: enter an http(s) URL or a folder path"));
    return false;
  }
  const QUrl url(source, QUrl::StrictMode);
  const bool http = url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https");
  if (http && (!url.isValid() || url.host().isEmpty()))
  {
    setError(tr("Live source: %1 is not a valid URL (%2)").arg(source, url.errorString()));
    return false;
  }
  if (!http && !QFileInfo(source).isDir())
  {
    setError(tr("Live source: %1 is neither an http(s) URL nor an existing folder").arg(source));
    return false;
  }
  setError({});
  m_sourceEdit->setText(source);
  m_intervalSpin->setValue(std::clamp(intervalS, 1, 3600));
  if (http)
    startHttp(url, intervalS);
  else
    m_poller->startFolder(source, intervalS * 1000);
  return true;
}

void TelemetryPanel::stopLive()
{
  m_poller->stop();
}

std::shared_ptr<const tel::Snapshot> TelemetryPanel::shownSnapshot() const
{
  return m_shownSnapshot;
}

void TelemetryPanel::rebuildSnapshotList()
{
  m_syncing = true;
  m_snapshotList->clear();
  for (std::size_t i = 0; i < m_store.size(); ++i)
  {
    const auto s = m_store.at(i);
    m_snapshotList->addItem(
      tr("%1 · %2 · %3 samples%4")
        .arg(timeText(s->timeMs), QString::fromStdString(s->fileName))
        .arg(formatCount(static_cast<long long>(s->samples.size())))
        .arg(s->errorCount() ? tr(" · %1 errors").arg(s->errorCount()) : QString()));
  }
  m_slider->setRange(0, std::max(0, int(m_store.size()) - 1));
  m_syncing = false;
}

void TelemetryPanel::showSnapshot(int index)
{
  const auto snapshot = m_store.at(std::size_t(std::max(0, index)));
  if (index < 0 || !snapshot)
    return;
  m_shown = index;
  m_syncing = true;
  m_slider->setValue(index);
  m_snapshotList->setCurrentRow(index);
  m_syncing = false;
  // Following only while the slider sits on the newest snapshot.
  m_followCheck->setChecked(index == int(m_store.size()) - 1);
  if (snapshot == m_shownSnapshot)
    return;
  m_shownSnapshot = snapshot;
  remap();
  if (isResidual(metric()))
    computeResiduals();
}

void TelemetryPanel::setMetric(Metric metric)
{
  m_metricCombo->setCurrentIndex(m_metricCombo->findData(int(metric)));
}

bool TelemetryPanel::isStale() const
{
  return m_poller->state() == TelemetryPoller::State::Backoff;
}

TelemetryPanel::Metric TelemetryPanel::metric() const
{
  return static_cast<Metric>(m_metricCombo->currentData().toInt());
}

void TelemetryPanel::remap()
{
  m_mapping = {};
  m_report = {};
  m_inlets.clear();
  if (!m_scene || !m_shownSnapshot)
  {
    m_overlay = {};
    m_ranked->clear();
    emit overlayCleared();
    return;
  }
  QElapsedTimer timer; // map + summarise + recolour (the overlay slot runs synchronously)
  timer.start();
  m_mapping = tel::mapSnapshot(*m_scene, *m_shownSnapshot);
  const qint64 tMap = timer.elapsed();
  m_report = tel::summarize(*m_scene, *m_shownSnapshot, m_mapping, kRankedRows);
  const qint64 tSummary = timer.elapsed();
  const auto& s = *m_shownSnapshot;
  m_summaryLabel->setText(
    tr("%1 · %2\nGPUs with data %3 / %4 (%5 %), nodes %6 / %7; %8 unmapped entities; "
       "%9 dead GPUs, %10 without data; mean %11 °C, max %12 °C, %13")
      .arg(QString::fromStdString(s.fileName), timeText(s.timeMs))
      .arg(formatCount(m_mapping.gpusWithData), formatCount(m_mapping.sceneGpus))
      .arg(100 * m_mapping.gpuCoverage(), 0, 'f', 1)
      .arg(formatCount(m_mapping.nodesWithData), formatCount(m_mapping.sceneNodes))
      .arg(m_mapping.unmapped.size())
      .arg(m_report.dead.size())
      .arg(m_report.withoutData.size())
      .arg(m_report.meanTemperatureC, 0, 'f', 1)
      .arg(m_report.maxTemperatureC, 0, 'f', 1)
      .arg(formatPower(m_report.totalPowerW)));
  refreshOverlay();
  m_summaryLabel->setText(m_summaryLabel->text() +
                          tr("\nMapped and coloured in %1 ms (map %2, summary %3 ms)")
                            .arg(timer.elapsed())
                            .arg(tMap)
                            .arg(tSummary - tMap));
}

std::vector<std::pair<std::string, double>> TelemetryPanel::metricValues()
{
  std::vector<std::pair<std::string, double>> values;
  switch (metric())
  {
    case Metric::GpuTemperature:
    case Metric::GpuPower:
    case Metric::GpuUtilization:
      for (const tel::GpuReading& g : m_report.gpus)
      {
        const double v = metric() == Metric::GpuTemperature ? g.temperatureC
                         : metric() == Metric::GpuPower     ? g.powerW
                                                            : 100 * g.utilization;
        values.emplace_back(g.gpuId, v);
      }
      break;
    case Metric::RackInlet:
      if (m_inlets.empty()) // computed on first use: it costs another pass over the samples
        m_inlets = tel::measureRackInlets(*m_scene, *m_shownSnapshot, m_mapping);
      for (const tel::InletResidual& r : m_inlets)
        values.emplace_back(r.rackId, r.measuredC);
      break;
    case Metric::InletResidual:
    case Metric::GpuPowerResidual:
      if (m_calibration && m_calibrationFor == m_shownSnapshot)
      {
        if (metric() == Metric::InletResidual)
          for (const auto& r : m_calibration->before.inlets)
            values.emplace_back(r.rackId, r.residualK());
        else
          for (const auto& r : m_calibration->before.gpuPower)
            values.emplace_back(r.id, r.residualW());
      }
      break;
  }
  return values;
}

void TelemetryPanel::refreshOverlay()
{
  if (!m_scene || !m_shownSnapshot)
    return;
  const MetricSpec& spec = specOf(metric());
  const bool byMagnitude = isResidualMetric(metric());
  const std::vector<std::pair<std::string, double>> values = metricValues();
  scenes::Overlay overlay;
  overlay.title = tr(spec.title).toStdString();
  overlay.unit = spec.unit;
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& [id, v] : values)
    if (std::isfinite(v))
      lo = std::min(lo, v), hi = std::max(hi, v);
  if (byMagnitude) // residuals: symmetric about 0, the middle of the scale is "as modelled"
    hi = std::max(std::abs(lo), std::abs(hi)), lo = -hi;
  overlay.minValue = std::isfinite(lo) ? lo : 0;
  overlay.maxValue = std::isfinite(hi) && hi > lo ? hi : overlay.minValue + 1;
  overlay.values = values;
  const bool failing = m_poller->state() == TelemetryPoller::State::Backoff;
  for (const auto& [id, v] : values)
    if (failing)
      overlay.stale.push_back(id);
  if (!failing)
    for (int i : m_report.dead)
      overlay.stale.push_back(m_report.gpus[std::size_t(i)].gpuId);
  m_overlay = overlay;
  fillRanked(values, byMagnitude, QString::fromUtf8(spec.unit));
  emit overlayChanged(m_overlay);
}

void TelemetryPanel::fillRanked(const std::vector<std::pair<std::string, double>>& values,
                                bool byMagnitude, const QString& unit)
{
  std::vector<std::pair<std::string, double>> finite;
  for (const auto& v : values)
    if (std::isfinite(v.second))
      finite.push_back(v);
  const auto key = [byMagnitude](double v) { return byMagnitude ? std::abs(v) : v; };
  const std::size_t n = std::min<std::size_t>(finite.size(), kRankedRows);
  std::partial_sort(finite.begin(), finite.begin() + std::ptrdiff_t(n), finite.end(),
                    [&](const auto& a, const auto& b) { return key(a.second) > key(b.second); });
  m_ranked->clear();
  for (std::size_t i = 0; i < n; ++i)
  {
    auto* item = new QTreeWidgetItem(m_ranked);
    item->setText(0, QString::fromStdString(finite[i].first));
    item->setText(1, QStringLiteral("%1 %2").arg(finite[i].second, 0, 'f', 1).arg(unit));
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
  }
}

QStringList TelemetryPanel::rankedIds() const
{
  QStringList ids;
  for (int i = 0; i < m_ranked->topLevelItemCount(); ++i)
    ids << m_ranked->topLevelItem(i)->text(0);
  return ids;
}

QString TelemetryPanel::summaryText() const
{
  return m_summaryLabel->text();
}

QString TelemetryPanel::errorText() const
{
  return m_errorLabel->text();
}

void TelemetryPanel::setError(const QString& text)
{
  m_errorLabel->setText(text);
  m_errorLabel->setVisible(!text.isEmpty());
}

} // namespace myriad::app
