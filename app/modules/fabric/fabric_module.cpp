// FabricModule: the Fabric dock (BOM and cut sheet), the cables in the 3D view, the path of a
// selected GPU up the tiers and the ECMP path set between two GPUs (Ctrl+click).
//
// Nothing here computes the fabric: the live loop's fabric stage builds and routes it once per
// edit on a worker (LiveScheduler), and the dock, the cables and the GPU paths show that
// read-only snapshot. An edit or a new document drops the shown fabric at once (the view must
// not draw old cables over the edited scene); the stage's next result is shown when the dock is
// visible (or cables are asked for).
//
// Path latency = switches on the path × 130 ns + Σ cable lengths × 4.5 ns/m. The 130 ns is the
// port-to-port latency NVIDIA states for its Quantum InfiniBand switches (QM8700 data sheet;
// taken for Quantum-2 too: an estimate); 4.5 ns/m is the catalog's fibre latencyNsPerM (NVIDIA
// MMS4X50-NM overview), used for copper as well.
#include "fabric_module.h"

#include "app_context.h"
#include "fabric_panel.h"
#include "hall_view_controller.h"
#include "legend_overlay.h"
#include "live_scheduler.h"
#include "number_format.h"
#include "scene_document.h"
#include "selection_model.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/fabric/paths.h"
#include "myriad/scenes/fabric_view.h"

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QGuiApplication>
#include <QMainWindow>

#include <cmath>
#include <exception>

namespace myriad::app
{

namespace fab = engine::fabric;
using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

constexpr double kSwitchLatencyNs = 130.0;  // QM8700 data sheet port-to-port (estimate for NDR)
constexpr double kCableLatencyNsPerM = 4.5; // catalog fiber-*.latencyNsPerM
constexpr int kMaxEcmpPaths = 256;
constexpr int kStatusMs = 10000;

} // namespace

FabricModule::FabricModule() = default;
FabricModule::~FabricModule() = default;

void FabricModule::create(AppContext& context)
{
  m_context = &context;
  m_view = std::make_unique<scenes::FabricView>(context.view->renderer());
  m_panel = new FabricPanel(context.window);
  m_panel->setObjectName(QStringLiteral("fabricPanel"));
  UiRegistry* ui = context.ui;
  m_dock =
    ui->addDock(QStringLiteral("fabric.dock"), tr("Fabric"), m_panel, Qt::BottomDockWidgetArea);
  // The side columns reach the window's bottom and the bottom area lies under the 3D view only:
  // a full-width bottom area stacked the Fabric tables under the Thermal dock's, and at
  // 1600 × 1000 their minimum heights together did not fit.
  context.window->setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  context.window->setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
  // One bottom area: the Fabric tables share it with the Violations list as tabs.
  if (QDockWidget* violations = ui->dock(QStringLiteral("violations.dock")))
  {
    context.window->tabifyDockWidget(violations, m_dock);
  }
  connect(m_dock->toggleViewAction(), &QAction::toggled, this,
          [this](bool shown)
          {
            if (shown)
            {
              m_dock->raise();
            }
          });
  m_dock->hide(); // shown from View ▸ Fabric; it shows the live fabric stage's result
  connect(m_dock, &QDockWidget::visibilityChanged, this,
          [this](bool visible)
          {
            if (visible)
            {
              ensureFabric();
            }
          });
  // The live fabric stage answered: show it if the dock is open and nothing current is shown.
  connect(context.live, &LiveScheduler::stageShown, this,
          [this](engine::live::Stage stage)
          {
            if (stage == engine::live::Stage::Fabric && !m_fabric && m_dock->isVisible())
            {
              ensureFabric();
            }
          });
  connect(context.selection, &SelectionModel::changed, this, &FabricModule::onSelectionChanged);
  // Before every frame: the tiers shown, the cables' visibility and the Traffic module's
  // utilisation colours all change what the legend must say (unchanged, it costs nothing).
  connect(context.view, &VtkViewWidget::aboutToRender, this, &FabricModule::refreshLegend);
  connectPanel();
}

void FabricModule::refreshLegend()
{
  LegendOverlay* legend = m_context->hallView->legend();
  const scenes::FabricViewStats stats = m_view->stats();
  LegendOverlay::Section section;
  const auto color = [](const std::array<double, 3>& c)
  { return QColor::fromRgbF(float(c[0]), float(c[1]), float(c[2])); };
  if (m_view->built() && m_view->cablesVisible() && stats.linkValues)
  {
    section.title = tr("Cables: peak utilisation");
    for (const double value : { 0.0, 0.5, 1.0 })
    {
      section.swatches.append({ tr("%1 %").arg(formatInteger(std::lround(value * 100))),
                                color(m_view->valueColor(value)) });
    }
    section.swatches.append({ tr("no traffic"), QColor(140, 145, 153) });
  }
  else if (m_view->built() && m_view->cablesVisible())
  {
    section.title = tr("Cables");
    for (const fab::Tier tier : m_view->tiers())
    {
      if (m_view->tierVisible(tier))
      {
        section.swatches.append(
          { QString::fromUtf8(fab::toString(tier)), color(scenes::FabricView::tierColor(tier)) });
      }
    }
  }
  legend->setSection(QStringLiteral("cables"), section);
}

