/**
 * @file report_pages_risk.cpp
 * Page 4 of the executive report: thermal and power headroom with the violations and
 * reliability. Layout in report.h.
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

constexpr std::size_t kTopRows = 6;

QString mw(double watts)
{
  return watts >= 1e6 ? QStringLiteral("%1 MW").arg(grouped(watts / 1e6, 2))
                      : QStringLiteral("%1 kW").arg(grouped(watts / 1e3, 1));
}

QString pctOf(double fraction)
{
  return percentText(fraction, 0);
}

QString celsius(double value)
{
  return QStringLiteral("%1 °C").arg(grouped(value, 1));
}

/** "H1 at 80 % utilisation: …" style label of a load point. */
QString atUtilisation(double fraction)
{
  return ReportRisks::tr("%1 utilisation").arg(pctOf(fraction));
}

/** One row per hall and load point: heat, hottest inlet, racks over the limits, top cooler. */
void thermalOverview(Flow& flow, const ReportContent& c)
{
  std::vector<QStringList> rows{ { ReportRisks::tr("Hall, load"), ReportRisks::tr("Rack heat"),
                                   ReportRisks::tr("Max inlet"), ReportRisks::tr("Racks > 27 °C"),
                                   ReportRisks::tr("Racks > 32 °C"),
                                   ReportRisks::tr("Top cooler load") } };
  std::vector<std::vector<QColor>> tones{ {} };
  const QColor bad = colourOf(palette::kWorse);
  auto add = [&](const std::vector<HallHeadroom>& halls, const QString& point)
  {
    for (const auto& h : halls)
    {
      const QString label =
        ReportRisks::tr("%1, %2", "hall, load point").arg(QString::fromStdString(h.hallId), point);
      if (!h.evaluated)
      {
        rows.push_back({ label, ReportRisks::tr("not evaluated") });
        tones.push_back({ Qt::black, bad });
        continue;
      }
      const double hottest = h.hottest.empty() ? 0 : h.hottest.front().inletMaxC;
      const double cooler = h.coolers.empty() ? 0 : h.coolers.front().fraction();
      rows.push_back({ label, mw(h.heatInW), h.hottest.empty() ? "–" : celsius(hottest),
                       ReportRisks::tr("%1 of %2", "racks over the limit of the air-cooled racks")
                         .arg(grouped(h.racksAboveRecommended), grouped(h.airCooledRacks)),
                       grouped(h.racksAboveAllowable),
                       h.coolers.empty()
                         ? "–"
                         : ReportRisks::tr("%1 (%2)", "load share (cooler)")
                             .arg(pctOf(cooler), QString::fromStdString(h.coolers.front().id)) });
      tones.push_back({ Qt::black, Qt::black, hottest > 27 ? bad : Qt::black,
                        h.racksAboveRecommended > 0 ? bad : Qt::black,
                        h.racksAboveAllowable > 0 ? bad : Qt::black,
                        cooler > 1 ? bad : Qt::black });
    }
  };
  add(c.thermal, atUtilisation(c.thermalUtilisation));
  add(c.thermalPeak, ReportRisks::tr("%1 (peak)").arg(pctOf(1.0)));
  TableStyle style{ { 0.2, 0.12, 0.13, 0.16, 0.15, 0.24 }, {}, tones, {}, 8.5, false };
  table(flow, rows, style);
  const auto& worst = c.thermalPeak.empty() ? c.thermal : c.thermalPeak;
  for (const auto& h : worst)
  {
    if (!h.evaluated)
    {
      flow.write(ReportRisks::tr("Hall %1 is not evaluated: %2")
                   .arg(QString::fromStdString(h.hallId), QString::fromStdString(h.note)),
                 8, false, colourOf(palette::kError));
      continue;
    }
    if (h.energyBalanceError > kEnergyBalanceTolerance)
    {
      flow.write(
        ReportRisks::tr("Hall %1: the coolers remove %2 of the %3 of rack heat (energy balance "
                        "misses by %4 %); the temperatures above leave the rest out.")
          .arg(QString::fromStdString(h.hallId), mw(h.heatRemovedW), mw(h.heatInW),
               grouped(h.energyBalanceError * 100, 1)),
        8, false, colourOf(palette::kError));
    }
    for (const auto& warning : h.warnings)
    {
      flow.write(ReportRisks::tr("Thermal model: %1").arg(QString::fromStdString(warning)), 7.5,
                 false, kGreyText);
    }
  }
  flow.skip(4);
}

