#include "thermal_field.h"

#include "myriad/engine/thermal/thermal_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::scenes::detail
{

namespace
{

/** Lower neighbour, upper neighbour and weight of the upper one along one axis. */
struct AxisWeights
{
  int lower = 0;
  int upper = 0;
  double t = 0;
};

AxisWeights axisWeights(double coordinate, double origin, double cellM, int cells)
{
  const double f = (coordinate - origin) / cellM - 0.5;
  if (cells <= 1 || f <= 0)
  {
    return { 0, 0, 0 };
  }
  if (f >= cells - 1)
  {
    return { cells - 1, cells - 1, 0 };
  }
  const int lower = static_cast<int>(std::floor(f));
  return { lower, lower + 1, f - lower };
}

/** Volume flow through the +axis face of cell `c` (m³/s); 0 at solids and the boundary. */
double plusFaceFlow(const engine::thermal::ThermalResult& result, int i, int j, int k, int axis)
{
  const engine::thermal::ThermalGrid& grid = result.problem.grid;
  const std::array<int, 3> at{ i, j, k };
  const std::array<int, 3> size{ grid.nx, grid.ny, grid.nz };
  if (at[axis] + 1 >= size[axis])
  {
    return 0;
  }
  const int cell = grid.index(i, j, k);
  const int next = grid.index(i + (axis == 0), j + (axis == 1), k + (axis == 2));
  if (grid.solid[cell] || grid.solid[next])
  {
    return 0;
  }
  return result.solution.psi[next] - result.solution.psi[cell];
}

/** Centres of open supply cells, every n-th so that at most kMaxStreamlineSeeds remain. */
std::vector<std::array<double, 3>> supplySeeds(const engine::thermal::ThermalResult& result)
{
  const engine::thermal::ThermalGrid& grid = result.problem.grid;
  std::vector<std::int32_t> cells;
  for (const auto& supply : result.problem.supplies)
  {
    for (std::int32_t c : supply.cells)
    {
      if (c >= 0 && std::size_t(c) < grid.cellCount() && !grid.solid[c])
      {
        cells.push_back(c);
      }
    }
  }
  const std::size_t stride = std::max<std::size_t>(
    1, (cells.size() + ThermalField::kMaxStreamlineSeeds - 1) / ThermalField::kMaxStreamlineSeeds);
  std::vector<std::array<double, 3>> seeds;
  for (std::size_t n = stride / 2; n < cells.size(); n += stride)
  {
    const int c = cells[n];
    const int i = c % grid.nx, j = (c / grid.nx) % grid.ny, k = c / (grid.nx * grid.ny);
    seeds.push_back({ grid.x0 + (i + 0.5) * grid.cellM, grid.y0 + (j + 0.5) * grid.cellM,
                      grid.z0 + (k + 0.5) * grid.cellM });
  }
  return seeds;
}

} // namespace

ThermalField ThermalField::fromResult(const engine::thermal::ThermalResult& result)
{
  const engine::thermal::ThermalGrid& grid = result.problem.grid;
  ThermalField field;
  const std::size_t n = grid.cellCount();
  if (n == 0 || result.solution.temperatureC.size() != n || grid.solid.size() != n)
  {
    return field;
  }
  field.nx = grid.nx;
  field.ny = grid.ny;
  field.nz = grid.nz;
  field.cellM = grid.cellM;
  field.origin = { grid.x0, grid.y0, grid.z0 };
  field.solid = grid.solid;
  field.temperatureC = result.solution.temperatureC;
  field.velocityMs.assign(n, { 0.f, 0.f, 0.f });
  const bool withFlow = result.solution.psi.size() == n;
  const double area = grid.cellM * grid.cellM;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (int k = 0; k < grid.nz; ++k)
  {
    for (int j = 0; j < grid.ny; ++j)
    {
      for (int i = 0; i < grid.nx; ++i)
      {
        const int cell = grid.index(i, j, k);
        if (grid.solid[cell])
        {
          continue;
        }
        lo = std::min(lo, result.solution.temperatureC[cell]);
        hi = std::max(hi, result.solution.temperatureC[cell]);
        if (!withFlow)
        {
          continue;
        }
        // Mean of the two face flows on each axis over the face area (cellSpeedMs's rule).
        const std::array<int, 3> at{ i, j, k };
        for (int axis = 0; axis < 3; ++axis)
        {
          const double plus = plusFaceFlow(result, i, j, k, axis);
          std::array<int, 3> below = at;
          --below[axis];
          const double minus =
            below[axis] < 0 ? 0 : plusFaceFlow(result, below[0], below[1], below[2], axis);
          field.velocityMs[cell][axis] = static_cast<float>(0.5 * (plus + minus) / area);
        }
      }
    }
  }
  field.minC = std::isfinite(lo) ? lo : 0;
  field.maxC = std::isfinite(hi) ? hi : 0;
  for (const auto& v : field.velocityMs)
  {
    field.maxSpeedMs = std::max(field.maxSpeedMs, double(std::hypot(v[0], v[1], v[2])));
  }
  field.seeds = supplySeeds(result);
  return field;
}

std::vector<std::array<double, 3>> ThermalField::streamline(const std::array<double, 3>& seed,
                                                            int maxPoints) const
{
  constexpr double kStepCells = 0.25;  // step length in cells
  constexpr double kStillShare = 1e-3; // slower than this share of the fastest cell: ends
  const double step = kStepCells * cellM;
  const double still = kStillShare * maxSpeedMs;
  // Unit direction of the flow at p; nullopt where the field is missing or too slow.
  auto direction = [&](const std::array<double, 3>& p) -> std::optional<std::array<double, 3>>
  {
    const std::optional<FieldSample> s = sample(p);
    if (!s)
    {
      return std::nullopt;
    }
    const auto& u = s->velocityMs;
    const double speed = std::hypot(u[0], u[1], u[2]);
    if (!(speed > still) || speed <= 0)
    {
      return std::nullopt;
    }
    return std::array<double, 3>{ u[0] / speed, u[1] / speed, u[2] / speed };
  };
  auto usable = [&](const std::array<double, 3>& p) { return contains(p) && !solidAt(p); };
  std::vector<std::array<double, 3>> line;
  if (!usable(seed) || !direction(seed))
  {
    return line;
  }
  line.push_back(seed);
  while (static_cast<int>(line.size()) < maxPoints)
  {
    const std::array<double, 3>& p = line.back();
    const auto d0 = direction(p);
    if (!d0)
    {
      break;
    }
    std::array<double, 3> mid{};
    for (int a = 0; a < 3; ++a)
    {
      mid[a] = p[a] + 0.5 * step * (*d0)[a];
    }
    const auto d1 = usable(mid) ? direction(mid) : std::nullopt;
    if (!d1)
    {
      break;
    }
    std::array<double, 3> next{};
    for (int a = 0; a < 3; ++a)
    {
      next[a] = p[a] + step * (*d1)[a];
    }
    if (!usable(next))
    {
      break;
    }
    line.push_back(next);
  }
  return line;
}

int ThermalField::cellOf(int axis, double v) const
{
  const int c = static_cast<int>(std::floor((v - origin[axis]) / cellM));
  return std::clamp(c, 0, std::max(0, cellCount(axis) - 1));
}

bool ThermalField::contains(const std::array<double, 3>& p) const
{
  constexpr double kTolerance = 1e-9;
  for (int axis = 0; axis < 3; ++axis)
  {
    const double lo = origin[axis];
    const double hi = origin[axis] + cellCount(axis) * cellM;
    if (!(p[axis] >= lo - kTolerance && p[axis] <= hi + kTolerance))
    {
      return false;
    }
  }
  return !empty();
}

bool ThermalField::solidAt(const std::array<double, 3>& p) const
{
  return solid[index(cellOf(0, p[0]), cellOf(1, p[1]), cellOf(2, p[2]))] != 0;
}

std::optional<FieldSample> ThermalField::sample(const std::array<double, 3>& p) const
{
  if (!contains(p))
  {
    return std::nullopt;
  }
  std::array<AxisWeights, 3> w;
  for (int axis = 0; axis < 3; ++axis)
  {
    w[axis] = axisWeights(p[axis], origin[axis], cellM, cellCount(axis));
  }
  double weightSum = 0;
  FieldSample out;
  for (int corner = 0; corner < 8; ++corner)
  {
    double weight = 1;
    std::array<int, 3> at{};
    for (int axis = 0; axis < 3; ++axis)
    {
      const bool upper = (corner >> axis) & 1;
      at[axis] = upper ? w[axis].upper : w[axis].lower;
      weight *= upper ? w[axis].t : 1 - w[axis].t;
    }
    const int cell = index(at[0], at[1], at[2]);
    if (weight <= 0 || solid[cell])
    {
      continue;
    }
    weightSum += weight;
    out.temperatureC += weight * temperatureC[cell];
    for (int axis = 0; axis < 3; ++axis)
    {
      out.velocityMs[axis] += weight * velocityMs[cell][axis];
    }
  }
  if (weightSum <= 0)
  {
    return std::nullopt;
  }
  out.temperatureC /= weightSum;
  for (double& v : out.velocityMs)
  {
    v /= weightSum;
  }
  return out;
}

} // namespace myriad::scenes::detail
