// MainWindow: the shell — core services, menus, status bar, document events and the modules.
#include "main_window.h"

#include "autosave.h"
#include "builtin_modules.h"
#include "edit_controller.h"
#include "error_reporter.h"
#include "interface_language.h"
#include "live_scheduler.h"
#include "live_status_label.h"
#include "myriad/backend/factory.h"
#include "sample_index.h"
#include "sample_menu.h"
#include "scene_document.h"
#include "status_text.h"
#include "view_text.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTimer>

namespace myriad::app
{

MainWindow::MainWindow(QWidget* parent)
  : QMainWindow(parent)
  , m_ui(this)
{
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/myriad/myriad.svg")));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
  createCore();
  createMenus();
  createStatusBar();
  registerBuiltinModules(m_modules);
  m_modules.createAll(m_context);

  SceneDocument* document = m_context.document;
  connect(document, &SceneDocument::sceneReplaced, this, &MainWindow::onSceneReplaced);
  connect(document, &SceneDocument::stateChanged, this, &MainWindow::onDocumentStateChanged);
  // Through the controller: a multi-object edit arrives as one change set.
  connect(m_context.editController, &EditController::sceneChanged, this,
          &MainWindow::onSceneEdited);
  connect(m_context.autosave, &Autosave::recoverySaved, this,
          [this] { statusBar()->showMessage(tr("Autosaved"), 2000); });
  // A clean exit leaves no recovery file behind; a crash does.
  connect(qApp, &QCoreApplication::aboutToQuit, m_context.autosave, &Autosave::discardRecovery);
  onDocumentStateChanged();
}

MainWindow::~MainWindow()
{
  // Let the VTK props release their GL resources while the context exists.
  VtkViewWidget* view = m_context.view;
  if (view->isValid())
  {
    view->makeCurrent();
    m_modules.releaseGraphics();
    m_hallScene.reset();
    view->doneCurrent();
  }
  m_modules.releaseGraphics();
  m_modules.clear(); // before the docks and the view they use
  m_hallScene.reset();
}

void MainWindow::createCore()
{
  auto* document = new SceneDocument(engine::Catalog::builtin(), this);
  auto* view = new VtkViewWidget(this);
  view->setObjectName(QStringLiteral("hallView"));
  setCentralWidget(view);
  m_hallScene = std::make_unique<scenes::HallScene>(view->renderer());
  m_hallScene->setText(viewText()); // in the interface language, with a CJK font file

  m_context.window = this;
  m_context.document = document;
  m_context.view = view;
  m_context.hallScene = m_hallScene.get();
  m_context.hallView = new HallViewController(view, m_hallScene.get(), this);
  m_context.selection = new SelectionModel(document, this);
  m_context.hallView->followSelection(m_context.selection);
  m_context.editController = new EditController(document, this, this);
  m_context.live = new LiveScheduler(document->catalog(), this);
  injectSolvers();
  m_context.autosave = new Autosave(document, this, this);
  m_context.statusBar = statusBar();
  m_context.ui = &m_ui;
  m_context.modules = &m_modules;
  m_context.mayLeaveDocument = [this] { return maybeSave(); };
}

void MainWindow::createMenus()
{
  const auto makeAction =
    [this](const QString& id, const QString& text, const QKeySequence& key, auto slot)
  {
    auto* action = new QAction(text, this);
    action->setShortcut(key);
    connect(action, &QAction::triggered, this, slot);
    return m_ui.addAction(id, action);
  };
  QMenu* file = m_ui.addMenuBarMenu(QStringLiteral("file.menu"), tr("&File"));
  file->addAction(
    makeAction(QStringLiteral("file.open"), tr("&Open…"), QKeySequence::Open, &MainWindow::onOpen));
  QMenu* recent = m_ui.addMenu(QStringLiteral("file.recent"), file->addMenu(tr("Open &Recent")));
  recent->setObjectName(QStringLiteral("recentMenu"));
  connect(recent, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
  QMenu* samples = m_ui.addMenu(QStringLiteral("file.samples"), file->addMenu(tr("Open Sa&mple")));
  samples->setObjectName(QStringLiteral("sampleMenu"));
  fillSampleMenu(samples, builtinSamples(), installedInterfaceLanguage(),
                 [this](const QString& id) { openSample(id); });
  file->addSeparator();
  file->addAction(
    makeAction(QStringLiteral("file.save"), tr("&Save"), QKeySequence::Save, &MainWindow::onSave));
  file->addAction(makeAction(QStringLiteral("file.saveAs"), tr("Save &As…"),
                             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
                             &MainWindow::onSaveAs));
  file->addSeparator();
  QAction* quit =
    makeAction(QStringLiteral("file.quit"), tr("&Quit"), QKeySequence::Quit, &QWidget::close);
  quit->setMenuRole(QAction::QuitRole);
  file->addAction(quit);

  m_ui.addMenuBarMenu(QStringLiteral("view.menu"), tr("&View")); // filled by the modules

  QMenu* help = m_ui.addMenuBarMenu(QStringLiteral("help.menu"), tr("&Help"));
  QAction* about = makeAction(QStringLiteral("help.about"), tr("&About Myriad"), QKeySequence(),
                              &MainWindow::onAbout);
  about->setMenuRole(QAction::AboutRole);
  help->addAction(about);
}

void MainWindow::injectSolvers()
{
  // The factory's solvers run every live stage and every dock's job. This label names the
  // choice; the live status names what each stage actually ran on (a CUDA solver that hands a
  // problem to the CPU says so there).
  try
  {
    const backend::Solvers solvers = backend::makeSolvers(backend::Backend::Auto);
    m_backend = solvers.choice;
    m_context.live->setSolvers(solvers.maxMin, solvers.thermal);
  }
  catch (const std::exception& error) // Auto does not throw; keep the CPU references if it did
  {
    m_backend = { backend::Backend::Cpu, error.what() };
  }
}

void MainWindow::createStatusBar()
{
  auto* backendLabel = new QLabel(this);
  backendLabel->setObjectName(QStringLiteral("backendLabel"));
  backendLabel->setText(
    tr("Backend: %1").arg(QString::fromUtf8(backend::toString(m_backend.backend)).toUpper()));
  backendLabel->setToolTip(QString::fromStdString(m_backend.reason));
  m_liveLabel = new LiveStatusLabel(m_context.live, this);
  m_countsLabel = new QLabel(this);
  m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
  m_contextLabel = new QLabel(this);
  m_contextLabel->setObjectName(QStringLiteral("contextLabel"));
  m_contextLabel->setToolTip(tr("The evaluation context of this document: power, heat, cost "
                                "and reports are evaluated at this load, site and price (set "
                                "them on the Dashboard)"));
  m_frameLabel = new QLabel(this);
  m_frameLabel->setObjectName(QStringLiteral("frameLabel"));
  m_frameLabel->setMinimumWidth(
    fontMetrics().horizontalAdvance(QStringLiteral("000.0 ms/frame · detail: servers")));
  statusBar()->addPermanentWidget(m_liveLabel);
  statusBar()->addPermanentWidget(m_countsLabel);
  statusBar()->addPermanentWidget(m_contextLabel);
  statusBar()->addPermanentWidget(m_frameLabel);
  statusBar()->addPermanentWidget(backendLabel);
  // Refresh the frame-time text at most a few times per second.
  connect(m_context.view, &VtkViewWidget::frameRendered, this,
          [this]
          {
            static constexpr int kRefreshMs = 400;
            if (!m_frameUpdatePending)
            {
              m_frameUpdatePending = true;
              QTimer::singleShot(kRefreshMs, this, &MainWindow::updateFrameStatus);
            }
          });
}

void MainWindow::onSceneReplaced()
{
  m_context.selection->select({}); // before anything looks at the new scene with an old ref
  try
  {
    m_context.hallView->rebuild(document()->scene(), document()->catalog());
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot show the scene"), QString::fromUtf8(error.what()));
  }
  m_modules.documentReplaced();
  updateCountsStatus();
  m_context.live->submitAll(document()->scene());
  view()->update();
}

void MainWindow::onSceneEdited(const engine::edit::ChangeSet& changes)
{
  const engine::Scene& scene = document()->scene();
  try
  {
    // Only the edited objects' instances are rewritten (a full build re-uploads every buffer).
    m_hallScene->updateObjects(scene, document()->catalog(), changes.ids);
  }
  catch (const engine::Error& error)
  {
    reportError(this, tr("Cannot show the scene"), QString::fromUtf8(error.what()));
  }
  m_modules.sceneEdited(changes);
  // Keep the selection on the same objects (by id): indices shift when rows come and go.
  m_context.selection->restoreAfterEdit();
  updateCountsStatus();
  m_context.live->submitChanges(scene, changes);
  view()->update();
  // No pricing here: the Dashboard shows the live loop's economics when it arrives.
}

void MainWindow::onDocumentStateChanged()
{
  setWindowTitle(tr("Myriad — %1[*]").arg(document()->displayName()));
  setWindowModified(document()->isModified());
  setWindowFilePath(document()->filePath());
}

void MainWindow::showEvent(QShowEvent* event)
{
  QMainWindow::showEvent(event);
  if (m_defaultDockSizesPending)
  {
    // Dock sizes set in the constructor are squeezed when the window first gets its real size;
    // set them again once it has one (unless a saved layout was restored).
    m_defaultDockSizesPending = false;
    QTimer::singleShot(0, this, [this] { m_ui.applyDefaultDockSizes(); });
  }
}

QString MainWindow::countsText() const
{
  return m_countsLabel->text();
}

QString MainWindow::contextText() const
{
  return m_contextLabel->text();
}

QString MainWindow::liveStatusText() const
{
  return m_liveLabel->statusText();
}

void MainWindow::updateCountsStatus()
{
  const engine::SceneCounts counts = engine::countScene(document()->scene(), document()->catalog());
  m_countsLabel->setText(countsSummary(counts));
  m_contextLabel->setText(evaluationContextText(document()->scene(), document()->catalog()));
  m_countsLabel->setToolTip(tr("%1 halls · %2 rows · %3 switches · %4 coolers · %5 feeds")
                              .arg(formatCount(counts.halls), formatCount(counts.rows),
                                   formatCount(counts.switches), formatCount(counts.coolers),
                                   formatCount(counts.feeds)));
}

void MainWindow::updateFrameStatus()
{
  m_frameUpdatePending = false;
  const scenes::SceneStats stats = m_hallScene->stats();
  m_frameLabel->setText(tr("%1 ms/frame · detail: %2")
                          .arg(view()->averageFrameMs(), 0, 'f', 1)
                          .arg(detailLevelName(stats.detail).toLower()));
  m_frameLabel->setToolTip(tr("Average time of a frame in paintGL; %1 racks, %2 servers and "
                              "switches, %3 GPUs drawn")
                             .arg(formatCount(stats.rackInstances),
                                  formatCount(stats.nodeInstances),
                                  formatCount(stats.gpuInstances)));
}

} // namespace myriad::app
