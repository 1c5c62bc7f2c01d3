#pragma once
/**
 * @file vtk_view_widget.h
 * Our Qt 6 ↔ VTK 9.1 view widget (Debian's VTK Qt module is built for Qt 5).
 *
 * Qt owns the OpenGL context: the widget is a QOpenGLWidget and VTK renders through a
 * vtkGenericOpenGLRenderWindow that does not own its context, blitting its frame into the
 * widget's framebuffer object (VTK 9.1 has no SetDefaultFrameBufferId). VTK may only render
 * inside paintGL(); everywhere else render requests become update() calls.
 *
 * Mouse events go to a vtkGenericRenderWindowInteractor with a trackball-camera style (left:
 * rotate, middle or Shift+left: pan, right or wheel: zoom), in device pixels. A left click
 * without a drag is reported by clicked() instead of rotating. With a DragHandler installed
 * (plan-view editing), a left press the handler accepts drags the object under the cursor
 * instead of the camera; a press it declines still moves the camera.
 *
 * Interactive detail: while a drag of the handler, a camera move with the mouse or a burst of
 * wheel zooms (until 250 ms without a wheel step) is in progress, interactive() is true and
 * interactiveChanged() tells the scenes to draw a lighter scene (HallScene::setInteractive());
 * at the end one render brings the full detail back. MYRIAD_INTERACTIVE_LOD=0 turns it off.
 *
 * Needs an OpenGL 3.2 core default surface format (see installDefaultSurfaceFormat()) and, on
 * X11, GLX (QT_XCB_GL_INTEGRATION=xcb_glx): VTK's GLEW is GLX only.
 */

// VTK headers first: none of them pulls in GLEW, but keep them ahead of Qt's GL headers anyway.
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkNew.h>
#include <vtkRenderer.h>

#include <QOpenGLWidget>
#include <QPoint>
#include <QTimer>

#include <functional>

namespace myriad::app
{

class VtkViewWidget : public QOpenGLWidget
{
  Q_OBJECT

public:
  /** Takes left-button drags away from the camera (editing tools). Display positions in pixels. */
  class DragHandler
  {
  public:
    virtual ~DragHandler() = default;
    /** Left press at `display`: return true to take this drag (the camera stays put). */
    virtual bool beginDrag(const QPoint& display, Qt::KeyboardModifiers modifiers) = 0;
    /** The cursor moved while dragging (past the click slop). */
    virtual void dragTo(const QPoint& display, Qt::KeyboardModifiers modifiers) = 0;
    /** Button released; `moved` false for a click (clicked() is emitted after this). */
    virtual void endDrag(const QPoint& display, bool moved) = 0;
  };

  /** What holds the view in its interactive state; several may at once. */
  enum class Interaction : unsigned
  {
    ToolDrag = 1, ///< the DragHandler moves something (past the click slop)
    Camera = 2,   ///< a rotate, pan or zoom with a mouse button held
    Wheel = 4,    ///< wheel zoom steps, until kWheelQuietMs without one
    Held = 8      ///< setInteraction() from outside (benchmarks, tools)
  };
  /** Quiet time after the last wheel step before the full detail returns (ms). */
  static constexpr int kWheelQuietMs = 250;

  explicit VtkViewWidget(QWidget* parent = nullptr);
  ~VtkViewWidget() override;

  /** Set the application-wide default format VTK needs; call before QApplication exists. */
  /** `vsync` false sets swap interval 0 (frame benchmarks measure rendering, not the display). */
  static void installDefaultSurfaceFormat(bool vsync = true);

  vtkRenderer* renderer() const;
  vtkGenericOpenGLRenderWindow* renderWindow() const;
  vtkGenericRenderWindowInteractor* interactor() const;

  /** Duration of the last paintGL() in milliseconds (0 before the first frame). */
  double lastFrameMs() const { return m_lastFrameMs; }
  /** Exponential moving average of the paintGL() duration in milliseconds. */
  double averageFrameMs() const { return m_averageFrameMs; }
  /** Frames rendered since construction. */
  int framesRendered() const { return m_frames; }

