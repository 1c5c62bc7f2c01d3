// PathTraceModule: trace the path between two GPUs on the shown fabric, draw it, fail its hops.
#include "path_trace_module.h"

#include "app_context.h"
#include "error_reporter.h"
#include "fabric_module.h"
#include "live_scheduler.h"
#include "module_registry.h"
#include "path_trace_panel.h"
#include "scene_document.h"
#include "selection_model.h"
#include "traffic_module.h"
#include "traffic_panel.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/live/live_models.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/fabric_view.h"
#include "myriad/scenes/path_pulse.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

namespace fab = engine::fabric;
namespace traffic = engine::traffic;

PathTraceModule::PathTraceModule() = default;
PathTraceModule::~PathTraceModule() = default;

void PathTraceModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new PathTracePanel(context.window);
  m_dock = context.ui->addDock(QStringLiteral("pathtrace.dock"), tr("Path Trace"),
                               UiRegistry::scrollable(m_panel), Qt::RightDockWidgetArea);
  // A tab beside the Dashboard: the right column is crowded already.
  if (QDockWidget* dashboard = context.ui->dock(QStringLiteral("dashboard.dock")))
  {
    context.window->tabifyDockWidget(dashboard, m_dock);
  }
  m_dock->hide();
  QAction* show = m_dock->toggleViewAction();
  show->setText(tr("T&race a Path"));
  show->setStatusTip(tr("The path between two GPUs hop by hop: ports, rates, utilisation, "
                        "latency, and where it goes when a switch or cable fails"));
  context.ui->addAction(QStringLiteral("pathtrace.show"), show);
  if (QMenu* menu = context.ui->menu(QStringLiteral("training.menu")))
  {
    menu->addAction(show);
  }
  else if (QMenu* view = context.ui->menu(QStringLiteral("view.menu")))
  {
    view->addAction(show);
  }
  m_timer.setInterval(30);
  connect(&m_timer, &QTimer::timeout, this,
          [this]
          {
            const double seconds = static_cast<double>(m_clock.elapsed()) / 1e3;
            m_pulse->setPhase(std::fmod(seconds, kPulseSeconds) / kPulseSeconds);
            m_context->view->update();
          });
  connect(m_panel, &PathTracePanel::traceRequested, this, &PathTraceModule::traceNow);
  connect(m_panel, &PathTracePanel::failSwitchRequested, this, &PathTraceModule::failHopSwitch);
  connect(m_panel, &PathTracePanel::failCableRequested, this, &PathTraceModule::failHopCable);
  connect(m_panel, &PathTracePanel::restoreRequested, this, &PathTraceModule::restoreAll);
  connect(
    m_panel, &PathTracePanel::useSelectionRequested, this,
    [this](bool to)
    {
      const engine::ObjectRef& ref = m_context->selection->current();
      if (ref.kind != engine::ObjectKind::Gpu)
      {
        m_context->showMessage(tr("Select a GPU in the 3D view or the scene tree first."), 8000);
        return;
      }
      const QString id = QString::fromStdString(engine::idOf(m_context->document->scene(), ref));
      m_panel->setEndpoints(to ? m_panel->fromId() : id, to ? id : m_panel->toId());
    });
  connect(context.live, &LiveScheduler::stageShown, this,
          [this](engine::live::Stage stage)
          {
            if (stage == engine::live::Stage::Fabric)
            {
              runPending();
            }
          });
  if (FabricModule* fabricModule = fabric())
  {
    connect(fabricModule, &FabricModule::fabricInvalidated, this,
            [this] { dropTrace(tr("The fabric changed: press Trace again.")); });
  }
  // A pulse the timer can move only while the dock is open.
  connect(m_dock, &QDockWidget::visibilityChanged, this,
          [this](bool visible)
          {
            if (!visible)
            {
              m_timer.stop();
            }
            else if (m_trace && m_pulse)
            {
              m_timer.start();
            }
          });
}

FabricModule* PathTraceModule::fabric() const
{
  return m_context->modules ? m_context->modules->get<FabricModule>(QStringLiteral("fabric"))
                            : nullptr;
}

void PathTraceModule::documentReplaced()
{
  m_pending = false;
  dropTrace(tr("Choose two GPUs and press Trace."));
}

void PathTraceModule::sceneEdited(const engine::edit::ChangeSet& /*changes*/)
{
  dropTrace(tr("The scene changed: press Trace again."));
}

void PathTraceModule::releaseGraphics()
{
  m_timer.stop();
  m_pulse.reset();
}

void PathTraceModule::dropTrace(const QString& why)
{
  m_timer.stop();
  if (m_pulse)
  {
    m_pulse->setRoute({});
  }
  m_trace.reset();
  m_fabric.reset();
  m_failedDevices.clear();
  m_failedLinks.clear();
  refreshFailures();
  m_panel->clearTrace(why);
  m_context->view->update();
}

void PathTraceModule::traceNow()
{
  m_pending = true;
  FabricModule* fabricModule = fabric();
  if (fabricModule && !fabricModule->ensureFabric())
  {
    m_panel->clearTrace(tr("Waiting for the fabric…"));
    return; // stageShown(Fabric) comes back to runPending()
  }
  runPending();
}

