#pragma once
/**
 * @file fields.h
 * One table per scene entity of its scalar fields: JSON key, type, unit, accepted range or
 * spellings, label, whether an edit may set it, and which kinds of data a set changes
 * (edit::DataKind: the live models reading them rerun). The tables drive
 * - the scene reader and the canonical writer (engine/src/io: key order = table order, then the
 *   entity's lists), so a field's file form, default, range and errors are stated once;
 * - `SetProperty` (engine/src/edit/edit_set.cpp): key lookup, value type, range or spelling, and
 *   the edit's ChangeSet kinds;
 * - `describe()` (query.h): labels and units;
 * - the app's property editor (`settableFields`, `fieldValue`): which fields it offers.
 *
 * Adding a settable field: add the member to the entity in model.h and one row to its table in
 * engine/src/core/fields_tables.cpp (key, type, label, unit, range or choices, default,
 * settable, the DataKinds it affects, `editor` to offer it in the property editor). Reader,
 * writer, SetProperty, describe and the editor follow. A new field changes the canonical file
 * form: regenerate the samples (docs/dev/TESTING.md) unless the field is written only when set.
 *
 * Outside the tables (hand-written, because they are not one scalar per key):
 * - lists: a hall's rows, coolers and feeds; a row's racks; a rack's nodes and switches; a
 *   node's GPUs and NICs; scenarios (canonical JSON text); the generator spec (spec_reader.cpp,
 *   written with a conditional key);
 * - checks across fields or against the catalog: the catalog category of a `model`, a hall's
 *   positive dimensions, placement checks of a changed model, a server swap's equal GPU and NIC
 *   counts, a rack's feeds belonging to its hall, switch placement (re-places every switch).
 *   Those run in the reader and in SetProperty before the table assigns the value.
 */

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/model.h"
#include "myriad/engine/query.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine::fields
{

/** A field's value: number (also integers), text (also enum spellings) or a list of texts. */
using Value = edit::PropertyValue;

enum class Type
{
  Text,
  Number,
  Integer,
  Choice, ///< one of `choices` (an enum's spellings)
  TextList
};

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

/** How the app's property editor shows a field (display unit = stored unit / scale). */
struct EditorHint
{
  const char* unit = ""; ///< " kW", " °C" (empty for choices)
  double scale = 1;      ///< stored value = shown value × scale
  double minimum = 0;    ///< spin box range in the display unit
  double maximum = 1e9;
  const char* zeroText =
    nullptr; ///< shown instead of 0 where 0 means "not given" ("from contents")
};

/** One scalar field of `Entity` (Rack, Row, CoolingUnit, PowerFeed, Hall, Node, Switch, Site). */
template <typename Entity>
struct Field // no default member initialisers on class-type members: GCC 12 crashes on them
{
  const char* key = ""; ///< JSON key in the scene file
  Type type = Type::Number;
  const char* label = "";       ///< "Power cap": describe() and the property editor
  const char* unit = "";        ///< unit of the stored value ("W", "m", "°C"); "" for none
  double minimum = -kUnbounded; ///< Number, Integer: accepted range, in files and in edits
  double maximum = kUnbounded;
  std::vector<std::string> choices; ///< Choice: the spellings, in the order of the enum
  bool required = false;            ///< a file must give it; otherwise the fallback applies
  double fallbackNumber = 0;        ///< Number, Integer: value of an absent key
  const char* fallbackText = "";    ///< Text, Choice: value of an absent key (TextList: empty)
  bool fallbackIsId = false;        ///< an absent key takes the object's id (names)
  bool stored = true; ///< in the file; false for edit-only keys (a rack's serverModel)
  /** Written only when the value differs from the fallback: optional inputs (a rack's given
   *  power) leave files that do not use them, and the samples, unchanged. */
  bool omitDefault = false;
  const char* fileExpected = nullptr; ///< expected form in file errors when not derived
  const char* setKey = nullptr;       ///< SetProperty key when it differs ("setpoint")
  bool settable = false;              ///< SetProperty may set it
  const char* expected = "";          ///< expected form in edit errors ("a number ≥ 0 in W")
  edit::DataKinds affects;            ///< data a set changes
  std::optional<EditorHint> editor;   ///< offered by the app's property editor
  Value (*get)(const Entity&) = nullptr;
  void (*put)(Entity&, const Value&) = nullptr; ///< value already checked against the row

  /** The SetProperty key. */
  const char* editKey() const { return setKey ? setKey : key; }
};

const std::vector<Field<Rack>>& rackFields();
const std::vector<Field<Row>>& rowFields();
const std::vector<Field<CoolingUnit>>& coolerFields();
const std::vector<Field<PowerFeed>>& feedFields();
const std::vector<Field<Hall>>& hallFields();
const std::vector<Field<Node>>& nodeFields();
const std::vector<Field<Switch>>& switchFields();
const std::vector<Field<Site>>& siteFields();
const std::vector<Field<FloorTile>>& tileFields();
const std::vector<Field<ReturnGrille>>& grilleFields();
/** A hall's recorded cables (inventory import; fields_tables_cable.cpp). */
const std::vector<Field<RecordedCable>>& recordedCableFields();
/** Scene-wide settable keys offered on a hall (switchPlacement, kept in the generator spec). */
const std::vector<Field<Scene>>& sceneFields();

/** The row whose SetProperty key is `key`, or null. */
template <typename Entity>
const Field<Entity>* findSettable(const std::vector<Field<Entity>>& table, const std::string& key)
{
  for (const Field<Entity>& f : table)
    if (f.settable && key == f.editKey())
      return &f;
  return nullptr;
}

/** "a, b or c" from a Choice row's spellings (the expected form in errors). */
std::string choicesText(const std::vector<std::string>& choices);
/** "model, kind, …": the settable keys of a table, in table order. */
template <typename Entity>
std::string settableKeys(const std::vector<Field<Entity>>& table)
{
  std::string out;
  for (const Field<Entity>& f : table)
    if (f.settable)
      out += (out.empty() ? "" : ", ") + std::string(f.editKey());
  return out;
}
/** "5 to 40 °C", "≥ 0 W": a Number/Integer row's range with its unit. */
std::string rangeText(double minimum, double maximum, const std::string& unit);

/** A settable field of some entity kind, without its accessors (for the app). */
struct FieldInfo
{
  std::string key; ///< SetProperty key
  Type type = Type::Number;
  std::string label;
  std::string unit;
  double minimum = -kUnbounded;
  double maximum = kUnbounded;
  std::vector<std::string> choices;
  edit::DataKinds affects;
  std::optional<EditorHint> editor;
  bool sceneWide = false; ///< sets the whole scene (offered on a hall; not per selected object)
};

/** The settable fields of objects of `kind`, in table order (hall: then the scene-wide ones). */
std::vector<FieldInfo> settableFields(ObjectKind kind);
/** The current value of settable field `key` of `ref`; nullopt when `ref` or `key` has none
 *  (switchPlacement of a scene without a generator spec). */
std::optional<Value> fieldValue(const Scene& scene, const ObjectRef& ref, const std::string& key);

} // namespace myriad::engine::fields
