/**
 * @file report_pages_cooling.cpp
 * The report's cooling-choices page: air, cold plate and immersion side by side for the same
 * GPUs (engine economics/cooling_choices.h), with the reasons a choice is not available.
 */

#include "report_pages.h"
#include "report_text.h"

#include <cmath>
#include <functional>

namespace myriad::report
{

namespace
{

namespace econ = engine::economics;
using Choice = econ::CoolingChoiceResult;

QString choiceTitle(const Choice& choice)
{
  QString title;
  switch (choice.choice)
  {
    case econ::CoolingChoice::ColdPlate:
      title = ReportPages::tr("Cold plate");
      break;
    case econ::CoolingChoice::Immersion:
      title = ReportPages::tr("Immersion");
      break;
    case econ::CoolingChoice::Air:
      title = ReportPages::tr("Air");
      break;
  }
  return choice.current ? ReportPages::tr("%1 (as drawn)").arg(title) : title;
}

/** A row: its label and one cell per choice ("–" where the choice is not available). */
QStringList rowOf(const QString& label, const std::vector<Choice>& choices,
                  const std::function<QString(const Choice&, const econ::EconomicsResult&)>& text)
{
  QStringList row{ label };
  for (const Choice& c : choices)
    row << (c.result ? text(c, *c.result) : QStringLiteral("–"));
  return row;
}

} // namespace

bool hasCoolingPage(const ReportContent& content)
{
  int available = 0;
  for (const Choice& c : content.coolingChoices)
    available += c.result.has_value();
  return available >= 2;
}

void pageCooling(Flow& flow, const ReportContent& c)
{
  flow.heading(ReportPages::tr("Cooling choices for the same GPUs"));
  flow.write(ReportPages::tr("Each column is the scene's compute racks converted to that cooling "
                             "and evaluated with the report's inputs: air-cooled servers, cold "
                             "plates on CDUs (85 % of the heat to facility water unless the "
                             "server says otherwise), or servers without fans in immersion tanks. "
                             "Network racks stay as they are. Many tank and fluid figures are "
                             "estimates (docs/models/cooling.md names their sources)."),
             8.5, false, kGreyText);
  const auto& choices = c.coolingChoices;
  const econ::Currency& cur = c.currency;
  QStringList header{ ReportPages::tr("Figure") };
  for (const Choice& choice : choices)
    header << choiceTitle(choice);
  std::vector<QStringList> rows{ header };
  rows.push_back(rowOf(ReportPages::tr("Servers"), choices,
                       [](const Choice& x, const auto&)
                       { return QString::fromStdString(x.serverModel); }));
  rows.push_back(rowOf(ReportPages::tr("Racks or tanks"), choices,
                       [](const Choice& x, const auto&) {
                         return grouped(x.enclosures) + QLatin1Char(' ') +
                                QString::fromStdString(x.enclosureModel);
                       }));
  rows.push_back(rowOf(ReportPages::tr("IT power at peak"), choices,
                       [](const Choice&, const auto& r)
                       { return ReportPages::tr("%1 MW").arg(grouped(r.kpis.itPeakMW, 2)); }));
  rows.push_back(rowOf(ReportPages::tr("Facility power, mean"), choices,
                       [](const Choice&, const auto& r)
                       { return ReportPages::tr("%1 MW").arg(grouped(r.kpis.facilityMW, 2)); }));
  rows.push_back(rowOf(ReportPages::tr("PUE, annual"), choices,
                       [](const Choice&, const auto& r) { return grouped(r.kpis.pue, 3); }));
  rows.push_back(rowOf(ReportPages::tr("Compressor-free hours of the water loop"), choices,
                       [](const Choice&, const auto& r)
                       {
                         return r.energy.liquidLoop ? grouped(r.energy.liquidEconomiserHours)
                                                    : ReportPages::tr("no water loop");
                       }));
  rows.push_back(rowOf(ReportPages::tr("Water per year"), choices,
                       [](const Choice&, const auto& r)
                       { return ReportPages::tr("%1 m³").arg(grouped(r.kpis.waterM3PerYear)); }));
  rows.push_back(
    rowOf(ReportPages::tr("Carbon per year"), choices,
          [](const Choice&, const auto& r)
          {
            return r.kpis.carbonTonnesPerYear
                     ? ReportPages::tr("%1 t CO₂").arg(grouped(*r.kpis.carbonTonnesPerYear))
                     : QStringLiteral("–");
          }));
  rows.push_back(rowOf(ReportPages::tr("CAPEX"), choices,
                       [&cur](const Choice&, const auto& r)
                       { return money(cur, r.kpis.capexUSD); }));
  rows.push_back(rowOf(ReportPages::tr("OPEX per year"), choices,
                       [&cur](const Choice&, const auto& r)
                       { return money(cur, r.kpis.opexUSDPerYear); }));
  rows.push_back(rowOf(ReportPages::tr("Cost per GPU-hour"), choices,
                       [&cur](const Choice&, const auto& r)
                       { return kpiText("usdPerGpuHour", r.kpis.usdPerGpuHour, cur); }));
  rows.push_back(rowOf(ReportPages::tr("Heaviest floor load"), choices,
                       [](const Choice& x, const auto&)
                       { return ReportPages::tr("%1 kg/m²").arg(grouped(x.maxFloorLoadKgM2)); }));
  TableStyle style;
  style.widths = { 0.31, 0.23, 0.23, 0.23 };
  style.leftAligned = { true, false, false, false };
  style.wrap = true;
  table(flow, rows, style);
  for (const Choice& choice : choices)
    if (choice.unavailable)
      flow.write(ReportPages::tr("%1 is not available: %2")
                   .arg(choiceTitle(choice), QString::fromStdString(*choice.unavailable)),
                 8, false, kGreyText);
}

} // namespace myriad::report
