#pragma once
/**
 * @file step_sensitivity.h
 * What changes a training job's step time most: the job is simulated again (simulateWorkload,
 * alone on the fabric) with one factor changed at a time, and the changes are ranked by how far
 * they move the step.
 *
 * Factors (one at a time, everything else as in the job file):
 * - routing: each other routing of the job's fabric flows (ECMP, packet spraying, rail-local);
 * - placement: each other placement kind (packed, spread across scalable units, random);
 * - micro-batches (message size): twice and half the micro-batches per step (a pipeline send and
 *   an EP all-to-all carry 1/m of a DP rank's tokens: m × 2 halves each message and doubles the
 *   calls; the schedule's bubble is derived again for the new m, so it moves too);
 * - fabric oversubscription: the links above the leaves (leaf ↔ spine, spine ↔ core) at 1/2 and
 *   1/4 of their rate, i.e. 2:1 and 4:1 oversubscribed where the fabric is built 1:1.
 *
 * Δ = t_variant / t_base − 1. A variant the job cannot take (e.g. micro-batches that no longer
 * divide the tokens) is listed with its error instead of a time. This is a one-factor-at-a-time
 * sensitivity: factors that interact (placement × routing) are not combined.
 */

#include "myriad/engine/traffic/workload.h"

#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace myriad::engine::traffic
{

/** Thrown by stepSensitivity when its `cancelled` callback answers true (not an engine Error). */
class SensitivityCancelled : public std::exception
{
public:
  const char* what() const noexcept override { return "traffic: sensitivity cancelled"; }
};

struct StepVariant
{
  std::string factor; ///< "routing", "placement", "micro-batches", "oversubscription"
  std::string change; ///< what was changed, e.g. "ECMP → spray", "leaf uplinks at 1/2 rate"
  double stepS = 0;   ///< the job's step with the change (s); 0 when infeasible
  double delta = 0;   ///< stepS / base − 1
  std::string error;  ///< why the variant could not be simulated; empty when it was
  bool feasible() const { return error.empty(); }
};

struct StepSensitivity
{
  std::string job;
  JobResult base;                    ///< the job as given, alone on the fabric
  std::vector<StepVariant> variants; ///< feasible ones by |Δ| (largest first), then the others
};

/**
 * Rank what changes `job`'s step most on `graph` (see the file comment). `solver` runs every
 * max-min solve (null: the CPU reference); `failedDevices` are out of service in every run.
 * `cancelled`, when given, is polled between variants; when it answers true the function throws
 * SensitivityCancelled. Throws SpecError when the job itself does not fit.
 */
StepSensitivity stepSensitivity(const fabric::FabricGraph& graph, const Catalog& catalog,
                                const JobSpec& job, MaxMinSolver* solver = nullptr,
                                const std::function<bool()>& cancelled = {},
                                const std::vector<int>& failedDevices = {});

/**
 * `graph` with the links of tiers above the leaves (leaf ↔ spine, spine ↔ core, dragonfly
 * global) at `factor` × their rate: the same devices and ports, so device and link indices are
 * those of `graph`.
 */
fabric::FabricGraph withUplinkRate(const fabric::FabricGraph& graph, double factor);

} // namespace myriad::engine::traffic
