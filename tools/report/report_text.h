#pragma once
/**
 * @file report_text.h
 * Translation contexts of the executive report (docs/i18n.md). The library has no QObject, so
 * each area of the report has a class with Q_DECLARE_TR_FUNCTIONS: `ReportSummary::tr("…")`
 * looks the text up in context "ReportSummary", the same context lupdate records in
 * translations/myriad_report_zh_CN.ts. Without a translator installed the English source text
 * is used, so an English report is unchanged. Texts kept in tables (const char*) are marked
 * with QT_TRANSLATE_NOOP("Context", "…") and translated where they are drawn.
 */

#include <QCoreApplication>
#include <QString>

#include <string>

namespace myriad::report
{

/** Page furniture shared by every page: footer, "missing", units, percentages. */
class ReportText
{
  Q_DECLARE_TR_FUNCTIONS(ReportText)
};

/** The executive summary's sentences (report_summary.cpp). */
class ReportSummary
{
  Q_DECLARE_TR_FUNCTIONS(ReportSummary)
};

/** Pages 1–3: title, key figures, assumptions, costs, energy and sensitivity. */
class ReportPages
{
  Q_DECLARE_TR_FUNCTIONS(ReportPages)
};

/** Page 4: thermal and power headroom, violations, reliability. */
class ReportRisks
{
  Q_DECLARE_TR_FUNCTIONS(ReportRisks)
};

/** Page 5 (scenarios) and the appendix. */
class ReportAppendix
{
  Q_DECLARE_TR_FUNCTIONS(ReportAppendix)
};

/** The assumptions table and the texts of the CAPEX lines (report_figures.cpp). */
class ReportFigures
{
  Q_DECLARE_TR_FUNCTIONS(ReportFigures)
};

/**
 * Names the engine gives (CAPEX and OPEX categories, sensitivity inputs, KPI labels) and texts
 * of the CAPEX lines, listed with QT_TRANSLATE_NOOP in report_assumptions.cpp; the JSON export
 * keeps them in English.
 */
class ReportTerms
{
  Q_DECLARE_TR_FUNCTIONS(ReportTerms)
};

/** Chart legends and axis texts (report_charts.cpp). */
class ReportCharts
{
  Q_DECLARE_TR_FUNCTIONS(ReportCharts)
};

/** `text` (UTF-8, from a QT_TRANSLATE_NOOP table or the engine) in `context`; else itself. */
inline QString translated(const char* context, const std::string& text)
{
  return QCoreApplication::translate(context, text.c_str());
}

/** An engine name or CAPEX-line text in the report's language (context ReportTerms). */
inline QString termText(const std::string& text)
{
  return translated("ReportTerms", text);
}

} // namespace myriad::report
