/**
 * @file report_pages.cpp
 * Pages 1–3 of the executive report (summary, costs, energy and sensitivity) and the PDF writer
 * that lays out every page with its footer. Layout in report.h.
 */

#include "report_pages.h"

#include "report_charts.h"
#include "report_font.h"
#include "report_text.h"

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
  return percentText(fraction, decimals);
}

QString megawatts(double mw)
{
  return QStringLiteral("%1 MW").arg(grouped(mw, 2));
}

void keyFigures(Flow& flow, const ReportContent& c)
{
  const econ::Kpis& k = c.base.kpis;
  const econ::Currency& cur = c.currency;
  const QString u = percentOf(c.inputs.utilisation, 0);
  std::vector<std::pair<QString, QString>> figures{
    { ReportPages::tr("GPUs"), grouped(k.gpus) },
    { ReportPages::tr("Racks"), grouped(c.racks) },
    { ReportPages::tr("IT power, peak nameplate"), megawatts(k.itPeakMW) },
    { ReportPages::tr("IT power, mean at %1 utilisation").arg(u), megawatts(k.itMW) },
    { ReportPages::tr("Facility power, mean"), megawatts(k.facilityMW) },
    { ReportPages::tr("PUE (annual)"), kpiText("pue", k.pue, cur) },
    { ReportPages::tr("CAPEX"), money(cur, k.capexUSD) },
    { ReportPages::tr("OPEX per year"), money(cur, k.opexUSDPerYear) },
    { ReportPages::tr("TCO (present value, %n years)", nullptr, c.inputs.years),
      money(cur, k.tcoUSD) },
    { ReportPages::tr("Cost per GPU-hour"), kpiText("usdPerGpuHour", k.usdPerGpuHour, cur) },
    { ReportPages::tr("Cost per goodput GPU-hour"),
      kpiText("usdPerGpuHour", k.usdPerEffectiveGpuHour, cur) },
    { ReportPages::tr("Facility energy per year"), kpiText("annualMWh", k.annualMWh, cur) },
    { ReportPages::tr("Carbon per year"),
      kpiText("carbonTonnesPerYear", k.carbonTonnesPerYear, cur) },
    { ReportPages::tr("Goodput (checkpoint/restart)"), kpiText("goodput", k.goodput, cur) },
  };
  if (c.base.energy.liquidLoop)
  {
    // Cold plates or tanks on facility water: how much of the year the dry coolers suffice.
    figures.push_back({ ReportPages::tr("Liquid loop without compressor"),
                        ReportPages::tr("%1 of %2 h at %3 °C water")
                          .arg(grouped(std::round(c.base.energy.liquidEconomiserHours)),
                               grouped(std::round(c.base.energy.hours)),
                               grouped(c.base.energy.liquidSupplyC, 0)) });
  }
  std::vector<QStringList> rows{ { ReportPages::tr("Figure"), ReportPages::tr("Value"), "",
                                   ReportPages::tr("Figure"), ReportPages::tr("Value") } };
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
  std::vector<QStringList> rows{ { ReportPages::tr("Assumption"), ReportPages::tr("Value"),
                                   ReportPages::tr("Source") } };
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
  flow.heading(ReportPages::tr("Total cost of ownership, reconciled"), 12);
  if (!c.tco)
  {
    flow.write(ReportPages::tr("The TCO cannot be given: a price is missing (see the appendix)."),
               9, false, colourOf(palette::kError));
    return;
  }
  const TcoReconciliation& t = *c.tco;
  const econ::Currency& cur = c.currency;
  flow.write(
    ReportPages::tr("Present value over %n years at a %1 discount rate: CAPEX is paid at the "
                    "start, OPEX at the end of each year, and the book value left after %n "
                    "years (straight-line depreciation) is recovered at the end.",
                    nullptr, t.years)
      .arg(percentOf(t.discountRate)),
    8.5, false, kGreyText);
  // In the currency, rounded so that the printed lines add up to the printed TCO (largest
  // remainder), in one unit for every line: $ M in English, 万 or 亿 in Chinese.
  const double tco = cur.fromUsd(t.tcoUSD);
  const MoneyScale unit = moneyScale(cur, tco);
  const double size = std::abs(tco);
  int decimals = 0;
  bool scaled = true;
  if (unit.divisor >= 1e8) // 亿: 1.23 亿元
  {
    decimals = 2;
  }
  else if (unit.divisor >= 1e6) // $ M: $123.4 M, $12.35 M; below $1 M whole dollars
  {
    scaled = size >= 1e6;
    decimals = size >= 1e8 ? 1 : 2;
  }
  else // 万: 1,235 万元; below 1 万 whole units
  {
    scaled = size >= 1e4;
  }
  const double step = scaled ? unit.divisor * std::pow(10.0, -decimals) : 1;
  // CAPEX and TCO are printed elsewhere too: they keep their own rounding, the two present
  // values in between absorb the difference.
  const double capexShown = std::round(cur.fromUsd(t.capexUSD) / step) * step;
  const double tcoShown = std::round(tco / step) * step;
  const auto between =
    roundToSum({ cur.fromUsd(t.discountedOpexUSD), cur.fromUsd(t.discountedResidualUSD) },
               { 1, -1 }, tcoShown - capexShown, step);
  auto amount = [&](double value) // one unit and precision for every line: the step's
  {
    // unitMoney takes USD: `value` is already in the currency
    return scaled ? scaledMoney(cur, unit, value, decimals) : unitMoney(cur, value / cur.perUsd, 0);
  };
  const econ::Kpis& k = c.base.kpis;
  std::vector<QStringList> rows{
    { "", ReportPages::tr("Basis"), ReportPages::tr("Amount") },
    { ReportPages::tr("CAPEX (year 0)"), ReportPages::tr("sum of the CAPEX categories below"),
      amount(capexShown) },
    { ReportPages::tr("+ OPEX, discounted"),
      ReportPages::tr("%1 a year for %n years (%2 undiscounted)", nullptr, t.years)
        .arg(money(cur, t.opexPerYearUSD), money(cur, t.opexPerYearUSD * t.years)),
      "+" + amount(between[0]) },
    { ReportPages::tr("- Residual value, discounted"),
      ReportPages::tr("book value %1 after %n years, paid back at the end", nullptr, t.years)
        .arg(money(cur, t.residualUSD)),
      "-" + amount(between[1]) },
    { ReportPages::tr("= TCO (present value)"), "", amount(tcoShown) },
  };
  if (k.annualisedTcoUSD && k.usdPerGpuHour)
  {
    rows.push_back({ ReportPages::tr("Annualised TCO"),
                     ReportPages::tr("TCO × capital recovery factor"),
                     money(cur, k.annualisedTcoUSD) });
    rows.push_back({ ReportPages::tr("Cost per GPU-hour"),
                     ReportPages::tr("annualised TCO / (%1 GPUs × %2 h × %3 availability)")
                       .arg(grouped(k.gpus), grouped(8760), percentOf(c.inputs.availability, 0)),
                     kpiText("usdPerGpuHour", k.usdPerGpuHour, cur) });
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
  flow.heading(ReportPages::tr("OPEX by category (per year)"), 12);
  const auto& total = c.base.kpis.opexUSDPerYear;
  std::vector<QStringList> rows{ { ReportPages::tr("Category"), ReportPages::tr("Basis"),
                                   ReportPages::tr("Per year"), ReportPages::tr("Share") } };
  for (const auto& item : c.base.opex)
  {
    QString basis = QString::fromStdString(item.basis);
    if (item.category == "energy" && c.base.energyPriceUSDPerKWh)
    {
      basis = ReportPages::tr("%1 × %2/kWh", "energy basis × price per kWh")
                .arg(basis, unitMoney(c.currency, *c.base.energyPriceUSDPerKWh, 3));
    }
    rows.push_back({ termText(item.category) + (item.estimate ? " *" : ""), basis,
                     money(c.currency, item.usd),
                     item.usd && total && *total > 0 ? percentOf(*item.usd / *total) : "–" });
  }
  rows.push_back(
    { ReportPages::tr("Total"), "", money(c.currency, total), total ? percentOf(1.0) : "–" });
  TableStyle style;
  style.widths = { 0.22, 0.48, 0.17, 0.13 };
  style.leftAligned = { true, true, false, false };
  style.boldRows = { static_cast<int>(rows.size()) - 1 };
  table(flow, rows, style);
  flow.write(ReportPages::tr("* rests on an estimated figure (listed in the appendix)."), 7.5,
             false, kGreyText);
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
  flow.heading(ReportPages::tr("The hall"), 11);
  const QRectF room = flow.take(flow.remaining() - 8);
  const double scale = std::min(room.width() / image.width(), room.height() / image.height());
  const QSizeF size(image.width() * scale, image.height() * scale);
  flow.painter().drawImage(QRectF(room.topLeft(), size), image);
}

} // namespace

