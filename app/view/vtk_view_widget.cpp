#include "vtk_view_widget.h"

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkOpenGLState.h>

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QSurfaceFormat>
#include <QWheelEvent>

#include <cmath>

namespace myriad::app
{

namespace
{

// GL enums, without including GL headers next to VTK's.
constexpr unsigned int kGlLessOrEqual = 0x0203;     // GL_LEQUAL
constexpr unsigned int kGlDrawFramebuffer = 0x8CA9; // GL_DRAW_FRAMEBUFFER
constexpr int kGlColorBufferBit = 0x4000;           // GL_COLOR_BUFFER_BIT
constexpr int kGlNearest = 0x2600;                  // GL_NEAREST
constexpr double kClickSlopPx = 4.0; // more movement than this is a drag, not a click

/** Interactive detail unless the environment turns it off (MYRIAD_INTERACTIVE_LOD=0). */
bool interactiveDetailFromEnvironment()
{
  const QString value = qEnvironmentVariable("MYRIAD_INTERACTIVE_LOD").trimmed().toLower();
  return value != QLatin1String("0") && value != QLatin1String("off") &&
         value != QLatin1String("false");
}

} // namespace

VtkViewWidget::VtkViewWidget(QWidget* parent)
  : QOpenGLWidget(parent)
{
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(320, 240);

  m_renderer->SetBackground(0.11, 0.12, 0.14);
  m_renderer->SetBackgroundAlpha(1.0); // otherwise framebuffer grabs come out transparent

  m_window->SetOwnContext(false);
  m_window->SetReadyForRendering(false);
  m_window->SetFrameBlitModeToNoBlit(); // paintGL() blits into the widget's FBO itself
  m_window->SetMultiSamples(0);         // Qt's FBO is not multisampled; VTK blits into it
  m_window->AddRenderer(m_renderer);
  m_window->AddObserver(vtkCommand::WindowMakeCurrentEvent, this, &VtkViewWidget::onWindowEvent);
  m_window->AddObserver(vtkCommand::WindowIsCurrentEvent, this, &VtkViewWidget::onWindowEvent);
  m_window->AddObserver(vtkCommand::WindowFrameEvent, this, &VtkViewWidget::onWindowEvent);

  m_interactor->SetRenderWindow(m_window);
  m_interactor->SetInteractorStyle(m_style);
  m_interactor->EnableRenderOff(); // VTK renders only in paintGL(); requests become update()
  m_interactor->AddObserver(vtkCommand::RenderEvent, this, &VtkViewWidget::onRenderRequest);
  m_style->AddObserver(vtkCommand::EndInteractionEvent, this, &VtkViewWidget::onRenderRequest);
  for (const unsigned long event :
       { vtkCommand::StartInteractionEvent, vtkCommand::InteractionEvent,
         vtkCommand::EndInteractionEvent })
  {
    m_style->AddObserver(event, this, &VtkViewWidget::onCameraInteraction);
  }
  m_interactor->Initialize();

  m_interactiveDetail = interactiveDetailFromEnvironment();
  m_wheelQuiet.setParent(this); // a named child: tests find it and check it restarts
  m_wheelQuiet.setObjectName(QStringLiteral("wheelQuietTimer"));
  m_wheelQuiet.setSingleShot(true);
  m_wheelQuiet.setTimerType(Qt::PreciseTimer); // a coarse timer may fire up to 5 % early
  m_wheelQuiet.setInterval(kWheelQuietMs);
  connect(&m_wheelQuiet, &QTimer::timeout, this,
          [this] { setInteraction(Interaction::Wheel, false); });
}

VtkViewWidget::~VtkViewWidget()
{
  cleanupGL();
}

void VtkViewWidget::installDefaultSurfaceFormat(bool vsync)
{
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 2);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setSwapBehavior(QSurfaceFormat::DoubleBuffer);
  format.setRedBufferSize(8);
  format.setGreenBufferSize(8);
  format.setBlueBufferSize(8);
  format.setAlphaBufferSize(8);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  format.setSamples(0);
  format.setSwapInterval(vsync ? 1 : 0);
  QSurfaceFormat::setDefaultFormat(format);
}

