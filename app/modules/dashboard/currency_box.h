#pragma once
/**
 * @file currency_box.h
 * The Dashboard's currency input: the scene's currency (USD, CNY, EUR: those the reference data
 * has a dated rate for, economics/currency.h) and its exchange rate. The rate box shows the rate
 * in use; it is the reference data's dated rate until the user types their own (a finance
 * department's), which the scene then keeps. Both are document fields (site.currency,
 * site.exchangeRate): a change is announced, and the Dashboard module makes it an undoable edit.
 */

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;

namespace myriad::engine
{
struct Site;
}

namespace myriad::app
{

class CurrencyBox : public QWidget
{
  Q_OBJECT

public:
  explicit CurrencyBox(QWidget* parent = nullptr);

  /** Show `site`'s currency and the rate in use, without announcing a change. */
  void showSite(const engine::Site& site);

  QComboBox* codeCombo() const { return m_code; }
  QDoubleSpinBox* rateSpin() const { return m_rate; }

signals:
  /** The user chose a currency or typed a rate; `exchangeRate` 0 means the reference rate. */
  void currencyEdited(const QString& code, double exchangeRate);

private:
  void onCodeChosen();
  void onRateEdited();
  /** The reference rate of the chosen code (1 for USD). */
  double referenceRate() const;
  void showRate(double rate, bool own);

  QComboBox* m_code = nullptr;
  QDoubleSpinBox* m_rate = nullptr;
};

} // namespace myriad::app
