/**
 * @file workload_compute.cpp
 * Compute time of a training step from the model's FLOPs and the GPU's kernel efficiency, and
 * the pipeline bubble by schedule (formulas and sources: workload.h, docs/models/traffic.md).
 */

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/workload.h"

namespace myriad::engine::traffic
{

const char* toString(PipelineSchedule schedule)
{
  switch (schedule)
  {
    case PipelineSchedule::OneFOneB:
      return "1f1b";
    case PipelineSchedule::Interleaved:
      return "interleaved";
    case PipelineSchedule::ZeroBubble:
      return "zero-bubble";
    case PipelineSchedule::DualPipe:
      return "dualpipe";
  }
  return "?";
}

StepCompute stepCompute(const JobSpec& job, const GpuFigures& fig)
{
  const double nAct = job.activeParameters > 0 ? job.activeParameters : job.parameters;
  const double tokens = job.tokensPerStep, gpus = job.gpus();
  const double attnDim = job.attentionDim > 0 ? job.attentionDim : job.hidden;
  const double linear = 6 * nAct * tokens; // Kaplan et al. 2020: 2N forward, 4N backward
  const double attention = 12.0 * job.layers * job.sequenceLength * attnDim * tokens; // PaLM B
  StepCompute out;
  out.modelFlops = linear + attention;
  if (job.mfu > 0) // legacy: an end-to-end MFU on the 6N FLOPs, as before kernel efficiencies
  {
    out.computeS = linear / (gpus * fig.peakFlops * job.mfu);
    out.gemmS = out.computeS;
    return out;
  }
  const GpuCompute& c = fig.compute;
  const std::string gpu = c.id.empty() ? job.gpu : c.id;
  const double peak = job.precision == Precision::Fp8 ? c.peakFp8Flops : fig.peakFlops;
  if (!(peak > 0))
  {
    throw SpecError("job \"" + job.name + "\": GPU " + gpu + " has no " + toString(job.precision) +
                    " peak in samples/reference/traffic (precision "
                    "not supported)");
  }
  const double etaPrec =
    job.kernelEfficiency > 0 ? job.kernelEfficiency : c.gemmEfficiency(job.precision);
  const double etaBf16 = job.kernelEfficiency > 0 ? job.kernelEfficiency : c.gemmEfficiencyBf16;
  if (!(etaPrec > 0) || !(etaBf16 > 0))
  {
    throw SpecError("job \"" + job.name + "\": no kernel efficiency for GPU " + gpu +
                    " in samples/reference/traffic; set training.kernelEfficiency");
  }
  const double recompute = job.recompute == Recompute::Full ? 4.0 / 3.0 : 1.0;
  // Linear layers run at the job's precision; the attention core (scores, values) in BF16.
  out.gemmS =
    recompute * (linear / (peak * etaPrec) + attention / (fig.peakFlops * etaBf16)) / gpus;
  double smShare = 1;
  if (job.commSms > 0)
  {
    if (job.commSms >= c.sms)
    {
      throw SpecError("job \"" + job.name + "\": commSms = " + std::to_string(job.commSms) +
                      " leaves no SM of the " + std::to_string(c.sms) + " of GPU " + gpu);
    }
    smShare = static_cast<double>(c.sms) / (c.sms - job.commSms); // kernels on fewer SMs
  }
  out.computeS = out.gemmS * (1 + nonGemmOverhead()) * smShare;
  return out;
}

double pipelineBubbleFraction(const JobSpec& job)
{
  if (job.pp <= 1)
  {
    return 0;
  }
  const double p = job.pp, m = job.microBatches, v = job.virtualStages;
  switch (job.schedule)
  {
    case PipelineSchedule::OneFOneB: // (p − 1) forward + backward slots idle, m of work
      return (p - 1) / m;
    case PipelineSchedule::Interleaved: // each slot is 1/v as long (Narayanan et al. 2021)
      return (p - 1) / (v * m);
    case PipelineSchedule::ZeroBubble: // ZB-H1: (p − 1)(F + B − W), F = B = W = 1/3 of F + B + W
      return (p - 1) / (3 * m);
    case PipelineSchedule::DualPipe: // (p/2 − 1)(F&B + B − 3W), F&B = 3, B = 2, W = 1 units
      return 2 * (p / 2 - 1) / (3 * m);
  }
  return 0;
}

} // namespace myriad::engine::traffic
