/**
 * @file prometheus_json.cpp
 * Parser for Prometheus HTTP API query responses (prometheus docs/querying/api.md):
 *   {"status":"success","data":{"resultType":"vector","result":[
 *     {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"0","hostname":"h"},
 *      "value":[1435781451.781,"67"]}]}}
 * Sample values are JSON strings (so NaN/±Inf survive); timestamps are Unix seconds (float),
 * converted here to milliseconds. "matrix" results (query_range) keep the newest point of each
 * series. status "error" yields one Error diagnostic carrying errorType and error. Labels map
 * to entities exactly as in the text format; DCGM fields get the same SI conversions.
 * Diagnostics use the JSON pointer as field and line 0 (JSON is not line-based), except for
 * syntax errors which carry the line of the offending byte.
 */
#include "json_fields.h"
#include "parse_util.h"

#include "myriad/engine/telemetry/parsers.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace myriad::engine::telemetry
{
namespace
{

using detail::SnapshotBuilder;
using nlohmann::json;

using detail::kMaxJsonDepth;
using detail::stringField;

/** Parses the text into `out`; on failure reports it and returns false. */
bool parseJsonDocument(std::string_view text, SnapshotBuilder& b, json& out)
{
  std::size_t offset = 0;
  if (!detail::jsonDepthOk(text, kMaxJsonDepth, offset))
  {
    b.diag(Severity::Error, detail::lineColumn(text, offset).first, "json",
           "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return false;
  }
  return detail::parseTelemetryJson(text, b, out);
}

/** One [time, "value"] pair → sample; reports problems under `path`. */
void addPoint(SnapshotBuilder& b, const json& point, const std::string& path, int entity,
              const std::string& name)
{
  if (!point.is_array() || point.size() != 2)
  {
    b.diag(Severity::Error, 0, path, "expected [unix_seconds, \"value\"]");
    b.rowRejected();
    return;
  }
  std::int64_t timeMs = -1;
  if (point[0].is_number())
    timeMs = std::llround(point[0].get<double>() * 1000.0);
  else
    b.diag(Severity::Warning, 0, path + "/0", "timestamp is not a number; kept without time");
  double value = 0;
  const json& v = point[1];
  if (v.is_string())
  {
    if (!detail::parseNumber(detail::trim(v.get_ref<const std::string&>()), value))
    {
      b.diag(Severity::Error, 0, path + "/1",
             "'" + v.get<std::string>().substr(0, 40) + "' is not a number");
      b.rowRejected();
      return;
    }
  }
  else if (v.is_number())
  {
    value = v.get<double>();
    b.diag(Severity::Warning, 0, path + "/1", "value is a JSON number, the API sends strings");
  }
  else
  {
    b.diag(Severity::Error, 0, path + "/1", "value must be a string");
    b.rowRejected();
    return;
  }
  const detail::MetricMap* map = detail::dcgmMetric(name);
  bool missing = false;
  int metric = 0;
  if (map)
  {
    missing = detail::isDcgmSentinel(value);
    value *= map->scale == 0 ? b.options().violationUnitS : map->scale;
    metric = b.metric(map->name, map->unit, name);
  }
  else
  {
    metric = b.metric(name, "", name);
  }
  b.sample(entity, metric, value, timeMs, 0, missing, path);
}

void addSeries(SnapshotBuilder& b, const json& item, const std::string& path, bool matrix)
{
  b.rowRead();
  if (!item.is_object() || !item.contains("metric") || !item["metric"].is_object())
  {
    b.diag(Severity::Error, 0, path + "/metric", "series without a \"metric\" object");
    b.rowRejected();
    return;
  }
  detail::LabelList labels;
  std::string name;
  for (const auto& [key, value] : item["metric"].items())
  {
    if (!value.is_string())
    {
      b.diag(Severity::Warning, 0, path + "/metric/" + key, "label value is not a string");
      continue;
    }
    if (key == "__name__")
      name = value.get<std::string>();
    labels.emplace_back(key, value.get<std::string>());
  }
  if (name.empty())
  {
    b.diag(Severity::Error, 0, path + "/metric/__name__", "series has no __name__ label");
    b.rowRejected();
    return;
  }
  Entity entity;
  std::string errField, errMessage, warning;
  if (!detail::entityFromLabels(labels,
                                detail::dcgmMetric(name) != nullptr || name.starts_with("DCGM_"),
                                entity, errField, errMessage, warning))
  {
    b.diag(Severity::Error, 0, path + "/metric/" + errField.substr(errField.find(' ') + 1),
           errMessage);
    b.rowRejected();
    return;
  }
  if (!warning.empty())
    b.diag(Severity::Warning, 0, path + "/metric/hostname", warning);
  const int index = b.entity(entity);
  if (!matrix)
  {
    addPoint(b, item.contains("value") ? item["value"] : json(), path + "/value", index, name);
    return;
  }
  const json& values = item.contains("values") ? item["values"] : json();
  if (!values.is_array() || values.empty())
  {
    b.diag(Severity::Error, 0, path + "/values", "matrix series without values");
    b.rowRejected();
    return;
  }
  addPoint(b, values.back(), path + "/values/" + std::to_string(values.size() - 1), index, name);
}

} // namespace

Snapshot parsePrometheusJson(std::string_view text, const ParseOptions& options)
{
  SnapshotBuilder b(SourceFormat::PrometheusJson, options);
  json doc;
  if (!b.checkSize(text.size()) || !parseJsonDocument(text, b, doc))
    return b.finish();
  if (!doc.is_object())
  {
    b.diag(Severity::Error, 0, "", "expected a JSON object with \"status\" and \"data\"");
    return b.finish();
  }
  const std::string status = stringField(doc, "status");
  if (doc.contains("warnings") && doc["warnings"].is_array())
    for (const auto& w : doc["warnings"])
      b.diag(Severity::Warning, 0, "/warnings", w.is_string() ? w.get<std::string>() : w.dump());
  if (status != "success")
  {
    b.diag(Severity::Error, 0, "/status",
           "query failed (status '" + status + "'): " + stringField(doc, "errorType") + " " +
             stringField(doc, "error"));
    return b.finish();
  }
  const json* data = doc.contains("data") ? &doc["data"] : nullptr;
  if (!data || !data->is_object() || !data->contains("result") || !(*data)["result"].is_array())
  {
    b.diag(Severity::Error, 0, "/data/result", "missing result array");
    return b.finish();
  }
  const std::string type = data->value("resultType", std::string());
  if (type != "vector" && type != "matrix")
  {
    b.diag(Severity::Error, 0, "/data/resultType",
           "resultType '" + type + "' is not supported (expected vector or matrix)");
    return b.finish();
  }
  const json& result = (*data)["result"];
  for (std::size_t i = 0; i < result.size(); ++i)
    addSeries(b, result[i], "/data/result/" + std::to_string(i), type == "matrix");
  return b.finish();
}

} // namespace myriad::engine::telemetry
