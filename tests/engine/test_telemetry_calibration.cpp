// Tests of predicted-vs-measured residuals and the least-squares calibration (calibration.h):
// synthetic snapshots built with known parameters and seeded noise, which the fits must recover.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/telemetry/calibration.h"
#include "myriad/engine/telemetry/mapping.h"

#include <nlohmann/json.hpp>

#include <QtTest/QtTest>

#include <cmath>
#include <random>

using namespace myriad::engine;
using namespace myriad::engine::telemetry;

namespace
{

const Scene& lab()
{
  static const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  return scene;
}

/** A hand-built snapshot: add(entity, metric, value). */
struct SnapshotBuilder
{
  Snapshot snapshot;
  int metric(const char* name, const char* unit)
  {
    const int i = snapshot.metricIndex(name);
    if (i >= 0)
      return i;
    snapshot.metrics.push_back({ name, unit, name });
    return int(snapshot.metrics.size()) - 1;
  }
  int entity(const std::string& host, int gpu, const std::string& sensor = {})
  {
    Entity e;
    e.hostname = host;
    e.gpu = gpu;
    e.sensor = sensor;
    snapshot.entities.push_back(e);
    return int(snapshot.entities.size()) - 1;
  }
  void add(int entity, const char* name, const char* unit, double value)
  {
    Sample s;
    s.entity = entity;
    s.metric = metric(name, unit);
    s.value = value;
    snapshot.samples.push_back(s);
  }
};

template <class F>
void forEachNode(const Scene& scene, F f)
{
  const Hall& hall = scene.site.halls[0];
  for (const Row& row : hall.rows)
    for (const Rack& rack : row.racks)
      for (const Node& node : rack.nodes)
        f(rack, node);
}

/** GPUs drawing P = idle + (peak − idle)·u + N(0, noiseW), u uniform in [uMin, uMax]. */
Snapshot powerSnapshot(double idleW, double peakW, double noiseW, double uMin, double uMax)
{
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> util(uMin, uMax);
  std::normal_distribution<double> noise(0, noiseW);
  SnapshotBuilder b;
  forEachNode(lab(),
              [&](const Rack&, const Node& node)
              {
                for (const Gpu& gpu : node.gpus)
                {
                  const int e = b.entity(node.hostname, gpu.index);
                  const double u = util(rng);
                  b.add(e, metric::GpuUtilization, "ratio", u);
                  b.add(e, metric::GpuPower, "W", idleW + (peakW - idleW) * u + noise(rng));
                }
              });
  return b.snapshot;
}

const thermal::RackThermal* rackResult(const thermal::ThermalResult& r, const std::string& id)
{
  for (const auto& k : r.racks)
    if (k.id == id)
      return &k;
  return nullptr;
}

} // namespace

class TestTelemetryCalibration final : public QObject
{
  Q_OBJECT

private slots:
  void summaryStatistics();
  void gpuPowerFitRecoversIdleAndPeak();
  void gpuPowerNotIdentifiableWithoutUtilisationSpread();
  void inletsWarmerByConstantGiveSetpointCorrection();
  void recirculationGainRecovered();
  void inletEstimatedFromGpuTemperature();
  void nodePowerResidualAgainstPartPower();
  void scenarioJsonNamesParameters();
};

void TestTelemetryCalibration::summaryStatistics()
{
  // mean = (1 − 3 + 2)/3 = 0, RMS = √((1 + 9 + 4)/3), worst = the largest |r| with its id;
  // NaN (no reading) is left out.
  const ResidualSummary s =
    summarizeResiduals({ { "a", 1 }, { "b", -3 }, { "c", 2 }, { "d", kNaN } });
  QCOMPARE(s.count, 3);
  QVERIFY(std::abs(s.mean) < 1e-12);
  QVERIFY(std::abs(s.rms - std::sqrt(14.0 / 3)) < 1e-12);
  QCOMPARE(s.worst, -3.0);
  QCOMPARE(s.worstId, std::string("b"));
  QCOMPARE(summarizeResiduals({}).count, 0);
  QVERIFY(std::isnan(summarizeResiduals({}).rms));
}

