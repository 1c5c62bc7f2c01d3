#pragma once
/**
 * @file maxmin_rounds.h
 * Per-element steps of one round of the max-min rounds algorithm (maxmin_backend.h), shared by
 * the CPU mirror and the CUDA kernels so both evaluate the same expressions.
 */

#include "myriad/backend/host_device.h"

namespace myriad::backend
{

/** Relative slack within which two shares count as equal (ties freeze together). */
inline constexpr double kMaxMinTieSlack = 1e-9;

/** Fair share of a link: remaining / crossings, +inf when no unfrozen flow crosses it. */
MYRIAD_HOST_DEVICE inline double maxMinLinkShare(double remaining, int crossings)
{
  if (crossings <= 0)
  {
    return __builtin_huge_val();
  }
  return (remaining > 0 ? remaining : 0.0) / static_cast<double>(crossings);
}

/**
 * True when a flow whose smallest share is `flowMin` keeps `share` from being a local minimum:
 * the flow is bottlenecked more tightly elsewhere (or by its bound).
 */
MYRIAD_HOST_DEVICE inline bool maxMinBelow(double flowMin, double share)
{
  return flowMin < share * (1.0 - kMaxMinTieSlack);
}

/** True when a flow's own bound is its bottleneck (no link of it has a smaller share). */
MYRIAD_HOST_DEVICE inline bool maxMinBoundBinds(double bound, double flowMin)
{
  return bound <= flowMin * (1.0 + kMaxMinTieSlack);
}

} // namespace myriad::backend
