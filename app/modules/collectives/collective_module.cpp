// CollectiveModule: simulate a collective on the shown fabric and play its timeline in 3D.
#include "collective_module.h"

#include "app_context.h"
#include "collective_panel.h"
#include "error_reporter.h"
#include "fabric_module.h"
#include "live_scheduler.h"
#include "module_registry.h"
#include "number_format.h"
#include "scene_document.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/error.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/scenes/collective_animation.h"

#include <QAction>
#include <QColor>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

#include <algorithm>

namespace myriad::app
{

namespace traffic = engine::traffic;

CollectiveModule::CollectiveModule() = default;
CollectiveModule::~CollectiveModule() = default;

void CollectiveModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new CollectivePanel(context.window);
  m_dock = context.ui->addDock(QStringLiteral("collectives.dock"), tr("Collective Animation"),
                               UiRegistry::scrollable(m_panel), Qt::RightDockWidgetArea);
  // A tab beside the Dashboard: the right column is crowded already.
  if (QDockWidget* dashboard = context.ui->dock(QStringLiteral("dashboard.dock")))
  {
    context.window->tabifyDockWidget(dashboard, m_dock);
  }
  m_dock->hide();
  QAction* show = m_dock->toggleViewAction();
  show->setText(tr("&Animate a Collective"));
  show->setStatusTip(tr("Simulate a ring, hierarchical or all-to-all collective on the fabric "
                        "and watch its chunks move along the cables"));
  context.ui->addAction(QStringLiteral("collectives.show"), show);
  if (QMenu* menu = context.ui->menu(QStringLiteral("training.menu")))
  {
    menu->addSeparator();
    menu->addAction(show);
  }
  else if (QMenu* view = context.ui->menu(QStringLiteral("view.menu")))
  {
    view->addAction(show);
  }
  m_timer.setTimerType(Qt::PreciseTimer);
  m_timer.setInterval(15);
  connect(&m_timer, &QTimer::timeout, this, &CollectiveModule::tick);
  connect(m_panel, &CollectivePanel::simulateRequested, this,
          [this] { simulate(m_panel->request()); });
  connect(m_panel, &CollectivePanel::playToggled, this, [this] { playing() ? pause() : play(); });
  connect(m_panel, &CollectivePanel::phaseStepRequested, this, &CollectiveModule::stepPhase);
  connect(m_panel, &CollectivePanel::seekRequested, this,
          [this](double fraction)
          {
            pause();
            seek(fraction * (m_computed ? m_computed->timeline.endS : 0.0));
          });
  connect(context.live, &LiveScheduler::stageShown, this,
          [this](engine::live::Stage stage)
          {
            if (stage == engine::live::Stage::Fabric)
            {
              if (FabricModule* shown = fabric(); shown && shown->fabric())
              {
                m_panel->setGpuLimit(computeGpuCount(shown->fabric()->graph));
              }
              runPending();
            }
          });
  if (FabricModule* fabricModule = fabric())
  {
    connect(fabricModule, &FabricModule::fabricInvalidated, this,
            [this] { dropAnimation(tr("The fabric changed: press Simulate again.")); });
  }
}

FabricModule* CollectiveModule::fabric() const
{
  return m_context->modules ? m_context->modules->get<FabricModule>(QStringLiteral("fabric"))
                            : nullptr;
}

void CollectiveModule::documentReplaced()
{
  m_pending.reset();
  dropAnimation(tr("Choose a collective and press Simulate."));
}

void CollectiveModule::sceneEdited(const engine::edit::ChangeSet& /*changes*/)
{
  dropAnimation(tr("The scene changed: press Simulate again."));
}

void CollectiveModule::releaseGraphics()
{
  pause();
  m_animation.reset(); // its props hold GL resources of the view's context
}

void CollectiveModule::dropAnimation(const QString& why)
{
  pause();
  if (m_animation)
  {
    m_animation->clear();
  }
  m_computed.reset();
  m_fabric.reset();
  m_t = 0;
  m_maxChunks = 0;
  m_panel->setSummary(why);
  m_panel->setPlayer(false, false);
  m_context->view->update();
}

void CollectiveModule::simulate(const CollectiveRequest& request)
{
  m_pending = request;
  FabricModule* fabricModule = fabric();
  if (!fabricModule)
  {
    m_pending.reset();
    emit simulateFailed(tr("No fabric module."));
    return;
  }
  if (!fabricModule->ensureFabric())
  {
    m_panel->setSummary(tr("Waiting for the fabric…"));
    return; // stageShown(Fabric) comes back to runPending()
  }
  runPending();
}

