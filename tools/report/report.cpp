/**
 * @file report.cpp
 * Computing the report's content, writing the PDF atomically and the JSON export.
 */

#include "report.h"

#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <QDate>

#include <nlohmann/json.hpp>

namespace myriad::report
{

namespace econ = engine::economics;

ReportContent computeReport(const engine::Scene& scene, const engine::Catalog& catalog,
                            const econ::EconomicsInputs& inputs, const std::string& scenario,
                            const std::string& sourceName)
{
  ReportContent c;
  c.title =
    !scene.site.name.empty() ? scene.site.name : (scene.spec ? scene.spec->name : sourceName);
  c.sourceName = sourceName;
  c.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
  c.inputs = inputs;
  if (!scenario.empty())
  {
    c.comparison = econ::compareScenario(scene, catalog, inputs, scenario);
    c.base = c.comparison->base;
  }
  else
  {
    c.base = econ::evaluateEconomics(scene, catalog, inputs, false);
  }
  econ::SensitivityOptions options;
  options.percent = inputs.sensitivityPercent > 0 && inputs.sensitivityPercent < 100
                      ? inputs.sensitivityPercent
                      : 20;
  c.sensitivity = econ::analyzeSensitivity(scene, catalog, inputs, options);
  for (const auto& hall : scene.site.halls)
  {
    for (const auto& row : hall.rows)
    {
      c.racks += static_cast<int>(row.racks.size());
    }
  }
  return c;
}

int writeReportPdf(const ReportContent& content, const std::string& path)
{
  const std::string bytes = renderReportPdf(content);
  engine::writeFileAtomically(path, bytes); // temporary file, fsync, rename
  return kReportPages;
}

std::string reportJson(const ReportContent& content)
{
  using Json = nlohmann::json;
  Json j;
  j["title"] = content.title;
  j["source"] = content.sourceName;
  j["date"] = content.date;
  j["inputs"] = Json::parse(econ::economicsInputsToJson(content.inputs));
  j["economics"] = Json::parse(econ::economicsResultToJson(content.base));
  j["sensitivity"] = Json::parse(econ::sensitivityToJson(content.sensitivity));
  j["comparison"] =
    content.comparison ? Json::parse(econ::comparisonToJson(*content.comparison)) : Json(nullptr);
  return j.dump(2);
}

namespace
{

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
std::string csvField(const std::string& text)
{
  if (text.find_first_of(",\"\r\n") == std::string::npos)
  {
    return text;
  }
  std::string quoted = "\"";
  for (char c : text)
  {
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return quoted + "\"";
}

void flatten(const nlohmann::json& value, const std::string& path, std::string& out)
{
  if (value.is_object())
  {
    for (auto it = value.begin(); it != value.end(); ++it)
    {
      flatten(it.value(), path.empty() ? it.key() : path + "." + it.key(), out);
    }
    return;
  }
  if (value.is_array())
  {
    for (std::size_t i = 0; i < value.size(); ++i)
    {
      flatten(value[i], path + "[" + std::to_string(i) + "]", out);
    }
    return;
  }
  const std::string text = value.is_string() ? value.get<std::string>()
                           : value.is_null() ? std::string()
                                             : value.dump();
  out += csvField(path) + "," + csvField(text) + "\n";
}

} // namespace

std::string reportCsv(const ReportContent& content)
{
  std::string out = "figure,value\n";
  flatten(nlohmann::json::parse(reportJson(content)), "", out);
  return out;
}

} // namespace myriad::report
