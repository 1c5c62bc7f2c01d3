#include "main_window.h"

#include "dashboard_panel.h"
#include "error_reporter.h"
#include "properties_panel.h"
#include "scenario_panel.h"
#include "scene_document.h"
#include "scene_tree_model.h"
#include "status_text.h"
#include "thermal_panel.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>

namespace myriad::app
{

MainWindow::MainWindow(QWidget* parent)
  : QMainWindow(parent)
  , m_document(new SceneDocument(engine::Catalog::builtin(), this))
{
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/myriad/myriad.svg")));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
  createViewAndDocks();
  createActions();
  createMenus();
  createToolBar();
  createStatusBar();
  connectSignals();
  createEditing();
  createFabric();
  createThermal();
  createTraffic();
  createTelemetry();
  onDocumentStateChanged();
}

MainWindow::~MainWindow()
{
  // Let the scene's VTK props release their GL resources while the context exists.
  m_thermal->setView(nullptr); // the view goes below; the panel lives until ~QWidget
  if (m_view->isValid())
  {
    m_view->makeCurrent();
    m_fabricView.reset();
    m_thermalView.reset();
    m_hallScene.reset();
    m_view->doneCurrent();
  }
  m_fabricView.reset();
  m_thermalView.reset();
  m_hallScene.reset();
}

void MainWindow::createViewAndDocks()
{
  m_view = new VtkViewWidget(this);
  m_view->setObjectName(QStringLiteral("hallView"));
  setCentralWidget(m_view);
  m_hallScene = std::make_unique<scenes::HallScene>(m_view->renderer());

  m_treeModel = new SceneTreeModel(this);
  m_tree = new QTreeView(this);
  m_tree->setObjectName(QStringLiteral("sceneTree"));
  m_tree->setModel(m_treeModel);
  m_tree->setUniformRowHeights(true); // keeps large expanded racks and rows cheap
  m_tree->setAlternatingRowColors(true);
  m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
  m_tree->header()->setSectionResizeMode(SceneTreeModel::NameColumn, QHeaderView::ResizeToContents);
  m_tree->header()->setStretchLastSection(true);
  auto* treeDock = new QDockWidget(tr("Scene"), this);
  treeDock->setObjectName(QStringLiteral("sceneTreeDock"));
  treeDock->setWidget(m_tree);
  addDockWidget(Qt::LeftDockWidgetArea, treeDock);

  m_properties = new PropertiesPanel(this);
  auto* propertiesDock = new QDockWidget(tr("Properties"), this);
  propertiesDock->setObjectName(QStringLiteral("propertiesDock"));
  propertiesDock->setWidget(m_properties);
  addDockWidget(Qt::RightDockWidgetArea, propertiesDock);

  m_dashboard = new DashboardPanel(this);
  auto* dashboardDock = new QDockWidget(tr("Dashboard"), this);
  dashboardDock->setObjectName(QStringLiteral("dashboardDock"));
  dashboardDock->setWidget(m_dashboard);
  connect(m_dashboard->scenarioPanel(), &ScenarioPanel::overlayRequested, this,
          &MainWindow::showOverlay);
  splitDockWidget(propertiesDock, dashboardDock, Qt::Vertical);
  resizeDocks({ treeDock, propertiesDock }, { 290, 360 }, Qt::Horizontal);
  resizeDocks({ propertiesDock, dashboardDock }, { 200, 600 }, Qt::Vertical);
}

void MainWindow::createActions()
{
  m_openAction = new QAction(tr("&Open…"), this);
  m_openAction->setShortcut(QKeySequence::Open);
  m_saveAction = new QAction(tr("&Save"), this);
  m_saveAction->setShortcut(QKeySequence::Save);
  m_saveAsAction = new QAction(tr("Save &As…"), this);
  m_saveAsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  m_quitAction = new QAction(tr("&Quit"), this);
  m_quitAction->setShortcut(QKeySequence::Quit);
  m_quitAction->setMenuRole(QAction::QuitRole);
  m_aboutAction = new QAction(tr("&About Myriad"), this);
  m_aboutAction->setMenuRole(QAction::AboutRole);

  auto* presets = new QActionGroup(this);
  const auto makePreset = [&](const QString& text, const QString& tip, int key)
  {
    auto* action = new QAction(text, presets);
    action->setToolTip(tip);
    action->setCheckable(true);
    action->setShortcut(QKeySequence(Qt::CTRL | key));
    return action;
  };
  m_topAction = makePreset(tr("&Top"), tr("Plan view of the hall from above"), Qt::Key_1);
  m_isometricAction =
    makePreset(tr("&Isometric"), tr("Whole hall from a corner, 35° above the floor"), Qt::Key_2);
  m_aisleAction =
    makePreset(tr("&Aisle walk"), tr("Eye height in the first cold aisle"), Qt::Key_3);
  m_isometricAction->setChecked(true);
}

void MainWindow::createMenus()
{
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(m_openAction);
  m_recentMenu = file->addMenu(tr("Open &Recent"));
  m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
  connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
  file->addSeparator();
  file->addAction(m_saveAction);
  file->addAction(m_saveAsAction);
  file->addSeparator();
  file->addAction(m_quitAction);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(m_topAction);
  view->addAction(m_isometricAction);
  view->addAction(m_aisleAction);
  view->addSeparator();
  for (QDockWidget* dock : findChildren<QDockWidget*>())
  {
    view->addAction(dock->toggleViewAction());
  }

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(m_aboutAction);
}

void MainWindow::createToolBar()
{
  QToolBar* bar = addToolBar(tr("View"));
  bar->setObjectName(QStringLiteral("viewToolBar"));
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  bar->addWidget(new QLabel(tr(" Camera: "), bar));
  bar->addAction(m_topAction);
  bar->addAction(m_isometricAction);
  bar->addAction(m_aisleAction);
  bar->addSeparator();

  m_colorByCombo = new QComboBox(bar);
  m_colorByCombo->setObjectName(QStringLiteral("colorByCombo"));
  m_colorByCombo->addItem(tr("Rack kind"), static_cast<int>(scenes::ColorBy::Kind));
  m_colorByCombo->addItem(tr("Power density"), static_cast<int>(scenes::ColorBy::PowerDensity));
  m_colorByCombo->addItem(tr("Cooling"), static_cast<int>(scenes::ColorBy::Cooling));
  m_colorByCombo->setToolTip(tr("Attribute that colours the racks"));
  bar->addWidget(new QLabel(tr(" Colour by: "), bar));
  bar->addWidget(m_colorByCombo);
  bar->addSeparator();

  m_detailCombo = new QComboBox(bar);
  m_detailCombo->setObjectName(QStringLiteral("detailCombo"));
  m_detailCombo->addItem(tr("Auto"), -1);
  m_detailCombo->addItem(tr("Racks"), static_cast<int>(scenes::DetailLevel::Racks));
  m_detailCombo->addItem(tr("Servers"), static_cast<int>(scenes::DetailLevel::Nodes));
  m_detailCombo->addItem(tr("GPUs"), static_cast<int>(scenes::DetailLevel::Gpus));
  m_detailCombo->setToolTip(tr("Level of detail; Auto follows the camera distance"));
  bar->addWidget(new QLabel(tr(" Detail: "), bar));
  bar->addWidget(m_detailCombo);
}

void MainWindow::createStatusBar()
{
  try
  {
    m_backend = backend::selectBackend(backend::Backend::Auto);
  }
  catch (const std::exception& error)
  {
    m_backend = { backend::Backend::Cpu, error.what() };
  }
  m_backendLabel = new QLabel(this);
  m_backendLabel->setObjectName(QStringLiteral("backendLabel"));
  m_backendLabel->setText(
    tr("Backend: %1").arg(QString::fromUtf8(backend::toString(m_backend.backend)).toUpper()));
  m_backendLabel->setToolTip(QString::fromStdString(m_backend.reason));
  m_countsLabel = new QLabel(this);
  m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
  m_frameLabel = new QLabel(this);
  m_frameLabel->setObjectName(QStringLiteral("frameLabel"));
  m_frameLabel->setMinimumWidth(
    fontMetrics().horizontalAdvance(QStringLiteral("000.0 ms/frame · detail: servers")));
  statusBar()->addPermanentWidget(m_countsLabel);
  statusBar()->addPermanentWidget(m_frameLabel);
  statusBar()->addPermanentWidget(m_backendLabel);
}

void MainWindow::connectSignals()
{
  connect(m_openAction, &QAction::triggered, this, &MainWindow::onOpen);
  connect(m_saveAction, &QAction::triggered, this, &MainWindow::onSave);
  connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::onSaveAs);
  connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
  connect(m_aboutAction, &QAction::triggered, this, &MainWindow::onAbout);
  connect(m_topAction, &QAction::triggered, this,
          [this] { applyCameraPreset(scenes::CameraPreset::Top); });
  connect(m_isometricAction, &QAction::triggered, this,
          [this] { applyCameraPreset(scenes::CameraPreset::Isometric); });
  connect(m_aisleAction, &QAction::triggered, this,
          [this] { applyCameraPreset(scenes::CameraPreset::AisleWalk); });
  connect(m_colorByCombo, &QComboBox::currentIndexChanged, this,
          [this]
          { setColorBy(static_cast<scenes::ColorBy>(m_colorByCombo->currentData().toInt())); });
  connect(m_detailCombo, &QComboBox::currentIndexChanged, this,
          [this]
          {
            const int level = m_detailCombo->currentData().toInt();
            setDetailLevel(level < 0 ? std::nullopt
                                     : std::optional(static_cast<scenes::DetailLevel>(level)));
          });

