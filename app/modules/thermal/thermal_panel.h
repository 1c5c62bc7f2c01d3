#pragma once
/**
 * @file thermal_panel.h
 * The Thermal dock: solves the air flow and temperature of a hall
 * (engine::thermal::analyzeHall, docs/models/thermal.md) on a worker thread and shows the
 * answer: KPIs (max/mean rack inlet, racks above ASHRAE A1 recommended 27 °C and allowable
 * 32 °C, RCI_HI, SHI, energy balance, supply/demand airflow), a sortable table of racks by inlet
 * temperature (a click selects the rack), a table of coolers by load against capacity, and the
 * controls of the field in the 3D view (scenes::ThermalView: slice height, vertical slice,
 * arrows, streamlines, isosurface; the sliders move the slices live) and of "Colour racks by inlet"
 * (a HallScene overlay the main window applies).
 *
 * At the live cell on the first hall (the default) the dock shows the live thermal stage's field
 * (LiveResults::thermal, solved once per edit by the scheduler) and computes nothing itself.
 * At another cell or hall, solving never blocks the UI: solve() copies the scene and submits the
 * solve (at the dock's cell size and the document's load) as a LiveScheduler job; the result
 * arrives as a read-only shared snapshot. A solve asked for while one runs cancels it (newest scene
 * wins). A failed solve leaves the previous result on screen, marked stale, with the error in the
 * state line. The panel solves by itself when it is shown without an up-to-date result, and after
 * an edit while it is shown (warm-started from the previous field).
 */

#include "live_scheduler.h"

#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/scenes/hall_scene.h"

#include <QPointer>
#include <QString>

#include <QWidget>
#include <functional>

#include <map>
#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSlider;
class QStandardItemModel;
class QTabWidget;
class QTableView;

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::scenes
{
class ThermalView;
}

namespace myriad::app
{

class ThermalPanel : public QWidget
{
  Q_OBJECT

public:
  /** Columns of the rack table. */
  enum RackColumn
  {
    RackIdColumn,
    InletMeanColumn,
    InletMaxColumn, ///< bottom / middle / top points, sorted by the hottest of them
    ExhaustColumn,
    RackStatusColumn,
    RackColumnCount
  };

  explicit ThermalPanel(QWidget* parent = nullptr);
  /** Waits for a running solve to end (its result is dropped). */
  ~ThermalPanel() override;

  /**
   * Show `scene` (nullptr: nothing) with `catalog`; both must outlive the panel or be replaced
   * first. Forgets the previous result; solves at once when the panel is visible.
   */
  void setScene(const engine::Scene* scene, const engine::Catalog* catalog);
  /** The scene changed in place (an edit): re-solve (warm) when visible, else mark it stale. */
  void sceneChanged();
  /** The view that draws the field (not owned; may be nullptr). */
  void setView(scenes::ThermalView* view);

  /** The scheduler the solves run on (not owned; must outlive the panel or be replaced). */
  void setScheduler(LiveScheduler* scheduler);
  /** The solve run by the job: analyzeHall unless replaced (tests inject a failing one). */
  using Solver = std::function<engine::thermal::ThermalResult(
    const engine::Scene& scene, int hall, const engine::Catalog& catalog,
    const engine::thermal::ThermalOptions& options,
    const engine::thermal::ThermalSolution* warmStart)>;
  void setSolver(Solver solver);

  /**
   * The cell edge (m) of the live thermal stage's field (engine::live::liveThermalCellM of the
   * first hall; 0: none). At that cell on the first hall the dock shows the live field
   * (setLiveField) instead of solving: one solve per edit. setScene() starts at this cell.
   */
  void setLiveCellM(double cellM);
  double liveCellM() const { return m_liveCellM; }
  /**
   * The live thermal stage's newest field (LiveResults::thermal) and whether it describes the
   * current scene; `error`: the newest live run failed (the field is then the previous one).
   * Shown at once when the dock follows the live field and is visible or waiting for it.
   */
  void setLiveField(std::shared_ptr<const engine::thermal::ThermalResult> field, bool current,
                    const QString& error, double seconds);
  /** True when the dock shows the live stage's field: first hall, at the live cell. */
  bool followsLiveField() const;

  /**
   * Solve the selected hall: at the live cell, show the live field (or wait for it); at any
   * other cell, a scheduler job (cancels one still running).
   */
  void solve();
  bool isSolving() const { return m_job != 0 || m_waitingLive; }
  /** The last result, nullptr before the first solve or after setScene(). */
  const engine::thermal::ThermalResult* result() const { return m_result.get(); }
  /** The same, shared read-only. */
  std::shared_ptr<const engine::thermal::ThermalResult> resultSnapshot() const { return m_result; }
  /** True when the scene changed since the shown result was computed. */
  bool isStale() const { return m_stale; }

  /** Per-rack mean inlet temperatures of the result as a hall-view overlay (°C). */
  scenes::Overlay inletOverlay() const;
  /** Whether "Colour racks by inlet" is checked. */
  bool inletOverlayEnabled() const;

