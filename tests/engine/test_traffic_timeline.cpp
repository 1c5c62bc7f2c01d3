// Tests of the collective event timeline (traffic/collective_timeline.h) against the collectives
// it records: the end equals ringAllReduce / allToAll / hierarchicalAllReduce's timeS for the
// same inputs, every flow's rate integrates to its bytes, the busy cables at a time are the
// paths of the flows in progress, phases follow the lockstep steps, a failed spine re-routes
// and still matches, and aggregation into node / rack / rail arrows keeps bytes and times.
// Also the rate trace of simulateFlows itself (maxmin.h FlowSimTrace).

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/collective_timeline.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include "lab_fabric_test_support.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

using namespace myriad::engine;
using namespace myriad::engine::traffic;
namespace fab = myriad::engine::fabric;

namespace
{

bool near(double a, double b, double rel)
{
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

const fab::FabricGraph& lab256()
{
  return myriad::engine::test::lab256Fabric();
}

/** The first `n` compute NICs in fabric order: node by node, rail by rail inside a node. */
std::vector<int> nodeMajor(const fab::FabricGraph& g, int n)
{
  std::vector<int> nics;
  for (int d = 0; d < static_cast<int>(g.devices().size()) && static_cast<int>(nics.size()) < n;
       ++d)
  {
    if (g.device(d).kind == fab::DeviceKind::Nic && g.device(d).rail >= 0)
    {
      nics.push_back(d);
    }
  }
  return nics;
}

/** The first `n` compute NICs, rail-major (as myriad-cli traffic orders its members). */
std::vector<int> railMajor(const fab::FabricGraph& g, int n)
{
  std::vector<int> nics;
  for (int d = 0; d < static_cast<int>(g.devices().size()) && static_cast<int>(nics.size()) < n;
       ++d)
  {
    if (g.device(d).kind == fab::DeviceKind::Nic && g.device(d).rail >= 0)
    {
      nics.push_back(d);
    }
  }
  std::stable_sort(nics.begin(), nics.end(),
                   [&](int a, int b)
                   {
                     return std::tie(g.device(a).rail, g.device(a).host) <
                            std::tie(g.device(b).rail, g.device(b).host);
                   });
  return nics;
}

/** ∫ rate dt over a flow's segments, in bytes. */
double integratedBytes(const CollectiveTimeline& tl, const TimelineFlow& f)
{
  double bits = 0;
  for (std::size_t s = f.firstSegment; s < f.firstSegment + f.segmentCount; ++s)
  {
    bits += tl.segments[s].rateBps * (tl.segments[s].t1S - tl.segments[s].t0S);
  }
  return bits / 8;
}

/** Every flow carries its bytes: ∫ rate dt = bytes (relative 1e-9), inside [startS, finishS]. */
void checkIntegrals(const CollectiveTimeline& tl)
{
  for (const TimelineFlow& f : tl.flows)
  {
    QVERIFY(near(integratedBytes(tl, f), f.bytes, 1e-9));
    QVERIFY(near(sentBytesAt(tl, f, f.finishS), f.bytes, 1e-9));
    for (std::size_t s = f.firstSegment; s < f.firstSegment + f.segmentCount; ++s)
    {
      QVERIFY(tl.segments[s].t0S >= f.startS && tl.segments[s].t1S <= f.finishS);
      QVERIFY(tl.segments[s].rateBps > 0);
    }
  }
}

/** Cable directions of the flows with start ≤ t < finish, from the flow list alone. */
std::vector<int> pathsInProgress(const CollectiveTimeline& tl, double t)
{
  std::set<int> out;
  for (const TimelinePhase& p : tl.phases)
  {
    if (!(p.startS <= t && t < p.endS))
    {
      continue;
    }
    for (const TimelineFlow& f : tl.flows)
    {
      if (f.pattern == p.pattern && p.startS + f.startS <= t && t < p.startS + f.finishS)
      {
        out.insert(f.links.begin(), f.links.end());
      }
    }
  }
  return { out.begin(), out.end() };
}

/** Times inside phases: at a quarter, the middle and just before the end of several phases. */
std::vector<double> sampleTimes(const CollectiveTimeline& tl)
{
  std::vector<double> out;
  for (std::size_t p = 0; p < tl.phases.size(); p += std::max<std::size_t>(1, tl.phases.size() / 5))
  {
    const TimelinePhase& ph = tl.phases[p];
    // Fractions away from the flows' completions (halves, thirds, ... of the step), where
    // start + finish and t − start can round to different sides of an event.
    for (const double x : { 0.0, 0.1234, 0.4567, 0.8912 })
    {
      out.push_back(ph.startS + x * (ph.endS - ph.startS));
    }
  }
  return out;
}

fab::Device nic(const std::string& id)
{
  fab::Device d;
  d.kind = fab::DeviceKind::Nic;
  d.id = id;
  return d;
}

/** The fabric device (switch) most flows of `tl` cross at level `level`. */
int busiestSwitch(const fab::FabricGraph& g, const CollectiveTimeline& tl, int level)
{
  std::vector<int> count(g.devices().size(), 0);
  for (const TimelineFlow& f : tl.flows)
  {
    for (const int m : f.links)
    {
      const fab::Link& l = g.links()[m / 2];
      for (const int d : { l.a.device, l.b.device })
      {
        count[d] += g.device(d).kind == fab::DeviceKind::Switch && g.device(d).level == level;
      }
    }
  }
  return static_cast<int>(std::max_element(count.begin(), count.end()) - count.begin());
}

} // namespace

class TestTrafficTimeline : public QObject
{
  Q_OBJECT

private slots:
  // simulateFlows' trace: recording changes nothing, each flow's rate integrates to its bytes,
  // its last change is to 0 at its finish; the same with the full re-solve loop of a solver.
  void flowSimTraceIntegratesToBytes()
  {
    MaxMinProblem p;
    const int l0 = p.addLink(100e9), l1 = p.addLink(40e9);
    p.addFlow({ l0 });
    p.addFlow({ l0, l1 });
    p.addFlow({ l1 });
    p.addFlow({ l0 }, 30e9);
    const std::vector<double> bytes{ 2e9, 1e9, 3e9, 0.5e9 }, starts{ 0, 0, 0.01, 0.02 };
    const FlowSimResult plain = simulateFlows(p, bytes, starts);
    const auto cpu = makeCpuMaxMinSolver();
    for (MaxMinSolver* solver : { static_cast<MaxMinSolver*>(nullptr), cpu.get() })
    {
      FlowSimTrace trace;
      const FlowSimResult traced = simulateFlows(p, bytes, starts, solver, &trace);
      for (int f = 0; f < p.flowCount(); ++f)
      {
        QVERIFY(near(traced.finishS[f], plain.finishS[f], 1e-12));
        double bits = 0, lastT = 0, rate = 0;
        for (const FlowSimTrace::Change& c : trace.changes)
        {
          if (c.flow == f)
          {
            QVERIFY(c.timeS >= lastT);
            bits += rate * (c.timeS - lastT);
            lastT = c.timeS;
            rate = c.rateBps;
          }
        }
        QCOMPARE(rate, 0.0);
        QVERIFY(near(lastT, traced.finishS[f], 1e-12));
        QVERIFY(near(bits, 8 * bytes[f], 1e-9));
      }
      QVERIFY(std::is_sorted(trace.eventS.begin(), trace.eventS.end()));
      QCOMPARE(static_cast<int>(trace.eventS.size()), traced.solves);
      // Flow 0 changes rate at least twice before it finishes (starts and finishes of others).
      QVERIFY(std::count_if(trace.changes.begin(), trace.changes.end(),
                            [](const auto& c) { return c.flow == 0 && c.rateBps > 0; }) >= 2);
    }
  }

