#pragma once
/**
 * @file report.h
 * The executive PDF report of a scene (issues 6 and 16): A4 pages drawn with QPdfWriter and
 * QPainter, each with "page N of M" in its footer.
 *   1. Executive summary: title (the scene's name, never a file path), three to five sentences
 *      generated from the results (GPUs, IT power at peak nameplate and mean at utilisation,
 *      CAPEX, TCO, cost per GPU-hour, PUE, the biggest risk), the key figures and the
 *      assumptions table (utilisation, energy price and source, site, horizon, discount rate,
 *      lives, residual value, currency with its rate, date and source).
 *   2. Costs: the TCO reconciliation (CAPEX + discounted OPEX − discounted residual = TCO),
 *      CAPEX by category, OPEX by category.
 *   3. Energy by month, power by feed against rating, the sensitivity tornado.
 *   4. Headroom and risks: thermal model at the report's utilisation (hottest inlets, cooler
 *      loads), feed loads, the scene checks (validate) and power violations, reliability.
 *   5. Cooling choices (when at least two are available): air, cold plate and immersion for the
 *      same GPUs (engine economics/cooling_choices.h).
 *   6. Scenarios (only when the scene has some): every scenario's KPIs against the base, and the
 *      chosen scenario's deltas and layout differences.
 *   6b. Where to build (only with a siting study, docs/models/siting.md): findings, the best
 *      options and the Pareto chart of cost against carbon.
 *   7. Appendix: the unit prices behind CAPEX, estimates the figures rest on, missing figures.
 * Money is shown in the site's currency (economics/currency.h, money_text.h); every text goes
 * through Qt's translation system (report_text.h), so with the report's translator installed
 * (:/i18n/myriad_report_zh_CN.qm) and a Chinese default locale the report is in Simplified
 * Chinese, drawn with an embedded CJK font. Charts use the app's palette (chart_palette.h). Needs a
 * QGuiApplication (the "offscreen" platform is enough). A 3D snapshot of the hall (a PNG rendered
 * by the caller, which needs an X display) goes on the costs page; without one, the appendix says
 * why it is missing.
 */

#include "myriad/engine/economics/cooling_choices.h"
#include "myriad/engine/economics/currency.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/scenarios.h"
#include "myriad/engine/economics/sensitivity.h"
#include "myriad/engine/model.h"
#include "myriad/engine/siting/study.h"
#include "myriad/engine/validation.h"
#include "report_figures.h"

#include <optional>
#include <string>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::report
{

/** One scenario of the scene, evaluated (inputs and edits applied) for the overview table. */
struct ScenarioSummary
{
  std::string name;
  std::string description;
  std::optional<engine::economics::Kpis> kpis; ///< empty when it could not be evaluated
  std::string error;                           ///< why not
};

/** One sentence of the executive summary and its place on page 1. */
struct SummarySentence
{
  enum class Kind
  {
    Finding,       ///< the figures (scale, cost, drivers, scenario)
    Risk,          ///< the biggest risk (printed in the "worse" colour)
    Headroom,      ///< no check fails: the narrowest headroom instead of a risk
    Recommendation ///< what to do about the risk (bold)
  };
  Kind kind = Kind::Finding;
  std::string text;
};

/**
 * Everything the pages show, computed once. Texts (summary, assumptions) are in the language
 * of the translator installed when computeReport runs (docs/i18n.md); figures stay in USD and
 * the pages convert them to `currency`.
 */
struct ReportContent
{
  std::string title;      ///< scene name (or the file's base name); printed on the cover
  std::string sourceName; ///< where the scene came from; in the JSON export, not on the pages
  std::string date;       ///< ISO date printed on the title
  engine::economics::EconomicsInputs inputs;
  engine::economics::EconomicsResult base;
  engine::economics::SensitivityResult sensitivity;
  std::optional<engine::economics::ScenarioComparison> comparison;
  int racks = 0;
  std::string snapshotPng;              ///< PNG of the hall for page 1; empty: none
  std::string snapshotNote;             ///< why there is no snapshot (printed in the appendix)
  std::optional<TcoReconciliation> tco; ///< empty when CAPEX or OPEX is missing
  std::vector<AssumptionRow> assumptionTable;
  std::vector<UnitPriceLine> unitPrices;
  double thermalUtilisation = 0.8;        ///< the evaluation context's load in the thermal model
  std::vector<HallHeadroom> thermal;      ///< at thermalUtilisation (the operating point)
  std::vector<HallHeadroom> thermalPeak;  ///< at 100 % (peak nameplate); empty when u = 1
  std::vector<engine::Diagnostic> checks; ///< validateScene, errors first
  std::vector<ScenarioSummary> scenarios; ///< every scenario of the scene
  /** Air, cold plate and immersion for the same GPUs at `inputs`. */
  std::vector<engine::economics::CoolingChoiceResult> coolingChoices;
  std::vector<SummarySentence> summary; ///< the executive summary, one sentence each
  /** A siting study evaluated for the report (`myriad-cli report --siting`); empty: no page. */
  std::optional<engine::siting::SitingResult> siting;
  engine::economics::Currency currency; ///< money on the pages: the site's (siteCurrency)
};

/** The executive summary of `content`: three to five sentences built from its figures. */
std::vector<SummarySentence> executiveSummary(const ReportContent& content);

/** Number of pages the report of `content` has: 5, plus one with scenarios, one with the
 *  cooling choices and one with a siting study. */
int reportPageCount(const ReportContent& content);

/**
 * Evaluate the scene (and the scenario called `scenario` when not empty; SpecError naming it
 * when the scene has none of that name), the sensitivity, the thermal model at
 * inputs.utilisation (racks at that share of their maximum power, as the live model does), the
 * scene checks and every scenario of the scene at `inputs`.
 */
ReportContent computeReport(const engine::Scene& scene, const engine::Catalog& catalog,
                            const engine::economics::EconomicsInputs& inputs,
                            const std::string& scenario, const std::string& sourceName);

/** The PDF bytes of the report (reportPageCount A4 pages). Requires a Q(Gui)Application. */
std::string renderReportPdf(const ReportContent& content);

/**
 * Write the report to `path` atomically (temporary file, then rename; an existing file is kept
 * on failure). Returns the number of pages. Throws engine::SaveError.
 */
int writeReportPdf(const ReportContent& content, const std::string& path);

/**
 * All figures of the report as JSON (economics result, sensitivity, comparison), in USD as the
 * engine computes them, with the currency the pages use ("currency": code, perUsd, date, source).
 */
std::string reportJson(const ReportContent& content);

/**
 * The same figures as CSV, one row per number or text: "figure,value" with the figure's JSON
 * path ("economics.kpis.capexUSD", "economics.capex[2].usd"); an empty value is a missing one.
 */
std::string reportCsv(const ReportContent& content);

} // namespace myriad::report
