// The Training module: menu, Tour dock, starting and ending a tour on a sandbox, presenter view
// (training_module.h); the steps themselves are played in training_steps.cpp.
#include "training_module.h"

#include "app_context.h"
#include "autosave.h"
#include "camera_flight.h"
#include "error_reporter.h"
#include "interface_language.h"
#include "live_scheduler.h"
#include "module_registry.h"
#include "sample_locator.h"
#include "scene_document.h"
#include "selection_model.h"
#include "tour_panel.h"
#include "tour_session.h"
#include "traffic_module.h"
#include "traffic_panel.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/error.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QToolBar>

namespace myriad::app
{

namespace tour = engine::tour;

TrainingModule::TrainingModule() = default;
TrainingModule::~TrainingModule() = default;

QStringList TrainingModule::bundledTours()
{
  QStringList tours;
  for (const QString& folder : sampleSearchPath())
  {
    const QDir dir(folder + QStringLiteral("/tours"));
    for (const QString& name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
    {
      tours << dir.absoluteFilePath(name);
    }
    if (!tours.isEmpty())
    {
      break; // the first folder that has tours, as for samples
    }
  }
  return tours;
}

void TrainingModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new TourPanel(context.window);
  m_dock = context.ui->addDock(QStringLiteral("training.dock"), tr("Tour"), m_panel,
                               Qt::LeftDockWidgetArea);
  m_dock->hide();
  m_flight = new CameraFlight(context.view, this);
  connect(m_flight, &CameraFlight::arrived, this,
          [this]
          {
            if (m_session)
            {
              emit cameraArrived(m_session->current());
            }
          });
  connect(m_panel, &TourPanel::nextRequested, this,
          [this] { m_session ? m_session->next() : void(); });
  connect(m_panel, &TourPanel::backRequested, this,
          [this] { m_session ? m_session->back() : void(); });
  connect(m_panel, &TourPanel::restartRequested, this,
          [this] { m_session ? m_session->restart() : void(); });
  connect(m_panel, &TourPanel::endRequested, this, &TrainingModule::endTour);
  connect(m_panel, &TourPanel::optionAnswered, this,
          [this](int option)
          {
            if (m_session)
            {
              const TourSession::Answer answer = m_session->answerOption(option);
              m_panel->showVerdict(answer.correct, answer.explanation);
            }
          });
  connect(context.selection, &SelectionModel::changed, this, &TrainingModule::onSelectionChanged);
  connect(context.live, &LiveScheduler::stageShown, this,
          [this](engine::live::Stage stage)
          {
            if (!m_session)
            {
              return;
            }
            if (stage == engine::live::Stage::Fabric)
            {
              applyFabricTiers();
              runPendingTraffic();
            }
            m_panel->setMarkdown(stepMarkdown()); // a model the text quotes may have run
          });
  createActions();
  createMenu();
  updateActions();
}

void TrainingModule::createActions()
{
  UiRegistry* ui = m_context->ui;
  QMainWindow* window = m_context->window;
  auto make = [&](const QString& id, const QString& text, const QKeySequence& key)
  {
    auto* action = new QAction(text, window);
    action->setShortcut(key);
    // On the window too: the shortcuts work in presenter view, where the menu bar is hidden.
    window->addAction(action);
    return ui->addAction(id, action);
  };
  m_next = make(QStringLiteral("training.next"), tr("&Next Step"), QKeySequence(Qt::Key_PageDown));
  m_previous =
    make(QStringLiteral("training.previous"), tr("&Previous Step"), QKeySequence(Qt::Key_PageUp));
  m_restart = make(QStringLiteral("training.restart"), tr("&Restart Tour"), QKeySequence());
  m_end = make(QStringLiteral("training.end"), tr("&End Tour"), QKeySequence());
  m_presenter =
    make(QStringLiteral("training.presenter"), tr("Presenter &View"), QKeySequence(Qt::Key_F5));
  m_presenter->setCheckable(true);
  m_presenter->setStatusTip(tr("Full screen with the tour in large type; F5 or Esc leaves it"));
  connect(m_next, &QAction::triggered, this, [this] { m_session ? m_session->next() : void(); });
  connect(m_previous, &QAction::triggered, this,
          [this] { m_session ? m_session->back() : void(); });
  connect(m_restart, &QAction::triggered, this,
          [this] { m_session ? m_session->restart() : void(); });
  connect(m_end, &QAction::triggered, this, &TrainingModule::endTour);
  connect(m_presenter, &QAction::toggled, this, &TrainingModule::setPresenting);
  // Esc leaves presenter view; its shortcut exists only there (elsewhere Esc clears the
  // selection).
  m_leavePresenter = new QAction(window);
  window->addAction(m_leavePresenter);
  connect(m_leavePresenter, &QAction::triggered, this, [this] { setPresenting(false); });
}

void TrainingModule::createMenu()
{
  UiRegistry* ui = m_context->ui;
  QMenu* menu = ui->addMenuBarMenu(QStringLiteral("training.menu"), tr("&Training"),
                                   QStringLiteral("help.menu"));
  menu->setObjectName(QStringLiteral("trainingMenu"));
  const QString language = installedInterfaceLanguage();
  for (const QString& path : bundledTours())
  {
    QString title = QFileInfo(path).completeBaseName();
    try
    {
      title =
        QString::fromStdString(tour::loadTour(path.toStdString()).title.in(language.toStdString()));
    }
    catch (const engine::Error&)
    {
      // Listed by file name: starting it reports what is wrong with it.
    }
    QAction* start = menu->addAction(title);
    start->setObjectName(QStringLiteral("tour:") + QFileInfo(path).completeBaseName());
    connect(start, &QAction::triggered, this, [this, path] { startTour(path); });
  }
  menu->addSeparator();
  QAction* open = menu->addAction(tr("&Open Tour…"));
  ui->addAction(QStringLiteral("training.open"), open);
  connect(open, &QAction::triggered, this,
          [this]
          {
            const QString path = QFileDialog::getOpenFileName(
              m_context->window, tr("Open Tour"), QString(), tr("Myriad tours (*.json)"));
            if (!path.isEmpty())
            {
              startTour(path);
            }
          });
  menu->addSeparator();
  for (QAction* action : { m_previous, m_next, m_restart, m_end })
  {
    menu->addAction(action);
  }
  menu->addSeparator();
  menu->addAction(m_presenter);
  if (QAction* trace = ui->action(QStringLiteral("traffic.exportTrace")))
  {
    menu->addSeparator();
    menu->addAction(trace); // the Traffic module's: the last run's step for Perfetto
  }
}

void TrainingModule::updateActions()
{
  const bool playing = m_session != nullptr;
  m_next->setEnabled(playing && m_session->canGoNext());
  m_previous->setEnabled(playing && m_session->canGoBack());
  m_restart->setEnabled(playing);
  m_end->setEnabled(playing);
}

bool TrainingModule::startTour(const QString& path)
{
  tour::Tour loaded;
  try
  {
    loaded = tour::loadTour(path.toStdString());
  }
  catch (const std::exception& error) // engine::LoadError, and whatever else: never escapes
  {
    reportError(m_context->window, tr("Cannot open tour"), QString::fromUtf8(error.what()));
    return false;
  }
  const QString sceneName = QString::fromStdString(loaded.scene);
  const QString scenePath = sceneName.endsWith(QStringLiteral(".json"))
                              ? QFileInfo(path).absoluteDir().absoluteFilePath(sceneName)
                              : findSample(sceneName);
  if (scenePath.isEmpty() || !QFileInfo::exists(scenePath))
  {
    reportError(m_context->window, tr("Cannot open tour"),
                tr("%1: /scene: no sample or scene file \"%2\"").arg(path, sceneName));
    return false;
  }
  const bool hadTour = m_session != nullptr;
  if (!hadTour)
  {
    m_saved = m_context->document->snapshot();
    if (m_context->autosave)
    {
      m_context->autosave->saveRecoveryNow(); // the user's unsaved work, should anything go wrong
      m_context->autosave->setSuspended(true);
    }
  }
  m_session.reset();
  m_replacingDocument = true;
  try
  {
    m_context->document->openSample(scenePath);
  }
  catch (const std::exception& error)
  {
    m_replacingDocument = false;
    reportError(m_context->window, tr("Cannot open tour"),
                tr("%1: the scene %2: %3").arg(path, scenePath, QString::fromUtf8(error.what())));
    endTour();
    return false;
  }
  m_replacingDocument = false;
  m_lastShownStep = -1;
  m_session = std::make_unique<TourSession>(std::move(loaded), QFileInfo(path).absoluteFilePath(),
                                            installedInterfaceLanguage());
  m_actionDone.assign(m_session->stepCount(), false);
  connect(m_session.get(), &TourSession::stepChanged, this, &TrainingModule::showCurrentStep);
  connect(m_session.get(), &TourSession::scoreChanged, this, &TrainingModule::refreshPanel);
  checkOnScene();
  m_dock->show();
  m_dock->raise();
  showCurrentStep();
  m_context->showMessage(tr("Tour: %1 (your document comes back when the tour ends)")
                           .arg(m_session->local(m_session->tour().title)),
                         8000);
  return true;
}

void TrainingModule::endTour()
{
  std::optional<SceneDocument::Snapshot> saved = std::move(m_saved);
  m_saved.reset();
  closeSession();
  if (saved)
  {
    m_replacingDocument = true;
    m_context->document->restore(std::move(*saved));
    m_replacingDocument = false;
  }
  finishTour();
}

void TrainingModule::dropSession()
{
  m_saved.reset();
  closeSession();
  finishTour();
}

void TrainingModule::closeSession()
{
  m_flight->stop();
  setPresenting(false);
  m_session.reset();
  m_highlighted.clear();
  m_pendingTraffic = false;
  if (m_failedSwitches)
  {
    // Failures the tour made in the Traffic dock belong to the sandbox: they end with it.
    if (auto* traffic = m_context->modules->get<TrafficModule>(QStringLiteral("traffic")))
    {
      traffic->panel()->setFailedSwitches({});
    }
    m_failedSwitches = false;
  }
}

void TrainingModule::finishTour()
{
  if (m_context->autosave)
  {
    m_context->autosave->setSuspended(false);
  }
  m_dock->hide();
  updateActions();
  emit tourEnded();
}

void TrainingModule::documentReplaced()
{
  if (m_session && !m_replacingDocument)
  {
    dropSession(); // another document was opened: the tour is over, the sandbox gone
  }
}

void TrainingModule::documentLeaving()
{
  if (m_session)
  {
    endTour(); // the user's document is back before anyone asks to save it
  }
}

void TrainingModule::releaseGraphics()
{
  m_flight->stop();
}

void TrainingModule::setPresenting(bool on)
{
  QMainWindow* window = m_context->window;
  if (on == m_presenting || (on && !m_session))
  {
    m_presenter->setChecked(m_presenting);
    return;
  }
  m_presenting = on;
  if (on)
  {
    m_windowState = window->saveState();
    m_wasFullScreen = window->isFullScreen();
    m_wasMaximized = window->isMaximized();
    for (QDockWidget* dock : window->findChildren<QDockWidget*>())
    {
      dock->setVisible(dock == m_dock);
    }
    for (QToolBar* bar : window->findChildren<QToolBar*>())
    {
      bar->hide();
    }
    window->menuBar()->hide();
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->show();
    m_normalGeometry = window->geometry();
    if (const QScreen* screen = window->screen())
    {
      window->setGeometry(screen->geometry()); // also without a window manager (Xvfb, kiosks)
    }
    window->showFullScreen();
  }
  else
  {
    window->menuBar()->show();
    window->restoreState(m_windowState);
    if (!m_wasFullScreen)
    {
      m_wasMaximized ? window->showMaximized() : window->showNormal();
      if (!m_wasMaximized)
      {
        window->setGeometry(m_normalGeometry);
      }
    }
  }
  // Esc belongs to presenter view while it is on: other Esc actions (clear the selection) rest.
  const QKeySequence escape(Qt::Key_Escape);
  if (on)
  {
    m_escapeActions.clear();
    for (QAction* action : window->findChildren<QAction*>())
    {
      if (action != m_leavePresenter && action->shortcut() == escape && action->isEnabled())
      {
        action->setEnabled(false);
        m_escapeActions.push_back(action);
      }
    }
  }
  else
  {
    for (const QPointer<QAction>& action : m_escapeActions)
    {
      if (action)
      {
        action->setEnabled(true);
      }
    }
    m_escapeActions.clear();
  }
  m_leavePresenter->setShortcut(on ? escape : QKeySequence());
  m_panel->setPresenterMode(on);
  m_presenter->setChecked(on);
}

} // namespace myriad::app
