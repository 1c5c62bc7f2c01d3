#pragma once
/**
 * @file model.h
 * The Myriad scene data model: Site → Hall → Row → Rack → Node → GPU/NIC, switches in racks,
 * cooling units and power feeds.
 *
 * World frame (declared once, used everywhere): metres, Z up, origin at a floor corner of the
 * hall, X along the rows, Y across them. A rack's position is the corner of its floor footprint
 * with the smallest X and Y; rack units are counted from the bottom, starting at 1.
 * Units: power W, temperature °C, airflow m³/s, liquid flow L/min, bandwidth bit/s, money in the
 * scene's currency. Names carry their unit where it helps.
 */

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{

/** What a rack is for; drives colours, validation and which models read it. */
enum class RackKind
{
  Compute,
  Network,
  Storage,
  Power,
  Cooling
};

/** The direction the rack's front (air intake) faces: +Y or −Y. Exhaust is the opposite face. */
enum class Facing
{
  PlusY,
  MinusY
};

/**
 * How the heat leaves a rack: air (fans into the room), liquid (direct-to-chip cold plates on a
 * CDU loop; the rest by air) or immersion (the servers sit in a tank of dielectric fluid whose
 * heat exchanger hands almost all heat to facility water; the rack's model is a tank).
 */
enum class CoolingStyle
{
  Air,
  Liquid,
  Immersion
};

/** Cooling-unit kinds (perimeter computer-room air handler, in-row, rear-door, coolant dist.). */
enum class CoolerKind
{
  Crah,
  InRow,
  RearDoor,
  Cdu
};

/** Where a rack's given power figure (Rack::powerW) comes from; the figure is used as given. */
enum class PowerSource
{
  Measured, ///< metered at the PDUs or the busway
  Budget,   ///< the power the design allots to the rack
  Nameplate ///< the sum of the equipment's nameplate ratings
};

/** Aisle containment in a hall. */
enum class Containment
{
  None,
  HotAisle,
  ColdAisle,
  ColdAisleDoors ///< doors closing the ends of the cold aisles, top open (partial containment)
};

/**
 * Where leaf switches go (spines and cores always sit in the central network row): per-su, one
 * leaf rack inside each scalable unit; end-of-row / middle-of-row, the leaf racks of a row's
 * SUs at its east end / in its middle; central-row, every leaf in the central network row.
 */
enum class SwitchPlacement
{
  PerScalableUnit,
  EndOfRow,
  MiddleOfRow,
  CentralRow
};

/** Redundancy of a power feed. */
enum class Redundancy
{
  N,
  NPlus1,
  TwoN
};

/** One GPU in a node, identified by its index inside the node. */
struct Gpu
{
  int index = 0;    ///< 0-based index inside the node (nvidia-smi order)
  std::string uuid; ///< GPU UUID as telemetry reports it ("GPU-…"); may be empty
  bool operator==(const Gpu&) const = default;
};

/** One network adapter of a node; `rail` is the fabric rail it plugs into (−1: none). */
struct Nic
{
  int index = 0;
  int rail = -1;
  bool operator==(const Nic&) const = default;
};

/** A server in a rack. GPU and NIC models come from the server's catalog entry. */
struct Node
{
  std::string id;        ///< unique in the scene, e.g. "H1-R03-K07-N2"
  std::string hostname;  ///< name as telemetry reports it, e.g. "dgx-r03-k07-n2"
  std::string model;     ///< catalog id of the server ("dgx-h100")
  int slotU = 1;         ///< lowest rack unit occupied (1 = bottom)
  int scalableUnit = -1; ///< fabric scalable unit (SU) this node belongs to, −1 if none
  std::vector<Gpu> gpus;
  std::vector<Nic> nics;
  bool operator==(const Node&) const = default;
};

/** Role of a switch in the fabric. */
enum class SwitchRole
{
  Leaf,
  Spine,
  Core,
  Management,
  NvLink
};

/** A network switch mounted in a rack. */
struct Switch
{
  std::string id;
  std::string model; ///< catalog id ("qm9700")
  SwitchRole role = SwitchRole::Leaf;
  int slotU = 1;
  int scalableUnit = -1; ///< SU of a leaf, −1 for spine/core
  int rail = -1;         ///< rail of a leaf, −1 when not rail-bound
  int group = -1;        ///< spine group / core group index, −1 if none
  bool operator==(const Switch&) const = default;
};

/** A rack: floor footprint, orientation, contents and power budget. */
struct Rack
{
  std::string id;
  std::string model; ///< catalog id of the rack enclosure ("rack-48u-600x1200")
  RackKind kind = RackKind::Compute;
  double xM = 0; ///< footprint corner, world frame
  double yM = 0;
  Facing facing = Facing::PlusY;
  CoolingStyle cooling = CoolingStyle::Air;
  double powerCapW = 0; ///< power the rack's PDUs can deliver (0 = unlimited)
  /** The rack's power as given (W), used instead of its contents' catalog power at the scene's
   *  utilisation (which then does not scale it); 0 = from its contents. */
  double powerW = 0;
  PowerSource powerSource = PowerSource::Budget; ///< what powerW is (when > 0)
  /** The rack's airflow as given (m³/s), e.g. its servers' fan flow; 0 = heat / (ρ·c_p·ΔT). */
  double airflowM3s = 0;
  std::vector<std::string> feeds; ///< ids of the power feeds (A/B) that serve this rack
  std::vector<Node> nodes;
  std::vector<Switch> switches;
  bool operator==(const Rack&) const = default;
};

/** A row of racks along X. */
struct Row
{
  std::string id;
  std::string name;
  std::vector<Rack> racks;
  bool operator==(const Row&) const = default;
};

/** A cooling unit. Position and size follow the world frame; `rackId` for a rear door. */
struct CoolingUnit
{
  std::string id;
  std::string model; ///< catalog id
  CoolerKind kind = CoolerKind::Crah;
  double xM = 0;
  double yM = 0;
  Facing facing = Facing::PlusY; ///< direction its supply air leaves
  double supplySetpointC = 18;   ///< supply air (or coolant) temperature
  std::string rackId;            ///< served rack for rear doors, empty otherwise
  /** Air the unit moves as set (fan speed / VFD), m³/s; 0 = the catalog airflow. */
  double airflowM3s = 0;
  bool operator==(const CoolingUnit&) const = default;
};

/** A power feed (utility → switchgear/UPS → busway) with its rating. */
struct PowerFeed
{
  std::string id;
  std::string name;
  double capacityW = 0;
  Redundancy redundancy = Redundancy::N;
  double voltageV = 415;
  bool operator==(const PowerFeed&) const = default;
};

/**
 * A perforated floor tile of a raised floor: the perimeter units' supply leaves the plenum
 * through the hall's tiles. Without tiles the model assumes a band of tiles in front of every
 * powered rack (docs/models/thermal.md, "Supplies and returns").
 */
struct FloorTile
{
  std::string id;
  double xM = 0; ///< corner, world frame (m)
  double yM = 0;
  double widthM = 0.6;     ///< along X
  double depthM = 0.6;     ///< along Y
  double openAreaPct = 25; ///< free area of the tile, % (flow share at uniform plenum pressure)
  double flowM3s = 0;      ///< measured flow (m³/s); 0 = its share of the supply by open area
  bool operator==(const FloorTile&) const = default;
};

/** A return grille in the ceiling: with grilles, the perimeter units draw their return air
 *  through them (a ceiling plenum ducted to the units) instead of at the unit. */
struct ReturnGrille
{
  std::string id;
  double xM = 0; ///< corner, world frame (m)
  double yM = 0;
  double widthM = 0.6;
  double depthM = 0.6;
  bool operator==(const ReturnGrille&) const = default;
};

/**
 * A cable as an inventory records it (NetBox import): two device ports, the cable type and the
 * recorded length. Myriad's fabric model routes its own cables; recorded ones are kept to compare
 * their lengths with Myriad's routes and to export them again (docs/netbox.md).
 */
struct RecordedCable
{
  std::string id;      ///< unique in the scene, e.g. "nb-cable-17"
  std::string aDevice; ///< node or switch id at the A end
  std::string aPort;   ///< interface name at the A end ("ib0", "p12")
  std::string bDevice;
  std::string bPort;
  std::string type;   ///< inventory cable type ("mmf", "dac-passive"); may be empty
  double lengthM = 0; ///< recorded length in metres; 0 = none recorded
  std::string label;
  bool operator==(const RecordedCable&) const = default;
};

/** One data hall. Dimensions are the inside of the walls. */
struct Hall
{
  std::string id;
  std::string name;
  /** Id of the scene site (Scene::sites) the hall stands at; "" in a scene without sites. */
  std::string site;
  double widthM = 0;       ///< along X
  double depthM = 0;       ///< along Y
  double heightM = 0;      ///< floor to ceiling
  double raisedFloorM = 0; ///< plenum depth under the floor, 0 for slab
  Containment containment = Containment::None;
  /** Uniform floor load rating (kg/m²) racks and tanks are checked against; 0 = not given. */
  double floorRatingKgM2 = 0;
  std::vector<Row> rows;
  std::vector<CoolingUnit> coolers;
  std::vector<PowerFeed> feeds;
  std::vector<FloorTile> tiles;      ///< perforated tiles (raised floor); empty = implicit
  std::vector<ReturnGrille> grilles; ///< ceiling return grilles; empty = returns at the units
  std::vector<RecordedCable> cables; ///< cables an inventory records (the A end in this hall)
  bool operator==(const Hall&) const = default;
};

/** The parametric spec a scene was generated from (kept next to the explicit layout). */
struct GeneratorSpec
{
  std::string name;        ///< scene name, e.g. "h100-superpod-10k"
  std::string serverModel; ///< catalog id
  int gpuCount = 0;        ///< requested GPUs; rounded up to whole nodes / SUs
  int nodesPerRack = 4;
  int nodesPerScalableUnit = 32;
  int scalableUnitsPerRow = 4;
  double rackPitchM = 0.6; ///< distance between rack centres along a row
  double coldAisleM = 1.2;
  double hotAisleM = 1.2;
  double wallClearanceM = 3.0;
  double hallHeightM = 5.0;
  double raisedFloorM = 0.6;
  CoolingStyle cooling = CoolingStyle::Air;
  Containment containment = Containment::HotAisle;
  std::string leafSwitchModel = "qm9700";
  std::string coolerModel = "crah-250kw"; ///< perimeter air handler (or CDU for liquid halls)
  int switchesPerNetworkRack = 16;
  double supplySetpointC = 20;
  SwitchPlacement switchPlacement = SwitchPlacement::PerScalableUnit; ///< JSON "switchPlacement"
  bool operator==(const GeneratorSpec&) const = default;
};

/** The site: halls plus the scene-wide settings. */
struct Site
{
  std::string name;
  std::string currency = "USD"; ///< the currency money is shown in (economics/currency.h)
  double exchangeRate = 0;      ///< units of `currency` per USD; 0: the reference data's rate
  std::vector<Hall> halls;
  bool operator==(const Site&) const = default;
};

/**
 * One site of a multi-site scene (schema 2): a place with its own climate, energy tariff and grid,
 * taken from the reference site it names (samples/reference/sites.json); its halls name it.
 */
struct SceneSite
{
  std::string id;        ///< unique in the scene; Hall::site and SiteLink::from/to name it
  std::string name;      ///< "" = the reference site's name
  std::string reference; ///< reference site id ("ulanqab-cn"): climate, tariff, grid, location
  std::optional<double> latitudeDeg;  ///< overrides the reference site's (both or neither)
  std::optional<double> longitudeDeg; ///< east positive
  double renewableShare = 0;          ///< 0–1, renewable energy under contract (market-based)
  std::string inputsJson; ///< economics input overrides for this site, canonical JSON; "" none
  bool operator==(const SceneSite&) const = default;
};

/**
 * A data-centre interconnect between two scene sites (or two study candidates): what a planner
 * states; siting/dci.h turns it into capacity, latency, power and money.
 */
struct SiteLink
{
  std::string from; ///< site ids
  std::string to;
  std::optional<double> distanceKm;  ///< fibre route length; default great circle × routeFactor
  std::optional<double> routeFactor; ///< default: the line system's
  int channels = 16;                 ///< wavelengths per direction
  std::string optic = "dci-800zr-plus";
  bool leased = true; ///< fibre leased (yearly cost) or owned
  bool operator==(const SiteLink&) const = default;
};

/**
 * A named variant of the scene ("scenario B"): economics input overrides and layout edits
 * applied to a copy of the scene (economics/scenarios.h evaluates and compares it).
 * Both parts are kept as canonical JSON text so that the data model does not depend on the edit
 * vocabulary (edit/edit.h includes this header) or the economics inputs; the scene reader checks
 * their form with path-precise errors and economics/scenarios.h parses them.
 */
struct Scenario
{
  std::string name; ///< unique in the scene, non-empty
  std::string description;
  std::string inputsJson;             ///< JSON object of EconomicsInputs fields; "" = none
  std::vector<std::string> editsJson; ///< one edit each, in the JSON form of edit/edit.h
  bool operator==(const Scenario&) const = default;
};

/** A whole scene document. */
struct Scene
{
  /**
   * 2 added the sites of a multi-site scene (sites, links, Hall::site). A file of schema 1 is
   * read as a scene without sites and upgraded to 2 on load; it is written back as 2.
   */
  static constexpr int kSchemaVersion = 2;
  static constexpr int kOldestSchemaVersion = 1;
  int schemaVersion = kSchemaVersion;
  Site site;
  /** The sites the halls stand at; empty: one site (the document's), as in schema 1. */
  std::vector<SceneSite> sites;
  std::vector<SiteLink> links; ///< DCI links between the sites
  std::optional<GeneratorSpec> spec;
  std::vector<Scenario> scenarios; ///< written only when non-empty
  /**
   * The document's evaluation context: a JSON object of EconomicsInputs fields (utilisation,
   * site, energy price, years, discount rate, …; economics/inputs.h), "" = the defaults. Every
   * model, view, CLI command and report evaluates the document at this one context
   * (economics::documentInputs). Kept as canonical JSON text like Scenario::inputsJson; written
   * as "evaluation" only when non-empty.
   */
  std::string evaluationJson;
  bool operator==(const Scene&) const = default;
};

/** Names used in files and the UI for the enums above (one spelling each). */
const char* toString(RackKind kind);
const char* toString(Facing facing);
const char* toString(CoolingStyle style);
const char* toString(CoolerKind kind);
const char* toString(Containment containment);
const char* toString(Redundancy redundancy);
const char* toString(SwitchRole role);
const char* toString(SwitchPlacement placement);
const char* toString(PowerSource source);

/** Parse the spellings above; return std::nullopt when the text names no value. */
std::optional<RackKind> rackKindFromString(const std::string& text);
std::optional<Facing> facingFromString(const std::string& text);
std::optional<CoolingStyle> coolingStyleFromString(const std::string& text);
std::optional<CoolerKind> coolerKindFromString(const std::string& text);
std::optional<Containment> containmentFromString(const std::string& text);
std::optional<Redundancy> redundancyFromString(const std::string& text);
std::optional<SwitchRole> switchRoleFromString(const std::string& text);
std::optional<SwitchPlacement> switchPlacementFromString(const std::string& text);
std::optional<PowerSource> powerSourceFromString(const std::string& text);

/** Identifier of a GPU: node id + "-G" + index ("H1-R03-K07-N2-G5"). */
std::string gpuId(const Node& node, const Gpu& gpu);

} // namespace myriad::engine
