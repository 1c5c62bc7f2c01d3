// TelemetryPanel, model vs measured: residuals and calibration of the shown snapshot on a
// worker thread (engine::telemetry::calibrate), their summary text, and the scenario file.
#include "telemetry_panel.h"

#include "live_scheduler.h"

#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

namespace
{

QString summaryLine(const char* what, const tel::ResidualSummary& s, const char* unit)
{
  if (s.count == 0)
    return QObject::tr("%1: nothing to compare").arg(QString::fromUtf8(what));
  return QObject::tr("%1: n %2, mean %3 %6, RMS %4 %6, worst %5 %6 (%7)")
    .arg(QString::fromUtf8(what))
    .arg(s.count)
    .arg(s.mean, 0, 'f', 2)
    .arg(s.rms, 0, 'f', 2)
    .arg(s.worst, 0, 'f', 2)
    .arg(QString::fromUtf8(unit), QString::fromStdString(s.worstId));
}

} // namespace

bool TelemetryPanel::isResidualMetric(Metric m)
{
  return m == Metric::InletResidual || m == Metric::GpuPowerResidual;
}

QWidget* TelemetryPanel::createResidualBox()
{
  auto* box = new QGroupBox(tr("Model vs measured"));
  auto* layout = new QVBoxLayout(box);
  auto* row = new QHBoxLayout;
  m_residualButton = new QPushButton(tr("Compare && calibrate"));
  m_residualButton->setObjectName(QStringLiteral("telemetryResidualButton"));
  m_residualButton->setToolTip(tr("Solve the thermal model (0.5 m cells), compare with the "
                                  "snapshot and fit GPU idle/peak power and the supply offset"));
  m_saveButton = new QPushButton(tr("Save scenario…"));
  m_saveButton->setEnabled(false);
  m_addToSceneButton = new QPushButton(tr("Add to scene as scenario"));
  m_addToSceneButton->setObjectName(QStringLiteral("telemetryAddScenarioButton"));
  m_addToSceneButton->setToolTip(
    tr("Add the calibrated parameters to the open scene as a named scenario (undoable); the "
       "Dashboard's scenario selector then compares it with the base"));
  m_addToSceneButton->setEnabled(false);
  layout->addWidget(m_residualButton);
  row->addWidget(m_saveButton); // the scenario: to a file, or into the open scene
  row->addWidget(m_addToSceneButton);
  layout->addLayout(row);
  m_residualLabel = new QLabel;
  m_residualLabel->setObjectName(QStringLiteral("telemetryResiduals"));
  m_residualLabel->setWordWrap(true);
  m_residualLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_residualLabel);
  connect(m_residualButton, &QPushButton::clicked, this, &TelemetryPanel::computeResiduals);
  connect(m_addToSceneButton, &QPushButton::clicked, this,
          [this]
          {
            if (m_calibration)
              emit addToSceneRequested();
          });
  connect(m_saveButton, &QPushButton::clicked, this,
          [this]
          {
            const QString path =
              QFileDialog::getSaveFileName(this, tr("Save calibrated scenario"),
                                           QStringLiteral("calibration.json"), tr("JSON (*.json)"));
            if (!path.isEmpty())
              saveCalibration(path);
          });
  return box;
}

void TelemetryPanel::computeResiduals()
{
  if (!m_scene || !m_catalog || !m_shownSnapshot)
  {
    setError(tr("Compare: open a scene and load a snapshot first"));
    return;
  }
  if (!m_scheduler)
  {
    setError(tr("Compare: no worker to run on"));
    return;
  }
  const quint64 generation = ++m_generation;
  m_running = true;
  m_residualButton->setEnabled(false);
  m_residualLabel->setText(tr("Solving the thermal model and fitting…"));
  // The job owns copies: the document may change while it runs.
  auto scene = std::make_shared<const engine::Scene>(*m_scene);
  auto snapshot = m_shownSnapshot;
  auto mapping = std::make_shared<const tel::MappingResult>(m_mapping);
  const engine::Catalog* catalog = m_catalog;
  m_residualJob = m_scheduler->submitJob(
    QStringLiteral("telemetry.residuals"),
    [scene, snapshot, mapping, catalog](const engine::live::CancelToken&)
    {
      auto result = std::make_shared<tel::Calibration>();
      try
      {
        tel::CalibrationOptions options;
        options.name =
          snapshot->fileName.empty() ? "calibrated" : "calibrated " + snapshot->fileName;
        *result = tel::calibrate(*scene, *catalog, *snapshot, *mapping, options);
      }
      catch (const std::exception& e)
      {
        result->notes.push_back(std::string("comparison failed: ") + e.what());
      }
      return std::static_pointer_cast<const void>(std::shared_ptr<const tel::Calibration>(result));
    });
  m_residualGeneration = generation;
  m_calibrationFor = snapshot;
}

