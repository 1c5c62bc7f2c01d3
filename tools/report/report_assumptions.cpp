/**
 * @file report_assumptions.cpp
 * The assumptions table of the report (report_figures.h), in the report's language and
 * currency, and the list of engine names the report translates (ReportTerms).
 */

#include "report_figures.h"
#include "report_layout.h"
#include "report_text.h"

#include <algorithm>

namespace myriad::report
{

namespace econ = engine::economics;

namespace
{

// Names the engine writes in English (economics.cpp, scenarios.cpp) and texts of the CAPEX lines
// (report_figures.cpp): lupdate collects them from here; termText() translates them on the
// pages. A name not listed (a new category) is printed as the engine wrote it.
[[maybe_unused]] constexpr const char* kTerms[] = {
  // CAPEX and OPEX categories
  QT_TRANSLATE_NOOP("ReportTerms", "systems"),
  QT_TRANSLATE_NOOP("ReportTerms", "switches"),
  QT_TRANSLATE_NOOP("ReportTerms", "optics"),
  QT_TRANSLATE_NOOP("ReportTerms", "cables"),
  QT_TRANSLATE_NOOP("ReportTerms", "racks"),
  QT_TRANSLATE_NOOP("ReportTerms", "immersion fluid"),
  QT_TRANSLATE_NOOP("ReportTerms", "power and cooling infrastructure"),
  QT_TRANSLATE_NOOP("ReportTerms", "building and site"),
  QT_TRANSLATE_NOOP("ReportTerms", "energy"),
  QT_TRANSLATE_NOOP("ReportTerms", "carbon"),
  QT_TRANSLATE_NOOP("ReportTerms", "maintenance"),
  QT_TRANSLATE_NOOP("ReportTerms", "staff"),
  // inputs of the sensitivity analysis
  QT_TRANSLATE_NOOP("ReportTerms", "energy price"),
  QT_TRANSLATE_NOOP("ReportTerms", "utilisation"),
  QT_TRANSLATE_NOOP("ReportTerms", "hardware prices"),
  QT_TRANSLATE_NOOP("ReportTerms", "build cost per W"),
  QT_TRANSLATE_NOOP("ReportTerms", "discount rate"),
  QT_TRANSLATE_NOOP("ReportTerms", "maintenance share"),
  QT_TRANSLATE_NOOP("ReportTerms", "staff cost"),
  QT_TRANSLATE_NOOP("ReportTerms", "availability"),
  QT_TRANSLATE_NOOP("ReportTerms", "chiller efficiency"),
  QT_TRANSLATE_NOOP("ReportTerms", "failure rates"),
  QT_TRANSLATE_NOOP("ReportTerms", "checkpoint time"),
  QT_TRANSLATE_NOOP("ReportTerms", "TCO horizon"),
  QT_TRANSLATE_NOOP("ReportTerms", "IT equipment life"),
  // KPI labels of the scenario comparison
  QT_TRANSLATE_NOOP("ReportTerms", "CAPEX"),
  QT_TRANSLATE_NOOP("ReportTerms", "OPEX per year"),
  QT_TRANSLATE_NOOP("ReportTerms", "TCO (present value)"),
  QT_TRANSLATE_NOOP("ReportTerms", "Cost per GPU-hour"),
  QT_TRANSLATE_NOOP("ReportTerms", "PUE"),
  QT_TRANSLATE_NOOP("ReportTerms", "Energy per year"),
  QT_TRANSLATE_NOOP("ReportTerms", "Carbon per year"),
  QT_TRANSLATE_NOOP("ReportTerms", "IT power (mean)"),
  QT_TRANSLATE_NOOP("ReportTerms", "GPUs"),
  QT_TRANSLATE_NOOP("ReportTerms", "Interruptions per day"),
  QT_TRANSLATE_NOOP("ReportTerms", "Goodput"),
  // items and sources of the CAPEX lines and of the energy price
  QT_TRANSLATE_NOOP("ReportTerms", "build cost per W of critical (peak IT) power"),
  QT_TRANSLATE_NOOP("ReportTerms", "routed fabric BOM (mean price per unit)"),
  QT_TRANSLATE_NOOP("ReportTerms", "cable (estimated length)"),
  QT_TRANSLATE_NOOP("ReportTerms", "fabric model: cables routed on the trays, catalog prices"),
  QT_TRANSLATE_NOOP("ReportTerms", "economics inputs"),
  QT_TRANSLATE_NOOP("ReportTerms", "estimate"),
  QT_TRANSLATE_NOOP("ReportTerms", "economics inputs (energyPriceUSDPerKWh)"),
  QT_TRANSLATE_NOOP("ReportTerms", "no price for the site"),
};

std::string text(const QString& s)
{
  return s.toStdString();
}

/** "7.1884": a rate with the digits it was given (up to six significant ones). */
QString rateText(double perUsd)
{
  return reportLocale().toString(perUsd, 'g', 6);
}

AssumptionRow currencyRow(const econ::Currency& currency)
{
  if (currency.code == "USD")
  {
    return { text(ReportFigures::tr("Currency")),
             text(ReportFigures::tr("US dollars (USD), nominal")),
             text(ReportFigures::tr("all prices in the catalog")) };
  }
  const QString code = QString::fromStdString(currency.code);
  const QString value =
    currency.date.empty()
      ? ReportFigures::tr("%1 at %2 per USD", "currency, its rate")
          .arg(code, rateText(currency.perUsd))
      : ReportFigures::tr("%1 at %2 per USD, %3", "currency, its rate, the rate's date")
          .arg(code, rateText(currency.perUsd), QString::fromStdString(currency.date));
  QString source = currency.givenByScene
                     ? ReportFigures::tr("the scene's own rate (site.exchangeRate)")
                     : QString::fromStdString(currency.source);
  if (currency.estimate)
  {
    source = ReportFigures::tr("%1 [estimate]").arg(source);
  }
  source =
    ReportFigures::tr("%1; every figure is computed in USD and converted at this rate").arg(source);
  return { text(ReportFigures::tr("Currency")), text(value), text(source) };
}

} // namespace

std::vector<AssumptionRow> assumptionRows(const econ::EconomicsResult& result,
                                          const econ::EconomicsInputs& inputs,
                                          const engine::Catalog& catalog,
                                          const econ::Currency& currency)
{
  const QString inputsSource = ReportFigures::tr("economics inputs");
  std::vector<AssumptionRow> rows;
  const QString utilisation = percentText(inputs.utilisation);
  rows.push_back({ text(ReportFigures::tr("Utilisation (mean IT load)")),
                   text(inputs.utilisationByMonth
                          ? ReportFigures::tr("%1 (monthly values given)").arg(utilisation)
                          : utilisation),
                   text(ReportFigures::tr("economics inputs (default 80 %)")) });
  rows.push_back({ text(ReportFigures::tr("Energy price")),
                   result.energyPriceUSDPerKWh
                     ? text(ReportFigures::tr("%1 per kWh")
                              .arg(unitMoney(currency, *result.energyPriceUSDPerKWh, 3)))
                     : text(missingText()),
                   text(termText(energyPriceSource(inputs, catalog))) });
  rows.push_back({ text(ReportFigures::tr("Site (climate, grid)")),
                   result.site.name + " [" + result.site.id + "]", result.site.source });
  rows.push_back({ text(ReportFigures::tr("TCO horizon")),
                   text(ReportFigures::tr("%n years", nullptr, inputs.years)),
                   text(inputsSource) });
  rows.push_back({ text(ReportFigures::tr("Discount rate")),
                   text(ReportFigures::tr("%1 per year").arg(percentText(inputs.discountRate))),
                   text(inputsSource) });
  rows.push_back({ text(ReportFigures::tr("Asset lives (straight line)")),
                   text(ReportFigures::tr("IT %1 years, facility %2 years")
                          .arg(inputs.itLifeYears)
                          .arg(inputs.facilityLifeYears)),
                   text(inputsSource) });
  const double itLeft = std::max(0.0, 1.0 - double(inputs.years) / inputs.itLifeYears);
  const double facilityLeft = std::max(0.0, 1.0 - double(inputs.years) / inputs.facilityLifeYears);
  rows.push_back(
    { text(ReportFigures::tr("Residual value after %n years", nullptr, inputs.years)),
      text(ReportFigures::tr("book value: IT %1, facility %2 of cost")
             .arg(percentText(itLeft), percentText(facilityLeft))),
      text(ReportFigures::tr("straight-line depreciation (docs/models/economics.md)")) });
  rows.push_back({ text(ReportFigures::tr("Availability (hours sold)")),
                   text(percentText(inputs.availability)), text(inputsSource) });
  rows.push_back(
    { text(ReportFigures::tr("Hardware price factor")),
      text(ReportFigures::tr("%1 × catalog prices").arg(grouped(inputs.hardwarePriceFactor, 2))),
      text(inputsSource) });
  rows.push_back(currencyRow(currency));
  return rows;
}

} // namespace myriad::report
