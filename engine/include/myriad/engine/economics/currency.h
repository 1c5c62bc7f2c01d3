#pragma once
/**
 * @file currency.h
 * The scene's currency: every economics figure is computed in US dollars (the catalog's prices,
 * the sites' energy prices and the models' results are USD), and shown in the currency the site
 * names (`site.currency`: USD, CNY or EUR) at an exchange rate:
 *
 *   amount[CUR] = amount[USD] × rate[CUR/USD]
 *
 * The rate is the scene's own (`site.exchangeRate`, units of the currency per US dollar, as a
 * user types it from their finance department) or, when the scene gives none (0), the dated,
 * sourced rate of the reference data (the "exchangeRates" of the samples/reference/ files). USD
 * is 1. The base figures stay in USD in every JSON/CSV export, so they remain traceable to the
 * catalog.
 */

#include "myriad/engine/model.h"

#include <string>
#include <vector>

namespace myriad::engine::economics
{

/** A currency figures can be shown in, with its rate against the US dollar. */
struct Currency
{
  std::string code = "USD";  ///< ISO 4217
  double perUsd = 1;         ///< units of `code` per USD (1 for USD)
  std::string date;          ///< date of the rate ("" for USD and for a scene's own rate)
  std::string source;        ///< where the rate comes from (reference citation or "scene")
  bool estimate = false;     ///< the rate is marked estimate in the reference data
  bool givenByScene = false; ///< site.exchangeRate > 0 was used

  /** `usd` in this currency. */
  double fromUsd(double usd) const { return usd * perUsd; }
};

/** The currencies the reference data has a rate for, USD first (code, rate, date, source). */
const std::vector<Currency>& knownCurrencies();

/** True when `code` is one of knownCurrencies(). */
bool isKnownCurrency(const std::string& code);

/** "USD, CNY or EUR": the codes of knownCurrencies() (the expected form in errors). */
std::string knownCurrencyCodes();

/**
 * The currency of `site`: site.currency at site.exchangeRate when that is > 0 (ignored for
 * USD, which is 1), else at the reference rate. Throws SpecError ("currency \"XYZ\" …", expected:
 * the known codes) for a code without a reference rate; the scene reader reports the same as a
 * LoadError at /site/currency.
 */
Currency siteCurrency(const Site& site);

} // namespace myriad::engine::economics