void TelemetryPanel::onJobFinished(const JobOutcome& outcome)
{
  if (outcome.key != QLatin1String("telemetry.residuals") || outcome.generation != m_residualJob)
    return; // another dock's job, or a comparison a newer one replaced
  m_residualJob = 0;
  if (outcome.cancelled || !outcome.value)
  {
    if (m_residualGeneration == m_generation)
    {
      m_running = false;
      m_residualButton->setEnabled(true);
      if (!outcome.cancelled)
        m_residualLabel->setText(tr("Comparison failed: %1").arg(outcome.error));
    }
    return;
  }
  onResiduals(outcome.as<tel::Calibration>(), m_residualGeneration);
}

void TelemetryPanel::onResiduals(std::shared_ptr<const tel::Calibration> result, quint64 generation)
{
  if (generation != m_generation)
    return; // a newer request or another scene
  m_running = false;
  m_residualButton->setEnabled(true);
  m_calibration = *result;
  m_saveButton->setEnabled(true);
  m_addToSceneButton->setEnabled(m_scene != nullptr);
  showResidualText();
  if (isResidualMetric(metric()))
    refreshOverlay();
  emit residualsReady();
}

void TelemetryPanel::showResidualText()
{
  if (!m_calibration)
    return;
  const tel::Calibration& c = *m_calibration;
  QStringList lines;
  lines << summaryLine("Rack inlet", c.before.inletSummary, "K")
        << summaryLine("GPU power", c.before.gpuPowerSummary, "W")
        << summaryLine("Node power", c.before.nodePowerSummary, "W");
  for (const tel::GpuPowerFit& f : c.gpuPower)
    lines << (f.identifiable
                ? tr("%1: idle %2 ± %3 W (catalog %4), peak %5 ± %6 W (catalog %7); RMS %8 → %9 W")
                    .arg(QString::fromStdString(f.gpuPart))
                    .arg(f.idleW, 0, 'f', 1)
                    .arg(f.idleSeW, 0, 'f', 1)
                    .arg(f.catalogIdleW, 0, 'f', 0)
                    .arg(f.peakW, 0, 'f', 1)
                    .arg(f.peakSeW, 0, 'f', 1)
                    .arg(f.catalogPeakW, 0, 'f', 0)
                    .arg(f.rmsBeforeW, 0, 'f', 1)
                    .arg(f.rmsAfterW, 0, 'f', 1)
                : QString::fromStdString(f.note));
  if (c.inletFitted)
    lines << tr("Supply offset %1 ± %2 K (setpoint correction %3 K), recirculation gain %4%5; "
                "inlet RMS %6 → %7 K")
               .arg(c.inlet.supplyOffsetK, 0, 'f', 2)
               .arg(std::isfinite(c.inlet.supplyOffsetSeK)
                      ? QString::number(c.inlet.supplyOffsetSeK, 'f', 2)
                      : tr("n/a")) // one rack: no degrees of freedom left
               .arg(c.inlet.setpointCorrectionK(), 0, 'f', 2)
               .arg(c.inlet.recirculationGain, 0, 'f', 2)
               .arg(c.inlet.gainFitted ? QString() : tr(" (not fitted)"))
               .arg(c.inlet.rmsBeforeK, 0, 'f', 2)
               .arg(c.inlet.rmsAfterK, 0, 'f', 2);
  for (const std::string& note : c.notes)
    lines << QString::fromStdString(note);
  m_residualLabel->setText(lines.join(QLatin1Char('\n')));
}

bool TelemetryPanel::saveCalibration(const QString& path)
{
  if (!m_calibration)
  {
    setError(tr("No calibration to save: run Compare && calibrate first"));
    return false;
  }
  try
  {
    engine::writeFileAtomically(path.toStdString(), tel::calibrationJson(*m_calibration));
  }
  catch (const engine::Error& e)
  {
    setError(QString::fromUtf8(e.what()));
    return false;
  }
  setError({});
  return true;
}

std::optional<engine::Scenario> TelemetryPanel::calibratedScenario() const
{
  if (!m_calibration || !m_scene)
    return std::nullopt;
  return tel::calibrationScenario(*m_scene, *m_calibration);
}

QString TelemetryPanel::residualText() const
{
  return m_residualLabel->text();
}

} // namespace myriad::app
