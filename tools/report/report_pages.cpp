/**
 * @file report_pages.cpp
 * The three pages of the executive report, drawn with QPainter on a QPdfWriter (A4, 72 dpi so
 * one painter unit is one point). Layout in report.h.
 */

#include "report.h"
#include "report_charts.h"

#include <QBuffer>
#include <QImage>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>

namespace myriad::report
{

namespace
{

namespace econ = engine::economics;

QString money(const std::optional<double>& usd)
{
  if (!usd)
  {
    return "missing";
  }
  const double a = std::abs(*usd);
  if (a >= 1e9)
  {
    return QString("$%1B").arg(*usd / 1e9, 0, 'f', 2);
  }
  if (a >= 1e6)
  {
    return QString("$%1M").arg(*usd / 1e6, 0, 'f', 1);
  }
  if (a >= 1e4)
  {
    return QString("$%1k").arg(*usd / 1e3, 0, 'f', 1);
  }
  return QString("$%1").arg(*usd, 0, 'f', 2);
}

QString grouped(double value, int decimals = 0)
{
  return QLocale(QLocale::English).toString(value, 'f', decimals);
}

/** A KPI value in its unit ("$1.85", "1.204", "88.0 %", "131,098 MWh"); "missing" when absent. */
QString kpiText(const std::string& key, const std::optional<double>& v)
{
  if (!v)
  {
    return "missing";
  }
  if (key == "usdPerGpuHour")
  {
    return QString("$%1").arg(*v, 0, 'f', 2);
  }
  if (key == "capexUSD" || key == "tcoUSD")
  {
    return money(v);
  }
  if (key == "opexUSDPerYear")
  {
    return money(v) + "/yr";
  }
  if (key == "pue")
  {
    return QString::number(*v, 'f', 3);
  }
  if (key == "goodput")
  {
    return QString("%1 %").arg(*v * 100, 0, 'f', 1);
  }
  if (key == "itMW")
  {
    return QString("%1 MW").arg(*v, 0, 'f', 3);
  }
  if (key == "interruptionsPerDay")
  {
    return QString::number(*v, 'f', 2);
  }
  if (key == "annualMWh")
  {
    return grouped(*v) + " MWh";
  }
  if (key == "carbonTonnesPerYear")
  {
    return grouped(*v) + " t";
  }
  return grouped(*v);
}

QString deltaText(const econ::KpiDelta& k)
{
  const auto d = k.absolute();
  if (!d)
  {
    return "–";
  }
  QString text = kpiText(k.key, std::abs(*d));
  if (k.key == "goodput")
  {
    text = QString("%1 pt").arg(std::abs(*d) * 100, 0, 'f', 1);
  }
  return (*d < 0 ? "-" : "+") + text; // ASCII signs keep the PDF's text extractable
}

/** A top-down text cursor on one page. */
class Flow
{
public:
  Flow(QPainter& painter, const QRectF& page)
    : m_p(painter)
    , m_page(page)
    , m_y(page.top())
  {
  }