  /** The state line ("Solving hall H1…", "Solved in 1.2 s …", "Failed: …"). */
  QString stateText() const;
  /** Text of a KPI by key: maxInlet, meanInlet, aboveRecommended, aboveAllowable, rciHi, shi,
   *  energyBalance, airflowRatio; "—" without a result, empty for an unknown key. */
  QString kpiText(const QString& key) const;
  static QStringList kpiKeys();

  QPushButton* solveButton() const { return m_solveButton; }
  QTableView* rackTable() const { return m_rackTable; }
  QTableView* coolerTable() const { return m_coolerTable; }
  QCheckBox* sliceCheck() const { return m_sliceCheck; }
  QSlider* heightSlider() const { return m_heightSlider; }
  QComboBox* verticalCombo() const { return m_verticalCombo; }
  QSlider* verticalSlider() const { return m_verticalSlider; }
  QCheckBox* arrowsCheck() const { return m_arrowsCheck; }
  QCheckBox* streamlinesCheck() const { return m_streamlinesCheck; }
  QCheckBox* overlayCheck() const { return m_overlayCheck; }
  QCheckBox* isosurfaceCheck() const { return m_isoCheck; }
  QDoubleSpinBox* isosurfaceSpin() const { return m_isoSpin; }
  QDoubleSpinBox* cellSpin() const { return m_cellSpin; }

signals:
  void solveStarted();
  /** A result arrived and is shown. */
  void solved();
  void solveFailed(const QString& message);
  /** The user clicked a rack in the table. */
  void rackActivated(const QString& rackId);
  /** "Colour racks by inlet" changed, or its values did (a new result while checked). */
  void inletOverlayChanged(bool enabled);
  /** The 3D view needs a new frame (slice moved, toggled, new field). */
  void viewChanged();

protected:
  void showEvent(QShowEvent* event) override;

private:
  QWidget* createControls();
  void addSolveRows(QFormLayout* form, QWidget* box);
  void addSliceRows(QFormLayout* form, QWidget* box);
  void addIsosurfaceRow(QFormLayout* form, QWidget* box);
  QWidget* createKpis();
  void createTables();
  void startJob();
  void onJobFinished(const JobOutcome& outcome);
  /** Show `result` (a job's or the live stage's) as the current answer. */
  void showSolved(std::shared_ptr<const engine::thermal::ThermalResult> result, double seconds,
                  bool live);
  /** The solve failed: keep the previous field, marked stale, and say why. */
  void showFailure(const QString& error);
  /** Follow the live field: show it when it is current, else wait for it. */
  void takeLiveField();
  void cancelJob();
  void showResult();
  void fillRackTable();
  void fillCoolerTable();
  void fillKpis();
  void setState(const QString& text);
  void applySlice();
  void updateSliderRanges();
  void fillHalls();
  /** Give the view the shown result, at the world origin of its hall in the 3D view. */
  void showResultInView();

  const engine::Scene* m_scene = nullptr;
  const engine::Catalog* m_catalog = nullptr;
  scenes::ThermalView* m_view = nullptr;
  std::shared_ptr<const engine::thermal::ThermalResult> m_result;
  QPointer<LiveScheduler> m_scheduler; ///< cleared if it goes first (window teardown)
  Solver m_solver;
  quint64 m_job = 0; ///< generation of the solve this panel waits for (0: none)
  double m_liveCellM = 0;
  std::shared_ptr<const engine::thermal::ThermalResult> m_liveField; ///< live stage's newest
  bool m_liveCurrent = false; ///< m_liveField describes the current scene
  QString m_liveError;        ///< the newest live run failed
  double m_liveSeconds = 0;   ///< how long the live stage took
  bool m_waitingLive = false; ///< a solve at the live cell waits for the live stage
  bool m_stale = false;

  QLabel* m_stateLabel = nullptr;
  QPushButton* m_solveButton = nullptr;
  QComboBox* m_hallCombo = nullptr;
  QDoubleSpinBox* m_cellSpin = nullptr;
  QCheckBox* m_sliceCheck = nullptr;
  QSlider* m_heightSlider = nullptr;
  QLabel* m_heightLabel = nullptr;
  QComboBox* m_verticalCombo = nullptr;
  QSlider* m_verticalSlider = nullptr;
  QLabel* m_verticalLabel = nullptr;
  QCheckBox* m_arrowsCheck = nullptr;
  QCheckBox* m_streamlinesCheck = nullptr;
  QCheckBox* m_overlayCheck = nullptr;
  QCheckBox* m_isoCheck = nullptr;
  QDoubleSpinBox* m_isoSpin = nullptr;
  std::map<QString, QLabel*> m_kpiLabels;
  QStandardItemModel* m_rackModel = nullptr;
  QStandardItemModel* m_coolerModel = nullptr;
  QTableView* m_rackTable = nullptr;
  QTableView* m_coolerTable = nullptr;
  QTabWidget* m_tables = nullptr; ///< the rack and cooler tables as tabs
};

} // namespace myriad::app
