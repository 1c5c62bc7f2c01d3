#pragma once
// The sampled copy of a thermal field that ThermalView draws and probes: grid, solid mask,
// cell temperatures and cell-centre velocities (from the potential's face flows). Plain C++,
// no VTK, so the sampling rules are tested without a renderer.

#include "myriad/scenes/thermal_view.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace myriad::scenes::detail
{

/** Temperature and velocity at a point (the probe's full answer). */
struct FieldSample
{
  double temperatureC = 0;
  std::array<double, 3> velocityMs{ 0, 0, 0 };
};

struct ThermalField
{
  int nx = 0, ny = 0, nz = 0;
  double cellM = 1;
  std::array<double, 3> origin{ 0, 0, 0 };
  std::vector<std::uint8_t> solid;
  std::vector<double> temperatureC;
  std::vector<std::array<float, 3>> velocityMs;
  double minC = 0, maxC = 0; ///< over open cells
  double maxSpeedMs = 0;     ///< fastest cell-centre speed
  /** Streamline seeds: centres of open supply cells (cooler outlets, perforated tiles), at
   *  most kMaxStreamlineSeeds of them spread evenly over all supplies. */
  std::vector<std::array<double, 3>> seeds;
  static constexpr int kMaxStreamlineSeeds = 200;

  /** Copy the grid and temperatures of `result` and derive the cell velocities. */
  static ThermalField fromResult(const engine::thermal::ThermalResult& result);

  bool empty() const { return temperatureC.empty(); }
  int index(int i, int j, int k) const { return i + nx * (j + ny * k); }
  int cellCount(int axis) const { return axis == 0 ? nx : (axis == 1 ? ny : nz); }
  /** Centre of cell `c` along `axis` (m). */
  double centre(int axis, int c) const { return origin[axis] + (c + 0.5) * cellM; }
  /** Cell index along `axis` that contains coordinate `v`, clamped into the grid. */
  int cellOf(int axis, double v) const;
  /** True when `p` lies inside the grid box (with a tolerance of 10⁻⁹ m). */
  bool contains(const std::array<double, 3>& p) const;
  /** True when the cell containing `p` (clamped into the grid) is solid. */
  bool solidAt(const std::array<double, 3>& p) const;
  /** Trilinear sample over the open cells among the 8 surrounding centres (see thermal_view.h). */
  std::optional<FieldSample> sample(const std::array<double, 3>& p) const;
  /**
   * Streamline of the sampled velocity from `seed`, downstream: midpoint (RK2) steps of a
   * quarter cell along the flow. It ends where the next point would leave the grid or enter a
   * solid cell (air drawn into a rack or cooler ends at its face), where the air is slower than
   * 0.1 % of the fastest cell, or after `maxPoints` points. The seed is the first point; an
   * empty answer when the seed itself is outside, solid or still.
   */
  std::vector<std::array<double, 3>> streamline(const std::array<double, 3>& seed,
                                                int maxPoints) const;
};

} // namespace myriad::scenes::detail
