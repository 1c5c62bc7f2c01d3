/**
 * @file test_maxmin_parity.cpp
 * Max-min rates by synchronous rounds (the GPU algorithm) against the engine's sequential
 * progressive filling, one test body per backend: the "cpu" rows run the rounds algorithm's CPU
 * mirror, the "cuda" rows the kernels (skipped without a device, failed with
 * MYRIAD_REQUIRE_GPU=1). Max-min fair rates are unique, so every backend must give the
 * reference's rates to rounding and pass the bottleneck test (B&G Prop. 6.5.1).
 */

#include "gpu_requirement.h"
#include "myriad/backend/factory.h"
#include "myriad/backend/maxmin_backend.h"
#include "myriad/engine/traffic/maxmin.h"

#include <QtTest/QtTest>

#include <cmath>
#include <random>
#include <vector>

using myriad::backend::Backend;
using myriad::engine::traffic::MaxMinProblem;

Q_DECLARE_METATYPE(myriad::backend::Backend)

namespace
{

std::vector<double> solve(Backend backend, const MaxMinProblem& problem,
                          const std::vector<bool>& active = {}, int* rounds = nullptr)
{
  myriad::backend::MaxMinRoundsStats stats;
  std::vector<double> rates = backend == Backend::Cuda
                                ? myriad::backend::maxMinRatesCuda(problem, active, &stats)
                                : myriad::backend::maxMinRatesRounds(problem, active, &stats);
  if (rounds)
  {
    *rounds = stats.rounds;
  }
  return rates;
}

/**
 * A random problem shaped like a fabric's: `links` links of 100 or 400 Gbit/s, `flows` flows of
 * 1–6 links each (a link may repeat), one flow in five bounded below its links' capacity.
 */
MaxMinProblem randomProblem(unsigned seed, int links, int flows)
{
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pickLink(0, links - 1);
  std::uniform_int_distribution<int> pathLength(1, 6);
  std::uniform_real_distribution<double> boundGbps(1.0, 80.0);
  MaxMinProblem problem;
  for (int l = 0; l < links; ++l)
  {
    problem.addLink(rng() % 2 ? 100e9 : 400e9);
  }
  for (int f = 0; f < flows; ++f)
  {
    std::vector<int> path(pathLength(rng));
    for (int& link : path)
    {
      link = pickLink(rng);
    }
    const double bound = rng() % 5 == 0 ? boundGbps(rng) * 1e9 : MaxMinProblem::kUnbounded;
    problem.addFlow(path, bound);
  }
  return problem;
}

void addBackendRows()
{
  QTest::addColumn<Backend>("backend");
  QTest::newRow("cpu") << Backend::Cpu;
  QTest::newRow("cuda") << Backend::Cuda;
}

} // namespace

/** In a test body: a CUDA row needs a device (a macro: QSKIP must return from the test). */
#define REQUIRE_BACKEND(backend)                                                                   \
  if ((backend) == Backend::Cuda)                                                                  \
  {                                                                                                \
    MYRIAD_REQUIRE_CUDA_DEVICE();                                                                  \
  }

class TestMaxMinParity final : public QObject
{
  Q_OBJECT

private slots:
  void handComputedRates_data() { addBackendRows(); }
  void handComputedRates();
  void inactiveFlowsGetZero_data() { addBackendRows(); }
  void inactiveFlowsGetZero();
  void randomProblemsMatchReference_data();
  void randomProblemsMatchReference();
  void symmetricFabricNeedsFewRounds_data() { addBackendRows(); }
  void symmetricFabricNeedsFewRounds();
  void dispatchOnCpuIsTheReference();
};

void TestMaxMinParity::handComputedRates()
{
  // Link A (10 Gbit/s) carries f1 and f2; link B (30 Gbit/s) carries f2, f3 and f4, f4 bounded at
  // 2 Gbit/s. A saturates first: f1 = f2 = 5. f4 stops at its bound 2. f3 takes what B has left:
  // 30 − 5 − 2 = 23 Gbit/s.
  QFETCH(Backend, backend);
  REQUIRE_BACKEND(backend);
  MaxMinProblem problem;
  const int a = problem.addLink(10e9);
  const int b = problem.addLink(30e9);
  problem.addFlow({ a });
  problem.addFlow({ a, b });
  problem.addFlow({ b });
  problem.addFlow({ b }, 2e9);
  const std::vector<double> rates = solve(backend, problem);
  QCOMPARE(rates.size(), std::size_t{ 4 });
  QVERIFY(std::abs(rates[0] - 5e9) < 1);
  QVERIFY(std::abs(rates[1] - 5e9) < 1);
  QVERIFY(std::abs(rates[2] - 23e9) < 1);
  QVERIFY(std::abs(rates[3] - 2e9) < 1);
}

