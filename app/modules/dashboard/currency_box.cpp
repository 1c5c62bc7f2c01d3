// The Dashboard's currency and exchange-rate input (currency_box.h).
#include "currency_box.h"

#include "number_format.h"

#include "myriad/engine/economics/currency.h"
#include "myriad/engine/model.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>

#include <cmath>

namespace myriad::app
{

namespace econ = engine::economics;

namespace
{

constexpr int kRateDecimals = 4;

const econ::Currency* knownCurrency(const QString& code)
{
  for (const econ::Currency& currency : econ::knownCurrencies())
    if (code == QString::fromStdString(currency.code))
      return &currency;
  return nullptr;
}

} // namespace

CurrencyBox::CurrencyBox(QWidget* parent)
  : QWidget(parent)
{
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_code = new QComboBox;
  m_code->setObjectName(QStringLiteral("dashboardCurrencyCombo"));
  m_code->setToolTip(tr("Currency of every cost figure, chart and report; the models compute in "
                        "US dollars and convert at the rate beside"));
  for (const econ::Currency& currency : econ::knownCurrencies())
  {
    const QString code = QString::fromStdString(currency.code);
    m_code->addItem(code, code);
    if (currency.code != "USD")
    {
      const QString tip =
        tr("Reference rate %1 %2 per USD on %3 (%4)%5")
          .arg(formatFixed(currency.perUsd, kRateDecimals), code,
               QString::fromStdString(currency.date), QString::fromStdString(currency.source),
               currency.estimate ? tr(", an estimate") : QString());
      m_code->setItemData(m_code->count() - 1, tip, Qt::ToolTipRole);
    }
  }
  m_rate = new QDoubleSpinBox;
  m_rate->setObjectName(QStringLiteral("dashboardRateSpin"));
  m_rate->setDecimals(kRateDecimals);
  m_rate->setRange(0.0001, 1e6);
  m_rate->setSingleStep(0.01);
  m_rate->setSuffix(tr(" per USD"));
  m_rate->setKeyboardTracking(false); // one edit per typed rate, not one per digit
  layout->addWidget(m_code);
  layout->addWidget(m_rate, 1);
  connect(m_code, &QComboBox::currentIndexChanged, this, &CurrencyBox::onCodeChosen);
  connect(m_rate, &QDoubleSpinBox::valueChanged, this, &CurrencyBox::onRateEdited);
  showSite(engine::Site{});
}

double CurrencyBox::referenceRate() const
{
  const econ::Currency* currency = knownCurrency(m_code->currentData().toString());
  return currency ? currency->perUsd : 1;
}

void CurrencyBox::showRate(double rate, bool own)
{
  const QSignalBlocker blocker(m_rate);
  const bool usd = m_code->currentData().toString() == QLatin1String("USD");
  m_rate->setValue(usd ? 1 : rate);
  m_rate->setEnabled(!usd);
  m_rate->setToolTip(usd   ? tr("Figures are in US dollars, the unit of every base figure")
                     : own ? tr("The scene's own rate; type the reference rate (%1) to go back "
                                "to it")
                               .arg(formatFixed(referenceRate(), kRateDecimals))
                           : m_code->itemData(m_code->currentIndex(), Qt::ToolTipRole).toString());
}

void CurrencyBox::showSite(const engine::Site& site)
{
  {
    const QSignalBlocker blocker(m_code);
    const int index = m_code->findData(QString::fromStdString(site.currency));
    m_code->setCurrentIndex(index >= 0 ? index : 0);
  }
  const bool own = site.exchangeRate > 0;
  showRate(own ? site.exchangeRate : referenceRate(), own);
}

void CurrencyBox::onCodeChosen()
{
  showRate(referenceRate(), false); // a new currency starts at its reference rate
  emit currencyEdited(m_code->currentData().toString(), 0);
}

void CurrencyBox::onRateEdited()
{
  // The reference rate as shown (rounded to the box's decimals) stays the reference rate.
  const double typed = m_rate->value();
  const bool reference = std::abs(typed - referenceRate()) < 0.5 * std::pow(10.0, -kRateDecimals);
  emit currencyEdited(m_code->currentData().toString(), reference ? 0 : typed);
}

} // namespace myriad::app
