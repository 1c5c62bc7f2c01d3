// Edits that move, turn, remove and put back existing objects: move, rotate, delete, restore.
#include "edit/edit_internal.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace myriad::engine::edit::detail
{

namespace
{

/** A rack or floor-standing cooler addressed by indices. */
struct Movable
{
  int hall = -1;
  int row = -1;   ///< −1 for a cooler
  int index = -1; ///< rack index in row, or cooler index in hall
  bool operator<(const Movable& o) const
  {
    return std::tie(hall, row, index) < std::tie(o.hall, o.row, o.index);
  }
};

/** Racks (rows expanded), coolers, and the rear doors of the racks; refuses other kinds. */
std::vector<Movable> movables(const Scene& scene, const std::vector<std::string>& ids,
                              const std::string& op)
{
  if (ids.empty())
  {
    fail(op + ": \"ids\" is empty (expected rack, row or cooler ids)");
  }
  std::set<Movable> out;
  std::set<std::string> rackIds;
  for (const std::string& id : ids)
  {
    const ObjectRef ref = resolve(scene, id, op);
    if (ref.kind == ObjectKind::Rack)
    {
      out.insert({ ref.hall, ref.row, ref.rack });
    }
    else if (ref.kind == ObjectKind::Row)
    {
      const Row& row = scene.site.halls[ref.hall].rows[ref.row];
      for (int k = 0; k < static_cast<int>(row.racks.size()); ++k)
        out.insert({ ref.hall, ref.row, k });
    }
    else if (ref.kind == ObjectKind::Cooler)
    {
      out.insert({ ref.hall, -1, ref.item });
    }
    else
    {
      fail(op + ": " + id + " is a " + toString(ref.kind) + " (expected a rack, row or cooler)");
    }
  }
  for (const Movable& m : out)
    if (m.row >= 0)
      rackIds.insert(scene.site.halls[m.hall].rows[m.row].racks[m.index].id);
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
  {
    const auto& coolers = scene.site.halls[h].coolers;
    for (int i = 0; i < static_cast<int>(coolers.size()); ++i)
      if (coolers[i].kind == CoolerKind::RearDoor && rackIds.count(coolers[i].rackId))
        out.insert({ h, -1, i }); // a rear door hangs on its rack
  }
  return { out.begin(), out.end() };
}

struct Position
{
  double* x;
  double* y;
  const std::string* id;
};

Position positionOf(Scene& scene, const Movable& m)
{
  Hall& hall = scene.site.halls[m.hall];
  if (m.row >= 0)
  {
    Rack& rack = hall.rows[m.row].racks[m.index];
    return { &rack.xM, &rack.yM, &rack.id };
  }
  CoolingUnit& cooler = hall.coolers[m.index];
  return { &cooler.xM, &cooler.yM, &cooler.id };
}

/** Footprint of `m` with its corner at (x, y); the object itself is not copied. */
Footprint footprintAt(const Scene& scene, const Catalog& catalog, const Movable& m, double x,
                      double y)
{
  const Hall& hall = scene.site.halls[m.hall];
  auto shifted = [&](Box box, double fromX, double fromY)
  {
    box.x0 += x - fromX;
    box.x1 += x - fromX;
    box.y0 += y - fromY;
    box.y1 += y - fromY;
    return box;
  };
  if (m.row >= 0)
  {
    const Rack& rack = hall.rows[m.row].racks[m.index];
    return { rack.id, hall.rows[m.row].id, shifted(rackBox(rack, catalog), rack.xM, rack.yM) };
  }
  const CoolingUnit& cooler = hall.coolers[m.index];
  return { cooler.id, {}, shifted(coolerBox(cooler, catalog), cooler.xM, cooler.yM) };
}

} // namespace

EditResult applyMove(Scene& scene, const Catalog& catalog, const MoveObjects& edit,
                     const ApplyOptions& options)
{
  const std::vector<Movable> items = movables(scene, edit.ids, "move");
  std::map<std::string, const PlacedAt*> exact;
  for (const PlacedAt& at : edit.exactXY)
    exact[at.id] = &at;
  // Target positions first; the scene changes only once all of them passed the checks.
  std::vector<std::pair<double, double>> targets;
  std::map<int, std::vector<Footprint>> movingByHall;
  std::map<int, std::set<std::string>> movingIds;
  MoveObjects inverse{ edit.ids, -edit.dxM, -edit.dyM, {} };
  for (const Movable& m : items)
  {
    const Position p = positionOf(scene, m);
    const auto it = exact.find(*p.id);
    const double x = it != exact.end() ? it->second->xM : *p.x + edit.dxM;
    const double y = it != exact.end() ? it->second->yM : *p.y + edit.dyM;
    targets.emplace_back(x, y);
    inverse.exactXY.push_back({ *p.id, *p.x, *p.y });
    const CoolingUnit* cooler = m.row < 0 ? &scene.site.halls[m.hall].coolers[m.index] : nullptr;
    if (cooler == nullptr || cooler->kind != CoolerKind::RearDoor)
      movingByHall[m.hall].push_back(footprintAt(scene, catalog, m, x, y));
    movingIds[m.hall].insert(*p.id);
  }
  for (const auto& [h, moving] : movingByHall)
  {
    const Hall& hall = scene.site.halls[h];
    checkPlacement(hall, moving, hallFootprints(hall, catalog, movingIds[h]), options, "move");
  }
  EditResult result;
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const Position p = positionOf(scene, items[i]);
    *p.x = targets[i].first;
    *p.y = targets[i].second;
    result.changes.ids.push_back(*p.id);
    // A rack's place sets cable lengths and air paths; a cooler's only air paths.
    result.changes.add(items[i].row >= 0 ? DataKind::Layout : DataKind::CoolerLayout);
  }
  result.inverse = std::move(inverse);
  return result;
}