  connect(m_document, &SceneDocument::sceneReplaced, this, &MainWindow::onSceneReplaced);
  connect(m_document, &SceneDocument::stateChanged, this, &MainWindow::onDocumentStateChanged);
  // A scenario added or removed (telemetry calibration, undo): the Dashboard lists it.
  connect(m_document, &SceneDocument::scenariosChanged, this,
          [this] { m_dashboard->setScene(&m_document->scene(), &m_document->catalog()); });
  connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
          &MainWindow::onTreeCurrentChanged);
  connect(m_view, &VtkViewWidget::clicked, this, &MainWindow::pickAt);
  connect(m_view, &VtkViewWidget::aboutToRender, this,
          [this]
          {
            if (m_autoDetail)
            {
              m_hallScene->updateLevelOfDetail();
            }
          });
  connect(m_view, &VtkViewWidget::frameRendered, this, &MainWindow::onFrameRendered);
  // Presets frame the hall for the view's aspect ratio: re-frame on resize until the user
  // moves the camera.
  connect(m_view, &VtkViewWidget::resized, this,
          [this]
          {
            if (m_cameraAtPreset)
            {
              m_hallScene->applyCameraPreset(m_preset);
            }
          });
  connect(m_view, &VtkViewWidget::cameraInteractionFinished, this,
          [this] { m_cameraAtPreset = false; });
}

