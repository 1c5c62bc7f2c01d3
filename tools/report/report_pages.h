#pragma once
/**
 * @file report_pages.h
 * One function per page of the executive report (layout in report.h); each draws into a Flow
 * that covers the page above its footer.
 */

#include "report.h"
#include "report_layout.h"

namespace myriad::report
{

void pageSummary(Flow& flow, const ReportContent& content);
void pageCosts(Flow& flow, const ReportContent& content);
void pageEnergy(Flow& flow, const ReportContent& content);
void pageHeadroom(Flow& flow, const ReportContent& content);
/** Air, cold plate and immersion side by side (report_pages_cooling.cpp). */
void pageCooling(Flow& flow, const ReportContent& content);
/** Whether the report has that page: at least two of the choices are available. */
bool hasCoolingPage(const ReportContent& content);
void pageScenarios(Flow& flow, const ReportContent& content);
/** Where to build: a siting study's findings, options and Pareto chart (report_pages_siting.cpp).
 */
void pageSiting(Flow& flow, const ReportContent& content);
void pageAppendix(Flow& flow, const ReportContent& content);

} // namespace myriad::report
