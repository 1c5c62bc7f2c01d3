#pragma once
/**
 * @file edit.h
 * Edit commands on a scene: the one vocabulary shared by the app (every UI edit is one of these,
 * wrapped in a QUndoCommand) and `myriad-cli apply` (a JSON list of them).
 *
 * Contract:
 * - applyEdit() either applies the whole edit and returns its inverse, or throws EditError and
 *   leaves the scene exactly as it was (strong guarantee). Applying the returned inverse restores
 *   the scene bit for bit (operator== holds), so undo/redo need no snapshots.
 * - An edit that would put a rack or cooler on top of another, outside its hall, or closer than
 *   the clearance to a wall, is refused with an EditError naming both objects and the distance.
 * - Every result carries a ChangeSet naming the kinds of data the edit changed (DataKind); the
 *   live scheduler recomputes only the models that read them (live/model_registry.h).
 *
 * JSON form of one edit (the "op" key picks the kind; ids are scene ids):
 *   {"op":"move",      "ids":["H1-R01-K01", "H1-R02"], "dx":0.6, "dy":0}   racks, rows, coolers
 *   {"op":"rotate",    "ids":["H1-R01"]}                                  flip facing (intake)
 *   {"op":"add-row",   "hall":"H1", "name":"R09", "x":3, "y":20, "racks":10, "facing":"+y",
 *                      "kind":"compute", "rackModel":"...", "serverModel":"dgx-h100",
 *                      "nodesPerRack":4, "cooling":"air", "feeds":["H1-F01A","H1-F01B"]}
 *   {"op":"delete",    "ids":[...]}                        racks, rows, coolers, feeds
 *   {"op":"duplicate", "ids":[...], "dx":0, "dy":3.0}                     racks, rows
 *   {"op":"set",       "id":"H1-R01-K01", "key":"powerCapW", "value":40000}
 *   {"op":"add-cooler","hall":"H1", "model":"crah-250kw", "kind":"crah", "x":1, "y":2,
 *                      "facing":"+y", "setpoint":20}
 *   {"op":"add-feed",  "hall":"H1", "name":"F9", "capacityW":2.5e6, "redundancy":"2N"}
 *   {"op":"set-air-ports", "hall":"H1", "tiles":[{"id":"T1","xM":3.6,"yM":3.8,
 *                      "openAreaPct":25}], "grilles":[{"id":"G1","xM":3.9,"yM":1.4}]}
 *                      (scene-file form of each tile and grille; the lists replace the hall's)
 *   {"op":"restore",   "rows":[{"hall":0,"index":1,"row":{...}}], "racks":[{"hall":0,"row":0,
 *                      "index":2,"rack":{...}}], "coolers":[...], "feeds":[...]}  scene-file form
 * The inverse of a move also carries "exact":[{"id":"H1-R01-K01","x":2.5,"y":2.5}, ...].
 *   {"op":"set", "id":"H1", "key":"switchPlacement", "value":"middle-of-row"}  re-places every
 * leaf, spine and core switch of the scene by the strategy (fabric::placeSwitches, from current
 * rack positions) and stores it in spec.switchPlacement; its inverse also carries
 * "switches":[{"id":"H1-R01-K05-S01","rack":"H1-R01-K05","index":0,"slotU":2}, ...].
 * An edits file is {"edits":[ ... ]} or a bare array of edits. User documentation:
 * docs/editing.md.
 *
 * Settable keys ("set"; the rows of the field tables, fields.h, which also give each key's type,
 * range and the DataKinds it changes): rack: model, kind, cooling, powerCapW, powerW,
 * powerSource, airflowM3s, facing, serverModel (every node), feeds; row: name; cooler: model,
 * setpoint, facing, airflowM3s; feed: name, capacityW,
 * redundancy; hall: containment, heightM, floorRatingKgM2, switchPlacement (scene-wide: per-su,
 * end-of-row, middle-of-row, central-row; needs the scene's generator spec); node: model. Unknown
 * keys and wrong value types are EditErrors that name the key and the expected form.
 */

