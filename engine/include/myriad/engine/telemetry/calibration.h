#pragma once
/**
 * @file calibration.h
 * Predicted vs measured (residuals) and least-squares calibration of the power and thermal
 * models against a mapped telemetry snapshot. Pure C++ (Eigen); docs/models/telemetry.md §11–12.
 *
 * Residual = measured − predicted, per object:
 *  - rack inlet (°C): measured = mean of the rack's Redfish intake sensors
 *    (node.inlet_temperature); where a rack has none, an inlet estimated from its GPUs,
 *    T_in ≈ T_gpu − R_th·P_gpu (R_th = ResidualOptions::gpuThermalResistanceKPerW, an estimate);
 *    predicted = RackThermal::inletMeanC of thermal::analyzeHall.
 *  - GPU power (W): predicted P(u) = P_idle + (P_peak − P_idle)·u at the measured utilisation u,
 *    P_peak = the GPU part's tdpW (or powerMaxW), P_idle = its powerIdleW, else
 *    economics::kIdleFractionEstimate·P_peak (estimate).
 *  - node power (W): measured chassis power (node.power) vs economics::partPower(server).at(ū),
 *    ū = mean measured utilisation of the node's GPUs.
 * Summary: count, mean, RMS = √(Σr²/n) and the worst |r| with its object id.
 *
 * Calibration (ordinary least squares, Eigen column-pivoting QR):
 *  (a) GPU power, per GPU model: P_i = a + b·u_i, a = P_idle, b = P_peak − P_idle, from the
 *      (u_i, P_i) pairs of live GPUs. Standard errors from σ̂² = SSR/(n − 2) and
 *      Cov = σ̂²·(AᵀA)⁻¹: se(P_idle) = √C₀₀, se(P_peak) = √(C₀₀ + C₁₁ + 2C₀₁).
 *      Needs n ≥ 3 and a utilisation spread (max − min) ≥ minUtilizationSpread, else it is
 *      reported as not identifiable and the catalog values are kept.
 *  (b) Thermal, per scene: r_i = T_meas,i − T_model,i ≈ δ·s_i + γ·(T_model,i − T_sup), with
 *      s_i = ∂T_in,i/∂T_setpoint from a second solve with every cooler setpoint +1 K (the air
 *      model is linear in temperature, so s_i ≈ 1 where racks breathe cooler air), T_sup the
 *      hall's flow-weighted supply temperature. δ is the supply offset (the effective supply
 *      is δ warmer than the scene's setpoints), 1 + γ the recirculation gain (the inlet rise
 *      above supply is 1 + γ times the model's). γ is fitted only when the rises vary enough
 *      (spread ≥ minRiseSpreadK); otherwise δ alone. Racks whose residual after a first fit
 *      lies further than max(3·1.4826·MAD, 1 K) from the median (hot spots the model does not
 *      know) are left out and the fit repeated; they are listed as outliers. The setpoint
 * correction −δ is the change of the real setpoints that brings measured inlets back to the model's
 * prediction.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/query.h"
#include "myriad/engine/telemetry/mapping.h"
#include "myriad/engine/telemetry/snapshot.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <limits>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::telemetry
{

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct ResidualOptions
{
  /** Junction-to-inlet thermal resistance of a GPU (K/W) used to estimate a rack inlet from
   *  GPU temperature and power where no inlet sensor reports; 0.06 K/W is an unsourced
   *  estimate (≈ 42 K rise at 700 W), the same as the synthetic generator's. */
  double gpuThermalResistanceKPerW = 0.06;
  /** Estimate rack inlets from GPU temperatures where no Redfish intake sensor reports. */
  bool inletFromGpuTemperature = true;
};

/** mean, RMS and the worst residual (largest |r|) of one kind. */
struct ResidualSummary
{
  int count = 0;
  double mean = kNaN;
  double rms = kNaN;
  double worst = kNaN; ///< signed residual with the largest magnitude
  std::string worstId;
};

enum class InletSource
{
  Sensor,        ///< Redfish intake sensor(s) of the rack's nodes
  GpuTemperature ///< T_gpu − R_th·P_gpu averaged over the rack's GPUs
};
const char* toString(InletSource source);

struct InletResidual
{
  std::string rackId;
  ObjectRef ref; ///< the rack
  InletSource source = InletSource::Sensor;
  int readings = 0; ///< sensors or GPUs averaged
  double measuredC = kNaN;
  double predictedC = kNaN;
  double residualK() const { return measuredC - predictedC; }
};

struct PowerResidual
{
  std::string id;    ///< GPU or node id
  ObjectRef ref;     ///< GPU or node
  std::string model; ///< catalog part (GPU part for GPUs, server part for nodes)
  double utilization = kNaN;
  double measuredW = kNaN;
  double predictedW = kNaN;
  double residualW() const { return measuredW - predictedW; }
};

struct ResidualReport
{
  std::vector<InletResidual> inlets; ///< racks with a measurement and a prediction
  std::vector<PowerResidual> gpuPower;
  std::vector<PowerResidual> nodePower;
  ResidualSummary inletSummary;     ///< K
  ResidualSummary gpuPowerSummary;  ///< W
  ResidualSummary nodePowerSummary; ///< W
  std::vector<std::string> notes;   ///< what could not be compared and why
};

/** The catalog's power model of one GPU of server part `serverPart`. */
struct GpuPowerModel
{
  std::string gpuPart; ///< catalog id of the GPU ("h100-sxm"); empty when unknown
  double idleW = kNaN;
  double peakW = kNaN;
  bool idleEstimated = false;
  double at(double u) const { return idleW + u * (peakW - idleW); }
};
GpuPowerModel gpuPowerModel(const std::string& serverPart, const Catalog& catalog);

