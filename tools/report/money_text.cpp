// Money in the scene's currency, short, as the locale's readers write it (money_text.h).
#include "money_text.h"

#include <algorithm>
#include <cmath>

namespace myriad::report
{

QString currencySymbol(const QString& code)
{
  if (code == QLatin1String("USD"))
    return QStringLiteral("$");
  if (code == QLatin1String("CNY"))
    return QStringLiteral("¥");
  if (code == QLatin1String("EUR"))
    return QStringLiteral("€");
  return code + QLatin1Char(' ');
}

QString chineseCurrencyName(const QString& code)
{
  // Names, not symbols: Chinese prose writes "6.07 亿元", never "¥6.07 亿".
  if (code == QLatin1String("USD"))
    return QStringLiteral("美元");
  if (code == QLatin1String("CNY"))
    return QStringLiteral("元");
  if (code == QLatin1String("EUR"))
    return QStringLiteral("欧元");
  return QLatin1Char(' ') + code;
}

namespace
{

QString fixed(const QLocale& locale, double value, int decimals)
{
  return locale.toString(value, 'f', std::max(0, decimals));
}

QString chineseMoney(double amount, const QString& code, const QLocale& locale)
{
  const QString name = chineseCurrencyName(code);
  const double size = std::abs(amount);
  if (size >= 1e8)
    return QStringLiteral("%1 亿%2").arg(fixed(locale, amount / 1e8, 2), name);
  if (size >= 1e4)
  {
    const double wan = amount / 1e4;
    return QStringLiteral("%1 万%2").arg(fixed(locale, wan, std::abs(wan) >= 100 ? 0 : 1), name);
  }
  return QStringLiteral("%1 %2").arg(fixed(locale, amount, 2), name);
}

} // namespace

QString shortMoney(double amount, const QString& code, const QLocale& locale)
{
  if (!std::isfinite(amount))
    return QStringLiteral("—");
  if (locale.language() == QLocale::Chinese)
    return chineseMoney(amount, code, locale);
  const QString sign = amount < 0 ? QStringLiteral("−") : QString();
  const QString symbol = sign + currencySymbol(code);
  const double size = std::abs(amount);
  if (size >= 1e9)
    return QStringLiteral("%1%2 B").arg(symbol, fixed(locale, size / 1e9, 2));
  if (size >= 1e6)
    return QStringLiteral("%1%2 M").arg(symbol, fixed(locale, size / 1e6, size >= 1e8 ? 0 : 1));
  if (size >= 1e3)
    return QStringLiteral("%1%2 k").arg(symbol, fixed(locale, size / 1e3, 1));
  return QStringLiteral("%1%2").arg(symbol, fixed(locale, size, 2));
}

} // namespace myriad::report
