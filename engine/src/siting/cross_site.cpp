// Training across sites: hierarchical DP and DiLoCo outer synchronisation (siting/cross_site.h).
#include "myriad/engine/siting/cross_site.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace myriad::engine::siting
{

namespace
{

void check(const CrossSiteStepInput& in, bool needBandwidth)
{
  if (in.sites < 1)
  {
    throw SpecError("cross-site step: sites must be ≥ 1, got " + std::to_string(in.sites));
  }
  if (!(in.gradientBytes >= 0) || !(in.siteStepS >= 0) || !(in.dpTimeS >= 0) ||
      !(in.dpExposedS >= 0) || in.dpExposedS > in.dpTimeS * (1 + 1e-12) || !(in.dpWindowS >= 0) ||
      !(in.ringLatencyS >= 0))
  {
    throw SpecError("cross-site step: gradient bytes, step, DP time and latency must be ≥ 0 "
                    "with the exposed DP time within the DP time");
  }
  if (needBandwidth && in.sites > 1 && !(in.ringBandwidthBps > 0))
  {
    throw SpecError("cross-site step: the DCI ring needs a bandwidth > 0 bit/s");
  }
  if (in.outerSteps < 1)
  {
    throw SpecError("cross-site step: outerSteps must be ≥ 1, got " +
                    std::to_string(in.outerSteps));
  }
}

/** a = 2(S − 1)/S · 8G (bits through the slowest link per exchange). */
double exchangeBits(const CrossSiteStepInput& in)
{
  return 2.0 * (in.sites - 1) / in.sites * 8.0 * in.gradientBytes;
}

/** L = 2(S − 1)·ℓ. */
double exchangeLatencyS(const CrossSiteStepInput& in)
{
  return 2.0 * (in.sites - 1) * in.ringLatencyS;
}

} // namespace

CrossSiteStep crossSiteStep(const CrossSiteStepInput& in)
{
  check(in, true);
  CrossSiteStep out;
  out.stepS = in.siteStepS;
  if (in.sites == 1)
  {
    return out;
  }
  out.exchangeS = exchangeBits(in) / in.ringBandwidthBps + exchangeLatencyS(in);
  if (in.sync == CrossSiteSync::DiLoCo)
  {
    out.addedS = out.exchangeS / in.outerSteps;
  }
  else
  {
    const double exposed = std::max(0.0, in.dpTimeS + out.exchangeS - in.dpWindowS);
    out.addedS = exposed - in.dpExposedS;
  }
  out.stepS = in.siteStepS + out.addedS;
  return out;
}

std::optional<double> bandwidthForStep(const CrossSiteStepInput& in, double targetStepS)
{
  check(in, false);
  if (in.sites == 1)
  {
    return 0.0;
  }
  const double a = exchangeBits(in);
  const double latency = exchangeLatencyS(in);
  double room = 0; // seconds the bandwidth term may take
  if (in.sync == CrossSiteSync::DiLoCo)
  {
    room = in.outerSteps * (targetStepS - in.siteStepS) - latency;
  }
  else
  {
    const double budget = targetStepS - in.siteStepS + in.dpExposedS;
    if (budget < 0)
    {
      return std::nullopt;
    }
    room = budget + in.dpWindowS - in.dpTimeS - latency;
  }
  if (!(room > 0))
  {
    return std::nullopt;
  }
  return a / room;
}

PipelineSplitStep pipelineSplitStep(const PipelineSplitInput& in)
{
  if (!(in.bandwidthBps > 0) || in.latencyS < 0 || in.microBatches < 1 || in.boundaryBytes < 0 ||
      in.computeS < 0 || in.oneSiteStepS < 0)
  {
    throw SpecError("pipeline split across sites: bandwidth must be > 0, latency, bytes and "
                    "times ≥ 0, micro-batches ≥ 1");
  }
  PipelineSplitStep out;
  out.transferS = 8 * in.boundaryBytes / in.bandwidthBps + in.latencyS;
  const double perMicroBatch = in.computeS / in.microBatches;
  out.addedS =
    2 * out.transferS + (in.microBatches - 1) * std::max(0.0, out.transferS - perMicroBatch);
  out.stepS = in.oneSiteStepS + out.addedS;
  return out;
}

std::optional<double> bandwidthForPipelineSplit(const PipelineSplitInput& in, double targetStepS)
{
  const double budget = targetStepS - in.oneSiteStepS;
  const double perMicroBatch = in.computeS / std::max(1, in.microBatches);
  // 2τ up to τ = t_mb, then (m + 1)τ − (m − 1)t_mb: increasing in τ, so invert piecewise.
  const double tau = budget / 2 <= perMicroBatch
                       ? budget / 2
                       : (budget + (in.microBatches - 1) * perMicroBatch) / (in.microBatches + 1);
  if (!(tau > in.latencyS))
  {
    return std::nullopt;
  }
  return 8 * in.boundaryBytes / (tau - in.latencyS);
}

} // namespace myriad::engine::siting