EditResult applyRotate(Scene& scene, const RotateObjects& edit)
{
  const std::vector<Movable> items = movables(scene, edit.ids, "rotate");
  EditResult result;
  for (const Movable& m : items)
  {
    Hall& hall = scene.site.halls[m.hall];
    Facing& facing =
      m.row >= 0 ? hall.rows[m.row].racks[m.index].facing : hall.coolers[m.index].facing;
    facing = facing == Facing::PlusY ? Facing::MinusY : Facing::PlusY;
    result.changes.ids.push_back(*positionOf(scene, m).id);
  }
  result.changes.add(DataKind::Facing);
  result.inverse = edit;
  return result;
}

namespace
{

/** What a delete removes, by indices (ascending). */
struct Doomed
{
  std::set<std::tuple<int, int, int>> racks; // hall, row, rack
  std::set<std::pair<int, int>> rows, coolers, feeds;
};

/** Rear doors go with their racks (also those of deleted rows). */
void addRearDoors(const Scene& scene, Doomed& d)
{
  std::set<std::string> racks;
  for (const auto& [h, r, k] : d.racks)
    racks.insert(scene.site.halls[h].rows[r].racks[k].id);
  for (const auto& [h, r] : d.rows)
    for (const Rack& rack : scene.site.halls[h].rows[r].racks)
      racks.insert(rack.id);
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
    for (int i = 0; i < static_cast<int>(scene.site.halls[h].coolers.size()); ++i)
      if (racks.count(scene.site.halls[h].coolers[i].rackId))
        d.coolers.insert({ h, i });
}

template <typename List, typename Entries>
void eraseDescending(List& (*listOf)(Scene&, const typename Entries::value_type&), Scene& scene,
                     const Entries& entries)
{
  for (auto it = entries.rbegin(); it != entries.rend(); ++it)
  {
    List& list = listOf(scene, *it);
    list.erase(list.begin() + it->index);
  }
}

} // namespace

EditResult applyDelete(Scene& scene, const DeleteObjects& edit)
{
  if (edit.ids.empty())
    fail("delete: \"ids\" is empty (expected rack, row, cooler or feed ids)");
  Doomed d;
  EditResult result;
  for (const std::string& id : edit.ids)
  {
    const ObjectRef ref = resolve(scene, id, "delete");
    if (ref.kind == ObjectKind::Rack)
      d.racks.insert({ ref.hall, ref.row, ref.rack });
    else if (ref.kind == ObjectKind::Row)
      d.rows.insert({ ref.hall, ref.row });
    else if (ref.kind == ObjectKind::Cooler)
      d.coolers.insert({ ref.hall, ref.item });
    else if (ref.kind == ObjectKind::Feed)
      d.feeds.insert({ ref.hall, ref.item });
    else
      fail("delete: " + id + " is a " + toString(ref.kind) +
           " (expected a rack, row, cooler or feed)");
    result.changes |= changesForKind(ref.kind);
  }
  addRearDoors(scene, d);
  if (!d.coolers.empty()) // rear doors leave with their racks
    result.changes |= changesForKind(ObjectKind::Cooler);
  // Record (ascending), then remove (descending) so indices stay valid.
  RestoreObjects restore;
  auto& halls = scene.site.halls;
  for (const auto& [h, r] : d.rows)
    restore.rows.push_back({ h, r, halls[h].rows[r] });
  for (const auto& [h, r, k] : d.racks)
    if (!d.rows.count({ h, r }))
      restore.racks.push_back({ h, r, k, halls[h].rows[r].racks[k] });
  for (const auto& [h, i] : d.coolers)
    restore.coolers.push_back({ h, i, halls[h].coolers[i] });
  for (const auto& [h, i] : d.feeds)
    restore.feeds.push_back({ h, i, halls[h].feeds[i] });
  using R = RestoreObjects;
  eraseDescending<std::vector<Rack>>(
    [](Scene & s, const R::RestoredRack& e) -> auto& {
      return s.site.halls[e.hall].rows[e.row].racks;
    },
    scene, restore.racks);
  eraseDescending<std::vector<Row>>(
    [](Scene & s, const R::RestoredRow& e) -> auto& { return s.site.halls[e.hall].rows; }, scene,
    restore.rows);
  eraseDescending<std::vector<CoolingUnit>>(
    [](Scene & s, const R::RestoredCooler& e) -> auto& { return s.site.halls[e.hall].coolers; },
    scene, restore.coolers);
  eraseDescending<std::vector<PowerFeed>>(
    [](Scene & s, const R::RestoredFeed& e) -> auto& { return s.site.halls[e.hall].feeds; }, scene,
    restore.feeds);
  result.changes.ids = edit.ids;
  result.inverse = std::move(restore);
  return result;
}

