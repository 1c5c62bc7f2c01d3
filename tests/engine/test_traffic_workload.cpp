// Tests of the training-job workload model (workload.h): the 6N compute rule with the
// numbers written out, the DP gradient bytes of a ring all-reduce, TP kept on NVLink by packed
// placement, interference of jobs sharing links (and none on disjoint leaves), a failed spine
// slowing a job spread across SUs, the preset files and the strict job parser.

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/workload.h"

#include <QtTest>

#include <cmath>
#include <functional>

using namespace myriad::engine;
using namespace myriad::engine::fabric;
using namespace myriad::engine::traffic;

namespace
{

std::string sample(const std::string& name)
{
  return std::string(MYRIAD_SOURCE_DIR) + "/samples/jobs/" + name;
}

template <class E>
QString messageOf(const std::function<void()>& f)
{
  try
  {
    f();
  }
  catch (const E& e)
  {
    return QString::fromUtf8(e.what());
  }
  return {};
}

const CollectiveTime& collective(const JobResult& r, const std::string& parallelism)
{
  for (const CollectiveTime& c : r.collectives)
  {
    if (c.parallelism == parallelism)
    {
      return c;
    }
  }
  throw Error("no collective " + parallelism);
}

/** 2 SUs × 4 DGX-like nodes × 8 rails, radix-8 switches: 4 uplinks per leaf. */
FabricGraph smallPod()
{
  SuperPodSpec spec;
  spec.scalableUnits = 2;
  spec.nodesPerScalableUnit = 4;
  spec.rails = 8;
  spec.switchRadix = 8;
  return superPodFabric(spec);
}

/**
 * A small dense job whose step is dominated by its DP all-reduce: 1e9 parameters, 1,024 tokens
 * per step at MFU 1 (compute ≈ 6e12 FLOP / (G·989e12) ≈ ms), TP 8 inside each node.
 */
JobSpec commJob(const std::string& name, int dp, PlacementKind placement)
{
  JobSpec j;
  j.name = name;
  j.parameters = 1e9;
  j.layers = 8;
  j.hidden = 1024;
  j.tokensPerStep = 1024;
  j.mfu = 1;
  j.gpu = "h100-sxm";
  j.tp = 8;
  j.dp = dp;
  j.placement = placement;
  return j;
}

} // namespace

class TestTrafficWorkload : public QObject
{
  Q_OBJECT

private slots:
  // Llama 3 70B preset: N = 70.6e9, T = 4,194,304 tokens per step, G = 1,024 H100 at
  // 989 TFLOP/s dense BF16 and MFU 0.40: t = 6·N·T/(G·F·MFU) = 1.7767e18 / 4.0509e17 = 4.386 s.
  void computeFollowsTheSixNRule()
  {
    SuperPodSpec spec; // 4 SUs × 32 DGX = 1,024 GPUs
    const FabricGraph g = superPodFabric(spec);
    JobSpec job = loadJob(sample("llama3-70b.json"));
    job.mfu = 0.40; // the legacy end-to-end MFU path (the preset uses kernel efficiencies)
    QCOMPARE(job.gpus(), 1024);
    const JobResult r = simulateWorkload(g, Catalog::builtin(), { job }).jobs[0];
    const double expected = 6 * 70.6e9 * 4194304 / (1024 * 989e12 * 0.40);
    QVERIFY(std::abs(expected - 4.386) < 1e-3);
    QVERIFY(std::abs(r.computeS - expected) <= 1e-12 * expected);
    QVERIFY(r.stepS >= r.computeS);
    QVERIFY(std::abs(r.tokensPerS - 4194304 / r.stepS) <= 1e-9 * r.tokensPerS);
    // Run: 15e12 / 4,194,304 steps; energy at the DGX H100 share of 10.2 kW / 8 per GPU.
    QVERIFY(std::abs(r.runSteps - 15e12 / 4194304) <= 1e-9 * r.runSteps);
    const double perGpuW = Catalog::builtin().part("dgx-h100").figure("powerMaxW").value / 8;
    QVERIFY(std::abs(r.runEnergyJ - r.runTimeS * 1024 * perGpuW) <= 1e-9 * r.runEnergyJ);

    // DP: gradients of the TP·PP shard in BF16, S = 2 B · 70.6e9/(8·4) = 4.4125 GB per GPU. A
    // ring of n = 32 (one GPU per node, packed TP 8) sends 2(n − 1) chunks of S/n per member,
    // all over the fabric: groups · n · 2(n − 1) · S/n = groups · 2(n − 1) · S bytes.
    const CollectiveTime& dp = collective(r, "DP");
    QCOMPARE(dp.members, 32);
    QCOMPARE(dp.groups, 8 * 4);
    QVERIFY(std::abs(dp.bytesPerGpu - 2 * 70.6e9 / (8 * 4)) <= 1e-6);
    const double fabric = dp.groups * 2.0 * (dp.members - 1) * dp.bytesPerGpu;
    QVERIFY(std::abs(dp.fabricBytes - fabric) <= 1e-9 * fabric);
    QCOMPARE(dp.nvlinkBytes, 0.0);
  }

