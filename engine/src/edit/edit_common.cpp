// Edit commands: dispatch, descriptions, merging, and the helpers every op shares (ids,
// placement checks, ChangeSets).
#include "edit/edit_internal.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <type_traits>

namespace myriad::engine::edit
{

const char* toString(DataKind kind)
{
  switch (kind)
  {
    case DataKind::Layout:
      return "layout";
    case DataKind::CoolerLayout:
      return "cooler-layout";
    case DataKind::Facing:
      return "facing";
    case DataKind::Devices:
      return "devices";
    case DataKind::RackModels:
      return "rack-models";
    case DataKind::SwitchSlots:
      return "switch-slots";
    case DataKind::RackPower:
      return "rack-power";
    case DataKind::RackCooling:
      return "rack-cooling";
    case DataKind::CoolingPlant:
      return "cooling-plant";
    case DataKind::Feeds:
      return "feeds";
    case DataKind::Names:
      return "names";
    case DataKind::Jobs:
      return "jobs";
    case DataKind::EconomicsInputs:
      return "economics-inputs";
    case DataKind::LoadLevel:
      return "load-level";
    case DataKind::RackLoad:
      return "rack-load";
    case DataKind::AirPorts:
      return "air-ports";
    case DataKind::FloorRating:
      return "floor-rating";
  }
  return "?";
}

std::vector<DataKind> DataKinds::list() const
{
  std::vector<DataKind> out;
  for (int i = 0; i < kDataKindCount; ++i)
    if (has(static_cast<DataKind>(i)))
      out.push_back(static_cast<DataKind>(i));
  return out;
}

ChangeSet& ChangeSet::operator|=(const ChangeSet& other)
{
  kinds.add(other.kinds);
  for (const auto& id : other.ids)
  {
    if (std::find(ids.begin(), ids.end(), id) == ids.end())
    {
      ids.push_back(id);
    }
  }
  return *this;
}

namespace detail
{

namespace
{
constexpr double kOverlapTolM = 1e-3; // boxes overlapping by 1 mm or less only touch
}

void fail(const std::string& message)
{
  throw EditError(message);
}

std::string twoDigits(int value)
{
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%02d", value);
  return buffer;
}

std::string metres(double value)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f m", value);
  return buffer;
}

std::string plural(std::size_t count, const std::string& noun)
{
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

ObjectRef resolve(const Scene& scene, const std::string& id, const std::string& op)
{
  const auto ref = findById(scene, id);
  if (!ref)
  {
    fail(op + ": no object with id \"" + id + "\" in the scene");
  }
  return *ref;
}

std::set<std::string> allIds(const Scene& scene)
{
  std::set<std::string> ids;
  for (const Hall& hall : scene.site.halls)
  {
    ids.insert(hall.id);
    for (const auto& cooler : hall.coolers)
      ids.insert(cooler.id);
    for (const auto& feed : hall.feeds)
      ids.insert(feed.id);
    for (const Row& row : hall.rows)
    {
      ids.insert(row.id);
      for (const Rack& rack : row.racks)
      {
        ids.insert(rack.id);
        for (const Node& node : rack.nodes)
          ids.insert(node.id);
        for (const Switch& sw : rack.switches)
          ids.insert(sw.id);
      }
    }
  }
  return ids;
}

void claimId(std::set<std::string>& taken, const std::string& id, const std::string& op)
{
  if (id.empty())
  {
    fail(op + ": an id must not be empty");
  }
  if (!taken.insert(id).second)
  {
    fail(op + ": id \"" + id + "\" is already used in the scene (ids must be unique)");
  }
}

std::vector<Footprint> hallFootprints(const Hall& hall, const Catalog& catalog,
                                      const std::set<std::string>& exclude)
{
  std::vector<Footprint> out;
  for (const Row& row : hall.rows)
  {
    for (const Rack& rack : row.racks)
    {
      if (!exclude.count(rack.id))
      {
        out.push_back({ rack.id, row.id, rackBox(rack, catalog) });
      }
    }
  }
  for (const auto& cooler : hall.coolers)
  {
    if (cooler.kind != CoolerKind::RearDoor && !exclude.count(cooler.id))
    {
      out.push_back({ cooler.id, {}, coolerBox(cooler, catalog) });
    }
  }
  return out;
}

namespace
{

void checkInsideHall(const Hall& hall, const Footprint& item, double clearance,
                     const std::string& op)
{
  const Box& b = item.box;
  const double margin = clearance - kOverlapTolM;
  if (b.x0 < margin || b.y0 < margin || b.x1 > hall.widthM - margin || b.y1 > hall.depthM - margin)
  {
    fail(op + ": " + item.id + " would " +
         (clearance > 0 ? "come closer than " + metres(clearance) + " to a wall of "
                        : std::string("leave ")) +
         "hall " + hall.id + ": it would span x " + metres(b.x0) + "–" + metres(b.x1) + ", y " +
         metres(b.y0) + "–" + metres(b.y1) + "; the hall is 0–" + metres(hall.widthM) + " by 0–" +
         metres(hall.depthM));
  }
}

void checkPair(const Footprint& a, const Footprint& b, double clearance, const std::string& op)
{
  const double ox = std::min(a.box.x1, b.box.x1) - std::max(a.box.x0, b.box.x0);
  const double oy = std::min(a.box.y1, b.box.y1) - std::max(a.box.y0, b.box.y0);
  if (ox > kOverlapTolM && oy > kOverlapTolM)
  {
    fail(op + ": " + a.id + " would overlap " + b.id + " by " + metres(ox) + " × " + metres(oy) +
         " on the floor");
  }
  if (clearance <= 0 || (!a.rowId.empty() && a.rowId == b.rowId))
  {
    return; // racks of one row stand side by side
  }
  const double gx = std::max(0.0, -ox);
  const double gy = std::max(0.0, -oy);
  const double gap = std::hypot(gx, gy);
  if (gap < clearance - kOverlapTolM)
  {
    fail(op + ": " + a.id + " would be " + metres(gap) + " from " + b.id + " (clearance " +
         metres(clearance) + ")");
  }
}

} // namespace

void checkPlacement(const Hall& hall, const std::vector<Footprint>& moving,
                    const std::vector<Footprint>& fixed, const ApplyOptions& options,
                    const std::string& op)
{
  if (!options.checkPlacement)
  {
    return;
  }
  for (const Footprint& item : moving)
  {
    checkInsideHall(hall, item, options.clearanceM, op);
    for (const Footprint& other : fixed)
    {
      checkPair(item, other, options.clearanceM, op);
    }
  }
}

ChangeSet changesForKind(ObjectKind kind)
{
  ChangeSet c;
  switch (kind)
  {
    case ObjectKind::Feed:
      c.add(DataKind::Feeds);
      break;
    case ObjectKind::Cooler:
      c.add({ DataKind::CoolerLayout, DataKind::CoolingPlant });
      break;
    default: // rows and racks: their footprints, contents, enclosures, caps, cooling and feeds
      c.add({ DataKind::Layout, DataKind::Devices, DataKind::RackModels, DataKind::RackPower,
              DataKind::RackCooling, DataKind::Feeds });
      break;
  }
  return c;
}

const Part& requirePart(const Catalog& catalog, const std::string& id, const std::string& category,
                        const std::string& what)
{
  const Part* part = catalog.find(id);
  if (part == nullptr || part->category != category)
  {
    std::string known;
    for (const auto& candidate : catalog.idsOf(category))
    {
      known += (known.empty() ? "" : ", ") + candidate;
    }
    fail(what + ": \"" + id + "\" is not a " + category +
         " of the catalog (expected one of: " + known + ")");
  }
  return *part;
}

int hallIndex(const Scene& scene, const std::string& hallId, const std::string& op)
{
  const auto& halls = scene.site.halls;
  for (int h = 0; h < static_cast<int>(halls.size()); ++h)
  {
    if (halls[h].id == hallId)
    {
      return h;
    }
  }
  fail(op + ": no hall with id \"" + hallId + "\"");
}

void renameRack(Rack& rack, const std::string& rackId, const Catalog& catalog)
{
  // "H1-R09-K01" → row and rack parts "r09", "k01" of the hostnames.
  std::string rowPart = "r00";
  std::string rackPart = "k00";
  std::size_t start = 0;
  while (start <= rackId.size())
  {
    const std::size_t end = std::min(rackId.find('-', start), rackId.size());
    std::string part = rackId.substr(start, end - start);
    std::transform(part.begin(), part.end(), part.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!part.empty() && part[0] == 'r')
      rowPart = part;
    if (!part.empty() && part[0] == 'k')
      rackPart = part;
    start = end + 1;
  }
  rack.id = rackId;
  for (std::size_t n = 0; n < rack.nodes.size(); ++n)
  {
    Node& node = rack.nodes[n];
    const Part* server = catalog.find(node.model);
    const std::string prefix = server && server->attributes.count("hostPrefix")
                                 ? server->attributes.at("hostPrefix")
                                 : std::string("node");
    node.id = rackId + "-N" + std::to_string(n + 1);
    node.hostname = prefix + "-" + rowPart + "-" + rackPart + "-n" + std::to_string(n + 1);
    for (auto& gpu : node.gpus)
    {
      gpu.uuid.clear(); // a new machine: telemetry reports its real UUIDs later
    }
  }
  for (std::size_t s = 0; s < rack.switches.size(); ++s)
  {
    rack.switches[s].id = rackId + "-S" + twoDigits(static_cast<int>(s) + 1);
  }
}

} // namespace detail

EditResult applyEdit(Scene& scene, const Catalog& catalog, const Edit& edit,
                     const ApplyOptions& options)
{
  using namespace detail;
  EditResult result = std::visit(
    [&](const auto& e) -> EditResult
    {
      using T = std::decay_t<decltype(e)>;
      if constexpr (std::is_same_v<T, MoveObjects>)
        return applyMove(scene, catalog, e, options);
      else if constexpr (std::is_same_v<T, RotateObjects>)
        return applyRotate(scene, e);
      else if constexpr (std::is_same_v<T, AddRow>)
        return applyAddRow(scene, catalog, e, options);
      else if constexpr (std::is_same_v<T, DeleteObjects>)
        return applyDelete(scene, e);
      else if constexpr (std::is_same_v<T, DuplicateObjects>)
        return applyDuplicate(scene, catalog, e, options);
      else if constexpr (std::is_same_v<T, SetProperty>)
        return applySet(scene, catalog, e, options);
      else if constexpr (std::is_same_v<T, AddCooler>)
        return applyAddCooler(scene, catalog, e, options);
      else if constexpr (std::is_same_v<T, AddFeed>)
        return applyAddFeed(scene, e);
      else if constexpr (std::is_same_v<T, SetEvaluation>)
        return applySetEvaluation(scene, catalog, e);
      else if constexpr (std::is_same_v<T, SetAirPorts>)
        return applySetAirPorts(scene, e);
      else
        return applyRestore(scene, e);
    },
    edit);
  result.description = describeEdit(edit);
  return result;
}

namespace
{

std::string offset(double dx, double dy)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "(%.2f, %.2f) m", dx, dy);
  return buffer;
}

