/**
 * @file report_pages_risk.cpp
 * Pages 4–6 of the executive report: thermal and power headroom with the violations and
 * reliability, the scenario comparison, and the appendix (unit prices, estimates, missing
 * figures). Layout in report.h.
 */

#include "report_pages.h"

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace
{

namespace econ = engine::economics;

constexpr std::size_t kTopRows = 6;

QString mw(double watts)
{
  return watts >= 1e6 ? QString("%1 MW").arg(watts / 1e6, 0, 'f', 2)
                      : QString("%1 kW").arg(grouped(watts / 1e3, 1));
}

QString pctOf(double fraction)
{
  return QString("%1 %").arg(fraction * 100, 0, 'f', 0);
}

/** One row per hall and load point: heat, hottest inlet, racks over the limits, top cooler. */
void thermalOverview(Flow& flow, const ReportContent& c)
{
  std::vector<QStringList> rows{ { "Hall, load", "Rack heat", "Max inlet", "Racks > 27 °C",
                                   "Racks > 32 °C", "Top cooler load" } };
  std::vector<std::vector<QColor>> tones{ {} };
  const QColor bad = colourOf(palette::kWorse);
  auto add = [&](const std::vector<HallHeadroom>& halls, const QString& point)
  {
    for (const auto& h : halls)
    {
      const QString label = QString::fromStdString(h.hallId) + ", " + point;
      if (!h.evaluated)
      {
        rows.push_back({ label, "not evaluated" });
        tones.push_back({ Qt::black, bad });
        continue;
      }
      const double hottest = h.hottest.empty() ? 0 : h.hottest.front().inletMaxC;
      const double cooler = h.coolers.empty() ? 0 : h.coolers.front().fraction();
      rows.push_back(
        { label, mw(h.heatInW), h.hottest.empty() ? "–" : QString("%1 °C").arg(hottest, 0, 'f', 1),
          QString("%1 of %2").arg(h.racksAboveRecommended).arg(h.airCooledRacks),
          QString::number(h.racksAboveAllowable),
          h.coolers.empty() ? "–"
                            : QString("%1 (%2)").arg(
                                pctOf(cooler), QString::fromStdString(h.coolers.front().id)) });
      tones.push_back({ Qt::black, Qt::black, hottest > 27 ? bad : Qt::black,
                        h.racksAboveRecommended > 0 ? bad : Qt::black,
                        h.racksAboveAllowable > 0 ? bad : Qt::black,
                        cooler > 1 ? bad : Qt::black });
    }
  };
  add(c.thermal, pctOf(c.thermalUtilisation) + " utilisation");
  add(c.thermalPeak, "100 % (peak)");
  TableStyle style{ { 0.2, 0.12, 0.13, 0.16, 0.15, 0.24 }, {}, tones, {}, 8.5, false };
  table(flow, rows, style);
  const auto& worst = c.thermalPeak.empty() ? c.thermal : c.thermalPeak;
  for (const auto& h : worst)
  {
    if (!h.evaluated)
    {
      flow.write(QString("Hall %1 is not evaluated: %2")
                   .arg(QString::fromStdString(h.hallId), QString::fromStdString(h.note)),
                 8, false, colourOf(palette::kError));
      continue;
    }
    if (h.energyBalanceError > kEnergyBalanceTolerance)
    {
      flow.write(QString("Hall %1: the coolers remove %2 of the %3 of rack heat (energy balance "
                         "misses by %4 %); the temperatures above leave the rest out.")
                   .arg(QString::fromStdString(h.hallId), mw(h.heatRemovedW), mw(h.heatInW))
                   .arg(h.energyBalanceError * 100, 0, 'f', 1),
                 8, false, colourOf(palette::kError));
    }
    for (const auto& warning : h.warnings)
    {
      flow.write("Thermal model: " + QString::fromStdString(warning), 7.5, false, kGreyText);
    }
  }
  flow.skip(4);
}

void thermalSection(Flow& flow, const ReportContent& c)
{
  flow.heading("Thermal headroom", 12);
  flow.write(QString("Thermal model (airflow and temperature of each hall, docs/models/thermal.md) "
                     "with racks at %1 of their catalog maximum power (the report's utilisation, "
                     "as in the live view; a rack with a given power uses it)%2. Limits: ASHRAE "
                     "A1 recommended 27 °C, allowable 32 °C inlet, read as an auditor does: the "
                     "hottest of the bottom, middle and top of each rack's intake (±0.05 K).")
               .arg(pctOf(c.thermalUtilisation))
               .arg(c.thermalPeak.empty()
                      ? QString()
                      : QString(" and at 100 % (peak nameplate, as myriad-cli thermal)")),
             8, false, kGreyText);
  thermalOverview(flow, c);
  // The detail tables show the worse load point: peak when it was evaluated.
  const bool peak = !c.thermalPeak.empty();
  const auto& halls = peak ? c.thermalPeak : c.thermal;
  const QString point = peak ? "at peak" : "at " + pctOf(c.thermalUtilisation);
  std::vector<RackInlet> inlets;
  std::vector<CoolerLoad> coolers;
  for (const auto& h : halls)
  {
    inlets.insert(inlets.end(), h.hottest.begin(), h.hottest.end());
    coolers.insert(coolers.end(), h.coolers.begin(), h.coolers.end());
  }
  std::sort(inlets.begin(), inlets.end(),
            [](const auto& a, const auto& b) { return a.inletMaxC > b.inletMaxC; });
  std::stable_sort(coolers.begin(), coolers.end(),
                   [](const auto& a, const auto& b) { return a.fraction() > b.fraction(); });
  std::vector<QStringList> rows{ { "Hottest rack inlets " + point, "Max °C", "Mean °C",
                                   "Margin to 27 °C" } };
  std::vector<std::vector<QColor>> tones{ {} };
  for (std::size_t i = 0; i < inlets.size() && i < kTopRows; ++i)
  {
    const double margin = 27 - inlets[i].inletMaxC;
    rows.push_back({ QString::fromStdString(inlets[i].id),
                     QString::number(inlets[i].inletMaxC, 'f', 1),
                     QString::number(inlets[i].inletMeanC, 'f', 1),
                     QString("%1%2 K").arg(margin >= 0 ? "+" : "").arg(margin, 0, 'f', 1) });
    const QColor tone = margin < 0 ? colourOf(palette::kWorse) : Qt::black;
    tones.push_back({ Qt::black, tone, Qt::black, tone });
  }
  if (rows.size() > 1)
  {
    TableStyle style{ { 0.4, 0.2, 0.2, 0.2 }, {}, tones, {}, 8.5, false };
    table(flow, rows, style);
  }
  rows = { { "Most loaded coolers " + point, "Kind", "Load", "Capacity", "Load share" } };
  tones = { {} };
  for (std::size_t i = 0; i < coolers.size() && i < kTopRows; ++i)
  {
    const CoolerLoad& k = coolers[i];
    rows.push_back({ QString::fromStdString(k.id), QString::fromStdString(k.kind), mw(k.loadW),
                     mw(k.capacityW), pctOf(k.fraction()) });
    const QColor tone = k.fraction() > 1 ? colourOf(palette::kWorse) : Qt::black;
    tones.push_back({ Qt::black, Qt::black, Qt::black, Qt::black, tone });
  }
  if (rows.size() > 1)
  {
    TableStyle style{ { 0.4, 0.12, 0.16, 0.16, 0.16 }, {}, tones, {}, 8.5, false };
    table(flow, rows, style);
  }
}

void powerSection(Flow& flow, const ReportContent& c)
{
  flow.heading("Power headroom by feed", 12);
  std::vector<const econ::FeedLoad*> feeds;
  for (const auto& f : c.base.power.feeds)
  {
    feeds.push_back(&f);
  }
  auto share = [](const econ::FeedLoad* f)
  { return f->capacityW > 0 ? f->peakW / f->capacityW : 0; };
  std::stable_sort(feeds.begin(), feeds.end(),
                   [&](auto* a, auto* b) { return share(a) > share(b); });
  std::vector<QStringList> rows{ { "Feed", "Peak (100 %)",
                                   QString("At %1").arg(pctOf(c.inputs.utilisation)), "Rating",
                                   "Peak / rating", "One feed lost" } };
  for (std::size_t i = 0; i < feeds.size() && i < kTopRows; ++i)
  {
    const econ::FeedLoad& f = *feeds[i];
    const QString failover =
      f.worstFailedFeed.empty() || f.capacityW <= 0
        ? QString("–")
        : QString("%1 (%2 out)")
            .arg(pctOf(f.failoverPeakW / f.capacityW), QString::fromStdString(f.worstFailedFeed));
    rows.push_back({ QString::fromStdString(f.feedId), mw(f.peakW), mw(f.operatingW),
                     mw(f.capacityW), pctOf(share(&f)), failover });
  }
  if (rows.size() == 1)
  {
    flow.write("The scene has no power feeds.", 8.5);
    return;
  }
  TableStyle style{ { 0.16, 0.15, 0.14, 0.15, 0.15, 0.25 }, {}, {}, {}, 8.5, false };
  table(flow, rows, style);
}

/** Limits the thermal model finds broken at one load point, as "Error …"/"Warning …" lines. */
void thermalViolations(const std::vector<HallHeadroom>& halls, const QString& point,
                       QStringList& lines)
{
  for (const auto& h : halls)
  {
    const QString hall = QString::fromStdString(h.hallId);
    if (h.evaluated && h.energyBalanceError > kEnergyBalanceTolerance)
    {
      lines << QString("Error %1 at %2: the coolers remove %3 of %4 of rack heat")
                 .arg(hall, point, mw(h.heatRemovedW), mw(h.heatInW));
    }
    if (h.racksAboveAllowable > 0)
    {
      lines << QString("Error %1 at %2: %3 racks with inlets above the ASHRAE A1 allowable 32 °C")
                 .arg(hall, point)
                 .arg(h.racksAboveAllowable);
    }
    const auto over = std::count_if(h.coolers.begin(), h.coolers.end(),
                                    [](const auto& k) { return k.fraction() > 1; });
    if (over > 0)
    {
      lines << QString("Error %1 at %2: %3 coolers over capacity, up to %4 (%5)")
                 .arg(hall, point)
                 .arg(over)
                 .arg(pctOf(h.coolers.front().fraction()),
                      QString::fromStdString(h.coolers.front().id));
    }
    if (h.racksAboveRecommended > h.racksAboveAllowable)
    {
      lines << QString("Warning %1 at %2: %3 racks with inlets above the recommended 27 °C")
                 .arg(hall, point)
                 .arg(h.racksAboveRecommended);
    }
  }
}

void violationsSection(Flow& flow, const ReportContent& c)
{
  flow.heading("Top violations", 12);
  QStringList lines;
  for (const auto& d : c.checks)
  {
    lines << QString("%1 %2: %3")
               .arg(d.severity == engine::Severity::Error ? "Error" : "Warning",
                    QString::fromStdString(d.objectId), QString::fromStdString(d.message));
  }
  for (const auto& v : c.base.power.violations)
  {
    lines << QString("Error power %1: %2")
               .arg(QString::fromStdString(econ::toString(v.kind)),
                    QString::fromStdString(v.message));
  }
  thermalViolations(c.thermal, pctOf(c.thermalUtilisation) + " utilisation", lines);
  thermalViolations(c.thermalPeak, "peak nameplate power", lines);
  std::stable_sort(lines.begin(), lines.end(),
                   [](const QString& a, const QString& b)
                   { return a.startsWith("Error") && !b.startsWith("Error"); });
  if (lines.isEmpty())
  {
    flow.write("None: the scene passes its layout and power checks (myriad-cli validate), the "
               "power chain reports no violation and every rack inlet and cooler is within its "
               "limit.",
               8.5);
    return;
  }
  constexpr int kShown = 8;
  for (int i = 0; i < lines.size() && i < kShown; ++i)
  {
    flow.write("• " + lines[i], 8, false,
               lines[i].startsWith("Error") ? colourOf(palette::kError) : Qt::black);
  }
  if (lines.size() > kShown)
  {
    flow.write(QString("… %1 more (myriad-cli validate and thermal list them all).")
                 .arg(lines.size() - kShown),
               8, false, kGreyText);
  }
}

void reliabilitySection(Flow& flow, const ReportContent& c)
{
  const econ::EconomicsResult& r = c.base;
  flow.heading("Reliability and goodput", 12);
  flow.write(QString("A job on %1 GPUs sees %2 interruptions per day (%3 unexpected, MTBI %4 h). "
                     "Checkpointing every %5 s (Daly) with %6 s per checkpoint and %7 s per "
                     "restart gives a goodput of %8 %, a loss worth %9 per year.")
               .arg(grouped(r.job.gpus))
               .arg(r.interruptions.totalPerDay, 0, 'f', 2)
               .arg(r.interruptions.unexpectedPerDay, 0, 'f', 2)
               .arg(r.interruptions.mtbiHours, 0, 'f', 1)
               .arg(grouped(r.goodput.dalyIntervalS))
               .arg(c.inputs.checkpointWriteS, 0, 'f', 0)
               .arg(c.inputs.restartS, 0, 'f', 0)
               .arg(r.goodput.goodput * 100, 0, 'f', 1)
               .arg(money(r.kpis.goodputLossUSDPerYear)),
             8.5);
  QStringList parts;
  for (const auto& ci : r.interruptions.byComponent)
  {
    parts << QString("%1 %2").arg(QString::fromStdString(ci.component)).arg(ci.perDay, 0, 'f', 2);
  }
  flow.write("Interruptions per day by component: " + parts.join(", ") + ".", 8, false, kGreyText);
}

void comparisonSection(Flow& flow, const econ::ScenarioComparison& comparison)
{
  flow.heading(
    "Scenario \"" + QString::fromStdString(comparison.scenarioName) + "\" against the base", 12);
  if (!comparison.description.empty())
  {
    flow.write(QString::fromStdString(comparison.description), 8.5, false, kGreyText);
  }
  std::vector<QStringList> cells{
    { "Indicator", "Base", QString::fromStdString(comparison.scenarioName), "Change", "Change %" }
  };
  std::vector<std::vector<QColor>> colours{ {} };
  for (const auto& k : comparison.kpis)
  {
    const auto rel = k.relative();
    cells.push_back(
      { QString::fromStdString(k.label), kpiText(k.key, k.base), kpiText(k.key, k.scenario),
        deltaText(k),
        rel ? QString("%1%2 %").arg(*rel >= 0 ? "+" : "").arg(*rel * 100, 0, 'f', 1) : "–" });
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
  flow.heading("Layout differences of scenario \"" + QString::fromStdString(c.scenarioName) + "\"",
               11);
  auto list = [](const std::vector<std::string>& ids)
  {
    QStringList out;
    for (std::size_t i = 0; i < ids.size() && i < 12; ++i)
    {
      out << QString::fromStdString(ids[i]);
    }
    return out.join(", ") + (ids.size() > 12 ? QString(" … (%1 in all)").arg(ids.size()) : "");
  };
  if (d.empty())
  {
    flow.write("No layout changes (inputs only).", 8.5);
    return;
  }
  const std::pair<const char*, const std::vector<std::string>*> groups[] = {
    { "Racks added", &d.addedRacks },         { "Racks removed", &d.removedRacks },
    { "Racks changed", &d.changedRacks },     { "Coolers added", &d.addedCoolers },
    { "Coolers removed", &d.removedCoolers }, { "Coolers changed", &d.changedCoolers },
    { "Feeds added", &d.addedFeeds },         { "Feeds removed", &d.removedFeeds },
    { "Feeds changed", &d.changedFeeds },
  };
  for (const auto& [label, ids] : groups)
  {
    if (!ids->empty())
    {
      flow.write(QString("%1 (%2): %3").arg(label).arg(ids->size()).arg(list(*ids)), 8.5);
    }
  }
}

QString costText(const std::optional<double>& usd)
{
  return money(usd);
}

} // namespace

void pageHeadroom(Flow& flow, const ReportContent& c)
{
  flow.heading("Headroom and risks");
  thermalSection(flow, c);
  powerSection(flow, c);
  violationsSection(flow, c);
  reliabilitySection(flow, c);
}

void pageScenarios(Flow& flow, const ReportContent& c)
{
  flow.heading("Scenarios");
  if (!c.scenarios.empty())
  {
    flow.write("Each scenario of the scene applied to the base (its edits and inputs), evaluated "
               "with the same assumptions otherwise.",
               8.5, false, kGreyText);
    std::vector<QStringList> rows{ { "Scenario", "GPUs", "IT peak", "PUE", "CAPEX", "TCO",
                                     "$/GPU-h" } };
    const econ::Kpis& b = c.base.kpis;
    rows.push_back({ "base", grouped(b.gpus), QString("%1 MW").arg(b.itPeakMW, 0, 'f', 2),
                     kpiText("pue", b.pue), costText(b.capexUSD), costText(b.tcoUSD),
                     kpiText("usdPerGpuHour", b.usdPerGpuHour) });
    for (const auto& s : c.scenarios)
    {
      if (!s.kpis)
      {
        rows.push_back({ QString::fromStdString(s.name), "not evaluated" });
        continue;
      }
      const econ::Kpis& k = *s.kpis;
      rows.push_back({ QString::fromStdString(s.name), grouped(k.gpus),
                       QString("%1 MW").arg(k.itPeakMW, 0, 'f', 2), kpiText("pue", k.pue),
                       costText(k.capexUSD), costText(k.tcoUSD),
                       kpiText("usdPerGpuHour", k.usdPerGpuHour) });
    }
    TableStyle style{ { 0.28, 0.1, 0.13, 0.1, 0.13, 0.13, 0.13 }, {}, {}, { 1 }, 8.5, false };
    table(flow, rows, style);
    for (const auto& s : c.scenarios)
    {
      const QString what = s.kpis ? QString::fromStdString(s.description)
                                  : "could not be evaluated: " + QString::fromStdString(s.error);
      flow.write("• " + QString::fromStdString(s.name) + ": " + what, 8);
    }
  }
  if (c.comparison)
  {
    comparisonSection(flow, *c.comparison);
    diffSection(flow, *c.comparison);
  }
}

namespace
{

/** Part, quantity, unit price, total and source of every CAPEX line, with the total. */
void unitPriceTable(Flow& flow, const ReportContent& c)
{
  std::vector<QStringList> rows{ { "Category", "Item", "Quantity", "Unit price", "Total",
                                   "Source" } };
  for (const auto& u : c.unitPrices)
  {
    const bool perW = u.quantityUnit == "W";
    const QString quantity = perW ? QString("%1 MW").arg(u.quantity / 1e6, 0, 'f', 2)
                                  : (u.quantity > 0 ? grouped(u.quantity) : "–");
    const QString unit = !u.unitUSD ? "–"
                         : perW     ? QString("$%1/W").arg(*u.unitUSD, 0, 'f', 2)
                                    : "$" + grouped(*u.unitUSD, *u.unitUSD < 100 ? 2 : 0);
    rows.push_back({ QString::fromStdString(u.category), QString::fromStdString(u.item), quantity,
                     unit, money(u.totalUSD),
                     QString::fromStdString(u.source) +
                       (u.estimate && u.source != "estimate" ? " [estimate]" : "") });
  }
  rows.push_back({ "Total CAPEX", "", "", "", money(c.base.kpis.capexUSD), "" });
  TableStyle style{ { 0.14, 0.2, 0.1, 0.11, 0.1, 0.35 },
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
  flow.heading("Appendix: unit prices behind CAPEX");
  unitPriceTable(flow, c);
  if (c.inputs.hardwarePriceFactor != 1)
  {
    flow.write(QString("Unit prices include the hardware price factor %1.")
                 .arg(c.inputs.hardwarePriceFactor, 0, 'f', 2),
               7.5, false, kGreyText);
  }
  flow.heading("Estimates the figures rest on", 11);
  std::size_t shown = 0;
  for (const auto& a : c.base.assumptions)
  {
    if (!flow.write("• " + QString::fromStdString(a) + " [estimate]", 7.5))
    {
      break;
    }
    ++shown;
  }
  if (shown < c.base.assumptions.size())
  {
    flow.write(QString("… %1 more in the JSON export (myriad-cli report --json).")
                 .arg(c.base.assumptions.size() - shown),
               7.5);
  }
  if (!c.base.missing.empty())
  {
    QStringList missing;
    for (const auto& m : c.base.missing)
    {
      missing << QString::fromStdString(m);
    }
    flow.write("Missing figures (shown as missing, never as zero): " + missing.join(", "), 7.5,
               false, colourOf(palette::kError));
  }
  flow.write(c.snapshotPng.empty()
               ? "The 3D snapshot of the hall is left out: " +
                   QString::fromStdString(c.snapshotNote)
               : QString("The 3D snapshot on page 2 is the hall from the isometric camera, "
                         "racks coloured by kind."),
             7.5, false, kGreyText);
}

} // namespace myriad::report