void pageSummary(Flow& flow, const ReportContent& c)
{
  flow.write(ReportPages::tr("Myriad executive report"), 9, false, kGreyText);
  flow.write(QString::fromStdString(c.title), 20, true);
  flow.write(ReportPages::tr("%1 · evaluated at %2 utilisation · site %3")
               .arg(QString::fromStdString(c.date), percentOf(c.inputs.utilisation, 0),
                    QString::fromStdString(c.base.site.name)),
             9, false, kGreyText);
  flow.heading(ReportPages::tr("Executive summary"));
  // The figures, then the risk (or the narrowest headroom), then the recommendation in bold.
  QStringList findings;
  QStringList risk;
  QString recommendation;
  bool atRisk = false;
  for (const auto& sentence : c.summary)
  {
    const QString s = QString::fromStdString(sentence.text);
    switch (sentence.kind)
    {
      case SummarySentence::Kind::Recommendation:
        recommendation = s;
        break;
      case SummarySentence::Kind::Risk:
        atRisk = atRisk || risk.isEmpty();
        risk << s;
        break;
      case SummarySentence::Kind::Headroom:
        risk << s;
        break;
      case SummarySentence::Kind::Finding:
        findings << s;
        break;
    }
  }
  flow.write(joinSentences(findings), 9.5);
  flow.skip(3);
  flow.write(joinSentences(risk), 9.5, false, atRisk ? colourOf(palette::kWorse) : Qt::black);
  if (!recommendation.isEmpty())
  {
    flow.skip(2);
    flow.write(recommendation, 9.5, true);
  }
  flow.heading(ReportPages::tr("Key figures"), 12);
  keyFigures(flow, c);
  flow.heading(ReportPages::tr("Assumptions"), 12);
  assumptions(flow, c);
}

