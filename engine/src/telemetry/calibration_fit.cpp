/**
 * @file calibration_fit.cpp
 * Least-squares calibration of the GPU power model (idle/peak per GPU part) and of the hall
 * thermal model (supply offset and recirculation gain); equations in calibration.h and
 * docs/models/telemetry.md §12. Linear least squares by column-pivoting QR (Eigen), standard
 * errors from σ̂²·(AᵀA)⁻¹.
 */
#include "myriad/engine/telemetry/calibration.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/telemetry/report.h"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace myriad::engine::telemetry
{
namespace
{

/** Solution, standard errors and residuals of min ‖A·x − y‖². */
struct LeastSquares
{
  Eigen::VectorXd x;
  Eigen::VectorXd standardError; ///< NaN when n ≤ columns (no degrees of freedom left)
  Eigen::VectorXd residual;      ///< y − A·x
  Eigen::MatrixXd covariance;
};

LeastSquares solveLeastSquares(const Eigen::MatrixXd& a, const Eigen::VectorXd& y)
{
  LeastSquares ls;
  ls.x = a.colPivHouseholderQr().solve(y);
  ls.residual = y - a * ls.x;
  const auto n = a.rows(), p = a.cols();
  const double sigma2 = n > p ? ls.residual.squaredNorm() / double(n - p) : kNaN;
  ls.covariance = sigma2 * (a.transpose() * a).inverse();
  ls.standardError = ls.covariance.diagonal().cwiseSqrt();
  return ls;
}

double rms(const Eigen::VectorXd& v)
{
  return v.size() ? std::sqrt(v.squaredNorm() / double(v.size())) : kNaN;
}

/** Rows whose residual lies further than max(3·1.4826·MAD, floor) from the median. */
std::vector<bool> robustOutliers(const Eigen::VectorXd& residual, double floor)
{
  const auto median = [](std::vector<double> v)
  {
    const auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
  };
  std::vector<double> values(residual.data(), residual.data() + residual.size());
  const double m = median(values);
  std::vector<double> deviation;
  for (double v : values)
    deviation.push_back(std::abs(v - m));
  const double limit = std::max(3 * 1.4826 * median(deviation), floor);
  std::vector<bool> outlier;
  for (double d : deviation)
    outlier.push_back(d > limit);
  return outlier;
}

constexpr double kOutlierFloorK = 1.0;

struct PowerSamples
{
  GpuPowerModel catalog;
  std::vector<double> utilization, powerW;
};

GpuPowerFit fitOne(const std::string& part, const PowerSamples& s, double minSpread)
{
  GpuPowerFit fit;
  fit.gpuPart = part;
  fit.samples = int(s.powerW.size());
  fit.catalogIdleW = s.catalog.idleW;
  fit.catalogPeakW = s.catalog.peakW;
  const auto n = Eigen::Index(s.powerW.size());
  const Eigen::Map<const Eigen::VectorXd> u(s.utilization.data(), n), p(s.powerW.data(), n);
  fit.utilizationMin = u.minCoeff();
  fit.utilizationMax = u.maxCoeff();
  fit.rmsBeforeW = rms(
    p - (Eigen::VectorXd::Constant(n, s.catalog.idleW) + (s.catalog.peakW - s.catalog.idleW) * u));
  fit.rmsAfterW = fit.rmsBeforeW;
  if (n < 3 || fit.utilizationMax - fit.utilizationMin < minSpread)
  {
    char note[200];
    std::snprintf(note, sizeof note,
                  "%s: idle and peak not identifiable from %d GPUs with utilisation %.2f–%.2f "
                  "(needs ≥ 3 GPUs and a spread ≥ %.2f); catalog values kept",
                  part.c_str(), fit.samples, fit.utilizationMin, fit.utilizationMax, minSpread);
    fit.note = note;
    return fit;
  }
  Eigen::MatrixXd a(n, 2);
  a.col(0).setOnes();
  a.col(1) = u;
  const LeastSquares ls = solveLeastSquares(a, p);
  fit.identifiable = true;
  fit.idleW = ls.x(0);
  fit.peakW = ls.x(0) + ls.x(1);
  fit.idleSeW = std::sqrt(ls.covariance(0, 0));
  fit.peakSeW = std::sqrt(ls.covariance(0, 0) + ls.covariance(1, 1) + 2 * ls.covariance(0, 1));
  fit.rmsAfterW = rms(ls.residual);
  return fit;
}

nlohmann::json num(double v)
{
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

/** Solve hall `h` as is and with every cooler setpoint moved by `delta` (warm start). */
std::pair<thermal::ThermalResult, thermal::ThermalResult> solveWithShiftedSetpoint(
  const Scene& scene, int h, const Catalog& catalog, const thermal::ThermalOptions& options,
  double& delta)
{
  thermal::ThermalResult base = thermal::analyzeHall(scene, h, catalog, options);
  Scene shifted = scene;
  auto& coolers = shifted.site.halls[std::size_t(h)].coolers;
  // Stay inside the model's 5–40 °C setpoint range.
  const bool nearTop = std::any_of(coolers.begin(), coolers.end(),
                                   [](const CoolingUnit& c) { return c.supplySetpointC > 39; });
  delta = nearTop ? -1.0 : 1.0;
  for (CoolingUnit& c : coolers)
    c.supplySetpointC += delta;
  thermal::ThermalResult moved =
    thermal::analyzeHall(shifted, h, catalog, options, nullptr, &base.solution);
  return { std::move(base), std::move(moved) };
}

} // namespace

std::vector<GpuPowerFit> fitGpuPower(const Scene& scene, const Catalog& catalog,
                                     const Snapshot& snapshot, const MappingResult& mapping,
                                     double minUtilizationSpread)
{
  std::map<std::string, PowerSamples> byPart;
  std::unordered_map<std::string, GpuPowerModel> models;
  for (const GpuReading& g : summarize(scene, snapshot, mapping, 0).gpus)
  {
    if (g.dead() || !std::isfinite(g.powerW) || !std::isfinite(g.utilization))
      continue;
    const Node& node = scene.site.halls[std::size_t(g.ref.hall)]
                         .rows[std::size_t(g.ref.row)]
                         .racks[std::size_t(g.ref.rack)]
                         .nodes[std::size_t(g.ref.node)];
    auto it = models.find(node.model);
    if (it == models.end())
      it = models.emplace(node.model, gpuPowerModel(node.model, catalog)).first;
    if (it->second.gpuPart.empty() || !std::isfinite(it->second.peakW))
      continue;
    PowerSamples& s = byPart[it->second.gpuPart];
    s.catalog = it->second;
    s.utilization.push_back(g.utilization);
    s.powerW.push_back(g.powerW);
  }
  std::vector<GpuPowerFit> fits;
  for (const auto& [part, samples] : byPart)
    fits.push_back(fitOne(part, samples, minUtilizationSpread));
  return fits;
}

InletFit fitInletModel(const std::vector<InletResidual>& inlets,
                       const std::vector<double>& sensitivity, const std::vector<double>& supplyC,
                       double minRiseSpreadK)
{
  InletFit fit;
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < inlets.size() && i < sensitivity.size() && i < supplyC.size(); ++i)
    if (std::isfinite(inlets[i].residualK()) && std::isfinite(sensitivity[i]) &&
        std::isfinite(supplyC[i]))
      rows.push_back(i);
  const auto n = Eigen::Index(rows.size());
  fit.racks = int(n);
  if (n == 0)
  {
    fit.note = "no rack has both a measured and a predicted inlet";
    return fit;
  }
  Eigen::VectorXd r(n), s(n), rise(n);
  for (Eigen::Index k = 0; k < n; ++k)
  {
    const auto i = rows[std::size_t(k)];
    r(k) = inlets[i].residualK();
    s(k) = sensitivity[i];
    rise(k) = inlets[i].predictedC - supplyC[i];
  }
  fit.sensitivity = s.mean();
  fit.rmsBeforeK = rms(r);
  fit.meanBeforeK = r.mean();
  fit.gainFitted = n >= 3 && rise.maxCoeff() - rise.minCoeff() >= minRiseSpreadK;
  if (!fit.gainFitted)
    fit.note = "inlet rises above supply vary too little to fit a recirculation gain; "
               "supply offset only";
  Eigen::MatrixXd a(n, fit.gainFitted ? 2 : 1);
  a.col(0) = s;
  if (fit.gainFitted)
    a.col(1) = rise;
  LeastSquares ls = solveLeastSquares(a, r);
  // Racks the model cannot explain (a local hot spot) would drag the hall-wide parameters:
  // drop residuals beyond max(3·1.4826·MAD, 1 K) from the median and fit again.
  const std::vector<bool> outlier = robustOutliers(ls.residual, kOutlierFloorK);
  const auto inliers = Eigen::Index(std::count(outlier.begin(), outlier.end(), false));
  if (inliers < n && inliers > a.cols())
  {
    Eigen::MatrixXd ai(inliers, a.cols());
    Eigen::VectorXd ri(inliers);
    for (Eigen::Index k = 0, j = 0; k < n; ++k)
      if (!outlier[std::size_t(k)])
      {
        ai.row(j) = a.row(k);
        ri(j++) = r(k);
      }
    const LeastSquares robust = solveLeastSquares(ai, ri);
    ls.x = robust.x;
    ls.standardError = robust.standardError;
    ls.residual = r - a * ls.x;
    fit.rmsAfterInliersK = rms(robust.residual);
    for (Eigen::Index k = 0; k < n; ++k)
      if (outlier[std::size_t(k)])
        fit.outlierRacks.push_back(inlets[rows[std::size_t(k)]].rackId);
  }
  else
    fit.rmsAfterInliersK = rms(ls.residual);
  fit.supplyOffsetK = ls.x(0);
  fit.supplyOffsetSeK = ls.standardError(0);
  if (fit.gainFitted)
  {
    fit.recirculationGain = 1 + ls.x(1);
    fit.recirculationGainSe = ls.standardError(1);
  }
  fit.rmsAfterK = rms(ls.residual);
  fit.meanAfterK = ls.residual.mean();
  for (Eigen::Index k = 0; k < n; ++k)
    fit.rackResidualAfterK.emplace_back(inlets[rows[std::size_t(k)]].rackId, ls.residual(k));
  return fit;
}

Calibration calibrate(const Scene& scene, const Catalog& catalog, const Snapshot& snapshot,
                      const MappingResult& mapping, const CalibrationOptions& options)
{
  Calibration cal;
  cal.name = options.name;
  std::vector<thermal::ThermalResult> base;
  std::unordered_map<std::string, std::pair<double, double>> rackSensitivitySupply;
  for (int h = 0; h < int(scene.site.halls.size()); ++h)
  {
    try
    {
      double delta = 1;
      auto [solved, moved] = solveWithShiftedSetpoint(scene, h, catalog, options.thermal, delta);
      for (std::size_t k = 0; k < solved.racks.size() && k < moved.racks.size(); ++k)
        rackSensitivitySupply[solved.racks[k].id] = {
          (moved.racks[k].inletMeanC - solved.racks[k].inletMeanC) / delta, solved.supplyMeanC
        };
      base.push_back(std::move(solved));
    }
    catch (const Error& e)
    {
      cal.notes.push_back("hall " + scene.site.halls[std::size_t(h)].id +
                          ": thermal model not solved: " + e.what());
    }
  }
  cal.before = computeResiduals(scene, catalog, snapshot, mapping, base, options.residuals);
  if (!cal.before.inlets.empty())
  {
    std::vector<double> sensitivity, supply;
    for (const InletResidual& r : cal.before.inlets)
    {
      const auto it = rackSensitivitySupply.find(r.rackId);
      sensitivity.push_back(it == rackSensitivitySupply.end() ? kNaN : it->second.first);
      supply.push_back(it == rackSensitivitySupply.end() ? kNaN : it->second.second);
    }
    cal.inlet = fitInletModel(cal.before.inlets, sensitivity, supply, options.minRiseSpreadK);
    cal.inletFitted = cal.inlet.racks > 0;
  }
  cal.gpuPower = fitGpuPower(scene, catalog, snapshot, mapping, options.minUtilizationSpread);
  cal.notes.insert(cal.notes.end(), cal.before.notes.begin(), cal.before.notes.end());
  return cal;
}

Scenario calibrationScenario(const Scene& scene, const Calibration& c)
{
  Scenario scenario;
  scenario.name = c.name.empty() ? "calibrated" : c.name;
  std::string text = "Calibrated from telemetry.";
  char buf[320];
  for (const GpuPowerFit& f : c.gpuPower)
    if (f.identifiable)
    {
      std::snprintf(buf, sizeof buf,
                    " %s: idle %.1f ± %.1f W, peak %.1f ± %.1f W (catalog %.0f / %.0f W), power "
                    "RMS %.1f → %.1f W.",
                    f.gpuPart.c_str(), f.idleW, f.idleSeW, f.peakW, f.peakSeW, f.catalogIdleW,
                    f.catalogPeakW, f.rmsBeforeW, f.rmsAfterW);
      text += buf;
    }
  if (c.inletFitted)
  {
    std::snprintf(buf, sizeof buf,
                  " Supply %+.2f K from the setpoints (recirculation gain %.2f), inlet RMS %.2f → "
                  "%.2f K over %d racks.",
                  c.inlet.supplyOffsetK, c.inlet.recirculationGain, c.inlet.rmsBeforeK,
                  c.inlet.rmsAfterK, c.inlet.racks);
    text += buf;
    for (const Hall& hall : scene.site.halls)
      for (const CoolingUnit& cooler : hall.coolers)
        if (cooler.kind != CoolerKind::Cdu)
          scenario.editsJson.push_back(nlohmann::json{
            { "op", "set" },
            { "id", cooler.id },
            { "key", "setpoint" },
            { "value", std::clamp(cooler.supplySetpointC + c.inlet.supplyOffsetK, 5.0, 40.0) } }
                                         .dump());
  }
  scenario.description = text;
  return scenario;
}

std::size_t addCalibrationScenario(Scene& scene, const Calibration& calibration)
{
  Scenario scenario = calibrationScenario(scene, calibration);
  for (std::size_t i = 0; i < scene.scenarios.size(); ++i)
    if (scene.scenarios[i].name == scenario.name)
    {
      scene.scenarios[i] = std::move(scenario);
      return i;
    }
  scene.scenarios.push_back(std::move(scenario));
  return scene.scenarios.size() - 1;
}

std::string calibrationJson(const Calibration& c)
{
  nlohmann::json gpuParams = nlohmann::json::object(), gpuError = nlohmann::json::object();
  for (const GpuPowerFit& f : c.gpuPower)
  {
    if (f.identifiable)
      gpuParams[f.gpuPart] = { { "idleW", f.idleW },
                               { "peakW", f.peakW },
                               { "idleSeW", num(f.idleSeW) },
                               { "peakSeW", num(f.peakSeW) },
                               { "samples", f.samples },
                               { "catalogIdleW", f.catalogIdleW },
                               { "catalogPeakW", f.catalogPeakW } };
    gpuError[f.gpuPart] = { { "rmsBeforeW", num(f.rmsBeforeW) },
                            { "rmsAfterW", num(f.rmsAfterW) },
                            { "identifiable", f.identifiable },
                            { "note", f.note } };
  }
  nlohmann::json params = { { "gpuPower", gpuParams } };
  nlohmann::json error = { { "gpuPowerW", gpuError } };
  if (c.inletFitted)
  {
    const InletFit& f = c.inlet;
    nlohmann::json offsets = nlohmann::json::object();
    for (const auto& [rack, r] : f.rackResidualAfterK)
      offsets[rack] = r;
    params["thermal"] = { { "supplyOffsetK", f.supplyOffsetK },
                          { "supplyOffsetSeK", num(f.supplyOffsetSeK) },
                          { "setpointCorrectionK", f.setpointCorrectionK() },
                          { "recirculationGain", f.recirculationGain },
                          { "recirculationGainSe", num(f.recirculationGainSe) },
                          { "gainFitted", f.gainFitted },
                          { "sensitivity", num(f.sensitivity) },
                          { "outlierRacks", f.outlierRacks },
                          { "rackInletOffsetK", offsets } };
    error["inletK"] = { { "racks", f.racks },
                        { "rmsBefore", num(f.rmsBeforeK) },
                        { "rmsAfter", num(f.rmsAfterK) },
                        { "rmsAfterWithoutOutliers", num(f.rmsAfterInliersK) },
                        { "meanBefore", num(f.meanBeforeK) },
                        { "meanAfter", num(f.meanAfterK) },
                        { "note", f.note } };
  }
  const nlohmann::json doc = {
    { "name", c.name }, { "parameters", params }, { "error", error }, { "notes", c.notes }
  };
  return doc.dump(1, '\t') + "\n";
}

} // namespace myriad::engine::telemetry