  void heading(const QString& text, double size = 13)
  {
    m_y += 4;
    write(text, size, true);
    m_y += 2;
  }
  /** Word-wrapped text; returns false (and draws nothing) when it would not fit any more. */
  bool write(const QString& text, double size = 9, bool bold = false,
             const QColor& colour = Qt::black)
  {
    QFont font = m_p.font();
    font.setPointSizeF(size);
    font.setBold(bold);
    m_p.setFont(font);
    const QRectF box(m_page.left(), m_y, m_page.width(), m_page.bottom() - m_y);
    const QRectF need = m_p.boundingRect(box, Qt::TextWordWrap, text);
    if (need.bottom() > m_page.bottom())
    {
      return false;
    }
    m_p.setPen(colour);
    m_p.drawText(box, Qt::TextWordWrap, text);
    m_y = need.bottom() + 2;
    return true;
  }
  /** Reserve `height` points for a chart and return its rectangle. */
  QRectF take(double height)
  {
    const QRectF r(m_page.left(), m_y, m_page.width(), height);
    m_y += height + 6;
    return r;
  }
  double remaining() const { return m_page.bottom() - m_y; }
  QPainter& painter() { return m_p; }

private:
  QPainter& m_p;
  QRectF m_page;
  double m_y;
};

/** A table with fixed column widths (fractions of the page width); first column left-aligned. */
void table(Flow& flow, const std::vector<QStringList>& rows, const std::vector<double>& widths,
           const std::vector<std::vector<QColor>>& colours = {})
{
  const QRectF r = flow.take(14.0 * static_cast<double>(rows.size()));
  QPainter& p = flow.painter();
  QFont font = p.font();
  font.setPointSizeF(8.5);
  for (std::size_t i = 0; i < rows.size(); ++i)
  {
    const double y = r.top() + 14.0 * static_cast<double>(i);
    font.setBold(i == 0);
    p.setFont(font);
    if (i % 2 == 1)
    {
      p.fillRect(QRectF(r.left(), y, r.width(), 14), QColor(242, 244, 247));
    }
    double x = r.left();
    for (int c = 0; c < rows[i].size() && c < static_cast<int>(widths.size()); ++c)
    {
      const double w = widths[static_cast<std::size_t>(c)] * r.width();
      QColor colour = Qt::black;
      if (i < colours.size() && c < static_cast<int>(colours[i].size()))
      {
        colour = colours[i][static_cast<std::size_t>(c)];
      }
      p.setPen(colour);
      p.drawText(QRectF(x + 3, y, w - 6, 14),
                 (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, rows[i][c]);
      x += w;
    }
  }
}

void kpiTable(Flow& flow, const ReportContent& c)
{
  const auto rows = c.comparison ? c.comparison->kpis : econ::kpiDeltas(c.base, c.base);
  std::vector<QStringList> cells;
  std::vector<std::vector<QColor>> colours;
  if (!c.comparison)
  {
    cells.push_back({ "Indicator", "Value" });
    for (const auto& k : rows)
    {
      cells.push_back({ QString::fromStdString(k.label), kpiText(k.key, k.base) });
    }
    cells.push_back({ "Cost per goodput GPU-hour",
                      kpiText("usdPerGpuHour", c.base.kpis.usdPerEffectiveGpuHour) });
    table(flow, cells, { 0.55, 0.45 });
    return;
  }
  cells.push_back({ "Indicator", "Base", QString::fromStdString(c.comparison->scenarioName),
                    "Change", "Change %" });
  colours.emplace_back();
  for (const auto& k : rows)
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
      tone = better ? QColor(30, 130, 60) : QColor(190, 40, 40);
    }
    colours.push_back({ Qt::black, Qt::black, Qt::black, tone, tone });
  }
  table(flow, cells, { 0.34, 0.17, 0.17, 0.17, 0.15 }, colours);
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

void pageSummary(Flow& flow, const ReportContent& c)
{
  const econ::Kpis& k = c.base.kpis;
  flow.write("Myriad executive report", 9, false, QColor(90, 90, 90));
  flow.write(QString::fromStdString(c.title), 20, true);
  flow.write(
    QString("%1 · %2").arg(QString::fromStdString(c.date), QString::fromStdString(c.sourceName)), 9,
    false, QColor(90, 90, 90));
  flow.heading("Scene");
  flow.write(QString("%1 GPUs in %2 racks; IT power %3 MW mean at utilisation %4, %5 MW peak; "
                     "facility %6 MW, PUE %7; site %8; %9 years at a %10 % discount rate.")
               .arg(grouped(k.gpus))
               .arg(c.racks)
               .arg(k.itMW, 0, 'f', 3)
               .arg(c.inputs.utilisation, 0, 'f', 2)
               .arg(k.itPeakMW, 0, 'f', 3)
               .arg(k.facilityMW, 0, 'f', 3)
               .arg(k.pue, 0, 'f', 3)
               .arg(QString::fromStdString(c.base.site.name))
               .arg(c.inputs.years)
               .arg(c.inputs.discountRate * 100, 0, 'f', 1));
  if (c.comparison)
  {
    flow.write(QString("Scenario \"%1\": %2")
                 .arg(QString::fromStdString(c.comparison->scenarioName),
                      QString::fromStdString(c.comparison->description)));
  }
  flow.heading("Key figures");
  kpiTable(flow, c);
  std::vector<BarItem> bars;
  for (const auto& item : c.base.capex)
  {
    if (item.usd)
    {
      bars.push_back({ QString::fromStdString(item.category), *item.usd / 1e6, money(item.usd) });
    }
  }
  drawHorizontalBars(flow.painter(), flow.take(std::min(flow.remaining() - 6, 190.0)),
                     "CAPEX by category (" + money(k.capexUSD) + ")", bars, QColor(70, 120, 190));
  snapshot(flow, c);
}

void pageCharts(Flow& flow, const ReportContent& c)
{
  flow.heading("Energy, power and sensitivity");
  std::vector<StackedColumn> months;
  const char* initials = "JFMAMJJASOND";
  for (std::size_t m = 0; m < 12; ++m)
  {
    const auto& e = c.base.energy.months[m];
    months.push_back({ QString(QChar(initials[m])), { e.itMWh, e.coolingMWh, e.otherMWh } });
  }
  drawStackedColumns(flow.painter(), flow.take(190),
                     QString("Facility energy by month (%1 MWh/year, PUE %2)")
                       .arg(grouped(c.base.kpis.annualMWh))
                       .arg(c.base.kpis.pue, 0, 'f', 3),
                     months, { "IT", "cooling", "electrical loss and other" },
                     { QColor(70, 120, 190), QColor(90, 180, 200), QColor(200, 200, 120) }, "MWh");
  std::vector<LoadItem> feeds;
  for (const auto& f : c.base.power.feeds)
  {
    feeds.push_back({ QString::fromStdString(f.feedId), f.peakW / 1e3, f.capacityW / 1e3 });
  }
  const double feedHeight = std::min(150.0, 26.0 + 14.0 * static_cast<double>(feeds.size()));
  drawLoadVsRating(flow.painter(), flow.take(feedHeight), "Power by feed: peak load against rating",
                   feeds, "kW");
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
              flow.take(std::max(60.0, std::min(flow.remaining() - 30,
                                                44.0 + 16.0 * static_cast<double>(bars.size())))),
              QString("Sensitivity of cost per GPU-hour to ±%1 % on each input")
                .arg(c.sensitivity.percent, 0, 'f', 0),
              c.sensitivity.base.usdPerGpuHour.value_or(0), bars, "$/GPU-h");
  flow.write("Blue: input lowered; orange: input raised. Fractions are capped at 1.", 7.5, false,
             QColor(90, 90, 90));
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
    flow.write("No layout changes (inputs only).");
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

void pageDetails(Flow& flow, const ReportContent& c)
{
  const econ::EconomicsResult& r = c.base;
  flow.heading("Reliability and goodput");
  flow.write(QString("A job on %1 GPUs sees %2 interruptions per day (%3 unexpected, MTBI %4 h). "
                     "Checkpointing every %5 s (Daly) with %6 s per checkpoint and %7 s per "
                     "restart gives a goodput of %8 %, worth %9 per year.")
               .arg(grouped(r.job.gpus))
               .arg(r.interruptions.totalPerDay, 0, 'f', 2)
               .arg(r.interruptions.unexpectedPerDay, 0, 'f', 2)
               .arg(r.interruptions.mtbiHours, 0, 'f', 1)
               .arg(r.goodput.dalyIntervalS, 0, 'f', 0)
               .arg(c.inputs.checkpointWriteS, 0, 'f', 0)
               .arg(c.inputs.restartS, 0, 'f', 0)
               .arg(r.goodput.goodput * 100, 0, 'f', 1)
               .arg(money(r.kpis.goodputLossUSDPerYear)));
  std::vector<QStringList> rows{ { "Component", "Interruptions per day" } };
  for (const auto& ci : r.interruptions.byComponent)
  {
    rows.push_back({ QString::fromStdString(ci.component), QString::number(ci.perDay, 'f', 3) });
  }
  table(flow, rows, { 0.5, 0.5 });
  if (c.comparison)
  {
    diffSection(flow, *c.comparison);
  }
  flow.heading("Assumptions and sources", 11);
  flow.write(c.snapshotPng.empty()
               ? "The 3D snapshot is left out: " + QString::fromStdString(c.snapshotNote)
               : QString("The 3D snapshot on page 1 is the hall from the isometric camera, "
                         "racks coloured by kind."),
             8, false, QColor(90, 90, 90));
  std::size_t shown = 0;
  for (const auto& a : r.assumptions)
  {
    if (!flow.write("• " + QString::fromStdString(a) + " [estimate]", 7.5))
    {
      break;
    }
    ++shown;
  }
  if (shown < r.assumptions.size())
  {
    flow.write(QString("… %1 more in the JSON export (myriad-cli report --json).")
                 .arg(r.assumptions.size() - shown),
               7.5);
  }
  if (!r.missing.empty())
  {
    QStringList missing;
    for (const auto& m : r.missing)
    {
      missing << QString::fromStdString(m);
    }
    flow.write("Missing figures (shown as missing, never as zero): " + missing.join(", "), 7.5,
               false, QColor(190, 40, 40));
  }
}

} // namespace

std::string renderReportPdf(const ReportContent& content)
{
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  {
    QPdfWriter writer(&buffer);
    writer.setResolution(72);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                     QMarginsF(40, 40, 40, 40), QPageLayout::Point));
    writer.setTitle(QString::fromStdString("Myriad report: " + content.title));
    writer.setCreator("Myriad");
    QPainter painter(&writer);
    QFont font("DejaVu Sans");
    font.setStyleStrategy(QFont::PreferNoShaping); // no "fi" ligatures: text stays searchable
    painter.setFont(font);
    const QRectF page(0, 0, painter.viewport().width(), painter.viewport().height());
    Flow first(painter, page);
    pageSummary(first, content);
    writer.newPage();
    Flow second(painter, page);
    pageCharts(second, content);
    writer.newPage();
    Flow third(painter, page);
    pageDetails(third, content);
    painter.end();
  }
  return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

} // namespace myriad::report
