// DashboardModule: the Dashboard dock, fed by the live loop's economics.
#include "dashboard_module.h"

#include "app_context.h"
#include "dashboard_panel.h"
#include "edit_controller.h"
#include "hall_view_controller.h"
#include "live_scheduler.h"
#include "scenario_panel.h"
#include "scene_document.h"
#include "ui_registry.h"

#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/edit/edit.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QToolBar>

namespace myriad::app
{

void DashboardModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new DashboardPanel(context.window);
  UiRegistry* ui = context.ui;
  m_dock = ui->addDock(QStringLiteral("dashboard.dock"), tr("Dashboard"), m_panel,
                       Qt::RightDockWidgetArea);
  if (QDockWidget* properties = ui->dock(QStringLiteral("properties.dock")))
  {
    context.window->splitDockWidget(properties, m_dock, Qt::Vertical);
  }
  ui->setDefaultDockSize(QStringLiteral("dashboard.dock"), Qt::Vertical, 520);
  createActions();

  m_panel->scenarioPanel()->setScheduler(context.live); // the PDF report is a scheduler job
  connect(m_panel->scenarioPanel(), &ScenarioPanel::overlayRequested, context.hallView,
          &HallViewController::showOverlay);
  // A scenario added or removed (telemetry calibration, undo): the Dashboard lists it.
  connect(context.document, &SceneDocument::scenariosChanged, this,
          [this] { m_panel->setScene(&m_context->document->scene(), &m_context->catalog()); });
  // Load, site and price are the document's evaluation context: a change in the panel is an
  // undoable edit, after which the live loop evaluates the economics (with the routed fabric's
  // BOM) on its worker and the Dashboard shows each run's result once.
  connect(m_panel, &DashboardPanel::inputsChanged, this, &DashboardModule::commitContext);
  connect(m_panel, &DashboardPanel::currencyEdited, this, &DashboardModule::commitCurrency);
  connect(context.editController, &EditController::sceneChanged, this,
          [this](const engine::edit::ChangeSet& changes)
          {
            if (changes.has(engine::edit::DataKind::EconomicsInputs))
            {
              m_panel->syncFromDocument(); // e.g. undo of a load change
              m_panel->refreshMoney();     // a currency edit changes no result, only its unit
            }
          });
  LiveScheduler* live = context.live;
  connect(live, &LiveScheduler::resultsUpdated, this,
          [this, live]
          {
            if (const std::shared_ptr<const LiveEconomics> economics = live->economics())
            {
              m_panel->showLiveEconomics(*economics);
            }
          });
}

void DashboardModule::commitContext()
{
  // Compared in canonical form: a file that spells out a default ("site": "ashburn-va") holds
  // the same context as one that leaves it out, and opening it must not make an edit.
  const std::string json = engine::economics::evaluationJsonFor(m_panel->economicsInputs());
  const std::string current = engine::economics::evaluationJsonFor(
    engine::economics::documentInputs(m_context->document->scene()));
  if (json != current)
  {
    m_context->editController->apply(engine::edit::SetEvaluation{ json });
  }
}

void DashboardModule::commitCurrency(const QString& code, double exchangeRate)
{
  const engine::Scene& scene = m_context->document->scene();
  if (scene.site.halls.empty())
  {
    return; // the site's scene-wide fields are set through a hall
  }
  // One undo step for both fields: a new currency starts at its reference rate.
  const std::string hall = scene.site.halls.front().id;
  std::vector<engine::edit::Edit> edits;
  if (code.toStdString() != scene.site.currency)
  {
    edits.emplace_back(engine::edit::SetProperty{ hall, "currency", code.toStdString() });
  }
  if (exchangeRate != scene.site.exchangeRate)
  {
    edits.emplace_back(engine::edit::SetProperty{ hall, "exchangeRate", exchangeRate });
  }
  if (!edits.empty())
  {
    m_context->editController->applyAll(edits, tr("Currency %1").arg(code));
  }
}

void DashboardModule::createActions()
{
  UiRegistry* ui = m_context->ui;
  auto* compare = new QAction(tr("&Compare Scenarios"), m_context->window);
  compare->setToolTip(tr("Compare a scenario of the scene with the base (Dashboard ▸ Scenarios)"));
  connect(compare, &QAction::triggered, this, &DashboardModule::compareScenarios);
  ui->addAction(QStringLiteral("dashboard.compare"), compare);
  auto* report = new QAction(tr("PDF &Report…"), m_context->window);
  report->setShortcut(QKeySequence::Print);
  report->setToolTip(tr("Write the executive PDF report of the scene (and the chosen scenario)"));
  connect(report, &QAction::triggered, this, &DashboardModule::writeReport);
  ui->addAction(QStringLiteral("dashboard.report"), report);
  // File menu: after Save As, before Quit.
  if (QMenu* file = ui->menu(QStringLiteral("file.menu")))
  {
    QAction* quit = ui->action(QStringLiteral("file.quit"));
    file->insertAction(quit, compare);
    file->insertAction(quit, report);
    file->insertSeparator(quit);
  }
  QToolBar* bar = ui->addToolBar(QStringLiteral("report.toolbar"), tr("Report"));
  bar->addAction(compare);
  bar->addAction(report);
}

void DashboardModule::raiseScenarios()
{
  m_dock->show();
  m_dock->raise();
  m_panel->showScenarios();
}

void DashboardModule::compareScenarios()
{
  raiseScenarios();
  ScenarioPanel* scenarios = m_panel->scenarioPanel();
  QComboBox* combo = scenarios->scenarioCombo();
  if (combo->currentIndex() <= 0 && combo->count() > 1)
  {
    combo->setCurrentIndex(1); // "(base only)" is first: take the first scenario
  }
  if (combo->currentIndex() > 0)
  {
    scenarios->compare();
  }
}

void DashboardModule::writeReport()
{
  raiseScenarios();
  m_panel->scenarioPanel()->chooseReportFile();
}

void DashboardModule::documentReplaced()
{
  m_panel->resetFabricBom(); // the new scene's fabric comes with the live loop
  m_panel->setScene(&m_context->document->scene(), &m_context->catalog());
}

} // namespace myriad::app
