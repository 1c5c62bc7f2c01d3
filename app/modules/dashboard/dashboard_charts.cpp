#include "dashboard_charts.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <map>

namespace myriad::app
{

namespace
{

/** The engine's CAPEX/OPEX category keys (economics.cpp), short for a side dock's axis. */
QString categoryLabel(const std::string& category)
{
  static const std::map<std::string, const char*> labels = {
    { "systems", QT_TRANSLATE_NOOP("DashboardCharts", "Systems") },
    { "switches", QT_TRANSLATE_NOOP("DashboardCharts", "Switches") },
    { "optics", QT_TRANSLATE_NOOP("DashboardCharts", "Optics") },
    { "cables", QT_TRANSLATE_NOOP("DashboardCharts", "Cables") },
    { "racks", QT_TRANSLATE_NOOP("DashboardCharts", "Racks") },
    { "immersion fluid", QT_TRANSLATE_NOOP("DashboardCharts", "Fluid") },
    { "power and cooling infrastructure", QT_TRANSLATE_NOOP("DashboardCharts", "Power & cooling") },
    { "building and site", QT_TRANSLATE_NOOP("DashboardCharts", "Building & site") },
    { "energy", QT_TRANSLATE_NOOP("DashboardCharts", "Energy") },
    { "carbon", QT_TRANSLATE_NOOP("DashboardCharts", "Carbon") },
    { "maintenance", QT_TRANSLATE_NOOP("DashboardCharts", "Maintenance") },
    { "staff", QT_TRANSLATE_NOOP("DashboardCharts", "Staff") },
  };
  const auto known = labels.find(category);
  if (known != labels.end())
  {
    return QCoreApplication::translate("DashboardCharts", known->second);
  }
  QString label = QString::fromStdString(category); // a category this table does not know yet
  label.replace(QLatin1Char('_'), QLatin1Char(' '));
  label.replace(QLatin1Char('-'), QLatin1Char(' '));
  if (!label.isEmpty())
  {
    label[0] = label[0].toUpper();
  }
  return label;
}

/** The sensitivity inputs' names (sensitivity.cpp variedInputs), translated. */
QString inputLabel(const std::string& input)
{
  static const std::map<std::string, const char*> labels = {
    { "energy price", QT_TRANSLATE_NOOP("DashboardCharts", "energy price") },
    { "hardware prices", QT_TRANSLATE_NOOP("DashboardCharts", "hardware prices") },
    { "utilisation", QT_TRANSLATE_NOOP("DashboardCharts", "utilisation") },
    { "build cost per W", QT_TRANSLATE_NOOP("DashboardCharts", "build cost per W") },
    { "discount rate", QT_TRANSLATE_NOOP("DashboardCharts", "discount rate") },
    { "TCO horizon", QT_TRANSLATE_NOOP("DashboardCharts", "TCO horizon") },
    { "IT equipment life", QT_TRANSLATE_NOOP("DashboardCharts", "IT equipment life") },
    { "maintenance share", QT_TRANSLATE_NOOP("DashboardCharts", "maintenance share") },
    { "staff cost", QT_TRANSLATE_NOOP("DashboardCharts", "staff cost") },
    { "availability", QT_TRANSLATE_NOOP("DashboardCharts", "availability") },
    { "chiller efficiency", QT_TRANSLATE_NOOP("DashboardCharts", "chiller efficiency") },
    { "failure rates", QT_TRANSLATE_NOOP("DashboardCharts", "failure rates") },
    { "checkpoint time", QT_TRANSLATE_NOOP("DashboardCharts", "checkpoint time") },
  };
  const auto known = labels.find(input);
  return known != labels.end() ? QCoreApplication::translate("DashboardCharts", known->second)
                               : QString::fromStdString(input);
}

QValueAxis* makeValueAxis(const QString& title, double maxValue)
{
  auto* axis = new QValueAxis;
  axis->setTitleText(title);
  axis->setLabelFormat(QStringLiteral("%.0f"));
  axis->setRange(0, maxValue > 0 ? maxValue * 1.08 : 1);
  axis->applyNiceNumbers();
  return axis;
}

} // namespace

QChart* makeDashboardChart(const QString& title)
{
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->setAnimationOptions(QChart::NoAnimation);
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

void clearChart(QChart* chart)
{
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes())
  {
    chart->removeAxis(axis);
    delete axis;
  }
}

QStringList fillCapexChart(QChart* chart, const std::vector<engine::economics::CostItem>& capex,
                           const DisplayCurrency& currency)
{
  return fillCostChart(chart, capex, QObject::tr("CAPEX"), currency);
}

QStringList fillCostChart(QChart* chart, const std::vector<engine::economics::CostItem>& capex,
                          const QString& name, const DisplayCurrency& currency)
{
  clearChart(chart);
  QStringList missing;
  QStringList categories;
  auto* set = new QBarSet(name);
  set->setLabelColor(QColor(0x20, 0x20, 0x20)); // outside the bar: dark on the chart background
  double largestUsd = 0;
  for (const auto& item : capex)
    largestUsd = std::max(largestUsd, item.usd.value_or(0));
  const MoneyAxis unit = moneyAxis(currency, largestUsd);
  double maxValue = 0;
  // Bars are drawn bottom-up: reverse so the first category is on top.
  for (auto it = capex.rbegin(); it != capex.rend(); ++it)
  {
    if (!it->usd)
    {
      missing.prepend(categoryLabel(it->category));
      continue;
    }
    const double value = *it->usd * unit.perUsd;
    categories << categoryLabel(it->category);
    *set << value;
    maxValue = std::max(maxValue, value);
  }
  auto* series = new QHorizontalBarSeries;
  series->append(set);
  series->setLabelsVisible(true);
  series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
  series->setLabelsFormat(QStringLiteral("@value"));
  series->setLabelsPrecision(3); // significant digits: 346, 40.2, 6.02
  chart->addSeries(series);
  auto* categoryAxis = new QBarCategoryAxis;
  categoryAxis->append(categories);
  chart->addAxis(categoryAxis, Qt::AlignLeft);
  series->attachAxis(categoryAxis);
  QValueAxis* valueAxis = makeValueAxis(unit.title, maxValue);
  chart->addAxis(valueAxis, Qt::AlignBottom);
  series->attachAxis(valueAxis);
  chart->legend()->setVisible(false);
  return missing;
}

int fillComparisonChart(QChart* chart, const engine::economics::EconomicsResult& base,
                        const engine::economics::EconomicsResult& scenario,
                        const QString& scenarioName, const DisplayCurrency& currency)
{
  clearChart(chart);
  double largestUsd = 0;
  for (const auto* items : { &base.capex, &scenario.capex, &base.opex, &scenario.opex })
    for (const auto& item : *items)
      largestUsd = std::max(largestUsd, item.usd.value_or(0));
  const MoneyAxis unit = moneyAxis(currency, largestUsd);
  // Category label → (base, scenario) in the chart's unit, in the order the base lists them.
  std::vector<std::pair<QString, std::pair<double, double>>> rows;
  auto add = [&rows, &unit](const std::vector<engine::economics::CostItem>& items, bool isScenario,
                            const QString& suffix)
  {
    for (const auto& item : items)
    {
      if (!item.usd)
      {
        continue;
      }
      const QString label = categoryLabel(item.category) + suffix;
      auto it = std::find_if(rows.begin(), rows.end(),
                             [&label](const auto& row) { return row.first == label; });
      if (it == rows.end())
      {
        rows.push_back({ label, { 0.0, 0.0 } });
        it = rows.end() - 1;
      }
      (isScenario ? it->second.second : it->second.first) = *item.usd * unit.perUsd;
    }
  };
  add(base.capex, false, QString());
  add(scenario.capex, true, QString());
  add(base.opex, false, QObject::tr(" / yr"));
  add(scenario.opex, true, QObject::tr(" / yr"));
  auto* baseSet = new QBarSet(QObject::tr("Base"));
  auto* scenarioSet = new QBarSet(scenarioName);
  baseSet->setColor(QColor(150, 160, 175));
  scenarioSet->setColor(QColor(40, 120, 200));
  QStringList categories;
  double maxValue = 0;
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) // first category on top
  {
    categories << it->first;
    *baseSet << it->second.first;
    *scenarioSet << it->second.second;
    maxValue = std::max({ maxValue, it->second.first, it->second.second });
  }
  auto* series = new QHorizontalBarSeries;
  series->append(baseSet);
  series->append(scenarioSet);
  chart->addSeries(series);
  auto* categoryAxis = new QBarCategoryAxis;
  categoryAxis->append(categories);
  chart->addAxis(categoryAxis, Qt::AlignLeft);
  series->attachAxis(categoryAxis);
  QValueAxis* valueAxis = makeValueAxis(unit.title, maxValue);
  chart->addAxis(valueAxis, Qt::AlignBottom);
  series->attachAxis(valueAxis);
  chart->legend()->setVisible(true);
  return static_cast<int>(rows.size());
}

