// Tests of the max-min fair rate solver (progressive filling) and of the event-driven flow
// simulation: textbook cases with their answers worked out by hand, bounds, the optimality
// condition on random instances, closed-form completion times, and the SpecError messages.

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

using namespace myriad::engine;
using namespace myriad::engine::traffic;

namespace
{

bool near(double a, double b, double rel = 1e-12)
{
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

QString messageOf(const std::function<void()>& f)
{
  try
  {
    f();
  }
  catch (const SpecError& e)
  {
    return QString::fromUtf8(e.what());
  }
  return {};
}

} // namespace

class TestTrafficMaxMin : public QObject
{
  Q_OBJECT

private slots:
  // One link of 100 Gb/s, two flows: each gets C/2 = 50 Gb/s.
  void twoFlowsShareOneLinkEqually()
  {
    MaxMinProblem p;
    const int l = p.addLink(100e9);
    p.addFlow({ l });
    p.addFlow({ l });
    const auto r = maxMinRates(p);
    QVERIFY(near(r[0], 50e9));
    QVERIFY(near(r[1], 50e9));
  }

  // Bertsekas & Gallager §6.5.2-style example, 3 links and 4 flows:
  //   L1 (C = 1) carries f0 f1 f2;  L2 (C = 2) carries f0 f3;  L3 (C = 1) carries f2 f3.
  // Fair shares: L1 1/3, L2 2/2 = 1, L3 1/2. L1 saturates first: f0 = f1 = f2 = 1/3.
  // Then L2: (2 − 1/3)/1 = 5/3, L3: (1 − 1/3)/1 = 2/3, so L3 saturates: f3 = 2/3.
  // Answer: (1/3, 1/3, 1/3, 2/3); L2 is left with 2 − 1/3 − 2/3 = 1 unused.
  void textbookThreeLinksFourFlows()
  {
    MaxMinProblem p;
    const int l1 = p.addLink(1), l2 = p.addLink(2), l3 = p.addLink(1);
    p.addFlow({ l1, l2 });
    p.addFlow({ l1 });
    p.addFlow({ l1, l3 });
    p.addFlow({ l2, l3 });
    const auto r = maxMinRates(p);
    QVERIFY(near(r[0], 1.0 / 3));
    QVERIFY(near(r[1], 1.0 / 3));
    QVERIFY(near(r[2], 1.0 / 3));
    QVERIFY(near(r[3], 2.0 / 3));
    QVERIFY(isMaxMinFair(p, r));
  }

  // A bound below the fair share caps the flow; the others share what it leaves:
  // C = 90, f0 bound 10 → f0 = 10, f1 = f2 = (90 − 10)/2 = 40. A bound above its share
  // (f3 alone on a 10-unit link, bound 50) does not bind: f3 = 10.
  void boundedFlow()
  {
    MaxMinProblem p;
    const int l = p.addLink(90), m = p.addLink(10);
    p.addFlow({ l }, 10);
    p.addFlow({ l });
    p.addFlow({ l });
    p.addFlow({ m }, 50);
    p.addFlow({}, 7); // no link: its bound is its rate
    const auto r = maxMinRates(p);
    QVERIFY(near(r[0], 10));
    QVERIFY(near(r[1], 40));
    QVERIFY(near(r[2], 40));
    QVERIFY(near(r[3], 10));
    QVERIFY(near(r[4], 7));
  }

  // Inactive flows take no capacity: with f1 masked out, f0 gets the whole link.
  void activeMask()
  {
    MaxMinProblem p;
    const int l = p.addLink(8);
    p.addFlow({ l });
    p.addFlow({ l });
    const auto r = maxMinRates(p, { true, false });
    QVERIFY(near(r[0], 8));
    QCOMPARE(r[1], 0.0);
  }

