/**
 * @file sweep_gather.cpp
 * Joining a sweep's results into one table: a row per scenario (its parameters, its KPIs, its
 * jobs' figures as JOB.stepS, …), with its status and first error; scenarios without a result
 * read "missing". Columns are the union over the results, in order of first appearance. The
 * table is written as CSV (`sweep gather`) or shown by the app's Sweep dock. Also the Pareto
 * front of two KPIs.
 */
#include "myriad/engine/csv.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/sweep/sweep.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace myriad::engine::sweep
{

using nlohmann::ordered_json;

namespace
{

/** A parameter value as a cell: strings without their quotes. */
std::string valueCell(const std::string& json)
{
  const auto value = ordered_json::parse(json);
  return value.is_string() ? value.get<std::string>() : json;
}

std::string numberCell(double value)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", value);
  return buffer;
}

/** The result's KPI and job figures, flattened to column → value. */
std::vector<std::pair<std::string, double>> figures(const ordered_json& result)
{
  std::vector<std::pair<std::string, double>> out;
  if (result.contains("kpis") && result.at("kpis").is_object())
    for (const auto& item : result.at("kpis").items())
      if (item.value().is_number())
        out.emplace_back(item.key(), item.value().get<double>());
  if (result.contains("jobs") && result.at("jobs").is_array())
    for (const auto& job : result.at("jobs"))
      for (const auto& item : job.items())
        if (item.key() != "name" && item.value().is_number())
          out.emplace_back(job.value("name", std::string("job")) + "." + item.key(),
                           item.value().get<double>());
  return out;
}

ordered_json readResult(const std::string& dir, long long index)
{
  std::ifstream in(resultPath(dir, index));
  ordered_json result = in ? ordered_json::parse(in, nullptr, false) : ordered_json();
  const bool usable = result.is_object() && result.contains("status") &&
                      result.at("status").is_string() && result.contains("parameters") &&
                      result.at("parameters").is_object();
  return usable ? result : ordered_json();
}

} // namespace

SweepTable readSweepTable(const std::string& dir)
{
  const SweepSpec spec = readPlannedSweep(dir);
  SweepTable table;
  for (const auto& p : spec.parameters)
    table.parameterColumns.push_back(p.name);
  const std::vector<Scenario> scenarios = plannedScenarios(dir); // the manifest, read once
  const auto count = static_cast<long long>(scenarios.size());
  std::vector<std::vector<std::pair<std::string, double>>> values;
  for (long long i = 0; i < count; ++i)
  {
    const ordered_json result = readResult(dir, i);
    SweepTable::Row row;
    row.index = i;
    if (result.is_null())
    {
      row.status = "missing";
      row.parameters = scenarios[static_cast<std::size_t>(i)].valuesJson;
      values.emplace_back();
    }
    else
    {
      row.status = result.at("status").get<std::string>();
      for (const auto& name : table.parameterColumns)
        row.parameters.push_back(result.at("parameters").value(name, ordered_json()).dump());
      const auto errors = result.value("errors", ordered_json::array());
      if (!errors.empty() && errors.front().is_string())
        row.error = errors.front().get<std::string>();
      values.push_back(figures(result));
      for (const auto& [column, value] : values.back())
        if (std::find(table.kpiColumns.begin(), table.kpiColumns.end(), column) ==
            table.kpiColumns.end())
          table.kpiColumns.push_back(column);
    }
    table.rows.push_back(std::move(row));
  }
  for (std::size_t r = 0; r < table.rows.size(); ++r)
  {
    table.rows[r].kpis.assign(table.kpiColumns.size(), std::nullopt);
    for (const auto& [column, value] : values[r])
    {
      const auto at = std::find(table.kpiColumns.begin(), table.kpiColumns.end(), column);
      table.rows[r].kpis[static_cast<std::size_t>(at - table.kpiColumns.begin())] = value;
    }
  }
  return table;
}

GatherSummary gatherSweep(const std::string& dir, const std::string& csvPath)
{
  const SweepTable table = readSweepTable(dir);
  GatherSummary summary;
  summary.scenarios = static_cast<long long>(table.rows.size());
  std::string csv = "index,status";
  for (const auto& name : table.parameterColumns)
    csv += "," + csvField(name);
  for (const auto& column : table.kpiColumns)
    csv += "," + csvField(column);
  csv += ",error\n";
  for (const auto& row : table.rows)
  {
    if (row.status == "ok")
      ++summary.ok;
    else if (row.status == "missing")
      summary.missing.push_back(row.index);
    else
      summary.failed.emplace_back(row.index, row.error.empty() ? row.status : row.error);
    csv += std::to_string(row.index) + "," + row.status;
    for (const auto& value : row.parameters)
      csv += "," + csvField(valueCell(value));
    for (const auto& value : row.kpis)
      csv += "," + (value ? numberCell(*value) : std::string());
    csv += "," + csvField(row.error) + "\n";
  }
  writeFileAtomically(csvPath, csv);
  return summary;
}

bool higherIsBetter(const std::string& column)
{
  static const char* const higher[] = { "busBwGBs", "goodputPercent", "mtbiHours",
                                        "mfu",      "tokensPerS",     "gpusBuilt" };
  const auto dot = column.rfind('.');
  const std::string name = dot == std::string::npos ? column : column.substr(dot + 1);
  return std::find(std::begin(higher), std::end(higher), name) != std::end(higher);
}

std::vector<std::size_t> paretoFront(const std::vector<std::pair<double, double>>& points,
                                     bool maximiseX, bool maximiseY)
{
  // Flip signs so that smaller is better in both, sort by x then y, and sweep: a point is on the
  // front when its y beats every y seen at a smaller x (O(n log n)).
  std::vector<std::size_t> order(points.size());
  for (std::size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  const auto x = [&](std::size_t k) { return maximiseX ? -points[k].first : points[k].first; };
  const auto y = [&](std::size_t k) { return maximiseY ? -points[k].second : points[k].second; };
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return x(a) != x(b) ? x(a) < x(b) : y(a) < y(b); });
  std::vector<std::size_t> front;
  for (const std::size_t k : order)
  {
    const bool duplicate = !front.empty() && x(front.back()) == x(k) && y(front.back()) == y(k);
    if (front.empty() || y(k) < y(front.back()) || duplicate)
      front.push_back(k);
  }
  std::sort(front.begin(), front.end(),
            [&](std::size_t a, std::size_t b) { return points[a].first < points[b].first; });
  return front;
}

} // namespace myriad::engine::sweep