  // Packed TP 8 on 8-GPU nodes: every TP group is one node, so TP moves no fabric byte and
  // runs at the NVLink rate (H100: 450 GB/s per direction → busbw 450 GB/s). The same job with
  // its first TP group split over two nodes (explicit GPUs 4…11) puts TP bytes on the fabric.
  void packedTensorParallelStaysOnNvlink()
  {
    const FabricGraph g = smallPod();
    const JobSpec packed = commJob("packed", 2, PlacementKind::Packed);
    const CollectiveTime tp =
      collective(simulateWorkload(g, Catalog::builtin(), { packed }).jobs[0], "TP");
    QCOMPARE(tp.fabricBytes, 0.0);
    QVERIFY(tp.nvlinkBytes > 0);
    QVERIFY(std::abs(tp.busBwBytesPerS - 450e9) <= 1e-9 * 450e9);

    JobSpec split = packed;
    split.placement = PlacementKind::Explicit;
    split.gpuIds = { 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23 };
    const CollectiveTime tp2 =
      collective(simulateWorkload(g, Catalog::builtin(), { split }).jobs[0], "TP");
    QVERIFY(tp2.fabricBytes > 0);
    QVERIFY(tp2.timeS > tp.timeS); // 400 Gb/s NICs are slower than NVLink
  }

  // Two DP-bound jobs spread across both SUs: their rings cross the same leaf uplinks and
  // spines, so each is slower next to the other. Packed, the first job fills SU 0 and the
  // second SU 1: every ring stays on its SU's rail leaves, no link is shared, no interference.
  void jobsInterfereOnlyWhenTheyShareLinks()
  {
    const FabricGraph g = smallPod();
    const auto spread = simulateWorkload(
      g, Catalog::builtin(),
      { commJob("a", 4, PlacementKind::Spread), commJob("b", 4, PlacementKind::Spread) });
    for (const JobResult& r : spread.jobs)
    {
      QVERIFY2(r.stepS > r.stepAloneS * 1.01, qPrintable(QString::number(r.interference)));
    }
    const auto packed = simulateWorkload(
      g, Catalog::builtin(),
      { commJob("a", 4, PlacementKind::Packed), commJob("b", 4, PlacementKind::Packed) });
    for (const JobResult& r : packed.jobs)
    {
      QCOMPARE(r.stepS, r.stepAloneS);
      QCOMPARE(r.interference, 0.0);
    }
    // Disjoint GPU sets: job b takes the nodes job a left.
    QVERIFY(packed.jobs[0].gpuIds.back() < packed.jobs[1].gpuIds.front());
  }