vtkRenderer* VtkViewWidget::renderer() const
{
  return m_renderer;
}

vtkGenericOpenGLRenderWindow* VtkViewWidget::renderWindow() const
{
  return m_window;
}

vtkGenericRenderWindowInteractor* VtkViewWidget::interactor() const
{
  return m_interactor;
}

void VtkViewWidget::initializeGL()
{
  if (!context() || !context()->isValid())
  {
    return;
  }
  connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &VtkViewWidget::cleanupGL,
          static_cast<Qt::ConnectionType>(Qt::UniqueConnection | Qt::DirectConnection));
  m_window->SetMapped(1);
  m_window->SetIsCurrent(true);
  m_glReady = m_window->InitializeFromCurrentContext();
  updateSize();
}

void VtkViewWidget::resizeGL(int, int)
{
  updateSize();
  emit resized();
}

void VtkViewWidget::updateSize()
{
  const double ratio = devicePixelRatioF();
  const int width = std::max(1, static_cast<int>(std::lround(this->width() * ratio)));
  const int height = std::max(1, static_cast<int>(std::lround(this->height() * ratio)));
  const int* current = m_window->GetSize();
  if (current[0] != width || current[1] != height)
  {
    m_window->SetSize(width, height);
  }
  m_interactor->SetSize(width, height);
}

void VtkViewWidget::paintGL()
{
  if (!m_glReady)
  {
    return;
  }
  QElapsedTimer timer;
  timer.start();
  updateSize();
  emit aboutToRender();

  // Qt changed GL state behind VTK's back: resynchronise VTK's state cache, and restore Qt's.
  vtkOpenGLState* state = m_window->GetState();
  state->Reset();
  state->Push();
  state->vtkglDepthFunc(kGlLessOrEqual);
  m_inPaint = true;
  m_window->SetReadyForRendering(true);
  m_window->Render();
  blitToWidgetFramebuffer();
  m_window->SetReadyForRendering(false);
  m_inPaint = false;
  state->Pop();

  m_lastFrameMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
  m_averageFrameMs = m_frames == 0 ? m_lastFrameMs : 0.9 * m_averageFrameMs + 0.1 * m_lastFrameMs;
  ++m_frames;
  emit frameRendered(m_lastFrameMs);
}

void VtkViewWidget::blitToWidgetFramebuffer()
{
  // A render may have run callbacks that made another context current: restore ours, then copy
  // VTK's display framebuffer into the framebuffer object Qt composes the widget from.
  if (QOpenGLContext::currentContext() != context())
  {
    makeCurrent();
  }
  const int* size = m_window->GetSize();
  vtkOpenGLState* state = m_window->GetState();
  state->PushFramebufferBindings();
  state->vtkglBindFramebuffer(kGlDrawFramebuffer, defaultFramebufferObject());
  m_window->BlitDisplayFramebuffer(0, 0, 0, size[0], size[1], 0, 0, size[0], size[1],
                                   kGlColorBufferBit, kGlNearest);
  // Translucent text and overlays leave alpha < 1 in VTK's image; Qt would blend those pixels
  // with the window behind the widget (speckled labels). The view is opaque: force alpha to 1.
  state->vtkglColorMask(0, 0, 0, 1);
  state->vtkglClearColor(0, 0, 0, 1);
  state->vtkglClear(kGlColorBufferBit);
  state->vtkglColorMask(1, 1, 1, 1);
  state->PopFramebufferBindings();
}

bool VtkViewWidget::runWithContext(const std::function<void()>& work)
{
  if (!m_glReady)
  {
    return false;
  }
  makeCurrent();
  vtkOpenGLState* state = m_window->GetState();
  state->Reset();
  state->Push();
  m_window->SetReadyForRendering(true);
  work();
  m_window->SetReadyForRendering(false);
  state->Pop();
  doneCurrent();
  update();
  return true;
}

void VtkViewWidget::cleanupGL()
{
  if (!m_glReady)
  {
    return;
  }
  m_glReady = false;
  makeCurrent();
  m_window->Finalize(); // releases VTK's GL resources while the context still exists
  doneCurrent();
}

