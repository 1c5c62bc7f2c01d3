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

namespace myriad::app
{

/** The locale numbers are shown in: QLocale(), or English (US) where that is the C locale. */
QLocale numberLocale();

/** An integer with grouping: 10240 → "10,240". */
QString formatInteger(long long value);
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
/** A formatted number and its unit, separated by a space: ("10,240", "GPUs") → "10,240 GPUs". */
QString withUnit(const QString& number, const QString& unit);

} // namespace myriad::app
