// ThermalModule: the Thermal dock and the thermal field in the 3D view (slice, arrows, legend),
// the rack-inlet overlay, the probe readout (temperature and air speed under the cursor) and
// Ctrl+wheel over the view to move the slices.
#include "thermal_module.h"

#include "app_context.h"
#include "live_scheduler.h"
#include "scene_document.h"
#include "selection_model.h"
#include "thermal_panel.h"
#include "ui_registry.h"
#include "vtk_view_widget.h"

#include "myriad/engine/live/live_models.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/hall_scene.h"
#include "myriad/scenes/thermal_view.h"

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QMainWindow>
#include <QMouseEvent>
#include <QSlider>
#include <QStatusBar>
#include <QToolTip>
#include <QWheelEvent>

#include <functional>

namespace myriad::app
{

namespace
{

/** Forwards mouse moves over the 3D view (without a button) to a callback: the hover probe. */
class HoverFilter final : public QObject
{
public:
  HoverFilter(QObject* parent, std::function<void(const QPointF&)> onHover)
    : QObject(parent)
    , m_onHover(std::move(onHover))
  {
  }

protected:
  bool eventFilter(QObject* watched, QEvent* event) override
  {
    if (event->type() == QEvent::MouseMove)
    {
      const auto* move = static_cast<QMouseEvent*>(event);
      if (move->buttons() == Qt::NoButton)
      {
        m_onHover(move->position());
      }
    }
    return QObject::eventFilter(watched, event);
  }

private:
  std::function<void(const QPointF&)> m_onHover;
};

/**
 * Ctrl + mouse wheel over the 3D view moves a thermal slice through the hall (one dock slider
 * step per notch) instead of zooming: the horizontal slice, or with Shift the vertical one. The
 * callback answers whether it took the event (a field is shown); otherwise the view zooms.
 */
class SliceWheelFilter final : public QObject
{
public:
  SliceWheelFilter(QObject* parent, std::function<bool(int notches, bool vertical)> onWheel)
    : QObject(parent)
    , m_onWheel(std::move(onWheel))
  {
  }

protected:
  bool eventFilter(QObject* watched, QEvent* event) override
  {
    if (event->type() == QEvent::Wheel)
    {
      const auto* wheel = static_cast<QWheelEvent*>(event);
      const int delta = wheel->angleDelta().y();
      if (wheel->modifiers().testFlag(Qt::ControlModifier) && delta != 0 &&
          m_onWheel(delta > 0 ? 1 : -1, wheel->modifiers().testFlag(Qt::ShiftModifier)))
      {
        return true;
      }
    }
    return QObject::eventFilter(watched, event);
  }

private:
  std::function<bool(int, bool)> m_onWheel;
};

} // namespace

ThermalModule::ThermalModule() = default;

ThermalModule::~ThermalModule()
{
  if (m_panel)
  {
    m_panel->setView(nullptr); // the panel may outlive the module (it belongs to the window)
  }
}

ThermalPanel* ThermalModule::panel() const
{
  return m_panel.data();
}

void ThermalModule::create(AppContext& context)
{
  m_context = &context;
  m_view = std::make_unique<scenes::ThermalView>(context.view->renderer());
  m_panel = new ThermalPanel(context.window);
  m_panel->setScheduler(context.live); // its solves are scheduler jobs
  m_panel->setView(m_view.get());
  UiRegistry* ui = context.ui;
  m_dock =
    ui->addDock(QStringLiteral("thermal.dock"), tr("Thermal"), m_panel, Qt::RightDockWidgetArea);
  // A tab next to the Dashboard (full height for the tables), hidden until asked for: opening
  // it solves the hall (seconds of CPU on a large hall).
  if (QDockWidget* dashboard = ui->dock(QStringLiteral("dashboard.dock")))
  {
    context.window->tabifyDockWidget(dashboard, m_dock);
  }
  m_dock->hide();
  connect(m_dock->toggleViewAction(), &QAction::toggled, this,
          [this](bool shown)
          {
            // Closing the dock takes the field out of the view; opening it brings it back.
            if (shown)
            {
              m_dock->raise();
            }
            if (m_view) // gone while the window is being destroyed
            {
              m_view->setVisible(shown && m_panel->sliceCheck()->isChecked());
              m_context->view->update();
            }
          });
  connectPanel();
  updateLiveCell();
  m_panel->setScene(&context.document->scene(), &context.catalog());
  installViewFilters();
  // The live thermal stage's field is the dock's answer at the live cell.
  connect(context.live, &LiveScheduler::stageShown, this,
          [this](engine::live::Stage stage)
          {
            if (stage == engine::live::Stage::Thermal)
            {
              offerLiveField();
            }
          });
}

void ThermalModule::updateLiveCell()
{
  const engine::Scene& scene = m_context->document->scene();
  m_panel->setLiveCellM(scene.site.halls.empty() ? 0.0
                                                 : engine::live::liveThermalCellM(
                                                     scene.site.halls.front(),
                                                     m_context->live->options().thermalMaxCells));
}

void ThermalModule::offerLiveField()
{
  const LiveScheduler* live = m_context->live;
  const engine::live::StageStatus& status = live->results().status(engine::live::Stage::Thermal);
  m_panel->setLiveField(live->results().thermal, live->stageCurrent(engine::live::Stage::Thermal),
                        status.failed ? QString::fromStdString(status.error) : QString(),
                        status.millis / 1000.0);
}

void ThermalModule::connectPanel()
{
  connect(m_panel, &ThermalPanel::viewChanged, m_context->view, qOverload<>(&QWidget::update));
  connect(m_panel, &ThermalPanel::rackActivated, this,
          [this](const QString& id)
          {
            const auto ref = engine::findById(m_context->document->scene(), id.toStdString());
            m_context->selection->select(ref.value_or(engine::ObjectRef{}));
          });
  // Clear only an overlay this dock set (telemetry may have set its own since).
  auto ownsOverlay = std::make_shared<bool>(false);
  connect(m_panel, &ThermalPanel::inletOverlayChanged, this,
          [this, ownsOverlay](bool enabled)
          {
            scenes::HallScene* hall = m_context->hallScene;
            if (enabled)
            {
              hall->setOverlay(m_panel->inletOverlay());
            }
            else if (*ownsOverlay && hall->hasOverlay())
            {
              hall->clearOverlay();
            }
            *ownsOverlay = enabled;
            m_context->view->update();
          });
}

void ThermalModule::installViewFilters()
{
  VtkViewWidget* view = m_context->view;
  view->setMouseTracking(true);
  // Hover: the probe in a tooltip at the cursor and in the status bar.
  const auto onHover = [this, view](const QPointF& pos)
  {
    const QPoint display = view->toDisplay(pos);
    if (showProbe(display.x(), display.y()))
    {
      const QString text =
        m_context->statusBar ? m_context->statusBar->currentMessage() : QString();
      QToolTip::showText(view->mapToGlobal(pos.toPoint()), text, view);
    }
    else
    {
      QToolTip::hideText();
    }
  };
  view->installEventFilter(new HoverFilter(this, onHover));
  // Ctrl+wheel moves the slice through the hall, live, through the dock's sliders (so the dock
  // shows the new position); the vertical slider moves 1 % of the hall per notch.
  const auto onWheel = [this](int notches, bool vertical)
  {
    if (!m_view || !m_view->hasResult() || !m_view->visible())
    {
      return false;
    }
    QSlider* slider = vertical ? m_panel->verticalSlider() : m_panel->heightSlider();
    if (!slider->isEnabled())
    {
      return false;
    }
    slider->setValue(slider->value() + notches * (vertical ? slider->maximum() / 100 : 1));
    return true;
  };
  view->installEventFilter(new SliceWheelFilter(this, onWheel));
  connect(view, &VtkViewWidget::clicked, this, &ThermalModule::showProbe);
}

void ThermalModule::documentReplaced()
{
  updateLiveCell();
  m_panel->setScene(&m_context->document->scene(), &m_context->catalog());
}

void ThermalModule::sceneEdited(const engine::edit::ChangeSet&)
{
  updateLiveCell();        // the hall's size may have changed
  m_panel->sceneChanged(); // a multi-object edit arrives as one change set: one re-solve
  if (m_panel->followsLiveField())
  {
    // The shell submits the edit to the scheduler after telling the modules: then the live
    // stage's state says whether its field still describes the scene.
    QMetaObject::invokeMethod(this, &ThermalModule::offerLiveField, Qt::QueuedConnection);
  }
}

void ThermalModule::releaseGraphics()
{
  if (m_panel)
  {
    m_panel->setView(nullptr);
  }
  m_view.reset();
}

bool ThermalModule::showProbe(int displayX, int displayY)
{
  if (!m_view || !m_view->hasResult() || !m_view->visible())
  {
    return false;
  }
  const auto point = m_view->slicePointAt(displayX, displayY);
  const auto probe = point ? m_view->probe(*point) : std::nullopt;
  if (!probe)
  {
    return false;
  }
  // The point is in the view's world frame; the message gives the hall's own coordinates.
  const std::array<double, 2> origin = m_view->hallOrigin();
  m_context->showMessage(tr("Air at x %1, y %2, z %3 m: %4 °C, %5 m/s")
                           .arg((*point)[0] - origin[0], 0, 'f', 1)
                           .arg((*point)[1] - origin[1], 0, 'f', 1)
                           .arg((*point)[2], 0, 'f', 2)
                           .arg(probe->temperatureC, 0, 'f', 1)
                           .arg(probe->speedMs, 0, 'f', 2),
                         4000);
  return true;
}

} // namespace myriad::app