void thermalSection(Flow& flow, const ReportContent& c)
{
  flow.heading(ReportRisks::tr("Thermal headroom"), 12);
  const QString load =
    c.thermalPeak.empty()
      ? ReportRisks::tr(
          "with racks at %1 of their catalog maximum power (the report's utilisation, as in "
          "the live view; a rack with a given power uses it)")
          .arg(pctOf(c.thermalUtilisation))
      : ReportRisks::tr(
          "with racks at %1 of their catalog maximum power (the report's utilisation, as in "
          "the live view; a rack with a given power uses it) and at %2 (peak nameplate, as "
          "myriad-cli thermal)")
          .arg(pctOf(c.thermalUtilisation), pctOf(1.0));
  flow.write(
    ReportRisks::tr("Thermal model (airflow and temperature of each hall, docs/models/thermal.md) "
                    "%1. Limits: ASHRAE A1 recommended 27 °C, allowable 32 °C inlet, read as an "
                    "auditor does: the hottest of the bottom, middle and top of each rack's intake "
                    "(±0.05 K).")
      .arg(load),
    8, false, kGreyText);
  thermalOverview(flow, c);
  // The detail tables show the worse load point: peak when it was evaluated.
  const bool peak = !c.thermalPeak.empty();
  const auto& halls = peak ? c.thermalPeak : c.thermal;
  const QString point =
    peak ? ReportRisks::tr("at peak") : ReportRisks::tr("at %1").arg(pctOf(c.thermalUtilisation));
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
  std::vector<QStringList> rows{ { ReportRisks::tr("Hottest rack inlets %1").arg(point),
                                   ReportRisks::tr("Max °C"), ReportRisks::tr("Mean °C"),
                                   ReportRisks::tr("Margin to 27 °C") } };
  std::vector<std::vector<QColor>> tones{ {} };
  for (std::size_t i = 0; i < inlets.size() && i < kTopRows; ++i)
  {
    const double margin = 27 - inlets[i].inletMaxC;
    rows.push_back({ QString::fromStdString(inlets[i].id), grouped(inlets[i].inletMaxC, 1),
                     grouped(inlets[i].inletMeanC, 1),
                     QStringLiteral("%1%2 K").arg(margin >= 0 ? "+" : "", grouped(margin, 1)) });
    const QColor tone = margin < 0 ? colourOf(palette::kWorse) : Qt::black;
    tones.push_back({ Qt::black, tone, Qt::black, tone });
  }
  if (rows.size() > 1)
  {
    TableStyle style{ { 0.4, 0.2, 0.2, 0.2 }, {}, tones, {}, 8.5, false };
    table(flow, rows, style);
  }
  rows = { { ReportRisks::tr("Most loaded coolers %1").arg(point), ReportRisks::tr("Kind"),
             ReportRisks::tr("Load"), ReportRisks::tr("Capacity"),
             ReportRisks::tr("Load share") } };
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
  flow.heading(ReportRisks::tr("Power headroom by feed"), 12);
  std::vector<const econ::FeedLoad*> feeds;
  for (const auto& f : c.base.power.feeds)
  {
    feeds.push_back(&f);
  }
  auto share = [](const econ::FeedLoad* f)
  { return f->capacityW > 0 ? f->peakW / f->capacityW : 0; };
  std::stable_sort(feeds.begin(), feeds.end(),
                   [&](auto* a, auto* b) { return share(a) > share(b); });
  std::vector<QStringList> rows{
    { ReportRisks::tr("Feed"), ReportRisks::tr("Peak (%1)").arg(pctOf(1.0)),
      ReportRisks::tr("At %1").arg(pctOf(c.inputs.utilisation)), ReportRisks::tr("Rating"),
      ReportRisks::tr("Peak / rating"), ReportRisks::tr("One feed lost") }
  };
  for (std::size_t i = 0; i < feeds.size() && i < kTopRows; ++i)
  {
    const econ::FeedLoad& f = *feeds[i];
    const QString failover =
      f.worstFailedFeed.empty() || f.capacityW <= 0
        ? QString("–")
        : ReportRisks::tr("%1 (%2 out)", "load share (the feed that failed)")
            .arg(pctOf(f.failoverPeakW / f.capacityW), QString::fromStdString(f.worstFailedFeed));
    rows.push_back({ QString::fromStdString(f.feedId), mw(f.peakW), mw(f.operatingW),
                     mw(f.capacityW), pctOf(share(&f)), failover });
  }
  if (rows.size() == 1)
  {
    flow.write(ReportRisks::tr("The scene has no power feeds."), 8.5);
    return;
  }
  TableStyle style{ { 0.16, 0.15, 0.14, 0.15, 0.15, 0.25 }, {}, {}, {}, 8.5, false };
  table(flow, rows, style);
}

/** One line of the violations list: errors first, in the error colour. */
struct Violation
{
  bool error = true;
  QString text;
};

QString errorLine(const QString& text)
{
  return ReportRisks::tr("Error %1", "a violation line").arg(text);
}

QString warningLine(const QString& text)
{
  return ReportRisks::tr("Warning %1", "a violation line").arg(text);
}

