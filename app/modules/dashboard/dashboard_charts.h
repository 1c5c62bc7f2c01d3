#pragma once
/**
 * @file dashboard_charts.h
 * The charts of the executive dashboard: CAPEX by category (horizontal bars, $ M), facility
 * energy by month (stacked bars IT / cooling / other, MWh), power by feed (peak load against
 * rating, kW) and the tornado (cost per GPU-hour at ±X % on each input). Each fill replaces the
 * chart's series and axes; a clear leaves the chart empty with its title.
 */

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/sensitivity.h"

#include "number_format.h"

#include <QStringList>

#include <vector>

class QChart;

namespace myriad::app
{

/** An empty chart styled for a dock: title, no animation, compact margins. */
QChart* makeDashboardChart(const QString& title);
/** Remove every series and axis. */
void clearChart(QChart* chart);
/**
 * Cost bars in the currency's chart unit (moneyAxis: "USD million", "亿元"; CAPEX, or OPEX per
 * year), one per category with a price; `name` names the series. Returns the categories left out
 * because their price is missing (they are never drawn as zero).
 */
QStringList fillCostChart(QChart* chart, const std::vector<engine::economics::CostItem>& items,
                          const QString& name, const DisplayCurrency& currency);
/**
 * Base against scenario, side by side: CAPEX categories (one-off) then OPEX categories (per
 * year, labelled "… / yr"), in the currency's chart unit, two bar sets named "Base" and
 * `scenarioName`. A category priced on one side only shows 0 on the other. Returns the number of
 * categories drawn.
 */
int fillComparisonChart(QChart* chart, const engine::economics::EconomicsResult& base,
                        const engine::economics::EconomicsResult& scenario,
                        const QString& scenarioName, const DisplayCurrency& currency);
/** fillCostChart for CAPEX. */
QStringList fillCapexChart(QChart* chart, const std::vector<engine::economics::CostItem>& capex,
                           const DisplayCurrency& currency);
/**
 * Facility energy per month in MWh, stacked IT / cooling / other; 12 categories, the month
 * initials January first ("J", "F", …; repeated initials carry zero-width spaces to stay unique).
 */
void fillEnergyChart(QChart* chart, const engine::economics::EnergyResult& energy);
/** Peak load (all feeds healthy, u = 1) and rating per feed in kW, one category per feed id. */
void fillFeedChart(QChart* chart, const engine::economics::PowerChainResult& power);
/**
 * Tornado: per input, cost per GPU-hour at input × (1 − X) and × (1 + X) as offsets from the
 * base value (two stacked sets), largest swing at the top. Returns the input names top to bottom.
 */
QStringList fillTornadoChart(QChart* chart, const engine::economics::SensitivityResult& result,
                             const DisplayCurrency& currency);

} // namespace myriad::app