  /**
   * Run `work` with the widget's context current and VTK allowed to render (hardware picking
   * renders off screen). Returns false without running it before the GL context exists.
   */
  bool runWithContext(const std::function<void()>& work);

  /** Install (or with nullptr remove) the handler of left-button drags; not owned. */
  void setDragHandler(DragHandler* handler) { m_dragHandler = handler; }
  DragHandler* dragHandler() const { return m_dragHandler; }

  /**
   * Start (`active`) or end one source of interaction. When the interactive state flips,
   * interactiveChanged() is emitted and a frame is requested.
   */
  void setInteraction(Interaction source, bool active);
  /** An interaction is in progress and interactive detail is enabled. */
  bool interactive() const { return m_interactiveDetail && m_interactions != 0; }
  /** Turn interactive detail on or off (default on; MYRIAD_INTERACTIVE_LOD=0 in the environment
   *  turns it off). Off: interactive() stays false and every frame keeps the full detail. */
  void setInteractiveDetailEnabled(bool enabled);
  bool interactiveDetailEnabled() const { return m_interactiveDetail; }

  /** Display position (device pixels, origin bottom-left, as VTK counts) of a widget point. */
  QPoint toDisplay(const QPointF& widgetPos) const;
  /** Widget point (logical pixels, origin top-left) of a VTK display position. */
  QPointF fromDisplay(double x, double y) const;

signals:
  /** Emitted in paintGL() just before VTK renders: the place to adjust level of detail. */
  void aboutToRender();
  /** Emitted after each frame with its paintGL() duration in milliseconds. */
  void frameRendered(double milliseconds);
  /** A left click without drag at a VTK display position (device pixels, origin bottom-left). */
  void clicked(int displayX, int displayY);
  /** The view's size changed (device pixels already applied to the render window). */
  void resized();
  /** The camera was moved with the mouse (a rotate, pan or zoom just ended). */
  void cameraInteractionFinished();
  /** interactive() changed: draw a lighter scene while true, the full detail again when false. */
  void interactiveChanged(bool interactive);

protected:
  void initializeGL() override;
  void resizeGL(int width, int height) override;
  void paintGL() override;

  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void enterEvent(QEnterEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  void onWindowEvent(vtkObject* caller, unsigned long eventId, void* callData);
  void onRenderRequest(vtkObject* caller, unsigned long eventId, void* callData);
  void onCameraInteraction(vtkObject* caller, unsigned long eventId, void* callData);
  /** Apply a change of m_interactions or m_interactiveDetail (signal and frame on a flip). */
  void updateInteractive(bool wasInteractive);
  void cleanupGL();
  void blitToWidgetFramebuffer();
  void updateSize();
  void setEventInformation(const QPointF& pos, Qt::KeyboardModifiers modifiers, int repeat = 0);
  void forwardMouse(QMouseEvent* event, unsigned long vtkEvent);

  vtkNew<vtkGenericOpenGLRenderWindow> m_window;
  vtkNew<vtkRenderer> m_renderer;
  vtkNew<vtkGenericRenderWindowInteractor> m_interactor;
  vtkNew<vtkInteractorStyleTrackballCamera> m_style;
  bool m_glReady = false;
  bool m_inPaint = false;
  QPointF m_pressPos;
  bool m_pressed = false;
  bool m_dragged = false;
  DragHandler* m_dragHandler = nullptr;
  bool m_handlerDrag = false;  ///< the current left drag belongs to m_dragHandler
  unsigned m_interactions = 0; ///< Interaction bits in progress
  bool m_interactiveDetail = true;
  bool m_inWheel = false;       ///< VTK's wheel zoom runs a whole start/end interaction per step
  bool m_cameraStarted = false; ///< between VTK's start and end interaction events
  QTimer m_wheelQuiet;          ///< ends the Wheel interaction after kWheelQuietMs
  double m_lastFrameMs = 0;
  double m_averageFrameMs = 0;
  int m_frames = 0;
};

} // namespace myriad::app
