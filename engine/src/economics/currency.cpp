// The scene's currency and its rate against the US dollar (economics/currency.h).
#include "myriad/engine/economics/currency.h"

#include "myriad/engine/economics/reference_data.h"
#include "myriad/engine/error.h"

#include <algorithm>
#include <sstream>

namespace myriad::engine::economics
{

const std::vector<Currency>& knownCurrencies()
{
  static const std::vector<Currency> currencies = []
  {
    std::vector<Currency> all(1); // USD, 1 per USD
    all.front().source = "the unit of every base figure";
    for (const Part& part : builtinReferenceParts())
    {
      if (part.category != "exchange-rate")
      {
        continue;
      }
      const Figure& rate = part.figures.at("perUSD");
      Currency currency;
      currency.code = part.attributes.at("currency");
      currency.perUsd = rate.value;
      currency.date = part.attributes.at("date");
      currency.source = rate.source;
      currency.estimate = rate.estimate;
      all.push_back(std::move(currency));
    }
    return all;
  }();
  return currencies;
}

namespace
{

const Currency* findCurrency(const std::string& code)
{
  const auto& all = knownCurrencies();
  const auto it =
    std::find_if(all.begin(), all.end(), [&](const Currency& c) { return c.code == code; });
  return it == all.end() ? nullptr : &*it;
}

} // namespace

bool isKnownCurrency(const std::string& code)
{
  return findCurrency(code) != nullptr;
}

std::string knownCurrencyCodes()
{
  std::string out;
  const auto& all = knownCurrencies();
  for (std::size_t i = 0; i < all.size(); ++i)
  {
    out += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i].code;
  }
  return out;
}

Currency siteCurrency(const Site& site)
{
  const Currency* known = findCurrency(site.currency);
  if (known == nullptr)
  {
    throw SpecError("currency \"" + site.currency + "\" has no exchange rate (expected " +
                    knownCurrencyCodes() + ")");
  }
  Currency currency = *known;
  if (site.exchangeRate > 0 && currency.code != "USD")
  {
    std::ostringstream text;
    text << "the scene's own rate (the reference data gives " << known->perUsd << " on "
         << known->date << ")";
    currency.perUsd = site.exchangeRate;
    currency.date.clear();
    currency.source = text.str();
    currency.estimate = false;
    currency.givenByScene = true;
  }
  return currency;
}

} // namespace myriad::engine::economics
