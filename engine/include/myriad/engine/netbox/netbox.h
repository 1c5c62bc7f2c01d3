#pragma once
/**
 * @file netbox.h
 * NetBox round trip: an inventory read from NetBox's REST API (live pages or a folder of saved
 * responses) becomes a Myriad scene, and a scene becomes what NetBox's bulk API and CSV import
 * take. docs/netbox.md explains the mapping.
 *
 * Reading is split so the engine never touches the network: the caller fetches each list page
 * (GET /api/<endpoint>/?limit=…) and hands its text to InventoryReader::addPage, which returns
 * the next page's URL; the app and the CLI do the HTTP (tools/netbox). Both NetBox 3.7 and 4.x
 * shapes are read (device_role → role, rack type → form_factor, choices as {value,label}, cable
 * a_terminations/b_terminations).
 *
 * Floor positions, in this order: the netbox-floorplan-plugin canvas, the rack custom fields
 * myriad_x_m / myriad_y_m / myriad_rotation_deg, else an automatic layout by location and
 * facility id, reported as assumed. Device types map to catalog parts through a parts map
 * (samples/netbox/parts-map.json, extendable by the user); unknown types become placeholder
 * parts sized by their NetBox u_height, their power taken from the power ports' maximum_draw.
 */

#include "myriad/engine/model.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::netbox
{

/** The list endpoints an import reads, in the order they are read. */
const std::vector<std::string>& importEndpoints();
/** Whether an import goes on without `endpoint` (404 or no file): power, plugin, status. */
bool endpointOptional(const std::string& endpoint);

struct NbSite
{
  long id = -1;
  std::string name, slug;
};

struct NbLocation
{
  long id = -1;
  std::string name, slug;
  long site = -1;
  std::map<std::string, std::string> customFields; ///< myriad_* fields as text
};

struct NbRack
{
  long id = -1;
  std::string name, facilityId, role, formFactor;
  long site = -1, location = -1;
  int uHeight = 42;
  double outerWidthM = 0, outerDepthM = 0; ///< 0 = not given
  /** myriad_x_m, myriad_y_m: the footprint centre in Myriad's frame (metres); myriad_rotation_deg:
   *  counter-clockwise seen from above, 0 = front facing +y (docs/netbox.md). */
  std::optional<double> xM, yM, rotationDeg;
  std::map<std::string, std::string> customFields; ///< every myriad_* field as text
};

struct NbDeviceType
{
  long id = -1;
  std::string manufacturer, model, slug;
  double uHeight = 1;
  double maximumDrawW = 0; ///< Σ maximum_draw of its power port templates
};

struct NbDevice
{
  long id = -1;
  std::string name, role;
  long deviceType = -1, site = -1, rack = -1;
  std::optional<double> position; ///< lowest rack unit; none = not racked
  std::string face;
  std::map<std::string, std::string> customFields; ///< myriad_* fields as text
};

struct NbInterface
{
  long id = -1;
  long device = -1;
  std::string name, type;
  bool mgmtOnly = false;
};

struct NbCable
{
  long id = -1;
  std::string type, label, status;
  std::optional<double> lengthM;
  std::vector<long> aInterfaces, bInterfaces; ///< interface ids of each end
  bool otherTerminations = false;             ///< an end is not an interface (front port, …)
};

struct NbPowerFeed
{
  long id = -1;
  std::string name;
  long panel = -1, rack = -1;
  double voltageV = 0, amperage = 0, maxUtilizationPct = 80;
  bool threePhase = false;
};

struct NbPowerPanel
{
  long id = -1;
  std::string name;
  long site = -1, location = -1;
};

/** A rack placed on the floor-plan plugin's canvas, converted to Myriad's frame. */
struct NbFloorPlacement
{
  long rack = -1;
  double xM = 0, yM = 0;  ///< footprint centre, metres (y up, seen from above)
  double rotationDeg = 0; ///< as myriad_rotation_deg: 0 = front facing +y, counter-clockwise
};

struct NbFloorplan
{
  long id = -1;
  long site = -1, location = -1;
  std::vector<NbFloorPlacement> racks;
};

/** Everything an import reads, normalised over the NetBox versions. */
struct Inventory
{
  std::string version; ///< "netbox-version" of /api/status/, "" when unknown
  std::vector<NbSite> sites;
  std::vector<NbLocation> locations;
  std::vector<NbRack> racks;
  std::vector<NbDeviceType> deviceTypes;
  std::vector<NbDevice> devices;
  std::vector<NbInterface> interfaces;
  std::vector<NbCable> cables;
  std::vector<NbPowerPanel> panels;
  std::vector<NbPowerFeed> feeds;
  std::vector<NbFloorplan> floorplans;
  std::vector<std::string> warnings; ///< objects skipped while reading, each named
};

/**
 * Collects list pages into an Inventory. Pages of one endpoint arrive in order; each is either
 * a NetBox list response {count, next, previous, results} or a bare array of objects.
 */
class InventoryReader
{
public:
  /**
   * Read one page of `endpoint` ("dcim/racks") from `text`; `source` names it in errors (URL
   * or file). Returns the next page's URL, "" for the last page. Throws LoadError naming the
   * source, the JSON path and the expected form (e.g. "/results/3/rack/id").
   */
  std::string addPage(const std::string& endpoint, const std::string& text,
                      const std::string& source);
  /** Read /api/status/ (the NetBox version). Throws LoadError. */
  void addStatus(const std::string& text, const std::string& source);
  const Inventory& inventory() const { return m_inventory; }
  Inventory take() { return std::move(m_inventory); }

private:
  Inventory m_inventory;
  std::map<long, double> m_drawByType; ///< power-port templates until device types are known
};

/** One device type ↔ catalog part pairing of a parts map. */
struct DeviceTypeMapping
{
  std::string slug;         ///< NetBox device type slug ("nvidia-dgx-h100")
  std::string manufacturer; ///< NetBox manufacturer name ("NVIDIA")
  std::string model;        ///< NetBox model name ("DGX H100")
  std::string part;         ///< catalog part id ("dgx-h100")
};

/**
 * Read an inventory from a folder of saved API responses: DIR/<endpoint>.json for each of
 * importEndpoints() (further pages as DIR/<endpoint>.2.json, .3.json, …) and DIR/status.json.
 * Throws LoadError naming the file; a missing required endpoint names the file expected.
 */
Inventory readInventoryFolder(const std::string& dir);

/** Device types → catalog parts, and device role slugs → what they become. */
struct PartsMap
{
  std::vector<DeviceTypeMapping> deviceTypes;
  std::vector<std::string> switchRoles; ///< role slugs imported as switches
  std::vector<std::string> skipRoles;   ///< role slugs not imported (PDUs, patch panels)

  /** The mapping of a NetBox type: by slug, else by manufacturer + model (case-blind). */
  const DeviceTypeMapping* forType(const std::string& slug, const std::string& manufacturer,
                                   const std::string& model) const;
  /** The first mapping naming catalog part `part`; nullptr when none. */
  const DeviceTypeMapping* forPart(const std::string& part) const;
};

/** The built-in map (samples/netbox/parts-map.json). */
const PartsMap& builtinPartsMap();
/** Parse a parts map file; LoadError names the file and key. */
PartsMap partsMapFromJson(const std::string& text, const std::string& fileName);
/** `base` with `overrides`' entries added or replacing (the user's map over the built-in). */
PartsMap mergePartsMaps(PartsMap base, const PartsMap& overrides);

struct ImportOptions
{
  std::string siteSlug; ///< "" = the only site with racks (error when several)
  PartsMap parts = builtinPartsMap();
};

/** A recorded cable whose NetBox length differs from Myriad's routed length. */
struct CableLengthDifference
{
  std::string cable; ///< recorded cable id
  double recordedM = 0;
  double routedM = 0;
};

struct ImportResult
{
  Scene scene;
  std::vector<std::string> warnings;     ///< each names the NetBox object type and id
  std::vector<std::string> placeholders; ///< device type slugs imported as placeholders
  /** Per hall (same order as scene halls): "floorplan", "custom-fields" or "assumed". */
  std::vector<std::string> positionSources;
  bool partial = false; ///< objects were skipped (see warnings)
  int racks = 0, devices = 0, cables = 0;
};

/** Build a scene from `inventory`. Throws SpecError when no site or several sites qualify. */
ImportResult importScene(const Inventory& inventory, const Catalog& catalog,
                         const ImportOptions& options = {});

/**
 * Compare each recorded cable with both ends placed in `scene` against Myriad's routed length
 * between the same two ports (fabric/cabling.h). Listed: a cable recorded shorter than the
 * route by more than `shortToleranceM` (it cannot reach; the route's slack is about 1 m), or
 * longer than longFactor · routed + longAllowanceM (more than the next stock length: cables come
 * in steps such as 3, 5, 7, 10, 15 m, so a 5.7 m route takes a 7 m cable).
 */
std::vector<CableLengthDifference> compareCableLengths(const Scene& scene, const Catalog& catalog,
                                                       double shortToleranceM = 1.0,
                                                       double longFactor = 1.5,
                                                       double longAllowanceM = 1.0);

/** What an export writes: bulk-API JSON and NetBox CSV import files, by file name. */
struct ExportFiles
{
  std::map<std::string, std::string> files; ///< "netbox-bulk.json", "racks.csv", …
  int racks = 0, devices = 0, interfaces = 0, cables = 0;
};

/**
 * Export `scene` for NetBox: sites, locations (one per hall), racks with the myriad_* custom
 * fields, devices with positions and faces, the interfaces cabled, and cables from the
 * fabric's routed plan (with length and type) plus the hall's recorded cables not in the plan.
 */
ExportFiles exportScene(const Scene& scene, const Catalog& catalog, const std::string& siteSlug);

} // namespace myriad::engine::netbox