void MainWindow::onSceneReplaced()
{
  m_selection = {};
  m_properties->clear();
  m_treeModel->setScene(&m_document->scene(), &m_document->catalog());
  m_tree->expand(m_treeModel->index(0, 0));
  m_tree->expand(m_treeModel->index(0, 0, m_treeModel->index(0, 0)));
  try
  {
    m_hallScene->build(m_document->scene(), m_document->catalog());
    m_hallScene->setSelection({});
    m_hallScene->applyCameraPreset(m_preset);
    m_cameraAtPreset = true;
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot show the scene"), QString::fromUtf8(error.what()));
  }
  updateCountsStatus();
  m_dashboard->resetFabricBom(); // the new scene's fabric comes with the live loop
  m_dashboard->setScene(&m_document->scene(), &m_document->catalog());
  m_view->update();
}

void MainWindow::onDocumentStateChanged()
{
  setWindowTitle(tr("Myriad — %1[*]").arg(m_document->displayName()));
  setWindowModified(m_document->isModified());
  setWindowFilePath(m_document->filePath());
}

void MainWindow::selectObject(const engine::ObjectRef& requested)
{
  // A ref that is not in the scene (stale, or from a pick on another scene) selects nothing.
  const QModelIndex index = m_treeModel->indexOf(requested);
  const engine::ObjectRef ref = index.isValid() ? requested : engine::ObjectRef{};
  m_selection = ref;
  m_selectionSet.clear(); // one object: a box selection ends (selectObjects() sets it again)
  m_hallScene->setSelectionSet({});
  m_hallScene->setSelection(ref);
  onFabricSelection();
  if (ref.valid())
  {
    m_properties->showObject(m_document->scene(), ref, m_document->catalog());
    updateMeasuredProperties();
  }
  else
  {
    m_properties->clear();
  }
  if (!m_syncingTree)
  {
    m_syncingTree = true;
    if (index.isValid())
    {
      m_tree->scrollTo(index, QAbstractItemView::PositionAtCenter); // expands ancestors too
      m_tree->setCurrentIndex(index);
    }
    else
    {
      m_tree->clearSelection();
    }
    m_syncingTree = false;
  }
  m_view->update();
}

