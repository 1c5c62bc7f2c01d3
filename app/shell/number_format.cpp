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
