// HallViewController: camera, colour-by, overlays, level of detail and selection outline of the
// hall in the 3D view.
#include "hall_view_controller.h"

#include "legend_overlay.h"
#include "selection_model.h"
#include "vtk_view_widget.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

HallViewController::HallViewController(VtkViewWidget* view, scenes::HallScene* hall,
                                       QObject* parent)
  : QObject(parent)
  , m_view(view)
  , m_hall(hall)
  , m_legend(new LegendOverlay(view))
{
  connect(m_view, &VtkViewWidget::aboutToRender, this,
          [this]
          {
            if (m_autoDetail)
            {
              m_hall->updateLevelOfDetail();
            }
            // Before every frame: edits, colour-by and overlays set by modules directly on the
            // hall all change what the legend must say.
            refreshLegend();
          });
  // Presets frame the hall for the view's aspect ratio: re-frame on resize until the user
  // moves the camera.
  connect(m_view, &VtkViewWidget::resized, this,
          [this]
          {
            if (m_cameraAtPreset)
            {
              m_hall->applyCameraPreset(m_preset);
            }
          });
  connect(m_view, &VtkViewWidget::cameraInteractionFinished, this,
          [this] { m_cameraAtPreset = false; });
  // While a drag, an orbit or a wheel zoom is in progress the hall draws its lighter version.
  connect(m_view, &VtkViewWidget::interactiveChanged, this,
          [this](bool interactive) { m_hall->setInteractive(interactive); });
}

void HallViewController::followSelection(SelectionModel* selection)
{
  connect(selection, &SelectionModel::changed, this,
          [this, selection]
          {
            // The set first: on a replaced scene the hall still holds the old scene's refs, and
            // setSelection() redraws the set as it is (the old refs would point into freed rows).
            m_hall->setSelectionSet(selection->refs());
            m_hall->setSelection(selection->current());
            m_view->update();
          });
}

void HallViewController::applyCameraPreset(scenes::CameraPreset preset)
{
  m_preset = preset;
  m_cameraAtPreset = true;
  m_hall->applyCameraPreset(preset);
  emit cameraPresetChanged(preset);
  m_view->update();
}

void HallViewController::setColorBy(scenes::ColorBy colorBy)
{
  m_hall->setColorBy(colorBy);
  emit colorByChanged(colorBy);
  m_view->update();
}

void HallViewController::showOverlay(const scenes::Overlay& overlay)
{
  m_hall->setOverlay(overlay);
  emit overlayShown(QString::fromStdString(overlay.title));
  setColorBy(scenes::ColorBy::Overlay);
}

void HallViewController::clearOverlay()
{
  m_hall->clearOverlay();
  emit overlayCleared();
  setColorBy(scenes::ColorBy::Kind);
}

void HallViewController::setDetailLevel(std::optional<scenes::DetailLevel> level)
{
  m_autoDetail = !level.has_value();
  if (level)
  {
    m_hall->setLevelOfDetail(*level);
  }
  emit detailLevelChanged(level);
  m_view->update();
}

void HallViewController::rebuild(const engine::Scene& scene, const engine::Catalog& catalog)
{
  m_hall->build(scene, catalog);
  m_hall->setSelection({});
  m_hall->applyCameraPreset(m_preset);
  m_cameraAtPreset = true;
}

namespace
{

QColor qColor(const scenes::Rgb8& c)
{
  return QColor(c[0], c[1], c[2]);
}

QString rackKindName(engine::RackKind kind)
{
  switch (kind)
  {
    case engine::RackKind::Compute:
      return HallViewController::tr("Compute");
    case engine::RackKind::Network:
      return HallViewController::tr("Network");
    case engine::RackKind::Storage:
      return HallViewController::tr("Storage");
    case engine::RackKind::Power:
      return HallViewController::tr("Power");
    case engine::RackKind::Cooling:
      return HallViewController::tr("Cooling");
  }
  return {};
}

QString coolerKindName(engine::CoolerKind kind)
{
  switch (kind)
  {
    case engine::CoolerKind::Crah:
      return HallViewController::tr("CRAH");
    case engine::CoolerKind::InRow:
      return HallViewController::tr("In-row");
    case engine::CoolerKind::RearDoor:
      return HallViewController::tr("Rear door");
    case engine::CoolerKind::Cdu:
      return HallViewController::tr("CDU");
  }
  return {};
}

QString aisleName(scenes::AisleTint tint)
{
  switch (tint)
  {
    case scenes::AisleTint::Cold:
      return HallViewController::tr("Cold (rack fronts)");
    case scenes::AisleTint::Hot:
      return HallViewController::tr("Hot (rack backs)");
    case scenes::AisleTint::Plain:
      return HallViewController::tr("Mixed");
  }
  return {};
}

template <class Enum, class NameOf>
LegendOverlay::Section section(const QString& title,
                               const std::vector<std::pair<Enum, scenes::Rgb8>>& entries,
                               NameOf nameOf)
{
  LegendOverlay::Section out{ title, {} };
  for (const auto& [value, color] : entries)
  {
    out.swatches.append({ nameOf(value), qColor(color) });
  }
  return out;
}

} // namespace

void HallViewController::refreshLegend()
{
  const scenes::HallLegend legend = m_hall->legend();
  LegendOverlay::Section racks =
    section(tr("Racks"), legend.rackKinds, [](engine::RackKind k) { return rackKindName(k); });
  if (legend.colorBy == scenes::ColorBy::Cooling)
  {
    racks = section(tr("Rack cooling"), legend.coolingStyles,
                    [](engine::CoolingStyle c)
                    {
                      return c == engine::CoolingStyle::Liquid      ? tr("Liquid")
                             : c == engine::CoolingStyle::Immersion ? tr("Immersion")
                                                                    : tr("Air");
                    });
  }
  m_legend->setSection(QStringLiteral("hall.racks"), racks);
  m_legend->setSection(QStringLiteral("hall.aisles"),
                       section(tr("Aisles"), legend.aisles, aisleName));
  m_legend->setSection(QStringLiteral("hall.coolers"),
                       section(tr("Coolers"), legend.coolers, coolerKindName));
}

void HallViewController::flyTo(const engine::ObjectRef& ref)
{
  const std::optional<engine::Box> box = m_hall->objectBox(ref);
  if (!box)
  {
    return; // feeds have no place in the view; selecting them shows their properties
  }
  vtkCamera* camera = m_view->renderer()->GetActiveCamera();
  double focal[3];
  double position[3];
  camera->GetFocalPoint(focal);
  camera->GetPosition(position);
  double direction[3] = { position[0] - focal[0], position[1] - focal[1], position[2] - focal[2] };
  const double length = std::max(1e-9, std::hypot(direction[0], direction[1], direction[2]));
  const double extent = std::max({ box->x1 - box->x0, box->y1 - box->y0, box->z1 - box->z0 });
  const double distance = std::max(6.0, 3.0 * extent);
  const double center[3] = { (box->x0 + box->x1) / 2, (box->y0 + box->y1) / 2,
                             (box->z0 + box->z1) / 2 };
  camera->SetFocalPoint(center);
  camera->SetPosition(center[0] + direction[0] / length * distance,
                      center[1] + direction[1] / length * distance,
                      center[2] + direction[2] / length * distance);
  if (camera->GetParallelProjection())
  {
    camera->SetParallelScale(std::max(3.0, 1.5 * extent));
  }
  m_view->renderer()->ResetCameraClippingRange();
  m_cameraAtPreset = false;
  m_view->update();
}

} // namespace myriad::app
