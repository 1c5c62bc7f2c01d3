#pragma once
// What the hall view draws, extracted from an engine scene as plain boxes (no VTK), so the
// geometry, aisle classification and picking can be reasoned about and tested on their own.
//
// Every box here is in the world frame of the view: the hall's own frame (where the engine's
// models and edits work) moved by the hall's origin (engine/hall_placement.h), so that the halls
// of a multi-hall or multi-site scene stand side by side instead of on top of each other. A
// single hall, or the first hall of a scene without sites, has origin (0, 0): its boxes are the
// engine's boxes exactly.

#include "myriad/engine/hall_placement.h"
#include "myriad/engine/model.h"
#include "myriad/engine/query.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::scenes::detail
{

/** Aisle type, from the faces of the racks on both sides: fronts take in cold air. */
enum class AisleKind
{
  Cold,
  Hot,
  Plain ///< a front faces a back: no containment possible, drawn neutral
};

struct HallItem
{
  engine::ObjectRef ref;
  engine::Box box;           ///< inside of the walls, floor to ceiling (world)
  int firstRow = 0;          ///< index of the hall's first row in Layout::rows
  engine::HallOrigin origin; ///< world position of the hall frame's origin
};

struct RowItem
{
  engine::ObjectRef ref;
  std::string label;
  engine::Box box; ///< union of the row's racks (empty row: zero box at the origin)
  engine::Facing facing = engine::Facing::PlusY; ///< facing of most of its racks
  int firstRack = 0;                             ///< index of the row's first rack in Layout::racks
  int rackCount = 0;
};

struct RackItem
{
  engine::ObjectRef ref;
  engine::Box box;
  const engine::Rack* rack = nullptr; ///< points into the scene (which outlives the build)
  engine::HallOrigin origin; ///< its hall's: the engine's rack and slot boxes are hall-local
  double powerW = 0;
  int nodeCount = 0; ///< servers + switches
  int gpuCount = 0;
};

struct CoolerItem
{
  engine::ObjectRef ref;
  engine::Box box;
  engine::CoolerKind kind = engine::CoolerKind::Crah;
};

struct AisleItem
{
  AisleKind kind = AisleKind::Plain;
  engine::Box box; ///< floor rectangle (z0 = z1 = 0)
};

/** Everything drawn at the rack level, flattened in scene order. */
struct Layout
{
  std::vector<HallItem> halls;
  std::vector<RowItem> rows;
  std::vector<RackItem> racks;
  std::vector<CoolerItem> coolers;
  std::vector<AisleItem> aisles;
  std::vector<engine::Box> tiles;   ///< placed perforated tiles: thin slabs on the floor
  std::vector<engine::Box> grilles; ///< ceiling return grilles: thin slabs under the ceiling
  /**
   * The sites' rectangles (world, enclosing their halls) and names, for the site labels and
   * outlines; empty for a scene without sites (Scene::sites), which draws none.
   */
  std::vector<engine::SiteFootprint> sites;
  double maxRackPowerW = 0;
  engine::Box bounds; ///< all halls
};

Layout extractLayout(const engine::Scene& scene, const engine::Catalog& catalog);

/** A server, switch or GPU box inside a rack. */
struct DetailBox
{
  enum class Type
  {
    Server,
    Switch,
    Gpu
  };
  Type type = Type::Server;
  engine::ObjectRef ref;
  engine::Box box;
  engine::SwitchRole role = engine::SwitchRole::Leaf; ///< switches only
  int gpus = 0;                                       ///< servers only
};

/** Append the boxes of the rack's servers and switches (and GPUs when `withGpus`). */
void appendRackContents(const RackItem& rack, const engine::Catalog& catalog, bool withGpus,
                        std::vector<DetailBox>& out);

/**
 * Boxes of the rack's empty U spaces (between and around its servers and switches), drawn as
 * blanking panels so that a rack with few units (a network rack) does not look empty.
 */
std::vector<engine::Box> blankingPanels(const RackItem& rack, const engine::Catalog& catalog);

/** Box of GPU `index` of `count` inside a node box: two rows across the depth, low in the node. */
engine::Box gpuBox(const engine::Box& node, int index, int count);

/** Index into Layout::racks of a rack (or node, switch, GPU) reference; nullopt if out of range. */
std::optional<int> rackIndexOf(const Layout& layout, const engine::ObjectRef& ref);

/** World box of any drawable object; nullopt for sites, feeds and invalid references. */
std::optional<engine::Box> objectBoxOf(const Layout& layout, const engine::Catalog& catalog,
                                       const engine::ObjectRef& ref);

/** `box` (in a hall's frame) moved to the world frame by the hall's origin. */
inline engine::Box toWorld(const engine::Box& box, const engine::HallOrigin& origin)
{
  return { box.x0 + origin.xM, box.y0 + origin.yM, box.z0,
           box.x1 + origin.xM, box.y1 + origin.yM, box.z1 };
}

/** Box centre and size helpers. */
inline double centerX(const engine::Box& b)
{
  return 0.5 * (b.x0 + b.x1);
}
inline double centerY(const engine::Box& b)
{
  return 0.5 * (b.y0 + b.y1);
}
inline double centerZ(const engine::Box& b)
{
  return 0.5 * (b.z0 + b.z1);
}
engine::Box unite(const engine::Box& a, const engine::Box& b);

} // namespace myriad::scenes::detail
