// Locale-aware number formatting shared by the app's docks (number_format.h).
#include "number_format.h"

#include "money_text.h"
#include "myriad/engine/economics/currency.h"
#include "myriad/engine/error.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

QLocale numberLocale()
{
  const QLocale locale;
  if (locale.language() == QLocale::C)
  {
    return QLocale(QLocale::English, QLocale::UnitedStates);
  }
  return locale;
}

QString formatMoneyUsd(double usd)
{
  return formatMoney(usd, DisplayCurrency{});
}

QString formatMoney(double usd, const DisplayCurrency& currency)
{
  return report::shortMoney(usd * currency.perUsd, currency.code, numberLocale());
}

DisplayCurrency displayCurrency(const engine::Site& site)
{
  try
  {
    const engine::economics::Currency currency = engine::economics::siteCurrency(site);
    return { QString::fromStdString(currency.code), currency.perUsd };
  }
  catch (const engine::Error&)
  {
    return {}; // the scene reader refuses such a file; an edit cannot set one
  }
}

MoneyAxis moneyAxis(const DisplayCurrency& currency, double largestUsd)
{
  if (numberLocale().language() == QLocale::Chinese)
  {
    // Chinese charts count money in 亿 or 万 of the currency, as its readers do.
    const QString name = report::chineseCurrencyName(currency.code);
    if (largestUsd * currency.perUsd >= 1e8)
      return { currency.perUsd / 1e8, QStringLiteral("亿") + name };
    return { currency.perUsd / 1e4, QStringLiteral("万") + name };
  }
  return { currency.perUsd / 1e6,
           QCoreApplication::translate("myriad::app::MoneyAxis", "%1 million").arg(currency.code) };
}

QString formatInteger(long long value)
{
  return numberLocale().toString(value);
}

QString formatQuantity(long long value)
{
  const double magnitude = std::abs(static_cast<double>(value));
  if (numberLocale().language() != QLocale::Chinese || magnitude < 1e4)
  {
    return formatInteger(value);
  }
  const bool yi = magnitude >= 1e8;
  const double scaled = static_cast<double>(value) / (yi ? 1e8 : 1e4);
  const int whole = static_cast<int>(std::floor(std::log10(std::abs(scaled)))) + 1; // 1..4
  const int decimals = std::clamp(4 - whole, 0, 3);
  QString number = numberLocale().toString(scaled, 'f', decimals);
  if (decimals > 0) // 1.2800 万 → 1.28 万: the digits shown are the significant ones
  {
    const QChar point = numberLocale().decimalPoint().front();
    while (number.endsWith(QLatin1Char('0')))
      number.chop(1);
    if (number.endsWith(point))
      number.chop(1);
  }
  return number + QStringLiteral(" ") + (yi ? QStringLiteral("亿") : QStringLiteral("万"));
}

QString formatFixed(double value, int decimals)
{
  if (!std::isfinite(value))
  {
    return QStringLiteral("—");
  }
  return numberLocale().toString(value, 'f', std::max(0, decimals));
}

QString formatSignificant(double value, int digits)
{
  if (!std::isfinite(value))
  {
    return QStringLiteral("—");
  }
  if (value == 0)
  {
    return numberLocale().toString(0);
  }
  digits = std::max(1, digits);
  const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value))));
  const int decimals = digits - 1 - magnitude;
  if (decimals >= 0)
  {
    return formatFixed(value, std::min(decimals, 9));
  }
  // Round away the digits beyond the significant ones, then print the integer with grouping.
  const double scale = std::pow(10.0, -decimals);
  return formatFixed(std::round(value / scale) * scale, 0);
}

QString withUnit(const QString& number, const QString& unit)
{
  return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

} // namespace myriad::app
