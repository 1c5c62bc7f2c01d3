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

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace
{

namespace econ = engine::economics;

QString pct(double fraction, int decimals = 0)
{
  return QString("%1 %").arg(fraction * 100, 0, 'f', decimals);
}

QString scale(const ReportContent& c)
{
  const econ::Kpis& k = c.base.kpis;
  return QString("%1 puts %2 GPUs in %3 racks at %4; its IT equipment draws %5 MW at peak "
                 "nameplate power and %6 MW on average at %7 utilisation, and the facility %9 MW "
                 "on average at a PUE of %8.")
    .arg(QString::fromStdString(c.title), grouped(k.gpus), grouped(c.racks),
         QString::fromStdString(c.base.site.name), QString::number(k.itPeakMW, 'f', 2),
         QString::number(k.itMW, 'f', 2), pct(c.inputs.utilisation), QString::number(k.pue, 'f', 3),
         QString::number(k.facilityMW, 'f', 2));
}

QString cost(const ReportContent& c)
{
  const econ::Kpis& k = c.base.kpis;
  if (!k.tcoUSD)
  {
    return QString("CAPEX is %1 and OPEX %2 a year; the TCO and the cost per GPU-hour cannot be "
                   "given because a price is missing (see the appendix).")
      .arg(money(k.capexUSD), money(k.opexUSDPerYear));
  }
  return QString("It needs %1 of CAPEX and %2 of OPEX a year; over %3 years, discounted at %4 "
                 "a year, the TCO is %5 (present value, net of the residual value), or %6 per "
                 "GPU-hour sold (%7 per goodput GPU-hour).")
    .arg(money(k.capexUSD), money(k.opexUSDPerYear))
    .arg(c.inputs.years)
    .arg(pct(c.inputs.discountRate, 1), money(k.tcoUSD), kpiText("usdPerGpuHour", k.usdPerGpuHour),
         kpiText("usdPerGpuHour", k.usdPerEffectiveGpuHour));
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
  QString text = QString("The largest cost is %1 (%2 of CAPEX)")
                   .arg(QString::fromStdString(top->category), pct(*top->usd / *capex));
  const auto& bars = c.sensitivity.bars;
  if (!bars.empty() && bars.front().low.usdPerGpuHour && bars.front().high.usdPerGpuHour)
  {
    const double a = *bars.front().low.usdPerGpuHour;
    const double b = *bars.front().high.usdPerGpuHour;
    text += QString("; the cost per GPU-hour is most sensitive to %1 ($%2 to $%3 at ±%4 %)")
              .arg(QString::fromStdString(bars.front().input))
              .arg(std::min(a, b), 0, 'f', 2)
              .arg(std::max(a, b), 0, 'f', 2)
              .arg(c.sensitivity.percent, 0, 'f', 0);
  }
  return text + ".";
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
      t.notEvaluated = QString::fromStdString(h.hallId + ": " + h.note);
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
  QString text = QString("the hottest rack inlet reaches %1 °C (%2)")
                   .arg(t.hottest->inletMaxC, 0, 'f', 1)
                   .arg(QString::fromStdString(t.hottest->id));
  if (t.aboveAllowable > 0)
  {
    text += QString(": %1 racks exceed the ASHRAE A1 allowable 32 °C and %2 the recommended 27 °C")
              .arg(t.aboveAllowable)
              .arg(t.aboveRecommended);
  }
  else if (t.aboveRecommended > 0)
  {
    text += QString(": %1 racks exceed the ASHRAE A1 recommended 27 °C").arg(t.aboveRecommended);
  }
  if (t.cooler != nullptr && t.cooler->fraction() > 1)
  {
    text += QString(", and %1 coolers run over capacity (%2 at %3)")
              .arg(t.coolersOver)
              .arg(QString::fromStdString(t.cooler->id), pct(t.cooler->fraction()));
  }
  return text;
}

/** "the hottest rack inlet is 20.1 °C (6.9 K below …) and the most loaded cooler runs at 98 %" */
QString thermalMargin(const ThermalPeaks& t)
{
  QStringList parts;
  if (t.hottest != nullptr)
  {
    parts << QString("the hottest rack inlet is %1 °C (%2 K below the ASHRAE A1 recommended "
                     "27 °C)")
               .arg(t.hottest->inletMaxC, 0, 'f', 1)
               .arg(27 - t.hottest->inletMaxC, 0, 'f', 1);
  }
  if (t.cooler != nullptr)
  {
    parts
      << QString("the most loaded cooler runs at %1 of capacity").arg(pct(t.cooler->fraction()));
  }
  return parts.join(" and ");
}

std::vector<QString> coolingRisk(const ReportContent& c, const ThermalPeaks& now,
                                 const ThermalPeaks& peak)
{
  const QString at = pct(c.thermalUtilisation) + " utilisation";
  if (now.hot())
  {
    const QString atPeak =
      peak.hottest == nullptr
        ? QString()
        : QString(" (at peak nameplate power: hottest inlet %1 °C, %2 racks above 27 °C)")
            .arg(peak.hottest->inletMaxC, 0, 'f', 1)
            .arg(peak.aboveRecommended);
    return { "Biggest risk: cooling — at " + at + " " + thermalFinding(now) + atPeak + ".",
             now.aboveAllowable > 0 || now.coolersOver > 0
               ? "Recommendation: add cooling capacity or spread the load before sign-off; the "
                 "figures above assume the hall can carry its heat."
               : "Recommendation: review the airflow of the hottest aisles; the hall is inside "
                 "the allowable range but outside the recommended one." };
  }
  return { "Biggest risk: cooling at peak power — at " + at + " " + thermalMargin(now) +
             ", but with every rack at its nameplate maximum " + thermalFinding(peak) + ".",
           "Recommendation: cap rack power below nameplate or add cooling capacity so that the "
           "hall holds at peak load." };
}

/** "the coolers of hall H1 remove only 86 kW of its 347 kW …" when heat goes nowhere; else "". */
QString unremovedHeat(const ReportContent& c)
{
  const auto& halls = c.thermalPeak.empty() ? c.thermal : c.thermalPeak;
  for (const auto& h : halls)
  {
    if (h.evaluated && h.energyBalanceError > kEnergyBalanceTolerance)
    {
      QString text = QString("at peak power the coolers of hall %1 remove only %2 kW of its %3 kW "
                             "of rack heat")
                       .arg(QString::fromStdString(h.hallId), grouped(h.heatRemovedW / 1e3),
                            grouped(h.heatInW / 1e3));
      return text + QString(": %1 % of the heat has nowhere to go (page 4 names the cause).")
                      .arg(h.energyBalanceError * 100, 0, 'f', 0);
    }
  }
  return {};
}

/** The biggest-risk sentence and, when something fails, a recommendation. */
std::vector<QString> risk(const ReportContent& c)
{
  const ThermalPeaks now = thermalPeaks(c.thermal);
  const ThermalPeaks peak = thermalPeaks(c.thermalPeak);
  const int errors = static_cast<int>(
    std::count_if(c.checks.begin(), c.checks.end(),
                  [](const auto& d) { return d.severity == engine::Severity::Error; }));
  if (errors > 0)
  {
    return { QString("Biggest risk: the layout fails %1 of its physical checks, first %2: %3.")
               .arg(errors)
               .arg(QString::fromStdString(c.checks.front().objectId),
                    QString::fromStdString(c.checks.front().message)),
             "Recommendation: correct the layout and re-run the report before any sign-off." };
  }
  if (!c.base.power.violations.empty())
  {
    const auto& v = c.base.power.violations.front();
    return { QString("Biggest risk: the power chain has %1 violations, first %2.")
               .arg(c.base.power.violations.size())
               .arg(QString::fromStdString(v.message)),
             "Recommendation: add feed capacity or rebalance racks across feeds before sign-off." };
  }
  if (const QString lost = unremovedHeat(c); !lost.isEmpty())
  {
    return { "Biggest risk: cooling — " + lost,
             "Recommendation: add cooling for the missing heat (for liquid-cooled racks, CDUs "
             "sized for their liquid heat) before sign-off; the temperatures and the PUE leave "
             "that heat out." };
  }
  if (now.hot() || peak.hot())
  {
    return coolingRisk(c, now, peak);
  }
  QStringList headroom;
  if (const QString m = thermalMargin(now); !m.isEmpty())
  {
    headroom << "at " + pct(c.thermalUtilisation) + " utilisation " + m;
  }
  if (peak.hottest != nullptr)
  {
    headroom << QString("at peak nameplate power the hottest inlet is %1 °C")
                  .arg(peak.hottest->inletMaxC, 0, 'f', 1);
  }
  if (const econ::FeedLoad* feed = mostLoadedFeed(c))
  {
    headroom << QString("the most loaded feed carries %1 of its rating at peak")
                  .arg(pct(feed->peakW / feed->capacityW));
  }
  QString text = "No check fails; the narrowest headroom: " + headroom.join("; ") + ".";
  if (!now.notEvaluated.isEmpty())
  {
    text = "The thermal model could not evaluate hall " + now.notEvaluated +
           ": rack inlet temperatures are not evaluated. " + (headroom.isEmpty() ? "" : text);
  }
  return { text };
}

/** "Scenario "x" changes the TCO by -$1.9M (-12.6 %) and the cost per GPU-hour by …" */
QString scenarioSentence(const econ::ScenarioComparison& comparison)
{
  QStringList changes;
  for (const auto& k : comparison.kpis)
  {
    const auto rel = k.relative();
    if ((k.key == "tcoUSD" || k.key == "usdPerGpuHour" || k.key == "pue") && rel)
    {
      QString label = QString::fromStdString(k.label);
      if (label.size() > 1 && label[1].isLower())
      {
        label[0] = label[0].toLower(); // "cost per GPU-hour", but "TCO", "PUE"
      }
      changes << QString("%1 by %2 (%3%4 %)")
                   .arg(label, deltaText(k), *rel >= 0 ? "+" : "")
                   .arg(*rel * 100, 0, 'f', 1);
    }
  }
  return QString("Scenario \"%1\" changes the %2.")
    .arg(QString::fromStdString(comparison.scenarioName), changes.join(", the "));
}

} // namespace

std::vector<std::string> executiveSummary(const ReportContent& c)
{
  std::vector<QString> sentences{ scale(c), cost(c) };
  if (const QString d = drivers(c); !d.isEmpty())
  {
    sentences.push_back(d);
  }
  for (const QString& r : risk(c))
  {
    sentences.push_back(r);
  }
  if (c.comparison && sentences.size() < 5)
  {
    sentences.push_back(scenarioSentence(*c.comparison));
  }
  std::vector<std::string> out;
  for (const QString& s : sentences)
  {
    out.push_back(s.toStdString());
  }
  return out;
}

int reportPageCount(const ReportContent& content)
{
  return content.scenarios.empty() && !content.comparison ? 5 : 6;
}

} // namespace myriad::report
