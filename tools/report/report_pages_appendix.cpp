/**
 * @file report_pages_appendix.cpp
 * Pages 5–6 of the executive report: the scenario comparison (only when the scene has
 * scenarios) and the appendix (unit prices, estimates, missing figures). Layout in report.h.
 */

#include "report_pages.h"
#include "report_text.h"

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace
{

namespace econ = engine::economics;

QString relativeText(double fraction)
{
  return ReportAppendix::tr("%1%2 %", "sign, relative change in percent")
    .arg(fraction >= 0 ? "+" : "", grouped(fraction * 100, 1));
}

void comparisonSection(Flow& flow, const econ::ScenarioComparison& comparison,
                       const econ::Currency& cur)
{
  const QString name = QString::fromStdString(comparison.scenarioName);
  flow.heading(ReportAppendix::tr("Scenario \"%1\" against the base").arg(name), 12);
  if (!comparison.description.empty())
  {
    flow.write(QString::fromStdString(comparison.description), 8.5, false, kGreyText);
  }
  std::vector<QStringList> cells{ { ReportAppendix::tr("Indicator"), ReportAppendix::tr("Base"),
                                    name, ReportAppendix::tr("Change"),
                                    ReportAppendix::tr("Change %") } };
  std::vector<std::vector<QColor>> colours{ {} };
  for (const auto& k : comparison.kpis)
  {
    const auto rel = k.relative();
    cells.push_back({ termText(k.label), kpiText(k.key, k.base, cur),
                      kpiText(k.key, k.scenario, cur), deltaText(k, cur),
                      rel ? relativeText(*rel) : "–" });
    const auto d = k.absolute();
    QColor tone = Qt::black;
    if (d && std::abs(*d) > 1e-12 * std::max(1.0, std::abs(k.base.value_or(1))))
    {
      const bool better = k.lowerIsBetter ? *d < 0 : *d > 0;
      tone = colourOf(better ? palette::kBetter : palette::kWorse);
    }
    colours.push_back({ Qt::black, Qt::black, Qt::black, tone, tone });
  }
  TableStyle style{ { 0.34, 0.17, 0.17, 0.17, 0.15 }, {}, colours, {}, 8.5, false };
  table(flow, cells, style);
}

void diffSection(Flow& flow, const econ::ScenarioComparison& c)
{
  const auto& d = c.diff;
  flow.heading(ReportAppendix::tr("Layout differences of scenario \"%1\"")
                 .arg(QString::fromStdString(c.scenarioName)),
               11);
  auto list = [](const std::vector<std::string>& ids)
  {
    QStringList out;
    for (std::size_t i = 0; i < ids.size() && i < 12; ++i)
    {
      out << QString::fromStdString(ids[i]);
    }
    const QString shown = out.join(ReportAppendix::tr(", ", "list separator"));
    return ids.size() > 12
             ? ReportAppendix::tr("%1 … (%n in all)", nullptr, static_cast<int>(ids.size()))
                 .arg(shown)
             : shown;
  };
  if (d.empty())
  {
    flow.write(ReportAppendix::tr("No layout changes (inputs only)."), 8.5);
    return;
  }
  const std::pair<const char*, const std::vector<std::string>*> groups[] = {
    { QT_TRANSLATE_NOOP("ReportAppendix", "Racks added"), &d.addedRacks },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Racks removed"), &d.removedRacks },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Racks changed"), &d.changedRacks },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Coolers added"), &d.addedCoolers },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Coolers removed"), &d.removedCoolers },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Coolers changed"), &d.changedCoolers },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Feeds added"), &d.addedFeeds },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Feeds removed"), &d.removedFeeds },
    { QT_TRANSLATE_NOOP("ReportAppendix", "Feeds changed"), &d.changedFeeds },
  };
  for (const auto& [label, ids] : groups)
  {
    if (!ids->empty())
    {
      flow.write(
        ReportAppendix::tr("%1 (%2): %3", "what changed (how many): which")
          .arg(ReportAppendix::tr(label), grouped(static_cast<double>(ids->size())), list(*ids)),
        8.5);
    }
  }
}

} // namespace