void MainWindow::onTreeCurrentChanged(const QModelIndex& current)
{
  if (m_syncingTree)
  {
    return;
  }
  m_syncingTree = true;
  selectObject(m_treeModel->refAt(current));
  m_syncingTree = false;
}

void MainWindow::pickAt(int displayX, int displayY)
{
  std::optional<engine::ObjectRef> picked;
  m_view->runWithContext([&] { picked = m_hallScene->pick(displayX, displayY); });
  // Ctrl+click adds to (or takes from) the edit selection; on a GPU it pairs a fabric path.
  if (picked && QGuiApplication::keyboardModifiers().testFlag(Qt::ControlModifier) &&
      toggleInSelection(*picked))
  {
    return;
  }
  selectObject(picked.value_or(engine::ObjectRef{}));
}

void MainWindow::applyCameraPreset(scenes::CameraPreset preset)
{
  m_preset = preset;
  m_cameraAtPreset = true;
  m_hallScene->applyCameraPreset(preset);
  m_topAction->setChecked(preset == scenes::CameraPreset::Top);
  m_isometricAction->setChecked(preset == scenes::CameraPreset::Isometric);
  m_aisleAction->setChecked(preset == scenes::CameraPreset::AisleWalk);
  m_view->update();
}

void MainWindow::setColorBy(scenes::ColorBy colorBy)
{
  m_hallScene->setColorBy(colorBy);
  const int index = m_colorByCombo->findData(static_cast<int>(colorBy));
  if (index >= 0 && index != m_colorByCombo->currentIndex())
  {
    m_colorByCombo->setCurrentIndex(index);
  }
  m_view->update();
}

void MainWindow::showOverlay(const scenes::Overlay& overlay)
{
  m_hallScene->setOverlay(overlay);
  const int data = static_cast<int>(scenes::ColorBy::Overlay);
  const QString label = tr("Overlay: %1").arg(QString::fromStdString(overlay.title));
  int index = m_colorByCombo->findData(data);
  if (index < 0)
  {
    m_colorByCombo->addItem(label, data);
    index = m_colorByCombo->count() - 1;
  }
  m_colorByCombo->setItemText(index, label);
  setColorBy(scenes::ColorBy::Overlay);
}

