// Edits that create objects: add-row, duplicate, add-cooler, add-feed. New ids follow the
// generator's scheme (H1-R09, H1-R09-K01, H1-R09-K01-N1, dgx-r09-k01-n1, H1-AH04, H1-F03A).
#include "edit/edit_internal.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace myriad::engine::edit::detail
{

namespace
{

/** Number right after the last `marker` in `id` ("H1-R09" with "-R" → 9, "H1-F01A" with "-F" →
 *  1); 0 when none. */
int trailingNumber(const std::string& id, const std::string& marker)
{
  const std::size_t at = id.rfind(marker);
  if (at == std::string::npos)
    return 0;
  const std::size_t start = at + marker.size();
  const std::size_t end = id.find_first_not_of("0123456789", start);
  const std::string digits = id.substr(start, end == std::string::npos ? end : end - start);
  return digits.empty() || digits.size() > 6 ? 0 : std::atoi(digits.c_str());
}

/** The next free row id of a hall: H1-R<max + 1>. */
std::string nextRowId(const Hall& hall)
{
  int highest = 0;
  for (const Row& row : hall.rows)
    highest = std::max(highest, trailingNumber(row.id, "-R"));
  return hall.id + "-R" + twoDigits(highest + 1);
}

/** Row id for AddRow: "R09" → "H1-R09"; any other name → the next free number. */
std::string rowIdFor(const Hall& hall, const std::string& name)
{
  const bool numbered = name.size() > 1 && name[0] == 'R' &&
                        name.find_first_not_of("0123456789", 1) == std::string::npos;
  return numbered ? hall.id + "-" + name : nextRowId(hall);
}

Rack newRack(const Catalog& catalog, const AddRow& edit, const Part& rackPart, double x)
{
  Rack rack;
  rack.model = rackPart.id;
  rack.kind = edit.kind;
  rack.xM = x;
  rack.yM = edit.yM;
  rack.facing = edit.facing;
  rack.cooling = edit.cooling;
  rack.powerCapW = rackPart.valueOr("powerCapW", 0);
  rack.feeds = edit.feeds;
  if (edit.nodesPerRack <= 0)
    return rack;
  const Part& server = catalog.part(edit.serverModel);
  const int height = std::max(1, partHeightU(server.id, catalog));
  const int gpus = static_cast<int>(server.valueOr("gpus", 8));
  const int rails = static_cast<int>(server.valueOr("computeNics", 8));
  int slot = 2; // U1 is left for cable management and the PDU inlets, as the generator does
  for (int n = 0; n < edit.nodesPerRack; ++n)
  {
    Node node;
    node.model = server.id;
    node.slotU = slot;
    for (int g = 0; g < gpus; ++g)
      node.gpus.push_back({ g, {} });
    for (int r = 0; r < rails; ++r)
      node.nics.push_back({ r, r }); // no scalable unit yet: the fabric reports them uncabled
    rack.nodes.push_back(std::move(node));
    slot += height;
  }
  return rack;
}

void checkAddRow(const Catalog& catalog, const AddRow& edit, const Hall& hall, const Part& rackPart)
{
  if (edit.rackCount < 1 || edit.rackCount > 1000)
    fail("add-row: racks = " + std::to_string(edit.rackCount) + " (expected 1 to 1000)");
  if (edit.nodesPerRack < 0)
    fail("add-row: nodesPerRack must be ≥ 0");
  if (edit.nodesPerRack > 0)
  {
    if (edit.serverModel.empty())
      fail("add-row: nodesPerRack = " + std::to_string(edit.nodesPerRack) + " needs a serverModel");
    const Part& server = requirePart(catalog, edit.serverModel, "server", "add-row: serverModel");
    const int units = static_cast<int>(rackPart.valueOr("units", 48));
    const int needed = 1 + edit.nodesPerRack * std::max(1, partHeightU(server.id, catalog));
    if (needed > units)
      fail("add-row: " + std::to_string(edit.nodesPerRack) + " × " + server.id + " need U1–U" +
           std::to_string(needed) + ", rack " + rackPart.id + " has " + std::to_string(units) +
           " U");
  }
  for (const std::string& feed : edit.feeds)
  {
    const bool known = std::any_of(hall.feeds.begin(), hall.feeds.end(),
                                   [&](const PowerFeed& f) { return f.id == feed; });
    if (!known)
      fail("add-row: feed \"" + feed + "\" is not a feed of hall " + hall.id);
  }
}

/** The rack model of AddRow: the edit's, else the one of the hall's first rack, else any. */
const Part& rackPartFor(const Catalog& catalog, const AddRow& edit, const Hall& hall)
{
  std::string model = edit.rackModel;
  for (const Row& row : hall.rows)
    if (model.empty() && !row.racks.empty())
      model = row.racks.front().model;
  if (model.empty() && !catalog.idsOf("rack").empty())
    model = catalog.idsOf("rack").front();
  return requirePart(catalog, model, "rack", "add-row: rackModel");
}

EditResult created(std::vector<std::string> ids, ChangeSet changes)
{
  EditResult result;
  changes.ids = ids;
  result.changes = std::move(changes);
  result.createdIds = ids;
  result.inverse = DeleteObjects{ std::move(ids) };
  return result;
}

} // namespace

EditResult applyAddRow(Scene& scene, const Catalog& catalog, const AddRow& edit,
                       const ApplyOptions& options)
{
  Hall& hall = scene.site.halls[hallIndex(scene, edit.hallId, "add-row")];
  const Part& rackPart = rackPartFor(catalog, edit, hall);
  checkAddRow(catalog, edit, hall, rackPart);
  std::set<std::string> taken = allIds(scene);
  Row row;
  row.id = rowIdFor(hall, edit.name);
  row.name = edit.name.empty() ? "Row " + std::to_string(trailingNumber(row.id, "-R")) : edit.name;
  claimId(taken, row.id, "add-row");
  const double pitch = rackPart.valueOr("widthM", 0.6);
  std::vector<Footprint> moving;
  for (int k = 0; k < edit.rackCount; ++k)
  {
    Rack rack = newRack(catalog, edit, rackPart, edit.xM + k * pitch);
    renameRack(rack, row.id + "-K" + twoDigits(k + 1), catalog);
    claimId(taken, rack.id, "add-row");
    moving.push_back({ rack.id, row.id, rackBox(rack, catalog) });
    row.racks.push_back(std::move(rack));
  }
  checkPlacement(hall, moving, hallFootprints(hall, catalog, {}), options, "add-row");
  const std::string rowId = row.id;
  hall.rows.push_back(std::move(row));
  return created({ rowId }, changesForKind(ObjectKind::Row));
}

namespace
{

/** A duplicate built aside: racks for row `row` of `hall` (−1: a new row), their footprints. */
struct Copy
{
  int hall = -1;
  int row = -1;
  Row newRow;
  std::vector<Footprint> footprints;
};

/**
 * Copy of the rack or row `ref`, offset by (dx, dy), with fresh ids claimed in `taken`. `serial`
 * counts the copies this edit made before into the same hall (rows) or row (racks).
 */
Copy copyOf(const Scene& scene, const Catalog& catalog, const ObjectRef& ref,
            const DuplicateObjects& edit, int serial, std::set<std::string>& taken)
{
  const Hall& hall = scene.site.halls[ref.hall];
  const Row& source = hall.rows[ref.row];
  const bool row = ref.kind == ObjectKind::Row;
  Copy copy{ ref.hall, row ? -1 : ref.row, {}, {} };
  std::string rowId = source.id;
  int firstRack = 0;
  if (row)
  {
    rowId = hall.id + "-R" + twoDigits(trailingNumber(nextRowId(hall), "-R") + serial);
    copy.newRow.id = rowId;
    copy.newRow.name = source.name + " (copy)";
    copy.newRow.racks = source.racks;
    claimId(taken, rowId, "duplicate");
  }
  else
  {
    for (const Rack& rack : source.racks)
      firstRack = std::max(firstRack, trailingNumber(rack.id, "-K"));
    firstRack += serial;
    copy.newRow.racks = { source.racks[ref.rack] };
  }
  for (std::size_t k = 0; k < copy.newRow.racks.size(); ++k)
  {
    Rack& rack = copy.newRow.racks[k];
    rack.xM += edit.dxM;
    rack.yM += edit.dyM;
    renameRack(rack, rowId + "-K" + twoDigits(row ? static_cast<int>(k) + 1 : firstRack + 1),
               catalog);
    claimId(taken, rack.id, "duplicate");
    for (const Node& node : rack.nodes)
      claimId(taken, node.id, "duplicate");
    for (const Switch& sw : rack.switches)
      claimId(taken, sw.id, "duplicate");
    copy.footprints.push_back({ rack.id, rowId, rackBox(rack, catalog) });
  }
  return copy;
}

} // namespace

EditResult applyDuplicate(Scene& scene, const Catalog& catalog, const DuplicateObjects& edit,
                          const ApplyOptions& options)
{
  if (edit.ids.empty())
    fail("duplicate: \"ids\" is empty (expected rack or row ids)");
  std::set<std::string> taken = allIds(scene);
  std::vector<Copy> copies;
  std::map<std::pair<int, int>, int> serials; // (hall, −1) for rows, (hall, row) for racks
  std::map<int, std::vector<Footprint>> fixed;
  std::vector<std::string> ids;
  for (const std::string& id : edit.ids)
  {
    const ObjectRef ref = resolve(scene, id, "duplicate");
    if (ref.kind != ObjectKind::Rack && ref.kind != ObjectKind::Row)
      fail("duplicate: " + id + " is a " + toString(ref.kind) + " (expected a rack or row)");
    const bool row = ref.kind == ObjectKind::Row;
    Copy copy =
      copyOf(scene, catalog, ref, edit, serials[{ ref.hall, row ? -1 : ref.row }]++, taken);
    // Each copy must fit beside the scene and beside the copies made before it.
    const Hall& hall = scene.site.halls[ref.hall];
    if (!fixed.count(ref.hall))
      fixed[ref.hall] = hallFootprints(hall, catalog, {});
    checkPlacement(hall, copy.footprints, fixed[ref.hall], options, "duplicate");
    auto& others = fixed[ref.hall];
    others.insert(others.end(), copy.footprints.begin(), copy.footprints.end());
    if (row)
      ids.push_back(copy.newRow.id);
    else
      ids.push_back(copy.newRow.racks.front().id);
    copies.push_back(std::move(copy));
  }
  for (Copy& copy : copies)
  {
    Hall& hall = scene.site.halls[copy.hall];
    if (copy.row < 0)
      hall.rows.push_back(std::move(copy.newRow));
    else
      for (Rack& rack : copy.newRow.racks)
        hall.rows[copy.row].racks.push_back(std::move(rack));
  }
  return created(std::move(ids), changesForKind(ObjectKind::Rack));
}

EditResult applyAddCooler(Scene& scene, const Catalog& catalog, const AddCooler& edit,
                          const ApplyOptions& options)
{
  Hall& hall = scene.site.halls[hallIndex(scene, edit.hallId, "add-cooler")];
  CoolingUnit unit = edit.unit;
  requirePart(catalog, unit.model, "cooler", "add-cooler: model");
  if (unit.supplySetpointC < 5 || unit.supplySetpointC > 40)
    fail("add-cooler: setpoint " + std::to_string(unit.supplySetpointC) +
         " °C is out of range (expected 5 to 40 °C)");
  std::set<std::string> taken = allIds(scene);
  if (unit.id.empty())
  {
    const bool cdu = unit.kind == CoolerKind::Cdu;
    int highest = 0;
    for (const auto& c : hall.coolers)
      highest = std::max(highest, trailingNumber(c.id, cdu ? "-CDU" : "-AH"));
    unit.id = hall.id + (cdu ? "-CDU" : "-AH") + twoDigits(highest + 1);
  }
  claimId(taken, unit.id, "add-cooler");
  if (unit.kind == CoolerKind::RearDoor)
  {
    const auto ref = findById(scene, unit.rackId);
    if (!ref || ref->kind != ObjectKind::Rack)
      fail("add-cooler: a rear door needs \"rackId\", the id of a rack (got \"" + unit.rackId +
           "\")");
  }
  else
  {
    checkPlacement(hall, { { unit.id, {}, coolerBox(unit, catalog) } },
                   hallFootprints(hall, catalog, {}), options, "add-cooler");
  }
  const std::string id = unit.id;
  hall.coolers.push_back(std::move(unit));
  return created({ id }, changesForKind(ObjectKind::Cooler));
}

EditResult applyAddFeed(Scene& scene, const AddFeed& edit)
{
  Hall& hall = scene.site.halls[hallIndex(scene, edit.hallId, "add-feed")];
  PowerFeed feed = edit.feed;
  if (!(feed.capacityW >= 0) || !(feed.voltageV > 0))
    fail("add-feed: capacityW must be ≥ 0 W and voltageV > 0 V");
  std::set<std::string> taken = allIds(scene);
  if (feed.id.empty())
  {
    int highest = 0;
    for (const auto& f : hall.feeds)
      highest = std::max(highest, trailingNumber(f.id, "-F"));
    feed.id = hall.id + "-F" + twoDigits(highest + 1);
  }
  claimId(taken, feed.id, "add-feed");
  if (feed.name.empty())
    feed.name = feed.id;
  const std::string id = feed.id;
  hall.feeds.push_back(std::move(feed));
  return created({ id }, changesForKind(ObjectKind::Feed));
}

} // namespace myriad::engine::edit::detail