void fillEnergyChart(QChart* chart, const engine::economics::EnergyResult& energy)
{
  clearChart(chart);
  auto* it = new QBarSet(QObject::tr("IT"));
  auto* cooling = new QBarSet(QObject::tr("Cooling"));
  auto* other = new QBarSet(QObject::tr("Losses + misc"));
  double maxValue = 0;
  for (const engine::economics::MonthEnergy& month : energy.months)
  {
    *it << month.itMWh;
    *cooling << month.coolingMWh;
    *other << month.otherMWh;
    maxValue = std::max(maxValue, month.facilityMWh);
  }
  auto* series = new QStackedBarSeries;
  series->append({ it, cooling, other });
  chart->addSeries(series);
  // Month initials: three-letter names do not fit twelve bars in a side dock. Categories must
  // be unique, so repeated initials carry zero-width spaces.
  auto* months = new QBarCategoryAxis;
  const QString initials = QStringLiteral("JFMAMJJASOND");
  for (qsizetype i = 0; i < initials.size(); ++i)
  {
    const auto repeats = initials.left(i).count(initials[i]);
    months->append(initials[i] + QString(repeats, QChar(0x200B)));
  }
  chart->addAxis(months, Qt::AlignBottom);
  series->attachAxis(months);
  QValueAxis* valueAxis = makeValueAxis(QObject::tr("MWh"), maxValue);
  chart->addAxis(valueAxis, Qt::AlignLeft);
  series->attachAxis(valueAxis);
  chart->legend()->setVisible(true);
}