void VtkViewWidget::onWindowEvent(vtkObject*, unsigned long eventId, void* callData)
{
  switch (eventId)
  {
    case vtkCommand::WindowMakeCurrentEvent:
      // Only when needed: QOpenGLWidget::makeCurrent() also rebinds the widget's framebuffer
      // object behind the back of VTK's state cache, which VTK calls MakeCurrent() in the middle
      // of creating its own framebuffers (they end up incomplete).
      if (QOpenGLContext::currentContext() != context())
      {
        makeCurrent();
      }
      break;
    case vtkCommand::WindowIsCurrentEvent:
      *static_cast<bool*>(callData) =
        context() != nullptr && QOpenGLContext::currentContext() == context();
      break;
    case vtkCommand::WindowFrameEvent:
      if (!m_inPaint)
      {
        update(); // a frame finished outside paintGL(): show it at the next paint
      }
      break;
    default:
      break;
  }
}

void VtkViewWidget::onRenderRequest(vtkObject*, unsigned long eventId, void*)
{
  if (eventId == vtkCommand::EndInteractionEvent)
  {
    emit cameraInteractionFinished();
  }
  update();
}

void VtkViewWidget::onCameraInteraction(vtkObject*, unsigned long eventId, void*)
{
  switch (eventId)
  {
    case vtkCommand::StartInteractionEvent:
      m_cameraStarted = true;
      break;
    case vtkCommand::InteractionEvent:
      // The camera really moves (a press without motion stays at full detail). Wheel steps are
      // whole interactions of their own: wheelEvent() holds those until the wheel is quiet.
      if (m_cameraStarted && !m_inWheel)
      {
        setInteraction(Interaction::Camera, true);
      }
      break;
    case vtkCommand::EndInteractionEvent:
      m_cameraStarted = false;
      setInteraction(Interaction::Camera, false);
      break;
    default:
      break;
  }
}

void VtkViewWidget::setInteraction(Interaction source, bool active)
{
  const bool was = interactive();
  const auto bit = static_cast<unsigned>(source);
  m_interactions = active ? (m_interactions | bit) : (m_interactions & ~bit);
  updateInteractive(was);
}

void VtkViewWidget::setInteractiveDetailEnabled(bool enabled)
{
  const bool was = interactive();
  m_interactiveDetail = enabled;
  updateInteractive(was);
}

void VtkViewWidget::updateInteractive(bool wasInteractive)
{
  if (interactive() == wasInteractive)
  {
    return;
  }
  emit interactiveChanged(interactive());
  update(); // the lighter scene at once, or the one render that brings the detail back
}

QPoint VtkViewWidget::toDisplay(const QPointF& widgetPos) const
{
  const double ratio = devicePixelRatioF();
  const int deviceHeight = static_cast<int>(std::lround(height() * ratio));
  const int x = static_cast<int>(std::lround(widgetPos.x() * ratio));
  const int y = static_cast<int>(std::lround(widgetPos.y() * ratio));
  return { x, deviceHeight - y - 1 };
}

QPointF VtkViewWidget::fromDisplay(double x, double y) const
{
  const double ratio = devicePixelRatioF();
  const double deviceHeight = std::lround(height() * ratio);
  return { x / ratio, (deviceHeight - y - 1) / ratio };
}

void VtkViewWidget::setEventInformation(const QPointF& pos, Qt::KeyboardModifiers modifiers,
                                        int repeat)
{
  const double ratio = devicePixelRatioF();
  m_interactor->SetEventInformationFlipY(
    static_cast<int>(std::lround(pos.x() * ratio)), static_cast<int>(std::lround(pos.y() * ratio)),
    (modifiers & Qt::ControlModifier) ? 1 : 0, (modifiers & Qt::ShiftModifier) ? 1 : 0, 0, repeat);
  m_interactor->SetAltKey((modifiers & Qt::AltModifier) ? 1 : 0);
}

void VtkViewWidget::forwardMouse(QMouseEvent* event, unsigned long vtkEvent)
{
  setEventInformation(event->position(), event->modifiers(),
                      event->type() == QEvent::MouseButtonDblClick ? 1 : 0);
  m_interactor->InvokeEvent(vtkEvent, event);
  event->accept();
}

