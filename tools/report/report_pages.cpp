/**
 * @file report_pages.cpp
 * Pages 1–3 of the executive report (summary, costs, energy and sensitivity) and the PDF writer
 * that lays out every page with its footer. Layout in report.h.
 */

#include "report_pages.h"

#include "report_charts.h"

#include <QBuffer>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>
#include <functional>

namespace myriad::report
{

namespace
{

namespace econ = engine::economics;

QString percentOf(double fraction, int decimals = 1)
{
  return QString("%1 %").arg(fraction * 100, 0, 'f', decimals);
}

void keyFigures(Flow& flow, const ReportContent& c)
{
  const econ::Kpis& k = c.base.kpis;
  const QString u = percentOf(c.inputs.utilisation, 0);
  const std::vector<std::pair<QString, QString>> figures{
    { "GPUs", grouped(k.gpus) },
    { "Racks", grouped(c.racks) },
    { "IT power, peak nameplate", QString("%1 MW").arg(k.itPeakMW, 0, 'f', 2) },
    { "IT power, mean at " + u + " utilisation", QString("%1 MW").arg(k.itMW, 0, 'f', 2) },
    { "Facility power, mean", QString("%1 MW").arg(k.facilityMW, 0, 'f', 2) },
    { "PUE (annual)", kpiText("pue", k.pue) },
    { "CAPEX", money(k.capexUSD) },
    { "OPEX per year", money(k.opexUSDPerYear) },
    { QString("TCO (present value, %1 years)").arg(c.inputs.years), money(k.tcoUSD) },
    { "Cost per GPU-hour", kpiText("usdPerGpuHour", k.usdPerGpuHour) },
    { "Cost per goodput GPU-hour", kpiText("usdPerGpuHour", k.usdPerEffectiveGpuHour) },
    { "Facility energy per year", kpiText("annualMWh", k.annualMWh) },
    { "Carbon per year", kpiText("carbonTonnesPerYear", k.carbonTonnesPerYear) },
    { "Goodput (checkpoint/restart)", kpiText("goodput", k.goodput) },
  };
  std::vector<QStringList> rows{ { "Figure", "Value", "", "Figure", "Value" } };
  const std::size_t half = (figures.size() + 1) / 2;
  for (std::size_t i = 0; i < half; ++i)
  {
    QStringList row{ figures[i].first, figures[i].second, "" };
    if (i + half < figures.size())
    {
      row << figures[i + half].first << figures[i + half].second;
    }
    rows.push_back(row);
  }
  TableStyle style;
  style.widths = { 0.34, 0.13, 0.04, 0.32, 0.17 };
  style.leftAligned = { true, false, true, true, false };
  table(flow, rows, style);
}

void assumptions(Flow& flow, const ReportContent& c)
{
  std::vector<QStringList> rows{ { "Assumption", "Value", "Source" } };
  for (const auto& a : c.assumptionTable)
  {
    rows.push_back({ QString::fromStdString(a.name), QString::fromStdString(a.value),
                     QString::fromStdString(a.source) });
  }
  TableStyle style;
  style.widths = { 0.25, 0.30, 0.45 };
  style.leftAligned = { true, true, true };
  style.wrap = true;
  style.fontSize = 7.5;
  table(flow, rows, style);
}

void reconciliation(Flow& flow, const ReportContent& c)
{
  flow.heading("Total cost of ownership, reconciled", 12);
  if (!c.tco)
  {
    flow.write("The TCO cannot be given: a price is missing (see the appendix).", 9, false,
               colourOf(palette::kError));
    return;
  }
  const TcoReconciliation& t = *c.tco;
  flow.write(QString("Present value over %1 years at a %2 discount rate: CAPEX is paid at the "
                     "start, OPEX at the end of each year, and the book value left after %1 "
                     "years (straight-line depreciation) is recovered at the end.")
               .arg(t.years)
               .arg(percentOf(t.discountRate)),
             8.5, false, kGreyText);
  // Rounded so that the printed lines add up to the printed TCO (largest remainder).
  const double step = t.tcoUSD >= 1e8 ? 1e5 : (t.tcoUSD >= 1e6 ? 1e4 : 1);
  // CAPEX and TCO are printed elsewhere too: they keep their own rounding, the two present
  // values in between absorb the difference.
  const double capexShown = std::round(t.capexUSD / step) * step;
  const double tcoShown = std::round(t.tcoUSD / step) * step;
  const auto between = roundToSum({ t.discountedOpexUSD, t.discountedResidualUSD }, { 1, -1 },
                                  tcoShown - capexShown, step);
  const std::vector<double> shown{ capexShown, between[0], between[1] };
  auto amount = [&](double usd) // one unit and precision for every line: the step's
  {
    return step >= 1e4 ? QString("$%1M").arg(grouped(usd / 1e6, step >= 1e5 ? 1 : 2))
                       : QString("$%1").arg(grouped(usd, 0));
  };
  const econ::Kpis& k = c.base.kpis;
  std::vector<QStringList> rows{
    { "", "Basis", "Amount" },
    { "CAPEX (year 0)", "sum of the CAPEX categories below", amount(shown[0]) },
    { "+ OPEX, discounted",
      QString("%1 a year for %2 years (%3 undiscounted)")
        .arg(money(t.opexPerYearUSD))
        .arg(t.years)
        .arg(money(t.opexPerYearUSD * t.years)),
      "+" + amount(shown[1]) },
    { "- Residual value, discounted",
      QString("book value %1 after %2 years, paid back at the end")
        .arg(money(t.residualUSD))
        .arg(t.years),
      "-" + amount(shown[2]) },
    { "= TCO (present value)", "", amount(tcoShown) },
  };
  if (k.annualisedTcoUSD && k.usdPerGpuHour)
  {
    rows.push_back(
      { "Annualised TCO", "TCO × capital recovery factor", money(k.annualisedTcoUSD) });
    rows.push_back({ "Cost per GPU-hour",
                     QString("annualised TCO / (%1 GPUs × 8,760 h × %2 availability)")
                       .arg(grouped(k.gpus))
                       .arg(percentOf(c.inputs.availability, 0)),
                     kpiText("usdPerGpuHour", k.usdPerGpuHour) });
  }
  TableStyle style;
  style.widths = { 0.28, 0.56, 0.16 };
  style.leftAligned = { true, true, false };
  style.boldRows = { 4 };
  style.wrap = true;
  table(flow, rows, style);
}

void opexTable(Flow& flow, const ReportContent& c)
{
  flow.heading("OPEX by category (per year)", 12);
  const auto& total = c.base.kpis.opexUSDPerYear;
  std::vector<QStringList> rows{ { "Category", "Basis", "Per year", "Share" } };
  for (const auto& item : c.base.opex)
  {
    QString basis = QString::fromStdString(item.basis);
    if (item.category == "energy" && c.base.energyPriceUSDPerKWh)
    {
      basis += QString(" × $%1/kWh").arg(*c.base.energyPriceUSDPerKWh, 0, 'f', 3);
    }
    rows.push_back({ QString::fromStdString(item.category) + (item.estimate ? " *" : ""), basis,
                     money(item.usd),
                     item.usd && total && *total > 0 ? percentOf(*item.usd / *total) : "–" });
  }
  rows.push_back({ "Total", "", money(total), total ? "100.0 %" : "–" });
  TableStyle style;
  style.widths = { 0.22, 0.48, 0.17, 0.13 };
  style.leftAligned = { true, true, false, false };
  style.boldRows = { static_cast<int>(rows.size()) - 1 };
  table(flow, rows, style);
  flow.write("* rests on an estimated figure (listed in the appendix).", 7.5, false, kGreyText);
}

/** The hall's 3D snapshot in the space left on the page, aspect kept; nothing without one. */
void snapshot(Flow& flow, const ReportContent& c)
{
  const QImage image =
    c.snapshotPng.empty() ? QImage() : QImage(QString::fromStdString(c.snapshotPng), "PNG");
  if (image.isNull() || flow.remaining() < 120)
  {
    return;
  }
  flow.heading("The hall", 11);
  const QRectF room = flow.take(flow.remaining() - 8);
  const double scale = std::min(room.width() / image.width(), room.height() / image.height());
  const QSizeF size(image.width() * scale, image.height() * scale);
  flow.painter().drawImage(QRectF(room.topLeft(), size), image);
}

} // namespace

void pageSummary(Flow& flow, const ReportContent& c)
{
  flow.write("Myriad executive report", 9, false, kGreyText);
  flow.write(QString::fromStdString(c.title), 20, true);
  flow.write(QString("%1 · evaluated at %2 utilisation · site %3")
               .arg(QString::fromStdString(c.date), percentOf(c.inputs.utilisation, 0),
                    QString::fromStdString(c.base.site.name)),
             9, false, kGreyText);
  flow.heading("Executive summary");
  // The figures, then the risk (or the narrowest headroom), then the recommendation in bold.
  QStringList findings;
  QStringList risk;
  QString recommendation;
  for (const auto& sentence : c.summary)
  {
    const QString s = QString::fromStdString(sentence);
    if (s.startsWith("Recommendation"))
    {
      recommendation = s;
    }
    else
    {
      (s.startsWith("Biggest risk") || s.startsWith("No check") || s.startsWith("The thermal")
         ? risk
         : findings)
        << s;
    }
  }
  flow.write(findings.join(" "), 9.5);
  flow.skip(3);
  const bool atRisk = !risk.isEmpty() && risk.front().startsWith("Biggest risk");
  flow.write(risk.join(" "), 9.5, false, atRisk ? colourOf(palette::kWorse) : Qt::black);
  if (!recommendation.isEmpty())
  {
    flow.skip(2);
    flow.write(recommendation, 9.5, true);
  }
  flow.heading("Key figures", 12);
  keyFigures(flow, c);
  flow.heading("Assumptions", 12);
  assumptions(flow, c);
}

void pageCosts(Flow& flow, const ReportContent& c)
{
  reconciliation(flow, c);
  std::vector<BarItem> bars;
  for (const auto& item : c.base.capex)
  {
    if (item.usd)
    {
      bars.push_back({ QString::fromStdString(item.category), *item.usd / 1e6, money(item.usd) });
    }
  }
  flow.skip(4);
  drawHorizontalBars(flow.painter(), flow.take(48 + 18.0 * static_cast<double>(bars.size())),
                     "CAPEX by category (" + money(c.base.kpis.capexUSD) + ")", bars,
                     colourOf(palette::kSeries[0]), "$ million");
  opexTable(flow, c);
  snapshot(flow, c);
}

void pageEnergy(Flow& flow, const ReportContent& c)
{
  flow.heading("Energy, power and sensitivity");
  std::vector<StackedColumn> months;
  const char* initials = "JFMAMJJASOND";
  for (std::size_t m = 0; m < 12; ++m)
  {
    const auto& e = c.base.energy.months[m];
    months.push_back({ QString(QChar(initials[m])), { e.itMWh, e.coolingMWh, e.otherMWh } });
  }
  const auto& s = palette::kSeries;
  drawStackedColumns(flow.painter(), flow.take(200),
                     QString("Facility energy by month (%1 MWh/year, PUE %2)")
                       .arg(grouped(c.base.kpis.annualMWh))
                       .arg(c.base.kpis.pue, 0, 'f', 3),
                     months, { "IT", "cooling", "electrical losses and other" },
                     { colourOf(s[0]), colourOf(s[1]), colourOf(s[2]) }, "MWh per month");
  std::vector<LoadItem> feeds;
  for (const auto& f : c.base.power.feeds)
  {
    feeds.push_back({ QString::fromStdString(f.feedId), f.peakW / 1e3, f.capacityW / 1e3 });
  }
  const double feedHeight = std::min(230.0, 60.0 + 18.0 * static_cast<double>(feeds.size()));
  drawLoadVsRating(flow.painter(), flow.take(feedHeight),
                   "Power by feed: peak load (all GPUs at 100 %) against rating", feeds, "kW",
                   { colourOf(s[0]), colourOf(s[1]), colourOf(palette::kOverLimit) });
  std::vector<TornadoItem> bars;
  for (const auto& b : c.sensitivity.bars)
  {
    if (b.low.usdPerGpuHour && b.high.usdPerGpuHour)
    {
      bars.push_back(
        { QString::fromStdString(b.input), *b.low.usdPerGpuHour, *b.high.usdPerGpuHour });
    }
  }
  drawTornado(flow.painter(),
              flow.take(std::max(80.0, std::min(flow.remaining() - 30,
                                                60.0 + 16.0 * static_cast<double>(bars.size())))),
              QString("Sensitivity of cost per GPU-hour to ±%1 % on each input")
                .arg(c.sensitivity.percent, 0, 'f', 0),
              c.sensitivity.base.usdPerGpuHour.value_or(0), bars, "$ per GPU-hour",
              kpiText("usdPerGpuHour", c.sensitivity.base.usdPerGpuHour) + " per GPU-hour",
              colourOf(s[0]), colourOf(s[1]));
  flow.write(QString("Blue: input lowered by %1 %; green: input raised by %1 %. Fractions are "
                     "capped at 1.")
               .arg(c.sensitivity.percent, 0, 'f', 0),
             7.5, false, kGreyText);
}

std::string renderReportPdf(const ReportContent& content)
{
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  {
    QPdfWriter writer(&buffer);
    writer.setResolution(72);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                     QMarginsF(40, 40, 40, 36), QPageLayout::Point));
    writer.setTitle(QString::fromStdString("Myriad report: " + content.title));
    writer.setCreator("Myriad");
    QPainter painter(&writer);
    QFont font("DejaVu Sans");
    font.setStyleStrategy(QFont::PreferNoShaping); // no "fi" ligatures: text stays searchable
    painter.setFont(font);
    const QRectF page(0, 0, painter.viewport().width(), painter.viewport().height());
    const QRectF body = page.adjusted(0, 0, 0, -22); // the footer's band
    std::vector<std::function<void(Flow&, const ReportContent&)>> pages{ pageSummary, pageCosts,
                                                                         pageEnergy, pageHeadroom };
    if (!content.scenarios.empty() || content.comparison)
    {
      pages.emplace_back(pageScenarios);
    }
    pages.emplace_back(pageAppendix);
    const int count = static_cast<int>(pages.size());
    const QString title = QString::fromStdString(content.title);
    const QString date = QString::fromStdString(content.date);
    for (int i = 0; i < count; ++i)
    {
      if (i > 0)
      {
        writer.newPage();
      }
      Flow flow(painter, body);
      pages[static_cast<std::size_t>(i)](flow, content);
      drawFooter(painter, page, title, date, i + 1, count);
    }
    painter.end();
  }
  return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

} // namespace myriad::report
