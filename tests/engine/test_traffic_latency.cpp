// Tests of the collective latency and protocol model (latency.h), the compute model (kernel
// efficiency, precision, MFU as an output), the pipeline bubble by schedule and the job file's
// schedule and overlap options with their errors (workload.h).

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/latency.h"
#include "myriad/engine/traffic/workload.h"

#include <QtTest>

#include <cmath>
#include <functional>

using namespace myriad::engine;
using namespace myriad::engine::traffic;
using myriad::engine::fabric::superPodFabric;
using myriad::engine::fabric::SuperPodSpec;

namespace
{

QString loadError(const std::function<void()>& f)
{
  try
  {
    f();
  }
  catch (const LoadError& e)
  {
    return QString::fromUtf8(e.what());
  }
  return {};
}

/** A job file with `training` and `schedule` fragments spliced in. */
std::string jobText(const std::string& training, const std::string& schedule,
                    const std::string& parallelism = R"("tp": 8, "pp": 4, "dp": 2)")
{
  return R"({"name": "j", "model": {"parameters": 1e10, "layers": 32, "hidden": 4096},
    "training": {"tokensPerStep": 1048576, "microBatches": 8, "gpu": "h100-sxm")" +
         training + R"(}, "parallelism": {)" + parallelism + "}" +
         (schedule.empty() ? "" : R"(, "schedule": {)" + schedule + "}") + "}";
}

bool near(double a, double b, double rel = 1e-9)
{
  return std::abs(a - b) <= rel * std::abs(b);
}

} // namespace

class TestTrafficLatency : public QObject
{
  Q_OBJECT

private slots:
  // A flat ring of n GPUs, one per node, all-reduces 1 GiB at a bus bandwidth of 50 GB/s
  // (Simple protocol). α-β: t = 1.9·(8.4 µs + 2(n − 1)·9.6 µs) + 2(n − 1)/n·S/B (NCCL's
  // per-call base, per-step NIC+switch latency and its multi-node plateau factor 1.9). From
  // 10,240 to 102,400 GPUs the bandwidth term barely moves (2/n → 0) but the latency grows by
  // 1.9·2·92,160·9.6 µs = 3.362 s: the flat ring takes 86 times its bandwidth time.
  void flatRingPaysLatencyPerStep()
  {
    const double bytes = 1 << 30, busbw = 50e9;
    auto flat = [&](int n)
    {
      CollectiveCall c;
      c.ranks = n;
      c.nodes = n;
      c.bytes = bytes;
      c.busBwBytesPerS = busbw;
      return ringAllReduceCost(c, Protocol::Simple);
    };
    const CallCost small = flat(10240), large = flat(102400);
    const double alpha = 9.6e-6, base = 8.4e-6, plateau = 1.9;
    auto expected = [&](double n)
    { return plateau * (base + 2 * (n - 1) * alpha) + 2 * (n - 1) / n * bytes / busbw; };
    QVERIFY(near(small.timeS, expected(10240)));
    QVERIFY(near(large.timeS, expected(102400)));
    const double delta = plateau * 2 * (102399 - 10239) * alpha +
                         (2.0 * 102399 / 102400 - 2.0 * 10239 / 10240) * bytes / busbw;
    QVERIFY(near(large.timeS - small.timeS, delta, 1e-9));
    QVERIFY(std::abs(delta - 3.362) < 1e-3);
    QVERIFY(large.timeS > 80 * (2 * bytes / busbw));
    // NCCL would not run that ring: its tree needs 2⌈log₂ 102,400⌉ = 34 network steps, not
    // 204,798, and wins at this size; inside one node the ring stays.
    CollectiveCall c;
    c.ranks = c.nodes = 102400;
    c.bytes = bytes;
    c.busBwBytesPerS = busbw;
    const CallCost chosen = ncclCallCost(c);
    QCOMPARE(QString::fromStdString(chosen.algorithm), QString("tree"));
    QVERIFY(chosen.timeS < large.timeS / 50);
    c.ranks = 8;
    c.nodes = 1;
    QCOMPARE(QString::fromStdString(ncclCallCost(c).algorithm), QString("ring"));
  }