void TestTelemetryCalibration::gpuPowerFitRecoversIdleAndPeak()
{
  // 256 H100s with true idle 90 W, peak 680 W, 5 W measurement noise and utilisation spread
  // over 0.05–1: the straight-line fit must recover idle and peak within 3 W (≈ 4 standard
  // errors), the after-RMS must equal the noise (≈ 5 W) and be below the catalog model's
  // (catalog idle = 0.3 × 700 W, an estimate, so the catalog misses by tens of watts).
  const Snapshot snap = powerSnapshot(90, 680, 5, 0.05, 1.0);
  const MappingResult m = mapSnapshot(lab(), snap);
  const auto fits = fitGpuPower(lab(), Catalog::builtin(), snap, m);
  QCOMPARE(fits.size(), std::size_t(1));
  const GpuPowerFit& f = fits.front();
  QCOMPARE(f.gpuPart, std::string("h100-sxm"));
  QCOMPARE(f.samples, 256);
  QVERIFY(f.identifiable);
  QVERIFY2(std::abs(f.idleW - 90) < 3, qPrintable(QString::number(f.idleW)));
  QVERIFY2(std::abs(f.peakW - 680) < 3, qPrintable(QString::number(f.peakW)));
  QVERIFY(f.idleSeW > 0.2 && f.idleSeW < 2);
  QVERIFY(f.peakSeW > 0.2 && f.peakSeW < 2);
  QVERIFY(std::abs(f.idleW - 90) < 4 * f.idleSeW);
  QVERIFY2(f.rmsAfterW > 4 && f.rmsAfterW < 6, qPrintable(QString::number(f.rmsAfterW)));
  QVERIFY(f.rmsBeforeW > 3 * f.rmsAfterW);
  QCOMPARE(f.catalogPeakW, 700.0);
}

void TestTelemetryCalibration::gpuPowerNotIdentifiableWithoutUtilisationSpread()
{
  // Every GPU at u ≈ 0.92: idle and peak cannot be separated (one point on the line), so the
  // catalog values are kept and the note says why.
  const Snapshot snap = powerSnapshot(90, 680, 5, 0.91, 0.93);
  const auto fits = fitGpuPower(lab(), Catalog::builtin(), snap, mapSnapshot(lab(), snap));
  QCOMPARE(fits.size(), std::size_t(1));
  QVERIFY(!fits[0].identifiable);
  QVERIFY(fits[0].note.find("not identifiable") != std::string::npos);
  QCOMPARE(fits[0].rmsAfterW, fits[0].rmsBeforeW);
}

void TestTelemetryCalibration::inletsWarmerByConstantGiveSetpointCorrection()
{
  // Every rack's intake sensor reads the model's inlet + 1.5 K (± 0.1 K seeded noise): the
  // cooling units deliver 1.5 K warmer air than their setpoint. The air model is linear in
  // temperature, so ∂T_in/∂T_setpoint ≈ 1; the fit must give a supply offset ≈ +1.5 K, i.e. a
  // setpoint correction ≈ −1.5 K, and the RMS after the fit must drop to the noise level.
  // One rack also has an 8 K local hot spot the model knows nothing of: it must be left out
  // of the fit as an outlier and must not move the offset.
  const CalibrationOptions options;
  const thermal::ThermalResult model =
    thermal::analyzeHall(lab(), 0, Catalog::builtin(), options.thermal);
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0, 0.1);
  SnapshotBuilder b;
  std::string hotRack;
  forEachNode(lab(),
              [&](const Rack& rack, const Node& node)
              {
                const auto* k = rackResult(model, rack.id);
                if (!k || !k->airCooled)
                  return;
                if (hotRack.empty())
                  hotRack = rack.id;
                const double hotSpot = rack.id == hotRack ? 8 : 0;
                b.add(b.entity(node.hostname, -1, "Inlet Temp"), metric::InletTemperature, "degC",
                      k->inletMeanC + 1.5 + hotSpot + noise(rng));
              });
  const Calibration cal =
    calibrate(lab(), Catalog::builtin(), b.snapshot, mapSnapshot(lab(), b.snapshot), options);
  QVERIFY(cal.inletFitted);
  QVERIFY(cal.inlet.racks >= 8); // lab-256: 32 DGX H100 nodes, 4 per rack
  QVERIFY2(std::abs(cal.inlet.sensitivity - 1) < 0.05,
           qPrintable(QString::number(cal.inlet.sensitivity)));
  QVERIFY2(std::abs(cal.inlet.setpointCorrectionK() + 1.5) < 0.1,
           qPrintable(QString::number(cal.inlet.setpointCorrectionK())));
  QCOMPARE(cal.inlet.outlierRacks, std::vector<std::string>{ hotRack });
  QVERIFY(cal.inlet.rmsAfterInliersK < 0.2);
  QVERIFY(cal.inlet.rmsAfterK < cal.inlet.rmsBeforeK);
  QCOMPARE(cal.before.inletSummary.worstId, hotRack);
  QCOMPARE(cal.before.inletSummary.count, cal.inlet.racks);
  for (const auto& r : cal.before.inlets)
    QCOMPARE(r.source, InletSource::Sensor);

  // Kept in the scene as a named scenario: every air cooler's setpoint + δ, which survives the
  // scene file's strict reader; calibrating again under the same name replaces it.
  Scene scene = lab();
  QCOMPARE(addCalibrationScenario(scene, cal), std::size_t(0));
  const Scenario& sc = scene.scenarios.front();
  QCOMPARE(sc.name, cal.name);
  QCOMPARE(sc.editsJson.size(), scene.site.halls[0].coolers.size());
  const auto edit = nlohmann::json::parse(sc.editsJson.front());
  QCOMPARE(edit["key"].get<std::string>(), std::string("setpoint"));
  QVERIFY(std::abs(edit["value"].get<double>() - (scene.site.halls[0].coolers[0].supplySetpointC +
                                                  cal.inlet.supplyOffsetK)) < 1e-9);
  QVERIFY(sc.description.find("inlet RMS") != std::string::npos);
  QCOMPARE(addCalibrationScenario(scene, cal), std::size_t(0));
  QCOMPARE(scene.scenarios.size(), std::size_t(1));
  const Scene reread = sceneFromJson(sceneToJson(scene), "calibrated.json", Catalog::builtin());
  QCOMPARE(reread.scenarios, scene.scenarios);
}

