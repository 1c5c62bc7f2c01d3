// MainWindow: the Traffic dock — training jobs simulated on the open scene's fabric, cables
// coloured by their peak utilisation, GPUs coloured by job, hot links highlighted on click, and
// switches failed from the 3D selection.
#include "error_reporter.h"
#include "fabric_panel.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "scene_document.h"
#include "traffic_panel.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/scenes/fabric_view.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

namespace myriad::app
{

namespace fab = engine::fabric;
namespace tr = engine::traffic;

void MainWindow::createTraffic()
{
  m_traffic = new TrafficPanel(this);
  m_traffic->setScheduler(m_live); // its runs are scheduler jobs
  m_traffic->setObjectName(QStringLiteral("trafficPanel"));
  m_trafficDock = new QDockWidget(tr("Traffic"), this);
  m_trafficDock->setObjectName(QStringLiteral("trafficDock"));
  m_trafficDock->setWidget(m_traffic);
  addDockWidget(Qt::RightDockWidgetArea, m_trafficDock);
  if (auto* dashboard = findChild<QDockWidget*>(QStringLiteral("dashboardDock")))
  {
    tabifyDockWidget(dashboard, m_trafficDock);
  }
  m_trafficDock->hide(); // View ▸ Traffic
  connect(m_trafficDock->toggleViewAction(), &QAction::toggled, this,
          [this](bool shown)
          {
            if (shown)
            {
              m_trafficDock->raise(); // bring its tab to the front of the dashboard's group
            }
          });
  for (QAction* action : menuBar()->actions())
  {
    if (action->menu() && action->text() == tr("&View"))
    {
      action->menu()->addAction(m_trafficDock->toggleViewAction());
    }
  }
  m_traffic->loadPresets();
  connect(m_traffic, &TrafficPanel::runRequested, this, &MainWindow::runTraffic);
  connect(m_traffic, &TrafficPanel::resultReady, this, &MainWindow::showTrafficResult);
  connect(m_traffic, &TrafficPanel::errorOccurred, this,
          [this](const QString& title, const QString& text) { reportError(this, title, text); });
  connect(m_traffic, &TrafficPanel::failSelectedRequested, this,
          [this]
          {
            if (m_selection.kind != engine::ObjectKind::Switch)
            {
              statusBar()->showMessage(tr("Select a switch in the 3D view or the scene tree "
                                          "first."),
                                       8000);
              return;
            }
            const engine::Rack& rack = m_document->scene()
                                         .site.halls.at(m_selection.hall)
                                         .rows.at(m_selection.row)
                                         .racks.at(m_selection.rack);
            QStringList failed = m_traffic->failedSwitches();
            const QString id = QString::fromStdString(rack.switches.at(m_selection.item).id);
            if (!failed.contains(id))
            {
              failed << id;
            }
            m_traffic->setFailedSwitches(failed);
          });
  connect(m_traffic, &TrafficPanel::linkActivated, this,
          [this](int link)
          {
            if (m_fabric && m_traffic->resultGraph().get() == &m_fabric->graph)
            {
              m_fabricView->highlightCable(m_fabricView->cableOfLink(link));
              m_view->update();
            }
          });
  // The result describes the fabric it ran on; a changed document makes it stale.
  connect(m_document, &SceneDocument::sceneReplaced, this,
          [this] { m_traffic->stateLabel()->setText(tr("The scene changed: press Run again.")); });
}

void MainWindow::runTraffic()
{
  if (!ensureFabric())
  {
    m_traffic->stateLabel()->setText(m_fabricPanel->summaryText()); // computing, or why not
    return;
  }
  const engine::Catalog& catalog = engine::Catalog::builtin();
  // Alias the graph inside the shared fabric so it lives as long as the simulation needs it.
  std::shared_ptr<const fab::FabricGraph> graph(m_fabric, &m_fabric->graph);
  m_traffic->run(graph, catalog, tr::sceneGpuPart(m_document->scene(), catalog));
}

void MainWindow::showTrafficResult()
{
  const tr::WorkloadResult& result = m_traffic->result();
  const std::shared_ptr<const fab::FabricGraph> graph = m_traffic->resultGraph();
  if (!graph || !m_fabric || graph.get() != &m_fabric->graph)
  {
    return; // the fabric was recomputed meanwhile: nothing to colour
  }
  m_fabricView->setLinkValues(linkUtilisation(*graph, result));
  m_fabricView->setCablesVisible(true);
  // GPUs by job: job k (1-based) on a map centred on each job's index.
  const tr::GpuCluster cluster = tr::gpuCluster(*graph);
  scenes::Overlay overlay;
  overlay.title = "Job";
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
  showOverlay(overlay);
}

} // namespace myriad::app
