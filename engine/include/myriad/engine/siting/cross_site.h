#pragma once
/**
 * @file cross_site.h
 * A data-parallel training job split over S sites joined by DCI links (dci.h): its step time and
 * the DCI bandwidth a target slowdown needs.
 *
 * Each site holds whole data-parallel replicas; inside a site the job runs as the traffic model
 * simulates it on that site's fabric (traffic/workload.h): compute, bubble, TP/PP/EP and the DP
 * collective among the site's replicas, of time t_dp with e_dp = max(0, t_dp − w) exposed: it hides
 * under w, the last micro-batch's backward pass (2/3 of its compute; all of it under ZeRO-3; w = 0
 * without overlap).
 *
 * Hierarchical data parallelism (reduce inside each site, exchange across sites, broadcast back;
 * the NCCL hierarchy of hierarchical.h one level up): after the in-site reduce-scatter each site
 * holds the whole gradient once, G bytes (DP bytes per GPU × TP × PP), spread over its GPUs. The
 * sites all-reduce it in a ring over the DCI links, 2(S − 1) phases of G/S:
 *   t_x = 2(S − 1)/S · 8G / B + 2(S − 1)·ℓ
 * with B the slowest ring link's capacity per direction (bit/s) and ℓ its one-way latency (s).
 * The exchange runs between the in-site reduce-scatter and all-gather, in the same overlap window:
 *   e' = max(0, t_dp + t_x − w),   t_step = t_site − e_dp + e'.
 * (Patarasuk & Yuan 2009 for the ring; Jeaugey 2019 for the hierarchy: docs/references.md.)
 *
 * Infrequent outer synchronisation (DiLoCo, Douillard et al. 2023, arXiv 2311.08105): inside each
 * site the job synchronises every step as above; across sites the replicas exchange their
 * parameter change (outer gradient, G bytes) once every H inner steps, blocking:
 *   t_step = t_site + t_x / H.
 * The communication across sites falls by H; what the longer interval costs in convergence is
 * not modelled (the paper reports matching quality at H = 500 on its models).
 *
 * Pipeline stages split across two sites (the alternative to whole replicas per site): the
 * first half of every replica's PP stages at one site, the second half at the other, so every DP
 * group stays inside one site and only the activations (forward) and their gradients (backward)
 * at the stage boundary cross the link, full duplex. Per micro-batch, all R replicas send
 *   A = c · (T/m) · h · 2 bytes     (T tokens per step, m micro-batches, h hidden size, BF16;
 *                                    c boundary crossings: 1, or 2v − 1 with v interleaved chunks)
 * in each direction, taking τ = 8A/B + ℓ. Under the 1F1B schedule (Narayanan et al. 2021) the
 * first activation and the last gradient wait τ each (fill and drain), and the steady state
 * runs at the slower of the stage's compute per micro-batch t_mb = t_c/m and τ:
 *   t_step = t_one-site + 2τ + (m − 1)·max(0, τ − t_mb).
 * An estimate of the schedule, not simulated flow by flow.
 *
 * Slowdown = t_step / t_one-site − 1 against the same job in one site.
 * Bandwidth for a target step T*: hierarchical, with budget b = T* − t_site + e_dp ≥ 0,
 *   B* = a / (b + w − t_dp − L)   (a = 2(S − 1)/S · 8G, L = 2(S − 1)·ℓ; none when ≤ 0);
 * DiLoCo B* = a / (H·(T* − t_site) − L).
 */

#include <optional>

namespace myriad::engine::siting
{

enum class CrossSiteSync
{
  Hierarchical, ///< "hierarchical": every step, through the DCI ring
  DiLoCo        ///< "diloco": outer synchronisation every H steps
};

/** What the step across sites depends on (file comment). */
struct CrossSiteStepInput
{
  int sites = 1;               ///< S
  double gradientBytes = 0;    ///< G
  double ringBandwidthBps = 0; ///< B, bit/s per direction
  double ringLatencyS = 0;     ///< ℓ, one way
  double siteStepS = 0;        ///< t_site: the site's step with its own replicas only
  double dpTimeS = 0;          ///< t_dp
  double dpExposedS = 0;       ///< e_dp
  double dpWindowS = 0;        ///< w, the compute the DP collective may hide under
  double computeS = 0;         ///< t_c, the job's compute per step (a pipeline split's t_mb)
  CrossSiteSync sync = CrossSiteSync::Hierarchical;
  int outerSteps = 1; ///< H (DiLoCo)
};

struct CrossSiteStep
{
  double exchangeS = 0; ///< t_x, one exchange across sites
  double addedS = 0;    ///< t_step − t_site
  double stepS = 0;
};

/** What a pipeline split across two sites depends on (file comment). */
struct PipelineSplitInput
{
  double oneSiteStepS = 0;  ///< the whole job in one site
  double computeS = 0;      ///< t_c
  int microBatches = 1;     ///< m
  double boundaryBytes = 0; ///< A, per micro-batch and direction, all replicas
  double bandwidthBps = 0;  ///< B, per direction
  double latencyS = 0;      ///< ℓ, one way
};

struct PipelineSplitStep
{
  double transferS = 0; ///< τ
  double addedS = 0;
  double stepS = 0;
};

/** The step with the PP stages split across two sites (file comment); SpecError for bad input. */
PipelineSplitStep pipelineSplitStep(const PipelineSplitInput& in);

/**
 * The bandwidth B* (bit/s per direction) at which a pipeline split's step equals `targetStepS`:
 * the largest τ* with 2τ* + (m − 1)·max(0, τ* − t_mb) = T* − t_one-site, then B* = 8A/(τ* − ℓ);
 * std::nullopt when τ* ≤ ℓ. The input's bandwidthBps is ignored.
 */
std::optional<double> bandwidthForPipelineSplit(const PipelineSplitInput& in, double targetStepS);

/** The step (file comment); S = 1 gives the site's own step. Throws SpecError for bad input. */
CrossSiteStep crossSiteStep(const CrossSiteStepInput& in);

/**
 * The ring bandwidth B* (bit/s per direction) at which the step equals `targetStepS`;
 * std::nullopt when no bandwidth reaches it (latency or the site's own step already exceed it).
 * The input's ringBandwidthBps is ignored. S = 1: 0.
 */
std::optional<double> bandwidthForStep(const CrossSiteStepInput& in, double targetStepS);

} // namespace myriad::engine::siting
