#pragma once
/**
 * @file hall_scene.h
 * Builds and updates the VTK pipeline that shows a Myriad scene: floor and walls, aisles,
 * racks (instanced, coloured by an attribute), servers and GPUs when zoomed in (level of
 * detail), switches, cooling units, power feeds and row labels. Picking maps a display
 * position back to the model object. VTK only: no Qt in this layer.
 *
 * Contract shared by the app (app/) and the CLI renderer (tools/): construct with a renderer,
 * call build() whenever the scene changes, setLevelOfDetail()/updateLevelOfDetail() when the
 * camera moves, pick() on clicks.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/scene_text.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class vtkRenderer;
class vtkCamera;

namespace myriad::engine
{
class Catalog;
}

namespace myriad::scenes
{

/** Attribute that colours the racks. */
enum class ColorBy
{
  Kind,         ///< compute / network / storage / power / cooling
  PowerDensity, ///< rack maximum power in kW (legend 0–rackMax)
  Cooling,      ///< air vs liquid
  Overlay       ///< the values of the current Overlay (telemetry, inlet temperature, …)
};

/**
 * Values laid over the hall: one number per object id (rack, node or GPU ids), drawn on a
 * blue→red colour map between minValue and maxValue with a legend titled "title (unit)".
 * A rack takes its own value when present, else the maximum of its nodes' and GPUs' values;
 * nodes and GPUs (at those detail levels) take their own value, else their parent's. Objects
 * without a value are grey; ids in `stale` are drawn desaturated.
 */
struct Overlay
{
  std::string title; ///< "GPU temperature"
  std::string unit;  ///< "°C"
  double minValue = 0;
  double maxValue = 1;
  std::vector<std::pair<std::string, double>> values;
  std::vector<std::string> stale;
};

/** 8-bit sRGB colour of a legend swatch. */
using Rgb8 = std::array<unsigned char, 3>;

/** Aisle tints on the floor: cold (rack fronts), hot (rack backs), plain (neither). */
enum class AisleTint
{
  Cold,
  Hot,
  Plain
};

/**
 * What the hall view draws in which flat colour, for a legend drawn outside VTK: the rack
 * colours of the current ColorBy (kinds or cooling styles present in the hall; empty for the
 * colour maps, whose scalar bar the view draws itself), the aisle tints and the coolers present.
 * Entries are in enum order, only those drawn.
 */
struct HallLegend
{
  ColorBy colorBy = ColorBy::Kind;
  std::vector<std::pair<engine::RackKind, Rgb8>> rackKinds;
  std::vector<std::pair<engine::CoolingStyle, Rgb8>> coolingStyles;
  std::vector<std::pair<AisleTint, Rgb8>> aisles;
  std::vector<std::pair<engine::CoolerKind, Rgb8>> coolers;
};

/** Camera presets of the 3D view. */
enum class CameraPreset
{
  Isometric, ///< whole hall from a corner, 35° above the floor
  Top,       ///< plan view straight down (parallel projection)
  AisleWalk  ///< eye height 1.7 m in the first cold aisle, looking along +X
};

/** Detail level: Racks = one box per rack; Nodes = servers and switches in racks; Gpus = GPUs too.
 */
enum class DetailLevel
{
  Racks,
  Nodes,
  Gpus
};

/** Counts of what the pipeline holds, for tests and the status bar. */
struct SceneStats
{
  int actors = 0;         ///< vtkProps in the renderer owned by this scene
  int rackInstances = 0;  ///< racks drawn (instanced)
  int nodeInstances = 0;  ///< servers + switches drawn at the current level of detail
  int gpuInstances = 0;   ///< GPUs drawn at the current level of detail
  int blankingPanels = 0; ///< empty U spans of detailed racks, drawn as blanking panels
  int coolerInstances = 0;
  int rowLabels = 0;
  int siteLabels = 0; ///< one per site of a scene with sites (Scene::sites), else 0
  DetailLevel detail = DetailLevel::Racks;
  bool interactive = false; ///< HallScene::setInteractive(true): servers and GPUs hidden
};

class HallScene
{
public:
  /** Adds this scene's props to `renderer` (which it does not own). */
  explicit HallScene(vtkRenderer* renderer);
  ~HallScene();
  HallScene(const HallScene&) = delete;
  HallScene& operator=(const HallScene&) = delete;

  /** (Re)build every prop from the scene. The scene and catalog must outlive the next build. */
  void build(const engine::Scene& scene, const engine::Catalog& catalog);

  /** How updateObjects() brought the view up to date. */
  enum class Update
  {
    Instances, ///< only the changed instances were rewritten (moves, rotations, settings)
    GlyphSets, ///< racks or contents came or went: the instanced sets were refilled
    FullBuild  ///< the halls changed or nothing was built yet: build() ran
  };

  /**
   * Bring the view up to date after an edit of the scene built last (same object, changed in
   * place), touching only what changed: racks, coolers, servers, switches and GPUs are rewritten
   * in their instance arrays (the rest stay on the GPU); aisles and row labels are replaced only
   * when they moved; the floor and walls are kept. `changedIds` are the edit's ids
   * (engine::edit::ChangeSet::ids): racks with such an id, or below such an id (a row, a node),
   * have their contents regenerated. Picking, objectBox(), the selection outline, the overlay,
   * stats() and summary() then match what build() would give. Falls back to build() when the
   * halls changed, for another scene object, or before the first build().
   */
  Update updateObjects(const engine::Scene& scene, const engine::Catalog& catalog,
                       const std::vector<std::string>& changedIds);