#include "myriad/engine/error.h"
#include "myriad/engine/model.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <variant>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::edit
{

/** An edit that cannot be applied; what() names the op, the id or key, and the expected form. */
class EditError : public Error
{
public:
  using Error::Error;
};

/**
 * A kind of scene data an edit can change. Edits say what they changed; the live models say what
 * they read (live/model_registry.h), and the models to rerun are those whose inputs intersect.
 * A new kind is needed only when an edit changes data that some model reads and another does not.
 */
enum class DataKind : std::uint8_t
{
  Layout,          ///< positions and footprints of racks and rows (enclosure size), hall size
  CoolerLayout,    ///< positions and footprints of coolers
  Facing,          ///< which side racks and coolers take in air (intake / supply direction)
  Devices,         ///< racks, nodes and switches present, their kinds and server/switch models
  RackModels,      ///< catalog models of the rack enclosures (U height, price)
  SwitchSlots,     ///< which rack and U slot each fabric switch sits in (switch placement)
  RackPower,       ///< rack power caps (PDU capacity)
  RackCooling,     ///< rack cooling style (air or liquid: how the heat leaves)
  CoolingPlant,    ///< coolers present, their models and setpoints; hall containment
  Feeds,           ///< power feeds (name, rating, redundancy) and which feeds serve each rack
  Names,           ///< labels people read (row names); no model reads them
  Jobs,            ///< training jobs the traffic model simulates (no edit changes them yet)
  EconomicsInputs, ///< site, prices, finance, cooling-plant parameters (the evaluation context)
  LoadLevel,       ///< the evaluation context's utilisation: the IT load power and heat are at
  RackLoad,        ///< a rack's given power and airflow (measured, budget, nameplate)
  AirPorts,        ///< a hall's placed floor tiles and ceiling return grilles
  FloorRating,     ///< a hall's floor load rating (only the enclosure checks read it)
};
constexpr int kDataKindCount = 17;
/** "layout", "cooler-layout", … (for messages and tests). */
const char* toString(DataKind kind);

/** A set of DataKinds (a bit set). */
class DataKinds
{
public:
  constexpr DataKinds() = default;
  constexpr DataKinds(std::initializer_list<DataKind> kinds)
  {
    for (const DataKind kind : kinds)
      add(kind);
  }
  constexpr bool has(DataKind kind) const { return (m_bits & bit(kind)) != 0; }
  constexpr void add(DataKind kind) { m_bits |= bit(kind); }
  constexpr void add(DataKinds kinds) { m_bits |= kinds.m_bits; }
  constexpr bool empty() const { return m_bits == 0; }
  constexpr bool intersects(DataKinds other) const { return (m_bits & other.m_bits) != 0; }
  /** The kinds in declaration order. */
  std::vector<DataKind> list() const;
  constexpr bool operator==(const DataKinds&) const = default;

private:
  static constexpr std::uint32_t bit(DataKind kind) { return 1u << static_cast<unsigned>(kind); }
  std::uint32_t m_bits = 0;
};

/** What an edit changed: the kinds of data (the live models that read them rerun) and the ids. */
struct ChangeSet
{
  DataKinds kinds;              ///< kinds of data changed
  std::vector<std::string> ids; ///< objects added, removed or changed (for the view to refresh)

  bool any() const { return !kinds.empty(); }
  bool has(DataKind kind) const { return kinds.has(kind); }
  void add(DataKind kind) { kinds.add(kind); }
  void add(DataKinds more) { kinds.add(more); }
  /** Union (kinds joined; ids concatenated, duplicates removed). */
  ChangeSet& operator|=(const ChangeSet& other);
};

/** Exact position of one object (see MoveObjects::exactXY). */
struct PlacedAt
{
  std::string id;
  double xM = 0;
  double yM = 0;
  bool operator==(const PlacedAt&) const = default;
};

struct MoveObjects
{
  std::vector<std::string> ids; ///< racks, rows (all their racks) and coolers
  double dxM = 0;
  double dyM = 0;
  /**
   * Filled by applyEdit in the inverse of a move: the former corners of every moved rack and
   * cooler, which take precedence over (dxM, dyM). In floating point x + dx − dx is not always x,
   * so undo puts objects back at these exact positions. Empty for edits people write.
   */
  std::vector<PlacedAt> exactXY;
};

struct RotateObjects
{
  std::vector<std::string> ids; ///< racks, rows, coolers: facing flipped (a row turns in place)
};

struct AddRow
{
  std::string hallId;
  std::string name; ///< row name; the row id is derived ("H1-R09"), unique in the scene
  double xM = 0;    ///< footprint corner of the first rack
  double yM = 0;
  int rackCount = 1;
  Facing facing = Facing::PlusY;
  RackKind kind = RackKind::Compute;
  std::string rackModel;   ///< catalog rack enclosure
  std::string serverModel; ///< catalog server (compute racks); empty = empty racks
  int nodesPerRack = 0;
  CoolingStyle cooling = CoolingStyle::Air;
  std::vector<std::string> feeds; ///< power feeds of every new rack (ids in the hall)
};

struct DeleteObjects
{
  std::vector<std::string> ids; ///< racks, rows, coolers, feeds
};

struct DuplicateObjects
{
  std::vector<std::string> ids; ///< racks or rows; copies get fresh ids
  double dxM = 0;
  double dyM = 0;
};

/** A scalar value for SetProperty: number, text, or a list of texts (rack feeds). */
using PropertyValue = std::variant<double, std::string, std::vector<std::string>>;

/** Where one leaf, spine or core switch sits (see SetProperty::switchSlots). */
struct SwitchSlot
{
  std::string id;     ///< switch id
  std::string rackId; ///< network rack holding it
  int index = -1;     ///< position in the rack's switch list; −1: appended
  int slotU = 1;      ///< lowest rack unit
  bool operator==(const SwitchSlot&) const = default;
};

struct SetProperty
{
  std::string id;
  std::string key;
  PropertyValue value;
  /**
   * Key switchPlacement only. Filled by applyEdit in the inverse: the former slot of every
   * re-placed switch, restored exactly instead of re-placing by the strategy (placement is greedy,
   * so re-placing by the old strategy need not give back the old layout). Empty for edits people
   * write.
   */
  std::vector<SwitchSlot> switchSlots{};
};

struct AddCooler
{
  std::string hallId;
  CoolingUnit unit; ///< id may be empty (then derived, unique)
};

struct AddFeed
{
  std::string hallId;
  PowerFeed feed; ///< id may be empty (then derived, unique)
};

/**
 * Internal inverse of a delete: puts objects back at their former places (row and rack indices).
 * Produced by applyEdit; applications rarely build one. Serialisable like every other edit.
 */
struct RestoreObjects
{
  struct RestoredRack
  {
    int hall = -1;
    int row = -1;
    int index = -1;
    Rack rack;
  };
  struct RestoredRow
  {
    int hall = -1;
    int index = -1;
    Row row;
  };
  struct RestoredCooler
  {
    int hall = -1;
    int index = -1;
    CoolingUnit unit;
  };
  struct RestoredFeed
  {
    int hall = -1;
    int index = -1;
    PowerFeed feed;
  };
  std::vector<RestoredRow> rows; ///< reinserted first, in ascending index order
  std::vector<RestoredRack> racks;
  std::vector<RestoredCooler> coolers;
  std::vector<RestoredFeed> feeds;
};

/**
 * Replace the document's evaluation context (Scene::evaluationJson): utilisation, site, energy
 * price, finance. `inputsJson` is a JSON object of EconomicsInputs fields ("" = the defaults);
 * applyEdit checks its form and ranges (site known to the catalog). Changes EconomicsInputs, and
 * LoadLevel when the utilisation changed.
 */
struct SetEvaluation
{
  std::string inputsJson;
};

/**
 * Replace a hall's placed floor tiles and ceiling return grilles (Hall::tiles, Hall::grilles) as a
 * whole: add, move, resize or remove any of them in one undoable step. Each is checked as in a
 * scene file (sizes, open area 0–100 %, flows ≥ 0), must lie inside the hall and have an id used
 * by no other object; tiles need a raised floor. The inverse restores the former lists exactly.
 * Changes AirPorts.
 */
struct SetAirPorts
{
  std::string hallId;
  std::vector<FloorTile> tiles;
  std::vector<ReturnGrille> grilles;
};

/** Any edit. */
using Edit =
  std::variant<MoveObjects, RotateObjects, AddRow, DeleteObjects, DuplicateObjects, SetProperty,
               AddCooler, AddFeed, RestoreObjects, SetEvaluation, SetAirPorts>;

/** Outcome of applyEdit. */
struct EditResult
{
  Edit inverse;                        ///< applying it undoes the edit exactly
  ChangeSet changes;                   ///< data changed (models to recompute)
  std::vector<std::string> createdIds; ///< ids of added rows/racks/coolers/feeds
  std::string description;             ///< "Move 2 racks by (0.60, 0.00) m", for the undo view
};

struct ApplyOptions
{
  /** Minimum gap between racks / coolers that are not in the same row, and to walls (m). */
  double clearanceM = 0.0;
  /** Refuse edits that create overlaps or leave the hall (the UI and `apply` keep it on). */
  bool checkPlacement = true;
};

/** Apply one edit to `scene`; throws EditError (scene unchanged) when it cannot be applied. */
EditResult applyEdit(Scene& scene, const Catalog& catalog, const Edit& edit,
                     const ApplyOptions& options = {});

/** Short human text of an edit ("Delete 3 racks"), same as EditResult::description. */
std::string describeEdit(const Edit& edit);

/**
 * True when `next` can be merged into `previous` for undo (both moves of the same id set: a drag
 * produces many); then `previous` becomes the combined move. Exact positions (exactXY) of
 * `previous` win: to merge the inverses of a drag, merge each later inverse into the first.
 */
bool mergeEdits(Edit& previous, const Edit& next);

/** JSON text of one edit (the form above), and back. Errors name `fileName` and the JSON path. */
std::string editToJson(const Edit& edit);
Edit editFromJson(const std::string& text, const std::string& fileName);
/** Parse an edits file ({"edits":[...]} or [...]); errors name the file and "edits[3].dx". */
std::vector<Edit> editsFromJson(const std::string& text, const std::string& fileName);

} // namespace myriad::engine::edit
