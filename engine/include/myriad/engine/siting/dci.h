#pragma once
/**
 * @file dci.h
 * A data-centre interconnect (DCI) link between two sites: coherent pluggable optics over a DWDM
 * line system on a fibre route (figures from samples/reference/dci.json, each with its source).
 *
 * Route length L = given fibre distance, else great-circle distance × route factor (geo.h).
 * A channel is one wavelength carrying the optic's line rate r in each direction (one module at
 * each end); `channels` n per direction give the capacity C = n·r (bit/s, full duplex).
 * Segments: the signal is regenerated where the optic's reach ρ ends: k = ⌈L/ρ⌉ segments,
 * k − 1 regeneration sites (a back-to-back module pair per channel).
 * Fibre pairs: p = ⌈n / channels per fibre pair⌉ (the C band on the optic's grid).
 * Per fibre pair: 2k terminals (mux/demux and amplifiers at both ends of each segment) and
 * a = max(0, ⌈L/s⌉ − k) in-line amplifier sites at span s (the terminals end the other spans).
 *   modules m = 2·n·k
 *   power P = m·P_module + p·(2k·P_terminal + a·P_amplifier)                         (W)
 *   CAPEX  = m·price_module + p·(2k·price_terminal + a·price_amplifier)              (USD)
 *   lease  = L·p·lease per km and year (leased fibre; 0 when the fibre is owned)     (USD/year)
 *   one-way latency = L·t_fibre + k·t_transponder   (t_fibre ≈ 4.9 µs/km: c / group index 1.468)
 * Sources: OIF 400ZR and 800ZR implementation agreements, OpenZR+ MSA, ITU-T G.652 fibre
 * (docs/references.md#oif-400zr, #oif-800zr, #openzr-plus, #fibre-latency); prices, powers,
 * ZR+ reaches, spans and leases are estimates (#dci-estimates).
 */

#include "myriad/engine/model.h"
#include "myriad/engine/siting/geo.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::siting
{

/** A coherent optic (reference part of category "dci", kind "optic"). */
struct DciOptic
{
  std::string id;
  std::string name;
  double rateGbps = 0;
  double reachKm = 0;
  int channelsPerFibrePair = 0;
  double powerW = 0;
  std::optional<double> priceUSD;
  bool estimate = false; ///< a figure used is an estimate
};

/** The line system and fibre (reference part "dci-line"). */
struct DciLine
{
  double fibreLatencyUsPerKm = 0;
  double routeFactor = 0;
  double transponderLatencyUs = 0;
  double amplifierSpacingKm = 0;
  double amplifierPowerW = 0;
  double terminalPowerW = 0;
  std::optional<double> amplifierPriceUSD;
  std::optional<double> terminalPriceUSD;
  std::optional<double> leaseUSDPerKmYear;
};

/** The optic `id` (e.g. "dci-800zr-plus"); SpecError naming the known optics when unknown. */
DciOptic dciOptic(const std::string& id, const Catalog& catalog);
/** Ids of the DCI optics, sorted. */
std::vector<std::string> dciOpticIds(const Catalog& catalog);
/** The line system; SpecError when the reference data lacks it. */
DciLine dciLine(const Catalog& catalog);

/** What a planner states about one link (model.h). */
using DciLinkSpec = SiteLink;

/** A link as the model sees it (file comment). */
struct DciLink
{
  DciLinkSpec spec;
  double greatCircleKm = 0;
  double routeKm = 0;
  double capacityBps = 0; ///< per direction
  double oneWayLatencyS = 0;
  int segments = 1; ///< k; k − 1 regeneration sites
  int fibrePairs = 0;
  int amplifierSites = 0; ///< in-line, per fibre pair
  int modules = 0;
  double powerW = 0;
  std::optional<double> capexUSD;        ///< missing when a price is
  std::optional<double> leaseUSDPerYear; ///< 0 when owned; missing when leased without a price
  bool estimate = false;
};

/**
 * The link `spec` between sites at `a` and `b`. Throws SpecError naming the field for channels
 * < 1, a distance ≤ 0, a route factor < 1 or an unknown optic.
 */
DciLink evaluateDciLink(const DciLinkSpec& spec, const GeoPoint& a, const GeoPoint& b,
                        const Catalog& catalog);

} // namespace myriad::engine::siting
