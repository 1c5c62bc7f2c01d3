#pragma once
/**
 * @file number_format.h
 * Numbers as the user reads them: through QLocale, with digit grouping and never in exponent
 * form ("10,240", "827,900 tokens/s", "14.42"). The locale is the user's; a system without one
 * (the C locale of scripts, CI and Xvfb) gets English grouping instead of the C locale's bare
 * digits, so screenshots and tests read "10,240" everywhere.
 */

#include <QLocale>
#include <QString>

namespace myriad::engine
{
struct Site;
}

namespace myriad::app
{

/** The currency money is shown in (economics/currency.h: the scene's, at its rate). */
struct DisplayCurrency
{
  QString code = QStringLiteral("USD");
  double perUsd = 1; ///< units of `code` per USD
};

/** The site's currency and rate; USD when the site names a currency without a rate. */
DisplayCurrency displayCurrency(const engine::Site& site);

/** The locale numbers are shown in: QLocale(), or English (US) where that is the C locale. */
QLocale numberLocale();

/** An integer with grouping: 10240 → "10,240". */
QString formatInteger(long long value);
/**
 * A count as its readers say it: grouped ("10,240") in most languages; in Chinese, from 10^4 up,
 * in 万 (10^4) or 亿 (10^8) with at most four significant digits and no trailing zeros
 * ("1.024 万", "1.28 万", "18.43 万", "2.5 亿"); below 10^4 grouped ("5,120").
 */
QString formatQuantity(long long value);
/** A value with `decimals` decimals and grouping: (14415.7, 1) → "14,415.7". */
QString formatFixed(double value, int decimals);
/**
 * A value rounded to `digits` significant digits, grouped, without exponent:
 * 827900.4 → "827,900", 3576279 → "3,576,000" with 4 digits, 0.0123456 → "0.01235".
 * Non-finite values read "—".
 */
QString formatSignificant(double value, int digits = 4);
/**
 * An amount of US dollars, short: "$14.1 M", "$1.25 B", "$743.8 k", "$12.50". Where numbers are
 * Chinese (numberLocale()), in the Chinese scale of 万 (10^4) and 亿 (10^8) as Chinese
 * readers count money: "1,410 万美元", "6.07 亿美元", "74.4 万美元", "12.50 美元".
 */
QString formatMoneyUsd(double usd);
/** `usd` converted to `currency` and written short, as formatMoneyUsd does for dollars:
 *  "¥4.34 B", "€580 M"; in Chinese "43.37 亿元", "5.80 亿欧元" (report::shortMoney). */
QString formatMoney(double usd, const DisplayCurrency& currency);

/** A chart's money axis: values in USD × `perUsd` read in the unit `title` names. */
struct MoneyAxis
{
  double perUsd = 1e-6;
  QString title;
};
/**
 * The unit a chart whose largest value is `largestUsd` draws money in: millions of the currency
 * ("USD million", "CNY million"); in Chinese 亿 (10^8) or 万 (10^4) of it ("亿元", "万美元").
 */
MoneyAxis moneyAxis(const DisplayCurrency& currency, double largestUsd);
/** A formatted number and its unit, separated by a space: ("10,240", "GPUs") → "10,240 GPUs". */
QString withUnit(const QString& number, const QString& unit);

} // namespace myriad::app
