// CameraFlight: a tour step's camera move, eased over a fixed time (camera_flight.h).
#include "camera_flight.h"

#include "vtk_view_widget.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <QEasingCurve>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

namespace
{

std::array<double, 3> lerp(const std::array<double, 3>& a, const std::array<double, 3>& b, double t)
{
  return { a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t };
}

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b)
{
  return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** `from` changed to `parallel` projection with the same visible size at the focal point. */
CameraPose withProjection(CameraPose from, bool parallel, double viewAngleDeg)
{
  const double halfAngle = std::tan(viewAngleDeg * M_PI / 360.0);
  const double d = std::max(1e-6, distance(from.position, from.focalPoint));
  if (parallel && !from.parallel)
  {
    from.parallelScale = d * halfAngle;
  }
  else if (!parallel && from.parallel)
  {
    const double wanted = from.parallelScale / std::max(1e-6, halfAngle);
    for (int i = 0; i < 3; ++i)
    {
      from.position[i] = from.focalPoint[i] + (from.position[i] - from.focalPoint[i]) / d * wanted;
    }
  }
  from.parallel = parallel;
  return from;
}

} // namespace

CameraPose poseOf(vtkCamera* camera)
{
  CameraPose pose;
  camera->GetPosition(pose.position.data());
  camera->GetFocalPoint(pose.focalPoint.data());
  camera->GetViewUp(pose.viewUp.data());
  pose.parallel = camera->GetParallelProjection() != 0;
  pose.parallelScale = camera->GetParallelScale();
  return pose;
}

void applyPose(vtkCamera* camera, const CameraPose& pose)
{
  camera->SetParallelProjection(pose.parallel ? 1 : 0);
  camera->SetFocalPoint(pose.focalPoint.data());
  camera->SetPosition(pose.position.data());
  camera->SetViewUp(pose.viewUp.data());
  camera->SetParallelScale(pose.parallelScale);
  camera->OrthogonalizeViewUp();
}

CameraPose interpolatePose(const CameraPose& from, const CameraPose& to, double t)
{
  CameraPose pose;
  pose.position = lerp(from.position, to.position, t);
  pose.focalPoint = lerp(from.focalPoint, to.focalPoint, t);
  pose.viewUp = lerp(from.viewUp, to.viewUp, t);
  const double upLength =
    std::max(1e-9, std::hypot(pose.viewUp[0], pose.viewUp[1], pose.viewUp[2]));
  for (double& c : pose.viewUp)
  {
    c /= upLength;
  }
  pose.parallel = t < 1 ? from.parallel : to.parallel;
  pose.parallelScale = from.parallelScale + (to.parallelScale - from.parallelScale) * t;
  return pose;
}

CameraFlight::CameraFlight(VtkViewWidget* view, QObject* parent)
  : QObject(parent)
  , m_view(view)
{
  m_animation.setStartValue(0.0);
  m_animation.setEndValue(1.0);
  m_animation.setEasingCurve(QEasingCurve::InOutCubic);
  connect(&m_animation, &QVariantAnimation::valueChanged, this,
          [this](const QVariant& value) { step(value.toDouble()); });
  connect(&m_animation, &QVariantAnimation::finished, this,
          [this]
          {
            step(1.0);
            emit arrived();
          });
  // The user grabbed the camera: the flight ends where it is.
  connect(m_view, &VtkViewWidget::interactiveChanged, this,
          [this](bool interactive)
          {
            if (interactive && m_view->interactive() && flying())
            {
              m_animation.stop();
            }
          });
}

void CameraFlight::flyTo(const CameraPose& target, int milliseconds)
{
  m_animation.stop();
  vtkCamera* camera = m_view->renderer()->GetActiveCamera();
  m_to = target;
  m_from = withProjection(poseOf(camera), target.parallel, camera->GetViewAngle());
  m_durationMs = std::max(0, milliseconds);
  if (milliseconds <= 0)
  {
    step(1.0);
    emit arrived();
    return;
  }
  m_animation.setDuration(milliseconds);
  m_animation.start();
}

bool CameraFlight::flying() const
{
  return m_animation.state() == QAbstractAnimation::Running;
}

void CameraFlight::stop()
{
  m_animation.stop();
}

void CameraFlight::seek(double t)
{
  m_animation.stop();
  step(m_animation.easingCurve().valueForProgress(std::clamp(t, 0.0, 1.0)));
}

void CameraFlight::step(double t)
{
  vtkRenderer* renderer = m_view->renderer();
  applyPose(renderer->GetActiveCamera(), interpolatePose(m_from, m_to, t));
  renderer->ResetCameraClippingRange();
  m_view->update();
}

} // namespace myriad::app
