// ThermalView: the VTK props of a thermal field (slices, arrows, legend) and the probe.

#include "myriad/scenes/thermal_view.h"

#include "palette.h"
#include "ray_pick.h"
#include "thermal_field.h"
#include "thermal_geometry.h"

#include <vtkActor.h>
#include <vtkArrowSource.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkContourFilter.h>
#include <vtkFloatArray.h>
#include <vtkGlyph3D.h>
#include <vtkImageData.h>
#include <vtkLookupTable.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::scenes
{

namespace
{

constexpr double kDefaultSliceHeightM = 1.2; // rack-intake height

void setupLookupTable(vtkLookupTable* table)
{
  table->SetNumberOfTableValues(256);
  for (int i = 0; i < 256; ++i)
  {
    const detail::Rgb c = detail::powerColor(i, 255);
    table->SetTableValue(i, c.r / 255.0, c.g / 255.0, c.b / 255.0, 1.0);
  }
  table->Build();
}

void setupLegend(vtkLookupTable* table, vtkScalarBarActor* legend)
{
  legend->SetLookupTable(table);
  // No title: a horizontal bar centres it over the middle label. The unit on every label says
  // what the colours are (air temperature; the dock names the slice height).
  legend->SetTitle("");
  legend->SetNumberOfLabels(5);
  legend->SetLabelFormat("%.1f \xC2\xB0"
                         "C");
  // Horizontal along the bottom-left edge: clear of the row labels at the hall's end and of the
  // hall's own legend (rack power, overlays) on the right.
  legend->SetOrientationToHorizontal();
  legend->SetPosition(0.03, 0.02);
  legend->SetWidth(0.4);
  legend->SetHeight(0.09);
  legend->UnconstrainedFontSizeOn();
  legend->SetVerticalTitleSeparation(10);
  for (vtkTextProperty* text : { legend->GetTitleTextProperty(), legend->GetLabelTextProperty() })
  {
    text->ShadowOff();
    text->ItalicOff();
  }
  legend->GetTitleTextProperty()->SetFontSize(14);
  legend->GetLabelTextProperty()->SetFontSize(12);
  legend->PickableOff();
}

/** Flat-coloured slice actor: cell scalars through the table, no lighting (colours read true). */
void setupSliceActor(vtkActor* actor, vtkPolyDataMapper* mapper, vtkPolyData* data,
                     vtkLookupTable* table)
{
  mapper->SetInputData(data);
  mapper->SetLookupTable(table);
  mapper->SetScalarModeToUseCellData();
  mapper->UseLookupTableScalarRangeOn();
  mapper->ScalarVisibilityOn();
  actor->SetMapper(mapper);
  actor->GetProperty()->LightingOff();
  actor->PickableOff();
}

} // namespace

struct ThermalView::Impl
{
  explicit Impl(vtkRenderer* r);
  ~Impl();
  void rebuildHorizontal();
  void rebuildVertical();
  void updateVisibility();
  void rebuildIsosurface();
  void rebuildStreamlines();

  vtkRenderer* renderer = nullptr;
  detail::ThermalField field;
  bool visible = true;
  bool horizontalOn = true;
  bool arrowsOn = false;
  bool streamlinesOn = false;
  bool streamlinesCurrent = false;      ///< `streamlineData` holds the current field's lines
  std::optional<double> isoC;           ///< isosurface temperature, none when off
  bool volumeCurrent = false;           ///< `volume` holds the current field
  double sliceZ = kDefaultSliceHeightM; ///< above the grid floor
  VerticalSlice vertical = VerticalSlice::None;
  double verticalAt = 0;
  std::array<double, 2> hallOrigin{ 0, 0 }; ///< world x, y of the shown hall's frame

  vtkNew<vtkLookupTable> table;
  vtkNew<vtkPolyData> horizontalData;
  vtkNew<vtkPolyDataMapper> horizontalMapper;
  vtkNew<vtkActor> horizontalActor;
  vtkNew<vtkPolyData> verticalData;
  vtkNew<vtkPolyDataMapper> verticalMapper;
  vtkNew<vtkActor> verticalActor;
  vtkNew<vtkPolyData> arrowSeeds;
  vtkNew<vtkArrowSource> arrow;
  vtkNew<vtkGlyph3D> glyphs;
  vtkNew<vtkPolyDataMapper> arrowMapper;
  vtkNew<vtkActor> arrowActor;
  vtkNew<vtkScalarBarActor> legend;
  vtkNew<vtkPolyData> streamlineData;
  vtkNew<vtkPolyDataMapper> streamlineMapper;
  vtkNew<vtkActor> streamlineActor;
  vtkNew<vtkImageData> volume; ///< cell-centre temperatures as point data (isosurface input)
  vtkNew<vtkContourFilter> contour;
  vtkNew<vtkPolyDataMapper> isoMapper;
  vtkNew<vtkActor> isoActor;
};

ThermalView::Impl::Impl(vtkRenderer* r)
  : renderer(r)
{
  setupLookupTable(table);
  setupLegend(table, legend);
  setupSliceActor(horizontalActor, horizontalMapper, horizontalData, table);
  setupSliceActor(verticalActor, verticalMapper, verticalData, table);
  arrow->SetTipResolution(6);
  arrow->SetShaftResolution(6);
  glyphs->SetSourceConnection(arrow->GetOutputPort());
  glyphs->SetInputData(arrowSeeds);
  glyphs->SetVectorModeToUseVector();
  glyphs->SetScaleModeToScaleByScalar(); // orientation from the vector, length from the scalar
  glyphs->SetScaleFactor(1.0);
  glyphs->OrientOn();
  arrowMapper->SetInputConnection(glyphs->GetOutputPort());
  arrowMapper->ScalarVisibilityOff();
  arrowActor->SetMapper(arrowMapper);
  arrowActor->GetProperty()->SetColor(0.96, 0.96, 0.96);
  arrowActor->PickableOff();
  streamlineMapper->SetInputData(streamlineData);
  streamlineMapper->SetLookupTable(table);
  streamlineMapper->SetScalarModeToUsePointData();
  streamlineMapper->UseLookupTableScalarRangeOn();
  streamlineActor->SetMapper(streamlineMapper);
  streamlineActor->GetProperty()->SetLineWidth(2);
  streamlineActor->GetProperty()->LightingOff();
  streamlineActor->PickableOff();
  contour->SetInputData(volume);
  contour->ComputeScalarsOff();
  contour->ComputeNormalsOn();
  isoMapper->SetInputConnection(contour->GetOutputPort());
  isoMapper->ScalarVisibilityOff();
  isoActor->SetMapper(isoMapper);
  isoActor->GetProperty()->SetOpacity(0.45);
  isoActor->PickableOff();
  for (vtkProp* prop : std::initializer_list<vtkProp*>{ horizontalActor, verticalActor, arrowActor,
                                                        isoActor, streamlineActor, legend })
  {
    prop->SetVisibility(false);
    renderer->AddViewProp(prop);
  }
}

ThermalView::Impl::~Impl()
{
  for (vtkProp* prop : std::initializer_list<vtkProp*>{ horizontalActor, verticalActor, arrowActor,
                                                        isoActor, streamlineActor, legend })
  {
    renderer->RemoveViewProp(prop);
  }
}

void ThermalView::Impl::rebuildHorizontal()
{
  if (field.empty())
  {
    horizontalData->Initialize();
    arrowSeeds->Initialize();
    return;
  }
  const double z = field.origin[2] + sliceZ;
  detail::buildSlice(field, 0, 1, z, horizontalData);
  detail::buildArrowSeeds(field, z, arrowSeeds);
  horizontalData->Modified();
  arrowSeeds->Modified();
}

void ThermalView::Impl::rebuildVertical()
{
  if (field.empty() || vertical == VerticalSlice::None)
  {
    verticalData->Initialize();
    return;
  }
  // AlongX: the plane y = position spans X and Z; AlongY: x = position spans Y and Z.
  const int u = vertical == VerticalSlice::AlongX ? 0 : 1;
  detail::buildSlice(field, u, 2, verticalAt, verticalData);
  verticalData->Modified();
}

void ThermalView::Impl::updateVisibility()
{
  const bool on = visible && !field.empty();
  horizontalActor->SetVisibility(on && horizontalOn);
  legend->SetVisibility(on);
  verticalActor->SetVisibility(on && vertical != VerticalSlice::None);
  arrowActor->SetVisibility(on && horizontalOn && arrowsOn);
  isoActor->SetVisibility(on && isoC.has_value());
  streamlineActor->SetVisibility(on && streamlinesOn);
}

void ThermalView::Impl::rebuildStreamlines()
{
  if (field.empty() || !streamlinesOn)
  {
    streamlineData->Initialize();
    streamlinesCurrent = false;
    return;
  }
  if (!streamlinesCurrent)
  {
    detail::buildStreamlines(field, streamlineData);
    streamlineData->Modified();
    streamlinesCurrent = true;
  }
}

ThermalView::ThermalView(vtkRenderer* renderer)
  : m_impl(std::make_unique<Impl>(renderer))
{
}

ThermalView::~ThermalView() = default;

void ThermalView::setResult(const engine::thermal::ThermalResult& result)
{
  setResult(result, { 0.0, 0.0 });
}

std::array<double, 2> ThermalView::hallOrigin() const
{
  return m_impl->hallOrigin;
}

void ThermalView::setResult(const engine::thermal::ThermalResult& result,
                            std::array<double, 2> hallOrigin)
{
  Impl& d = *m_impl;
  d.field = detail::ThermalField::fromResult(result);
  // The field is sampled in the hall frame; moving its origin (and the seeds derived from it)
  // moves every slice, arrow, streamline and the isosurface over the hall in the world.
  d.hallOrigin = hallOrigin;
  for (int axis = 0; axis < 2; ++axis)
  {
    d.field.origin[axis] += hallOrigin[axis];
    for (auto& seed : d.field.seeds)
    {
      seed[axis] += hallOrigin[axis];
    }
  }
  d.volumeCurrent = false;
  d.streamlinesCurrent = false;
  // A uniform field still needs a range the table can map.
  const double hi = std::max(d.field.maxC, d.field.minC + 1e-6);
  d.table->SetRange(d.field.minC, hi);
  setSliceHeight(d.sliceZ);
  setVerticalSlice(d.vertical, d.verticalAt);
  setIsosurface(d.isoC);
  d.rebuildStreamlines();
  d.updateVisibility();
}

void ThermalView::clear()
{
  m_impl->field = {};
  m_impl->hallOrigin = { 0, 0 };
  m_impl->volumeCurrent = false;
  m_impl->streamlinesCurrent = false;
  m_impl->rebuildStreamlines();
  m_impl->rebuildHorizontal();
  m_impl->rebuildVertical();
  m_impl->updateVisibility();
}

bool ThermalView::hasResult() const
{
  return !m_impl->field.empty();
}

void ThermalView::setVisible(bool visible)
{
  m_impl->visible = visible;
  m_impl->updateVisibility();
}

bool ThermalView::visible() const
{
  return m_impl->visible;
}

void ThermalView::setHorizontalSliceVisible(bool visible)
{
  m_impl->horizontalOn = visible;
  m_impl->updateVisibility();
}

bool ThermalView::horizontalSliceVisible() const
{
  return m_impl->horizontalOn;
}

void ThermalView::setSliceHeight(double zM)
{
  Impl& d = *m_impl;
  const double top = d.field.empty() ? std::max(zM, 0.0) : d.field.nz * d.field.cellM;
  d.sliceZ = std::clamp(zM, 0.0, top);
  d.rebuildHorizontal();
  d.updateVisibility();
}

double ThermalView::sliceHeight() const
{
  return m_impl->sliceZ;
}

void ThermalView::setVerticalSlice(VerticalSlice slice, double positionM)
{
  Impl& d = *m_impl;
  d.vertical = slice;
  d.verticalAt = positionM;
  if (!d.field.empty() && slice != VerticalSlice::None)
  {
    const int axis = slice == VerticalSlice::AlongX ? 1 : 0;
    const double lo = d.field.origin[axis];
    d.verticalAt = std::clamp(positionM, lo, lo + d.field.cellCount(axis) * d.field.cellM);
  }
  d.rebuildVertical();
  d.updateVisibility();
}

VerticalSlice ThermalView::verticalSlice() const
{
  return m_impl->vertical;
}

double ThermalView::verticalPosition() const
{
  return m_impl->verticalAt;
}

void ThermalView::setArrowsVisible(bool visible)
{
  m_impl->arrowsOn = visible;
  m_impl->updateVisibility();
}

bool ThermalView::arrowsVisible() const
{
  return m_impl->arrowsOn;
}

void ThermalView::setStreamlinesVisible(bool visible)
{
  m_impl->streamlinesOn = visible;
  m_impl->rebuildStreamlines();
  m_impl->updateVisibility();
}

bool ThermalView::streamlinesVisible() const
{
  return m_impl->streamlinesOn;
}

vtkPolyData* ThermalView::streamlineData() const
{
  return m_impl->streamlineData;
}

std::vector<std::array<double, 3>> ThermalView::streamlineSeeds() const
{
  return m_impl->field.seeds;
}

void ThermalView::Impl::rebuildIsosurface()
{
  if (field.empty() || !isoC)
  {
    return;
  }
  if (!volumeCurrent)
  {
    // Points at the cell centres; solid cells take the coldest air temperature so the surface
    // closes along a hot rack face instead of wrapping the 0 °C the solver leaves in solids.
    volume->SetDimensions(field.nx, field.ny, field.nz);
    volume->SetSpacing(field.cellM, field.cellM, field.cellM);
    volume->SetOrigin(field.origin[0] + 0.5 * field.cellM, field.origin[1] + 0.5 * field.cellM,
                      field.origin[2] + 0.5 * field.cellM);
    vtkNew<vtkFloatArray> values;
    values->SetName("temperatureC");
    values->SetNumberOfValues(static_cast<vtkIdType>(field.temperatureC.size()));
    for (std::size_t c = 0; c < field.temperatureC.size(); ++c)
    {
      const double t = field.solid[c] ? field.minC : field.temperatureC[c];
      values->SetValue(static_cast<vtkIdType>(c), static_cast<float>(t));
    }
    volume->GetPointData()->SetScalars(values);
    volumeCurrent = true;
  }
  contour->SetValue(0, *isoC);
  contour->Modified();
  contour->Update();
  std::array<double, 3> rgb{};
  table->GetColor(*isoC, rgb.data());
  isoActor->GetProperty()->SetColor(rgb.data());
}

void ThermalView::setIsosurface(std::optional<double> temperatureC)
{
  Impl& d = *m_impl;
  const bool unchanged = temperatureC == d.isoC && d.volumeCurrent;
  d.isoC = temperatureC;
  if (!unchanged) // the dock re-applies every control on each change: skip the contour then
  {
    d.rebuildIsosurface();
  }
  d.updateVisibility();
}

std::optional<double> ThermalView::isosurface() const
{
  return m_impl->isoC;
}

std::optional<ThermalProbe> ThermalView::probe(const std::array<double, 3>& p) const
{
  const std::optional<detail::FieldSample> s = m_impl->field.sample(p);
  if (!s)
  {
    return std::nullopt;
  }
  const auto& u = s->velocityMs;
  return ThermalProbe{ s->temperatureC, std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) };
}

