#pragma once
/**
 * @file camera_flight.h
 * Smooth camera moves for guided tours: the camera flies from where it is to a target pose in
 * a fixed time (ease-in-out), one frame per animation tick, without blocking input. A mouse
 * rotate, pan or zoom during the flight ends it where it is (the user takes over).
 *
 * Between a perspective and a parallel (top) view the projection switches at the start with
 * the same visible size: parallel scale s = d·tan(θ/2) for a perspective camera at distance d
 * with view angle θ, so the picture does not jump.
 */

#include <QObject>
#include <QVariantAnimation>

#include <array>

class vtkCamera;

namespace myriad::app
{

class VtkViewWidget;

/** Where a camera is and how it looks (m, world frame). */
struct CameraPose
{
  std::array<double, 3> position{};
  std::array<double, 3> focalPoint{};
  std::array<double, 3> viewUp{ 0, 0, 1 };
  bool parallel = false;
  double parallelScale = 1;
};

CameraPose poseOf(vtkCamera* camera);
void applyPose(vtkCamera* camera, const CameraPose& pose);
/** The pose a fraction `t` (0…1) of the way from `from` to `to` (positions and up linear). */
CameraPose interpolatePose(const CameraPose& from, const CameraPose& to, double t);

class CameraFlight : public QObject
{
  Q_OBJECT

public:
  /** Default flight time: within the one second a tour step may take to arrive. */
  static constexpr int kDefaultMs = 600;

  explicit CameraFlight(VtkViewWidget* view, QObject* parent = nullptr);

  /** Fly from the current pose to `target` in `milliseconds` (0: jump there). */
  void flyTo(const CameraPose& target, int milliseconds = kDefaultMs);
  bool flying() const;
  /** Stop where the camera is now. */
  void stop();
  /**
   * Put the camera at fraction `t` (0…1, eased as in flight) of the last flyTo() and stop the
   * clock: a recording takes frames at exact times instead of whenever the timer fires.
   */
  void seek(double t);
  /** Duration of the last flyTo() in milliseconds (0: it jumped). */
  int durationMs() const { return m_durationMs; }

signals:
  /** The camera reached the target of the last flyTo(). */
  void arrived();

private:
  void step(double t);

  VtkViewWidget* m_view;
  QVariantAnimation m_animation;
  CameraPose m_from;
  CameraPose m_to;
  int m_durationMs = 0;
};

} // namespace myriad::app