  // Protocols by size in one 8-GPU node at a 450 GB/s line rate: 8 bytes take LL (latency 6.6
  // + 14·0.47 µs = 13.18 µs, bandwidth ×¼ irrelevant); 1 GiB takes Simple (full bandwidth).
  void protocolsBySize()
  {
    CollectiveCall c;
    c.ranks = 8;
    c.nodes = 1;
    c.bytes = 8;
    c.busBwBytesPerS = 450e9;
    const CallCost tiny = ncclCallCost(c);
    QCOMPARE(QString::fromStdString(tiny.protocol), QString("LL"));
    QVERIFY(near(tiny.latencyS, 6.6e-6 + 14 * 0.47e-6));
    c.bytes = 1 << 30;
    const CallCost big = ncclCallCost(c);
    QCOMPARE(QString::fromStdString(big.protocol), QString("Simple"));
    // Simple reaches 0.822 of the NVLink line rate (370 of 450 GB/s, nccl-tests issue 212).
    QVERIFY(near(big.timeS, 8.4e-6 + 14 * 3.4e-6 + 14.0 / 8 * c.bytes / (0.822 * 450e9)));
  }

  // Bubble t_b/t_c for PP 16 and 16 micro-batches: 1F1B 15/16, interleaved with v = 4 15/64,
  // zero-bubble (ZB-H1) 15/48, DualPipe 2·7/48 = 14/48; PP 1 has none.
  void bubbleBySchedule()
  {
    JobSpec j;
    j.pp = 16;
    j.microBatches = 16;
    QVERIFY(near(pipelineBubbleFraction(j), 15.0 / 16));
    j.schedule = PipelineSchedule::Interleaved;
    j.virtualStages = 4;
    QVERIFY(near(pipelineBubbleFraction(j), 15.0 / 64));
    j.schedule = PipelineSchedule::ZeroBubble;
    QVERIFY(near(pipelineBubbleFraction(j), 15.0 / 48));
    j.schedule = PipelineSchedule::DualPipe;
    QVERIFY(near(pipelineBubbleFraction(j), 14.0 / 48));
    j.pp = 1;
    QCOMPARE(pipelineBubbleFraction(j), 0.0);
  }

  // t_c = 6·N·T/(G·P·η)·(1 + ω): H100 BF16 peak 989 TFLOP/s (catalog), GEMM efficiency 0.75;
  // FP8 runs the linear layers at 1,978.9 TFLOP/s × 0.68; the attention term 12·L·s·h·T runs
  // in BF16. 20 SMs of 132 for communication slow the kernels by 132/112.
  void computeFromKernelEfficiency()
  {
    const GpuFigures fig = gpuFigures(Catalog::builtin(), "h100-sxm");
    JobSpec j = parseJob(jobText("", ""), "job.json");
    const double omega = nonGemmOverhead();
    const double linear = 6 * 1e10 * 1048576.0;
    const StepCompute bf16 = stepCompute(j, fig);
    QVERIFY(near(bf16.modelFlops, linear));
    QVERIFY(near(bf16.computeS, linear / (64 * 989e12 * 0.75) * (1 + omega)));
    j.precision = Precision::Fp8;
    QVERIFY(near(stepCompute(j, fig).computeS, linear / (64 * 1978.9e12 * 0.68) * (1 + omega)));
    j.sequenceLength = 4096;
    const double attention = 12.0 * 32 * 4096 * 4096 * 1048576;
    const StepCompute both = stepCompute(j, fig);
    QVERIFY(near(both.modelFlops, linear + attention));
    QVERIFY(near(both.gemmS, (linear / (1978.9e12 * 0.68) + attention / (989e12 * 0.75)) / 64));
    j.commSms = 20;
    QVERIFY(near(stepCompute(j, fig).computeS, both.computeS * 132 / 112));
    j.kernelEfficiency = 0.5;
    j.commSms = 0;
    QVERIFY(near(stepCompute(j, fig).gemmS,
                 (linear / (1978.9e12 * 0.5) + attention / (989e12 * 0.5)) / 64));
    // A100 has no FP8: an error naming the GPU.
    j.gpu = "a100-sxm";
    j.kernelEfficiency = 0;
    bool thrown = false;
    try
    {
      stepCompute(j, gpuFigures(Catalog::builtin(), "a100-sxm"));
    }
    catch (const SpecError& e)
    {
      thrown = QString(e.what()).contains("a100-sxm");
    }
    QVERIFY(thrown);
  }

