// MainWindow: the Thermal dock and the thermal field in the 3D view (slice, arrows, legend),
// the rack-inlet overlay, the probe readout (temperature and air speed under the cursor) and
// Ctrl+wheel over the view to move the slices.

#include "edit_controller.h"
#include "live_scheduler.h"
#include "main_window.h"

#include "scene_document.h"
#include "thermal_panel.h"
#include "vtk_view_widget.h"

#include "myriad/engine/query.h"
#include "myriad/scenes/thermal_view.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QMenuBar>
#include <QMouseEvent>
#include <QSlider>
#include <QStatusBar>
#include <QToolTip>
#include <QWheelEvent>

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

void MainWindow::createThermal()
{
  m_thermalView = std::make_unique<scenes::ThermalView>(m_view->renderer());
  m_thermal = new ThermalPanel(this);
  m_thermal->setScheduler(m_live); // its solves are scheduler jobs
  m_thermal->setView(m_thermalView.get());
  m_thermalDock = new QDockWidget(tr("Thermal"), this);
  m_thermalDock->setObjectName(QStringLiteral("thermalDock"));
  m_thermalDock->setWidget(m_thermal);
  addDockWidget(Qt::RightDockWidgetArea, m_thermalDock);
  // A tab next to the Dashboard (full height for the tables), hidden until asked for: opening
  // it solves the hall (seconds of CPU on a large hall).
  if (auto* dashboardDock = findChild<QDockWidget*>(QStringLiteral("dashboardDock")))
  {
    tabifyDockWidget(dashboardDock, m_thermalDock);
  }
  m_thermalDock->hide();
  connect(m_thermalDock->toggleViewAction(), &QAction::toggled, this,
          [this](bool shown)
          {
            // Closing the dock takes the field out of the view; opening it brings it back.
            if (shown)
            {
              m_thermalDock->raise();
            }
            if (m_thermalView) // gone while the window is being destroyed
            {
              m_thermalView->setVisible(shown && m_thermal->sliceCheck()->isChecked());
              m_view->update();
            }
          });
  for (QAction* action : menuBar()->actions())
  {
    if (action->menu() && action->menu()->title() == tr("&View"))
    {
      action->menu()->addAction(m_thermalDock->toggleViewAction());
    }
  }

  connect(m_thermal, &ThermalPanel::viewChanged, m_view, qOverload<>(&QWidget::update));
  connect(m_thermal, &ThermalPanel::rackActivated, this,
          [this](const QString& id)
          {
            const auto ref = engine::findById(m_document->scene(), id.toStdString());
            selectObject(ref.value_or(engine::ObjectRef{}));
          });
  // Clear only an overlay this dock set (telemetry may have set its own since).
  auto ownsOverlay = std::make_shared<bool>(false);
  connect(m_thermal, &ThermalPanel::inletOverlayChanged, this,
          [this, ownsOverlay](bool enabled)
          {
            if (enabled)
            {
              m_hallScene->setOverlay(m_thermal->inletOverlay());
            }
            else if (*ownsOverlay && m_hallScene->hasOverlay())
            {
              m_hallScene->clearOverlay();
            }
            *ownsOverlay = enabled;
            m_view->update();
          });
  connect(m_document, &SceneDocument::sceneReplaced, this,
          [this] { m_thermal->setScene(&m_document->scene(), &m_document->catalog()); });
  // Through the controller: a multi-object edit arrives as one change set (one re-solve).
  connect(m_editController, &EditController::sceneChanged, m_thermal, &ThermalPanel::sceneChanged);
  m_thermal->setScene(&m_document->scene(), &m_document->catalog());

  m_view->setMouseTracking(true);
  // Hover: the probe in a tooltip at the cursor and in the status bar.
  const auto onHover = [this](const QPointF& pos)
  {
    const QPoint display = m_view->toDisplay(pos);
    if (showThermalProbe(display.x(), display.y()))
    {
      QToolTip::showText(m_view->mapToGlobal(pos.toPoint()), statusBar()->currentMessage(), m_view);
    }
    else
    {
      QToolTip::hideText();
    }
  };
  m_view->installEventFilter(new HoverFilter(this, onHover));
  // Ctrl+wheel moves the slice through the hall, live, through the dock's sliders (so the dock
  // shows the new position); the vertical slider moves 1 % of the hall per notch.
  const auto onWheel = [this](int notches, bool vertical)
  {
    if (!m_thermalView || !m_thermalView->hasResult() || !m_thermalView->visible())
    {
      return false;
    }
    QSlider* slider = vertical ? m_thermal->verticalSlider() : m_thermal->heightSlider();
    if (!slider->isEnabled())
    {
      return false;
    }
    slider->setValue(slider->value() + notches * (vertical ? slider->maximum() / 100 : 1));
    return true;
  };
  m_view->installEventFilter(new SliceWheelFilter(this, onWheel));
  connect(m_view, &VtkViewWidget::clicked, this, &MainWindow::showThermalProbe);
}

bool MainWindow::showThermalProbe(int displayX, int displayY)
{
  if (!m_thermalView || !m_thermalView->hasResult() || !m_thermalView->visible())
  {
    return false;
  }
  const auto point = m_thermalView->slicePointAt(displayX, displayY);
  const auto probe = point ? m_thermalView->probe(*point) : std::nullopt;
  if (!probe)
  {
    return false;
  }
  statusBar()->showMessage(tr("Air at x %1, y %2, z %3 m: %4 °C, %5 m/s")
                             .arg((*point)[0], 0, 'f', 1)
                             .arg((*point)[1], 0, 'f', 1)
                             .arg((*point)[2], 0, 'f', 2)
                             .arg(probe->temperatureC, 0, 'f', 1)
                             .arg(probe->speedMs, 0, 'f', 2),
                           4000);
  return true;
}

} // namespace myriad::app