std::optional<std::array<double, 3>> ThermalView::slicePointAt(int x, int y) const
{
  const Impl& d = *m_impl;
  if (d.field.empty() || !d.visible || !d.renderer->GetRenderWindow())
  {
    return std::nullopt;
  }
  const detail::Ray ray = detail::displayRay(d.renderer, x, y);
  std::optional<std::array<double, 3>> best;
  double bestT = std::numeric_limits<double>::infinity();
  const auto tryPlane = [&](int axis, double at)
  {
    if (std::abs(ray.direction[axis]) < 1e-12)
    {
      return;
    }
    const double t = (at - ray.origin[axis]) / ray.direction[axis];
    std::array<double, 3> p{};
    for (int a = 0; a < 3; ++a)
    {
      p[a] = ray.origin[a] + t * ray.direction[a];
    }
    if (t >= 0 && t < bestT && d.field.contains(p) && !d.field.solidAt(p))
    {
      bestT = t;
      best = p;
    }
  };
  if (d.horizontalOn)
  {
    tryPlane(2, d.field.origin[2] + d.sliceZ);
  }
  if (d.vertical != VerticalSlice::None)
  {
    tryPlane(d.vertical == VerticalSlice::AlongX ? 1 : 0, d.verticalAt);
  }
  return best;
}

