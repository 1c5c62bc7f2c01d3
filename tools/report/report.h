#pragma once
/**
 * @file report.h
 * The executive PDF report of a scene (issue 6): three A4 pages drawn with QPdfWriter and
 * QPainter.
 *   1. Title, date, scene summary (GPUs, racks, IT MW), the KPI table (base, and scenario with
 *      absolute and relative deltas when a scenario is chosen), CAPEX breakdown bars.
 *   2. Facility energy by month (IT / cooling / other), power by feed (load against rating),
 *      the tornado (±X % on each input → cost per GPU-hour).
 *   3. Reliability and goodput (interruptions by component, checkpoint interval), the scenario's
 *      layout differences, assumptions with their sources (catalog estimates flagged), and the
 *      figures that are missing.
 * Needs a QGuiApplication (the "offscreen" platform is enough). A 3D snapshot of the hall (a PNG
 * rendered by the caller, which needs an X display) goes under the CAPEX chart on page 1; without
 * one, page 3 says why it is missing.
 */

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/scenarios.h"
#include "myriad/engine/economics/sensitivity.h"
#include "myriad/engine/model.h"

#include <optional>
#include <string>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::report
{

/** Everything the pages show, computed once. */
struct ReportContent
{
  std::string title;      ///< scene name (or file name)
  std::string sourceName; ///< where the scene came from ("samples/lab-256.json")
  std::string date;       ///< ISO date printed on the title
  engine::economics::EconomicsInputs inputs;
  engine::economics::EconomicsResult base;
  engine::economics::SensitivityResult sensitivity;
  std::optional<engine::economics::ScenarioComparison> comparison;
  int racks = 0;
  std::string snapshotPng;  ///< PNG of the hall for page 1; empty: none
  std::string snapshotNote; ///< why there is no snapshot (printed on page 3)
};

/**
 * Evaluate the scene (and the scenario called `scenario` when not empty; SpecError naming it
 * when the scene has none of that name) and the sensitivity at `inputs`.
 */
ReportContent computeReport(const engine::Scene& scene, const engine::Catalog& catalog,
                            const engine::economics::EconomicsInputs& inputs,
                            const std::string& scenario, const std::string& sourceName);

/** The PDF bytes of the report (three A4 pages). Requires a Q(Gui)Application. */
std::string renderReportPdf(const ReportContent& content);

/**
 * Write the report to `path` atomically (temporary file, then rename; an existing file is kept
 * on failure). Returns the number of pages. Throws engine::SaveError.
 */
int writeReportPdf(const ReportContent& content, const std::string& path);

/** Number of pages the report has. */
constexpr int kReportPages = 3;

/** All figures of the report as JSON (economics result, sensitivity, comparison). */
std::string reportJson(const ReportContent& content);

/**
 * The same figures as CSV, one row per number or text: "figure,value" with the figure's JSON
 * path ("economics.kpis.capexUSD", "economics.capex[2].usd"); an empty value is a missing one.
 */
std::string reportCsv(const ReportContent& content);

} // namespace myriad::report