void fillFeedChart(QChart* chart, const engine::economics::PowerChainResult& power)
{
  clearChart(chart);
  auto* load = new QBarSet(QObject::tr("Peak load"));
  auto* rating = new QBarSet(QObject::tr("Rating"));
  QStringList feeds;
  double maxValue = 0;
  for (auto it = power.feeds.rbegin(); it != power.feeds.rend(); ++it) // first feed on top
  {
    feeds << QString::fromStdString(it->feedId);
    *load << it->peakW / 1e3;
    *rating << it->capacityW / 1e3;
    maxValue = std::max({ maxValue, it->peakW / 1e3, it->capacityW / 1e3 });
  }
  if (feeds.isEmpty())
  {
    delete load;
    delete rating;
    return;
  }
  auto* series = new QHorizontalBarSeries;
  series->append({ load, rating });
  chart->addSeries(series);
  auto* axis = new QBarCategoryAxis;
  axis->append(feeds);
  chart->addAxis(axis, Qt::AlignLeft);
  series->attachAxis(axis);
  QValueAxis* valueAxis = makeValueAxis(QObject::tr("kW"), maxValue);
  chart->addAxis(valueAxis, Qt::AlignBottom);
  series->attachAxis(valueAxis);
  chart->legend()->setVisible(true);
}

QStringList fillTornadoChart(QChart* chart, const engine::economics::SensitivityResult& result,
                             const DisplayCurrency& currency)
{
  clearChart(chart);
  const auto kpi = engine::economics::SensitivityKpi::UsdPerGpuHour;
  const std::optional<double> base = result.base.usdPerGpuHour;
  QStringList topToBottom;
  if (!base)
  {
    return topToBottom;
  }
  const QString percent = QString::number(result.percent, 'g', 3);
  auto* low = new QBarSet(QObject::tr("input −%1 %").arg(percent));
  auto* high = new QBarSet(QObject::tr("input +%1 %").arg(percent));
  QStringList categories;
  double extent = 0;
  // A horizontal bar series draws its first category at the bottom: append smallest first.
  for (auto it = result.bars.rbegin(); it != result.bars.rend(); ++it)
  {
    const auto lo = it->at(it->low, kpi);
    const auto hi = it->at(it->high, kpi);
    if (!lo || !hi)
    {
      continue;
    }
    categories << inputLabel(it->input);
    topToBottom.prepend(QString::fromStdString(it->input));
    *low << (*lo - *base) * currency.perUsd;
    *high << (*hi - *base) * currency.perUsd;
    extent = std::max(
      { extent, std::abs(*lo - *base) * currency.perUsd, std::abs(*hi - *base) * currency.perUsd });
  }
  auto* series = new QHorizontalStackedBarSeries;
  series->append({ low, high });
  chart->addSeries(series);
  auto* axis = new QBarCategoryAxis;
  axis->append(categories);
  QFont small = axis->labelsFont();
  small.setPointSizeF(7); // thirteen input names must fit a side dock
  axis->setLabelsFont(small);
  chart->addAxis(axis, Qt::AlignLeft);
  series->attachAxis(axis);
  auto* valueAxis = new QValueAxis;
  valueAxis->setTitleText(
    QObject::tr("Δ %1/GPU-h vs %2").arg(currency.code, formatMoney(*base, currency)));
  valueAxis->setLabelFormat(QStringLiteral("%.2f"));
  valueAxis->setRange(-(extent > 0 ? extent * 1.1 : 1), extent > 0 ? extent * 1.1 : 1);
  chart->addAxis(valueAxis, Qt::AlignBottom);
  series->attachAxis(valueAxis);
  chart->legend()->setVisible(true);
  return topToBottom;
}

} // namespace myriad::app