void TestMaxMinParity::inactiveFlowsGetZero()
{
  // Two flows on one 40 Gbit/s link; with the second dropped the first gets the whole link.
  QFETCH(Backend, backend);
  REQUIRE_BACKEND(backend);
  MaxMinProblem problem;
  const int link = problem.addLink(40e9);
  problem.addFlow({ link });
  problem.addFlow({ link });
  const std::vector<double> rates = solve(backend, problem, { true, false });
  QVERIFY(std::abs(rates[0] - 40e9) < 1);
  QCOMPARE(rates[1], 0.0);
}

void TestMaxMinParity::randomProblemsMatchReference_data()
{
  QTest::addColumn<Backend>("backend");
  QTest::addColumn<unsigned>("seed");
  QTest::addColumn<int>("links");
  QTest::addColumn<int>("flows");
  for (const auto& [name, backend] :
       { std::pair{ "cpu", Backend::Cpu }, std::pair{ "cuda", Backend::Cuda } })
  {
    QTest::addRow("%s small", name) << backend << 1u << 8 << 20;
    QTest::addRow("%s medium", name) << backend << 7u << 200 << 1500;
    QTest::addRow("%s large", name) << backend << 42u << 2000 << 20000;
  }
}

void TestMaxMinParity::randomProblemsMatchReference()
{
  QFETCH(Backend, backend);
  QFETCH(unsigned, seed);
  QFETCH(int, links);
  QFETCH(int, flows);
  REQUIRE_BACKEND(backend);
  const MaxMinProblem problem = randomProblem(seed, links, flows);
  const std::vector<double> reference = myriad::engine::traffic::maxMinRates(problem);
  const std::vector<double> rates = solve(backend, problem);
  QCOMPARE(rates.size(), reference.size());
  for (std::size_t f = 0; f < rates.size(); ++f)
  {
    if (std::abs(rates[f] - reference[f]) > 1e-7 * std::max(1.0, reference[f]))
    {
      QFAIL(qPrintable(QString("flow %1: %2 bit/s, reference %3 bit/s")
                         .arg(f)
                         .arg(rates[f], 0, 'g', 15)
                         .arg(reference[f], 0, 'g', 15)));
    }
  }
  QVERIFY(myriad::engine::traffic::isMaxMinFair(problem, rates, 1e-7));
  QVERIFY(myriad::engine::traffic::maxOverload(problem, rates) < 1e-9);
}

void TestMaxMinParity::symmetricFabricNeedsFewRounds()
{
  // 64 hosts, each with one uplink of 100 Gbit/s into a non-blocking switch and a downlink out
  // of it; host i sends to host (i + 1) mod 64. Every flow crosses one uplink and one downlink
  // and each link carries exactly one flow, so all links saturate together: one round, and every
  // flow runs at the full 100 Gbit/s.
  QFETCH(Backend, backend);
  REQUIRE_BACKEND(backend);
  MaxMinProblem problem;
  const int hosts = 64;
  for (int i = 0; i < 2 * hosts; ++i)
  {
    problem.addLink(100e9);
  }
  for (int i = 0; i < hosts; ++i)
  {
    problem.addFlow({ i, hosts + (i + 1) % hosts });
  }
  int rounds = 0;
  const std::vector<double> rates = solve(backend, problem, {}, &rounds);
  QCOMPARE(rounds, 1);
  for (double rate : rates)
  {
    QVERIFY(std::abs(rate - 100e9) < 1);
  }
}

void TestMaxMinParity::dispatchOnCpuIsTheReference()
{
  const MaxMinProblem problem = randomProblem(3, 50, 300);
  std::vector<double> rates;
  const auto choice = myriad::backend::maxMinRates(Backend::Cpu, problem, {}, rates);
  QCOMPARE(choice.backend, Backend::Cpu);
  QCOMPARE(rates, myriad::engine::traffic::maxMinRates(problem));
}

QTEST_APPLESS_MAIN(TestMaxMinParity)
#include "test_maxmin_parity.moc"