void FabricModule::connectPanel()
{
  VtkViewWidget* view = m_context->view;
  connect(m_panel, &FabricPanel::cablesShownChanged, this,
          [this, view](bool shown)
          {
            m_view->setCablesVisible(shown);
            view->update();
          });
  connect(m_panel, &FabricPanel::tierShownChanged, this,
          [this, view](fab::Tier tier, bool shown)
          {
            m_view->setTierVisible(tier, shown);
            view->update();
          });
  connect(m_panel, &FabricPanel::cableSelected, this,
          [this, view](int cable)
          {
            m_view->highlightCable(cable);
            view->update();
          });
}

void FabricModule::documentReplaced()
{
  invalidateFabric();
}

void FabricModule::sceneEdited(const engine::edit::ChangeSet& changes)
{
  using engine::edit::DataKind;
  if (changes.has(DataKind::Layout) || changes.has(DataKind::Devices) ||
      changes.has(DataKind::SwitchSlots))
  {
    invalidateFabric();
  }
}

void FabricModule::releaseGraphics()
{
  m_view.reset();
}

void FabricModule::invalidateFabric()
{
  // The view points into the old fabric and the edited scene: drop it before anything draws.
  m_view->clear();
  m_fabric.reset();
  m_panel->clearFabric(tr("The fabric is computed when this dock is shown."));
  m_pathGpu = {};
  emit fabricInvalidated();
  if (m_dock->isVisible())
  {
    // After the shell has submitted the new scene to the live loop (it tells the modules
    // first): then the stage's result shows only once it describes this scene.
    QMetaObject::invokeMethod(
      this, [this] { ensureFabric(); }, Qt::QueuedConnection);
  }
  m_context->view->update();
}

bool FabricModule::ensureFabric()
{
  if (m_fabric)
  {
    return true;
  }
  using engine::live::Stage;
  const LiveScheduler* live = m_context->live;
  if (!live->stageCurrent(Stage::Fabric))
  {
    m_panel->clearFabric(tr("Computing the fabric…"));
    return false;
  }
  const engine::live::LiveResults& results = live->results();
  const engine::live::StageStatus& status = results.status(Stage::Fabric);
  if (!results.fabric)
  {
    m_panel->clearFabric(tr("No fabric: %1").arg(QString::fromStdString(status.error)));
    return false;
  }
  // Shared, read-only: the stage's own result. When the newest run failed, the stage kept its
  // previous fabric: it stays on screen, marked stale, with the reason.
  m_fabric = results.fabric;
  m_panel->showFabric(m_fabric, live->stageGeneration(Stage::Fabric));
  if (status.failed)
  {
    m_panel->markStale(
      tr("Failed: %1 (showing the previous fabric)").arg(QString::fromStdString(status.error)));
  }
  const SceneDocument* document = m_context->document;
  const auto build = [this, document]
  { m_view->build(m_fabric->graph, m_fabric->cabling, *m_fabric->scene, document->catalog()); };
  if (!m_context->view->runWithContext(build))
  {
    build(); // no GL context yet (window not shown): the props need none to be made
  }
  m_view->setCablesVisible(m_panel->cablesShown());
  for (const fab::Tier tier : m_view->tiers())
  {
    const QCheckBox* box = m_panel->tierCheckBox(tier);
    m_view->setTierVisible(tier, box == nullptr || box->isChecked());
  }
  onSelectionChanged();
  m_context->view->update();
  return true;
}

int FabricModule::nicOfGpu(const ObjectRef& gpu) const
{
  if (!m_fabric || gpu.kind != ObjectKind::Gpu)
  {
    return -1;
  }
  const engine::Node& node = m_context->document->scene()
                               .site.halls.at(gpu.hall)
                               .rows.at(gpu.row)
                               .racks.at(gpu.rack)
                               .nodes.at(gpu.node);
  if (node.nics.empty())
  {
    return -1;
  }
  // GPU g uses NIC g (DGX: one ConnectX per GPU on its own rail); fewer NICs are shared.
  const engine::Gpu& g = node.gpus.at(gpu.item);
  const engine::Nic& nic = node.nics[static_cast<std::size_t>(g.index) % node.nics.size()];
  return m_fabric->graph.find(node.id + "-NIC" + std::to_string(nic.index));
}

