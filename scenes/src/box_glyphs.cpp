#include "box_glyphs.h"

#include <vtkActor.h>
#include <vtkCubeSource.h>
#include <vtkFloatArray.h>
#include <vtkGlyph3DMapper.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>

namespace myriad::scenes::detail
{

namespace
{
constexpr const char* kScaleArray = "size";
constexpr const char* kColorArray = "color";
} // namespace

BoxGlyphs::BoxGlyphs()
{
  vtkNew<vtkCubeSource> cube; // unit cube centred on the origin, with face normals
  m_mapper->SetSourceConnection(cube->GetOutputPort());
  m_mapper->SetInputData(m_points);
  m_mapper->SetScaleArray(kScaleArray);
  m_mapper->SetScaleModeToScaleByVectorComponents();
  m_mapper->SetScaling(true);
  m_mapper->OrientOff();
  m_mapper->SetScalarModeToUsePointData();
  m_mapper->SetColorModeToDirectScalars();
  m_mapper->ScalarVisibilityOn();
  m_actor->SetMapper(m_mapper);
  m_actor->PickableOff(); // picking is geometric (ray against boxes), see ray_pick.h
  vtkProperty* property = m_actor->GetProperty();
  property->SetAmbient(0.25);
  property->SetDiffuse(0.75);
  property->SetSpecular(0.08);
  property->SetSpecularPower(20);
  commit();
}

BoxGlyphs::~BoxGlyphs() = default;

void BoxGlyphs::clear()
{
  m_centers.clear();
  m_sizes.clear();
  m_colors.clear();
  m_count = 0;
}

BoxGlyphs::Instance BoxGlyphs::instanceOf(const engine::Box& box, Rgb color, double gapM)
{
  const double sx = std::max(box.x1 - box.x0 - 2 * gapM, 0.002);
  const double sy = std::max(box.y1 - box.y0 - 2 * gapM, 0.002);
  return { { static_cast<float>(0.5 * (box.x0 + box.x1)),
             static_cast<float>(0.5 * (box.y0 + box.y1)),
             static_cast<float>(0.5 * (box.z0 + box.z1)) },
           { static_cast<float>(sx), static_cast<float>(sy),
             static_cast<float>(std::max(box.z1 - box.z0, 0.002)) },
           { color.r, color.g, color.b } };
}

void BoxGlyphs::add(const engine::Box& box, Rgb color, double gapM)
{
  const Instance i = instanceOf(box, color, gapM);
  m_centers.insert(m_centers.end(), i.center, i.center + 3);
  m_sizes.insert(m_sizes.end(), i.size, i.size + 3);
  m_colors.insert(m_colors.end(), i.color, i.color + 3);
  ++m_count;
}

bool BoxGlyphs::update(int index, const engine::Box& box, Rgb color, double gapM)
{
  if (index < 0 || index >= m_count || m_points->GetNumberOfPoints() != m_count)
  {
    return false; // not committed yet: nothing drawn to rewrite
  }
  const Instance i = instanceOf(box, color, gapM);
  float* center = &m_centers[3 * static_cast<std::size_t>(index)];
  float* size = &m_sizes[3 * static_cast<std::size_t>(index)];
  unsigned char* rgb = &m_colors[3 * static_cast<std::size_t>(index)];
  if (std::equal(i.center, i.center + 3, center) && std::equal(i.size, i.size + 3, size) &&
      std::equal(i.color, i.color + 3, rgb))
  {
    return false;
  }
  std::copy(i.center, i.center + 3, center);
  std::copy(i.size, i.size + 3, size);
  std::copy(i.color, i.color + 3, rgb);
  // The committed data objects hold copies: write the instance there too.
  m_points->GetPoints()->SetPoint(index, center[0], center[1], center[2]);
  vtkPointData* data = m_points->GetPointData();
  vtkFloatArray::SafeDownCast(data->GetArray(kScaleArray))->SetTypedTuple(index, size);
  vtkUnsignedCharArray::SafeDownCast(data->GetScalars())->SetTypedTuple(index, rgb);
  m_dirty = true;
  return true;
}

void BoxGlyphs::markModified()
{
  if (!m_dirty)
  {
    return;
  }
  m_dirty = false;
  vtkPointData* data = m_points->GetPointData();
  m_points->GetPoints()->Modified();
  data->GetArray(kScaleArray)->Modified();
  data->GetScalars()->Modified();
  m_points->Modified();
}

void BoxGlyphs::commit()
{
  vtkNew<vtkPoints> points;
  points->SetDataTypeToFloat();
  points->SetNumberOfPoints(m_count);
  vtkNew<vtkFloatArray> sizes;
  sizes->SetName(kScaleArray);
  sizes->SetNumberOfComponents(3);
  sizes->SetNumberOfTuples(m_count);
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetName(kColorArray);
  colors->SetNumberOfComponents(3);
  colors->SetNumberOfTuples(m_count);
  for (int i = 0; i < m_count; ++i)
  {
    points->SetPoint(i, m_centers[3 * i], m_centers[3 * i + 1], m_centers[3 * i + 2]);
    sizes->SetTypedTuple(i, &m_sizes[3 * i]);
    colors->SetTypedTuple(i, &m_colors[3 * i]);
  }
  // Fresh data objects each time: the mapper sees a new modified time and rebuilds its buffers.
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->GetPointData()->AddArray(sizes);
  data->GetPointData()->SetScalars(colors); // per-instance colours
  m_points->ShallowCopy(data);
  m_actor->SetVisibility(m_count > 0 && !m_suppressed);
}

void BoxGlyphs::setSuppressed(bool suppressed)
{
  m_suppressed = suppressed;
  // The committed instances decide, as in commit(): add() without commit() draws nothing yet.
  m_actor->SetVisibility(m_points->GetNumberOfPoints() > 0 && !m_suppressed);
}

vtkActor* BoxGlyphs::actor() const
{
  return m_actor;
}

void BoxGlyphs::setWireframe(bool wireframe, double lineWidth)
{
  vtkProperty* property = m_actor->GetProperty();
  if (wireframe)
  {
    property->SetRepresentationToWireframe();
    property->SetLineWidth(static_cast<float>(lineWidth));
    property->LightingOff();    // cages read the same from every side
    property->SetOpacity(0.45); // faint, so the contents stay the subject
  }
  else
  {
    property->SetRepresentationToSurface();
    property->LightingOn();
    property->SetOpacity(1.0);
  }
}

} // namespace myriad::scenes::detail
