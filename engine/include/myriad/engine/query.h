#pragma once
/**
 * @file query.h
 * Read-only questions about a scene: counts, power, geometry of racks, lookup by id, and the
 * property list shown for a selected object. Shared by the CLI, the scenes layer and the app.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/text.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace myriad::engine
{

class Catalog;

/** What kind of object an ObjectRef points at. */
enum class ObjectKind
{
  None,
  Site,
  Hall,
  Row,
  Rack,
  Node,
  Gpu,
  Switch,
  Cooler,
  Feed
};
const char* toString(ObjectKind kind);

/** Index path to an object in a scene; unused indices are −1. */
struct ObjectRef
{
  ObjectKind kind = ObjectKind::None;
  int hall = -1;
  int row = -1;
  int rack = -1;
  int node = -1; ///< node index in rack (Node, Gpu)
  int item = -1; ///< GPU index in node, switch index in rack, cooler or feed index in hall
  bool valid() const { return kind != ObjectKind::None; }
  bool operator==(const ObjectRef&) const = default;
};

/** Totals over a scene. IT power is the sum of catalog maximum power of nodes and switches. */
struct SceneCounts
{
  int halls = 0;
  int rows = 0;
  int racks = 0;
  int computeRacks = 0;
  int networkRacks = 0;
  int nodes = 0;
  int gpus = 0;
  int nics = 0;
  int switches = 0;
  int coolers = 0;
  int feeds = 0;
  double itPowerW = 0;
  double coolingCapacityW = 0;
  double feedCapacityW = 0;
};
SceneCounts countScene(const Scene& scene, const Catalog& catalog);

/**
 * The scene with only the halls of site `siteId` (Hall::site), without sites and links: one
 * site of a multi-site scene, whose fabric, hall and job the single-site models evaluate.
 */
Scene siteSubScene(const Scene& scene, const std::string& siteId);

/** Axis-aligned box in the world frame. */
struct Box
{
  double x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 0;
  bool operator==(const Box&) const = default;
};

/** Rack enclosure size from its catalog part (width along X, depth along Y, height). */
struct RackSize
{
  double widthM = 0.6;
  double depthM = 1.2;
  double heightM = 2.2;
  int units = 48;
};
RackSize rackSize(const Rack& rack, const Catalog& catalog);
Box rackBox(const Rack& rack, const Catalog& catalog);
/** Box of a node or switch inside its rack: U slots from the bottom, 44.45 mm per U. */
Box slotBox(const Rack& rack, int slotU, int heightU, const Catalog& catalog);
Box coolerBox(const CoolingUnit& cooler, const Catalog& catalog);
/** Height in rack units of a catalog part (servers and switches). */
int partHeightU(const std::string& partId, const Catalog& catalog);

/** Maximum power of a rack in W: its given power (Rack::powerW) when set, else its nodes and
 *  switches at their catalog maximum. */
double rackPowerW(const Rack& rack, const Catalog& catalog);

/** Racks of `hall` with a given power (Rack::powerW > 0), which the utilisation does not scale. */
int racksWithGivenPower(const Hall& hall);
/** " at 80 % utilisation", plus " (16 racks at their given power)" where the hall has such
 *  racks: the load a finding was evaluated at, as the messages quote it. */
std::string loadText(const Hall& hall, double utilisation);
/** loadText as a pattern to translate (text.h). */
Text loadPhrase(const Hall& hall, double utilisation);

/** Find an object by id (hall, row, rack, node, GPU, switch, cooler, feed). */
std::optional<ObjectRef> findById(const Scene& scene, const std::string& id);
/** The id of the object `ref` points at (GPUs: node id + "-G" + index). */
std::string idOf(const Scene& scene, const ObjectRef& ref);
/** Property list (name, value with unit) of the object, for the properties view and the CLI. */
std::vector<std::pair<std::string, std::string>> describe(const Scene& scene, const ObjectRef& ref,
                                                          const Catalog& catalog);

} // namespace myriad::engine