  // A job on all 8 nodes, spread so that every DP ring hop crosses from SU 0 to SU 1: each
  // rail leaf sends 4 flows up over its 4 spine uplinks (leaves 0–3 of SU 0 go to S0…S3).
  // Healthy, per-flow ECMP spreads them (some collide, here and at the cores); with S0, S1 and S2
  // out of service all 4 flows of each of those leaves share the S3 uplink, ≤ 100 Gb/s each, and
  // the lockstep ring (as slow as its slowest flow) takes longer. Failing every spine disconnects
  // the SUs: reported, not dropped. (One spine alone need not slow it: the hash may already
  // put two flows on one uplink, and 4 flows on 3 uplinks still collide only pairwise.)
  void failedSpinesSlowASpreadJob()
  {
    const FabricGraph g = smallPod();
    const JobSpec job = commJob("spread", 8, PlacementKind::Spread);
    const JobResult healthy = simulateWorkload(g, Catalog::builtin(), { job }).jobs[0];
    const JobResult failed =
      simulateWorkload(g, Catalog::builtin(), { job }, { g.find("S0"), g.find("S1"), g.find("S2") })
        .jobs[0];
    QVERIFY2(failed.stepS > healthy.stepS,
             qPrintable(QString("%1 vs %2").arg(failed.stepS).arg(healthy.stepS)));
    QVERIFY(collective(failed, "DP").slowestFabricFlowBps <= 100e9 * (1 + 1e-12));
    std::vector<int> spines;
    for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
    {
      if (g.device(d).kind == DeviceKind::Switch && g.device(d).level == 2)
      {
        spines.push_back(d);
      }
    }
    QVERIFY(messageOf<SpecError>([&] { simulateWorkload(g, Catalog::builtin(), { job }, spines); })
              .contains("not connected"));
  }

  // TP 1 puts 8 DP ranks on each node, so "auto" takes the hierarchical all-reduce. ZeRO-3
  // gathers the parameters twice: 1.5× the time of the same all-reduce without sharding.
  void shardingAndDpAlgorithm()
  {
    const FabricGraph g = smallPod();
    JobSpec job = commJob("dp", 1, PlacementKind::Packed);
    job.tp = 1;
    job.dp = 16; // two nodes
    const CollectiveTime plain =
      collective(simulateWorkload(g, Catalog::builtin(), { job }).jobs[0], "DP");
    QCOMPARE(QString::fromStdString(plain.algorithm), QString("hierarchical"));
    job.sharding = Sharding::Zero3;
    const CollectiveTime zero3 =
      collective(simulateWorkload(g, Catalog::builtin(), { job }).jobs[0], "DP");
    QVERIFY(std::abs(zero3.timeS - 1.5 * plain.timeS) <= 1e-12 * zero3.timeS);
  }

  // MoE, TP 1, PP 1, DP 16, EP 8, 4 MoE layers, k = 2, h = 1,024, T = 8,192 tokens:
  // S_ep = 4·(4/1)·(8,192/(16·1))·2·1,024·2 B = 33,554,432 B per GPU. EP groups are 8
  // consecutive DP ranks = one node when packed: all on NVLink, t = 7·(S/8)/450 GB/s.
  // DP: S_dp = 2 B·(8e9 − 6e9 + 6e9/8) = 5.5e9 B.
  void expertAllToAllBytes()
  {
    const FabricGraph g = smallPod();
    JobSpec job = commJob("moe", 16, PlacementKind::Packed);
    job.parameters = 8e9;
    job.activeParameters = 2e9;
    job.expertParameters = 6e9;
    job.layers = 4;
    job.moeLayers = 4;
    job.expertsPerToken = 2;
    job.tokensPerStep = 8192;
    job.tp = 1;
    job.ep = 8;
    const JobResult r = simulateWorkload(g, Catalog::builtin(), { job }).jobs[0];
    const CollectiveTime& ep = collective(r, "EP");
    QCOMPARE(ep.bytesPerGpu, 33554432.0);
    QCOMPARE(ep.groups, 2);
    QCOMPARE(ep.fabricBytes, 0.0);
    // The bandwidth part (the α-β latency of the calls is reported apart, latency.h), at the
    // 0.822 of the NVLink line rate NCCL's Simple protocol reaches (latency.h).
    const double bandwidthS = ep.timeS - ep.latencyS;
    QVERIFY(std::abs(bandwidthS - 7 * (33554432.0 / 8) / (0.822 * 450e9)) <= 1e-9 * bandwidthS);
    QCOMPARE(collective(r, "DP").bytesPerGpu, 5.5e9);
    // Compute uses the active parameters: 6·2e9·8,192 / (16·989e12·1).
    QVERIFY(std::abs(r.computeS - 6 * 2e9 * 8192 / (16 * 989e12)) <= 1e-12 * r.computeS);
  }

