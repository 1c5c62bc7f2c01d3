/**
 * @file report.cpp
 * Computing the report's content, writing the PDF atomically and the JSON export.
 */

#include "report.h"

#include "myriad/engine/csv.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <QDate>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

namespace myriad::report
{

namespace econ = engine::economics;

namespace
{

/** The scene's name; a file's base name without extension when it has none ("lab-256"). */
std::string reportTitle(const engine::Scene& scene, const std::string& sourceName)
{
  if (!scene.site.name.empty())
  {
    return scene.site.name;
  }
  if (scene.spec && !scene.spec->name.empty())
  {
    return scene.spec->name;
  }
  std::string stem = std::filesystem::path(sourceName).stem().string();
  const auto colon = stem.find(':'); // builtin:NAME
  return colon == std::string::npos ? stem : stem.substr(colon + 1);
}

std::vector<ScenarioSummary> summariseScenarios(const engine::Scene& scene,
                                                const engine::Catalog& catalog,
                                                const econ::EconomicsInputs& inputs)
{
  std::vector<ScenarioSummary> out;
  for (const auto& scenario : scene.scenarios)
  {
    ScenarioSummary s{ scenario.name, scenario.description, std::nullopt, {} };
    try
    {
      s.kpis = econ::evaluateScenario(scene, catalog, inputs, scenario).result.kpis;
    }
    catch (const engine::Error& e)
    {
      s.error = e.what();
    }
    out.push_back(s);
  }
  return out;
}

} // namespace

ReportContent computeReport(const engine::Scene& scene, const engine::Catalog& catalog,
                            const econ::EconomicsInputs& inputs, const std::string& scenario,
                            const std::string& sourceName)
{
  ReportContent c;
  c.title = reportTitle(scene, sourceName);
  c.sourceName = sourceName;
  c.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
  c.inputs = inputs;
  c.currency = econ::siteCurrency(scene.site);
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
  c.tco = reconcileTco(c.base, inputs);
  c.assumptionTable = assumptionRows(c.base, inputs, catalog, c.currency);
  c.unitPrices = capexUnitPrices(c.base, inputs, catalog);
  c.thermalUtilisation = inputs.utilisation;
  c.thermal = thermalHeadroom(scene, catalog, c.thermalUtilisation);
  if (c.thermalUtilisation < 1)
  {
    c.thermalPeak = thermalHeadroom(scene, catalog, 1.0); // the design point: every rack at max
  }
  c.checks = engine::validateScene(scene, catalog);
  std::stable_sort(c.checks.begin(), c.checks.end(),
                   [](const auto& a, const auto& b) {
                     return a.severity == engine::Severity::Error &&
                            b.severity != engine::Severity::Error;
                   });
  c.scenarios = summariseScenarios(scene, catalog, inputs);
  c.coolingChoices = econ::compareCoolingChoices(scene, catalog, inputs);
  c.summary = executiveSummary(c);
  return c;
}

int writeReportPdf(const ReportContent& content, const std::string& path)
{
  const std::string bytes = renderReportPdf(content);
  engine::writeFileAtomically(path, bytes); // temporary file, fsync, rename
  return reportPageCount(content);
}

namespace
{

/** The report's own figures: reconciliation, assumptions, unit prices, headroom, checks. */
void addDerivedJson(nlohmann::json& j, const ReportContent& c)
{
  using Json = nlohmann::json;
  j["tcoReconciliation"] = Json(nullptr);
  if (c.tco)
  {
    j["tcoReconciliation"] = { { "capexUSD", c.tco->capexUSD },
                               { "opexUSDPerYear", c.tco->opexPerYearUSD },
                               { "discountedOpexUSD", c.tco->discountedOpexUSD },
                               { "residualUSD", c.tco->residualUSD },
                               { "discountedResidualUSD", c.tco->discountedResidualUSD },
                               { "tcoUSD", c.tco->tcoUSD },
                               { "years", c.tco->years },
                               { "discountRate", c.tco->discountRate } };
  }
  Json assumptions = Json::array();
  for (const auto& a : c.assumptionTable)
  {
    assumptions.push_back({ { "name", a.name }, { "value", a.value }, { "source", a.source } });
  }
  j["assumptionTable"] = assumptions;
  Json prices = Json::array();
  for (const auto& u : c.unitPrices)
  {
    prices.push_back({ { "category", u.category },
                       { "item", u.item },
                       { "quantity", u.quantity },
                       { "quantityUnit", u.quantityUnit },
                       { "unitUSD", u.unitUSD ? Json(*u.unitUSD) : Json(nullptr) },
                       { "totalUSD", u.totalUSD ? Json(*u.totalUSD) : Json(nullptr) },
                       { "source", u.source },
                       { "estimate", u.estimate } });
  }
  j["unitPrices"] = prices;
  Json halls = Json::array();
  for (const auto& [list, fraction] :
       { std::pair{ &c.thermal, c.thermalUtilisation }, std::pair{ &c.thermalPeak, 1.0 } })
    for (const auto& h : *list)
    {
      Json hall = { { "hall", h.hallId },
                    { "evaluated", h.evaluated },
                    { "note", h.note },
                    { "utilisation", fraction },
                    { "racksAboveRecommended", h.racksAboveRecommended },
                    { "racksAboveAllowable", h.racksAboveAllowable },
                    { "heatInW", h.heatInW },
                    { "heatRemovedW", h.heatRemovedW },
                    { "energyBalanceError", h.energyBalanceError },
                    { "warnings", h.warnings } };
      hall["maxInletC"] = h.hottest.empty() ? Json(nullptr) : Json(h.hottest.front().inletMaxC);
      hall["maxCoolerLoad"] =
        h.coolers.empty() ? Json(nullptr) : Json(h.coolers.front().fraction());
      halls.push_back(hall);
    }
  j["thermalHeadroom"] = halls;
  Json checks = Json::array();
  for (const auto& d : c.checks)
  {
    checks.push_back({ { "severity", d.severity == engine::Severity::Error ? "error" : "warning" },
                       { "object", d.objectId },
                       { "message", d.message } });
  }
  j["checks"] = checks;
}

} // namespace

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
  Json summary = Json::array();
  for (const auto& sentence : content.summary)
  {
    summary.push_back(sentence.text);
  }
  j["summary"] = summary;
  const econ::Currency& currency = content.currency;
  j["currency"] = { { "code", currency.code },         { "perUsd", currency.perUsd },
                    { "date", currency.date },         { "source", currency.source },
                    { "estimate", currency.estimate }, { "givenByScene", currency.givenByScene } };
  j["coolingChoices"] = Json::parse(econ::coolingChoicesToJson(content.coolingChoices));
  j["siting"] = content.siting ? Json::parse(engine::siting::sitingResultToJson(*content.siting))
                               : Json(nullptr);
  addDerivedJson(j, content);
  return j.dump(2);
}

namespace
{

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
  out += engine::csvField(path) + "," + engine::csvField(text) + "\n";
}

} // namespace

std::string reportCsv(const ReportContent& content)
{
  std::string out = "figure,value\n";
  flatten(nlohmann::json::parse(reportJson(content)), "", out);
  return out;
}

} // namespace myriad::report
