#pragma once
/**
 * @file traffic_data.h
 * Reference figures of the training-job model, read from samples/reference/traffic/ (JSON files)
 * (compiled into the engine): per GPU the dense tensor-core peaks per precision, the fraction of
 * peak large GEMMs reach (kernel efficiency), SMs, NVLink and power of GPUs the parts catalog
 * does not hold; the non-GEMM overhead calibrated on one published run; the latency and
 * protocol figures of the collective cost model (latency.h). Every figure names its source and
 * says whether it is an estimate (docs/models/traffic.md, "Compute" and "Latency").
 */

#include <map>
#include <string>

namespace myriad::engine::traffic
{

/** Precision of the model's GEMMs. */
enum class Precision
{
  Bf16,
  Fp8 ///< linear layers in FP8 (attention core stays BF16)
};
const char* toString(Precision precision);
/** "bf16" or "fp8"; false, `out` unchanged, for another name. */
bool parsePrecision(const std::string& name, Precision& out);

/** Compute figures of one GPU (category "gpu-compute"). 0 means "not given". */
struct GpuCompute
{
  std::string id;
  double peakBf16Flops = 0;
  double peakFp8Flops = 0; ///< 0: the GPU has no FP8 tensor cores
  double gemmEfficiencyBf16 = 0;
  double gemmEfficiencyFp8 = 0;
  int sms = 0;
  double nvlinkBytesPerS = 0; ///< 0: take the parts catalog's figure
  double powerW = 0;          ///< per GPU with its server share; 0: from the catalog
  std::string powerLike;      ///< catalog GPU whose server power applies ("" none)
  double peakFlops(Precision p) const { return p == Precision::Fp8 ? peakFp8Flops : peakBf16Flops; }
  double gemmEfficiency(Precision p) const
  {
    return p == Precision::Fp8 ? gemmEfficiencyFp8 : gemmEfficiencyBf16;
  }
};

/** The compute figures of `gpu`, or null when the table has none. */
const GpuCompute* findGpuCompute(const std::string& gpu);

/**
 * Non-GEMM overhead ω: time of the other kernels (attention core, norms, activations,
 * optimizer, launch gaps) per unit of GEMM time. One shared constant, calibrated on one
 * published run (docs/models/traffic.md, "Published runs").
 */
double nonGemmOverhead();

/** Figure `key` of part `id` of the traffic reference data; throws SpecError when absent. */
double trafficFigure(const std::string& id, const std::string& key);

/** Every part id → figure key → value (for listing and tests). */
const std::map<std::string, std::map<std::string, double>>& trafficFigures();

} // namespace myriad::engine::traffic