std::string objects(const std::vector<std::string>& ids)
{
  return ids.size() == 1 ? ids.front() : detail::plural(ids.size(), "object");
}

} // namespace

std::string describeEdit(const Edit& edit)
{
  return std::visit(
    [](const auto& e) -> std::string
    {
      using T = std::decay_t<decltype(e)>;
      if constexpr (std::is_same_v<T, MoveObjects>)
        return "Move " + objects(e.ids) + " by " + offset(e.dxM, e.dyM);
      else if constexpr (std::is_same_v<T, RotateObjects>)
        return "Rotate " + objects(e.ids);
      else if constexpr (std::is_same_v<T, AddRow>)
        return "Add a row of " + detail::plural(e.rackCount, "rack") + " to " + e.hallId;
      else if constexpr (std::is_same_v<T, DeleteObjects>)
        return "Delete " + objects(e.ids);
      else if constexpr (std::is_same_v<T, DuplicateObjects>)
        return "Duplicate " + objects(e.ids) + " at " + offset(e.dxM, e.dyM);
      else if constexpr (std::is_same_v<T, SetProperty>)
        return "Set " + e.key + " of " + e.id;
      else if constexpr (std::is_same_v<T, AddCooler>)
        return "Add cooler " + (e.unit.id.empty() ? e.unit.model : e.unit.id) + " to " + e.hallId;
      else if constexpr (std::is_same_v<T, AddFeed>)
        return "Add feed " + (e.feed.id.empty() ? e.feed.name : e.feed.id) + " to " + e.hallId;
      else if constexpr (std::is_same_v<T, SetEvaluation>)
        return detail::describeEvaluationEdit(e);
      else if constexpr (std::is_same_v<T, SetAirPorts>)
        return "Set " + detail::plural(e.tiles.size(), "floor tile") + " and " +
               detail::plural(e.grilles.size(), "return grille") + " of " + e.hallId;
      else
        return "Restore " +
               detail::plural(e.rows.size() + e.racks.size() + e.coolers.size() + e.feeds.size(),
                              "object");
    },
    edit);
}

bool mergeEdits(Edit& previous, const Edit& next)
{
  auto* first = std::get_if<MoveObjects>(&previous);
  const auto* second = std::get_if<MoveObjects>(&next);
  if (first == nullptr || second == nullptr || first->ids != second->ids)
  {
    return false;
  }
  first->dxM += second->dxM;
  first->dyM += second->dyM;
  // Inverses of a drag: the first one's exact positions are the ones before the drag.
  for (const PlacedAt& at : second->exactXY)
  {
    const bool known = std::any_of(first->exactXY.begin(), first->exactXY.end(),
                                   [&](const PlacedAt& p) { return p.id == at.id; });
    if (!known)
    {
      first->exactXY.push_back(at);
    }
  }
  return true;
}

} // namespace myriad::engine::edit