  // Two NICs on one cable of rate B = 400 Gb/s, S = 1 GB (collectives.h: α = 0, the two cable
  // directions are separate links): 2(n − 1) = 2 steps, in each both members send S/n = 0.5 GB
  // at B, so t_step = (S/2)·8/B = 10 ms and t = 2(n − 1)/n·S·8/B = 20 ms.
  void twoMembersOnOneCable()
  {
    fab::FabricGraph g;
    const int a = g.addDevice(nic("A")), b = g.addDevice(nic("B"));
    g.connect(a, b, 400e9, fab::Tier::NodeLeaf);
    const double s = 1e9, B = 400e9;
    const CollectiveTimeline tl = ringAllReduceTimeline(g, { a, b }, s);
    QCOMPARE(tl.endS, ringAllReduce(g, { a, b }, s).timeS);
    QVERIFY(near(tl.endS, 2.0 * (2 - 1) / 2 * s * 8 / B, 1e-15));
    QCOMPARE(static_cast<int>(tl.phases.size()), 2);
    QCOMPARE(tl.phases[0].name, std::string("reduce-scatter step 1"));
    QCOMPARE(tl.phases[1].name, std::string("all-gather step 1"));
    QCOMPARE(tl.phases[1].startS, tl.phases[0].endS);
    QCOMPARE(static_cast<int>(tl.patterns.size()), 1);
    QCOMPARE(static_cast<int>(tl.flows.size()), 2);
    QCOMPARE(tl.flows[0].links, std::vector<int>{ 0 }); // A → B: direction 2·0
    QCOMPARE(tl.flows[1].links, std::vector<int>{ 1 }); // B → A: direction 2·0 + 1
    for (const TimelineFlow& f : tl.flows)
    {
      QCOMPARE(f.segmentCount, std::size_t{ 1 });
      QCOMPARE(tl.segments[f.firstSegment].rateBps, B);
      QVERIFY(near(f.finishS, s / 2 * 8 / B, 1e-15));
    }
    QCOMPARE(linksBusyAt(tl, 0.005), (std::vector<int>{ 0, 1 }));
    QCOMPARE(linksBusyAt(tl, 0.015), (std::vector<int>{ 0, 1 }));
    QVERIFY(linksBusyAt(tl, tl.endS).empty());
    QCOMPARE(phaseAt(tl, 0.015), 1);
    QCOMPARE(phaseAt(tl, -1), -1);
    const auto active = flowsActiveAt(tl, 0.001);
    QCOMPARE(static_cast<int>(active.size()), 2);
    QCOMPARE(active[0].rateBps, B);
    // A chunk 1 ms into its 10 ms step has sent B·1 ms / 8 = 50 MB of its 500 MB.
    QVERIFY(near(sentBytesAt(tl, tl.flows[0], 0.001), B * 0.001 / 8, 1e-12));
    QCOMPARE(sentBytesAt(tl, tl.flows[0], 0), 0.0);
    QVERIFY(near(sentBytesAt(tl, tl.flows[0], 1), s / 2, 1e-12));
  }