void VtkViewWidget::mousePressEvent(QMouseEvent* event)
{
  if (event->button() == Qt::LeftButton)
  {
    m_pressed = true;
    m_dragged = false;
    m_pressPos = event->position();
    m_handlerDrag = m_dragHandler != nullptr &&
                    m_dragHandler->beginDrag(toDisplay(event->position()), event->modifiers());
    if (m_handlerDrag)
    {
      event->accept(); // the object moves, not the camera
      return;
    }
  }
  switch (event->button())
  {
    case Qt::LeftButton:
      forwardMouse(event, vtkCommand::LeftButtonPressEvent);
      break;
    case Qt::MiddleButton:
      forwardMouse(event, vtkCommand::MiddleButtonPressEvent);
      break;
    case Qt::RightButton:
      forwardMouse(event, vtkCommand::RightButtonPressEvent);
      break;
    default:
      QOpenGLWidget::mousePressEvent(event);
      break;
  }
}

void VtkViewWidget::mouseReleaseEvent(QMouseEvent* event)
{
  switch (event->button())
  {
    case Qt::LeftButton:
    {
      if (m_handlerDrag)
      {
        m_handlerDrag = false;
        m_dragHandler->endDrag(toDisplay(event->position()), m_dragged);
        setInteraction(Interaction::ToolDrag, false);
      }
      else
      {
        forwardMouse(event, vtkCommand::LeftButtonReleaseEvent);
      }
      const bool click = m_pressed && !m_dragged;
      m_pressed = false;
      if (click)
      {
        const QPoint display = toDisplay(event->position());
        emit clicked(display.x(), display.y());
      }
      break;
    }
    case Qt::MiddleButton:
      forwardMouse(event, vtkCommand::MiddleButtonReleaseEvent);
      break;
    case Qt::RightButton:
      forwardMouse(event, vtkCommand::RightButtonReleaseEvent);
      break;
    default:
      QOpenGLWidget::mouseReleaseEvent(event);
      break;
  }
  if (event->buttons() == Qt::NoButton)
  {
    // Every button is up: no camera move can go on (VTK's end event normally said so already).
    m_cameraStarted = false;
    setInteraction(Interaction::Camera, false);
  }
}

void VtkViewWidget::mouseMoveEvent(QMouseEvent* event)
{
  if (m_pressed && !m_dragged)
  {
    const QPointF delta = event->position() - m_pressPos;
    m_dragged = std::hypot(delta.x(), delta.y()) > kClickSlopPx;
  }
  if (m_handlerDrag)
  {
    if (m_dragged)
    {
      setInteraction(Interaction::ToolDrag, true);
      m_dragHandler->dragTo(toDisplay(event->position()), event->modifiers());
    }
    event->accept();
    return;
  }
  forwardMouse(event, vtkCommand::MouseMoveEvent);
}

void VtkViewWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
  // VTK sees a double click as a press with a repeat count; the release follows as usual.
  mousePressEvent(event);
}

void VtkViewWidget::wheelEvent(QWheelEvent* event)
{
  const int delta = event->angleDelta().y();
  if (delta == 0)
  {
    event->ignore();
    return;
  }
  setEventInformation(event->position(), event->modifiers());
  m_inWheel = true;
  m_interactor->InvokeEvent(
    delta > 0 ? vtkCommand::MouseWheelForwardEvent : vtkCommand::MouseWheelBackwardEvent, event);
  m_inWheel = false;
  setInteraction(Interaction::Wheel, true);
  m_wheelQuiet.start(); // restarts: the burst ends kWheelQuietMs after its last step
  event->accept();
}

void VtkViewWidget::enterEvent(QEnterEvent* event)
{
  setEventInformation(event->position(), event->modifiers());
  m_interactor->InvokeEvent(vtkCommand::EnterEvent, event);
  QOpenGLWidget::enterEvent(event);
}

void VtkViewWidget::leaveEvent(QEvent* event)
{
  m_interactor->InvokeEvent(vtkCommand::LeaveEvent, event);
  QOpenGLWidget::leaveEvent(event);
}

} // namespace myriad::app
