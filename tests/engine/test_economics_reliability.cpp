// Interruptions, Young/Daly checkpoint intervals and goodput, and the Llama 3 calibration:
// Llama Team, "The Llama 3 Herd of Models" (2024), §3.3.4 — 54 days on 16,384 H100 GPUs,
// 466 job interruptions (47 planned, 419 unexpected), ~78 % of unexpected ones hardware,
// faulty GPUs 30.1 % and HBM3 17.2 % of the unexpected ones.

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/reliability.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::economics;

namespace
{

bool near(double a, double b, double rel)
{
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

double shareOf(const InterruptionEstimate& e, const std::string& component)
{
  for (const auto& c : e.byComponent)
  {
    if (c.component == component)
    {
      return c.share;
    }
  }
  return -1;
}

/** Calibration footprint (samples/reference/failure_rates.json): 2,048 8-GPU nodes. */
JobFootprint llamaFootprint()
{
  return JobFootprint{ 16384, 2048, 16384, 1280, 57344, 12288 };
}

} // namespace

class TestEconomicsReliability final : public QObject
{
  Q_OBJECT

private slots:
  void youngAndDaly()
  {
    // δ = 60 s, M = 3 h = 10,800 s: Young τ = √(2·60·10,800) = √1,296,000 = 1,138.4 s;
    // Daly τ = 1,138.4 − 60 = 1,078.4 s.
    QVERIFY(near(youngIntervalS(60, 10800), std::sqrt(1296000.0), 1e-12));
    QVERIFY(near(dalyIntervalS(60, 10800), std::sqrt(1296000.0) - 60, 1e-12));
    // Beyond δ ≥ M/2 Daly's interval is M itself.
    QCOMPARE(dalyIntervalS(6000, 10800), 10800.0);
    // Lost fraction = δ/τ + (τ/2 + R)/M with R = 600 s.
    const double tau = std::sqrt(1296000.0) - 60;
    QVERIFY(near(lostFraction(tau, 60, 600, 10800), 60 / tau + (tau / 2 + 600) / 10800, 1e-12));
  }

  void dalyMinimisesLoss()
  {
    // The Daly interval loses less than half or twice that interval.
    const double tau = dalyIntervalS(120, 7200);
    const double best = lostFraction(tau, 120, 300, 7200);
    QVERIFY(best < lostFraction(tau / 2, 120, 300, 7200));
    QVERIFY(best < lostFraction(tau * 2, 120, 300, 7200));
  }

  void llama3Calibration()
  {
    // Reference footprint for 54 days: 419 unexpected and 47 planned (466) interruptions;
    // hardware 78 %, GPU 30.1 %, HBM 17.2 % of the unexpected ones (within rounding, 0.5 %).
    const auto rates = failureRates(Catalog::builtin());
    const InterruptionEstimate e = interruptions(llamaFootprint(), rates);
    QVERIFY2(near(e.unexpectedPerDay * 54, 419, 0.005),
             qPrintable(QString::number(e.unexpectedPerDay * 54)));
    QVERIFY(near(e.plannedPerDay * 54, 47, 0.005));
    QVERIFY(near(e.totalPerDay * 54, 466, 0.005));
    QVERIFY(std::abs(e.hardwareShare - 0.78) < 0.005);
    QVERIFY(std::abs(shareOf(e, "gpu") - 0.301) < 0.001);
    QVERIFY(std::abs(shareOf(e, "hbm") - 0.172) < 0.001);
  }

  void calibrationOnAGeneratedScene()
  {
    // A generated 16,384-GPU SuperPOD (64 SUs) takes its counts from the scene, not from the
    // reference footprint: it should still see the published order of magnitude, 419 ± 25 %.
    GeneratorSpec spec = builtinSpec("h100-superpod-10k");
    spec.gpuCount = 16384;
    const Scene scene = generateScene(spec, Catalog::builtin());
    const EconomicsResult r =
      evaluateEconomics(scene, Catalog::builtin(), EconomicsInputs{}, false);
    QCOMPARE(r.kpis.gpus, 16384);
    const double unexpected = r.interruptions.unexpectedPerDay * 54;
    QVERIFY2(unexpected > 419 * 0.8 && unexpected < 419 * 1.25,
             qPrintable(QString("unexpected in 54 days: %1").arg(unexpected)));
    // Interruptions every few hours → goodput well below 1 but far from 0.
    QVERIFY(r.kpis.goodput > 0.8 && r.kpis.goodput < 0.99);
  }

  void scalesWithJobSize()
  {
    // Rates are per unit: half the footprint, half the interruptions.
    const auto rates = failureRates(Catalog::builtin());
    JobFootprint half = llamaFootprint();
    for (double* v :
         { &half.gpus, &half.nodes, &half.nics, &half.switches, &half.transceivers, &half.psus })
    {
      *v /= 2;
    }
    QVERIFY(near(interruptions(half, rates).totalPerDay * 2,
                 interruptions(llamaFootprint(), rates).totalPerDay, 1e-12));
  }

  void overridesAndFactor()
  {
    // A user rate replaces the default; the factor multiplies every rate.
    const auto base = interruptions(llamaFootprint(), failureRates(Catalog::builtin()));
    const auto doubled = interruptions(llamaFootprint(), failureRates(Catalog::builtin(), {}, 2.0));
    QVERIFY(near(doubled.totalPerDay, 2 * base.totalPerDay, 1e-12));
    const auto noGpu =
      interruptions(llamaFootprint(), failureRates(Catalog::builtin(), { { "gpu", 0.0 } }));
    QVERIFY(near(noGpu.unexpectedPerDay, base.unexpectedPerDay * (1 - 0.301), 1e-3));
    try
    {
      (void)failureRates(Catalog::builtin(), { { "flux-capacitor", 1.0 } });
      QFAIL("an unknown component was accepted");
    }
    catch (const SpecError& e)
    {
      QVERIFY(std::string(e.what()).find("failureRatesPerYear.flux-capacitor") !=
              std::string::npos);
    }
  }

  void goodputWithoutFailures()
  {
    // No unexpected interruptions and no planned ones: nothing is lost.
    InterruptionEstimate none;
    const GoodputResult g = goodput(none, 60, 600);
    QCOMPARE(g.goodput, 1.0);
  }
};

QTEST_APPLESS_MAIN(TestEconomicsReliability)
#include "test_economics_reliability.moc"