  // The 256 NICs of lab-256 node by node: 7 of 8 hops change rail, cross the spines and collide
  // under ECMP, so rates differ. (a) end = ringAllReduce's timeS, (b) ∫ rate = bytes, (c) busy
  // cables = paths of the flows in progress, (d) 2(n − 1) phases of one step each, n − 1 of each
  // kind.
  void ringOnLab256MatchesTheCollective()
  {
    const fab::FabricGraph& g = lab256();
    const std::vector<int> members = nodeMajor(g, 256);
    const double s = 1e9;
    const CollectiveResult r = ringAllReduce(g, members, s, 3);
    const CollectiveTimeline tl = ringAllReduceTimeline(g, members, s, 3);
    const int n = static_cast<int>(members.size());
    QVERIFY(near(tl.endS, r.timeS, 1e-12));
    QCOMPARE(static_cast<int>(tl.flows.size()), n);
    checkIntegrals(tl);
    QCOMPARE(static_cast<int>(tl.phases.size()), r.steps);
    // Equal chunks started together: flows finish fastest first, and a finish at rate r changes
    // only flows of rate ≥ r (maxmin.h), which finish with it, so each rate stays constant.
    double lastFinish = 0;
    std::set<double> rates;
    for (const TimelineFlow& f : tl.flows)
    {
      lastFinish = std::max(lastFinish, f.finishS);
      QCOMPARE(f.segmentCount, std::size_t{ 1 });
      rates.insert(tl.segments[f.firstSegment].rateBps);
    }
    QCOMPARE(lastFinish, r.stepTimeS); // the step's makespan is the last flow's finish
    QVERIFY(rates.size() > 1);         // ECMP collisions: some flows share a spine link
    for (int k = 0; k < r.steps; ++k)
    {
      const TimelinePhase& p = tl.phases[k];
      QCOMPARE(p.kind, k < n - 1 ? PhaseKind::ReduceScatter : PhaseKind::AllGather);
      QCOMPARE(p.step, k < n - 1 ? k + 1 : k - n + 2);
      QVERIFY(near(p.startS, k * r.stepTimeS, 1e-12));
      QVERIFY(near(p.endS - p.startS, r.stepTimeS, 1e-9));
      QCOMPARE(p.endS, k + 1 < r.steps ? tl.phases[k + 1].startS : tl.endS);
    }
    for (const double t : sampleTimes(tl))
    {
      QCOMPARE(linksBusyAt(tl, t), pathsInProgress(tl, t));
      // Max-min rates are feasible: no cable direction carries more than its rate.
      std::vector<double> load(2 * g.links().size(), 0.0);
      for (const ActiveFlow& a : flowsActiveAt(tl, t))
      {
        QVERIFY(a.rateBps > 0);
        for (const int m : tl.flows[a.flow].links)
        {
          load[m] += a.rateBps;
        }
      }
      for (std::size_t m = 0; m < load.size(); ++m)
      {
        QVERIFY(load[m] <= g.links()[m / 2].rateBps * (1 + 1e-9));
      }
    }
  }

