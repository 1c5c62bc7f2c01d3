// Sensitivity (tornado data): ±X % on each input, bars sorted by swing, and the physics of the
// energy-price bar (cost per GPU-hour is linear in the price).

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/sensitivity.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::economics;

namespace
{

bool near(double a, double b, double rel = 1e-9)
{
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

const Scene& lab()
{
  static const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  return scene;
}

const SensitivityBar& bar(const SensitivityResult& r, const std::string& input)
{
  for (const auto& b : r.bars)
  {
    if (b.input == input)
    {
      return b;
    }
  }
  throw Error("no bar " + input);
}

double opexLine(const EconomicsResult& r, const std::string& category)
{
  for (const auto& item : r.opex)
  {
    if (item.category == category)
    {
      return item.usd.value();
    }
  }
  throw Error("no OPEX line " + category);
}

} // namespace

class TestEconomicsSensitivity final : public QObject
{
  Q_OBJECT

private slots:
  void energyPriceSwingIsTheEnergyShare()
  {
    // $/GPU-h = annualised TCO / (GPUs · 8,760 h · availability). The energy bill E·p is a
    // level annuity, so its annualised value is E·p itself and $/GPU-h = rest + E·p / hours:
    // linear in p. At ±20 % both ends lie 0.2 · E·p / hours from the base, i.e. 20 % of the
    // energy share of the cost per GPU-hour. lab-256 in Ashburn at u = 0.8 and 8 ¢/kWh:
    // E·p = 3,150 MWh × $80/MWh = $252.0k/year over 256 × 8,760 × 0.97 = 2,175,475 GPU-h, an
    // energy share of $0.1158/GPU-h, so each end moves by $0.0232 (base $1.725: $1.702 and
    // $1.749 per GPU-hour). The test derives the share from the engine's energy line.
    EconomicsInputs in;
    in.energyPriceUSDPerKWh = 0.08;
    const SensitivityResult s = analyzeSensitivity(lab(), Catalog::builtin(), in);
    const EconomicsResult base = evaluateEconomics(lab(), Catalog::builtin(), in, false);
    const double hours = base.kpis.gpus * 8760.0 * in.availability;
    const double energyShare = opexLine(base, "energy") / hours;
    const SensitivityBar& price = bar(s, "energy price");
    QVERIFY(near(price.baseInput, 0.08));
    QVERIFY(near(price.low.input, 0.064));
    QVERIFY(near(price.high.input, 0.096));
    const double b = *s.base.usdPerGpuHour;
    QVERIFY(near(*price.high.usdPerGpuHour - b, b - *price.low.usdPerGpuHour, 1e-9));
    QVERIFY(near(*price.high.usdPerGpuHour - b, 0.2 * energyShare, 1e-9));
    QVERIFY(near(price.swing(SensitivityKpi::UsdPerGpuHour), 0.4 * energyShare, 1e-9));
    QVERIFY(energyShare > 0.05 && energyShare < 0.5); // the order of magnitude estimated above
  }

  void barsAreSortedBySwing()
  {
    const SensitivityResult s = analyzeSensitivity(lab(), Catalog::builtin(), {});
    QVERIFY(s.bars.size() >= 10);
    for (std::size_t i = 1; i < s.bars.size(); ++i)
    {
      QVERIFY(s.bars[i - 1].swing(s.sortedBy) >= s.bars[i].swing(s.sortedBy));
    }
    // Hardware prices dominate a GPU cluster's cost (systems are most of CAPEX).
    QCOMPARE(QString::fromStdString(s.bars.front().input), QString("hardware prices"));
    // Costs rise with prices: the high end of hardware prices costs more per GPU-hour.
    const SensitivityBar& hw = bar(s, "hardware prices");
    QVERIFY(*hw.high.usdPerGpuHour > *hw.low.usdPerGpuHour);
    QVERIFY(*hw.high.tcoUSD > *hw.low.tcoUSD);
    // More availability sells more hours: lower cost per GPU-hour, same TCO.
    const SensitivityBar& avail = bar(s, "availability");
    QVERIFY(*avail.high.usdPerGpuHour < *avail.low.usdPerGpuHour);
    QVERIFY(near(*avail.high.tcoUSD, *avail.low.tcoUSD));
  }

  void sortsByTheChosenKpi()
  {
    SensitivityOptions options;
    options.sortBy = SensitivityKpi::TcoUsd;
    const SensitivityResult s = analyzeSensitivity(lab(), Catalog::builtin(), {}, options);
    for (std::size_t i = 1; i < s.bars.size(); ++i)
    {
      QVERIFY(s.bars[i - 1].swing(SensitivityKpi::TcoUsd) >=
              s.bars[i].swing(SensitivityKpi::TcoUsd));
    }
    // Availability changes hours sold, not money spent: no TCO swing, so it sorts last.
    QCOMPARE(s.bars.back().swing(SensitivityKpi::TcoUsd), 0.0);
  }

  void fractionsAreCappedAndYearsRounded()
  {
    EconomicsInputs in;
    in.utilisation = 0.9;
    in.years = 5;
    const SensitivityResult s = analyzeSensitivity(lab(), Catalog::builtin(), in);
    QVERIFY(near(bar(s, "utilisation").low.input, 0.72));
    QCOMPARE(bar(s, "utilisation").high.input, 1.0); // 0.9 × 1.2 = 1.08, capped at 1
    QCOMPARE(bar(s, "TCO horizon").low.input, 4.0);  // 5 × 0.8
    QCOMPARE(bar(s, "TCO horizon").high.input, 6.0); // 5 × 1.2
  }

  void rejectsBadPercent()
  {
    SensitivityOptions options;
    options.percent = 0;
    QVERIFY_THROWS_EXCEPTION(SpecError, analyzeSensitivity(lab(), Catalog::builtin(), {}, options));
    options.percent = 100;
    QVERIFY_THROWS_EXCEPTION(SpecError, analyzeSensitivity(lab(), Catalog::builtin(), {}, options));
  }
};

QTEST_APPLESS_MAIN(TestEconomicsSensitivity)
#include "test_economics_sensitivity.moc"
