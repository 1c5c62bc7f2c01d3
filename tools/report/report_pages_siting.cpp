/**
 * @file report_pages_siting.cpp
 * The report's siting page (when a siting study is given, docs/models/siting.md): where to build
 * the cluster — one site or a split — in a few generated sentences, the best options as a table
 * and a Pareto chart of slowdown-adjusted cost per GPU-hour against market-based carbon whose
 * markers grow with the slowdown of a split.
 */

#include "chart_palette.h"
#include "report_charts.h"
#include "report_pages.h"
#include "report_text.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::report
{

namespace
{

namespace st = engine::siting;

QString siteName(const st::SiteShare& s)
{
  if (reportLocale().language() == QLocale::Chinese && !s.nameZhCN.empty())
    return QString::fromStdString(s.nameZhCN);
  return QString::fromStdString(s.name).section(QLatin1Char(','), 0, 0).trimmed();
}

QString optionName(const st::SitingOption& o)
{
  QStringList names;
  for (const st::SiteShare& s : o.sites)
    names << siteName(s);
  return names.join(QStringLiteral(" + "));
}

QString percent(double fraction)
{
  return ReportPages::tr("%1 %").arg(grouped(fraction * 100, 1));
}

/** The sentences: cheapest, lowest carbon, what a split costs in speed and what the link needs. */
QString findings(const ReportContent& c, const st::SitingResult& r)
{
  const st::SitingOption* cheapest = nullptr;
  const st::SitingOption* greenest = nullptr;
  double slowLow = std::numeric_limits<double>::max(), slowHigh = 0, neededHigh = 0;
  double capacity = 0;
  for (const st::SitingOption& o : r.options)
  {
    if (!o.feasible)
      continue;
    if (!cheapest || o.adjustedUsdPerGpuHour < cheapest->adjustedUsdPerGpuHour)
      cheapest = &o;
    if (!greenest || o.carbonMarketT < greenest->carbonMarketT)
      greenest = &o;
    if (o.sites.size() > 1)
    {
      slowLow = std::min(slowLow, o.slowdown);
      slowHigh = std::max(slowHigh, o.slowdown);
      capacity = std::max(capacity, o.dciCapacityBps);
      if (o.bandwidthForTargetBps)
        neededHigh = std::max(neededHigh, *o.bandwidthForTargetBps);
    }
  }
  QString text =
    ReportPages::tr("Of %1 options (%2 infeasible), the cheapest is %3 at %4 per GPU-hour; the "
                    "lowest carbon is %5 at %6 t CO₂ a year (market-based).")
      .arg(grouped(r.evaluated), grouped(r.infeasible), optionName(*cheapest),
           kpiText("usdPerGpuHour", cheapest->adjustedUsdPerGpuHour, c.currency),
           optionName(*greenest), grouped(greenest->carbonMarketT));
  if (slowHigh > 0)
    text += QLatin1Char(' ') +
            ReportPages::tr("Splitting the job over sites slows its step by %1 to %2 with "
                            "links of %3 Gb/s; up to %4 Gb/s per link would keep it within %5.")
              .arg(percent(slowLow), percent(slowHigh), grouped(capacity / 1e9),
                   grouped(neededHigh / 1e9), percent(r.targetSlowdown));
  return text;
}

std::vector<QStringList> optionRows(const ReportContent& c, const st::SitingResult& r, int top)
{
  std::vector<QStringList> rows{
    { ReportPages::tr("Rank"), ReportPages::tr("Sites"), ReportPages::tr("GPUs"),
      ReportPages::tr("CAPEX"), ReportPages::tr("Per GPU-hour"),
      ReportPages::tr("Adjusted for slowdown"), ReportPages::tr("t CO₂ a year (market)"),
      ReportPages::tr("Slowdown"), ReportPages::tr("Link needed") }
  };
  for (const st::SitingOption& o : r.options)
  {
    if (!o.feasible || o.rank > top)
      continue;
    const bool split = o.sites.size() > 1;
    rows.push_back({ grouped(o.rank), optionName(o), grouped(o.hallGpus),
                     money(c.currency, o.capexUSD),
                     kpiText("usdPerGpuHour", o.usdPerGpuHour, c.currency),
                     kpiText("usdPerGpuHour", o.adjustedUsdPerGpuHour, c.currency),
                     grouped(o.carbonMarketT), split ? percent(o.slowdown) : QStringLiteral("–"),
                     !split ? QStringLiteral("–")
                     : o.bandwidthForTargetBps
                       ? ReportPages::tr("%1 Gb/s").arg(grouped(*o.bandwidthForTargetBps / 1e9))
                       : ReportPages::tr("unreachable") });
  }
  return rows;
}

/** Marker radius by the slowdown of a split (points): one site, < 5 %, 5–10 %, ≥ 10 %. */
double radiusOf(const st::SitingOption& o)
{
  if (o.sites.size() < 2)
    return 2.5;
  return o.slowdown < 0.05 ? 3.5 : o.slowdown < 0.10 ? 4.5 : 5.5;
}

void drawPareto(QPainter& p, const QRectF& rect, const ReportContent& c, const st::SitingResult& r)
{
  double x0 = std::numeric_limits<double>::max(), x1 = 0, y0 = x0, y1 = 0;
  for (const st::SitingOption& o : r.options)
    if (o.feasible)
    {
      x0 = std::min(x0, o.adjustedUsdPerGpuHour), x1 = std::max(x1, o.adjustedUsdPerGpuHour);
      y0 = std::min(y0, o.carbonMarketT / 1e3), y1 = std::max(y1, o.carbonMarketT / 1e3);
    }
  const AxisTicks xt = niceTicks(x0 * c.currency.perUsd, x1 * c.currency.perUsd, 5);
  const AxisTicks yt = niceTicks(std::min(0.0, y0), y1, 5);
  p.save();
  QFont font = p.font();
  font.setPointSizeF(7.5);
  p.setFont(font);
  p.setPen(QColor(40, 40, 40));
  p.drawText(QRectF(rect.left(), rect.top(), rect.width(), 14), Qt::AlignLeft,
             ReportPages::tr("Cost against carbon: each option a point, larger as a split "
                             "trains slower; the dashed line joins the options nothing beats "
                             "in both"));
  const QRectF plot = rect.adjusted(42, 22, -10, -30);
  auto at = [&](double x, double y)
  {
    return QPointF(plot.left() + (x * c.currency.perUsd - xt.lo) / (xt.hi - xt.lo) * plot.width(),
                   plot.bottom() - (y - yt.lo) / (yt.hi - yt.lo) * plot.height());
  };
  p.setPen(QColor(225, 228, 232));
  for (const double v : xt.values)
    p.drawLine(QPointF(at(v / c.currency.perUsd, yt.lo).x(), plot.top()),
               QPointF(at(v / c.currency.perUsd, yt.lo).x(), plot.bottom()));
  for (const double v : yt.values)
    p.drawLine(QPointF(plot.left(), at(0, v).y()), QPointF(plot.right(), at(0, v).y()));
  p.setPen(QColor(90, 90, 90));
  for (const double v : xt.values)
    p.drawText(QRectF(at(v / c.currency.perUsd, yt.lo).x() - 30, plot.bottom() + 2, 60, 12),
               Qt::AlignHCenter, grouped(v, xt.step < 0.1 ? 2 : 1));
  for (const double v : yt.values)
    p.drawText(QRectF(rect.left(), at(0, v).y() - 6, 38, 12), Qt::AlignRight, grouped(v, 0));
  p.drawText(QRectF(plot.left(), plot.bottom() + 14, plot.width(), 12), Qt::AlignHCenter,
             ReportPages::tr("Cost per GPU-hour adjusted for slowdown (%1)")
               .arg(QString::fromStdString(c.currency.code)));
  p.save();
  p.translate(rect.left() + 6, plot.center().y());
  p.rotate(-90);
  p.drawText(QRectF(-plot.height() / 2, -6, plot.height(), 12), Qt::AlignHCenter,
             ReportPages::tr("kt CO₂ a year, market-based"));
  p.restore();
  std::vector<const st::SitingOption*> front;
  for (const st::SitingOption& o : r.options)
    if (o.feasible && o.pareto)
      front.push_back(&o);
  std::sort(front.begin(), front.end(),
            [](auto* a, auto* b) { return a->adjustedUsdPerGpuHour < b->adjustedUsdPerGpuHour; });
  p.setPen(QPen(QColor(90, 90, 90), 0.8, Qt::DashLine));
  for (std::size_t i = 1; i < front.size(); ++i)
    p.drawLine(at(front[i - 1]->adjustedUsdPerGpuHour, front[i - 1]->carbonMarketT / 1e3),
               at(front[i]->adjustedUsdPerGpuHour, front[i]->carbonMarketT / 1e3));
  const auto& blue = palette::kSeries[0];
  const auto& orange = palette::kSeries[2];
  for (const st::SitingOption& o : r.options)
  {
    if (!o.feasible)
      continue;
    const auto& rgb = o.sites.size() < 2 ? blue : orange;
    p.setPen(QPen(Qt::white, 0.5));
    p.setBrush(QColor(rgb.r, rgb.g, rgb.b));
    p.drawEllipse(at(o.adjustedUsdPerGpuHour, o.carbonMarketT / 1e3), radiusOf(o), radiusOf(o));
  }
  p.restore();
}

} // namespace

void pageSiting(Flow& flow, const ReportContent& c)
{
  const st::SitingResult& r = *c.siting;
  const bool chinese = reportLocale().language() == QLocale::Chinese && !r.nameZhCN.empty();
  flow.heading(ReportPages::tr("Where to build: %1")
                 .arg(QString::fromStdString(chinese ? r.nameZhCN : r.name)));
  flow.write(findings(c, r), 9.5);
  flow.skip(4);
  flow.write(ReportPages::tr("%1 GPUs of %2; each site builds its share as whole scalable units "
                             "and is costed at its own climate, tariff and grid factor; links "
                             "between sites are coherent DCI optics on leased fibre. Adjusted "
                             "for slowdown = cost per GPU-hour × (1 + slowdown): a slower step "
                             "needs more GPU-hours for the same training.")
               .arg(grouped(r.gpus), QString::fromStdString(r.job)),
             8, false, kGreyText);
  flow.skip(4);
  TableStyle style;
  style.widths = { 0.05, 0.22, 0.08, 0.11, 0.09, 0.1, 0.11, 0.09, 0.15 };
  style.leftAligned = { false, true, false, false, false, false, false, false, false };
  style.wrap = true;
  style.fontSize = 8;
  table(flow, optionRows(c, r, 10), style);
  flow.skip(8);
  drawPareto(flow.painter(), flow.take(std::min(250.0, flow.remaining() - 40)), c, r);
  flow.skip(6);
  flow.write(ReportPages::tr("DCI prices, powers and the longer reaches are estimates, and the "
                             "renewable shares are the study's contract assumptions "
                             "(docs/models/siting.md names every source). The map of the sites "
                             "and links is in the app's Siting dock."),
             7.5, false, kGreyText);
}

} // namespace myriad::report