  // Pairwise all-to-all among 24 rail-major NICs: n − 1 steps with different flows, so n − 1
  // patterns; phase k lasts step k's makespan and the sum is allToAll's timeS.
  void allToAllOnLab256MatchesTheCollective()
  {
    const fab::FabricGraph& g = lab256();
    const std::vector<int> members = railMajor(g, 24);
    const CollectiveResult r = allToAll(g, members, 5e8, 7);
    const CollectiveTimeline tl = allToAllTimeline(g, members, 5e8, 7);
    QCOMPARE(tl.endS, r.timeS); // summed in the same order: equal to the bit
    QCOMPARE(static_cast<int>(tl.phases.size()), r.steps);
    QCOMPARE(static_cast<int>(tl.patterns.size()), r.steps);
    double longest = 0;
    for (std::size_t k = 0; k < tl.phases.size(); ++k)
    {
      const TimelinePhase& p = tl.phases[k];
      QCOMPARE(p.kind, PhaseKind::AllToAll);
      QCOMPARE(p.pattern, static_cast<int>(k));
      longest = std::max(longest, p.endS - p.startS);
      double lastFinish = 0;
      const TimelinePattern& pat = tl.patterns[k];
      QCOMPARE(static_cast<int>(pat.flowCount), r.flowsPerStep);
      for (std::size_t i = pat.firstFlow; i < pat.firstFlow + pat.flowCount; ++i)
      {
        lastFinish = std::max(lastFinish, tl.flows[i].finishS);
      }
      QCOMPARE(lastFinish, pat.durationS);
    }
    QVERIFY(near(longest, r.stepTimeS, 1e-9));
    checkIntegrals(tl);
    for (const double t : sampleTimes(tl))
    {
      QCOMPARE(linksBusyAt(tl, t), pathsInProgress(tl, t));
    }
  }