  void setColorBy(ColorBy colorBy);
  ColorBy colorBy() const;

  /** Set the overlay and switch to ColorBy::Overlay (legend shown). */
  void setOverlay(const Overlay& overlay);
  /** Remove the overlay; colours fall back to ColorBy::Kind when the overlay was shown. */
  void clearOverlay();
  bool hasOverlay() const;
  /**
   * Colour (RGB 0–1) the overlay gives an object id (a rack without its own value: the maximum
   * of its nodes and GPUs, as drawn), std::nullopt when it has no value.
   */
  std::optional<std::array<double, 3>> overlayColor(const std::string& id) const;

  /** Force a detail level, or let updateLevelOfDetail() choose from the camera distance. */
  void setLevelOfDetail(DetailLevel level);
  /**
   * Choose the level from the active camera (closer = more detail); returns true if it changed.
   * The view distance is the camera's distance to its focal point (parallel projection: the
   * distance that shows the same height). Below 35 m servers and switches are drawn, below
   * 12 m GPUs too, but only in the racks nearest the focal point, within the detail budget.
   * Also returns true when the level stayed but the set of detailed racks moved with the
   * camera (the caller should render again in both cases). While interactive() it changes
   * nothing and returns false: the level follows the camera at the first call after the
   * interaction.
   */
  bool updateLevelOfDetail();
  /** The current detail level. */
  DetailLevel levelOfDetail() const;
  /**
   * Cap on server + switch + GPU instances drawn at the Nodes and Gpus levels (default
   * 20,000), which keeps frames interactive on software GL. Racks nearest the focal point win.
   */
  void setDetailBudget(int instances);
  int detailBudget() const;

  /**
   * Interactive detail: while the user drags (a rack, the camera, a wheel burst) the view draws
   * a lighter scene. `true` hides the servers, switches and GPUs of the Nodes and Gpus levels
   * and draws the racks that hold them as solid boxes instead of cages; floor, aisles, racks,
   * coolers, row labels, the legend and the selection outlines stay. Only visibility and the
   * cage style change: nothing is rebuilt or uploaded again, and edits, setLevelOfDetail() and
   * setColorBy() meanwhile still update the hidden instances. `false` shows what the current
   * level draws again, exactly as without the interaction.
   */
  void setInteractive(bool interactive);
  bool interactive() const;

  /** Highlight one object (outline box); an invalid ref clears the highlight. */
  void setSelection(const engine::ObjectRef& ref);
  engine::ObjectRef selection() const;
  /**
   * Outline every object of a multiple selection (box select) besides the primary one of
   * setSelection(); an empty list clears them. Refs without a box (feeds) are skipped.
   */
  void setSelectionSet(const std::vector<engine::ObjectRef>& refs);
  const std::vector<engine::ObjectRef>& selectionSet() const;
  /**
   * Racks whose footprint meets the floor rectangle between world corners (x0, y0) and
   * (x1, y1) (any order), in scene order: what a rubber band in the plan view selects.
   */
  std::vector<engine::ObjectRef> racksInRect(double x0, double y0, double x1, double y1) const;

  /**
   * World box of a drawn object (hall, row, rack, node, switch, GPU, cooler), e.g. to frame it
   * with the camera; std::nullopt for sites, feeds, invalid refs or before build().
   */
  std::optional<engine::Box> objectBox(const engine::ObjectRef& ref) const;

  /** The model object under display position (x, y) in pixels, origin bottom-left (VTK). */
  std::optional<engine::ObjectRef> pick(int x, int y);

  /** Place the renderer's active camera for a preset and reset its clipping range. */
  void applyCameraPreset(CameraPreset preset);

  SceneStats stats() const;

  /**
   * The words of the row labels and the legend title, and the font file for text VTK's fonts
   * cannot draw (scene_text.h); applies to what is drawn now and to every later build.
   */
  void setText(SceneText text);
  const SceneText& text() const;

  /** The flat colours drawn now (rack kinds or cooling styles, aisles, coolers). */
  HallLegend legend() const;

  /**
   * Deterministic text summary of what is drawn (counts, bounds, colours by kind, aisles, row
   * labels), for golden tests and `myriad-cli render --describe`.
   */
  std::string summary() const;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

/** Options of an off-screen render to an image file. */
struct RenderOptions
{
  CameraPreset view = CameraPreset::Isometric;
  int width = 1600;
  int height = 1000;
  ColorBy colorBy = ColorBy::Kind;
};

/**
 * Render the scene off screen and write a PNG. Needs an X display (Debian's VTK is GLX only):
 * when $DISPLAY is unset or unreachable, returns false and sets `error` to a clear message
 * instead of letting VTK abort. Returns true on success.
 */
bool renderToPng(const engine::Scene& scene, const engine::Catalog& catalog,
                 const std::string& pngPath, const RenderOptions& options, std::string* error);

/** True when an X display can be opened (so VTK rendering will not abort). */
bool displayAvailable();

/**
 * Empty when an X display can be opened; otherwise a message for the user saying why not and
 * what to do ("rendering needs an X display (DISPLAY is not set); run under xvfb-run").
 */
std::string displayError();

/** Same as scene.summary(). */
std::string describeScene(const HallScene& scene);

} // namespace myriad::scenes