void TestTelemetryCalibration::recirculationGainRecovered()
{
  // Racks whose inlets rise 0–6 K above a 20 °C supply in the model, measured as
  // T = T_sup + 0.4 + 1.3·(T_model − T_sup): more exhaust recirculates than modelled. With unit
  // sensitivity the fit must return δ = 0.4 K and gain 1.3 and leave no residual.
  std::vector<InletResidual> inlets;
  std::vector<double> sensitivity, supply;
  for (int i = 0; i < 12; ++i)
  {
    InletResidual r;
    r.rackId = "K" + std::to_string(i);
    r.predictedC = 20 + 0.5 * i;
    r.measuredC = 20 + 0.4 + 1.3 * (r.predictedC - 20);
    inlets.push_back(r);
    sensitivity.push_back(1);
    supply.push_back(20);
  }
  const InletFit f = fitInletModel(inlets, sensitivity, supply);
  QVERIFY(f.gainFitted);
  QVERIFY(std::abs(f.supplyOffsetK - 0.4) < 1e-9);
  QVERIFY(std::abs(f.recirculationGain - 1.3) < 1e-9);
  QVERIFY(f.rmsAfterK < 1e-9);
  QVERIFY(f.rmsBeforeK > 1);
  // Rises all equal: the gain is not identifiable, the offset alone is fitted.
  for (auto& r : inlets)
    r.predictedC = 25, r.measuredC = 26;
  const InletFit flat = fitInletModel(inlets, sensitivity, supply);
  QVERIFY(!flat.gainFitted);
  QCOMPARE(flat.recirculationGain, 1.0);
  QVERIFY(std::abs(flat.supplyOffsetK - 1) < 1e-9);
}

