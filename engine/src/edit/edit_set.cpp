// The "set" edit: one property of a rack, row, cooler, feed, hall or node. The entity's field
// table (fields.h) names the settable keys, checks the value's type and range or spelling, says
// what data the edit changes and assigns it; the checks against the catalog, the placement and
// the hall are written here. Everything is checked before anything is assigned; the old value
// is returned for the inverse.
#include "edit/edit_internal.h"
#include "myriad/engine/fields.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::edit::detail
{

namespace
{

struct Setter
{
  const SetProperty& edit;
  std::string what; ///< "set powerCapW of H1-R01-K01"

  [[noreturn]] void wrongType(const std::string& expected) const
  {
    fail(what + ": wrong value type (expected " + expected + ")");
  }
  double number(const std::string& expected, double low, double high) const
  {
    const double* v = std::get_if<double>(&edit.value);
    if (v == nullptr)
      wrongType(expected);
    if (!std::isfinite(*v) || *v < low || *v > high)
      fail(what + ": value " + std::to_string(*v) + " is out of range (expected " + expected + ")");
    return *v;
  }
  const std::string& text(const std::string& expected) const
  {
    const std::string* v = std::get_if<std::string>(&edit.value);
    if (v == nullptr)
      wrongType(expected);
    return *v;
  }
  /** The value checked against the field's row: type, then range or spelling. */
  template <typename Entity>
  PropertyValue checked(const fields::Field<Entity>& f) const
  {
    switch (f.type)
    {
      case fields::Type::Number:
        return number(f.expected, f.minimum, f.maximum);
      case fields::Type::Integer:
      {
        const double value = number(f.expected, f.minimum, f.maximum);
        if (value != std::round(value))
          fail(what + ": value " + std::to_string(value) + " is not an integer (expected " +
               f.expected + ")");
        return value;
      }
      case fields::Type::Text:
        return text(f.expected);
      case fields::Type::Choice:
      {
        const std::string expected = fields::choicesText(f.choices);
        const std::string& value = text(expected);
        if (std::find(f.choices.begin(), f.choices.end(), value) == f.choices.end())
          fail(what + ": unknown value \"" + value + "\" (expected " + expected + ")");
        return value;
      }
      case fields::Type::TextList:
        if (!std::holds_alternative<std::vector<std::string>>(edit.value))
          wrongType(f.expected);
        return edit.value;
    }
    wrongType(f.expected);
  }
  [[noreturn]] void unknownKey(const std::string& kind, const std::string& keys) const
  {
    fail("set: a " + kind + " has no settable key \"" + edit.key + "\" (expected one of: " + keys +
         ")");
  }
};

/** The settable row of `table` for the edit's key, or an EditError listing the keys. */
template <typename Entity>
const fields::Field<Entity>& settable(const std::vector<fields::Field<Entity>>& table,
                                      const Setter& s, const std::string& kind,
                                      const std::string& keys = {})
{
  const fields::Field<Entity>* f = fields::findSettable(table, s.edit.key);
  if (f == nullptr)
  {
    const std::string own = fields::settableKeys(table);
    s.unknownKey(kind, keys.empty() ? own : own + ", " + keys);
  }
  return *f;
}

/** Assign the checked value through the row; the ChangeSet kinds are the row's. */
template <typename Entity>
PropertyValue assign(Entity& entity, const fields::Field<Entity>& f, const PropertyValue& value,
                     ChangeSet& c)
{
  c.kinds = f.affects;
  PropertyValue old = f.get(entity);
  f.put(entity, value);
  return old;
}

/** A server swap keeps every GPU and NIC entry, so it is only allowed between equal counts. */
void checkServerSwap(const Catalog& catalog, const Setter& s, const Node& node,
                     const std::string& model)
{
  const Part& part = requirePart(catalog, model, "server", s.what);
  const auto gpus = static_cast<std::size_t>(part.valueOr("gpus", 8));
  const auto nics = static_cast<std::size_t>(part.valueOr("computeNics", 8));
  if (gpus != node.gpus.size() || nics != node.nics.size())
    fail(s.what + ": " + model + " has " + std::to_string(gpus) + " GPUs and " +
         std::to_string(nics) + " NICs, " + node.id + " has " + std::to_string(node.gpus.size()) +
         " and " + std::to_string(node.nics.size()) +
         " (replace the rack instead: delete, then add-row)");
}

/** Rack checks beyond the row: catalog part and placement, node models, feeds of the hall. */
void checkRackValue(const Catalog& catalog, const Hall& hall, const Row& row, const Rack& rack,
                    const Setter& s, const PropertyValue& value, const ApplyOptions& options)
{
  const std::string& key = s.edit.key;
  if (key == "model")
  {
    Rack changed = rack;
    changed.model = std::get<std::string>(value);
    requirePart(catalog, changed.model, "rack", s.what);
    checkPlacement(hall, { { rack.id, row.id, rackBox(changed, catalog) } },
                   hallFootprints(hall, catalog, { rack.id }), options, "set");
  }
  else if (key == "serverModel")
  {
    if (rack.nodes.empty())
      fail(s.what + ": " + rack.id + " has no nodes");
    for (const Node& node : rack.nodes)
    {
      if (node.model != rack.nodes.front().model)
        fail(s.what + ": the nodes of " + rack.id +
             " have different models (set each node's "
             "model instead)");
      checkServerSwap(catalog, s, node, std::get<std::string>(value));
    }
  }
  else if (key == "feeds")
  {
    for (const std::string& feed : std::get<std::vector<std::string>>(value))
      if (std::none_of(hall.feeds.begin(), hall.feeds.end(),
                       [&](const PowerFeed& f) { return f.id == feed; }))
        fail(s.what + ": \"" + feed + "\" is not a feed of hall " + hall.id);
  }
}

PropertyValue setRack(Scene& scene, const Catalog& catalog, const ObjectRef& ref, const Setter& s,
                      const ApplyOptions& options, ChangeSet& c)
{
  Hall& hall = scene.site.halls[ref.hall];
  Rack& rack = hall.rows[ref.row].racks[ref.rack];
  const auto& f = settable(fields::rackFields(), s, "rack");
  const PropertyValue value = s.checked(f);
  checkRackValue(catalog, hall, hall.rows[ref.row], rack, s, value, options);
  return assign(rack, f, value, c);
}

PropertyValue setCooler(Scene& scene, const Catalog& catalog, const ObjectRef& ref, const Setter& s,
                        const ApplyOptions& options, ChangeSet& c)
{
  Hall& hall = scene.site.halls[ref.hall];
  CoolingUnit& cooler = hall.coolers[ref.item];
  const auto& f = settable(fields::coolerFields(), s, "cooler");
  const PropertyValue value = s.checked(f);
  if (s.edit.key == "model")
  {
    CoolingUnit changed = cooler;
    changed.model = std::get<std::string>(value);
    requirePart(catalog, changed.model, "cooler", s.what);
    if (cooler.kind != CoolerKind::RearDoor)
      checkPlacement(hall, { { cooler.id, {}, coolerBox(changed, catalog) } },
                     hallFootprints(hall, catalog, { cooler.id }), options, "set");
  }
  return assign(cooler, f, value, c);
}

} // namespace

EditResult applySet(Scene& scene, const Catalog& catalog, const SetProperty& edit,
                    const ApplyOptions& options)
{
  const ObjectRef ref = resolve(scene, edit.id, "set");
  const Setter s{ edit, "set " + edit.key + " of " + edit.id };
  EditResult result;
  if (ref.kind == ObjectKind::Hall && edit.key == "switchPlacement")
  {
    // Scene-wide (spec.switchPlacement); the inverse carries the exact former slots.
    SetProperty inverse{ edit.id, edit.key, {} };
    inverse.value =
      setSwitchPlacement(scene, catalog, edit, s.what, inverse.switchSlots, result.changes);
    std::vector<std::string>& ids = result.changes.ids;
    ids.push_back(edit.id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    result.inverse = std::move(inverse);
    return result;
  }
  PropertyValue old;
  Hall& hall = scene.site.halls[ref.hall];
  switch (ref.kind)
  {
    case ObjectKind::Rack:
      old = setRack(scene, catalog, ref, s, options, result.changes);
      break;
    case ObjectKind::Row:
    {
      const auto& f = settable(fields::rowFields(), s, "row");
      old = assign(hall.rows[ref.row], f, s.checked(f), result.changes);
      break;
    }
    case ObjectKind::Cooler:
      old = setCooler(scene, catalog, ref, s, options, result.changes);
      break;
    case ObjectKind::Feed:
    {
      const auto& f = settable(fields::feedFields(), s, "feed");
      old = assign(hall.feeds[ref.item], f, s.checked(f), result.changes);
      break;
    }
    case ObjectKind::Hall:
    {
      // Scene-wide site keys (currency, exchangeRate) are offered on a hall.
      if (const auto* site = fields::findSettable(fields::siteFields(), edit.key))
      {
        old = assign(scene.site, *site, s.checked(*site), result.changes);
        break;
      }
      const auto& f = settable(fields::hallFields(), s, "hall",
                               fields::settableKeys(fields::sceneFields()) + ", " +
                                 fields::settableKeys(fields::siteFields()));
      old = assign(hall, f, s.checked(f), result.changes);
      break;
    }
    case ObjectKind::Node:
    {
      Node& node = hall.rows[ref.row].racks[ref.rack].nodes[ref.node];
      const auto& f = settable(fields::nodeFields(), s, "node");
      const PropertyValue value = s.checked(f);
      checkServerSwap(catalog, s, node, std::get<std::string>(value));
      old = assign(node, f, value, result.changes);
      break;
    }
    default:
      fail("set: " + edit.id + " is a " + toString(ref.kind) +
           " (expected a rack, row, cooler, feed, hall or node)");
  }
  result.changes.ids = { edit.id };
  result.inverse = SetProperty{ edit.id, edit.key, std::move(old) };
  return result;
}

} // namespace myriad::engine::edit::detail
