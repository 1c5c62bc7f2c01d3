#pragma once
// Private state of HallScene, shared by the translation units that implement it
// (hall_scene.cpp: build and colours; hall_scene_view.cpp: cameras, level of detail, picking).

#include "myriad/scenes/hall_scene.h"
#include "myriad/scenes/scene_text.h"

#include "box_glyphs.h"
#include "scene_layout.h"

#include <vtkNew.h>
#include <vtkSmartPointer.h>

#include <array>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

class vtkActor;
class vtkBillboardTextActor3D;
class vtkLight;
class vtkLookupTable;
class vtkOutlineSource;
class vtkPolyData;
class vtkProp;
class vtkScalarBarActor;

namespace myriad::scenes
{

/** Below this view distance (m) servers and switches are drawn inside nearby racks. */
inline constexpr double kNodesBelowM = 35.0;
/** Below this view distance (m) GPUs are drawn inside nearby servers. */
inline constexpr double kGpusBelowM = 12.0;
/** Default cap on server + switch + GPU instances drawn at the Nodes and Gpus levels. */
inline constexpr int kDefaultDetailBudget = 20000;
/** Gap drawn around cooling units (m per side), as around servers. */
inline constexpr double kCoolerGapM = 0.01;

/** One box as drawn: which glyph set (solid or cage), where, in which colour. */
struct DrawnBox
{
  bool shell = false; ///< wire cage (rackShells / contentShells) instead of a solid box
  engine::Box box;
  detail::Rgb color;
  double gapM = 0;
};

/** Where a layout rack is drawn: its own instance and the ranges of its contents' instances. */
struct RackDraw
{
  std::string rackId; ///< kept because the layout's rack pointers may dangle after an edit
  DrawnBox rack;
  int instance = -1;     ///< in racks (solid) or rackShells (rack.shell)
  int contentsFirst = 0; ///< first instance in contents
  int contentsCount = 0; ///< instances in contents
  int shellsFirst = 0;   ///< first instance in contentShells
  int shellsCount = 0;   ///< instances in contentShells
};

struct HallScene::Impl
{
  explicit Impl(vtkRenderer* r);
  ~Impl();

  // hall_scene.cpp
  void attach();
  void detach();
  detail::Rgb rackColor(const detail::RackItem& rack) const;
  /** How rack `i` of the layout is drawn at the current detail and colours. */
  DrawnBox rackInstance(std::size_t i) const;
  /** The drawn boxes of rack `i`'s servers, switches and GPUs (empty unless detailed). */
  void contentInstances(std::size_t i, std::vector<detail::DetailBox>& scratch,
                        std::vector<DrawnBox>& out) const;
  void rebuildCoolers();
  /** Placed floor tiles and ceiling grilles (few boxes: refilled on every update). */
  void rebuildAirPorts();
  void rebuildRacks();
  void rebuildContents();
  void updateLegend();
  void updateSelection();
  void updateSelectionSet();
  /** Show or hide the fine detail for `interactive` (visibility and cage style only). */
  void applyInteractive();

  // hall_scene_update.cpp
  /**
   * Bring the view to `newLayout` by rewriting only the instances that changed; racks whose id
   * (or an id below it) is in `changed` get their contents regenerated. Returns false, having
   * changed nothing, when the rack structure differs (racks or contents added or removed, the
   * detailed set moved): the caller then rebuilds the glyph sets.
   */
  bool updateInstances(detail::Layout newLayout, const std::vector<std::string>& changed);
  /** Replace the aisles and row labels when they differ from the drawn ones. */
  void updateStaticProps(const detail::Layout& newLayout);
  void replaceAttached(vtkProp* before, vtkProp* after);

  // hall_scene_overlay.cpp
  /** Per layout rack: its overlay value (own, else max of its nodes and GPUs), NaN if none. */
  void computeRackOverlay();
  /** Overlay colour of a value (stale: desaturated). */
  detail::Rgb overlayRgb(double value, bool stale) const;
  /** Overlay colour of a rack in the layout (grey without a value). */
  detail::Rgb rackOverlayColor(std::size_t rackIndex) const;
  /** Overlay colour of a server or GPU box (else its server's value), else `fallback`. */
  detail::Rgb contentOverlayColor(const detail::DetailBox& box, detail::Rgb fallback) const;
  /** Id of the node or GPU a detail box refers to ("" when out of range). */
  std::string contentId(const detail::DetailBox& box) const;

  // hall_scene_view.cpp
  /** Choose the racks drawn with their contents: nearest to `center`, within the budget. */
  void chooseDetailedRacks();
  double viewDistance() const;
  void focusDetailOnCamera();

  vtkRenderer* renderer = nullptr;
  const engine::Scene* scene = nullptr;
  const engine::Catalog* catalog = nullptr;
  detail::Layout layout;
  SceneText text; ///< words and font of the row labels and the legend title

  ColorBy colorBy = ColorBy::Kind;
  DetailLevel level = DetailLevel::Racks;
  int detailBudget = kDefaultDetailBudget;
  bool interactive = false; ///< a drag is in progress: servers and GPUs hidden
  std::array<double, 2> detailCenter{ 0, 0 };
  double detailRadius = 0;
  std::vector<char> detailed;     ///< per rack in layout.racks: drawn with its contents
  std::vector<RackDraw> rackDraw; ///< per rack in layout.racks: where it is drawn
  int nodeInstances = 0;
  int gpuInstances = 0;
  int blankingPanels = 0;
  engine::ObjectRef selection;

  std::optional<Overlay> overlay;
  std::unordered_map<std::string, double> overlayValues;
  std::unordered_set<std::string> overlayStale;
  std::vector<double> rackOverlay; ///< per layout rack, NaN when it has no value

  detail::BoxGlyphs racks;      ///< solid racks
  detail::BoxGlyphs rackShells; ///< wire cages around racks drawn with contents
  detail::BoxGlyphs coolers;
  detail::BoxGlyphs airPorts;      ///< placed floor tiles and ceiling grilles
  detail::BoxGlyphs contents;      ///< servers, switches, GPUs (solid)
  detail::BoxGlyphs contentShells; ///< servers drawn as cages around their GPUs

  vtkSmartPointer<vtkActor> floor;
  vtkSmartPointer<vtkActor> walls;
  vtkSmartPointer<vtkActor> aisles;
  std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> labels;
  /** Site outlines and name labels: null / empty for a scene without sites (nothing drawn). */
  vtkSmartPointer<vtkActor> siteOutlines;
  std::vector<vtkSmartPointer<vtkBillboardTextActor3D>> siteLabels;
  vtkNew<vtkOutlineSource> outline;
  vtkNew<vtkActor> outlineActor;
  std::vector<engine::ObjectRef> selectionSet; ///< multiple selection (box select)
  vtkNew<vtkPolyData> setOutlines;             ///< one wire box per object of selectionSet
  vtkNew<vtkActor> setOutlineActor;
  vtkNew<vtkLookupTable> powerTable;
  vtkNew<vtkScalarBarActor> legend;
  /** Key light from above and a headlight fill (hall_scene.cpp, addLights()). */
  vtkNew<vtkLight> keyLight;
  vtkNew<vtkLight> fillLight;
  std::vector<vtkSmartPointer<vtkProp>> attached; ///< props currently in the renderer
};

} // namespace myriad::scenes
