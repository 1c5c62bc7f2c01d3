// The set-air-ports edit: replaces a hall's placed floor tiles and ceiling return grilles as a
// whole (edit.h). Checked before the scene changes: ids unique in the scene and among the ports,
// every port inside the hall, tiles only over a raised floor. Field ranges were checked when the
// edit was read (the scene reader's tables); an edit built in code is checked here as well.
#include "edit/edit_internal.h"

#include "myriad/engine/fields.h"
#include "myriad/engine/query.h"

#include <cstdio>
#include <set>

namespace myriad::engine::edit::detail
{

namespace
{

std::string metres(double v)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.2f m", v);
  return text;
}

/** The port's footprint must lie inside the hall (to 1 mm). */
void checkInside(const Hall& hall, const std::string& what, const std::string& id, double x,
                 double y, double w, double d)
{
  constexpr double kSlackM = 1e-3;
  if (x < -kSlackM || y < -kSlackM || x + w > hall.widthM + kSlackM ||
      y + d > hall.depthM + kSlackM)
    throw EditError("set-air-ports: " + what + " " + id + " spans x " + metres(x) + "–" +
                    metres(x + w) + ", y " + metres(y) + "–" + metres(y + d) + ", outside hall " +
                    hall.id + " (0–" + metres(hall.widthM) + " by 0–" + metres(hall.depthM) + ")");
}

/** A table row's range check for an edit built in code (files and JSON edits are read by the
 *  scene reader, which checks the same rows). */
template <typename Port>
void checkRanges(const std::vector<fields::Field<Port>>& table, const Port& port,
                 const std::string& what)
{
  for (const auto& f : table)
  {
    if (f.type != fields::Type::Number)
      continue;
    const double v = std::get<double>(f.get(port));
    if (!(v >= f.minimum && v <= f.maximum))
      throw EditError("set-air-ports: " + what + " " + port.id + ": " + f.key + " = " +
                      std::to_string(v) + " (expected " +
                      fields::rangeText(f.minimum, f.maximum, f.unit) + ")");
  }
}

void checkId(const Scene& scene, const Hall& hall, const std::string& id, const std::string& what,
             std::set<std::string>& seen)
{
  if (id.empty())
    throw EditError("set-air-ports: a " + what + " without an id");
  if (!seen.insert(id).second)
    throw EditError("set-air-ports: id \"" + id + "\" is used twice");
  if (findById(scene, id).has_value())
    throw EditError("set-air-ports: id \"" + id + "\" is already used by another object");
  for (const Hall& other : scene.site.halls)
  {
    if (other.id == hall.id)
      continue;
    for (const FloorTile& t : other.tiles)
      if (t.id == id)
        throw EditError("set-air-ports: id \"" + id + "\" is a tile of hall " + other.id);
    for (const ReturnGrille& g : other.grilles)
      if (g.id == id)
        throw EditError("set-air-ports: id \"" + id + "\" is a grille of hall " + other.id);
  }
}

} // namespace

EditResult applySetAirPorts(Scene& scene, const SetAirPorts& edit)
{
  Hall& hall = scene.site.halls[hallIndex(scene, edit.hallId, "set-air-ports")];
  if (!edit.tiles.empty() && hall.raisedFloorM <= 0)
    throw EditError("set-air-ports: hall " + hall.id +
                    " has no raised floor (raisedFloorM = 0); floor tiles need a floor plenum");
  std::set<std::string> seen;
  for (const FloorTile& tile : edit.tiles)
  {
    checkId(scene, hall, tile.id, "floor tile", seen);
    checkRanges(fields::tileFields(), tile, "floor tile");
    checkInside(hall, "floor tile", tile.id, tile.xM, tile.yM, tile.widthM, tile.depthM);
  }
  for (const ReturnGrille& grille : edit.grilles)
  {
    checkId(scene, hall, grille.id, "return grille", seen);
    checkRanges(fields::grilleFields(), grille, "return grille");
    checkInside(hall, "return grille", grille.id, grille.xM, grille.yM, grille.widthM,
                grille.depthM);
  }
  EditResult result;
  result.inverse = SetAirPorts{ hall.id, hall.tiles, hall.grilles };
  hall.tiles = edit.tiles;
  hall.grilles = edit.grilles;
  result.changes.add(DataKind::AirPorts);
  result.changes.ids.push_back(hall.id);
  return result;
}

} // namespace myriad::engine::edit::detail