  // (g) A failed spine: the flows that crossed it take other paths, none touches its cables,
  // and the timeline still ends at ringAllReduce's time with that failure.
  void failedSpineReroutesAndStillMatches()
  {
    const fab::FabricGraph& g = lab256();
    const std::vector<int> members = nodeMajor(g, 256);
    const CollectiveTimeline before = ringAllReduceTimeline(g, members, 1e9);
    const int spine = busiestSwitch(g, before, 2);
    QVERIFY(g.device(spine).kind == fab::DeviceKind::Switch);
    const CollectiveResult r = ringAllReduce(g, members, 1e9, 0, { spine });
    const CollectiveTimeline after = ringAllReduceTimeline(g, members, 1e9, 0, { spine });
    QVERIFY(near(after.endS, r.timeS, 1e-12));
    checkIntegrals(after);
    int rerouted = 0;
    for (std::size_t i = 0; i < after.flows.size(); ++i)
    {
      rerouted += after.flows[i].links != before.flows[i].links;
      for (const int m : after.flows[i].links)
      {
        const fab::Link& l = g.links()[m / 2];
        QVERIFY(l.a.device != spine && l.b.device != spine);
      }
    }
    QVERIFY(rerouted > 0);
    for (const double t : sampleTimes(after))
    {
      QCOMPARE(linksBusyAt(after, t), pathsInProgress(after, t));
    }
  }

  // Hierarchical all-reduce of 4 groups of 4 nodes × 8 GPUs: intra-node phases (NVLink, no
  // cable) around the per-rail inter-node ring; the sums equal the collective's intraNodeS,
  // interNodeS and timeS.
  void hierarchicalMatchesTheCollective()
  {
    const fab::FabricGraph& g = lab256();
    constexpr double kNvlink = 450e9;
    GpuNetwork net(g, kNvlink), reference(g, kNvlink);
    std::vector<std::vector<int>> groups(4);
    for (int gpu = 0; gpu < 128; ++gpu)
    {
      groups[gpu / 32].push_back(gpu);
    }
    const double s = 2e9;
    const GroupCollectiveResult r = hierarchicalAllReduce(reference, groups, s, 5);
    const CollectiveTimeline tl = hierarchicalAllReduceTimeline(net, groups, s, 5);
    QVERIFY(near(tl.endS, r.timeS, 1e-12));
    double intra = 0, inter = 0;
    for (const TimelinePhase& p : tl.phases)
    {
      (p.scope == PhaseScope::IntraNode ? intra : inter) += p.endS - p.startS;
    }
    QVERIFY(near(intra, r.intraNodeS, 1e-12));
    QVERIFY(near(inter, r.interNodeS, 1e-12));
    QCOMPARE(static_cast<int>(tl.phases.size()), 2 * (8 - 1) + 2 * (4 - 1));
    QCOMPARE(tl.phases.front().name, std::string("intra-node reduce-scatter step 1"));
    QCOMPARE(tl.phases[7].name, std::string("inter-node reduce-scatter step 1"));
    QCOMPARE(tl.phases.back().name, std::string("intra-node all-gather step 7"));
    const TimelinePattern& intraPattern = tl.patterns.at(tl.phases.front().pattern);
    QCOMPARE(static_cast<int>(intraPattern.flowCount), 128); // 16 nodes × a ring of 8
    for (const TimelineFlow& f : tl.flows)
    {
      QCOMPARE(f.nvlink, f.links.empty());
      if (f.nvlink) // each GPU sends S/g once per phase at the NVLink rate
      {
        QVERIFY(near(tl.segments[f.firstSegment].rateBps, 8 * kNvlink, 1e-12));
      }
    }
    checkIntegrals(tl);
    QVERIFY(linksBusyAt(tl, tl.phases.front().startS).empty()); // NVLink only
    const TimelinePhase& mid = tl.phases[8];
    QCOMPARE(linksBusyAt(tl, mid.startS), pathsInProgress(tl, mid.startS));
    QVERIFY(!linksBusyAt(tl, mid.startS).empty());
    // Without the recorder the network runs the collective as before.
    QCOMPARE(hierarchicalAllReduce(net, groups, s, 5).timeS, r.timeS);
  }

