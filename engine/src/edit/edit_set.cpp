// The "set" edit: one property of a rack, row, cooler, feed, hall or node. Each setter checks
// the value completely before it assigns anything, and returns the old value for the inverse.
#include "edit/edit_internal.h"

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
  template <typename Enum>
  Enum choice(std::optional<Enum> (*parse)(const std::string&), const std::string& expected) const
  {
    const auto value = parse(text(expected));
    if (!value)
      fail(what + ": unknown value \"" + text(expected) + "\" (expected " + expected + ")");
    return *value;
  }
  [[noreturn]] void unknownKey(const std::string& kind, const std::string& keys) const
  {
    fail("set: a " + kind + " has no settable key \"" + edit.key + "\" (expected one of: " + keys +
         ")");
  }
};

ChangeSet changes(bool geometry, bool fabric, bool power, bool economics, bool traffic,
                  bool thermal)
{
  ChangeSet c;
  c.geometry = geometry;
  c.fabric = fabric;
  c.power = power;
  c.economics = economics;
  c.traffic = traffic;
  c.thermal = thermal;
  return c;
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

PropertyValue setRack(Scene& scene, const Catalog& catalog, const ObjectRef& ref, const Setter& s,
                      const ApplyOptions& options, ChangeSet& c)
{
  Hall& hall = scene.site.halls[ref.hall];
  Rack& rack = hall.rows[ref.row].racks[ref.rack];
  const std::string& key = s.edit.key;
  if (key == "model")
  {
    requirePart(catalog, s.text("a rack id of the catalog"), "rack", s.what);
    Rack moved = rack;
    moved.model = s.text("");
    checkPlacement(hall, { { rack.id, hall.rows[ref.row].id, rackBox(moved, catalog) } },
                   hallFootprints(hall, catalog, { rack.id }), options, "set");
    c = changes(true, true, true, true, false, true);
    return std::exchange(rack.model, moved.model);
  }
  if (key == "kind")
  {
    c = changes(true, true, true, true, true, true);
    const RackKind old = std::exchange(
      rack.kind, s.choice(&rackKindFromString, "compute, network, storage, power or cooling"));
    return std::string(toString(old));
  }
  if (key == "cooling")
  {
    c = changes(true, false, true, true, false, true);
    const auto old =
      std::exchange(rack.cooling, s.choice(&coolingStyleFromString, "air or liquid"));
    return std::string(toString(old));
  }
  if (key == "powerCapW")
  {
    c = changes(true, false, true, true, false, false);
    return std::exchange(rack.powerCapW, s.number("a number ≥ 0 in W", 0, 1e9));
  }
  if (key == "facing")
  {
    c = changes(true, false, false, false, false, true);
    const auto old = std::exchange(rack.facing, s.choice(&facingFromString, "+y or -y"));
    return std::string(toString(old));
  }
  if (key == "serverModel")
  {
    const std::string& model = s.text("a server id of the catalog");
    if (rack.nodes.empty())
      fail(s.what + ": " + rack.id + " has no nodes");
    for (const Node& node : rack.nodes)
    {
      if (node.model != rack.nodes.front().model)
        fail(s.what + ": the nodes of " + rack.id +
             " have different models (set each node's "
             "model instead)");
      checkServerSwap(catalog, s, node, model);
    }
    c = changes(true, true, true, true, true, true);
    const std::string old = rack.nodes.front().model;
    for (Node& node : rack.nodes)
      node.model = model;
    return old;
  }
  if (key == "feeds")
  {
    const auto* feeds = std::get_if<std::vector<std::string>>(&s.edit.value);
    if (feeds == nullptr)
      s.wrongType("a list of feed ids");
    for (const std::string& feed : *feeds)
      if (std::none_of(hall.feeds.begin(), hall.feeds.end(),
                       [&](const PowerFeed& f) { return f.id == feed; }))
        fail(s.what + ": \"" + feed + "\" is not a feed of hall " + hall.id);
    c = changes(true, false, true, true, false, false);
    return std::exchange(rack.feeds, *feeds);
  }
  s.unknownKey("rack", "model, kind, cooling, powerCapW, facing, serverModel, feeds");
}

PropertyValue setCooler(Scene& scene, const Catalog& catalog, const ObjectRef& ref, const Setter& s,
                        const ApplyOptions& options, ChangeSet& c)
{
  Hall& hall = scene.site.halls[ref.hall];
  CoolingUnit& cooler = hall.coolers[ref.item];
  const std::string& key = s.edit.key;
  if (key == "model")
  {
    requirePart(catalog, s.text("a cooler id of the catalog"), "cooler", s.what);
    CoolingUnit changed = cooler;
    changed.model = s.text("");
    if (cooler.kind != CoolerKind::RearDoor)
      checkPlacement(hall, { { cooler.id, {}, coolerBox(changed, catalog) } },
                     hallFootprints(hall, catalog, { cooler.id }), options, "set");
    c = changes(true, false, false, true, false, true);
    return std::exchange(cooler.model, changed.model);
  }
  if (key == "setpoint")
  {
    c = changes(false, false, false, true, false, true);
    return std::exchange(cooler.supplySetpointC, s.number("a temperature of 5 to 40 °C", 5, 40));
  }
  if (key == "facing")
  {
    c = changes(true, false, false, false, false, true);
    const auto old = std::exchange(cooler.facing, s.choice(&facingFromString, "+y or -y"));
    return std::string(toString(old));
  }
  s.unknownKey("cooler", "model, setpoint, facing");
}

PropertyValue setFeed(Scene& scene, const ObjectRef& ref, const Setter& s, ChangeSet& c)
{
  PowerFeed& feed = scene.site.halls[ref.hall].feeds[ref.item];
  const std::string& key = s.edit.key;
  c = changes(false, false, true, true, false, false);
  if (key == "name")
    return std::exchange(feed.name, s.text("a text"));
  if (key == "capacityW")
    return std::exchange(feed.capacityW, s.number("a number ≥ 0 in W", 0, 1e12));
  if (key == "redundancy")
  {
    const auto old =
      std::exchange(feed.redundancy, s.choice(&redundancyFromString, "N, N+1 or 2N"));
    return std::string(toString(old));
  }
  s.unknownKey("feed", "name, capacityW, redundancy");
}

PropertyValue setHall(Scene& scene, const ObjectRef& ref, const Setter& s, ChangeSet& c)
{
  Hall& hall = scene.site.halls[ref.hall];
  if (s.edit.key == "containment")
  {
    c = changes(true, false, false, true, false, true);
    const auto old = std::exchange(
      hall.containment, s.choice(&containmentFromString, "none, hot-aisle or cold-aisle"));
    return std::string(toString(old));
  }
  if (s.edit.key == "heightM")
  {
    c = changes(true, true, false, true, false, true);
    return std::exchange(hall.heightM, s.number("a height of 2 to 50 m", 2, 50));
  }
  s.unknownKey("hall", "containment, heightM, switchPlacement");
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
  switch (ref.kind)
  {
    case ObjectKind::Rack:
      old = setRack(scene, catalog, ref, s, options, result.changes);
      break;
    case ObjectKind::Row:
      if (edit.key != "name")
        s.unknownKey("row", "name");
      old = std::exchange(scene.site.halls[ref.hall].rows[ref.row].name, s.text("a text"));
      result.changes.geometry = true;
      break;
    case ObjectKind::Cooler:
      old = setCooler(scene, catalog, ref, s, options, result.changes);
      break;
    case ObjectKind::Feed:
      old = setFeed(scene, ref, s, result.changes);
      break;
    case ObjectKind::Hall:
      old = setHall(scene, ref, s, result.changes);
      break;
    case ObjectKind::Node:
    {
      Node& node = scene.site.halls[ref.hall].rows[ref.row].racks[ref.rack].nodes[ref.node];
      if (edit.key != "model")
        s.unknownKey("node", "model");
      checkServerSwap(catalog, s, node, s.text("a server id of the catalog"));
      result.changes = changes(true, true, true, true, true, true);
      old = std::exchange(node.model, s.text(""));
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
