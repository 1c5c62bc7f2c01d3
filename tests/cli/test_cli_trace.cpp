// myriad-cli trace on the 256-GPU lab sample: the step trace written to a file parses as a Chrome
// trace whose step tracks end at the step time `traffic --job` reports for the same job, the
// aggregation option, and the exit statuses (a bad job file 1 naming it, a bad option 2, help 0).
#include "cli_test_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace
{

using myriad::tests::cli;
using myriad::tests::readJson;
using myriad::tests::Run;

const QString kLab = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");

/** A dense 8B job on 64 GPUs: TP 2 × PP 2 × DP 16, packed. */
QString writeJob(const QTemporaryDir& dir)
{
  QString path = dir.filePath("dense.json");
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    return {};
  file.write(R"({"name": "dense", "model": {"parameters": 8e9, "layers": 32, "hidden": 4096},
    "training": {"tokensPerStep": 1048576, "microBatches": 8, "sequenceLength": 4096},
    "parallelism": {"tp": 2, "pp": 2, "dp": 16}})");
  return path;
}

} // namespace

class TestCliTrace final : public QObject
{
  Q_OBJECT

private slots:
  void writesAChromeTrace()
  {
    QTemporaryDir dir;
    const QString job = writeJob(dir), out = dir.filePath("step.json");
    const Run run = cli({ "trace", kLab, "--job", job, "-o", out });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("ranks all"), qPrintable(run.out));
    const QJsonObject trace = readJson(out);
    QCOMPARE(trace.value("displayTimeUnit").toString(), QString("ms"));
    const QJsonArray events = trace.value("traceEvents").toArray();
    QVERIFY(events.size() > 64);
    // The step as `traffic --job` reports it (JSON result, 17 digits).
    const QString result = dir.filePath("result.json");
    QCOMPARE(cli({ "traffic", kLab, "--job", job, "-o", result }).exitCode, 0);
    const double stepS =
      readJson(result).value("jobs").toArray().at(0).toObject().value("stepS").toDouble();
    QVERIFY(stepS > 0);
    double lastEnd = 0; // of the step track of rank 0 (tid 0)
    int computeSlices = 0;
    for (const auto& v : events)
    {
      const QJsonObject e = v.toObject();
      QVERIFY(e.contains("ph") && e.contains("pid") && e.contains("tid") && e.contains("name"));
      if (e.value("ph").toString() != "X")
        continue;
      computeSlices += e.value("cat").toString() == "compute";
      if (e.value("pid").toInt() == 1 && e.value("tid").toInt() == 0)
        lastEnd = std::max(lastEnd, e.value("ts").toDouble() + e.value("dur").toDouble());
    }
    QCOMPARE(computeSlices, 64);
    QVERIFY2(std::abs(lastEnd / 1e6 - stepS) <= 1e-9 * stepS,
             qPrintable(QString::number(lastEnd / 1e6, 'g', 17) + " against " +
                        QString::number(stepS, 'g', 17)));
  }

  void ranksOption()
  {
    QTemporaryDir dir;
    const QString job = writeJob(dir), out = dir.filePath("node.json");
    const Run run = cli({ "trace", kLab, "--job", job, "--ranks", "node", "--out", out });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject trace = readJson(out);
    QCOMPARE(trace.value("otherData").toObject().value("ranks").toString(), QString("node"));
    int computeSlices = 0;
    for (const auto& v : trace.value("traceEvents").toArray())
      computeSlices += v.toObject().value("cat").toString() == "compute";
    QCOMPARE(computeSlices, 8); // 64 GPUs packed on 8 nodes
    // Without -o the trace goes to stdout.
    const Run stdoutRun = cli({ "trace", kLab, "--job", job, "--ranks", "16" });
    QCOMPARE(stdoutRun.exitCode, 0);
    const QJsonObject fromStdout = QJsonDocument::fromJson(stdoutRun.out.toUtf8()).object();
    QCOMPARE(fromStdout.value("otherData").toObject().value("ranks").toString(),
             QString("group of 16"));
  }

  void badJobFileIsARuntimeError()
  {
    QTemporaryDir dir;
    const QString bad = dir.filePath("broken-job.json");
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"name": "x", "model": {"parameters": "many"}})");
    file.close();
    for (const QString& job : { bad, dir.filePath("absent-job.json") })
    {
      const Run run = cli({ "trace", kLab, "--job", job, "-o", dir.filePath("t.json") });
      QVERIFY2(run.exitCode == 1, qPrintable(run.err));
      QVERIFY2(run.err.contains(QFileInfo(job).fileName()), qPrintable(run.err));
    }
    QVERIFY(!QFile::exists(dir.filePath("t.json")));
  }

  void usageErrors()
  {
    QTemporaryDir dir;
    const QString job = writeJob(dir);
    const auto usage = [](const QStringList& arguments, const QString& what)
    {
      const Run run = cli(arguments);
      QVERIFY2(run.exitCode == 2, qPrintable(QString::number(run.exitCode) + ": " + run.err));
      QVERIFY2(run.err.contains(what), qPrintable(run.err));
    };
    usage({ "trace", kLab, "--job", job, "--frobnicate" }, "unknown option --frobnicate");
    usage({ "trace", kLab }, "missing --job");
    usage({ "trace", kLab, "--job", job, "--ranks", "some" }, "--ranks some");
    usage({ "trace", kLab, "--job", job, "--ranks", "0" }, "--ranks 0");
    usage({ "trace", kLab, "--job", job, "--routing", "x" }, "--routing x");
    const Run help = cli({ "trace", "--help" });
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.startsWith("usage: myriad-cli trace "));
  }
};

QTEST_GUILESS_MAIN(TestCliTrace)
#include "test_cli_trace.moc"
