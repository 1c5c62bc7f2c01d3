#pragma once
/**
 * @file hall_view_controller.h
 * The hall in the 3D view as a service for the shell and the modules: camera presets (re-framed
 * on resize until the user moves the camera), colour-by, value overlays (telemetry, scenarios,
 * traffic jobs), the level of detail (automatic from the camera distance, or forced), the
 * lighter drawing while the user interacts, flying the camera to an object, and the selection's
 * outline. The View module's toolbar follows its signals.
 */

#include "myriad/scenes/hall_scene.h"

#include <QObject>

#include <optional>

namespace myriad::app
{

class LegendOverlay;
class SelectionModel;
class VtkViewWidget;

class HallViewController : public QObject
{
  Q_OBJECT

public:
  HallViewController(VtkViewWidget* view, scenes::HallScene* hall, QObject* parent = nullptr);

  VtkViewWidget* view() const { return m_view; }
  scenes::HallScene* hallScene() const { return m_hall; }
  /**
   * The legend over the view: this controller keeps its "hall.*" sections (rack colours,
   * aisles, coolers) in step with what the hall draws before every frame; modules set their own
   * sections (the Fabric module's "cables").
   */
  LegendOverlay* legend() const { return m_legend; }

  /** Outline `selection`'s current object and multiple selection whenever it changes. */
  void followSelection(SelectionModel* selection);

  void applyCameraPreset(scenes::CameraPreset preset);
  scenes::CameraPreset cameraPreset() const { return m_preset; }
  void setColorBy(scenes::ColorBy colorBy);
  /** Colour the racks by `overlay`'s values with its legend ("Overlay: TITLE" in colour-by). */
  void showOverlay(const scenes::Overlay& overlay);
  /** Back to colouring by rack kind. */
  void clearOverlay();
  /** Force a detail level, or std::nullopt to choose it from the camera distance. */
  void setDetailLevel(std::optional<scenes::DetailLevel> level);
  /** Keep the viewing direction, centre the object and come close enough to see it well. */
  void flyTo(const engine::ObjectRef& ref);

  /** Build the hall for a new scene and frame it with the current preset. Throws on errors. */
  void rebuild(const engine::Scene& scene, const engine::Catalog& catalog);

signals:
  void cameraPresetChanged(scenes::CameraPreset preset);
  void colorByChanged(scenes::ColorBy colorBy);
  /** An overlay titled `title` is shown (the colour-by box names it). */
  void overlayShown(const QString& title);
  void overlayCleared();
  /** std::nullopt: automatic. */
  void detailLevelChanged(std::optional<scenes::DetailLevel> level);

private:
  /** The hall's legend sections from what it draws now (unchanged sections cost nothing). */
  void refreshLegend();

  VtkViewWidget* m_view;
  scenes::HallScene* m_hall;
  LegendOverlay* m_legend;
  scenes::CameraPreset m_preset = scenes::CameraPreset::Isometric;
  bool m_cameraAtPreset = true; ///< false once the user moved the camera
  bool m_autoDetail = true;
};

} // namespace myriad::app