QString CollectiveModule::summaryText(const ComputedCollective& computed,
                                      traffic::MemberOrder order)
{
  const traffic::CollectiveTimeline& tl = computed.timeline;
  QString groups = tr("racks");
  if (tl.level == traffic::TimelineLevel::Node)
  {
    groups = tr("nodes");
  }
  else if (tl.level == traffic::TimelineLevel::Rail)
  {
    groups = tr("rails");
  }
  const QString level = tl.level == traffic::TimelineLevel::Flow
                          ? tr("every flow drawn")
                          : tr("%1 flows drawn as %2 arrows between %3")
                              .arg(formatInteger(static_cast<long long>(computed.simulatedFlows)),
                                   formatInteger(static_cast<long long>(tl.flows.size())), groups);
  QString members = tr("%1 GPUs in whole nodes").arg(formatInteger(computed.gpus));
  if (computed.span)
  {
    const traffic::MemberSpan& s = *computed.span;
    members = (order == traffic::MemberOrder::Rail
                 ? tr("%1 GPUs on %2 nodes × %3 rails, rail by rail (%4 → … → %5)")
                 : tr("%1 GPUs on %2 nodes × %3 rails, node by node (%4 → … → %5)"))
                .arg(formatInteger(s.gpus), formatInteger(s.nodes), formatInteger(s.rails),
                     QString::fromStdString(s.first), QString::fromStdString(s.last));
  }
  return tr("%1; %2 phases, %3 ms simulated by the flow simulator (CPU reference solver); %4.")
    .arg(members, formatInteger(static_cast<long long>(tl.phases.size())),
         formatSignificant(tl.endS * 1e3, 4), level);
}

void CollectiveModule::runPending()
{
  FabricModule* fabricModule = fabric();
  if (!m_pending || !fabricModule || !fabricModule->ensureFabric())
  {
    return;
  }
  const CollectiveRequest request = *m_pending;
  m_pending.reset();
  dropAnimation(QString());
  m_fabric = fabricModule->fabric();
  m_panel->setGpuLimit(computeGpuCount(m_fabric->graph));
  try
  {
    m_computed = std::make_unique<ComputedCollective>(computeCollective(
      m_fabric->graph, *m_fabric->scene, m_context->document->catalog(), request));
  }
  catch (const std::exception& error) // engine::Error and whatever else: never escapes
  {
    m_fabric.reset();
    const QString message = QString::fromUtf8(error.what());
    m_panel->setSummary(tr("Cannot simulate: %1").arg(message));
    reportError(m_context->window, tr("Cannot simulate the collective"), message);
    emit simulateFailed(message);
    return;
  }
  if (!m_animation)
  {
    m_animation = std::make_unique<scenes::CollectiveAnimation>(m_context->view->renderer());
  }
  m_animation->setTimeline(m_computed->timeline, m_fabric->graph, *fabricModule->fabricView());
  m_panel->setSummary(summaryText(*m_computed, request.order));
  m_panel->showRequest(request, m_computed->gpus);
  m_panel->setPlayer(true, false);
  seek(0);
  emit collectiveReady();
}

void CollectiveModule::seek(double t)
{
  if (!m_computed || !m_animation)
  {
    return;
  }
  m_t = std::clamp(t, 0.0, m_computed->timeline.endS);
  m_animation->setTime(m_t);
  m_maxChunks = std::max(m_maxChunks, m_animation->stats().chunks);
  refreshPanel();
  m_context->view->update();
}

void CollectiveModule::play()
{
  if (!m_computed)
  {
    return;
  }
  if (m_t >= m_computed->timeline.endS)
  {
    seek(0); // play again from the start
  }
  m_clock.start();
  m_timer.start();
  m_panel->setPlayer(true, true);
}

void CollectiveModule::pause()
{
  m_timer.stop();
  m_panel->setPlayer(m_computed != nullptr, false);
}