void PathTraceModule::runPending()
{
  FabricModule* fabricModule = fabric();
  if (!m_pending || !fabricModule || !fabricModule->ensureFabric())
  {
    return;
  }
  m_pending = false;
  const auto data = fabricModule->fabric();
  if (m_fabric != data)
  {
    m_failedDevices.clear(); // indices of another fabric
    m_failedLinks.clear();
    refreshFailures();
  }
  m_fabric = data;
  showTrace(*data);
}

std::vector<double> PathTraceModule::trafficLoads(const fab::FabricGraph& graph) const
{
  auto* trafficModule = m_context->modules
                          ? m_context->modules->get<TrafficModule>(QStringLiteral("traffic"))
                          : nullptr;
  if (!trafficModule || trafficModule->panel()->resultGraph().get() != &graph)
  {
    return {};
  }
  return trafficModule->panel()->result().peakLoadBps;
}

void PathTraceModule::showTrace(const engine::live::FabricSnapshot& data)
{
  traffic::PathTraceRequest request;
  request.failedDevices = m_failedDevices;
  request.failedLinks = m_failedLinks;
  const std::vector<double> loads = trafficLoads(data.graph);
  try
  {
    request.from = traffic::pathEndpoint(*data.scene, data.graph, m_panel->fromId().toStdString());
    request.to = traffic::pathEndpoint(*data.scene, data.graph, m_panel->toId().toStdString());
    m_trace =
      traffic::tracePath(data.graph, data.cabling, m_context->document->catalog(), request, loads);
  }
  catch (const std::exception& error) // engine::Error and whatever else: never escapes
  {
    m_trace.reset();
    m_timer.stop();
    if (m_pulse)
    {
      m_pulse->setRoute({});
    }
    const QString message = QString::fromUtf8(error.what());
    m_panel->clearTrace(tr("Cannot trace: %1").arg(message));
    emit traceFailed(message);
    m_context->view->update();
    return;
  }
  m_panel->showTrace(*m_trace, data.graph, !loads.empty());
  scenes::FabricView* view = fabric()->fabricView();
  view->highlightPaths(m_trace->paths);
  if (!m_pulse)
  {
    m_pulse = std::make_unique<scenes::PathPulse>(m_context->view->renderer());
  }
  m_pulse->setRoute(pulseRoute());
  m_clock.start();
  if (m_dock->isVisible())
  {
    m_timer.start();
  }
  m_context->view->update();
  emit traced();
}

std::vector<std::array<double, 3>> PathTraceModule::pulseRoute() const
{
  const scenes::FabricView* view = fabric()->fabricView();
  const fab::FabricGraph& graph = m_fabric->graph;
  std::vector<std::array<double, 3>> route;
  for (const traffic::PathHop& hop : m_trace->hops)
  {
    std::vector<std::array<double, 3>> line = view->linkPolyline(hop.link);
    if (line.empty())
    {
      continue; // an unplaced device: no point to draw
    }
    if (graph.links()[static_cast<std::size_t>(hop.link)].a.device != hop.from)
    {
      std::reverse(line.begin(), line.end()); // the link runs from its A end
    }
    route.insert(route.end(), line.begin(), line.end());
  }
  return route;
}

void PathTraceModule::failHopSwitch(int hop)
{
  if (!m_trace || hop < 0 || hop >= static_cast<int>(m_trace->hops.size()))
  {
    m_context->showMessage(tr("Choose a hop in the list first."), 8000);
    return;
  }
  const int device = m_trace->hops[static_cast<std::size_t>(hop)].to;
  if (m_fabric->graph.device(device).kind != fab::DeviceKind::Switch)
  {
    m_context->showMessage(tr("This hop arrives at a NIC, not a switch: fail its cable instead."),
                           8000);
    return;
  }
  m_failedDevices.push_back(device);
  refreshFailures();
  traceNow();
}

void PathTraceModule::failHopCable(int hop)
{
  if (!m_trace || hop < 0 || hop >= static_cast<int>(m_trace->hops.size()))
  {
    m_context->showMessage(tr("Choose a hop in the list first."), 8000);
    return;
  }
  m_failedLinks.push_back(m_trace->hops[static_cast<std::size_t>(hop)].link);
  refreshFailures();
  traceNow();
}

void PathTraceModule::restoreAll()
{
  m_failedDevices.clear();
  m_failedLinks.clear();
  refreshFailures();
  traceNow();
}

void PathTraceModule::refreshFailures()
{
  if (!m_fabric || (m_failedDevices.empty() && m_failedLinks.empty()))
  {
    m_panel->setFailures(QString());
    return;
  }
  const fab::FabricGraph& graph = m_fabric->graph;
  QStringList names;
  for (const int d : m_failedDevices)
  {
    names << QString::fromStdString(graph.device(d).id);
  }
  for (const int l : m_failedLinks)
  {
    const fab::Link& link = graph.links()[static_cast<std::size_t>(l)];
    names << tr("cable %1 – %2")
               .arg(QString::fromStdString(graph.device(link.a.device).id),
                    QString::fromStdString(graph.device(link.b.device).id));
  }
  m_panel->setFailures(tr("Out of service: %1").arg(names.join(QStringLiteral(", "))));
}

} // namespace myriad::app
