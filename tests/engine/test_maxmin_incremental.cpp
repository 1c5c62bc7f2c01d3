// Max-min rates kept up to date under changes (traffic/maxmin_incremental.h): after every batch
// of changes the rates equal a full solve of the changed problem, and a change re-solves only the
// flows it can reach.
#include "myriad/engine/error.h"
#include "myriad/engine/traffic/maxmin.h"
#include "myriad/engine/traffic/maxmin_incremental.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace myriad::engine;
using namespace myriad::engine::traffic;

namespace
{

/** Largest difference from a full solve of the current problem, relative to the larger rate. */
double worstAgainstFullSolve(const IncrementalMaxMin& inc)
{
  const std::vector<double> full = maxMinRates(inc.problem(), inc.active());
  double worst = 0;
  for (std::size_t f = 0; f < full.size(); ++f)
  {
    const double scale = std::max({ std::abs(full[f]), std::abs(inc.rates()[f]), 1.0 });
    worst = std::max(worst, std::abs(full[f] - inc.rates()[f]) / scale);
  }
  return worst;
}

/**
 * A leaf-spine of `leaves` × `hosts` (host links 100 Gb/s, leaf-spine 100 Gb/s × `spines`,
 * spine capacities varied ±50 % so rates spread) with random flows, some bounded.
 */
MaxMinProblem randomFabric(int leaves, int hosts, int spines, int flows, std::mt19937_64& rng)
{
  MaxMinProblem p;
  const int hostLinks = 2 * leaves * hosts;
  std::uniform_real_distribution<double> vary(0.5, 1.5);
  for (int l = 0; l < hostLinks; ++l)
    p.addLink(100e9);
  for (int l = 0; l < 2 * leaves * spines; ++l)
    p.addLink(100e9 * vary(rng));
  std::uniform_int_distribution<int> host(0, leaves * hosts - 1), spine(0, spines - 1);
  std::uniform_real_distribution<double> coin(0, 1);
  for (int f = 0; f < flows; ++f)
  {
    const int a = host(rng), b = (a + 1 + host(rng) % (leaves * hosts - 1)) % (leaves * hosts);
    const int la = a / hosts, lb = b / hosts, s = spine(rng);
    std::vector<int> links{ a };
    if (la != lb)
    {
      links.push_back(hostLinks + la * spines + s);
      links.push_back(hostLinks + leaves * spines + lb * spines + s);
    }
    links.push_back(leaves * hosts + b);
    p.addFlow(links, coin(rng) < 0.1 ? 5e9 + 20e9 * coin(rng) : MaxMinProblem::kUnbounded);
  }
  return p;
}

} // namespace

class TestMaxMinIncremental final : public QObject
{
  Q_OBJECT

private slots:
  void capacityChangeByHand();
  void randomChangesMatchAFullSolve();
  void aChangeInOneTenantResolvesOnlyThatTenant();
  void badChangesChangeNothing();
};

void TestMaxMinIncremental::capacityChangeByHand()
{
  // L0 = 10, L1 = 4 (Gb/s); f0 on L0, f1 on L0 and L1, f2 on L1. Max-min: L1 saturates first
  // at 2 each (f1, f2), then f0 takes 10 − 2 = 8. Cut L1 to 2: f1 = f2 = 1, f0 = 9.
  // t* = s_new(L1) = 1 (2 flows reach 2 Gb/s at t = 1), so every flow has rate ≥ t*: the
  // component is all three flows and both links.
  MaxMinProblem p;
  p.addLink(10e9);
  p.addLink(4e9);
  p.addFlow({ 0 });
  p.addFlow({ 0, 1 });
  p.addFlow({ 1 });
  IncrementalMaxMin inc(p);
  QCOMPARE(inc.rates(), (std::vector<double>{ 8e9, 2e9, 2e9 }));
  MaxMinChanges cut;
  cut.capacities.push_back({ 1, 2e9 });
  const MaxMinUpdate u = inc.apply(cut);
  QCOMPARE(u.levelBps, 1e9);
  QCOMPARE(u.resolvedFlows, 3);
  QCOMPARE(inc.rates(), (std::vector<double>{ 9e9, 1e9, 1e9 }));
  // f0 leaves: L0's saturation level was 9 (its fastest flow); f1's rate 1 < 9 stays; nothing
  // else shares L0 at a rate ≥ 9, so only f0's own links are visited and no flow is re-solved.
  MaxMinChanges leave;
  leave.departures.push_back(0);
  const MaxMinUpdate v = inc.apply(leave);
  QCOMPARE(v.levelBps, 9e9);
  QCOMPARE(v.resolvedFlows, 0);
  QCOMPARE(inc.rates(), (std::vector<double>{ 0, 1e9, 1e9 }));
  QCOMPARE(worstAgainstFullSolve(inc), 0.0);
}

