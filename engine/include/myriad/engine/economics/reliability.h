#pragma once
/**
 * @file reliability.h
 * Interruptions and goodput of a large training job.
 *
 * Each component class c has a rate λ_c of job interruptions per unit-year (a GPU, a node, a
 * switch, …). A job spanning n_c units of each class sees Σ λ_c·n_c interruptions per year
 * (independent failures, any single one stops the synchronous job). M = 1/λ_unexpected is the
 * mean time between unexpected interruptions of the job.
 * Checkpoint interval: Young τ = √(2·δ·M); Daly τ = √(2·δ·M) − δ (for δ < M/2; τ = M beyond).
 * Lost fraction ≈ δ/τ + (τ/2 + R)/M + R·λ_planned (checkpoint writes, re-done work, restarts,
 * and restarts after planned interruptions); goodput = 1 − lost fraction.
 * Default rates (samples/reference/failure_rates.json) are calibrated on the Llama 3 paper
 * (Llama Team, "The Llama 3 Herd of Models", 2024, §3.3.4): a 54-day snapshot of 16,384 H100
 * GPUs saw 466 job interruptions, 47 planned and 419 unexpected; about 78 % of the unexpected
 * ones were hardware; faulty GPUs 30.1 % and HBM3 17.2 % of them.
 * References: docs/references.md#young1974, #daly2006, #llama3.
 */

#include <map>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::economics
{

/** Units of each component class that a job spans. */
struct JobFootprint
{
  double gpus = 0;
  double nodes = 0;
  double nics = 0;
  double switches = 0;
  double transceivers = 0;
  double psus = 0;
};

/** Rate of one component class (catalog part "failure-<component>"). */
struct FailureRate
{
  std::string component; ///< gpu hbm nic optic switch psu host software planned
  std::string per;       ///< unit counted: gpu node nic switch transceiver psu
  double perUnitYear = 0;
  bool hardware = true;
  bool planned = false;
  std::string source;
  bool estimate = true;
};

/** All rates from the catalog, with `overrides` (component → rate) and a common factor. */
std::vector<FailureRate> failureRates(const Catalog& catalog,
                                      const std::map<std::string, double>& overrides = {},
                                      double factor = 1);

struct ComponentInterruptions
{
  std::string component;
  double perDay = 0;
  double share = 0; ///< of the unexpected interruptions (planned: of all)
};

struct InterruptionEstimate
{
  double unexpectedPerDay = 0;
  double plannedPerDay = 0;
  double totalPerDay = 0;
  double hardwareShare = 0; ///< of the unexpected ones
  double mtbiHours = 0;     ///< mean time between unexpected interruptions (∞ → 0 rates: 0)
  std::vector<ComponentInterruptions> byComponent;
};
InterruptionEstimate interruptions(const JobFootprint& job, const std::vector<FailureRate>& rates);

/** Young's interval √(2·δ·M) in s. */
double youngIntervalS(double checkpointS, double mtbiS);
/** Daly's first-order interval √(2·δ·M) − δ, or M when δ ≥ M/2; in s. */
double dalyIntervalS(double checkpointS, double mtbiS);
/** Lost fraction δ/τ + (τ/2 + R)/M, clamped to [0, 1]. */
double lostFraction(double intervalS, double checkpointS, double restartS, double mtbiS);

struct GoodputResult
{
  double youngIntervalS = 0;
  double dalyIntervalS = 0;
  double lostFraction = 0;
  double goodput = 1;
};
/** Goodput with the Daly interval; planned interruptions cost a restart each. */
GoodputResult goodput(const InterruptionEstimate& estimate, double checkpointS, double restartS);

} // namespace myriad::engine::economics