void pageScenarios(Flow& flow, const ReportContent& c)
{
  flow.heading(ReportAppendix::tr("Scenarios"));
  const econ::Currency& cur = c.currency;
  if (!c.scenarios.empty())
  {
    flow.write(
      ReportAppendix::tr("Each scenario of the scene applied to the base (its edits and inputs), "
                         "evaluated with the same assumptions otherwise."),
      8.5, false, kGreyText);
    std::vector<QStringList> rows{
      { ReportAppendix::tr("Scenario"), ReportAppendix::tr("GPUs"), ReportAppendix::tr("IT peak"),
        ReportAppendix::tr("PUE"), ReportAppendix::tr("CAPEX"), ReportAppendix::tr("TCO"),
        ReportAppendix::tr("%1/GPU-h", "currency per GPU-hour").arg(currencyUnit(cur)) }
    };
    auto kpiRow = [&](const QString& name, const econ::Kpis& k) -> QStringList
    {
      return { name,
               grouped(k.gpus),
               QStringLiteral("%1 MW").arg(grouped(k.itPeakMW, 2)),
               kpiText("pue", k.pue, cur),
               money(cur, k.capexUSD),
               money(cur, k.tcoUSD),
               kpiText("usdPerGpuHour", k.usdPerGpuHour, cur) };
    };
    rows.push_back(kpiRow(ReportAppendix::tr("base", "the scene without a scenario"), c.base.kpis));
    for (const auto& s : c.scenarios)
    {
      if (!s.kpis)
      {
        rows.push_back({ QString::fromStdString(s.name), ReportAppendix::tr("not evaluated") });
        continue;
      }
      rows.push_back(kpiRow(QString::fromStdString(s.name), *s.kpis));
    }
    TableStyle style{ { 0.28, 0.1, 0.13, 0.1, 0.13, 0.13, 0.13 }, {}, {}, { 1 }, 8.5, false };
    table(flow, rows, style);
    for (const auto& s : c.scenarios)
    {
      const QString what =
        s.kpis
          ? QString::fromStdString(s.description)
          : ReportAppendix::tr("could not be evaluated: %1").arg(QString::fromStdString(s.error));
      flow.write(ReportAppendix::tr("• %1: %2", "scenario: description")
                   .arg(QString::fromStdString(s.name), what),
                 8);
    }
  }
  if (c.comparison)
  {
    comparisonSection(flow, *c.comparison, cur);
    diffSection(flow, *c.comparison);
  }
}

namespace
{

/** Part, quantity, unit price, total and source of every CAPEX line, with the total. */
void unitPriceTable(Flow& flow, const ReportContent& c)
{
  const econ::Currency& cur = c.currency;
  std::vector<QStringList> rows{ { ReportAppendix::tr("Category"), ReportAppendix::tr("Item"),
                                   ReportAppendix::tr("Quantity"), ReportAppendix::tr("Unit price"),
                                   ReportAppendix::tr("Total"), ReportAppendix::tr("Source") } };
  for (const auto& u : c.unitPrices)
  {
    const bool perW = u.quantityUnit == "W";
    const QString quantity = perW ? QStringLiteral("%1 MW").arg(grouped(u.quantity / 1e6, 2))
                                  : (u.quantity > 0 ? grouped(u.quantity) : "–");
    const double unitPrice = u.unitUSD ? cur.fromUsd(*u.unitUSD) : 0;
    const QString unit =
      !u.unitUSD ? "–"
      : perW     ? ReportAppendix::tr("%1/W", "price per watt").arg(unitMoney(cur, *u.unitUSD, 2))
                 : unitMoney(cur, *u.unitUSD, unitPrice < 100 ? 2 : 0);
    QString source = termText(u.source);
    if (u.estimate && u.source != "estimate")
    {
      source = ReportAppendix::tr("%1 [estimate]").arg(source);
    }
    rows.push_back(
      { termText(u.category), termText(u.item), quantity, unit, money(cur, u.totalUSD), source });
  }
  rows.push_back(
    { ReportAppendix::tr("Total CAPEX"), "", "", "", money(cur, c.base.kpis.capexUSD), "" });
  TableStyle style{ { 0.13, 0.19, 0.09, 0.11, 0.12, 0.36 },
                    { true, true, false, false, false, true },
                    {},
                    { static_cast<int>(rows.size()) - 1 },
                    7,
                    true };
  table(flow, rows, style);
}

} // namespace

void pageAppendix(Flow& flow, const ReportContent& c)
{
  flow.heading(ReportAppendix::tr("Appendix: unit prices behind CAPEX"));
  unitPriceTable(flow, c);
  if (c.inputs.hardwarePriceFactor != 1)
  {
    flow.write(ReportAppendix::tr("Unit prices include the hardware price factor %1.")
                 .arg(grouped(c.inputs.hardwarePriceFactor, 2)),
               7.5, false, kGreyText);
  }
  flow.heading(ReportAppendix::tr("Estimates the figures rest on"), 11);
  std::size_t shown = 0;
  for (const auto& a : c.base.assumptions)
  {
    if (!flow.write(ReportAppendix::tr("• %1 [estimate]").arg(QString::fromStdString(a)), 7.5))
    {
      break;
    }
    ++shown;
  }
  if (shown < c.base.assumptions.size())
  {
    flow.write(ReportAppendix::tr("… %n more in the JSON export (myriad-cli report --json).",
                                  nullptr, static_cast<int>(c.base.assumptions.size() - shown)),
               7.5);
  }
  if (!c.base.missing.empty())
  {
    QStringList missing;
    for (const auto& m : c.base.missing)
    {
      missing << QString::fromStdString(m);
    }
    flow.write(ReportAppendix::tr("Missing figures (shown as missing, never as zero): %1")
                 .arg(missing.join(ReportAppendix::tr(", ", "list separator"))),
               7.5, false, colourOf(palette::kError));
  }
  flow.write(
    c.snapshotPng.empty()
      ? ReportAppendix::tr("The 3D snapshot of the hall is left out: %1")
          .arg(QString::fromStdString(c.snapshotNote))
      : ReportAppendix::tr("The 3D snapshot on page 2 is the hall from the isometric camera, racks "
                           "coloured by kind."),
    7.5, false, kGreyText);
}

} // namespace myriad::report