void pageCosts(Flow& flow, const ReportContent& c)
{
  reconciliation(flow, c);
  const econ::Currency& cur = c.currency;
  double largest = 0;
  for (const auto& item : c.base.capex)
  {
    largest = std::max(largest, item.usd.value_or(0));
  }
  const MoneyScale unit = moneyScale(cur, cur.fromUsd(largest));
  std::vector<BarItem> bars;
  for (const auto& item : c.base.capex)
  {
    if (item.usd)
    {
      bars.push_back(
        { termText(item.category), cur.fromUsd(*item.usd) / unit.divisor, money(cur, item.usd) });
    }
  }
  flow.skip(4);
  drawHorizontalBars(
    flow.painter(), flow.take(48 + 18.0 * static_cast<double>(bars.size())),
    ReportPages::tr("CAPEX by category (%1)").arg(money(cur, c.base.kpis.capexUSD)), bars,
    colourOf(palette::kSeries[0]), unit.unit);
  opexTable(flow, c);
  snapshot(flow, c);
}

void pageEnergy(Flow& flow, const ReportContent& c)
{
  flow.heading(ReportPages::tr("Energy, power and sensitivity"));
  std::vector<StackedColumn> months;
  // Month initials (English J F M …); a translation gives twelve labels separated by spaces.
  const QStringList initials =
    ReportPages::tr("J F M A M J J A S O N D", "initials of the months, January to December")
      .split(QLatin1Char(' '), Qt::SkipEmptyParts);
  for (std::size_t m = 0; m < 12; ++m)
  {
    const auto& e = c.base.energy.months[m];
    const QString label =
      initials.size() == 12 ? initials[static_cast<int>(m)] : QString::number(m + 1);
    months.push_back({ label, { e.itMWh, e.coolingMWh, e.otherMWh } });
  }
  const auto& s = palette::kSeries;
  drawStackedColumns(flow.painter(), flow.take(200),
                     ReportPages::tr("Facility energy by month (%1 MWh/year, PUE %2)")
                       .arg(grouped(c.base.kpis.annualMWh), grouped(c.base.kpis.pue, 3)),
                     months,
                     { ReportPages::tr("IT"), ReportPages::tr("cooling"),
                       ReportPages::tr("electrical losses and other") },
                     { colourOf(s[0]), colourOf(s[1]), colourOf(s[2]) },
                     ReportPages::tr("MWh per month"));
  std::vector<LoadItem> feeds;
  for (const auto& f : c.base.power.feeds)
  {
    feeds.push_back({ QString::fromStdString(f.feedId), f.peakW / 1e3, f.capacityW / 1e3 });
  }
  const double feedHeight = std::min(230.0, 60.0 + 18.0 * static_cast<double>(feeds.size()));
  drawLoadVsRating(flow.painter(), flow.take(feedHeight),
                   ReportPages::tr("Power by feed: peak load (all GPUs at 100 %) against rating"),
                   feeds, "kW", { colourOf(s[0]), colourOf(s[1]), colourOf(palette::kOverLimit) });
  const econ::Currency& cur = c.currency;
  std::vector<TornadoItem> bars;
  for (const auto& b : c.sensitivity.bars)
  {
    if (b.low.usdPerGpuHour && b.high.usdPerGpuHour)
    {
      bars.push_back({ termText(b.input), cur.fromUsd(*b.low.usdPerGpuHour),
                       cur.fromUsd(*b.high.usdPerGpuHour) });
    }
  }
  const QString percent = grouped(c.sensitivity.percent, 0);
  drawTornado(
    flow.painter(),
    flow.take(std::max(
      80.0, std::min(flow.remaining() - 30, 60.0 + 16.0 * static_cast<double>(bars.size())))),
    ReportPages::tr("Sensitivity of cost per GPU-hour to ±%1 % on each input").arg(percent),
    cur.fromUsd(c.sensitivity.base.usdPerGpuHour.value_or(0)), bars,
    ReportPages::tr("%1 per GPU-hour", "axis unit: currency per GPU-hour").arg(currencyUnit(cur)),
    ReportPages::tr("%1 per GPU-hour", "base value of the tornado")
      .arg(kpiText("usdPerGpuHour", c.sensitivity.base.usdPerGpuHour, cur)),
    colourOf(s[0]), colourOf(s[1]));
  flow.write(
    ReportPages::tr("Blue: input lowered by %1 %; green: input raised by %1 %. Fractions are "
                    "capped at 1.")
      .arg(percent),
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
    writer.setTitle(
      ReportPages::tr("Myriad report: %1").arg(QString::fromStdString(content.title)));
    writer.setCreator("Myriad");
    QPainter painter(&writer);
    painter.setFont(reportFont(reportLocale().language() == QLocale::Chinese));
    const QRectF page(0, 0, painter.viewport().width(), painter.viewport().height());
    const QRectF body = page.adjusted(0, 0, 0, -22); // the footer's band
    std::vector<std::function<void(Flow&, const ReportContent&)>> pages{ pageSummary, pageCosts,
                                                                         pageEnergy, pageHeadroom };
    if (hasCoolingPage(content))
    {
      pages.emplace_back(pageCooling);
    }
    if (!content.scenarios.empty() || content.comparison)
    {
      pages.emplace_back(pageScenarios);
    }
    if (content.siting)
    {
      pages.emplace_back(pageSiting);
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
