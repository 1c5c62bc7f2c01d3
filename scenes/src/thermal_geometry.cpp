// Slice, arrow and streamline geometry of a thermal field (see thermal_geometry.h).

#include "thermal_geometry.h"

#include "thermal_field.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <cmath>

namespace myriad::scenes::detail
{

namespace
{

constexpr int kArrowTarget = 1500;      // about this many arrows on the slice at most
constexpr double kArrowMinShare = 0.02; // arrows slower than 2 % of the fastest are left out
constexpr double kArrowLift = 0.03;     // arrows float this far above the slice (m)

} // namespace

void buildSlice(const ThermalField& field, int u, int v, double at, vtkPolyData* out)
{
  const int w = 3 - u - v;
  const int nu = field.cellCount(u);
  const int nv = field.cellCount(v);
  vtkNew<vtkPoints> points;
  points->SetNumberOfPoints(vtkIdType(nu + 1) * (nv + 1));
  for (int b = 0; b <= nv; ++b)
  {
    for (int a = 0; a <= nu; ++a)
    {
      std::array<double, 3> p{};
      p[u] = field.origin[u] + a * field.cellM;
      p[v] = field.origin[v] + b * field.cellM;
      p[w] = at;
      points->SetPoint(vtkIdType(a) + vtkIdType(nu + 1) * b, p.data());
    }
  }
  vtkNew<vtkCellArray> quads;
  vtkNew<vtkFloatArray> values;
  values->SetName("temperatureC");
  for (int b = 0; b < nv; ++b)
  {
    for (int a = 0; a < nu; ++a)
    {
      std::array<double, 3> centre{};
      centre[u] = field.centre(u, a);
      centre[v] = field.centre(v, b);
      centre[w] = at;
      const std::optional<FieldSample> s = field.sample(centre);
      if (field.solidAt(centre) || !s)
      {
        continue;
      }
      const vtkIdType p0 = vtkIdType(a) + vtkIdType(nu + 1) * b;
      const vtkIdType ids[4] = { p0, p0 + 1, p0 + 1 + (nu + 1), p0 + (nu + 1) };
      quads->InsertNextCell(4, ids);
      values->InsertNextValue(static_cast<float>(s->temperatureC));
    }
  }
  out->Initialize();
  out->SetPoints(points);
  out->SetPolys(quads);
  out->GetCellData()->SetScalars(values);
}

/**
 * Arrow seeds on the horizontal slice: every `stride`-th open cell centre (stride ≥ 2, so arrows
 * never touch) with its velocity and a length growing with √(speed / fastest), so slow air
 * still shows its direction; the fastest arrow is 90 % of the seed spacing.
 */
void buildArrowSeeds(const ThermalField& field, double z, vtkPolyData* out)
{
  const int stride =
    std::max(2, static_cast<int>(std::ceil(std::sqrt(double(field.nx) * field.ny / kArrowTarget))));
  std::vector<std::pair<std::array<double, 3>, std::array<double, 3>>> seeds;
  double fastest = 0;
  for (int j = stride / 2; j < field.ny; j += stride)
  {
    for (int i = stride / 2; i < field.nx; i += stride)
    {
      const std::array<double, 3> p{ field.centre(0, i), field.centre(1, j), z };
      const std::optional<FieldSample> s = field.sample(p);
      if (field.solidAt(p) || !s)
      {
        continue;
      }
      const auto& u = s->velocityMs;
      fastest = std::max(fastest, std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]));
      seeds.push_back({ { p[0], p[1], p[2] + kArrowLift }, u });
    }
  }
  vtkNew<vtkPoints> points;
  vtkNew<vtkFloatArray> vectors;
  vectors->SetName("velocityMs");
  vectors->SetNumberOfComponents(3);
  vtkNew<vtkFloatArray> lengths;
  lengths->SetName("arrowLengthM");
  const double longest = 0.9 * stride * field.cellM;
  for (const auto& [p, u] : seeds)
  {
    const double speed = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    if (fastest <= 0 || speed < kArrowMinShare * fastest)
    {
      continue;
    }
    points->InsertNextPoint(p.data());
    vectors->InsertNextTuple3(u[0], u[1], u[2]);
    lengths->InsertNextValue(static_cast<float>(longest * std::sqrt(speed / fastest)));
  }
  out->Initialize();
  out->SetPoints(points);
  out->GetPointData()->SetVectors(vectors);
  out->GetPointData()->SetScalars(lengths);
}

void buildStreamlines(const ThermalField& field, vtkPolyData* out)
{
  // Most supply air reaches an intake within metres, but air from a supply far from any rack
  // winds through the hall: allow about four lengths of its longest side in quarter-cell steps.
  const int maxPoints = 16 * std::max({ field.nx, field.ny, field.nz });
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  vtkNew<vtkFloatArray> temperatures;
  temperatures->SetName("temperatureC");
  for (const auto& seed : field.seeds)
  {
    const std::vector<std::array<double, 3>> line = field.streamline(seed, maxPoints);
    if (line.size() < 2)
    {
      continue;
    }
    lines->InsertNextCell(static_cast<vtkIdType>(line.size()));
    for (const auto& p : line)
    {
      const std::optional<FieldSample> s = field.sample(p);
      lines->InsertCellPoint(points->InsertNextPoint(p.data()));
      temperatures->InsertNextValue(static_cast<float>(s ? s->temperatureC : field.minC));
    }
  }
  out->Initialize();
  out->SetPoints(points);
  out->SetLines(lines);
  out->GetPointData()->SetScalars(temperatures);
}

} // namespace myriad::scenes::detail
