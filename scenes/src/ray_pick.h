#pragma once
// Geometric picking: a ray from the eye through a pixel, intersected with axis-aligned boxes.
// Chosen over vtkCellPicker because the racks are glyph instances (no per-instance cells to
// pick) and the boxes are known exactly from the model; the test costs microseconds per box.

#include "myriad/engine/query.h"

#include <array>
#include <optional>

class vtkRenderer;

namespace myriad::scenes::detail
{

struct Ray
{
  std::array<double, 3> origin{};
  std::array<double, 3> direction{}; ///< not necessarily unit length
};

/** The ray through display pixel (x, y), origin bottom-left, from the near to the far plane. */
Ray displayRay(vtkRenderer* renderer, double x, double y);

/** Parameter t ≥ 0 where the ray enters `box` (0 when it starts inside), or nullopt. */
std::optional<double> intersect(const Ray& ray, const engine::Box& box);

} // namespace myriad::scenes::detail