std::array<double, 2> ThermalView::temperatureRange() const
{
  return { m_impl->field.minC, m_impl->field.maxC };
}

std::array<double, 3> ThermalView::colorOf(double temperatureC) const
{
  std::array<double, 3> rgb{};
  m_impl->table->GetColor(temperatureC, rgb.data());
  return rgb;
}

std::array<double, 6> ThermalView::bounds() const
{
  const detail::ThermalField& f = m_impl->field;
  if (f.empty())
  {
    return {};
  }
  return { f.origin[0], f.origin[0] + f.nx * f.cellM, f.origin[1], f.origin[1] + f.ny * f.cellM,
           f.origin[2], f.origin[2] + f.nz * f.cellM };
}

vtkPolyData* ThermalView::horizontalSlice() const
{
  return m_impl->horizontalData;
}

vtkPolyData* ThermalView::verticalSliceData() const
{
  return m_impl->verticalData;
}

ThermalViewStats ThermalView::stats() const
{
  const Impl& d = *m_impl;
  ThermalViewStats s;
  if (!d.field.empty())
  {
    s.horizontalDims = { d.field.nx, d.field.ny };
    if (d.vertical != VerticalSlice::None)
    {
      s.verticalDims = { d.vertical == VerticalSlice::AlongX ? d.field.nx : d.field.ny,
                         d.field.nz };
    }
  }
  s.horizontalCells = static_cast<int>(d.horizontalData->GetNumberOfCells());
  s.verticalCells = static_cast<int>(d.verticalData->GetNumberOfCells());
  s.arrows = static_cast<int>(d.arrowSeeds->GetNumberOfPoints());
  s.isosurfaceTriangles =
    d.isoC && !d.field.empty() ? static_cast<int>(d.contour->GetOutput()->GetNumberOfPolys()) : 0;
  s.streamlines = static_cast<int>(d.streamlineData->GetNumberOfLines());
  s.actors = 6;
  return s;
}

} // namespace myriad::scenes
