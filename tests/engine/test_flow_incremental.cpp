// Tests of the incremental flow simulation (simulateFlows) against the full re-solve reference
// (simulateFlowsFullResolve): both compute the same fluid model, so completion times must agree
// to rounding (1e-12 relative) on random problems, several seeds, with
// simultaneous completions, start times, bounds, zero-capacity links and disconnected parts.
// Plus hand-worked cases where only part of the problem must be re-solved.

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace myriad::engine;
using namespace myriad::engine::traffic;

namespace
{

struct RandomCase
{
  MaxMinProblem problem;
  std::vector<double> bytes, startS;
};

/**
 * `flows` flows over `links` links with 1–5 random links each; sizes from a small set when
 * `ties` (so many flows finish at once), else uniform; bounds on a few flows; optional starts.
 */
RandomCase randomCase(std::uint64_t seed, int links, int flows, bool ties, bool starts)
{
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> cap(10e9, 400e9), size(1e6, 1e8), u(0, 1);
  std::uniform_int_distribution<int> link(0, links - 1), len(1, 5), pick(1, 4);
  RandomCase c;
  for (int l = 0; l < links; ++l)
  {
    c.problem.addLink(ties ? 100e9 * pick(rng) : cap(rng));
  }
  for (int f = 0; f < flows; ++f)
  {
    std::vector<int> ls(len(rng));
    for (int& x : ls)
    {
      x = link(rng);
    }
    const double bound = u(rng) < 0.05 ? 5e9 * pick(rng) : MaxMinProblem::kUnbounded;
    c.problem.addFlow(ls, bound);
    c.bytes.push_back(ties ? 1e7 * pick(rng) : size(rng));
    if (starts)
    {
      c.startS.push_back(u(rng) < 0.5 ? 0.0 : 0.01 * u(rng));
    }
  }
  return c;
}

/** Largest relative difference of two completion-time vectors. */
double maxRelDiff(const std::vector<double>& a, const std::vector<double>& b)
{
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    const double scale = std::max(std::abs(a[i]), std::abs(b[i]));
    if (scale > 0)
    {
      worst = std::max(worst, std::abs(a[i] - b[i]) / scale);
    }
  }
  return worst;
}

constexpr double kAgree = 1e-12;

} // namespace

class TestFlowIncremental : public QObject
{
  Q_OBJECT

private slots:
  // Random problems: links shared by many flows (one big component), all distinct sizes.
  void randomMatchesFullResolve()
  {
    for (std::uint64_t seed = 1; seed <= 6; ++seed)
    {
      const RandomCase c = randomCase(seed, 60, 400, false, false);
      const FlowSimResult inc = simulateFlows(c.problem, c.bytes);
      const FlowSimResult ref = simulateFlowsFullResolve(c.problem, c.bytes);
      QVERIFY2(maxRelDiff(inc.finishS, ref.finishS) <= kAgree, qPrintable(QString::number(seed)));
      QCOMPARE(inc.makespanS > 0, true);
      // It re-solves fewer flows than the reference (which re-solves all in progress).
      QVERIFY(inc.resolvedFlows < ref.resolvedFlows);
    }
  }

  // Few sizes and capacities: many flows finish at the same instant (batched events), and
  // flows with equal rates sit exactly at the re-solve threshold.
  void simultaneousCompletionsMatch()
  {
    for (std::uint64_t seed = 11; seed <= 15; ++seed)
    {
      const RandomCase c = randomCase(seed, 30, 300, true, false);
      const FlowSimResult inc = simulateFlows(c.problem, c.bytes);
      const FlowSimResult ref = simulateFlowsFullResolve(c.problem, c.bytes);
      QVERIFY2(maxRelDiff(inc.finishS, ref.finishS) <= kAgree, qPrintable(QString::number(seed)));
      QVERIFY(inc.solves <= ref.solves);
    }
  }

  // Staggered starts: a start re-solves the new flow's whole component.
  void startTimesMatch()
  {
    for (std::uint64_t seed = 21; seed <= 24; ++seed)
    {
      const RandomCase c = randomCase(seed, 40, 250, seed % 2 == 0, true);
      const FlowSimResult inc = simulateFlows(c.problem, c.bytes, c.startS);
      const FlowSimResult ref = simulateFlowsFullResolve(c.problem, c.bytes, c.startS);
      QVERIFY2(maxRelDiff(inc.finishS, ref.finishS) <= kAgree, qPrintable(QString::number(seed)));
    }
  }

  // Many small disconnected parts (200 links, 2-link flows): each completion re-solves its own
  // part only, and the times still match.
  void disconnectedPartsMatch()
  {
    for (std::uint64_t seed = 31; seed <= 33; ++seed)
    {
      std::mt19937_64 rng(seed);
      std::uniform_int_distribution<int> part(0, 49), offset(0, 3);
      std::uniform_real_distribution<double> size(1e6, 1e8);
      MaxMinProblem p;
      for (int l = 0; l < 200; ++l)
      {
        p.addLink(100e9);
      }
      std::vector<double> bytes;
      for (int f = 0; f < 300; ++f)
      {
        const int base = 4 * part(rng); // parts of 4 links never share a flow
        p.addFlow({ base + offset(rng), base + offset(rng) });
        bytes.push_back(size(rng));
      }
      const FlowSimResult inc = simulateFlows(p, bytes);
      const FlowSimResult ref = simulateFlowsFullResolve(p, bytes);
      QVERIFY(maxRelDiff(inc.finishS, ref.finishS) <= kAgree);
      QVERIFY(inc.resolvedFlows * 5 < ref.resolvedFlows); // parts are ~1/50 of the flows
    }
  }

