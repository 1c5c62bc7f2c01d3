#pragma once
/**
 * @file telemetry_panel.h
 * The Telemetry dock: measured data on the twin (docs/models/telemetry.md §9–12).
 *
 * - Import snapshot files (DCGM/Prometheus text, Prometheus API JSON, nvidia-smi CSV, Redfish
 *   JSON; File → Import telemetry…, or dropped onto the window) or receive them live from a
 *   TelemetryPoller (HTTP URL or folder, owned by the panel).
 * - Snapshots go into a bounded engine::telemetry::SnapshotStore; a list and a timeline slider
 *   choose the one shown ("follow newest" keeps the slider on the latest live snapshot).
 * - The shown snapshot is mapped onto the scene and coloured as a hall overlay by the chosen
 *   metric (GPU temperature / power / utilisation, measured rack inlet, inlet residual, GPU
 *   power residual); dead GPUs (XID or all blank) and all values while the live source is
 *   failing are marked stale. The panel emits the overlay; the main window applies it.
 * - A list of the hottest (or most loaded, or worst-residual) objects; a click selects it.
 * - Residuals and calibration (engine::telemetry::calibrate) run on a worker thread; the panel
 *   shows mean/RMS/worst and the fitted parameters, and saves the named scenario as JSON or
 *   asks for it to be added to the open scene (addToSceneRequested: the main window adds
 *   calibratedScenario() through SceneDocument::addScenario, undoably).
 *
 * Model vs measured lives in telemetry_panel_residuals.cpp.
 *
 * Failures (unreadable file, nothing parsed) are shown in the panel and never replace the
 * snapshot on screen. Every diagnostic of the last import (bad lines, implausible or
 * non-finite readings left out, files that are no telemetry) is listed under "Import problems"
 * with file, line and field (telemetry_panel_diagnostics.cpp).
 */

#include "myriad/engine/telemetry/calibration.h"
#include "myriad/engine/telemetry/mapping.h"
#include "myriad/engine/telemetry/report.h"
#include "myriad/engine/telemetry/store.h"
#include "myriad/scenes/hall_scene.h"

#include "endpoint.h"

