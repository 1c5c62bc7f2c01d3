// What changes a job's step most (step_sensitivity.h), on a small SuperPOD whose step is
// dominated by the DP all-reduce: the rings of a job spread over both scalable units cross the
// leaf uplinks, so running those uplinks at 1/2 and 1/4 of their rate (2:1 and 4:1
// oversubscription) must lengthen the step, 4:1 more than 2:1; the ranking is by |Δ|; the base
// is the job as given; cancelling stops between variants.
#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/step_sensitivity.h"

#include <QtTest>

#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::fabric;
using namespace myriad::engine::traffic;

namespace
{

/** 2 SUs × 4 DGX-like nodes × 8 rails, radix-8 switches: 4 down- and 4 uplinks per leaf (1:1). */
FabricGraph smallPod()
{
  SuperPodSpec spec;
  spec.scalableUnits = 2;
  spec.nodesPerScalableUnit = 4;
  spec.rails = 8;
  spec.switchRadix = 8;
  return superPodFabric(spec);
}

/** 1e9 parameters, 1,024 tokens per step at MFU 1: milliseconds of compute, the DP ring of 1 GB
 *  BF16 gradients per step dominates. TP 8 inside each node, DP 8 over all eight nodes. */
JobSpec dpBoundJob()
{
  JobSpec j;
  j.name = "dp-bound";
  j.parameters = 1e9;
  j.layers = 8;
  j.hidden = 1024;
  j.tokensPerStep = 1024;
  j.mfu = 1;
  j.gpu = "h100-sxm";
  j.tp = 8;
  j.dp = 8;
  j.placement = PlacementKind::Spread;
  return j;
}

const StepVariant& variant(const StepSensitivity& s, const std::string& change)
{
  for (const StepVariant& v : s.variants)
    if (v.change.find(change) != std::string::npos)
      return v;
  throw std::runtime_error("no variant " + change);
}

} // namespace

class TestTrafficSensitivity : public QObject
{
  Q_OBJECT

private slots:
  void oversubscriptionLengthensACrossLeafStep()
  {
    const FabricGraph g = smallPod();
    const JobSpec job = dpBoundJob();
    const StepSensitivity s = stepSensitivity(g, Catalog::builtin(), job);
    // The base is the job as given, alone on the fabric.
    const JobResult alone = simulateWorkload(g, Catalog::builtin(), { job }).jobs.front();
    QCOMPARE(s.base.stepS, alone.stepS);
    const StepVariant& half = variant(s, "1/2 rate");
    const StepVariant& quarter = variant(s, "1/4 rate");
    QVERIFY(half.feasible() && quarter.feasible());
    QVERIFY2(half.stepS > s.base.stepS,
             qPrintable(QString("2:1 %1 s, base %2 s").arg(half.stepS).arg(s.base.stepS)));
    QVERIFY(quarter.stepS > half.stepS);
    QCOMPARE(half.delta, half.stepS / s.base.stepS - 1);
    // Each factor the file comment names is there: 2 other routings, 2 other placements, twice
    // the micro-batches (half of 1 is not a count), 2 oversubscriptions.
    QCOMPARE(static_cast<int>(s.variants.size()), 7);
    for (std::size_t i = 1; i < s.variants.size(); ++i)
      if (s.variants[i].feasible())
        QVERIFY(std::abs(s.variants[i - 1].delta) >= std::abs(s.variants[i].delta));
  }

  void uplinkRateKeepsTheGraphsShape()
  {
    // The same devices and links, only the tiers above the leaves slower.
    const FabricGraph g = smallPod();
    const FabricGraph slow = withUplinkRate(g, 0.5);
    QCOMPARE(slow.devices().size(), g.devices().size());
    QCOMPARE(slow.links().size(), g.links().size());
    QCOMPARE(slow.capacityBps(Tier::LeafSpine), g.capacityBps(Tier::LeafSpine) / 2);
    QCOMPARE(slow.capacityBps(Tier::NodeLeaf), g.capacityBps(Tier::NodeLeaf));
    for (std::size_t l = 0; l < g.links().size(); ++l)
    {
      QCOMPARE(slow.links()[l].a.device, g.links()[l].a.device);
      QCOMPARE(slow.links()[l].b.port, g.links()[l].b.port);
    }
  }

  void cancellingStopsBetweenVariants()
  {
    int polls = 0;
    bool thrown = false;
    try
    {
      stepSensitivity(smallPod(), Catalog::builtin(), dpBoundJob(), nullptr,
                      [&polls] { return ++polls >= 2; });
    }
    catch (const SensitivityCancelled&)
    {
      thrown = true;
    }
    QVERIFY(thrown);
    QCOMPARE(polls, 2);
  }
};

QTEST_APPLESS_MAIN(TestTrafficSensitivity)
#include "test_traffic_sensitivity.moc"