  // Sprayed flows and another job's background flows on a 2-SU SuperPOD (one leaf per rail
  // and SU): nodes 0, 1 of SU 0 and 32, 33 of SU 1, so every rail's ring crosses the spines.
  // Each sprayed sub-flow is a flow on its own path (more flows than NIC pairs), the background
  // takes its share but is not in the timeline, and the end still equals the collective's time
  // with the same routing and background.
  void hierarchicalWithSprayAndBackground()
  {
    fab::SuperPodSpec spec;
    spec.scalableUnits = 2;
    const fab::FabricGraph g = fab::superPodFabric(spec);
    const GpuCluster c = gpuCluster(g);
    // Other job: node 40's rail-0 NIC to node 5's and back, across the spines.
    const std::vector<std::pair<int, int>> background{ { c.nic[40 * 8], c.nic[5 * 8] },
                                                       { c.nic[5 * 8], c.nic[40 * 8] } };
    std::vector<std::vector<int>> groups(1);
    for (const int node : { 0, 1, 32, 33 })
    {
      for (int j = 0; j < 8; ++j)
      {
        groups[0].push_back(node * 8 + j);
      }
    }
    for (const Routing routing : { Routing::Ecmp, Routing::Spray })
    {
      GpuNetwork net(g, 450e9), reference(g, 450e9);
      for (GpuNetwork* n : { &net, &reference })
      {
        n->setRouting(routing);
        n->setBackground(background);
      }
      const GroupCollectiveResult r = hierarchicalAllReduce(reference, groups, 1e9, 2);
      const CollectiveTimeline tl = hierarchicalAllReduceTimeline(net, groups, 1e9, 2);
      QVERIFY(near(tl.endS, r.timeS, 1e-12));
      checkIntegrals(tl);
      const TimelinePattern& inter = tl.patterns.at(tl.phases.at(7).pattern);
      // 8 rails × a ring of 4 nodes = 32 NIC pairs; sprayed, each over several paths.
      QVERIFY(routing == Routing::Spray ? inter.flowCount > 32 : inter.flowCount == 32);
      for (std::size_t i = inter.firstFlow; i < inter.firstFlow + inter.flowCount; ++i)
      {
        QVERIFY(std::isfinite(tl.flows[i].bytes) && !tl.flows[i].nvlink);
      }
      const double t = tl.phases[8].startS;
      QCOMPARE(linksBusyAt(tl, t), pathsInProgress(tl, t));
    }
  }

