/**
 * @file report_summary.cpp
 * The executive summary: sentences built from the report's figures (never canned text). The
 * biggest risk is picked in order of consequence: a failed scene check, a power-chain violation
 * (feed over its rating, lost redundancy), then cooling: rack inlets above the ASHRAE A1
 * recommended 27 °C or coolers over capacity at the report's utilisation, else the same at peak
 * nameplate power; with none of these, the narrowest headroom is stated.
 */

#include "report.h"
#include "report_layout.h"
#include "report_pages.h"
#include "report_text.h"

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace
{

namespace econ = engine::economics;
using Kind = SummarySentence::Kind;

QString pct(double fraction, int decimals = 0)
{
  return percentText(fraction, decimals);
}

QString celsius(double value)
{
  return grouped(value, 1);
}

QString scale(const ReportContent& c)
{
  const econ::Kpis& k = c.base.kpis;
  return ReportSummary::tr(
           "%1 puts %2 GPUs in %3 racks at %4; its IT equipment draws %5 MW at peak "
           "nameplate power and %6 MW on average at %7 utilisation, and the facility %9 MW "
           "on average at a PUE of %8.")
    .arg(QString::fromStdString(c.title), grouped(k.gpus), grouped(c.racks),
         QString::fromStdString(c.base.site.name), grouped(k.itPeakMW, 2), grouped(k.itMW, 2),
         pct(c.inputs.utilisation), grouped(k.pue, 3), grouped(k.facilityMW, 2));
}

QString cost(const ReportContent& c)
{
  const econ::Kpis& k = c.base.kpis;
  const econ::Currency& cur = c.currency;
  if (!k.tcoUSD)
  {
    return ReportSummary::tr(
             "CAPEX is %1 and OPEX %2 a year; the TCO and the cost per GPU-hour cannot be "
             "given because a price is missing (see the appendix).")
      .arg(money(cur, k.capexUSD), money(cur, k.opexUSDPerYear));
  }
  return ReportSummary::tr(
           "It needs %1 of CAPEX and %2 of OPEX a year; over %n years, discounted at %3 a "
           "year, the TCO is %4 (present value, net of the residual value), or %5 per "
           "GPU-hour sold (%6 per goodput GPU-hour).",
           nullptr, c.inputs.years)
    .arg(money(cur, k.capexUSD), money(cur, k.opexUSDPerYear), pct(c.inputs.discountRate, 1),
         money(cur, k.tcoUSD), kpiText("usdPerGpuHour", k.usdPerGpuHour, cur),
         kpiText("usdPerGpuHour", k.usdPerEffectiveGpuHour, cur));
}

QString drivers(const ReportContent& c)
{
  const econ::CostItem* top = nullptr;
  for (const auto& item : c.base.capex)
  {
    if (item.usd && (top == nullptr || *item.usd > *top->usd))
    {
      top = &item;
    }
  }
  const auto& capex = c.base.kpis.capexUSD;
  if (top == nullptr || !capex || *capex <= 0)
  {
    return {};
  }
  const QString category = termText(top->category);
  const QString share = pct(*top->usd / *capex);
  const auto& bars = c.sensitivity.bars;
  if (!bars.empty() && bars.front().low.usdPerGpuHour && bars.front().high.usdPerGpuHour)
  {
    const double a = *bars.front().low.usdPerGpuHour;
    const double b = *bars.front().high.usdPerGpuHour;
    return ReportSummary::tr(
             "The largest cost is %1 (%2 of CAPEX); the cost per GPU-hour is most sensitive "
             "to %3 (%4 to %5 at ±%6 %).")
      .arg(category, share, termText(bars.front().input), unitMoney(c.currency, std::min(a, b), 2),
           unitMoney(c.currency, std::max(a, b), 2), grouped(c.sensitivity.percent, 0));
  }
  return ReportSummary::tr("The largest cost is %1 (%2 of CAPEX).").arg(category, share);
}

/** Hottest inlet, most loaded cooler over all evaluated halls. */
struct ThermalPeaks
{
  const RackInlet* hottest = nullptr;
  const CoolerLoad* cooler = nullptr;
  int aboveAllowable = 0;
  int aboveRecommended = 0;
  int coolersOver = 0;
  QString notEvaluated;
  bool hot() const { return hottest != nullptr && (aboveRecommended > 0 || coolersOver > 0); }
};

ThermalPeaks thermalPeaks(const std::vector<HallHeadroom>& halls)
{
  ThermalPeaks t;
  for (const auto& h : halls)
  {
    if (!h.evaluated)
    {
      t.notEvaluated = ReportSummary::tr("%1: %2", "hall: why it was not evaluated")
                         .arg(QString::fromStdString(h.hallId), QString::fromStdString(h.note));
      continue;
    }
    t.aboveAllowable += h.racksAboveAllowable;
    t.aboveRecommended += h.racksAboveRecommended;
    if (!h.hottest.empty() &&
        (t.hottest == nullptr || h.hottest[0].inletMaxC > t.hottest->inletMaxC))
    {
      t.hottest = &h.hottest[0];
    }
    for (const auto& cooler : h.coolers)
    {
      t.coolersOver += cooler.fraction() > 1 ? 1 : 0;
      if (t.cooler == nullptr || cooler.fraction() > t.cooler->fraction())
      {
        t.cooler = &cooler;
      }
    }
  }
  return t;
}

const econ::FeedLoad* mostLoadedFeed(const ReportContent& c)
{
  const econ::FeedLoad* worst = nullptr;
  for (const auto& f : c.base.power.feeds)
  {
    if (f.capacityW > 0 &&
        (worst == nullptr || f.peakW / f.capacityW > worst->peakW / worst->capacityW))
    {
      worst = &f;
    }
  }
  return worst;
}

/** "the hottest rack inlet reaches 32.4 °C (R): 9 racks exceed …, and 3 coolers run over …" */
QString thermalFinding(const ThermalPeaks& t)
{
  QString hottest = ReportSummary::tr("the hottest rack inlet reaches %1 °C (%2)")
                      .arg(celsius(t.hottest->inletMaxC), QString::fromStdString(t.hottest->id));
  QString racks;
  if (t.aboveAllowable > 0)
  {
    racks = ReportSummary::tr(
              "%n racks exceed the ASHRAE A1 allowable 32 °C and %1 the recommended 27 °C", nullptr,
              t.aboveAllowable)
              .arg(t.aboveRecommended);
  }
  else if (t.aboveRecommended > 0)
  {
    racks = ReportSummary::tr("%n racks exceed the ASHRAE A1 recommended 27 °C", nullptr,
                              t.aboveRecommended);
  }
  QString coolers;
  if (t.cooler != nullptr && t.cooler->fraction() > 1)
  {
    coolers = ReportSummary::tr("%n coolers run over capacity (%1 at %2)", nullptr, t.coolersOver)
                .arg(QString::fromStdString(t.cooler->id), pct(t.cooler->fraction()));
  }
  if (!racks.isEmpty() && !coolers.isEmpty())
  {
    return ReportSummary::tr("%1: %2, and %3",
                             "hottest inlet: racks over the limits, and coolers over")
      .arg(hottest, racks, coolers);
  }
  if (!racks.isEmpty())
  {
    return ReportSummary::tr("%1: %2", "hottest inlet: racks over the limits").arg(hottest, racks);
  }
  if (!coolers.isEmpty())
  {
    return ReportSummary::tr("%1, and %2", "hottest inlet, and coolers over capacity")
      .arg(hottest, coolers);
  }
  return hottest;
}

/** "the hottest rack inlet is 20.1 °C (6.9 K below …) and the most loaded cooler runs at 98 %" */
QString thermalMargin(const ThermalPeaks& t)
{
  QStringList parts;
  if (t.hottest != nullptr)
  {
    parts << ReportSummary::tr(
               "the hottest rack inlet is %1 °C (%2 K below the ASHRAE A1 recommended 27 °C)")
               .arg(celsius(t.hottest->inletMaxC), celsius(27 - t.hottest->inletMaxC));
  }
  if (t.cooler != nullptr)
  {
    parts << ReportSummary::tr("the most loaded cooler runs at %1 of capacity")
               .arg(pct(t.cooler->fraction()));
  }
  return parts.join(ReportSummary::tr(" and ", "joins two findings"));
}

std::vector<SummarySentence> sentences(std::initializer_list<std::pair<Kind, QString>> list)
{
  std::vector<SummarySentence> out;
  for (const auto& [kind, text] : list)
  {
    out.push_back({ kind, text.toStdString() });
  }
  return out;
}

std::vector<SummarySentence> coolingRisk(const ReportContent& c, const ThermalPeaks& now,
                                         const ThermalPeaks& peak)
{
  const QString at = pct(c.thermalUtilisation);
  if (now.hot())
  {
    const QString finding = thermalFinding(now);
    const QString risk =
      peak.hottest == nullptr
        ? ReportSummary::tr("Biggest risk: cooling — at %1 utilisation %2.").arg(at, finding)
        : ReportSummary::tr(
            "Biggest risk: cooling — at %1 utilisation %2 (at peak nameplate power: hottest "
            "inlet %3 °C, %n racks above 27 °C).",
            nullptr, peak.aboveRecommended)
            .arg(at, finding, celsius(peak.hottest->inletMaxC));
    return sentences(
      { { Kind::Risk, risk },
        { Kind::Recommendation,
          now.aboveAllowable > 0 || now.coolersOver > 0
            ? ReportSummary::tr(
                "Recommendation: add cooling capacity or spread the load before sign-off; "
                "the figures above assume the hall can carry its heat.")
            : ReportSummary::tr(
                "Recommendation: review the airflow of the hottest aisles; the hall is inside "
                "the allowable range but outside the recommended one.") } });
  }
  return sentences(
    { { Kind::Risk,
        ReportSummary::tr("Biggest risk: cooling at peak power — at %1 utilisation %2, but with "
                          "every rack at its nameplate maximum %3.")
          .arg(at, thermalMargin(now), thermalFinding(peak)) },
      { Kind::Recommendation,
        ReportSummary::tr(
          "Recommendation: cap rack power below nameplate or add cooling capacity so that the "
          "hall holds at peak load.") } });
}

/** "at peak power the coolers of hall H1 remove only 86 kW of its 347 kW …"; else "". */
QString unremovedHeat(const ReportContent& c)
{
  const auto& halls = c.thermalPeak.empty() ? c.thermal : c.thermalPeak;
  for (const auto& h : halls)
  {
    if (h.evaluated && h.energyBalanceError > kEnergyBalanceTolerance)
    {
      return ReportSummary::tr(
               "Biggest risk: cooling — at peak power the coolers of hall %1 remove only %2 kW "
               "of its %3 kW of rack heat: %4 % of the heat has nowhere to go (page 4 names "
               "the cause).")
        .arg(QString::fromStdString(h.hallId), grouped(h.heatRemovedW / 1e3),
             grouped(h.heatInW / 1e3), grouped(h.energyBalanceError * 100, 0));
    }
  }
  return {};
}

/** The biggest-risk sentence and, when something fails, a recommendation. */
std::vector<SummarySentence> risk(const ReportContent& c)
{
  const ThermalPeaks now = thermalPeaks(c.thermal);
  const ThermalPeaks peak = thermalPeaks(c.thermalPeak);
  const int errors = static_cast<int>(
    std::count_if(c.checks.begin(), c.checks.end(),
                  [](const auto& d) { return d.severity == engine::Severity::Error; }));
  if (errors > 0)
  {
    return sentences(
      { { Kind::Risk, ReportSummary::tr(
                        "Biggest risk: the layout fails %n of its physical checks, first %1: %2.",
                        nullptr, errors)
                        .arg(QString::fromStdString(c.checks.front().objectId),
                             QString::fromStdString(c.checks.front().message)) },
        { Kind::Recommendation,
          ReportSummary::tr("Recommendation: correct the layout and re-run the report before any "
                            "sign-off.") } });
  }
  if (!c.base.power.violations.empty())
  {
    const auto& v = c.base.power.violations.front();
    return sentences({ { Kind::Risk, ReportSummary::tr(
                                       "Biggest risk: the power chain has %n violations, first %1.",
                                       nullptr, static_cast<int>(c.base.power.violations.size()))
                                       .arg(QString::fromStdString(v.message)) },
                       { Kind::Recommendation,
                         ReportSummary::tr("Recommendation: add feed capacity or rebalance racks "
                                           "across feeds before sign-off.") } });
  }
  if (const QString lost = unremovedHeat(c); !lost.isEmpty())
  {
    return sentences(
      { { Kind::Risk, lost },
        { Kind::Recommendation,
          ReportSummary::tr(
            "Recommendation: add cooling for the missing heat (for liquid-cooled racks, CDUs "
            "sized for their liquid heat) before sign-off; the temperatures and the PUE leave "
            "that heat out.") } });
  }
  if (now.hot() || peak.hot())
  {
    return coolingRisk(c, now, peak);
  }
  QStringList headroom;
  if (const QString m = thermalMargin(now); !m.isEmpty())
  {
    headroom << ReportSummary::tr("at %1 utilisation %2").arg(pct(c.thermalUtilisation), m);
  }
  if (peak.hottest != nullptr)
  {
    headroom << ReportSummary::tr("at peak nameplate power the hottest inlet is %1 °C")
                  .arg(celsius(peak.hottest->inletMaxC));
  }
  if (const econ::FeedLoad* feed = mostLoadedFeed(c))
  {
    headroom << ReportSummary::tr("the most loaded feed carries %1 of its rating at peak")
                  .arg(pct(feed->peakW / feed->capacityW));
  }
  const QString text =
    ReportSummary::tr("No check fails; the narrowest headroom: %1.")
      .arg(headroom.join(ReportSummary::tr("; ", "separates headroom findings")));
  if (!now.notEvaluated.isEmpty())
  {
    const QString unevaluated =
      ReportSummary::tr(
        "The thermal model could not evaluate hall %1: rack inlet temperatures are not "
        "evaluated.")
        .arg(now.notEvaluated);
    return headroom.isEmpty()
             ? sentences({ { Kind::Headroom, unevaluated } })
             : sentences({ { Kind::Headroom, joinSentences({ unevaluated, text }) } });
  }
  return sentences({ { Kind::Headroom, text } });
}

/** "Scenario "x" changes the TCO by -$1.9 M (-12.6 %) and the cost per GPU-hour by …" */
QString scenarioSentence(const econ::ScenarioComparison& comparison, const econ::Currency& cur)
{
  QStringList changes;
  for (const auto& k : comparison.kpis)
  {
    const auto rel = k.relative();
    if ((k.key == "tcoUSD" || k.key == "usdPerGpuHour" || k.key == "pue") && rel)
    {
      const QString relative =
        (*rel >= 0 ? QStringLiteral("+") : QString()) + grouped(*rel * 100, 1);
      QString change;
      if (k.key == "tcoUSD")
      {
        change = ReportSummary::tr("the TCO by %1 (%2 %)");
      }
      else if (k.key == "usdPerGpuHour")
      {
        change = ReportSummary::tr("the cost per GPU-hour by %1 (%2 %)");
      }
      else
      {
        change = ReportSummary::tr("the PUE by %1 (%2 %)");
      }
      changes << change.arg(deltaText(k, cur), relative);
    }
  }
  return ReportSummary::tr("Scenario \"%1\" changes %2.")
    .arg(QString::fromStdString(comparison.scenarioName),
         changes.join(ReportSummary::tr(", ", "separates the changes of a scenario")));
}

} // namespace

std::vector<SummarySentence> executiveSummary(const ReportContent& c)
{
  std::vector<SummarySentence> out{ { Kind::Finding, scale(c).toStdString() },
                                    { Kind::Finding, cost(c).toStdString() } };
  if (const QString d = drivers(c); !d.isEmpty())
  {
    out.push_back({ Kind::Finding, d.toStdString() });
  }
  for (const auto& r : risk(c))
  {
    out.push_back(r);
  }
  if (c.comparison && out.size() < 5)
  {
    out.push_back({ Kind::Finding, scenarioSentence(*c.comparison, c.currency).toStdString() });
  }
  return out;
}

int reportPageCount(const ReportContent& content)
{
  const int scenarios = content.scenarios.empty() && !content.comparison ? 0 : 1;
  return 5 + scenarios + (hasCoolingPage(content) ? 1 : 0) + (content.siting ? 1 : 0);
}

} // namespace myriad::report