/** Limits the thermal model finds broken at one load point. */
void thermalViolations(const std::vector<HallHeadroom>& halls, const QString& point,
                       std::vector<Violation>& lines)
{
  for (const auto& h : halls)
  {
    const QString hall = QString::fromStdString(h.hallId);
    if (h.evaluated && h.energyBalanceError > kEnergyBalanceTolerance)
    {
      lines.push_back(
        { true, errorLine(ReportRisks::tr("%1 at %2: the coolers remove %3 of %4 of rack heat")
                            .arg(hall, point, mw(h.heatRemovedW), mw(h.heatInW))) });
    }
    if (h.racksAboveAllowable > 0)
    {
      lines.push_back(
        { true,
          errorLine(ReportRisks::tr("%1 at %2: %n racks with inlets above the ASHRAE A1 allowable "
                                    "32 °C",
                                    nullptr, h.racksAboveAllowable)
                      .arg(hall, point)) });
    }
    const auto over = static_cast<int>(std::count_if(
      h.coolers.begin(), h.coolers.end(), [](const auto& k) { return k.fraction() > 1; }));
    if (over > 0)
    {
      lines.push_back(
        { true, errorLine(ReportRisks::tr("%1 at %2: %n coolers over capacity, up to %3 (%4)",
                                          nullptr, over)
                            .arg(hall, point, pctOf(h.coolers.front().fraction()),
                                 QString::fromStdString(h.coolers.front().id))) });
    }
    if (h.racksAboveRecommended > h.racksAboveAllowable)
    {
      lines.push_back(
        { false,
          warningLine(ReportRisks::tr("%1 at %2: %n racks with inlets above the recommended 27 °C",
                                      nullptr, h.racksAboveRecommended)
                        .arg(hall, point)) });
    }
  }
}

void violationsSection(Flow& flow, const ReportContent& c)
{
  flow.heading(ReportRisks::tr("Top violations"), 12);
  std::vector<Violation> lines;
  for (const auto& d : c.checks)
  {
    const QString text =
      ReportRisks::tr("%1: %2", "object: message")
        .arg(QString::fromStdString(d.objectId), QString::fromStdString(d.message));
    const bool error = d.severity == engine::Severity::Error;
    lines.push_back({ error, error ? errorLine(text) : warningLine(text) });
  }
  for (const auto& v : c.base.power.violations)
  {
    lines.push_back(
      { true, errorLine(ReportRisks::tr("power %1: %2", "power violation: kind, message")
                          .arg(QString::fromStdString(econ::toString(v.kind)),
                               QString::fromStdString(v.message))) });
  }
  thermalViolations(c.thermal, atUtilisation(c.thermalUtilisation), lines);
  thermalViolations(c.thermalPeak, ReportRisks::tr("peak nameplate power"), lines);
  std::stable_sort(lines.begin(), lines.end(),
                   [](const Violation& a, const Violation& b) { return a.error && !b.error; });
  if (lines.empty())
  {
    flow.write(
      ReportRisks::tr("None: the scene passes its layout and power checks (myriad-cli validate), "
                      "the power chain reports no violation and every rack inlet and cooler is "
                      "within its limit."),
      8.5);
    return;
  }
  constexpr std::size_t kShown = 8;
  for (std::size_t i = 0; i < lines.size() && i < kShown; ++i)
  {
    flow.write("• " + lines[i].text, 8, false,
               lines[i].error ? colourOf(palette::kError) : Qt::black);
  }
  if (lines.size() > kShown)
  {
    flow.write(ReportRisks::tr("… %n more (myriad-cli validate and thermal list them all).",
                               nullptr, static_cast<int>(lines.size() - kShown)),
               8, false, kGreyText);
  }
}

void reliabilitySection(Flow& flow, const ReportContent& c)
{
  const econ::EconomicsResult& r = c.base;
  flow.heading(ReportRisks::tr("Reliability and goodput"), 12);
  flow.write(
    ReportRisks::tr("A job on %1 GPUs sees %2 interruptions per day (%3 unexpected, MTBI %4 h). "
                    "Checkpointing every %5 s (Daly) with %6 s per checkpoint and %7 s per "
                    "restart gives a goodput of %8, a loss worth %9 per year.")
      .arg(grouped(r.job.gpus), grouped(r.interruptions.totalPerDay, 2),
           grouped(r.interruptions.unexpectedPerDay, 2), grouped(r.interruptions.mtbiHours, 1),
           grouped(r.goodput.dalyIntervalS), grouped(c.inputs.checkpointWriteS, 0),
           grouped(c.inputs.restartS, 0), percentText(r.goodput.goodput, 1),
           money(c.currency, r.kpis.goodputLossUSDPerYear)),
    8.5);
  QStringList parts;
  for (const auto& ci : r.interruptions.byComponent)
  {
    parts << QStringLiteral("%1 %2").arg(QString::fromStdString(ci.component),
                                         grouped(ci.perDay, 2));
  }
  flow.write(ReportRisks::tr("Interruptions per day by component: %1.")
               .arg(parts.join(ReportRisks::tr(", ", "list separator"))),
             8, false, kGreyText);
}

} // namespace

void pageHeadroom(Flow& flow, const ReportContent& c)
{
  flow.heading(ReportRisks::tr("Headroom and risks"));
  thermalSection(flow, c);
  powerSection(flow, c);
  violationsSection(flow, c);
  reliabilitySection(flow, c);
}

} // namespace myriad::report
