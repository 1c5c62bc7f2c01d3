// The "set switchPlacement" edit: re-place every leaf, spine and core switch of the scene by a
// placement strategy (fabric::placeSwitches, from the racks' current positions), or put them back
// at the exact slots an inverse carries. Works on a copy of the scene, so a refusal leaves the
// document untouched (strong guarantee).
#include "edit/edit_internal.h"
#include "myriad/engine/fields.h"

#include "myriad/engine/fabric/topology.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace myriad::engine::edit::detail
{

namespace
{

struct RackAt
{
  int hall = -1, row = -1, rack = -1;
};

/** Rack id → indices, over every rack of the scene. */
std::map<std::string, RackAt> racksById(const Scene& scene)
{
  std::map<std::string, RackAt> out;
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
    for (int r = 0; r < static_cast<int>(scene.site.halls[h].rows.size()); ++r)
      for (int k = 0; k < static_cast<int>(scene.site.halls[h].rows[r].racks.size()); ++k)
        out[scene.site.halls[h].rows[r].racks[k].id] = { h, r, k };
  return out;
}

/** Switch id → its current slot (rack id, index in the rack's list, unit). */
std::map<std::string, SwitchSlot> switchesById(const Scene& scene)
{
  std::map<std::string, SwitchSlot> out;
  for (const Hall& hall : scene.site.halls)
    for (const Row& row : hall.rows)
      for (const Rack& rack : row.racks)
        for (int i = 0; i < static_cast<int>(rack.switches.size()); ++i)
          out[rack.switches[i].id] = { rack.switches[i].id, rack.id, i, rack.switches[i].slotU };
  return out;
}

/** Slots the strategy gives every leaf, spine and core switch of the SuperPOD fabric. */
std::vector<SwitchSlot> plannedSlots(const Scene& scene, const Catalog& catalog,
                                     SwitchPlacement placement, const std::string& what)
{
  try
  {
    fabric::FabricGraph graph = fabric::buildSuperPod(scene, catalog);
    fabric::placeSwitches(graph, scene, catalog, placement);
    std::vector<SwitchSlot> slots;
    for (const fabric::Device& d : graph.devices())
    {
      if (d.kind != fabric::DeviceKind::Switch || d.level < 1 || !d.location.placed())
        continue;
      const fabric::Location& at = d.location;
      const Rack& rack = scene.site.halls.at(at.hall).rows.at(at.row).racks.at(at.rack);
      slots.push_back({ d.id, rack.id, -1, at.slotU });
    }
    return slots;
  }
  catch (const Error& error)
  {
    fail(what + ": " + error.what());
  }
}

/**
 * Move the switches of `slots` to their slots in `scene`: all are taken out first, then put back
 * rack by rack, listed indices ascending (this restores a former list order exactly), appended
 * ones (index −1) after them in list order. Returns their former slots; fails before changing
 * anything when an id is not a switch, a rack is missing or not a network rack, or a unit is off
 * the rack.
 */
std::vector<SwitchSlot> moveSwitches(Scene& scene, const Catalog& catalog,
                                     const std::vector<SwitchSlot>& slots, const std::string& what)
{
  const std::map<std::string, RackAt> racks = racksById(scene);
  const std::map<std::string, SwitchSlot> current = switchesById(scene);
  std::vector<SwitchSlot> former;
  std::map<std::string, bool> seen;
  for (const SwitchSlot& s : slots)
  {
    const auto from = current.find(s.id);
    const auto to = racks.find(s.rackId);
    if (from == current.end())
      fail(what + ": \"" + s.id + "\" is not a switch of the scene");
    if (!seen.emplace(s.id, true).second)
      fail(what + ": switch " + s.id + " is listed twice");
    if (to == racks.end())
      fail(what + ": switch " + s.id + ": no rack with id \"" + s.rackId + "\"");
    const Rack& rack =
      scene.site.halls[to->second.hall].rows[to->second.row].racks[to->second.rack];
    if (rack.kind != RackKind::Network)
      fail(what + ": switch " + s.id + ": " + rack.id + " is not a network rack");
    if (s.slotU < 1 || s.slotU > rackSize(rack, catalog).units)
      fail(what + ": switch " + s.id + ": slotU " + std::to_string(s.slotU) + " is off rack " +
           rack.id + " (expected 1 to " + std::to_string(rackSize(rack, catalog).units) + ")");
    former.push_back(from->second);
  }
  // Take every listed switch out (keeping the others' order), then insert by rack.
  std::map<std::string, Switch> taken;
  for (Hall& hall : scene.site.halls)
    for (Row& row : hall.rows)
      for (Rack& rack : row.racks)
      {
        for (const Switch& sw : rack.switches)
          if (seen.count(sw.id))
            taken.emplace(sw.id, sw);
        std::erase_if(rack.switches, [&](const Switch& sw) { return seen.count(sw.id) > 0; });
      }
  std::vector<const SwitchSlot*> order;
  for (const SwitchSlot& s : slots)
    order.push_back(&s);
  std::stable_sort(order.begin(), order.end(),
                   [](const SwitchSlot* a, const SwitchSlot* b)
                   {
                     return std::make_tuple(a->rackId, a->index < 0, a->index) <
                            std::make_tuple(b->rackId, b->index < 0, b->index);
                   });
  for (const SwitchSlot* s : order)
  {
    const RackAt& at = racks.at(s->rackId);
    auto& list = scene.site.halls[at.hall].rows[at.row].racks[at.rack].switches;
    Switch sw = std::move(taken.at(s->id));
    sw.slotU = s->slotU;
    const auto index =
      s->index < 0 ? list.size() : std::min(list.size(), static_cast<std::size_t>(s->index));
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(index), std::move(sw));
  }
  return former;
}

} // namespace

PropertyValue setSwitchPlacement(Scene& scene, const Catalog& catalog, const SetProperty& edit,
                                 const std::string& what, std::vector<SwitchSlot>& formerSlots,
                                 ChangeSet& changes)
{
  const std::string* text = std::get_if<std::string>(&edit.value);
  const auto placement = text ? switchPlacementFromString(*text) : std::nullopt;
  if (!placement)
    fail(what + ": unknown value" + (text ? " \"" + *text + "\"" : std::string()) +
         " (expected per-su, end-of-row, middle-of-row or central-row)");
  if (!scene.spec)
    fail(what + ": the scene has no generator spec to hold the strategy (generate it with "
                "myriad-cli generate, or use myriad-cli fabric --placement)");
  const std::vector<SwitchSlot> slots =
    edit.switchSlots.empty() ? plannedSlots(scene, catalog, *placement, what) : edit.switchSlots;
  Scene changed = scene;
  formerSlots = moveSwitches(changed, catalog, slots, what);
  const SwitchPlacement old = std::exchange(changed.spec->switchPlacement, *placement);
  scene = std::move(changed);
  // Switch power moves between racks (power, heat); cable lengths, media and BOM change.
  changes.add(fields::findSettable(fields::sceneFields(), "switchPlacement")->affects);
  for (const auto& list : { formerSlots, slots })
    for (const SwitchSlot& s : list)
      changes.ids.push_back(s.rackId);
  return std::string(toString(old));
}

} // namespace myriad::engine::edit::detail
