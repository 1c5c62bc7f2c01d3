#pragma once
/**
 * @file money_text.h
 * Money as a reader of the locale writes it, short, in any of the scene's currencies
 * (economics/currency.h): the app's Dashboard and the PDF report share it.
 *   English (and other non-Chinese locales): "$14.1 M", "¥1.25 B", "€743.8 k", "$12.50";
 *   Chinese: the scale of 万 (10^4) and 亿 (10^8) and the currency's name: "6.07 亿美元",
 *   "1,410 万元", "74.4 万欧元", "12.50 元".
 * The amount is already in the currency (Currency::fromUsd); non-finite amounts read "—".
 */

#include <QLocale>
#include <QString>

namespace myriad::report
{

/** `amount` (in currency `code`, ISO 4217) short, in `locale`'s way of writing money. */
QString shortMoney(double amount, const QString& code, const QLocale& locale);

/** The symbol of `code` used before English amounts: "$", "¥", "€"; else the code and a space. */
QString currencySymbol(const QString& code);

/** The currency's name after a Chinese amount: 美元, 元, 欧元; else the code. */
QString chineseCurrencyName(const QString& code);

} // namespace myriad::report
