#include "hall_props.h"

#include "palette.h"

#include <vtkActor.h>
#include <vtkAppendPolyData.h>
#include <vtkBillboardTextActor3D.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCubeSource.h>
#include <vtkFloatArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkTextProperty.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>

namespace myriad::scenes::detail
{
namespace
{

constexpr double kWallThicknessM = 0.25;
constexpr double kSlabDepthM = 0.4;
// Aisle tints sit just above the floor; 1 cm is enough for the depth buffer at hall scale
// because the clipping range is reset to the hall's bounds.
constexpr double kAisleLiftM = 0.01;

vtkSmartPointer<vtkPolyData> cube(double x0, double y0, double z0, double x1, double y1, double z1)
{
  vtkNew<vtkCubeSource> source;
  source->SetBounds(x0, x1, y0, y1, z0, z1);
  source->Update();
  return source->GetOutput();
}

vtkSmartPointer<vtkActor> actorFor(vtkPolyData* data, Rgb color)
{
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(data);
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  const auto c = toDoubles(color);
  actor->GetProperty()->SetColor(c[0], c[1], c[2]);
  actor->PickableOff();
  return actor;
}

} // namespace

vtkSmartPointer<vtkActor> makeFloorActor(const Layout& layout)
{
  vtkNew<vtkAppendPolyData> append;
  for (const HallItem& hall : layout.halls)
  {
    const engine::Box& b = hall.box;
    append->AddInputData(cube(b.x0 - kWallThicknessM, b.y0 - kWallThicknessM, -kSlabDepthM,
                              b.x1 + kWallThicknessM, b.y1 + kWallThicknessM, 0));
  }
  if (layout.halls.empty())
  {
    append->AddInputData(vtkNew<vtkPolyData>());
  }
  append->Update();
  auto actor = actorFor(append->GetOutput(), kFloorColor);
  actor->GetProperty()->SetAmbient(0.3);
  actor->GetProperty()->SetDiffuse(0.7);
  return actor;
}

vtkSmartPointer<vtkActor> makeWallsActor(const Layout& layout)
{
  vtkNew<vtkAppendPolyData> append;
  const double t = kWallThicknessM;
  for (const HallItem& hall : layout.halls)
  {
    const engine::Box& b = hall.box;
    const double h = std::min(kWallHeightM, b.z1 > 0 ? b.z1 : kWallHeightM);
    append->AddInputData(cube(b.x0 - t, b.y0 - t, 0, b.x1 + t, b.y0, h)); // low-Y wall
    append->AddInputData(cube(b.x0 - t, b.y1, 0, b.x1 + t, b.y1 + t, h)); // high-Y wall
    append->AddInputData(cube(b.x0 - t, b.y0, 0, b.x0, b.y1, h));         // low-X wall
    append->AddInputData(cube(b.x1, b.y0, 0, b.x1 + t, b.y1, h));         // high-X wall
  }
  if (layout.halls.empty())
  {
    append->AddInputData(vtkNew<vtkPolyData>());
  }
  append->Update();
  auto actor = actorFor(append->GetOutput(), kWallColor);
  actor->GetProperty()->SetOpacity(0.4);
  return actor;
}

vtkSmartPointer<vtkActor> makeAislesActor(const Layout& layout)
{
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> quads;
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetNumberOfComponents(3);
  vtkNew<vtkFloatArray> normals;
  normals->SetNumberOfComponents(3);
  for (const AisleItem& aisle : layout.aisles)
  {
    const engine::Box& b = aisle.box;
    const vtkIdType first = points->GetNumberOfPoints();
    points->InsertNextPoint(b.x0, b.y0, kAisleLiftM);
    points->InsertNextPoint(b.x1, b.y0, kAisleLiftM);
    points->InsertNextPoint(b.x1, b.y1, kAisleLiftM);
    points->InsertNextPoint(b.x0, b.y1, kAisleLiftM);
    for (int i = 0; i < 4; ++i)
    {
      normals->InsertNextTuple3(0, 0, 1);
    }
    const vtkIdType ids[4] = { first, first + 1, first + 2, first + 3 };
    quads->InsertNextCell(4, ids);
    const Rgb c = aisle.kind == AisleKind::Cold  ? kColdAisleColor
                  : aisle.kind == AisleKind::Hot ? kHotAisleColor
                                                 : kPlainAisleColor;
    colors->InsertNextTuple3(c.r, c.g, c.b);
  }
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetPolys(quads);
  data->GetCellData()->SetScalars(colors);
  data->GetPointData()->SetNormals(normals);
  auto actor = actorFor(data, kPlainAisleColor);
  actor->GetMapper()->SetColorModeToDirectScalars();
  actor->GetMapper()->SetScalarModeToUseCellData();
  actor->GetProperty()->SetAmbient(0.3);
  actor->GetProperty()->SetDiffuse(0.7);
  return actor;
}

std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> makeRowLabels(const Layout& layout,
                                                                    const SceneText& text)
{
  std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> labels;
  for (const RowItem& row : layout.rows)
  {
    if (row.rackCount == 0)
    {
      continue;
    }
    auto label = vtkSmartPointer<vtkBillboardTextActor3D>::New();
    vtkTextProperty* property = label->GetTextProperty();
    property->SetFontSize(15);
    property->BoldOn();
    property->SetColor(1.0, 1.0, 1.0);
    property->SetBackgroundColor(0.08, 0.1, 0.14);
    property->SetBackgroundOpacity(0.65);
    property->SetJustificationToLeft();
    property->SetVerticalJustificationToBottom();
    placeRowLabel(label, row, text);
    label->PickableOff();
    labels.push_back(label);
  }
  return labels;
}

void placeRowLabel(vtkBillboardTextActor3D* label, const RowItem& row, const SceneText& text)
{
  const std::string words = text.rowLabel ? text.rowLabel(row.label) : row.label;
  if (!label->GetInput() || words != label->GetInput())
  {
    label->SetInput(words.c_str()); // re-rasterised at the next render: only when it changed
  }
  applySceneFont(label->GetTextProperty(), words, text.fontFile); // the font may have changed
  // Above the row's low-X end, rising from its first rack: readable from every preset, and on
  // the row itself (beyond the row's end it fell on whatever stands there, a cooler in small
  // halls).
  const double position[3] = { row.box.x0, centerY(row.box), row.box.z1 + 0.3 };
  const double* now = label->GetPosition();
  if (!std::equal(position, position + 3, now))
  {
    label->SetPosition(position[0], position[1], position[2]);
  }
}

engine::Box siteOutlineBox(const engine::SiteFootprint& site)
{
  return { site.x0 - kSiteMarginM, site.y0 - kSiteMarginM, 0.0,
           site.x1 + kSiteMarginM, site.y1 + kSiteMarginM, 0.0 };
}

vtkSmartPointer<vtkActor> makeSiteOutlinesActor(const Layout& layout)
{
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> loops;
  for (const engine::SiteFootprint& site : layout.sites)
  {
    const engine::Box b = siteOutlineBox(site);
    // Just above the floor's top face (z = 0) where a hall's rim reaches the line.
    const vtkIdType first = points->InsertNextPoint(b.x0, b.y0, kAisleLiftM);
    points->InsertNextPoint(b.x1, b.y0, kAisleLiftM);
    points->InsertNextPoint(b.x1, b.y1, kAisleLiftM);
    points->InsertNextPoint(b.x0, b.y1, kAisleLiftM);
    const vtkIdType ids[5] = { first, first + 1, first + 2, first + 3, first };
    loops->InsertNextCell(5, ids);
  }
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetLines(loops);
  auto actor = actorFor(data, kSiteOutlineColor);
  actor->GetProperty()->LightingOff(); // a line reads the same from every side
  actor->GetProperty()->SetLineWidth(2.0f);
  return actor;
}

std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> makeSiteLabels(const Layout& layout,
                                                                     const SceneText& text)
{
  std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> labels;
  for (const engine::SiteFootprint& site : layout.sites)
  {
    auto label = vtkSmartPointer<vtkBillboardTextActor3D>::New();
    // The site id when it has neither a name nor a reference (a hand-written file).
    const std::string& words = site.name.empty() ? site.site : site.name;
    label->SetInput(words.c_str());
    vtkTextProperty* property = label->GetTextProperty();
    // Larger than the row labels and a fixed size in pixels (a billboard), so that the name
    // stays readable when the whole scene is in view and the halls are small.
    property->SetFontSize(22);
    property->BoldOn();
    property->SetColor(1.0, 1.0, 1.0);
    property->SetBackgroundColor(0.1, 0.16, 0.24);
    property->SetBackgroundOpacity(0.8);
    property->SetJustificationToCentered();
    property->SetVerticalJustificationToBottom();
    applySiteLabelFont(label, text);
    // Over the middle of the outline's far (high-Y) edge, at the height of the site's tallest
    // ceiling: a title above the site in the top view, and above the site's own far part in the
    // isometric view. (Ending at the far high-X corner put a long name of the front site over
    // the hall of the site behind it. A billboard is drawn at its anchor's depth: an anchor on
    // the floor let the halls in front hide the text; this high, nothing of the site stands
    // between it and a camera looking down at the scene.)
    double topM = kWallHeightM;
    for (int h : site.halls)
    {
      topM = std::max(topM, layout.halls[static_cast<std::size_t>(h)].box.z1);
    }
    const engine::Box b = siteOutlineBox(site);
    label->SetPosition(centerX(b), b.y1, topM);
    label->PickableOff();
    labels.push_back(label);
  }
  return labels;
}

void applySiteLabelFont(vtkBillboardTextActor3D* label, const SceneText& text)
{
  const char* words = label->GetInput();
  applySceneFont(label->GetTextProperty(), words ? words : "", text.fontFile);
}

} // namespace myriad::scenes::detail
