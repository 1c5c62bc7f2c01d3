// TrafficModule: the Traffic dock — training jobs simulated on the open scene's fabric, cables
// coloured by their peak utilisation, GPUs coloured by job, hot links highlighted on click, and
// switches failed from the 3D selection.
#include "traffic_module.h"

#include "app_context.h"
#include "error_reporter.h"
#include "fabric_module.h"
#include "fabric_panel.h"
#include "hall_view_controller.h"
#include "live_scheduler.h"
#include "module_registry.h"
#include "scene_document.h"
#include "selection_model.h"
#include "traffic_panel.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/scenes/fabric_view.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>

namespace myriad::app
{

namespace fab = engine::fabric;
namespace traffic = engine::traffic;

void TrafficModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new TrafficPanel(context.window);
  m_panel->setScheduler(context.live); // its runs are scheduler jobs
  m_panel->setObjectName(QStringLiteral("trafficPanel"));
  UiRegistry* ui = context.ui;
  m_dock =
    ui->addDock(QStringLiteral("traffic.dock"), tr("Traffic"), m_panel, Qt::RightDockWidgetArea);
  if (QDockWidget* dashboard = ui->dock(QStringLiteral("dashboard.dock")))
  {
    context.window->tabifyDockWidget(dashboard, m_dock);
  }
  m_dock->hide(); // View ▸ Traffic
  connect(m_dock->toggleViewAction(), &QAction::toggled, this,
          [this](bool shown)
          {
            if (shown)
            {
              m_dock->raise(); // bring its tab to the front of the dashboard's group
            }
          });
  m_panel->loadPresets();
  createTraceAction();
  connect(m_panel, &TrafficPanel::runRequested, this, &TrafficModule::runTraffic);
  connect(m_panel, &TrafficPanel::resultReady, this, &TrafficModule::showResult);
  connect(m_panel, &TrafficPanel::errorOccurred, this,
          [this](const QString& title, const QString& text)
          { reportError(m_context->window, title, text); });
  connect(m_panel, &TrafficPanel::failSelectedRequested, this, &TrafficModule::failSelectedSwitch);
  connect(m_panel, &TrafficPanel::linkActivated, this,
          [this](int link)
          {
            FabricModule* fabricModule = fabric();
            const auto& data = fabricModule ? fabricModule->fabric() : nullptr;
            if (data && m_panel->resultGraph().get() == &data->graph)
            {
              scenes::FabricView* view = fabricModule->fabricView();
              view->highlightCable(view->cableOfLink(link));
              m_context->view->update();
            }
          });
}

FabricModule* TrafficModule::fabric() const
{
  return m_context->modules ? m_context->modules->get<FabricModule>(QStringLiteral("fabric"))
                            : nullptr;
}

void TrafficModule::documentReplaced()
{
  // A result describes the fabric it ran on; a changed document makes it stale. Before any
  // run there is nothing stale: the dock says what to do.
  m_panel->stateLabel()->setText(m_panel->resultGraph() ? tr("The scene changed: press Run again.")
                                                        : tr("Choose a job and press Run."));
}

void TrafficModule::failSelectedSwitch()
{
  const engine::ObjectRef& selected = m_context->selection->current();
  if (selected.kind != engine::ObjectKind::Switch)
  {
    m_context->showMessage(tr("Select a switch in the 3D view or the scene tree first."), 8000);
    return;
  }
  const engine::Rack& rack = m_context->document->scene()
                               .site.halls.at(selected.hall)
                               .rows.at(selected.row)
                               .racks.at(selected.rack);
  QStringList failed = m_panel->failedSwitches();
  const QString id = QString::fromStdString(rack.switches.at(selected.item).id);
  if (!failed.contains(id))
  {
    failed << id;
  }
  m_panel->setFailedSwitches(failed);
}

void TrafficModule::runTraffic()
{
  FabricModule* fabricModule = fabric();
  if (!fabricModule || !fabricModule->ensureFabric())
  {
    if (fabricModule)
    {
      m_panel->stateLabel()->setText(fabricModule->panel()->summaryText()); // computing, or why
    }
    return;
  }
  const engine::Catalog& catalog = engine::Catalog::builtin();
  // Alias the graph inside the shared fabric so it lives as long as the simulation needs it.
  const std::shared_ptr<const FabricData>& data = fabricModule->fabric();
  std::shared_ptr<const fab::FabricGraph> graph(data, &data->graph);
  m_panel->run(graph, catalog, traffic::sceneGpuPart(m_context->document->scene(), catalog));
}

void TrafficModule::showResult()
{
  const traffic::WorkloadResult& result = m_panel->result();
  const std::shared_ptr<const fab::FabricGraph> graph = m_panel->resultGraph();
  FabricModule* fabricModule = fabric();
  const auto& data = fabricModule ? fabricModule->fabric() : nullptr;
  if (!graph || !data || graph.get() != &data->graph)
  {
    return; // the fabric was recomputed meanwhile: nothing to colour
  }
  fabricModule->fabricView()->setLinkValues(linkUtilisation(*graph, result));
  fabricModule->fabricView()->setCablesVisible(true);
  // GPUs by job: job k (1-based) on a map centred on each job's index.
  const traffic::GpuCluster cluster = traffic::gpuCluster(*graph);
  scenes::Overlay overlay;
  overlay.title = tr("Job", "legend title: GPUs coloured by training job").toStdString();
  overlay.minValue = 0.5;
  overlay.maxValue = static_cast<double>(result.jobs.size()) + 0.5;
  for (std::size_t j = 0; j < result.jobs.size(); ++j)
  {
    for (int gpu : result.jobs[j].gpuIds)
    {
      const std::string id = sceneGpuIdOf(*graph, cluster, gpu);
      if (!id.empty())
      {
        overlay.values.emplace_back(id, static_cast<double>(j + 1));
      }
    }
  }
  m_context->hallView->showOverlay(overlay);
}

} // namespace myriad::app
