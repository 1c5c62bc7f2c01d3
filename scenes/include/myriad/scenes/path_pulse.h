#pragma once
/**
 * @file path_pulse.h
 * A pulse (a bright dot) that runs along a polyline in the 3D view, for a traced path: set the
 * route once, then the phase 0–1 (fraction of the route's length from its start) each frame.
 * VTK only, no Qt; the owner drives the phase from a timer.
 */

#include <array>
#include <memory>
#include <vector>

class vtkRenderer;

namespace myriad::scenes
{

class PathPulse
{
public:
  explicit PathPulse(vtkRenderer* renderer);
  ~PathPulse();
  PathPulse(const PathPulse&) = delete;
  PathPulse& operator=(const PathPulse&) = delete;

  /** The route (world points, m); fewer than two points hide the pulse. */
  void setRoute(std::vector<std::array<double, 3>> points);
  /** Put the pulse at `fraction` (clamped to 0–1) of the route's length. */
  void setPhase(double fraction);
  /** Where the pulse is (the route's start before setPhase). */
  std::array<double, 3> point() const;
  /** Length of the route (m). */
  double lengthM() const;
  bool visible() const;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

} // namespace myriad::scenes