namespace
{

template <typename List>
void checkSlot(const List& list, int index, const std::string& what)
{
  if (index < 0 || index > static_cast<int>(list.size()))
  {
    fail("restore: " + what + " index " + std::to_string(index) + " is out of range 0–" +
         std::to_string(list.size()));
  }
}

/** Every index and id of `edit` is checked before anything is inserted (strong guarantee). */
void checkRestore(const Scene& scene, const RestoreObjects& edit, std::set<std::string>& taken)
{
  const auto& halls = scene.site.halls;
  auto hallOf = [&](int h) -> const Hall&
  {
    if (h < 0 || h >= static_cast<int>(halls.size()))
      fail("restore: hall index " + std::to_string(h) + " is out of range");
    return halls[h];
  };
  std::map<int, int> rowsAdded;
  for (const auto& r : edit.rows)
  {
    checkSlot(hallOf(r.hall).rows, r.index - rowsAdded[r.hall]++, "row");
    claimId(taken, r.row.id, "restore");
    for (const Rack& rack : r.row.racks)
      claimId(taken, rack.id, "restore");
  }
  for (const auto& k : edit.racks)
  {
    const int rows = static_cast<int>(hallOf(k.hall).rows.size()) + rowsAdded[k.hall];
    if (k.row < 0 || k.row >= rows)
      fail("restore: row index " + std::to_string(k.row) + " of " + k.rack.id + " is out of range");
    claimId(taken, k.rack.id, "restore");
  }
  for (const auto& c : edit.coolers)
  {
    hallOf(c.hall);
    claimId(taken, c.unit.id, "restore");
  }
  for (const auto& f : edit.feeds)
  {
    hallOf(f.hall);
    claimId(taken, f.feed.id, "restore");
  }
}

template <typename List, typename Item>
void insertClamped(List& list, int index, Item item)
{
  index = std::clamp(index, 0, static_cast<int>(list.size()));
  list.insert(list.begin() + index, std::move(item));
}

} // namespace

EditResult applyRestore(Scene& scene, const RestoreObjects& edit)
{
  // Undo must not be refused for geometry, so only ids and indices are checked here.
  std::set<std::string> taken = allIds(scene);
  checkRestore(scene, edit, taken);
  EditResult result;
  DeleteObjects inverse;
  auto note = [&](const std::string& id, ObjectKind kind)
  {
    inverse.ids.push_back(id);
    result.changes |= changesForKind(kind);
  };
  for (const auto& r : edit.rows)
  {
    insertClamped(scene.site.halls[r.hall].rows, r.index, r.row);
    note(r.row.id, ObjectKind::Row);
  }
  for (const auto& k : edit.racks)
  {
    insertClamped(scene.site.halls[k.hall].rows[k.row].racks, k.index, k.rack);
    note(k.rack.id, ObjectKind::Rack);
  }
  for (const auto& c : edit.coolers)
  {
    insertClamped(scene.site.halls[c.hall].coolers, c.index, c.unit);
    if (c.unit.kind != CoolerKind::RearDoor ||
        std::find(inverse.ids.begin(), inverse.ids.end(), c.unit.rackId) == inverse.ids.end())
      note(c.unit.id, ObjectKind::Cooler); // a rear door leaves again with its rack
  }
  for (const auto& f : edit.feeds)
  {
    insertClamped(scene.site.halls[f.hall].feeds, f.index, f.feed);
    note(f.feed.id, ObjectKind::Feed);
  }
  result.changes.ids = inverse.ids;
  result.createdIds = inverse.ids;
  result.inverse = std::move(inverse);
  return result;
}

} // namespace myriad::engine::edit::detail