void TestMaxMinIncremental::randomChangesMatchAFullSolve()
{
  // 200 batches of random changes on a 16 × 8 leaf-spine with 600 flows: capacity changes
  // (failures to 0 and restores included), departures, arrivals (bounded, and one with no link).
  std::mt19937_64 rng(11);
  IncrementalMaxMin inc(randomFabric(16, 8, 4, 600, rng));
  QVERIFY(worstAgainstFullSolve(inc) < 1e-12);
  const int links = inc.problem().linkCount();
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> anyLink(0, links - 1);
  long long resolved = 0, total = 0;
  for (int round = 0; round < 200; ++round)
  {
    MaxMinChanges c;
    const int kind = round % 4;
    if (kind == 0 || coin(rng) < 0.3)
    {
      const double u = coin(rng);
      c.capacities.push_back({ anyLink(rng), u < 0.15 ? 0.0 : 150e9 * u });
    }
    if (kind == 1 || coin(rng) < 0.3)
    {
      for (int tries = 0; tries < 20 && c.departures.size() < 3; ++tries)
      {
        const int f = static_cast<int>(coin(rng) * inc.problem().flowCount());
        if (inc.active()[f] &&
            std::find(c.departures.begin(), c.departures.end(), f) == c.departures.end())
          c.departures.push_back(f);
      }
    }
    if (kind == 2 || coin(rng) < 0.3)
    {
      c.arrivals.push_back({ { anyLink(rng), anyLink(rng) }, MaxMinProblem::kUnbounded });
      c.arrivals.push_back({ { anyLink(rng) }, 3e9 });
    }
    if (kind == 3 && round % 40 == 3)
      c.arrivals.push_back({ {}, 1e9 }); // no link: its bound is its rate
    const MaxMinUpdate u = inc.apply(c);
    resolved += u.resolvedFlows;
    total += inc.problem().flowCount();
    const double worst = worstAgainstFullSolve(inc);
    QVERIFY2(worst < 1e-9, qPrintable(QString("round %1: %2").arg(round).arg(worst)));
  }
  QVERIFY2(resolved < total, "every update re-solved every flow");
}

void TestMaxMinIncremental::aChangeInOneTenantResolvesOnlyThatTenant()
{
  // Eight tenants, each on its own leaf (hosts 8t … 8t+7, flows between its own hosts only):
  // no link is shared between tenants, so a failed host link or a departing flow re-solves at
  // most that tenant's 40 flows, and the other 280 keep their rates.
  MaxMinProblem p;
  const int tenants = 8, hosts = 8;
  for (int l = 0; l < 2 * tenants * hosts; ++l)
    p.addLink(100e9);
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> h(0, hosts - 1);
  for (int t = 0; t < tenants; ++t)
    for (int k = 0; k < 40; ++k)
    {
      const int a = t * hosts + h(rng), b = t * hosts + (a - t * hosts + 1 + h(rng) % 7) % hosts;
      p.addFlow({ a, tenants * hosts + b });
    }
  IncrementalMaxMin inc(p);
  const std::vector<double> before = inc.rates();
  MaxMinChanges fail;
  fail.capacities.push_back({ 3 * hosts + 2, 0 }); // tenant 3's host 2 uplink fails
  const MaxMinUpdate u = inc.apply(fail);
  QVERIFY2(u.resolvedFlows <= 40 && u.resolvedFlows > 0,
           qPrintable(QString::number(u.resolvedFlows)));
  for (int f = 0; f < p.flowCount(); ++f)
    if (f / 40 != 3)
      QCOMPARE(inc.rates()[f], before[f]);
  QVERIFY(worstAgainstFullSolve(inc) < 1e-12);
}

void TestMaxMinIncremental::badChangesChangeNothing()
{
  MaxMinProblem p;
  p.addLink(10e9);
  p.addFlow({ 0 });
  IncrementalMaxMin inc(p);
  MaxMinChanges unknownLink;
  unknownLink.capacities.push_back({ 5, 1e9 });
  QVERIFY_THROWS_EXCEPTION(SpecError, inc.apply(unknownLink));
  MaxMinChanges twice;
  twice.departures = { 0, 0 };
  QVERIFY_THROWS_EXCEPTION(SpecError, inc.apply(twice));
  MaxMinChanges negative;
  negative.capacities.push_back({ 0, -1 });
  negative.departures.push_back(0); // valid, but the batch is refused whole
  QVERIFY_THROWS_EXCEPTION(SpecError, inc.apply(negative));
  MaxMinChanges badArrival;
  badArrival.arrivals.push_back({ { 0, 9 }, MaxMinProblem::kUnbounded });
  QVERIFY_THROWS_EXCEPTION(SpecError, inc.apply(badArrival));
  QCOMPARE(inc.problem().flowCount(), 1);
  QCOMPARE(inc.problem().capacity(0), 10e9);
  QCOMPARE(inc.rates(), std::vector<double>{ 10e9 });
  MaxMinChanges gone;
  gone.departures.push_back(0);
  inc.apply(gone);
  QVERIFY_THROWS_EXCEPTION(SpecError, inc.apply(gone)); // it is no longer in progress
}

QTEST_GUILESS_MAIN(TestMaxMinIncremental)
#include "test_maxmin_incremental.moc"
