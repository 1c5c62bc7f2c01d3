#pragma once
/**
 * @file cabling.h
 * Physical cabling of a fabric: an overhead tray graph built from the hall geometry, one
 * routed cable per fabric link with its length, the medium chosen by rate and reach from the
 * catalog, transceivers per end, and the results (BOM, optics power, tray fill, cut sheet).
 *
 * Length = vertical drop A + tray path + vertical drop B + slack, slack = max(slackMinM,
 * slackFraction · (drops + path)). Same-rack cables skip the tray: |zA − zB| + inRackM + slack.
 * Media are tried in order of preference (DAC, active copper, multimode, DR single-mode, FR
 * single-mode); the first whose reachM ≥ length and rate ≥ link rate wins.
 * Tray fill of a segment = Σ π·d²/4 / (levels · width · depth); each segment is sized from a
 * catalog of tray sizes to stay ≤ 50 % (TIA-569 practice: ≤ 50 % at installation). A segment
 * still above 50 % is a Warning, above 100 % an Error diagnostic.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/model.h"
#include "myriad/engine/validation.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::fabric
{

/** Options of tray layout and routing (lengths in metres). */
struct CablingOptions
{
  double trayClearanceM = 0.3; ///< tray height above the tallest rack top
  double endTrayOffsetM = 0.6; ///< cross-aisle trays this far beyond the row ends
  bool backbone = true;        ///< a tray along Y at the hall centre crossing every row
  double slackMinM = 1.0;      ///< slack is at least this
  double slackFraction = 0.05; ///< ... and at least this fraction of the routed length
  double inRackM = 0.3;        ///< extra horizontal run inside a rack for same-rack cables
  double trayWidthM = 0.6;     ///< tray cross-section for the fill ratio
  double trayDepthM = 0.1;
  /**
   * Stacked tray levels above a network row (every rack of the row is a network rack), where
   * the leaf–spine and spine–core cables converge; other rows have one level.
   */
  int networkRowTrayLevels = 2;
  /**
   * Tray sizes to choose from per segment (width × depth in m). Each segment gets the smallest
   * cross-section whose fill stays ≤ maxTrayFill, stacking up to maxTrayLevels trays when even
   * the largest is too full. Empty: every segment is trayWidthM × trayDepthM.
   */
  std::vector<std::pair<double, double>> traySizes = standardTraySizes();
  double maxTrayFill = 0.5; ///< design fill at installation (TIA-569 practice: ≤ 50 %)
  int maxTrayLevels = 3;    ///< stacked trays a segment may grow to

  /** 300/450/600/900 mm wide × 100/150 mm deep ladder trays, by cross-section. */
  static std::vector<std::pair<double, double>> standardTraySizes();
};

/** A transmission medium: a cable part plus (optionally) a transceiver part on each end. */
struct Medium
{
  std::string name;         ///< "<medium attribute>-<Gb/s per link>g": multimode-400g, ...
  std::string cablePart;    ///< catalog id of the cable
  std::string switchOptic;  ///< transceiver on a switch end (twin-port); empty for copper
  std::string nicOptic;     ///< transceiver on a NIC end; empty for copper or when none exists
  double reachM = 0;        ///< max length: min(reachM of cable, reachM of the optics)
  double rateBps = 0;       ///< max rate of one link (optic rateGbps / ports per optic)
  int portsPerOptic = 1;    ///< links one switch-side transceiver serves (twin-port: 2)
  double cablePowerW = 0;   ///< power per cable end of active copper (0 for fibre)
  double diameterM = 0.003; ///< cable outer diameter for tray fill (estimate)
};

/** The media known to the catalog, in order of preference. */
std::vector<Medium> mediaFromCatalog(const Catalog& catalog);
/**
 * Index into `media` of the first medium reaching `lengthM` at `rateBps`; −1 when none. With
 * `nicEnd`, optical media need a NIC-side transceiver (the catalog has no FR optic for NICs).
 */
int chooseMedium(const std::vector<Medium>& media, double lengthM, double rateBps,
                 bool nicEnd = false);

