/**
 * @file calibration_residuals.cpp
 * Predicted vs measured: rack inlets against the thermal model, GPU and node power against the
 * catalog power model (equations in calibration.h), their summaries and JSON/CSV output.
 */
#include "myriad/engine/telemetry/calibration.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/power_chain.h"
#include "myriad/engine/telemetry/report.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>
#include <unordered_map>

namespace myriad::engine::telemetry
{
namespace
{

using RackKey = std::tuple<int, int, int>;

RackKey rackKeyOf(const ObjectRef& r)
{
  return { r.hall, r.row, r.rack };
}

const Node& nodeAt(const Scene& scene, const ObjectRef& r)
{
  return scene.site.halls[std::size_t(r.hall)]
    .rows[std::size_t(r.row)]
    .racks[std::size_t(r.rack)]
    .nodes[std::size_t(r.node)];
}

struct Mean
{
  double sum = 0;
  int count = 0;
  void add(double v)
  {
    sum += v;
    ++count;
  }
  double value() const { return count ? sum / count : kNaN; }
};

bool usable(const GpuReading& g)
{
  return !g.dead() && std::isfinite(g.powerW) && std::isfinite(g.utilization);
}

/** Mean measured GPU utilisation per node, keyed by (hall,row,rack,node). */
std::map<std::tuple<int, int, int, int>, Mean> nodeUtilization(const TelemetryReport& report)
{
  std::map<std::tuple<int, int, int, int>, Mean> result;
  for (const GpuReading& g : report.gpus)
    if (!g.dead() && std::isfinite(g.utilization))
      result[{ g.ref.hall, g.ref.row, g.ref.rack, g.ref.node }].add(g.utilization);
  return result;
}

void addNodePowerResiduals(const Scene& scene, const Catalog& catalog, const Snapshot& snapshot,
                           const MappingResult& mapping, const TelemetryReport& readings,
                           ResidualReport& out)
{
  const int power = snapshot.metricIndex(metric::NodePower);
  if (power < 0)
    return;
  const auto utilization = nodeUtilization(readings);
  int withoutUtilization = 0;
  for (const Sample& s : snapshot.samples)
  {
    if (s.metric != power || s.missing || !std::isfinite(s.value) ||
        std::size_t(s.entity) >= mapping.entityRefs.size())
      continue;
    const ObjectRef& ref = mapping.entityRefs[std::size_t(s.entity)];
    if (ref.kind != ObjectKind::Node)
      continue;
    const auto it = utilization.find({ ref.hall, ref.row, ref.rack, ref.node });
    if (it == utilization.end())
    {
      ++withoutUtilization;
      continue;
    }
    const Node& node = nodeAt(scene, ref);
    const economics::PartPower model = economics::partPower(node.model, catalog);
    if (model.missing)
      continue;
    PowerResidual r;
    r.id = node.id;
    r.ref = ref;
    r.model = node.model;
    r.utilization = it->second.value();
    r.measuredW = s.value;
    r.predictedW = model.at(r.utilization);
    out.nodePower.push_back(std::move(r));
  }
  if (withoutUtilization > 0)
    out.notes.push_back(std::to_string(withoutUtilization) +
                        " node power readings skipped: no GPU utilisation measured on the node");
}

void addGpuPowerResiduals(const Scene& scene, const Catalog& catalog,
                          const TelemetryReport& readings, ResidualReport& out)
{
  std::unordered_map<std::string, GpuPowerModel> models;
  for (const GpuReading& g : readings.gpus)
  {
    if (!usable(g))
      continue;
    const Node& node = nodeAt(scene, g.ref);
    auto it = models.find(node.model);
    if (it == models.end())
      it = models.emplace(node.model, gpuPowerModel(node.model, catalog)).first;
    if (!std::isfinite(it->second.peakW))
      continue;
    PowerResidual r;
    r.id = g.gpuId;
    r.ref = g.ref;
    r.model = it->second.gpuPart;
    r.utilization = g.utilization;
    r.measuredW = g.powerW;
    r.predictedW = it->second.at(g.utilization);
    out.gpuPower.push_back(std::move(r));
  }
}

template <class Row, class Value>
ResidualSummary summarizeRows(const std::vector<Row>& rows, Value value, std::string Row::*id)
{
  std::vector<std::pair<std::string, double>> pairs;
  pairs.reserve(rows.size());
  for (const Row& r : rows)
    pairs.emplace_back(r.*id, value(r));
  return summarizeResiduals(pairs);
}

nlohmann::json summaryJson(const ResidualSummary& s)
{
  const auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
  return { { "count", s.count },
           { "mean", num(s.mean) },
           { "rms", num(s.rms) },
           { "worst", num(s.worst) },
           { "worstId", s.worstId } };
}

} // namespace

const char* toString(InletSource source)
{
  return source == InletSource::Sensor ? "sensor" : "gpu-temperature";
}

GpuPowerModel gpuPowerModel(const std::string& serverPart, const Catalog& catalog)
{
  GpuPowerModel model;
  const Part* server = catalog.find(serverPart);
  if (!server)
    return model;
  const auto gpu = server->attributes.find("gpu");
  const Part* part = gpu == server->attributes.end() ? nullptr : catalog.find(gpu->second);
  if (!part)
    return model;
  model.gpuPart = part->id;
  model.peakW = part->valueOr("powerMaxW", part->valueOr("tdpW", kNaN));
  const double idle = part->valueOr("powerIdleW", kNaN);
  model.idleEstimated = !std::isfinite(idle);
  model.idleW = model.idleEstimated ? economics::kIdleFractionEstimate * model.peakW : idle;
  return model;
}

std::vector<InletResidual> measureRackInlets(const Scene& scene, const Snapshot& snapshot,
                                             const MappingResult& mapping,
                                             const ResidualOptions& options)
{
  std::map<RackKey, Mean> sensors, estimates;
  const int inlet = snapshot.metricIndex(metric::InletTemperature);
  for (const Sample& s : snapshot.samples)
  {
    if (s.metric != inlet || inlet < 0 || s.missing || !std::isfinite(s.value) ||
        std::size_t(s.entity) >= mapping.entityRefs.size())
      continue;
    const ObjectRef& ref = mapping.entityRefs[std::size_t(s.entity)];
    if (ref.kind == ObjectKind::Node || ref.kind == ObjectKind::Gpu)
      sensors[rackKeyOf(ref)].add(s.value);
  }
  if (options.inletFromGpuTemperature)
  {
    for (const GpuReading& g : summarize(scene, snapshot, mapping, 0).gpus)
      if (!g.dead() && std::isfinite(g.temperatureC) && std::isfinite(g.powerW))
        estimates[rackKeyOf(g.ref)].add(g.temperatureC -
                                        options.gpuThermalResistanceKPerW * g.powerW);
  }
  std::map<RackKey, InletResidual> merged;
  const auto add = [&](const std::map<RackKey, Mean>& from, InletSource source)
  {
    for (const auto& [key, mean] : from)
    {
      if (merged.count(key))
        continue; // a sensor reading wins over the GPU estimate
      InletResidual r;
      r.ref = { ObjectKind::Rack, std::get<0>(key), std::get<1>(key), std::get<2>(key) };
      r.rackId = idOf(scene, r.ref);
      r.source = source;
      r.readings = mean.count;
      r.measuredC = mean.value();
      merged.emplace(key, std::move(r));
    }
  };
  add(sensors, InletSource::Sensor);
  add(estimates, InletSource::GpuTemperature);
  std::vector<InletResidual> result;
  result.reserve(merged.size());
  for (auto& [key, r] : merged)
    result.push_back(std::move(r));
  return result;
}

ResidualSummary summarizeResiduals(const std::vector<std::pair<std::string, double>>& residuals)
{
  ResidualSummary s;
  double sum = 0, sumSquares = 0;
  for (const auto& [id, r] : residuals)
  {
    if (!std::isfinite(r))
      continue;
    ++s.count;
    sum += r;
    sumSquares += r * r;
    if (s.count == 1 || std::abs(r) > std::abs(s.worst))
    {
      s.worst = r;
      s.worstId = id;
    }
  }
  if (s.count > 0)
  {
    s.mean = sum / s.count;
    s.rms = std::sqrt(sumSquares / s.count);
  }
  return s;
}

ResidualReport computeResiduals(const Scene& scene, const Catalog& catalog,
                                const Snapshot& snapshot, const MappingResult& mapping,
                                const std::vector<thermal::ThermalResult>& thermal,
                                const ResidualOptions& options)
{
  ResidualReport out;
  std::unordered_map<std::string, const thermal::RackThermal*> predicted;
  for (const auto& hall : thermal)
    for (const auto& rack : hall.racks)
      if (rack.airCooled)
        predicted.emplace(rack.id, &rack);
  int unpredicted = 0;
  for (InletResidual& r : measureRackInlets(scene, snapshot, mapping, options))
  {
    const auto it = predicted.find(r.rackId);
    if (it == predicted.end())
    {
      ++unpredicted;
      continue;
    }
    r.predictedC = it->second->inletMeanC;
    out.inlets.push_back(std::move(r));
  }
  if (thermal.empty())
    out.notes.push_back("no thermal result: inlet temperatures not compared");
  else if (unpredicted > 0)
    out.notes.push_back(std::to_string(unpredicted) +
                        " racks with a measured inlet have no air-cooled prediction");
  const TelemetryReport readings = summarize(scene, snapshot, mapping, 0);
  addGpuPowerResiduals(scene, catalog, readings, out);
  addNodePowerResiduals(scene, catalog, snapshot, mapping, readings, out);
  out.inletSummary = summarizeRows(
    out.inlets, [](const InletResidual& r) { return r.residualK(); }, &InletResidual::rackId);
  const auto power = [](const PowerResidual& r) { return r.residualW(); };
  out.gpuPowerSummary = summarizeRows(out.gpuPower, power, &PowerResidual::id);
  out.nodePowerSummary = summarizeRows(out.nodePower, power, &PowerResidual::id);
  return out;
}

std::string residualsJson(const ResidualReport& report)
{
  nlohmann::json inlets = nlohmann::json::array(), gpus = nlohmann::json::array(),
                 nodes = nlohmann::json::array();
  for (const auto& r : report.inlets)
    inlets.push_back({ { "rack", r.rackId },
                       { "source", toString(r.source) },
                       { "readings", r.readings },
                       { "measuredC", r.measuredC },
                       { "predictedC", r.predictedC },
                       { "residualK", r.residualK() } });
  const auto power = [](nlohmann::json& into, const std::vector<PowerResidual>& rows)
  {
    for (const auto& r : rows)
      into.push_back({ { "id", r.id },
                       { "model", r.model },
                       { "utilization", r.utilization },
                       { "measuredW", r.measuredW },
                       { "predictedW", r.predictedW },
                       { "residualW", r.residualW() } });
  };
  power(gpus, report.gpuPower);
  power(nodes, report.nodePower);
  nlohmann::json doc = {
    { "summary",
      { { "inletK", summaryJson(report.inletSummary) },
        { "gpuPowerW", summaryJson(report.gpuPowerSummary) },
        { "nodePowerW", summaryJson(report.nodePowerSummary) } } },
    { "notes", report.notes },
    { "inlets", inlets },
    { "gpuPower", gpus },
    { "nodePower", nodes },
  };
  return doc.dump(1, '\t') + "\n";
}

std::string residualsCsv(const ResidualReport& report)
{
  std::string out = "kind,id,model,source,utilization,measured,predicted,residual\n";
  char line[256];
  for (const auto& r : report.inlets)
  {
    std::snprintf(line, sizeof line, "inlet,%s,,%s,,%.3f,%.3f,%.3f\n", r.rackId.c_str(),
                  toString(r.source), r.measuredC, r.predictedC, r.residualK());
    out += line;
  }
  const auto power = [&](const char* kind, const std::vector<PowerResidual>& rows)
  {
    for (const auto& r : rows)
    {
      std::snprintf(line, sizeof line, "%s,%s,%s,,%.4f,%.2f,%.2f,%.2f\n", kind, r.id.c_str(),
                    r.model.c_str(), r.utilization, r.measuredW, r.predictedW, r.residualW());
      out += line;
    }
  };
  power("gpu_power", report.gpuPower);
  power("node_power", report.nodePower);
  return out;
}

} // namespace myriad::engine::telemetry