  // Random placement takes whole free nodes in an order fixed by the seed: the same seed gives
  // the same GPUs, another seed (here) other nodes; every node's GPUs stay together.
  void randomPlacementIsSeeded()
  {
    const FabricGraph g = smallPod();
    const GpuCluster c = gpuCluster(g);
    JobSpec job = commJob("r", 2, PlacementKind::Random);
    job.seed = 1;
    const auto a = placeJobs(c, { job })[0];
    QCOMPARE(placeJobs(c, { job })[0], a);
    job.seed = 2;
    const auto b = placeJobs(c, { job })[0];
    QVERIFY(a != b);
    QCOMPARE(static_cast<int>(a.size()), 16);
    for (int i = 0; i < 16; ++i)
    {
      QCOMPARE(c.node[a[i]], c.node[a[i / 8 * 8]]);
      QCOMPARE(c.local[a[i]], i % 8);
    }
  }

  // The presets load, carry their source, and the 405B one is the Llama 3 layout scaled to
  // DP 80: 8 · 16 · 80 = 10,240 GPUs, 126 layers, hidden 16,384, 15.6T tokens.
  void presetsLoad()
  {
    const JobSpec l405 = loadJob(sample("llama3-405b.json"));
    QCOMPARE(l405.gpus(), 10240);
    QCOMPARE(l405.layers, 126);
    QCOMPARE(l405.hidden, 16384);
    QCOMPARE(l405.trainingTokens, 15.6e12);
    QVERIFY(QString::fromStdString(l405.source).contains("Dubey"));
    const JobSpec moe = loadJob(sample("deepseek-v3-moe.json"));
    QCOMPARE(moe.ep, 64);
    QVERIFY(moe.expertsPerToken > 0 && moe.activeParameters < moe.parameters);
    QVERIFY(!moe.source.empty());
  }

  // Bad job files name the file, the JSON path and the expected form; jobs that do not fit
  // name the parameter.
  void badJobsAreExplained()
  {
    const std::string base = R"({"name": "x", "model": {"parameters": 1e9, "layers": 2,
      "hidden": 64}, "training": {"tokensPerStep": 1024}, "parallelism": {PAR}})";
    auto with = [&](const std::string& par)
    {
      std::string s = base;
      return s.replace(s.find("PAR"), 3, par);
    };
    QString m = messageOf<LoadError>([&] { parseJob(with(R"("tp": "8")"), "job.json"); });
    QVERIFY2(m.contains("job.json") && m.contains("/parallelism/tp") && m.contains("integer"),
             qPrintable(m));
    m = messageOf<LoadError>([&] { parseJob(with(R"("dp": 6, "ep": 4)"), "job.json"); });
    QVERIFY2(m.contains("/parallelism/ep") && m.contains("divisor"), qPrintable(m));
    m = messageOf<LoadError>([&] { parseJob(with(R"("tpp": 2)"), "job.json"); });
    QVERIFY2(m.contains("tpp"), qPrintable(m));
    m = messageOf<LoadError>([&] { parseJob(with(R"("sharding": "zero4")"), "job.json"); });
    QVERIFY2(m.contains("/parallelism/sharding") && m.contains("zero3"), qPrintable(m));

    const FabricGraph g = smallPod();
    JobSpec big = commJob("big", 1, PlacementKind::Packed);
    big.tp = 16;
    m = messageOf<SpecError>([&] { simulateWorkload(g, Catalog::builtin(), { big }); });
    QVERIFY2(m.contains("tp = 16") && m.contains("NVLink"), qPrintable(m));
    JobSpec many = commJob("many", 16, PlacementKind::Packed); // 128 GPUs on a 64-GPU pod
    m = messageOf<SpecError>([&] { simulateWorkload(g, Catalog::builtin(), { many }); });
    QVERIFY2(m.contains("\"many\"") && m.contains("free nodes"), qPrintable(m));
  }
};

QTEST_APPLESS_MAIN(TestTrafficWorkload)
#include "test_traffic_workload.moc"