void CollectiveModule::stepPhase(int direction)
{
  if (!m_computed || m_computed->timeline.phases.empty())
  {
    return;
  }
  pause();
  // The next (or previous) phase middle strictly after (before) the shown time, so the
  // first step from t = 0 lands in phase 1 and a step from a phase's middle moves one on.
  const auto& phases = m_computed->timeline.phases;
  const int last = static_cast<int>(phases.size()) - 1;
  const double eps = 1e-9 * std::max(m_computed->timeline.endS, 1e-30);
  auto mid = [&phases](int i) { return 0.5 * (phases[i].startS + phases[i].endS); };
  int target = direction > 0 ? last : 0;
  for (int i = 0; i <= last; ++i)
  {
    const int k = direction > 0 ? i : last - i;
    if (direction > 0 ? mid(k) > m_t + eps : mid(k) < m_t - eps)
    {
      target = k;
      break;
    }
  }
  seek(0.5 * (phases[target].startS + phases[target].endS));
}

void CollectiveModule::tick()
{
  if (!m_computed)
  {
    pause();
    return;
  }
  const traffic::CollectiveTimeline& tl = m_computed->timeline;
  const double wall = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
  m_clock.start();
  const PlaySpeed speed = m_panel->speed();
  double simPerWall = 0;
  if (speed.wholeSeconds > 0)
  {
    simPerWall = tl.endS / speed.wholeSeconds;
  }
  else
  {
    const int p = std::max(0, traffic::phaseAt(tl, m_t));
    const traffic::TimelinePhase& phase = tl.phases.at(static_cast<std::size_t>(p));
    simPerWall = (phase.endS - phase.startS) / speed.secondsPerPhase;
  }
  seek(m_t + wall * simPerWall);
  if (m_t >= tl.endS)
  {
    pause();
    emit playbackFinished();
  }
}

QString CollectiveModule::phaseText(int phase) const
{
  const traffic::TimelinePhase& p = m_computed->timeline.phases.at(static_cast<std::size_t>(phase));
  QString kind = tr("all-to-all");
  if (p.kind == traffic::PhaseKind::ReduceScatter)
  {
    kind = tr("reduce-scatter");
  }
  else if (p.kind == traffic::PhaseKind::AllGather)
  {
    kind = tr("all-gather");
  }
  QString scope = tr("flat");
  if (p.scope == traffic::PhaseScope::IntraNode)
  {
    scope = tr("intra-node, NVLink");
  }
  else if (p.scope == traffic::PhaseScope::InterNode)
  {
    scope = tr("inter-node, fabric");
  }
  return tr("%1 step %2 (%3)").arg(kind, formatInteger(p.step), scope);
}

void CollectiveModule::refreshPanel()
{
  const traffic::CollectiveTimeline& tl = m_computed->timeline;
  const scenes::AnimationStats stats = m_animation->stats();
  QColor color;
  QString name;
  if (stats.phase >= 0)
  {
    const traffic::TimelinePhase& p = tl.phases.at(static_cast<std::size_t>(stats.phase));
    const auto rgb = scenes::CollectiveAnimation::phaseColor(p.kind, p.scope);
    color = QColor::fromRgbF(static_cast<float>(rgb[0]), static_cast<float>(rgb[1]),
                             static_cast<float>(rgb[2]));
    name = phaseText(stats.phase);
  }
  QString counts = tr("%1 flows moving, %2 chunks on %3 cable directions")
                     .arg(formatInteger(stats.activeFlows), formatInteger(stats.chunks),
                          formatInteger(stats.busyDirections));
  if (stats.nvlinkFlows > 0)
  {
    counts += tr("; %1 of the flows inside nodes over NVLink (no cable)")
                .arg(formatInteger(stats.nvlinkFlows));
  }
  m_panel->showTime(m_t, tl.endS, stats.phase, static_cast<int>(tl.phases.size()), name, color,
                    counts);
}

QString CollectiveModule::describeShown() const
{
  if (!m_computed)
  {
    return QStringLiteral("none");
  }
  const traffic::CollectiveTimeline& tl = m_computed->timeline;
  return QStringLiteral("kind=%1 gpus=%2 level=%3 flows=%4 arrows=%5 phases=%6 end_ms=%7 "
                        "chunks_max=%8")
    .arg(QString::fromStdString(tl.collective))
    .arg(m_computed->gpus)
    .arg(QString::fromLatin1(traffic::toString(tl.level)))
    .arg(m_computed->simulatedFlows)
    .arg(tl.flows.size())
    .arg(tl.phases.size())
    .arg(tl.endS * 1e3, 0, 'g', 6)
    .arg(m_maxChunks);
}

} // namespace myriad::app