  // Random instances (300 links, 2,000 flows of 1–6 links, some bounded): the result must be
  // feasible and every flow must have a bottleneck (B&G Prop. 6.5.1), i.e. be max-min fair.
  void randomInstancesAreMaxMinFair()
  {
    std::mt19937_64 rng(42);
    for (int trial = 0; trial < 5; ++trial)
    {
      MaxMinProblem p;
      std::uniform_real_distribution<double> cap(1e9, 400e9);
      for (int l = 0; l < 300; ++l)
      {
        p.addLink(cap(rng));
      }
      std::uniform_int_distribution<int> link(0, 299), len(1, 6), coin(0, 9);
      for (int f = 0; f < 2000; ++f)
      {
        std::vector<int> links(len(rng));
        for (int& x : links)
        {
          x = link(rng);
        }
        p.addFlow(links, coin(rng) == 0 ? cap(rng) / 50 : MaxMinProblem::kUnbounded);
      }
      const auto r = maxMinRates(p);
      QVERIFY(maxOverload(p, r) < 1e-12);
      QVERIFY(isMaxMinFair(p, r));
      // A perturbed (unfair) allocation must be rejected by the same check.
      auto worse = r;
      worse[0] *= 0.5;
      QVERIFY(!isMaxMinFair(p, worse));
    }
  }

  void badInputNamesTheField()
  {
    MaxMinProblem p;
    const int l = p.addLink(1);
    QVERIFY(messageOf([&] { p.addFlow({}); }).contains("crosses no link"));
    QVERIFY(messageOf([&] { p.addFlow({ l + 1 }); }).contains("link 1 does not exist"));
    QVERIFY(messageOf([&] { p.addFlow({ l }, 0); }).contains("bound"));
    QVERIFY(messageOf([&] { p.addLink(-1); }).contains("capacity"));
  }

  // Link 1 GB/s (8e9 bit/s); A = 1 GB, B = 2 GB start together. Both at 0.5 GB/s until A ends
  // at t = 1/0.5 = 2 s; B then has 1 GB left at 1 GB/s and ends at 3 s.
  void simulationTwoFlowsOneFinishes()
  {
    MaxMinProblem p;
    const int l = p.addLink(8e9);
    p.addFlow({ l });
    p.addFlow({ l });
    const auto s = simulateFlows(p, { 1e9, 2e9 });
    QVERIFY(near(s.finishS[0], 2.0));
    QVERIFY(near(s.finishS[1], 3.0));
    QVERIFY(near(s.makespanS, 3.0));
    QCOMPARE(s.solves, 2);
  }

  // Late start: A (2 GB) alone at 1 GB/s from 0; B (0.5 GB) joins at 1 s, both at 0.5 GB/s,
  // B ends at 2 s (A has 2 − 1 − 0.5 = 0.5 GB left), A ends at 2.5 s. Zero-byte C at 0.25 s.
  void simulationWithStartTimes()
  {
    MaxMinProblem p;
    const int l = p.addLink(8e9);
    p.addFlow({ l });
    p.addFlow({ l });
    p.addFlow({ l });
    const auto s = simulateFlows(p, { 2e9, 0.5e9, 0 }, { 0, 1, 0.25 });
    QVERIFY(near(s.finishS[0], 2.5));
    QVERIFY(near(s.finishS[1], 2.0));
    QVERIFY(near(s.finishS[2], 0.25));
  }

  void simulationBadInput()
  {
    MaxMinProblem p;
    const int dead = p.addLink(0);
    p.addFlow({ dead });
    QVERIFY(messageOf([&] { simulateFlows(p, { 1, 2 }); }).contains("one entry per flow"));
    QVERIFY(messageOf([&] { simulateFlows(p, { -1 }); }).contains("flow 0"));
    QVERIFY(messageOf([&] { simulateFlows(p, { 1 }); }).contains("rate 0"));
  }
};

QTEST_APPLESS_MAIN(TestTrafficMaxMin)
#include "test_traffic_maxmin.moc"
