/**
 * @file report.cpp
 * Per-GPU readings of a mapped snapshot and the summary the CLI prints (see report.h).
 * "Dead" follows what operators read from DCGM: a GPU that reports an XID error code, or whose
 * every field is a DCGM blank sentinel. GPUs missing from the scrape entirely are listed
 * separately as "without data".
 */
#include "myriad/engine/telemetry/report.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <unordered_map>

namespace myriad::engine::telemetry
{
namespace
{

enum class Role
{
  Other,
  Temperature,
  Power,
  Utilization,
  Xid
};

const Node& nodeOf(const Scene& scene, const ObjectRef& r)
{
  return scene.site.halls[r.hall].rows[r.row].racks[r.rack].nodes[r.node];
}

std::string refKey(const ObjectRef& r)
{
  return std::to_string(r.hall) + "/" + std::to_string(r.row) + "/" + std::to_string(r.rack) + "/" +
         std::to_string(r.node) + "/" + std::to_string(r.item);
}

/** Fills dead, hottest (top N by temperature), mean/max temperature and total power. */
void rankReadings(TelemetryReport& report, int topN)
{
  double sum = 0;
  int count = 0;
  std::vector<int> order;
  for (int i = 0; i < int(report.gpus.size()); ++i)
  {
    const GpuReading& g = report.gpus[std::size_t(i)];
    if (g.dead())
      report.dead.push_back(i);
    if (std::isfinite(g.powerW))
      report.totalPowerW += g.powerW;
    if (!std::isfinite(g.temperatureC))
      continue;
    sum += g.temperatureC;
    report.maxTemperatureC =
      count++ ? std::max(report.maxTemperatureC, g.temperatureC) : g.temperatureC;
    order.push_back(i);
  }
  report.meanTemperatureC = count ? sum / count : std::numeric_limits<double>::quiet_NaN();
  if (count == 0)
    report.maxTemperatureC = std::numeric_limits<double>::quiet_NaN();
  const std::size_t n = std::min<std::size_t>(order.size(), std::size_t(std::max(0, topN)));
  std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(n), order.end(),
                    [&](int a, int b) {
                      return report.gpus[std::size_t(a)].temperatureC >
                             report.gpus[std::size_t(b)].temperatureC;
                    });
  report.hottest.assign(order.begin(), order.begin() + std::ptrdiff_t(n));
}

} // namespace

TelemetryReport summarize(const Scene& scene, const Snapshot& snapshot,
                          const MappingResult& mapping, int topN)
{
  TelemetryReport report;
  std::vector<Role> roles;
  for (const auto& m : snapshot.metrics)
    roles.push_back(m.name == metric::GpuTemperature   ? Role::Temperature
                    : m.name == metric::GpuPower       ? Role::Power
                    : m.name == metric::GpuUtilization ? Role::Utilization
                    : m.name == metric::GpuXid         ? Role::Xid
                                                       : Role::Other);
  std::unordered_map<std::string, int> byRef;
  std::vector<int> entityReading(snapshot.entities.size(), -1);
  for (std::size_t e = 0; e < snapshot.entities.size() && e < mapping.entityRefs.size(); ++e)
  {
    const ObjectRef& ref = mapping.entityRefs[e];
    if (ref.kind != ObjectKind::Gpu)
      continue;
    auto [it, added] = byRef.emplace(refKey(ref), int(report.gpus.size()));
    if (added)
    {
      GpuReading g;
      g.ref = ref;
      const Node& node = nodeOf(scene, ref);
      g.gpuId = gpuId(node, node.gpus[std::size_t(ref.item)]);
      g.hostname = snapshot.entities[e].hostname;
      report.gpus.push_back(std::move(g));
    }
    entityReading[e] = it->second;
  }
  for (const Sample& s : snapshot.samples)
  {
    const int r = s.entity < int(entityReading.size()) ? entityReading[std::size_t(s.entity)] : -1;
    if (r < 0)
      continue;
    GpuReading& g = report.gpus[std::size_t(r)];
    if (s.missing)
    {
      ++g.missing;
      continue;
    }
    ++g.valid;
    switch (roles[std::size_t(s.metric)])
    {
      case Role::Temperature:
        g.temperatureC = s.value;
        break;
      case Role::Power:
        g.powerW = s.value;
        break;
      case Role::Utilization:
        g.utilization = s.value;
        break;
      case Role::Xid:
        g.xid = s.value;
        break;
      case Role::Other:
        break;
    }
  }
  rankReadings(report, topN);
  for (const ObjectRef& ref : mapping.gpusWithoutData)
  {
    const Node& node = nodeOf(scene, ref);
    report.withoutData.push_back(gpuId(node, node.gpus[std::size_t(ref.item)]));
  }
  return report;
}