void MainWindow::clearOverlay()
{
  m_hallScene->clearOverlay();
  const int index = m_colorByCombo->findData(static_cast<int>(scenes::ColorBy::Overlay));
  if (index >= 0)
  {
    m_colorByCombo->removeItem(index);
  }
  setColorBy(scenes::ColorBy::Kind);
}

void MainWindow::setDetailLevel(std::optional<scenes::DetailLevel> level)
{
  m_autoDetail = !level.has_value();
  if (level)
  {
    m_hallScene->setLevelOfDetail(*level);
  }
  const int index = m_detailCombo->findData(level ? static_cast<int>(*level) : -1);
  if (index >= 0 && index != m_detailCombo->currentIndex())
  {
    m_detailCombo->setCurrentIndex(index);
  }
  m_view->update();
}

void MainWindow::applyDefaultDockSizes()
{
  auto* tree = findChild<QDockWidget*>(QStringLiteral("sceneTreeDock"));
  auto* properties = findChild<QDockWidget*>(QStringLiteral("propertiesDock"));
  auto* violations = findChild<QDockWidget*>(QStringLiteral("violationsDock"));
  if (tree && properties)
  {
    resizeDocks({ tree, properties }, { 280, 400 }, Qt::Horizontal);
  }
  if (auto* dashboard = findChild<QDockWidget*>(QStringLiteral("dashboardDock")); properties)
  {
    resizeDocks({ properties, dashboard }, { 330, 520 }, Qt::Vertical);
  }
  if (violations)
  {
    resizeDocks({ violations }, { 110 }, Qt::Vertical);
  }
}

void MainWindow::showEvent(QShowEvent* event)
{
  QMainWindow::showEvent(event);
  if (m_defaultDockSizesPending)
  {
    // Dock sizes set in the constructor are squeezed when the window first gets its real size;
    // set them again once it has one (unless a saved layout was restored).
    m_defaultDockSizesPending = false;
    QTimer::singleShot(0, this, [this] { applyDefaultDockSizes(); });
  }
  // A selection made before the window had a size could not be centred in the tree yet.
  QTimer::singleShot(0, this,
                     [this]
                     {
                       if (m_tree->currentIndex().isValid())
                       {
                         m_tree->scrollTo(m_tree->currentIndex(),
                                          QAbstractItemView::PositionAtCenter);
                       }
                     });
}

QString MainWindow::countsText() const
{
  return m_countsLabel->text();
}

void MainWindow::updateCountsStatus()
{
  const engine::SceneCounts counts = engine::countScene(m_document->scene(), m_document->catalog());
  m_countsLabel->setText(countsSummary(counts));
  m_countsLabel->setToolTip(tr("%1 halls · %2 rows · %3 switches · %4 coolers · %5 feeds")
                              .arg(formatCount(counts.halls), formatCount(counts.rows),
                                   formatCount(counts.switches), formatCount(counts.coolers),
                                   formatCount(counts.feeds)));
}

void MainWindow::onFrameRendered()
{
  // Refresh the frame-time text at most a few times per second.
  static constexpr int kRefreshMs = 400;
  if (!m_frameLabel->property("pending").toBool())
  {
    m_frameLabel->setProperty("pending", true);
    QTimer::singleShot(kRefreshMs, this, &MainWindow::updateFrameStatus);
  }
}

void MainWindow::updateFrameStatus()
{
  m_frameLabel->setProperty("pending", false);
  const scenes::SceneStats stats = m_hallScene->stats();
  m_frameLabel->setText(tr("%1 ms/frame · detail: %2")
                          .arg(m_view->averageFrameMs(), 0, 'f', 1)
                          .arg(detailLevelName(stats.detail).toLower()));
  m_frameLabel->setToolTip(tr("Average time of a frame in paintGL; %1 racks, %2 servers and "
                              "switches, %3 GPUs drawn")
                             .arg(formatCount(stats.rackInstances),
                                  formatCount(stats.nodeInstances),
                                  formatCount(stats.gpuInstances)));
}

} // namespace myriad::app