  // Two independent links: A (1 GB) and B (2 GB) share link 0 (8 Gb/s = 1 GB/s), C (3 GB) is
  // alone on link 1 (8 Gb/s). A ends at 2 s (0.5 GB/s each), B at 3 s, C at 3 s. When A ends,
  // only B is re-solved (C is on another link): 3 flows at t = 0, then 1, then none left to
  // re-solve when B and C end together at 3 s (one batched event).
  void completionResolvesOnlyItsComponent()
  {
    MaxMinProblem p;
    const int l0 = p.addLink(8e9), l1 = p.addLink(8e9);
    p.addFlow({ l0 });
    p.addFlow({ l0 });
    p.addFlow({ l1 });
    const FlowSimResult s = simulateFlows(p, { 1e9, 2e9, 3e9 });
    QCOMPARE(s.finishS[0], 2.0);
    QCOMPARE(s.finishS[1], 3.0);
    QCOMPARE(s.finishS[2], 3.0);
    QCOMPARE(s.solves, 2);
    QCOMPARE(s.resolvedFlows, 4LL);
  }

  // Threshold: link 0 (C = 3) carries slow S and fast F1; S is also on link 1 (C = 1) with T.
  // Rates: link 1 share 1/2 → S = T = 1/2; link 0 then 3 − 1/2 = 2.5 for F1. F1 (rate 2.5)
  // ends first (5 bits: 2 s); S (rate 0.5 < 2.5) keeps its rate, nothing is re-solved but the
  // flows of rate ≥ 2.5 on link 0 (none left): resolvedFlows = 3 + 0. S, T (2 bits) end at 4 s.
  void slowerFlowsKeepTheirRate()
  {
    MaxMinProblem p;
    const int l0 = p.addLink(3), l1 = p.addLink(1);
    p.addFlow({ l0, l1 }); // S
    p.addFlow({ l1 });     // T
    p.addFlow({ l0 });     // F1
    const FlowSimResult s = simulateFlows(p, { 2.0 / 8, 2.0 / 8, 5.0 / 8 });
    QCOMPARE(s.finishS[2], 2.0);
    QCOMPARE(s.finishS[0], 4.0);
    QCOMPARE(s.finishS[1], 4.0);
    QCOMPARE(s.resolvedFlows, 3LL);
  }

  // Zero capacity: a flow on a dead link never finishes; both simulations say so, and flows
  // elsewhere do not hide it.
  void zeroCapacityIsReported()
  {
    MaxMinProblem p;
    const int dead = p.addLink(0), ok = p.addLink(8e9);
    p.addFlow({ ok });
    p.addFlow({ dead, ok });
    for (const auto& sim : { &simulateFlows, &simulateFlowsFullResolve })
    {
      try
      {
        sim(p, { 1e9, 1e9 }, {}, nullptr, nullptr);
        QFAIL("expected a SpecError");
      }
      catch (const SpecError& e)
      {
        QVERIFY(QString::fromUtf8(e.what()).contains("rate 0"));
      }
    }
  }

  // Background traffic (+∞ bytes): A (1 GB) shares an 8 Gb/s link with background B, so A runs
  // at 4 Gb/s and ends at 2 s; B never finishes and the makespan is A's. With a second link
  // where background C is alone, nothing changes.
  void backgroundFlowsNeverFinish()
  {
    MaxMinProblem p;
    const int l0 = p.addLink(8e9), l1 = p.addLink(8e9);
    p.addFlow({ l0 });
    p.addFlow({ l0 });
    p.addFlow({ l1 });
    const double inf = std::numeric_limits<double>::infinity();
    for (const auto& sim : { &simulateFlows, &simulateFlowsFullResolve })
    {
      const FlowSimResult s = sim(p, { 1e9, inf, inf }, {}, nullptr, nullptr);
      QCOMPARE(s.finishS[0], 2.0);
      QVERIFY(std::isinf(s.finishS[1]) && std::isinf(s.finishS[2]));
      QCOMPARE(s.makespanS, 2.0);
    }
  }

  // A bounded flow with no link (its rate is its bound) and zero-byte flows mixed in.
  void boundedLinklessAndZeroByteFlows()
  {
    MaxMinProblem p;
    const int l = p.addLink(8e9);
    p.addFlow({}, 4e9); // 1 GB at 0.5 GB/s: 2 s
    p.addFlow({ l });   // 2 GB alone at 1 GB/s: 2 s
    p.addFlow({ l });   // 0 bytes at t = 1 s
    const FlowSimResult inc = simulateFlows(p, { 1e9, 2e9, 0 }, { 0, 0, 1 });
    const FlowSimResult ref = simulateFlowsFullResolve(p, { 1e9, 2e9, 0 }, { 0, 0, 1 });
    QCOMPARE(inc.finishS[0], 2.0);
    QCOMPARE(inc.finishS[1], 2.0);
    QCOMPARE(inc.finishS[2], 1.0);
    QVERIFY(maxRelDiff(inc.finishS, ref.finishS) <= kAgree);
  }
};

QTEST_APPLESS_MAIN(TestFlowIncremental)
#include "test_flow_incremental.moc"