void TestTelemetryCalibration::inletEstimatedFromGpuTemperature()
{
  // Without intake sensors a rack's inlet is estimated as T_gpu − R_th·P (R_th = 0.06 K/W).
  // GPUs reading T_gpu = (model inlet + 2 K) + 0.06·P put every estimated inlet 2 K above the
  // model; one rack with a real intake sensor at the model's value uses the sensor instead.
  const thermal::ThermalResult model =
    thermal::analyzeHall(lab(), 0, Catalog::builtin(), coarseThermalOptions());
  SnapshotBuilder b;
  std::string sensorRack;
  forEachNode(lab(),
              [&](const Rack& rack, const Node& node)
              {
                const auto* k = rackResult(model, rack.id);
                if (!k || !k->airCooled)
                  return;
                for (const Gpu& gpu : node.gpus)
                {
                  const int e = b.entity(node.hostname, gpu.index);
                  b.add(e, metric::GpuPower, "W", 600);
                  b.add(e, metric::GpuUtilization, "ratio", 0.8);
                  b.add(e, metric::GpuTemperature, "degC", k->inletMeanC + 2 + 0.06 * 600);
                }
                if (sensorRack.empty() || sensorRack == rack.id)
                {
                  sensorRack = rack.id;
                  b.add(b.entity(node.hostname, -1, "Intake"), metric::InletTemperature, "degC",
                        k->inletMeanC);
                }
              });
  const ResidualReport r = computeResiduals(lab(), Catalog::builtin(), b.snapshot,
                                            mapSnapshot(lab(), b.snapshot), { model });
  QVERIFY(r.inlets.size() >= 8);
  for (const InletResidual& i : r.inlets)
  {
    const bool sensor = i.rackId == sensorRack;
    QCOMPARE(i.source, sensor ? InletSource::Sensor : InletSource::GpuTemperature);
    QVERIFY2(std::abs(i.residualK() - (sensor ? 0 : 2)) < 1e-6, i.rackId.c_str());
  }
  QVERIFY(std::abs(r.inletSummary.worst - 2) < 1e-6);
  const double n = double(r.inlets.size());
  QVERIFY(std::abs(r.inletSummary.mean - 2 * (n - 1) / n) < 1e-6); // one rack at 0, the rest +2
  // Power: catalog model at u = 0.8 is 210 + 0.8·(700 − 210) = 602 W, measured 600 W.
  QVERIFY(!r.gpuPower.empty());
  QVERIFY(std::abs(r.gpuPower.front().residualW() + 2) < 1e-6);
}

void TestTelemetryCalibration::nodePowerResidualAgainstPartPower()
{
  // A chassis reading of the server part's P(ū) at its GPUs' mean utilisation (0.5) has zero
  // residual; one 500 W higher has +500 W and is the worst.
  const economics::PartPower part = economics::partPower("dgx-h100", Catalog::builtin());
  SnapshotBuilder b;
  int nodes = 0;
  forEachNode(lab(),
              [&](const Rack&, const Node& node)
              {
                if (nodes >= 3 || node.model != "dgx-h100")
                  return;
                for (const Gpu& gpu : node.gpus)
                  b.add(b.entity(node.hostname, gpu.index), metric::GpuUtilization, "ratio",
                        gpu.index % 2 ? 0.75 : 0.25);
                const double extra = nodes == 1 ? 500 : 0;
                b.add(b.entity(node.hostname, -1, "Chassis"), metric::NodePower, "W",
                      part.at(0.5) + extra);
                ++nodes;
              });
  QCOMPARE(nodes, 3);
  const ResidualReport r =
    computeResiduals(lab(), Catalog::builtin(), b.snapshot, mapSnapshot(lab(), b.snapshot), {});
  QCOMPARE(r.nodePower.size(), std::size_t(3));
  QVERIFY(std::abs(r.nodePowerSummary.worst - 500) < 1e-6);
  QCOMPARE(r.nodePowerSummary.worstId, r.nodePower[1].id);
  QVERIFY(std::abs(r.nodePower[0].residualW()) < 1e-6);
  QVERIFY(!r.notes.empty()); // no thermal result given
}

void TestTelemetryCalibration::scenarioJsonNamesParameters()
{
  // The scenario is {"name", "parameters":{"gpuPower":{part:{idleW,peakW,…}}}, "error":{…}}.
  const Snapshot snap = powerSnapshot(90, 680, 5, 0.05, 1.0);
  CalibrationOptions options;
  options.name = "hall-1 2026-12";
  const Calibration cal =
    calibrate(lab(), Catalog::builtin(), snap, mapSnapshot(lab(), snap), options);
  const auto doc = nlohmann::json::parse(calibrationJson(cal));
  QCOMPARE(doc["name"].get<std::string>(), options.name);
  const auto& h100 = doc["parameters"]["gpuPower"]["h100-sxm"];
  QVERIFY(std::abs(h100["idleW"].get<double>() - 90) < 3);
  QVERIFY(std::abs(h100["peakW"].get<double>() - 680) < 3);
  const auto& err = doc["error"]["gpuPowerW"]["h100-sxm"];
  QVERIFY(err["rmsAfterW"].get<double>() < err["rmsBeforeW"].get<double>());
  // GPU temperatures absent and no intake sensors: no thermal parameters.
  QVERIFY(!doc["parameters"].contains("thermal"));
  const auto residuals = nlohmann::json::parse(residualsJson(cal.before));
  QCOMPARE(residuals["gpuPower"].size(), std::size_t(256));
  QVERIFY(residualsCsv(cal.before).find("gpu_power,") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestTelemetryCalibration)
#include "test_telemetry_calibration.moc"
