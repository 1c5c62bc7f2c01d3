// The Thermal dock: controls, the background solve and the 3D field settings. The KPIs and
// tables are filled in thermal_panel_results.cpp.

#include "thermal_panel.h"
#include "ui_registry.h"

#include "number_format.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/hall_placement.h"
#include "myriad/engine/thermal/grid_rounding.h"
#include "myriad/scenes/thermal_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace thermal = myriad::engine::thermal;

namespace myriad::app
{

namespace
{

constexpr int kHeightStepsPerM = 10;       // height slider in 0.1 m steps
constexpr int kVerticalSteps = 1000;       // vertical-slice slider: share of the hall's extent
constexpr double kDefaultHeightM = 1.2;    // rack-intake height
constexpr char kJobKey[] = "thermal-dock"; // the dock's solves, newest wins

} // namespace

ThermalPanel::ThermalPanel(QWidget* parent)
  : QWidget(parent)
{
  setObjectName(QStringLiteral("thermalPanel"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(createControls());
  layout->addWidget(createKpis());
  createTables();
  // The racks and the coolers as tabs: each table gets the dock's whole height (as a split, at
  // 1600 × 1000 each showed two or three rows).
  m_tables = new QTabWidget(this);
  m_tables->setObjectName(QStringLiteral("thermalTables"));
  m_tables->setDocumentMode(true);
  m_tables->addTab(m_rackTable, tr("Racks"));
  m_tables->addTab(m_coolerTable, tr("Coolers"));
  UiRegistry::nameTabs(m_tables, { "racks", "coolers" });
  layout->addWidget(m_tables, 1);
  setState(tr("Not solved yet: open a hall, then press Solve"));
  fillKpis();
}

ThermalPanel::~ThermalPanel()
{
  cancelJob(); // nobody is left to show it
}

QWidget* ThermalPanel::createControls()
{
  auto* box = new QWidget(this);
  auto* form = new QFormLayout(box);
  form->setContentsMargins(0, 0, 0, 0);
  addSolveRows(form, box);
  addSliceRows(form, box);
  addIsosurfaceRow(form, box);

  connect(m_solveButton, &QPushButton::clicked, this, &ThermalPanel::solve);
  connect(m_sliceCheck, &QCheckBox::toggled, this, &ThermalPanel::applySlice);
  connect(m_arrowsCheck, &QCheckBox::toggled, this, &ThermalPanel::applySlice);
  connect(m_streamlinesCheck, &QCheckBox::toggled, this, &ThermalPanel::applySlice);
  connect(m_heightSlider, &QSlider::valueChanged, this, &ThermalPanel::applySlice);
  connect(m_verticalCombo, &QComboBox::currentIndexChanged, this, &ThermalPanel::applySlice);
  connect(m_verticalSlider, &QSlider::valueChanged, this, &ThermalPanel::applySlice);
  connect(m_isoCheck, &QCheckBox::toggled, this, &ThermalPanel::applySlice);
  connect(m_isoSpin, &QDoubleSpinBox::valueChanged, this, &ThermalPanel::applySlice);
  connect(m_overlayCheck, &QCheckBox::toggled, this,
          [this](bool on) { emit inletOverlayChanged(on && m_result); });
  applySlice();
  return box;
}

void ThermalPanel::addSolveRows(QFormLayout* form, QWidget* box)
{
  m_solveButton = new QPushButton(tr("Solve"), box);
  m_solveButton->setObjectName(QStringLiteral("thermalSolveButton"));
  m_solveButton->setToolTip(tr("Solve the air flow and temperature of the hall"));
  m_hallCombo = new QComboBox(box);
  m_hallCombo->setObjectName(QStringLiteral("thermalHallCombo"));
  m_cellSpin = new QDoubleSpinBox(box);
  m_cellSpin->setObjectName(QStringLiteral("thermalCellSpin"));
  m_cellSpin->setRange(0.1, 2.0);
  m_cellSpin->setSingleStep(0.05);
  m_cellSpin->setDecimals(2);
  m_cellSpin->setValue(0.25);
  m_cellSpin->setSuffix(tr(" m"));
  m_cellSpin->setToolTip(tr("Grid cell edge: smaller is finer and slower"));
  auto* solveRow = new QHBoxLayout;
  solveRow->addWidget(m_solveButton);
  solveRow->addWidget(m_hallCombo, 1);
  solveRow->addWidget(new QLabel(tr("Cell"), box));
  solveRow->addWidget(m_cellSpin);
  form->addRow(solveRow);
  m_stateLabel = new QLabel(box);
  m_stateLabel->setObjectName(QStringLiteral("thermalStateLabel"));
  m_stateLabel->setWordWrap(true);
  form->addRow(m_stateLabel);
}

void ThermalPanel::addSliceRows(QFormLayout* form, QWidget* box)
{
  m_sliceCheck = new QCheckBox(tr("Show field"), box);
  m_sliceCheck->setObjectName(QStringLiteral("thermalSliceCheck"));
  m_sliceCheck->setChecked(true);
  m_arrowsCheck = new QCheckBox(tr("Arrows"), box);
  m_arrowsCheck->setObjectName(QStringLiteral("thermalArrowsCheck"));
  m_arrowsCheck->setToolTip(tr("Air velocity on the horizontal slice"));
  m_streamlinesCheck = new QCheckBox(tr("Streamlines"), box);
  m_streamlinesCheck->setObjectName(QStringLiteral("thermalStreamlinesCheck"));
  m_streamlinesCheck->setToolTip(
    tr("Paths of the air from the cooling supplies, coloured by temperature"));
  m_overlayCheck = new QCheckBox(tr("Colour racks by inlet"), box);
  m_overlayCheck->setObjectName(QStringLiteral("thermalOverlayCheck"));
  auto* toggles = new QHBoxLayout;
  toggles->addWidget(m_sliceCheck);
  toggles->addWidget(m_arrowsCheck);
  toggles->addWidget(m_streamlinesCheck);
  toggles->addWidget(m_overlayCheck);
  toggles->addStretch(1);
  form->addRow(toggles);

  m_heightSlider = new QSlider(Qt::Horizontal, box);
  m_heightSlider->setObjectName(QStringLiteral("thermalHeightSlider"));
  m_heightSlider->setRange(0, 50);
  m_heightSlider->setValue(static_cast<int>(std::lround(kDefaultHeightM * kHeightStepsPerM)));
  m_heightLabel = new QLabel(box);
  auto* heightRow = new QHBoxLayout;
  heightRow->addWidget(m_heightSlider, 1);
  heightRow->addWidget(m_heightLabel);
  form->addRow(tr("Slice height"), heightRow);

  m_verticalCombo = new QComboBox(box);
  m_verticalCombo->setObjectName(QStringLiteral("thermalVerticalCombo"));
  m_verticalCombo->addItem(tr("None"), static_cast<int>(scenes::VerticalSlice::None));
  m_verticalCombo->addItem(tr("Along X (rows)"), static_cast<int>(scenes::VerticalSlice::AlongX));
  m_verticalCombo->addItem(tr("Along Y (across)"), static_cast<int>(scenes::VerticalSlice::AlongY));
  m_verticalSlider = new QSlider(Qt::Horizontal, box);
  m_verticalSlider->setObjectName(QStringLiteral("thermalVerticalSlider"));
  m_verticalSlider->setRange(0, kVerticalSteps);
  m_verticalSlider->setValue(kVerticalSteps / 2);
  m_verticalLabel = new QLabel(box);
  auto* verticalRow = new QHBoxLayout;
  verticalRow->addWidget(m_verticalCombo);
  verticalRow->addWidget(m_verticalSlider, 1);
  verticalRow->addWidget(m_verticalLabel);
  form->addRow(tr("Vertical slice"), verticalRow);
}

void ThermalPanel::addIsosurfaceRow(QFormLayout* form, QWidget* box)
{
  m_isoCheck = new QCheckBox(tr("Show"), box);
  m_isoCheck->setObjectName(QStringLiteral("thermalIsoCheck"));
  m_isoSpin = new QDoubleSpinBox(box);
  m_isoSpin->setObjectName(QStringLiteral("thermalIsoSpin"));
  m_isoSpin->setRange(5, 60);
  m_isoSpin->setSingleStep(0.5);
  m_isoSpin->setDecimals(1);
  m_isoSpin->setValue(27); // ASHRAE A1 recommended limit
  m_isoSpin->setSuffix(tr(" °C"));
  m_isoSpin->setToolTip(tr("Temperature of the surface (27 °C: ASHRAE A1 recommended limit)"));
  auto* isoRow = new QHBoxLayout;
  isoRow->addWidget(m_isoCheck);
  isoRow->addWidget(m_isoSpin);
  isoRow->addStretch(1);
  form->addRow(tr("Isosurface"), isoRow);
}

void ThermalPanel::setScene(const engine::Scene* scene, const engine::Catalog* catalog)
{
  m_scene = scene;
  m_catalog = catalog;
  cancelJob(); // a solve of the previous scene
  m_result.reset();
  m_stale = false;
  m_liveField.reset(); // the live stage's field of the previous scene
  m_liveCurrent = false;
  m_liveError.clear();
  fillHalls();
  if (m_liveCellM > 0)
  {
    const QSignalBlocker block(m_cellSpin);
    m_cellSpin->setValue(m_liveCellM); // the live field: solved once per edit, by the scheduler
  }
  if (m_view)
  {
    m_view->clear();
  }
  showResult();
  setState(tr("Not solved yet: open this dock or press Solve"));
  if (m_overlayCheck->isChecked())
  {
    emit inletOverlayChanged(false); // the old inlets name racks of the old scene
  }
  if (isVisible() && m_scene)
  {
    solve();
  }
}

void ThermalPanel::sceneChanged()
{
  if (!m_scene)
  {
    return;
  }
  m_stale = true;
  if (followsLiveField())
  {
    // The live stage solves this edit (or keeps its field when the edit changes no thermal
    // input): setLiveField() brings the answer.
    cancelJob();
    m_waitingLive = isVisible();
    if (m_waitingLive)
    {
      setState(tr("Waiting for the live thermal solve of this edit…"));
    }
    else
    {
      setState(tr("The scene changed: open this dock to see the live field"));
    }
    return;
  }
  if (isVisible())
  {
    solve();
    return;
  }
  if (!isSolving())
  {
    setState(tr("The scene changed: Solve to update"));
  }
}

void ThermalPanel::setView(scenes::ThermalView* view)
{
  m_view = view;
  showResultInView();
  applySlice();
}

void ThermalPanel::showResultInView()
{
  if (!m_view || !m_result)
  {
    return;
  }
  // The 3D view draws each hall at its own origin (several halls, several sites); the field is
  // in its hall's frame, so it is moved by the origin of the hall it was solved for.
  std::array<double, 2> origin{ 0, 0 };
  if (m_scene)
  {
    const std::vector<engine::Hall>& halls = m_scene->site.halls;
    const auto hall = std::find_if(halls.begin(), halls.end(),
                                   [&](const engine::Hall& h) { return h.id == m_result->hallId; });
    if (hall != halls.end())
    {
      const engine::HallOrigin o = engine::hallOrigins(*m_scene)[hall - halls.begin()];
      origin = { o.xM, o.yM };
    }
  }
  m_view->setResult(*m_result, origin);
}

void ThermalPanel::fillHalls()
{
  const QSignalBlocker block(m_hallCombo);
  m_hallCombo->clear();
  if (m_scene)
  {
    for (const engine::Hall& hall : m_scene->site.halls)
    {
      m_hallCombo->addItem(tr("Hall %1").arg(QString::fromStdString(hall.id)));
    }
  }
  m_hallCombo->setVisible(m_hallCombo->count() > 1);
}

void ThermalPanel::setScheduler(LiveScheduler* scheduler)
{
  if (m_scheduler)
  {
    disconnect(m_scheduler, nullptr, this, nullptr);
  }
  m_scheduler = scheduler;
  if (m_scheduler)
  {
    connect(m_scheduler, &LiveScheduler::jobFinished, this, &ThermalPanel::onJobFinished);
  }
}

void ThermalPanel::setSolver(Solver solver)
{
  m_solver = std::move(solver);
}

void ThermalPanel::solve()
{
  if (!m_scene || !m_catalog || m_scene->site.halls.empty())
  {
    setState(tr("No hall to solve"));
    return;
  }
  if (followsLiveField())
  {
    takeLiveField();
    return;
  }
  if (!m_scheduler)
  {
    setState(tr("No worker to solve on"));
    return;
  }
  m_waitingLive = false;
  startJob();
}

void ThermalPanel::cancelJob()
{
  if (m_job != 0 && m_scheduler)
  {
    m_scheduler->cancelJob(QString::fromLatin1(kJobKey)); // its answer is no longer wanted
  }
  m_job = 0;
}

void ThermalPanel::startJob()
{
  // The job gets its own copy: edits on the UI thread cannot race with the solve.
  auto scene = std::make_shared<const engine::Scene>(*m_scene);
  const engine::Catalog* catalog = m_catalog;
  const int hall =
    std::clamp(m_hallCombo->currentIndex(), 0, static_cast<int>(m_scene->site.halls.size()) - 1);
  thermal::ThermalOptions options;
  options.cellM = m_cellSpin->value();
  // The document's load level, as the live loop, the CLI and the report use.
  try
  {
    options.utilisation = engine::economics::documentInputs(*m_scene).utilisation;
  }
  catch (const engine::Error&)
  {
    options.utilisation = engine::economics::EconomicsInputs{}.utilisation;
  }
  // Warm start from the shown field when it is of the same hall (analyzeHall checks the grid).
  std::shared_ptr<const thermal::ThermalResult> previous;
  if (m_result && m_result->hallId == m_scene->site.halls[hall].id)
  {
    previous = m_result;
  }
  const Solver solver = m_solver;
  // The backend factory's solver, as the live loop uses (null: the CPU reference).
  const std::shared_ptr<thermal::ThermalSolver> backendSolver = m_scheduler->thermalSolver();
  const bool again = isSolving();
  // Newest wins: the scheduler cancels a running solve of this dock (its answer is dropped).
  m_job = m_scheduler->submitJob(
    QString::fromLatin1(kJobKey),
    [scene, catalog, hall, options, previous, solver,
     backendSolver](const engine::live::CancelToken& cancel)
    {
      thermal::ThermalOptions solveOptions = options;
      solveOptions.solver.cancelRequested = [&cancel] { return cancel.cancelled(); };
      const thermal::ThermalSolution* warm = previous ? &previous->solution : nullptr;
      return std::static_pointer_cast<const void>(std::make_shared<const thermal::ThermalResult>(
        solver
          ? solver(*scene, hall, *catalog, solveOptions, warm)
          : thermal::analyzeHall(*scene, hall, *catalog, solveOptions, backendSolver.get(), warm)));
    });
  setState(again ? tr("Solving again (the scene changed)…")
                 : tr("Solving hall %1 (cells of %2 m)…")
                     .arg(QString::fromStdString(m_scene->site.halls[hall].id))
                     .arg(options.cellM, 0, 'f', 2));
  emit solveStarted();
}

void ThermalPanel::onJobFinished(const JobOutcome& outcome)
{
  if (outcome.key != QLatin1String(kJobKey) || outcome.generation != m_job)
  {
    return; // another dock's job, or a solve of a scene this panel no longer shows
  }
  m_job = 0;
  if (outcome.cancelled)
  {
    return;
  }
  if (!outcome.value)
  {
    showFailure(outcome.error);
    return;
  }
  // The result is the job's read-only snapshot; the panel keeps sharing it.
  showSolved(outcome.as<thermal::ThermalResult>(), outcome.seconds, false);
}

void ThermalPanel::showFailure(const QString& error)
{
  // The previous field stays on screen, marked stale, with the reason it was not replaced.
  m_stale = m_result != nullptr;
  setState(m_result ? tr("Failed: %1 (showing the previous result)").arg(error)
                    : tr("Failed: %1").arg(error));
  emit solveFailed(error);
}

void ThermalPanel::showSolved(std::shared_ptr<const thermal::ThermalResult> result, double seconds,
                              bool live)
{
  m_result = std::move(result);
  m_stale = false;
  const thermal::ThermalGrid& grid = m_result->problem.grid;
  const QString solvedBy =
    live ? tr("solved by the live loop in %1 s on %2") : tr("solved in %1 s on %2");
  setState(tr("Hall %1 at %2 utilisation: %3 cells of %4 m, %5 (flow %6, temperature %7 "
              "iterations)")
             .arg(QString::fromStdString(m_result->hallId),
                  formatFixed(m_result->utilisation * 100, 0) + QStringLiteral(" %"),
                  formatInteger(grid.cellCount()), formatFixed(grid.cellM, 2),
                  solvedBy.arg(formatFixed(seconds, 1),
                               QString::fromStdString(m_result->solvedBy.backend)),
                  formatInteger(m_result->solution.flowIterations),
                  formatInteger(m_result->solution.temperatureIterations)));
  QString tip = QString::fromStdString(m_result->solvedBy.reason);
  // Whole cells: a hall that is not a multiple of the cell is solved a little larger or smaller.
  const std::vector<engine::Hall> noHalls;
  const std::vector<engine::Hall>& halls = m_scene ? m_scene->site.halls : noHalls;
  const auto hall = std::find_if(halls.begin(), halls.end(),
                                 [&](const engine::Hall& h) { return h.id == m_result->hallId; });
  if (hall != halls.end())
  {
    const thermal::GridRounding rounding = thermal::gridRounding(*hall, grid);
    if (rounding.rounded())
    {
      setState(stateText() + QStringLiteral(". ") +
               tr("The grid has whole cells: the hall is solved %1 × %2 × %3 m (it is %4 × %5 × "
                  "%6 m).")
                 .arg(formatFixed(rounding.gridWidthM, 2), formatFixed(rounding.gridDepthM, 2),
                      formatFixed(rounding.gridHeightM, 2), formatFixed(rounding.widthM, 2),
                      formatFixed(rounding.depthM, 2), formatFixed(rounding.heightM, 2)));
    }
  }
  m_stateLabel->setToolTip(tip);
  showResultInView();
  showResult();
  emit solved();
  if (m_overlayCheck->isChecked())
  {
    emit inletOverlayChanged(true);
  }
}

void ThermalPanel::showResult()
{
  updateSliderRanges();
  applySlice();
  fillKpis();
  fillRackTable();
  fillCoolerTable();
}

void ThermalPanel::setState(const QString& text)
{
  m_stateLabel->setText(text);
}

QString ThermalPanel::stateText() const
{
  return m_stateLabel->text();
}

void ThermalPanel::updateSliderRanges()
{
  if (!m_result)
  {
    return;
  }
  const thermal::ThermalGrid& grid = m_result->problem.grid;
  const QSignalBlocker block(m_heightSlider);
  const int top =
    std::max(1, static_cast<int>(std::floor(grid.nz * grid.cellM * kHeightStepsPerM)));
  m_heightSlider->setRange(0, top);
}

void ThermalPanel::applySlice()
{
  const double heightM = m_heightSlider->value() / double(kHeightStepsPerM);
  m_heightLabel->setText(tr("%1 m").arg(heightM, 0, 'f', 1));
  const auto vertical = static_cast<scenes::VerticalSlice>(m_verticalCombo->currentData().toInt());
  m_verticalSlider->setEnabled(vertical != scenes::VerticalSlice::None);
  double positionM = 0;
  if (m_view && m_view->hasResult() && vertical != scenes::VerticalSlice::None)
  {
    const std::array<double, 6> b = m_view->bounds();
    const int axis = vertical == scenes::VerticalSlice::AlongX ? 1 : 0; // y for AlongX
    const double share = m_verticalSlider->value() / double(kVerticalSteps);
    positionM = b[2 * axis] + share * (b[2 * axis + 1] - b[2 * axis]);
    // The view is in the world frame; the dock speaks the hall's own coordinates (as the
    // properties of its racks do).
    const double hallM = positionM - m_view->hallOrigin()[axis];
    m_verticalLabel->setText(tr("%1 = %2 m").arg(axis == 1 ? "y" : "x").arg(hallM, 0, 'f', 1));
  }
  else
  {
    m_verticalLabel->clear();
  }
  if (!m_view)
  {
    return;
  }
  m_view->setVisible(m_sliceCheck->isChecked());
  m_view->setSliceHeight(heightM);
  m_view->setVerticalSlice(vertical, positionM);
  m_view->setArrowsVisible(m_arrowsCheck->isChecked());
  m_view->setStreamlinesVisible(m_streamlinesCheck->isChecked());
  m_view->setIsosurface(m_isoCheck->isChecked() ? std::optional(m_isoSpin->value()) : std::nullopt);
  emit viewChanged();
}

void ThermalPanel::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  // Opening the dock solves when there is nothing up to date to show.
  if (m_scene && !isSolving() &&
      (!m_result || m_stale || (followsLiveField() && m_liveField != m_result)))
  {
    solve();
  }
}

} // namespace myriad::app
