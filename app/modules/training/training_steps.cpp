// The Training module playing a step: camera waypoint, highlighted objects, docks, thermal slice
// and fabric tiers, the step's edits on the sandbox, and the learner's picks (training_module.h).
#include "training_module.h"

#include "app_context.h"
#include "camera_flight.h"
#include "edit_controller.h"
#include "fabric_module.h"
#include "fabric_panel.h"
#include "hall_view_controller.h"
#include "live_scheduler.h"
#include "module_registry.h"
#include "number_format.h"
#include "scene_document.h"
#include "selection_model.h"
#include "thermal_module.h"
#include "thermal_panel.h"
#include "tour_panel.h"
#include "tour_session.h"
#include "traffic_module.h"
#include "traffic_panel.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/query.h"
#include "myriad/engine/tour/tour_figures.h"
#include "myriad/engine/traffic/workload.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace myriad::app
{

namespace tour = engine::tour;

namespace
{

std::optional<scenes::CameraPreset> presetNamed(const std::string& name)
{
  if (name == "top")
  {
    return scenes::CameraPreset::Top;
  }
  if (name == "isometric")
  {
    return scenes::CameraPreset::Isometric;
  }
  if (name == "aisle")
  {
    return scenes::CameraPreset::AisleWalk;
  }
  return std::nullopt;
}

std::optional<engine::fabric::Tier> tierNamed(const std::string& name)
{
  using engine::fabric::Tier;
  if (name == "leaf")
  {
    return Tier::NodeLeaf;
  }
  if (name == "spine")
  {
    return Tier::LeafSpine;
  }
  if (name == "core")
  {
    return Tier::SpineCore;
  }
  return std::nullopt;
}

/**
 * Seen from at least this far above the floor (degrees): from the isometric preset's 35° an
 * object at a row's end hides behind the air handler in front of it.
 */
constexpr double kObjectElevationDeg = 55;

/** `pose` with the eye raised to at least `elevationDeg` above the focal point, same distance. */
CameraPose lookingDown(CameraPose pose, double elevationDeg)
{
  const double dx = pose.position[0] - pose.focalPoint[0];
  const double dy = pose.position[1] - pose.focalPoint[1];
  const double dz = pose.position[2] - pose.focalPoint[2];
  const double distance = std::hypot(dx, dy, dz);
  const double horizontal = std::hypot(dx, dy);
  const double wanted = elevationDeg * M_PI / 180;
  if (distance <= 0 || std::atan2(dz, horizontal) >= wanted)
  {
    return pose;
  }
  const double azimuth = horizontal > 0 ? std::atan2(dy, dx) : 0.0;
  pose.position = { pose.focalPoint[0] + distance * std::cos(wanted) * std::cos(azimuth),
                    pose.focalPoint[1] + distance * std::cos(wanted) * std::sin(azimuth),
                    pose.focalPoint[2] + distance * std::sin(wanted) };
  pose.viewUp = { 0, 0, 1 };
  return pose;
}

/** The picked object's id and the ids of what holds it (its server, its rack). */
std::vector<std::string> pickedIds(const engine::Scene& scene, const engine::ObjectRef& ref)
{
  using engine::ObjectKind;
  std::vector<std::string> ids{ engine::idOf(scene, ref) };
  if (ref.kind == ObjectKind::Gpu)
  {
    engine::ObjectRef node = ref;
    node.kind = ObjectKind::Node;
    node.item = -1;
    ids.push_back(engine::idOf(scene, node));
  }
  if (ref.kind == ObjectKind::Gpu || ref.kind == ObjectKind::Node || ref.kind == ObjectKind::Switch)
  {
    engine::ObjectRef rack{ ObjectKind::Rack, ref.hall, ref.row, ref.rack, -1, -1 };
    ids.push_back(engine::idOf(scene, rack));
  }
  return ids;
}

} // namespace

void TrainingModule::checkOnScene()
{
  const QString file = QFileInfo(m_session->path()).fileName();
  const auto problems =
    tour::checkTour(m_session->tour(), m_context->document->scene(), m_context->catalog(),
                    QFileInfo(m_session->path()).absolutePath().toStdString());
  for (const engine::Diagnostic& problem : problems)
  {
    if (problem.severity != engine::Severity::Error)
    {
      continue;
    }
    const int step = stepOfJsonPath(problem.jsonPath).value_or(0);
    m_session->blockAt(step, tr("%1, step %2, %3: %4")
                               .arg(file)
                               .arg(step + 1)
                               .arg(QString::fromStdString(problem.jsonPath),
                                    QString::fromStdString(problem.message)));
  }
}

void TrainingModule::showCurrentStep()
{
  if (!m_session)
  {
    return;
  }
  m_applyingStep = true;
  if (m_session->blockedMessage().isEmpty())
  {
    applyShow();
    applyAction();
    applyHighlight();
    applyCamera();
  }
  else
  {
    stayPut();
  }
  m_applyingStep = false;
  m_lastShownStep = m_session->current();
  refreshPanel();
  updateActions();
  emit stepShown(m_session->current());
}

void TrainingModule::refreshPanel()
{
  if (!m_session)
  {
    return;
  }
  const tour::Step& step = m_session->step();
  TourPanel::StepView view;
  view.tourTitle = m_session->local(m_session->tour().title);
  view.index = m_session->current();
  view.count = m_session->stepCount();
  view.title = m_session->local(step.title);
  view.markdown = stepMarkdown();
  view.blockedMessage = m_session->blockedMessage();
  if (step.question && view.blockedMessage.isEmpty())
  {
    view.questionPrompt = m_session->local(step.question->prompt);
    for (const tour::LocalText& option : step.question->options)
    {
      view.options << m_session->local(option);
    }
    view.pickQuestion = step.question->pick.has_value();
  }
  view.canGoBack = m_session->canGoBack();
  view.canGoNext = m_session->canGoNext();
  m_panel->showStep(view);
  m_panel->setScore(m_session->correctCount(), m_session->answeredCount(),
                    m_session->questionCount());
}

QString TrainingModule::stepMarkdown() const
{
  // Model figures from the live results, only where they describe the scene shown (a tour's
  // sample replaces the document: until its models ran, the figures read "…").
  std::map<std::string, std::string> figures;
  for (const tour::FigureSpec& spec : tour::figureSpecs())
  {
    const std::optional<double> value = m_context->live->stageCurrent(spec.stage)
                                          ? tour::figureValue(spec, m_context->live->results())
                                          : std::nullopt;
    if (value)
    {
      figures[spec.name] = formatFixed(*value, spec.decimals).toStdString();
    }
  }
  const tour::Step& step = m_session->step();
  return QString::fromStdString(tour::renderText(step.text.in(m_session->language().toStdString()),
                                                 m_context->document->scene(), m_session->tour(),
                                                 &figures));
}

const tour::Camera& TrainingModule::waypointOfStep() const
{
  // A step without a waypoint keeps the camera where the previous step left it; reached by a
  // jump (a restart, --tour-step, Back over several steps), it takes the last waypoint before it.
  const int current = m_session->current();
  const auto& steps = m_session->tour().steps;
  const bool sequential = m_lastShownStep == current - 1 || m_lastShownStep == current;
  for (int i = current; i >= 0 && (i == current || !sequential); --i)
  {
    const tour::Camera& camera = steps.at(i).camera;
    if (!camera.preset.empty() || !camera.object.empty() || camera.eye)
    {
      return camera;
    }
  }
  return steps.at(current).camera;
}

void TrainingModule::applyCamera()
{
  const tour::Camera& waypoint = waypointOfStep();
  vtkCamera* camera = m_context->view->renderer()->GetActiveCamera();
  const CameraPose start = poseOf(camera);
  std::optional<CameraPose> target;
  if (const auto preset = presetNamed(waypoint.preset))
  {
    m_context->hallView->applyCameraPreset(*preset); // where the preset puts the camera …
    target = poseOf(camera);
  }
  else if (!waypoint.object.empty())
  {
    if (const auto ref = engine::findById(m_context->document->scene(), waypoint.object))
    {
      m_context->hallView->flyTo(*ref);
      target = lookingDown(poseOf(camera), kObjectElevationDeg);
    }
  }
  else if (waypoint.eye && waypoint.focus)
  {
    CameraPose explicitPose;
    explicitPose.position = *waypoint.eye;
    explicitPose.focalPoint = *waypoint.focus;
    explicitPose.viewUp = waypoint.up.value_or(std::array<double, 3>{ 0, 0, 1 });
    target = explicitPose;
  }
  if (!target)
  {
    stayPut();
    return;
  }
  applyPose(camera, start); // … and the flight takes it there from here
  m_flight->flyTo(*target);
}

void TrainingModule::stayPut()
{
  // A flight of no time to where the camera is: arrived() at once, and a recording of the step
  // takes one frame here rather than replaying the previous step's flight.
  m_flight->flyTo(poseOf(m_context->view->renderer()->GetActiveCamera()), 0);
}

void TrainingModule::applyHighlight()
{
  const engine::Scene& scene = m_context->document->scene();
  m_highlighted.clear();
  for (const tour::Target& target : m_session->step().highlight)
  {
    for (std::string& id : tour::resolveTarget(scene, m_session->tour(), target))
    {
      if (std::find(m_highlighted.begin(), m_highlighted.end(), id) == m_highlighted.end())
      {
        m_highlighted.push_back(std::move(id));
      }
    }
  }
  std::vector<engine::ObjectRef> refs;
  for (const std::string& id : m_highlighted)
  {
    if (const auto ref = engine::findById(scene, id))
    {
      refs.push_back(*ref);
    }
  }
  if (refs.size() == 1)
  {
    m_context->selection->select(refs.front());
  }
  else if (refs.size() > 1)
  {
    m_context->selection->selectMany(refs);
  }
  else
  {
    m_context->selection->select({});
  }
}

void TrainingModule::applyShow()
{
  const tour::Show& show = m_session->step().show;
  for (const std::string& name : show.docks)
  {
    if (QDockWidget* dock =
          m_context->ui->dock(QString::fromStdString(name) + QStringLiteral(".dock")))
    {
      dock->show();
      dock->raise();
    }
  }
  for (const auto& [name, tab] : show.tabs)
  {
    if (QDockWidget* dock =
          m_context->ui->dock(QString::fromStdString(name) + QStringLiteral(".dock")))
    {
      dock->show();
      dock->raise();
      UiRegistry::selectTab(dock, QString::fromStdString(tab));
    }
  }
  if (show.thermalSlice)
  {
    if (auto* thermal = m_context->modules->get<ThermalModule>(QStringLiteral("thermal")))
    {
      thermal->dock()->show(); // opening the Thermal dock solves the hall
      thermal->panel()->sliceCheck()->setChecked(true);
    }
  }
  m_pendingTiers.clear();
  for (const std::string& name : show.fabricTiers)
  {
    if (const auto tier = tierNamed(name))
    {
      m_pendingTiers.push_back(*tier);
    }
  }
  applyFabricTiers();
}

void TrainingModule::applyFabricTiers()
{
  auto* fabric = m_context->modules->get<FabricModule>(QStringLiteral("fabric"));
  if (m_pendingTiers.empty() || !fabric || !fabric->ensureFabric())
  {
    return; // no tiers asked for, or the fabric is still computing: stageShown() comes back
  }
  fabric->panel()->cablesCheckBox()->setChecked(true);
  for (engine::fabric::Tier tier : engine::fabric::allTiers())
  {
    if (QCheckBox* box = fabric->panel()->tierCheckBox(tier))
    {
      box->setChecked(std::find(m_pendingTiers.begin(), m_pendingTiers.end(), tier) !=
                      m_pendingTiers.end());
    }
  }
  m_pendingTiers.clear();
}

void TrainingModule::applyAction()
{
  const int index = m_session->current();
  const auto& action = m_session->step().action;
  if (!action || m_actionDone.at(index))
  {
    return; // run once: coming back to the step does not apply its edits twice
  }
  m_actionDone[index] = true;
  if (action->op != "edits")
  {
    applyTrafficAction(*action);
    return;
  }
  try
  {
    const auto edits = engine::edit::editsFromJson(action->editsJson, "tour action");
    if (!m_context->editController->applyAll(edits, tr("Tour step %1").arg(index + 1)))
    {
      m_session->blockAt(index, m_context->editController->lastError());
    }
  }
  catch (const engine::Error& error)
  {
    m_session->blockAt(index, QString::fromUtf8(error.what()));
  }
}

void TrainingModule::applyTrafficAction(const tour::Action& action)
{
  const int index = m_session->current();
  auto* traffic = m_context->modules->get<TrafficModule>(QStringLiteral("traffic"));
  if (!traffic)
  {
    return;
  }
  if (action.op == "run-job")
  {
    const QString path = QFileInfo(m_session->path())
                           .absoluteDir()
                           .absoluteFilePath(QString::fromStdString(action.job));
    std::string name;
    try
    {
      name = engine::traffic::loadJob(path.toStdString()).name;
    }
    catch (const engine::Error& error)
    {
      m_session->blockAt(index, QString::fromUtf8(error.what()));
      return;
    }
    // The presets of samples/jobs are in the dock already: a second copy would be ticked too.
    if (!traffic->panel()->hasJob(QString::fromStdString(name)))
    {
      traffic->panel()->addJobFile(path);
    }
    traffic->panel()->selectJobs({ QString::fromStdString(name) });
  }
  else if (action.op == "fail")
  {
    QStringList failed = traffic->panel()->failedSwitches();
    for (const tour::Target& target : action.targets)
    {
      for (const std::string& id :
           tour::resolveTarget(m_context->document->scene(), m_session->tour(), target))
      {
        if (!failed.contains(QString::fromStdString(id)))
        {
          failed << QString::fromStdString(id);
        }
      }
    }
    traffic->panel()->setFailedSwitches(failed);
    m_failedSwitches = true;
  }
  traffic->dock()->show();
  traffic->dock()->raise();
  m_pendingTraffic = true;
  runPendingTraffic();
}

void TrainingModule::runPendingTraffic()
{
  auto* traffic = m_context->modules->get<TrafficModule>(QStringLiteral("traffic"));
  auto* fabric = m_context->modules->get<FabricModule>(QStringLiteral("fabric"));
  if (!m_pendingTraffic || !traffic || !fabric || !fabric->ensureFabric())
  {
    return; // the fabric is still computing: its stageShown() comes back here
  }
  m_pendingTraffic = false;
  traffic->runTraffic();
}

void TrainingModule::onSelectionChanged()
{
  if (!m_session || m_applyingStep || m_replacingDocument)
  {
    return;
  }
  const auto& question = m_session->step().question;
  const engine::ObjectRef& picked = m_context->selection->current();
  if (!question || !question->pick || !picked.valid() || !m_session->blockedMessage().isEmpty())
  {
    return;
  }
  const engine::Scene& scene = m_context->document->scene();
  const TourSession::Answer answer = m_session->answerPick(pickedIds(scene, picked), scene);
  m_panel->showVerdict(answer.correct, answer.explanation);
}

} // namespace myriad::app