#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;
class QTreeWidget;

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::app
{

class LiveScheduler;
class TelemetryPoller;
struct JobOutcome;

class TelemetryPanel : public QWidget
{
  Q_OBJECT

public:
  /** What the overlay and the ranked list show. */
  enum class Metric
  {
    GpuTemperature,
    GpuPower,
    GpuUtilization,
    RackInlet,        ///< measured (sensor, else estimated from GPU temperature)
    InletResidual,    ///< measured − predicted, needs computeResiduals()
    GpuPowerResidual, ///< measured − catalog model, needs computeResiduals()
  };

  /** InletResidual and GpuPowerResidual: they need computeResiduals(). */
  static bool isResidualMetric(Metric metric);

  explicit TelemetryPanel(QWidget* parent = nullptr);
  /** Waits for a running residual computation (its result is dropped). */
  ~TelemetryPanel() override;

  /** The scene snapshots map onto (nullptr: none); both must outlive the panel or be replaced
   *  first. Re-maps the shown snapshot; residuals are dropped. */
  void setScene(const engine::Scene* scene, const engine::Catalog* catalog);

  /** Parse and add files; returns how many gave samples. Problems go to errorText(). */
  int importFiles(const QStringList& paths);
  /** Add a snapshot (import or live); shown at once when it is the newest and following. */
  void addSnapshot(std::shared_ptr<const engine::telemetry::Snapshot> snapshot);
  /** Start live polling: an http(s) URL or a folder path; false (errorText) when invalid. */
  bool startLive(const QString& source, int intervalS);
  void stopLive();

  /** Show the i-th snapshot of the store (0 = oldest); the slider and list follow. */
  void showSnapshot(int index);
  int shownIndex() const { return m_shown; }
  std::shared_ptr<const engine::telemetry::Snapshot> shownSnapshot() const;
  void setMetric(Metric metric);
  Metric metric() const;

  /** The app's scheduler: comparisons and the live poller's parses run as its on-demand jobs. */
  void setScheduler(LiveScheduler* scheduler);
  /** Compute residuals and calibration of the shown snapshot as a scheduler job (needs
   *  setScheduler; without one it says so in the dock). */
  void computeResiduals();
  bool residualsRunning() const { return m_running; }
  const std::optional<engine::telemetry::Calibration>& calibration() const { return m_calibration; }
  /** Write the calibrated scenario (JSON); false with errorText() on failure. */
  bool saveCalibration(const QString& path);
  /** The calibration as a scene scenario (engine::telemetry::calibrationScenario) of the
   *  current scene; nullopt without a calibration. */
  std::optional<engine::Scenario> calibratedScenario() const;
  /** True while the live source is failing: the shown values are no longer current. */
  bool isStale() const;

  const engine::telemetry::SnapshotStore& store() const { return m_store; }
  const engine::telemetry::MappingResult& mapping() const { return m_mapping; }
  const engine::telemetry::TelemetryReport& report() const { return m_report; }
  /** The overlay last emitted (empty values when none). */
  const scenes::Overlay& overlay() const { return m_overlay; }
  /** Object ids of the ranked list, top first. */
  QStringList rankedIds() const;
  QString summaryText() const;
  QString residualText() const;
  QString errorText() const;
  /** The problems of the last import, one line per diagnostic ("file:line: field: message"),
   *  as listed in the dock's "Import problems" list. */
  QStringList diagnosticTexts() const;
  TelemetryPoller* poller() const { return m_poller; }
  /** The live source's connection options (CA bundle, authentication, keychain entry) and its
   *  secret, held in memory only (telemetry_panel_connection.cpp, docs/security.md). */
  void setConnection(const connection::Endpoint& endpoint, const QByteArray& secret);
  const connection::Endpoint& connectionEndpoint() const { return m_endpoint; }
  /** Connection… : the options dialog. What it sets is used from the next Start and
   *  remembered (settings; the secret in the keychain if asked) once a poll succeeded. */
  void editConnection();

signals:
  void overlayChanged(const myriad::scenes::Overlay& overlay);
  void overlayCleared();
  /** The user clicked an object in the ranked list. */
  void objectActivated(const QString& id);
  /** Status-bar text of the live source changed. */
  void liveStatusChanged(const QString& text);
  void residualsReady();
  /** A snapshot was added (import or live). */
  void snapshotAdded();
  /** "Add to scene as scenario" was pressed (calibratedScenario() is set). */
  void addToSceneRequested();

private:
  QWidget* createSourceBox();
  QWidget* createViewBox();
  QWidget* createResidualBox();
  void rebuildSnapshotList();
  void remap();
  void refreshOverlay();
  /** (object id, value) of the chosen metric for the shown snapshot; NaN: no reading. */
  std::vector<std::pair<std::string, double>> metricValues();
  void fillRanked(const std::vector<std::pair<std::string, double>>& values, bool byMagnitude,
                  const QString& unit);
  void onJobFinished(const JobOutcome& outcome);
  void onResiduals(std::shared_ptr<const engine::telemetry::Calibration> result,
                   quint64 generation);
  void showResidualText();
  void setError(const QString& text);
  /** Poll `url` with the connection options, reading the secret from the keychain first
   *  when it is kept there and not in memory. */
  void startHttp(const QUrl& url, int intervalS);
  /** After a poll succeeded: the endpoint into the settings, the secret into the keychain
   *  when asked and not yet there (nothing is stored for an endpoint that never answered). */
  void rememberConnection();
  QWidget* createDiagnosticsBox();
  void clearDiagnostics();
  /** List every diagnostic of `snapshot` under "Import problems". */
  void listDiagnostics(const engine::telemetry::Snapshot& snapshot);
  /** One row of the list (also for failures outside the parsers). */
  void addDiagnosticRow(bool error, const QString& file, int line, const QString& field,
                        const QString& message);

  const engine::Scene* m_scene = nullptr;
  const engine::Catalog* m_catalog = nullptr;
  engine::telemetry::SnapshotStore m_store;
  int m_shown = -1;
  std::shared_ptr<const engine::telemetry::Snapshot> m_shownSnapshot;
  engine::telemetry::MappingResult m_mapping;
  engine::telemetry::TelemetryReport m_report;
  std::vector<engine::telemetry::InletResidual> m_inlets; ///< measured, for RackInlet
  scenes::Overlay m_overlay;
  std::optional<engine::telemetry::Calibration> m_calibration;
  std::shared_ptr<const engine::telemetry::Snapshot> m_calibrationFor;
  quint64 m_generation = 0;
  bool m_running = false;
  QPointer<LiveScheduler> m_scheduler; ///< cleared if it goes first (window teardown)
  quint64 m_residualJob = 0;           ///< the scheduler's generation of the comparison in flight
  quint64 m_residualGeneration = 0;    ///< m_generation when that comparison was submitted

  TelemetryPoller* m_poller = nullptr;
  QLineEdit* m_sourceEdit = nullptr;
  QSpinBox* m_intervalSpin = nullptr;
  QPushButton* m_liveButton = nullptr;
  QPushButton* m_connectionButton = nullptr;
  QLabel* m_liveLabel = nullptr;
  connection::Endpoint m_endpoint; ///< no secret; stored in the settings ("connections/telemetry")
  QByteArray m_secret;             ///< the endpoint's token or password, in memory only
  bool m_secretToStore = false;    ///< typed in Connection… with "keep in the keychain" on
  QListWidget* m_snapshotList = nullptr;
  QSlider* m_slider = nullptr;
  QCheckBox* m_followCheck = nullptr;
  QComboBox* m_metricCombo = nullptr;
  QLabel* m_summaryLabel = nullptr;
  QTreeWidget* m_ranked = nullptr;
  QPushButton* m_residualButton = nullptr;
  QPushButton* m_saveButton = nullptr;
  QPushButton* m_addToSceneButton = nullptr;
  QLabel* m_residualLabel = nullptr;
  QLabel* m_errorLabel = nullptr;
  QWidget* m_diagnosticsBox = nullptr;
  QTreeWidget* m_diagnostics = nullptr;
  bool m_syncing = false;
};

} // namespace myriad::app