  // (f) Node, rack and rail arrows: bytes conserved, every flow merged once, times and phases
  // unchanged, the busy cables those of the flows, and an arrow's rate at t the sum of its
  // flows' rates at t.
  void aggregationKeepsBytesAndTimes()
  {
    const fab::FabricGraph& g = lab256();
    const CollectiveTimeline tl = ringAllReduceTimeline(g, nodeMajor(g, 256), 1e9, 3);
    for (const TimelineLevel level :
         { TimelineLevel::Node, TimelineLevel::Rack, TimelineLevel::Rail })
    {
      const CollectiveTimeline agg = aggregateTimeline(tl, g, level);
      QCOMPARE(agg.level, level);
      QCOMPARE(agg.endS, tl.endS);
      QCOMPARE(agg.phases.size(), tl.phases.size());
      QVERIFY(agg.flows.size() < tl.flows.size());
      double bytes = 0, aggBytes = 0, finish = 0, aggFinish = 0;
      int merged = 0;
      for (const TimelineFlow& f : tl.flows)
      {
        bytes += f.bytes;
        finish = std::max(finish, f.finishS);
      }
      for (const TimelineFlow& a : agg.flows)
      {
        aggBytes += a.bytes;
        merged += a.merged;
        aggFinish = std::max(aggFinish, a.finishS);
      }
      QVERIFY(near(aggBytes, bytes, 1e-12));
      QCOMPARE(merged, static_cast<int>(tl.flows.size()));
      QCOMPARE(aggFinish, finish);
      checkIntegrals(agg);
      // An arrow's cables are its flows' union for as long as one of them runs: the same as the
      // flows' at a phase start (all in progress), a superset once some have finished.
      for (const double t : sampleTimes(tl))
      {
        const std::vector<int> flows = linksBusyAt(tl, t), arrows = linksBusyAt(agg, t);
        QVERIFY(std::includes(arrows.begin(), arrows.end(), flows.begin(), flows.end()));
      }
      QCOMPARE(linksBusyAt(agg, tl.phases[5].startS), linksBusyAt(tl, tl.phases[5].startS));
      QVERIFY(messageOf(agg, g).contains("already at level"));
    }
    // Rail arrows: the rate of the arrow (rail r → rail q) is the sum over its flows.
    const CollectiveTimeline rails = aggregateTimeline(tl, g, TimelineLevel::Rail);
    const double t = tl.phases[3].startS + 0.4 * (tl.phases[3].endS - tl.phases[3].startS);
    const double rel = t - tl.phases[3].startS;
    for (const ActiveFlow& a : flowsActiveAt(rails, t))
    {
      const TimelineFlow& arrow = rails.flows[a.flow];
      const int srcRail = g.device(rails.groupDevice[arrow.src]).rail;
      const int dstRail = g.device(rails.groupDevice[arrow.dst]).rail;
      double sum = 0;
      for (const TimelineFlow& f : tl.flows)
      {
        if (g.device(f.src).rail == srcRail && g.device(f.dst).rail == dstRail)
        {
          sum += rateAt(tl, f, rel);
        }
      }
      QVERIFY(near(a.rateBps, sum, 1e-9));
    }
  }

  // A device subset keeps only the flows touching it (the others are counted); a cap fails.
  void subsetAndCap()
  {
    const fab::FabricGraph& g = lab256();
    const std::vector<int> members = railMajor(g, 64);
    TimelineOptions only;
    only.devices = { members[0], members[10] };
    const CollectiveTimeline tl = ringAllReduceTimeline(g, members, 1e9, 0, {}, only);
    QCOMPARE(static_cast<int>(tl.flows.size()), 4); // each sends one flow and receives one
    QCOMPARE(static_cast<int>(tl.patterns[0].omittedFlows), 60);
    QCOMPARE(tl.endS, ringAllReduce(g, members, 1e9).timeS);
    for (const TimelineFlow& f : tl.flows)
    {
      QVERIFY(f.src == members[0] || f.dst == members[0] || f.src == members[10] ||
              f.dst == members[10]);
    }
    TimelineOptions capped;
    capped.maxFlows = 100;
    QVERIFY(messageOfCap(g, members, capped).contains("more than 100 flows"));
    capped.maxFlows = 64;
    QCOMPARE(ringAllReduceTimeline(g, members, 1e9, 0, {}, capped).flows.size(), std::size_t{ 64 });
    TimelineLevel level{};
    QVERIFY(parseTimelineLevel("rack", level) && level == TimelineLevel::Rack);
    QVERIFY(!parseTimelineLevel("row", level));
  }

private:
  static QString messageOf(const CollectiveTimeline& tl, const fab::FabricGraph& g)
  {
    try
    {
      aggregateTimeline(tl, g, TimelineLevel::Rack);
    }
    catch (const SpecError& e)
    {
      return QString::fromUtf8(e.what());
    }
    return {};
  }

  static QString messageOfCap(const fab::FabricGraph& g, const std::vector<int>& members,
                              const TimelineOptions& options)
  {
    try
    {
      allToAllTimeline(g, members, 1e9, 0, {}, options);
    }
    catch (const SpecError& e)
    {
      return QString::fromUtf8(e.what());
    }
    return {};
  }
};

QTEST_APPLESS_MAIN(TestTrafficTimeline)
#include "test_traffic_timeline.moc"
