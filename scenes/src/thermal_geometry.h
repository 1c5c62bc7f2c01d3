#pragma once
// The VTK geometry ThermalView draws from a sampled thermal field: slice quads, arrow seeds and
// streamline polylines (the rules are documented in thermal_view.h).

class vtkPolyData;

namespace myriad::scenes::detail
{

struct ThermalField;

/**
 * A slice spanning grid axes `u` and `v` at world coordinate `at` on the third axis: one quad per
 * cell whose own grid cell is open, cell scalars "temperatureC" (the field sampled at the quad's
 * centre). `out` is replaced.
 */
void buildSlice(const ThermalField& field, int u, int v, double at, vtkPolyData* out);

/**
 * Arrow seeds on the horizontal plane at world height `z`: every stride-th open cell centre
 * (stride ≥ 2, about 1,500 arrows at most), vectors "velocityMs" and scalars "arrowLengthM"
 * growing with √(speed / fastest), the fastest 90 % of the seed spacing; arrows slower than 2 %
 * of the fastest are left out. `out` is replaced.
 */
void buildArrowSeeds(const ThermalField& field, double z, vtkPolyData* out);

/**
 * One polyline per seed of `field` (ThermalField::streamline from each of field.seeds), point
 * scalars "temperatureC" (the probe's value at every point). Seeds whose streamline has fewer
 * than two points are left out. `out` is replaced.
 */
void buildStreamlines(const ThermalField& field, vtkPolyData* out);

} // namespace myriad::scenes::detail