/** One tray segment between two tray nodes (world frame, metres). */
struct TraySegment
{
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0, z = 0;
  std::string kind;  ///< "row", "cross-aisle", "backbone"
  int cables = 0;    ///< cables routed through it
  double fill = 0;   ///< Σ cable cross-sections / (levels · tray cross-section)
  int hall = -1;     ///< index of its hall in Site::halls
  int levels = 1;    ///< stacked trays along this segment (CablingOptions::networkRowTrayLevels)
  double widthM = 0; ///< chosen tray width (see CablingOptions::traySizes)
  double depthM = 0; ///< chosen tray depth (loading depth)
  double areaM2 = 0; ///< Σ π·d²/4 of its cables
};

/**
 * The tray path shared by every cable between the same two rack drop points: tray segment
 * indices in travel order from the A rack's drop point to the B rack's (consecutive segments
 * share an end point). Empty for cables that stay in one rack.
 */
struct CableRoute
{
  int hall = -1;
  std::vector<int> segments; ///< indices into CablingResult::trays, in order A → B
};

/** One routed cable (one fabric link). */
struct Cable
{
  int link = -1; ///< index into FabricGraph::links()
  double lengthM = 0;
  int medium = -1; ///< index into CablingResult::media; −1 when unreachable
  int route = -1;  ///< index into CablingResult::routes; −1 for same-rack or unroutable cables
};

/** Line of the bill of materials. */
struct BomLine
{
  std::string category; ///< switch nic cable optic
  std::string part;     ///< catalog id
  std::string detail;   ///< e.g. length bin "3-5 m", tier
  int quantity = 0;
  double unitPowerW = 0;
};

/** Per tier: switch oversubscription and capacity. */
struct TierSummary
{
  Tier tier = Tier::NodeLeaf;
  int links = 0;
  double capacityBps = 0;
  double totalLengthM = 0;
};

/** Everything the cabling model computes. */
struct CablingResult
{
  std::vector<Medium> media;
  std::vector<Cable> cables;
  std::vector<TraySegment> trays;
  std::vector<CableRoute> routes;      ///< distinct tray paths (see Cable::route)
  std::vector<Diagnostic> diagnostics; ///< unreachable cables, unplaced devices
  std::map<std::string, int> cablesByMedium;
  std::map<std::string, int> opticsByPart;
  double totalLengthM = 0;
  double opticsPowerW = 0;
  int unreachable = 0;
};

/**
 * Route every link of `graph` whose two ends are placed in `scene`; links with an unplaced end
 * are reported as a warning and skipped. Unreachable lengths are Error diagnostics.
 */
CablingResult routeCables(const FabricGraph& graph, const Scene& scene, const Catalog& catalog,
                          const CablingOptions& options = {});

/** Bill of materials: switches and NICs by model, cables by medium and length bin, optics. */
std::vector<BomLine> billOfMaterials(const FabricGraph& graph, const CablingResult& result,
                                     const Catalog& catalog);
/** Per-tier link count, capacity and cable length. */
std::vector<TierSummary> tierSummaries(const FabricGraph& graph, const CablingResult& result);

/** CSV of the BOM: category,part,detail,quantity,unit_power_w,total_power_w. */
std::string bomCsv(const std::vector<BomLine>& bom);
/**
 * Cut sheet CSV, one row per cable:
 * cable,tier,a_device,a_rack,a_unit,a_port,b_device,b_rack,b_unit,b_port,medium,length_m.
 */
std::string cutSheetCsv(const FabricGraph& graph, const CablingResult& result, const Scene& scene);

/**
 * Tray CSV, one row per segment:
 * segment,hall,kind,x0_m,y0_m,x1_m,y1_m,z_m,length_m,cables,levels,width_mm,depth_mm,fill_pct.
 */
std::string trayCsv(const CablingResult& result);

/** Length bin label used in the BOM ("0-1 m", "1-2 m", "2-3 m", "3-5 m", "5-10 m", ...). */
std::string lengthBin(double lengthM);
/** Index of lengthBin(lengthM) in bin order (0: "0-1 m"); same bins, no string made. */
int lengthBinIndex(double lengthM);

} // namespace myriad::engine::fabric