  // A job file of the first model (an end-to-end "mfu") still loads and keeps its meaning:
  // t_c = 6·N·T/(G·P·MFU) with P the catalog's 989 TFLOP/s, and no bubble term (that MFU holds
  // it); the new MFU output is then below the input (the communication is added on top).
  void legacyMfuJobsStillLoad()
  {
    const JobSpec j = parseJob(jobText(R"(, "mfu": 0.4)", ""), "old.json");
    QCOMPARE(j.mfu, 0.4);
    const GpuFigures fig = gpuFigures(Catalog::builtin(), "h100-sxm");
    QVERIFY(near(stepCompute(j, fig).computeS, 6 * 1e10 * 1048576.0 / (64 * 989e12 * 0.4)));
    SuperPodSpec spec;
    spec.scalableUnits = 2;
    spec.nodesPerScalableUnit = 4;
    const JobResult r = simulateWorkload(superPodFabric(spec), Catalog::builtin(), { j }).jobs[0];
    QCOMPARE(r.bubbleS, 0.0);
    QVERIFY(r.mfu < 0.4);
  }

  // MFU is an output: model FLOPs / (step · G · peak). On a 2-SU pod a TP-heavy job exposes
  // less TP time with sequence parallelism (chunks hidden under the GEMMs), so its MFU rises.
  void mfuIsAnOutputAndOverlapRaisesIt()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 2;
    spec.nodesPerScalableUnit = 4;
    const fabric::FabricGraph g = superPodFabric(spec);
    JobSpec j = parseJob(jobText("", "", R"("tp": 8, "pp": 1, "dp": 8)"), "job.json");
    const JobResult none = simulateWorkload(g, Catalog::builtin(), { j }).jobs[0];
    QVERIFY(near(none.mfu, none.modelFlops / (none.stepS * 64 * 989e12)));
    QCOMPARE(none.bubbleS, 0.0);
    j.tpOverlap = TpOverlap::SequenceParallel;
    const JobResult sp = simulateWorkload(g, Catalog::builtin(), { j }).jobs[0];
    QVERIFY(sp.collectives[0].exposedS < none.collectives[0].exposedS);
    QVERIFY(sp.mfu > none.mfu);
    QVERIFY(none.collectives[0].latencyS > 0 && none.collectives[0].calls == 4 * 32 * 8);
  }

  // Options the schedule cannot do name the file, the field and the expected form.
  void impossibleOptionsAreExplained()
  {
    auto bad = [](const std::string& text)
    { return loadError([&] { parseJob(text, "job.json"); }); };
    QString m = bad(jobText("", R"("pipeline": "interleaved", "virtualStages": 2)",
                            R"("tp": 8, "pp": 3, "dp": 2)"));
    QVERIFY2(m.contains("job.json") && m.contains("/schedule/pipeline") && m.contains("multiple"),
             qPrintable(m));
    m = bad(jobText("", R"("pipeline": "interleaved", "virtualStages": 9)"));
    QVERIFY2(m.contains("/schedule/virtualStages") && m.contains("[2, layers/pp = 8]"),
             qPrintable(m));
    m = bad(jobText("", R"("virtualStages": 2)"));
    QVERIFY2(m.contains("/schedule/virtualStages") && m.contains("interleaved"), qPrintable(m));
    m = bad(jobText("", R"("epOverlap": "dualpipe")"));
    QVERIFY2(m.contains("/schedule/epOverlap") && m.contains("dualpipe"), qPrintable(m));
    m = bad(jobText("", R"("pipeline": "dualpipe")", R"("tp": 8, "pp": 3, "dp": 2)"));
    QVERIFY2(m.contains("/schedule/pipeline") && m.contains("even"), qPrintable(m));
    m = bad(jobText("", R"("pipeline": "zero-bubble")", R"("tp": 8, "pp": 1, "dp": 2)"));
    QVERIFY2(m.contains("/schedule/pipeline") && m.contains("pp ≥ 2"), qPrintable(m));
    m = bad(jobText("", R"("expertNodeLimit": 4)"));
    QVERIFY2(m.contains("/schedule/expertNodeLimit") && m.contains("ep ≥ 2"), qPrintable(m));
    m = bad(jobText("", R"("pipeline": "gpipe")"));
    QVERIFY2(m.contains("/schedule/pipeline") && m.contains("dualpipe"), qPrintable(m));
    m = bad(jobText(R"(, "kernelEfficiency": 1.5)", ""));
    QVERIFY2(m.contains("/training/kernelEfficiency") && m.contains("(0, 1]"), qPrintable(m));
    m = bad(jobText(R"(, "precision": "fp4")", ""));
    QVERIFY2(m.contains("/training/precision") && m.contains("bf16 or fp8"), qPrintable(m));
    std::string a100 = jobText(R"(, "precision": "fp8")", "");
    a100.replace(a100.find("h100-sxm"), 8, "a100-sxm");
    m = bad(a100);
    QVERIFY2(m.contains("/training/precision") && m.contains("no FP8"), qPrintable(m));
    m = bad(jobText(R"(, "mfu": 0.4, "precision": "bf16")", ""));
    QVERIFY2(m.contains("/training/mfu") && m.contains("legacy"), qPrintable(m));
    m = bad(jobText("", "", R"("tp": 1, "pp": 33, "dp": 1)"));
    QVERIFY2(m.contains("/parallelism/pp") && m.contains("layers"), qPrintable(m));
    m = bad(jobText("", R"("commSms": 132)"));
    QVERIFY2(m.contains("/schedule/commSms") && m.contains("132"), qPrintable(m));
  }

  // Node-limited routing: with at most M = 2 nodes per token of k = 8 experts, 2/8 of the
  // dispatch bytes cross the fabric and 6/8 are forwarded over NVLink inside the node.
  void nodeLimitedRoutingCutsFabricBytes()
  {
    SuperPodSpec spec;
    spec.scalableUnits = 2;
    spec.nodesPerScalableUnit = 4;
    const fabric::FabricGraph g = superPodFabric(spec);
    const std::string text = R"({"name": "moe", "model": {"parameters": 8e9, "activeParameters":
      2e9, "expertParameters": 6e9, "layers": 4, "hidden": 1024, "expertsPerToken": 8},
      "training": {"tokensPerStep": 65536, "microBatches": 2, "gpu": "h100-sxm"},
      "parallelism": {"dp": 16, "ep": 16})";
    const JobSpec plain = parseJob(text + "}", "moe.json");
    const JobSpec limited = parseJob(text + R"(, "schedule": {"expertNodeLimit": 2}})", "moe.json");
    auto ep = [&](const JobSpec& j)
    {
      // The result is kept: a range-for over a member of a temporary would outlive it.
      const auto result = simulateWorkload(g, Catalog::builtin(), { j });
      for (const CollectiveTime& c : result.jobs[0].collectives)
      {
        if (c.parallelism == "EP")
        {
          return c;
        }
      }
      return CollectiveTime{};
    };
    const CollectiveTime a = ep(plain), b = ep(limited);
    QCOMPARE(a.bytesPerGpu, b.bytesPerGpu);
    QVERIFY(near(b.fabricBytes, a.fabricBytes * 2 / 8, 1e-9));
    QVERIFY(b.timeS < a.timeS);
  }
};

QTEST_APPLESS_MAIN(TestTrafficLatency)
#include "test_traffic_latency.moc"
