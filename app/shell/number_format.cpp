// Locale-aware number formatting shared by the app's docks (number_format.h).
#include "number_format.h"

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
  if (!std::isfinite(usd))
  {
    return QStringLiteral("—");
  }
  if (numberLocale().language() == QLocale::Chinese)
  {
    // The scale words belong to the Chinese way of writing the number, like its digit grouping,
    // and appear only where numbers are Chinese.
    if (usd >= 1e8)
    {
      return QStringLiteral("%1 亿美元").arg(formatFixed(usd / 1e8, 2));
    }
    if (usd >= 1e4)
    {
      const double wan = usd / 1e4;
      return QStringLiteral("%1 万美元").arg(formatFixed(wan, wan >= 100 ? 0 : 1));
    }
    return QStringLiteral("%1 美元").arg(formatFixed(usd, 2));
  }
  if (usd >= 1e9)
  {
    return QStringLiteral("$%1 B").arg(formatFixed(usd / 1e9, 2));
  }
  if (usd >= 1e6)
  {
    return QStringLiteral("$%1 M").arg(formatFixed(usd / 1e6, usd >= 1e8 ? 0 : 1));
  }
  if (usd >= 1e3)
  {
    return QStringLiteral("$%1 k").arg(formatFixed(usd / 1e3, 1));
  }
  return QStringLiteral("$%1").arg(formatFixed(usd, 2));
}

QString formatInteger(long long value)
{
  return numberLocale().toString(value);
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
