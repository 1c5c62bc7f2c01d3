// myriad-cli traffic --job on the 256-GPU lab sample: one SU of 32 DGX H100, one 400 Gb/s rail
// leaf per rail (non-blocking inside the SU), NVLink 450 GB/s per GPU and direction.
#include "cli_test_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

namespace
{

using myriad::tests::cli;
using myriad::tests::Run;

const QString kLab = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");

/** An 8B-parameter dense job, 1,048,576 tokens per step, MFU 0.4, with the given layout. */
QString writeJob(const QTemporaryDir& dir, const QString& name, const QString& parallelism,
                 const QString& placement = "packed")
{
  const QString path = dir.filePath(name + ".json");
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly))
  {
    return {};
  }
  file.write(QString(R"({"name": "%1", "model": {"parameters": 8e9, "layers": 32,
    "hidden": 4096}, "training": {"tokensPerStep": 1048576, "microBatches": 8, "mfu": 0.4,
    "trainingTokens": 1e12}, "parallelism": {%2}, "placement": {"kind": "%3"}})")
               .arg(name, parallelism, placement)
               .toUtf8());
  return path;
}

} // namespace

class TestCliTraffic final : public QObject
{
  Q_OBJECT

private slots:
  // TP 8 × DP 32 on all 256 GPUs, packed. Compute = 6·8e9·1,048,576 / (256·989e12·0.4) =
  // 5.0332e16 / 1.0127e17 = 0.497 s. TP stays in each DGX (0 fabric bytes) at the NVLink rate;
  // the DP rings run one per rail on that rail's leaf, non-blocking: busbw = 50.0 GB/s.
  void jobOnTheLab()
  {
    QTemporaryDir dir;
    const QString job = writeJob(dir, "dense", R"("tp": 8, "dp": 32)");
    const QString out = dir.filePath("result.json"), links = dir.filePath("links.csv");
    const Run run = cli({ "traffic", kLab, "--job", job, "--out", out, "--links", links });
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(QRegularExpression("Compute\\s+0\\.497 s")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QRegularExpression("TP ring .*busbw 450\\.0 GB/s.*fabric 0 GB")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QRegularExpression("DP ring .*busbw 50\\.0 GB/s")),
             qPrintable(run.out));
    QVERIFY(run.out.contains("Step time"));
    QVERIFY(run.out.contains("Tokens/s"));
    QVERIFY(run.out.contains(QRegularExpression("Run .* days, .* GWh")));
    QFile result(out);
    QVERIFY(result.open(QIODevice::ReadOnly));
    const QByteArray json = result.readAll();
    QVERIFY(json.contains("\"stepS\"") && json.contains("\"parallelism\": \"DP\""));
    QFile csv(links);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QVERIFY(csv.readLine().startsWith("link,direction,tier,from,to,capacityBps"));
  }

  // Two 128-GPU jobs share the lab: both are reported, each on its own half.
  void twoJobsTogether()
  {
    QTemporaryDir dir;
    const QString a = writeJob(dir, "a", R"("tp": 8, "dp": 16)");
    const QString b = writeJob(dir, "b", R"("tp": 8, "pp": 2, "dp": 8)", "spread");
    const Run run = cli({ "traffic", kLab, "--job", a, "--job", b });
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("Job a: 128 GPUs") && run.out.contains("Job b: 128 GPUs"),
             qPrintable(run.out));
    QVERIFY(run.out.contains("PP send/recv"));
    // A third job finds no free node.
    const Run full = cli({ "traffic", kLab, "--job", a, "--job", b, "--job", a });
    QCOMPARE(full.exitCode, 1);
    QVERIFY2(full.err.contains("free nodes"), qPrintable(full.err));
  }

  // Bad input: a wrong type names file and JSON path; a job larger than the fabric names its
  // GPU count; --job does not combine with the single-collective options.
  void badJobsAreExplained()
  {
    QTemporaryDir dir;
    const QString bad = writeJob(dir, "bad", R"("tp": "8")");
    Run run = cli({ "traffic", kLab, "--job", bad });
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("bad.json") && run.err.contains("/parallelism/tp"),
             qPrintable(run.err));
    run = cli({ "traffic", kLab, "--job", MYRIAD_SOURCE_DIR "/samples/jobs/llama3-70b.json" });
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("1024 GPUs"), qPrintable(run.err));
    run = cli({ "traffic", kLab, "--job", bad, "--ring-allreduce-gpus", "8" });
    QCOMPARE(run.exitCode, 2);
    run = cli({ "traffic", kLab, "--job", writeJob(dir, "ok", R"("tp": 8)"), "--fail", "X" });
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--fail X"), qPrintable(run.err));
  }

  // --routing picks how fabric flows are routed for every job and is echoed in the job line; a
  // bad name (option or job file "routing") is an error that lists the allowed names.
  void routingIsSelectable()
  {
    QTemporaryDir dir;
    const QString job = writeJob(dir, "dp", R"("tp": 8)");
    for (const QString routing : { "ecmp", "spray", "rail-local" })
    {
      const Run run = cli({ "traffic", kLab, "--job", job, "--routing", routing });
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      QVERIFY2(run.out.contains(routing + " routing"), qPrintable(run.out));
    }
    Run run = cli({ "traffic", kLab, "--job", job, "--routing", "adaptive" });
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--routing adaptive") &&
               run.err.contains("ecmp, spray or rail-local"),
             qPrintable(run.err));
    QFile file(job);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    file.close();
    text.insert(text.lastIndexOf('}'), R"(, "routing": "adaptive")");
    const QString bad = dir.filePath("badrouting.json");
    QFile out(bad);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    run = cli({ "traffic", kLab, "--job", bad });
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("badrouting.json") && run.err.contains("/routing") &&
               run.err.contains("ecmp, spray or rail-local"),
             qPrintable(run.err));
  }

  // --sensitivity ranks what changes the step most. On the 10k hall, TP 8 × DP 64 packed fills
  // two scalable units: every rail's DP ring crosses from one SU's leaf to the other's through
  // the spines, so the links above the leaves at 1/2 rate (2:1) slow the ring's crossing flows
  // and lengthen the step; at 1/4 more. Largest |change| first; without --job it is a usage error.
  void sensitivityRanksWhatChangesTheStep()
  {
    QTemporaryDir dir;
    const QString job = writeJob(dir, "two-su", R"("tp": 8, "dp": 64)");
    const Run run = cli({ "traffic", "builtin:h100-superpod-10k", "--job", job, "--sensitivity" });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("What changes the step of two-su most"), qPrintable(run.out));
    const QRegularExpression row(
      R"(^  (routing|placement|micro-batches|oversubscription)\s+(.+?)\s+(\S+) s\s+([+-]\d+\.\d) %$)",
      QRegularExpression::MultilineOption);
    double previous = 1e300;
    std::map<QString, double> byChange;
    auto it = row.globalMatch(run.out);
    while (it.hasNext())
    {
      const auto m = it.next();
      const double delta = m.captured(4).toDouble();
      QVERIFY2(std::abs(delta) <= previous + 1e-9, qPrintable(run.out));
      previous = std::abs(delta);
      byChange[m.captured(2).trimmed()] = delta;
    }
    QVERIFY2(byChange.size() >= 6, qPrintable(run.out));
    const double half = byChange.at("links above the leaves at 1/2 rate (2:1)");
    const double quarter = byChange.at("links above the leaves at 1/4 rate (4:1)");
    QVERIFY2(half > 0 && quarter > half, qPrintable(run.out));
    const Run usage = cli({ "traffic", kLab, "--ring-allreduce-gpus", "8", "--sensitivity" });
    QCOMPARE(usage.exitCode, 2);
    QVERIFY(usage.err.contains("--sensitivity"));
  }

  // --timeline: a 16-GPU ring on the lab writes its event timeline; it ends at the result's
  // timeS (both printed with 17 digits from the same simulation), has 2(n − 1) phases of one
  // pattern of n flows, each on its cables; rail arrows merge them; misuse is a usage error.
  void timelineOfARing()
  {
    QTemporaryDir dir;
    const QString out = dir.filePath("r.json"), tl = dir.filePath("t.json");
    const Run run = cli({ "traffic", kLab, "--ring-allreduce-gpus", "16", "--bytes", "1e9", "-o",
                          out, "--timeline", tl });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("Timeline        30 phases, 1 patterns, 16 flows (of 16 flows)"),
             qPrintable(run.out));
    auto read = [](const QString& path)
    {
      QFile f(path);
      return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                         : QJsonObject();
    };
    const QJsonObject result = read(out), timeline = read(tl);
    QCOMPARE(timeline.value("format").toString(), QString("myriad-collective-timeline"));
    QCOMPARE(timeline.value("endS").toDouble(), result.value("timeS").toDouble());
    const QJsonArray phases = timeline.value("phases").toArray();
    QCOMPARE(phases.size(), 30);
    QCOMPARE(phases.at(15).toObject().value("name").toString(), QString("all-gather step 1"));
    const QJsonArray flows =
      timeline.value("patterns").toArray().at(0).toObject().value("flows").toArray();
    QCOMPARE(flows.size(), 16);
    QVERIFY(!flows.at(0).toObject().value("links").toArray().isEmpty());
    QCOMPARE(flows.at(0).toObject().value("segments").toArray().size(), 1);
    const QString rails = dir.filePath("rails.json");
    QCOMPARE(cli({ "traffic", kLab, "--ring-allreduce-gpus", "16", "--timeline", rails,
                   "--timeline-level", "rail" })
               .exitCode,
             0);
    QCOMPARE(read(rails).value("level").toString(), QString("rail"));
    QVERIFY(!read(rails).value("groups").toArray().isEmpty());
    const Run level = cli({ "traffic", kLab, "--ring-allreduce-gpus", "16", "--timeline", tl,
                            "--timeline-level", "row" });
    QCOMPARE(level.exitCode, 2);
    QVERIFY(level.err.contains("--timeline-level row"));
    QTemporaryDir jobs;
    const Run job = cli(
      { "traffic", kLab, "--job", writeJob(jobs, "j", R"("tp": 8, "dp": 2)"), "--timeline", tl });
    QCOMPARE(job.exitCode, 2);
    QVERIFY(job.err.contains("--timeline applies to"));
  }

  // --members: the same 64 GPUs (8 nodes × 8 rails) in two ring orders, named in the output
  // and the JSON. Rail by rail the neighbours share their rail's non-blocking leaf: every flow
  // at the NIC's 400 Gb/s, busbw 50 GB/s. Node by node every flow crosses the spines: slower.
  void membersInEitherOrder()
  {
    QTemporaryDir dir;
    std::map<QString, QJsonObject> results;
    for (const QString& order : { QStringLiteral("rail"), QStringLiteral("node") })
    {
      const QString out = dir.filePath(order + ".json");
      const Run run = cli({ "traffic", kLab, "--ring-allreduce-gpus", "64", "--bytes", "256e6",
                            "--members", order, "-o", out });
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      QVERIFY2(run.out.contains("Members         64 GPUs on 8 nodes × 8 rails, " + order + " by " +
                                order + ": H1-R01-K01-N1-NIC0 → … → "),
               qPrintable(run.out));
      results[order] = myriad::tests::readJson(out);
      QCOMPARE(results[order].value("memberOrder").toString(), order);
    }
    QCOMPARE(results["rail"].value("busBwBytesPerS").toDouble(), 50e9);
    QVERIFY(results["node"].value("timeS").toDouble() >
            2 * results["rail"].value("timeS").toDouble());
    const Run bad = cli({ "traffic", kLab, "--ring-allreduce-gpus", "8", "--members", "rack" });
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("--members rack: expected rail or node"), qPrintable(bad.err));
    const Run many = cli({ "traffic", kLab, "--ring-allreduce-gpus", "300" });
    QCOMPARE(many.exitCode, 2);
    QVERIFY2(many.err.contains("300 GPUs exceeds the fabric's 256 compute NICs"),
             qPrintable(many.err));
  }
};

QTEST_GUILESS_MAIN(TestCliTraffic)
#include "test_cli_traffic.moc"