static std::string csvNumber(double v)
{
  if (!std::isfinite(v))
    return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string readingsCsv(const TelemetryReport& report)
{
  std::string out = "gpu_id,hostname,temperature_c,power_w,utilization,xid,status\n";
  for (const GpuReading& g : report.gpus)
    out += g.gpuId + "," + g.hostname + "," + csvNumber(g.temperatureC) + "," +
           csvNumber(g.powerW) + "," + csvNumber(g.utilization) + "," + csvNumber(g.xid) + "," +
           (g.dead() ? "dead" : "ok") + "\n";
  for (const std::string& id : report.withoutData)
    out += id + ",,,,,,no-data\n";
  return out;
}

std::string reportJson(const Snapshot& snapshot, const MappingResult& mapping,
                       const TelemetryReport& report)
{
  using nlohmann::json;
  constexpr std::size_t kCap = 200; // lists are capped; the counts are exact
  json doc;
  doc["file"] = snapshot.fileName;
  doc["format"] = toString(snapshot.format);
  doc["timeMs"] = snapshot.timeMs;
  doc["coverage"] = {
    { "sceneNodes", mapping.sceneNodes },       { "nodesWithData", mapping.nodesWithData },
    { "sceneGpus", mapping.sceneGpus },         { "gpusWithData", mapping.gpusWithData },
    { "nodeCoverage", mapping.nodeCoverage() }, { "gpuCoverage", mapping.gpuCoverage() }
  };
  const auto gpuJson = [&](int i)
  {
    const GpuReading& g = report.gpus[std::size_t(i)];
    return json{
      { "gpu", g.gpuId },     { "hostname", g.hostname },       { "temperatureC", g.temperatureC },
      { "powerW", g.powerW }, { "utilization", g.utilization }, { "xid", g.xid }
    };
  };
  doc["hottest"] = json::array();
  for (int i : report.hottest)
    doc["hottest"].push_back(gpuJson(i));
  doc["dead"] = json::array();
  for (int i : report.dead)
    doc["dead"].push_back(gpuJson(i));
  doc["withoutDataCount"] = report.withoutData.size();
  doc["withoutData"] = std::vector<std::string>(
    report.withoutData.begin(),
    report.withoutData.begin() + std::ptrdiff_t(std::min(kCap, report.withoutData.size())));
  doc["unmappedCount"] = mapping.unmapped.size();
  doc["unmapped"] = json::array();
  for (std::size_t i = 0; i < mapping.unmapped.size() && i < kCap; ++i)
  {
    const Entity& e = snapshot.entities[std::size_t(mapping.unmapped[i])];
    doc["unmapped"].push_back({ { "hostname", e.hostname },
                                { "gpu", e.gpu },
                                { "uuid", e.uuid },
                                { "sensor", e.sensor },
                                { "reason", mapping.unmappedReasons[i] } });
  }
  doc["duplicateCount"] = mapping.duplicates.size();
  doc["meanTemperatureC"] = report.meanTemperatureC;
  doc["maxTemperatureC"] = report.maxTemperatureC;
  doc["totalGpuPowerW"] = report.totalPowerW;
  json diags = json::array();
  for (std::size_t i = 0; i < snapshot.diagnostics.size() && i < kCap; ++i)
    diags.push_back(snapshot.diagnostics[i].toString());
  for (std::size_t i = 0; i < mapping.diagnostics.size() && i < kCap; ++i)
    diags.push_back(mapping.diagnostics[i].toString());
  doc["diagnostics"] = { { "errors", snapshot.errorCount() },
                         { "total", snapshot.diagnostics.size() + snapshot.suppressedDiagnostics },
                         { "first", diags } };
  return doc.dump(2) + "\n";
}

} // namespace myriad::engine::telemetry