QString FabricModule::ecmpPathText(int from, int to, std::vector<std::vector<int>>& paths) const
{
  const fab::FabricGraph& g = m_fabric->graph;
  paths = to >= 0 ? fab::ecmpPaths(g, from, to, kMaxEcmpPaths) : paths;
  if (paths.empty())
  {
    return tr("No fabric path between these GPUs.");
  }
  // Latency of the first path: its switches and its cables.
  const std::vector<int>& path = paths.front();
  double cableM = 0;
  int switches = 0;
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
  {
    for (const int l : g.linksOf(path[i]))
    {
      const int cable = m_view->cableOfLink(l);
      if (g.peer(l, path[i]) == path[i + 1] && cable >= 0)
      {
        cableM += m_fabric->cabling.cables[cable].lengthM;
        break;
      }
    }
    switches += g.device(path[i + 1]).kind == fab::DeviceKind::Switch ? 1 : 0;
  }
  const int hops = static_cast<int>(path.size()) - 1;
  const double latencyNs = switches * kSwitchLatencyNs + cableM * kCableLatencyNsPerM;
  return tr("%1 → %2: %3 hops, %4 equal-cost paths%5, latency ≈ %6 µs (%7 switches × %8 ns "
            "+ %9 m × %10 ns/m)")
    .arg(QString::fromStdString(g.device(from).id), QString::fromStdString(g.device(to).id))
    .arg(hops)
    .arg(formatInteger(static_cast<long long>(paths.size())))
    .arg(paths.size() >= kMaxEcmpPaths ? tr(" (first %1 shown)").arg(kMaxEcmpPaths) : QString())
    .arg(latencyNs / 1000, 0, 'f', 2)
    .arg(switches)
    .arg(kSwitchLatencyNs, 0, 'f', 0)
    .arg(cableM, 0, 'f', 1)
    .arg(kCableLatencyNsPerM, 0, 'f', 1);
}

QString FabricModule::upPathText(int from, std::vector<std::vector<int>>& paths) const
{
  // Up the tiers: NIC → leaf → spine → core, first uplink at each level.
  const fab::FabricGraph& g = m_fabric->graph;
  std::vector<int> path{ from };
  for (bool up = true; up;)
  {
    up = false;
    for (const int l : g.linksOf(path.back()))
    {
      const int peer = g.peer(l, path.back());
      if (g.device(peer).level == g.device(path.back()).level + 1)
      {
        path.push_back(peer);
        up = true;
        break;
      }
    }
  }
  paths.push_back(path);
  QStringList names;
  for (const int d : path)
  {
    names << QString::fromStdString(g.device(d).id);
  }
  return tr("Path up the fabric: %1 (%2 hops; Ctrl+click another GPU for the paths between "
            "them)")
    .arg(names.join(QStringLiteral(" → ")))
    .arg(path.size() - 1);
}

QString FabricModule::highlightGpuPath(const ObjectRef& gpu, const ObjectRef& second)
{
  if (!ensureFabric())
  {
    return {};
  }
  const int from = nicOfGpu(gpu);
  if (from < 0)
  {
    m_view->clearHighlight();
    return tr("This GPU has no NIC in the fabric.");
  }
  std::vector<std::vector<int>> paths;
  const QString text =
    second.valid() ? ecmpPathText(from, nicOfGpu(second), paths) : upPathText(from, paths);
  if (paths.empty())
  {
    m_view->clearHighlight();
    return text;
  }
  m_view->highlightPaths(paths);
  m_panel->setPathInfo(text);
  m_context->showMessage(text, kStatusMs);
  m_context->view->update();
  return text;
}

void FabricModule::onSelectionChanged()
{
  if (!m_fabric)
  {
    return;
  }
  // Ctrl held while selecting (a click in the view or the tree) pairs with the previous GPU.
  const bool addSecond = QGuiApplication::keyboardModifiers().testFlag(Qt::ControlModifier);
  const ObjectRef ref = m_context->selection->current();
  if (ref.kind == ObjectKind::Gpu)
  {
    if (addSecond && m_pathGpu.valid() && !(m_pathGpu == ref))
    {
      highlightGpuPath(m_pathGpu, ref);
      return;
    }
    m_pathGpu = ref;
    highlightGpuPath(ref);
    return;
  }
  m_pathGpu = {};
  m_view->clearHighlight();
  m_panel->setPathInfo({});
  // A rack (or anything in it) narrows the cut sheet to the rack's cables.
  const bool inRack =
    ref.kind == ObjectKind::Rack || ref.kind == ObjectKind::Node || ref.kind == ObjectKind::Switch;
  m_panel->setRackFilter(inRack ? QString::fromStdString(m_context->document->scene()
                                                           .site.halls.at(ref.hall)
                                                           .rows.at(ref.row)
                                                           .racks.at(ref.rack)
                                                           .id)
                                : QString());
  m_context->view->update();
}

} // namespace myriad::app
