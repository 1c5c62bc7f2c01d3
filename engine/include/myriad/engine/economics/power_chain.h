#pragma once
/**
 * @file power_chain.h
 * Power chain: utility feeds (PowerFeed, with N / N+1 / 2N redundancy) → racks (Rack::feeds,
 * Rack::powerCapW) → nodes and switches.
 *
 * IT power of a part at utilisation u (0–1): P(u) = P_idle + u·(P_max − P_idle), from the
 * catalog figures powerIdleW and powerMaxW. A part without powerIdleW is assumed to idle at
 * kIdleFractionEstimate·P_max (an estimate, listed in the result's assumptions); a part without
 * powerMaxW is listed as missing and contributes nothing (the totals are then marked incomplete).
 * A rack draws equally from each of its k feeds (P/k). When one feed g fails, every rack on g
 * moves its load to its remaining feeds: a surviving feed f takes P/(k−1) from each rack it
 * shares with g. Capacity checks use peak IT power (u = 1) because breakers must carry peaks.
 * Stranded power is capacity that no load can use even in the worst case:
 *   feed: capacity − worst-case load (failover load for N+1/2N feeds, peak load for N feeds),
 *   rack: powerCapW − peak rack load (racks with a cap).
 */

#include "myriad/engine/model.h"
#include "myriad/engine/text.h"

#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::economics
{

/** Idle power as a share of maximum where the catalog has no powerIdleW (estimate). */
inline constexpr double kIdleFractionEstimate = 0.3;

/** Power of one rack at peak and at the operating utilisation. */
struct RackLoad
{
  std::string rackId;
  RackKind kind = RackKind::Compute;
  CoolingStyle cooling = CoolingStyle::Air;
  double peakW = 0;      ///< u = 1
  double idleW = 0;      ///< u = 0
  double operatingW = 0; ///< at the requested utilisation
  double capW = 0;       ///< Rack::powerCapW (0 = no cap)
  std::vector<std::string> feeds;
};

/** Load and capacity of one feed. */
struct FeedLoad
{
  std::string feedId;
  std::string name;
  Redundancy redundancy = Redundancy::N;
  double capacityW = 0;
  double peakW = 0;            ///< all feeds healthy, u = 1
  double operatingW = 0;       ///< all feeds healthy, at the utilisation
  double failoverPeakW = 0;    ///< u = 1 with the worst single other feed failed
  std::string worstFailedFeed; ///< the feed whose failure gives failoverPeakW (empty: none)
  double strandedW = 0;
  int racks = 0;
};

enum class PowerViolationKind
{
  FeedOverload,   ///< peak load above the feed's rating with all feeds healthy
  RedundancyLost, ///< a redundant feed overloads when another feed fails
  RackOverCap,    ///< rack peak above Rack::powerCapW
  UnknownFeed,    ///< a rack names a feed that no hall has
  NoFeed,         ///< a rack with load but no feed
  SingleCorded    ///< a rack with one feed only although that feed is declared redundant
};
const char* toString(PowerViolationKind kind);

/** A capacity finding: names the object and states the load and the limit. */
struct PowerViolation
{
  PowerViolationKind kind = PowerViolationKind::FeedOverload;
  std::string objectId;
  std::string message; ///< English: `text` written out
  Text text;           ///< the finding as a pattern to translate (text.h)
  double loadW = 0;
  double limitW = 0;
};

struct PowerChainResult
{
  std::vector<RackLoad> racks;
  std::vector<FeedLoad> feeds;
  std::vector<PowerViolation> violations;
  double itPeakW = 0;
  double itIdleW = 0;
  double itOperatingW = 0;
  double feedCapacityW = 0;
  double strandedFeedW = 0;
  double strandedRackW = 0;
  std::vector<std::string> missingFigures; ///< "part.figure" that had to be left out
  std::vector<std::string> assumptions;    ///< e.g. idle power estimated for a part
};

/** Power of one catalog part (server or switch) at utilisation u; see the file comment. */
struct PartPower
{
  double idleW = 0;
  double maxW = 0;
  bool idleEstimated = false;
  bool missing = false; ///< no powerMaxW
  double at(double u) const { return idleW + u * (maxW - idleW); }
};
PartPower partPower(const std::string& partId, const Catalog& catalog);

/** Loads, checks and stranded power of the scene at `utilisation` (0–1). */
PowerChainResult analyzePowerChain(const Scene& scene, const Catalog& catalog, double utilisation);

} // namespace myriad::engine::economics