/** Measured rack inlets (no prediction filled in): sensors first, GPU estimate as fallback. */
std::vector<InletResidual> measureRackInlets(const Scene& scene, const Snapshot& snapshot,
                                             const MappingResult& mapping,
                                             const ResidualOptions& options = {});

/** Residuals against `thermal` (one result per hall, may be empty: no inlet residuals). */
ResidualReport computeResiduals(const Scene& scene, const Catalog& catalog,
                                const Snapshot& snapshot, const MappingResult& mapping,
                                const std::vector<thermal::ThermalResult>& thermal,
                                const ResidualOptions& options = {});

/** mean/RMS/worst of (id, residual) pairs; NaN residuals are skipped. */
ResidualSummary summarizeResiduals(const std::vector<std::pair<std::string, double>>& residuals);

struct GpuPowerFit
{
  std::string gpuPart;
  int samples = 0;
  double utilizationMin = kNaN, utilizationMax = kNaN;
  double catalogIdleW = kNaN, catalogPeakW = kNaN;
  bool identifiable = false; ///< false: too few samples or no utilisation spread
  double idleW = kNaN, peakW = kNaN;
  double idleSeW = kNaN, peakSeW = kNaN; ///< standard errors
  double rmsBeforeW = kNaN;              ///< catalog model
  double rmsAfterW = kNaN;               ///< fitted model (= before when not identifiable)
  std::string note;
};

struct InletFit
{
  int racks = 0;
  double sensitivity = kNaN; ///< mean ∂T_in/∂T_setpoint over the racks (≈ 1)
  double supplyOffsetK = 0;  ///< δ
  double supplyOffsetSeK = kNaN;
  bool gainFitted = false;
  double recirculationGain = 1; ///< 1 + γ
  double recirculationGainSe = kNaN;
  double rmsBeforeK = kNaN, rmsAfterK = kNaN; ///< over every rack
  double rmsAfterInliersK = kNaN;             ///< over the racks the fit kept
  std::vector<std::string> outlierRacks;      ///< left out of the fit (e.g. hot spots)
  double meanBeforeK = kNaN, meanAfterK = kNaN;
  double setpointCorrectionK() const { return -supplyOffsetK; }
  std::vector<std::pair<std::string, double>> rackResidualAfterK; ///< per rack, after the fit
  std::string note;
};

/** 0.5 m cells: the 10k hall solves in ≈ 0.1 s CPU (docs/benchmarks.md), fine for a fit. */
inline thermal::ThermalOptions coarseThermalOptions()
{
  thermal::ThermalOptions o;
  o.cellM = 0.5;
  return o;
}

struct CalibrationOptions
{
  std::string name = "calibrated";   ///< scenario name
  double minUtilizationSpread = 0.2; ///< (a): u_max − u_min needed to separate idle/peak
  double minRiseSpreadK = 1.0;       ///< (b): spread of T_model − T_sup needed for γ
  thermal::ThermalOptions thermal = coarseThermalOptions(); ///< the model solved for (b)
  ResidualOptions residuals;
};

struct Calibration
{
  std::string name;
  std::vector<GpuPowerFit> gpuPower;
  bool inletFitted = false;
  InletFit inlet;
  ResidualReport before; ///< residuals with the uncalibrated models
  std::vector<std::string> notes;
};

/** (a) for every GPU part with samples. */
std::vector<GpuPowerFit> fitGpuPower(const Scene& scene, const Catalog& catalog,
                                     const Snapshot& snapshot, const MappingResult& mapping,
                                     double minUtilizationSpread = 0.2);

/** (b) from measured-with-predicted inlets, their sensitivities s_i and supply temperatures.
 *  All three vectors have one entry per inlet. */
InletFit fitInletModel(const std::vector<InletResidual>& inlets,
                       const std::vector<double>& sensitivity, const std::vector<double>& supplyC,
                       double minRiseSpreadK = 1.0);

/** Solve the thermal model of every hall (twice for the sensitivity), compute residuals and
 *  fit (a) and (b). A hall the thermal model rejects is listed in `notes` and left out. */
Calibration calibrate(const Scene& scene, const Catalog& catalog, const Snapshot& snapshot,
                      const MappingResult& mapping, const CalibrationOptions& options = {});

/** The named scenario: {"name":…, "parameters":{"gpuPower":{part:{idleW,peakW,…}},
 *  "thermal":{"supplyOffsetK",…}}, "error":{before/after RMS}}. */
std::string calibrationJson(const Calibration& calibration);
/**
 * The calibration as a scene Scenario (model.h) named `calibration.name`: when the inlets were
 * fitted, one "set setpoint" edit per air cooler (setpoint + δ, clamped to the thermal model's
 * 5–40 °C), so the scenario's thermal model reproduces the measured supply; the fitted GPU
 * power (not a scene figure: the catalog holds it) and the errors go into the description.
 */
Scenario calibrationScenario(const Scene& scene, const Calibration& calibration);
/** Add the scenario to `scene`, replacing one of the same name. Returns its index. */
std::size_t addCalibrationScenario(Scene& scene, const Calibration& calibration);

/** Residuals as JSON (summaries + every row). */
std::string residualsJson(const ResidualReport& report);
/** Residuals as CSV: kind,id,model,source,utilization,measured,predicted,residual. */
std::string residualsCsv(const ResidualReport& report);

} // namespace myriad::engine::telemetry
