// The --backend option of the commands that run traffic or thermal solves: `apply` prints the
// backend that ran every stage (table and JSON), `traffic` and `maxmin` name theirs, a bad name
// is a usage error (exit 2), and cuda without a device is refused with the reason (exit 1).
// Without a GPU (this build's usual case) every solve runs on the CPU; with one, `--backend
// cuda` must name CUDA for the traffic and thermal stages (cuda/gpu-check.sh runs that on a GPU).
#include "cli_test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::Run;
using myriad::tests::writeFile;

QString sampleEdits(const char* name)
{
  return QStringLiteral(MYRIAD_SOURCE_DIR "/samples/edits/") + name + ".json";
}

/** The line of `stage` in apply's "Backends (after):" block, empty when there is none. */
QString backendLine(const QString& out, const QString& stage)
{
  const int block = out.indexOf("Backends (after):");
  if (block < 0)
    return {};
  for (const QString& line : out.mid(block).split('\n'))
    if (line.startsWith("  " + stage + ": "))
      return line.trimmed();
  return {};
}

} // namespace

class TestCliBackend final : public QObject
{
  Q_OBJECT

private slots:
  void applyPrintsTheBackendOfEveryStage();
  void applyJsonHasTheBackend();
  void bogusBackendIsAUsageError();
  void cudaWithoutADeviceIsRefusedOrRuns();
  void trafficAndMaxminNameTheirBackend();
};

void TestCliBackend::applyPrintsTheBackendOfEveryStage()
{
  const Run run = cli({ "apply", "builtin:lab-256", sampleEdits("lab-move-network-rack"),
                        "--stages", "geometry,fabric,traffic", "--backend", "cpu" });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("Stage timings"), qPrintable(run.out));
  // Geometry and fabric have no solver choice; traffic ran the CPU solver asked for.
  QCOMPARE(backendLine(run.out, "geometry"),
           QString("geometry: CPU (this model runs on the CPU only)"));
  QCOMPARE(backendLine(run.out, "fabric"),
           QString("fabric: CPU (this model runs on the CPU only)"));
  QCOMPARE(backendLine(run.out, "traffic"), QString("traffic: CPU (CPU backend: requested)"));
}

void TestCliBackend::applyJsonHasTheBackend()
{
  const Run run = cli({ "apply", "builtin:lab-256", sampleEdits("lab-move-network-rack"), "--json",
                        "--stages", "geometry,traffic", "--backend", "cpu" });
  QCOMPARE(run.exitCode, 0);
  const QJsonArray stages =
    QJsonDocument::fromJson(run.out.toUtf8()).object().value("stages").toArray();
  QCOMPARE(stages.size(), 2);
  const QJsonObject traffic = stages.at(1).toObject();
  QCOMPARE(traffic.value("stage").toString(), QString("traffic"));
  QCOMPARE(traffic.value("backend").toString(), QString("CPU"));
  QCOMPARE(traffic.value("backendReason").toString(), QString("CPU backend: requested"));
}

void TestCliBackend::bogusBackendIsAUsageError()
{
  for (const char* command : { "apply", "traffic", "thermal", "maxmin" })
  {
    QStringList args = { command };
    if (QString(command) == "apply")
      args << "builtin:lab-256" << sampleEdits("lab-move-network-rack");
    else if (QString(command) == "maxmin")
      args << "--flows" << sampleEdits("missing") << "--links" << sampleEdits("missing");
    else
      args << "builtin:lab-256";
    if (QString(command) == "traffic")
      args << "--ring-allreduce-gpus"
           << "8";
    args << "--backend"
         << "bogus";
    const Run run = cli(args);
    QVERIFY2(run.exitCode == 2, qPrintable(QString(command) + ": " + run.err));
    QVERIFY2(run.err.contains(QString(command) +
                              ": --backend: unknown value \"bogus\" (expected cpu, cuda or auto)"),
             qPrintable(run.err));
  }
}

void TestCliBackend::cudaWithoutADeviceIsRefusedOrRuns()
{
  const Run run = cli({ "apply", "builtin:lab-256", sampleEdits("lab-move-network-rack"),
                        "--stages", "traffic", "--backend", "cuda" });
  if (run.exitCode == 0)
  {
    // A GPU machine: the traffic stage ran on CUDA (or says why it fell back).
    const QString line = backendLine(run.out, "traffic");
    QVERIFY2(line.startsWith("traffic: CUDA (") || line.contains("fell back to the CPU"),
             qPrintable(run.out));
    return;
  }
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.err.contains("CUDA backend requested"), qPrintable(run.err));
}

void TestCliBackend::trafficAndMaxminNameTheirBackend()
{
  const Run traffic =
    cli({ "traffic", "builtin:lab-256", "--ring-allreduce-gpus", "8", "--backend", "cpu" });
  QCOMPARE(traffic.exitCode, 0);
  QVERIFY2(traffic.out.contains("Backend         CPU (CPU backend: requested)"),
           qPrintable(traffic.out));

  QTemporaryDir dir;
  QVERIFY(writeFile(dir, "links.csv", "id,capacity\nL1,10e9\n"));
  QVERIFY(writeFile(dir, "flows.csv", "id,links,bytes\nf1,L1,1e9\nf2,L1,1e9\n"));
  const Run maxmin = cli({ "maxmin", "--flows", dir.filePath("flows.csv"), "--links",
                           dir.filePath("links.csv"), "--backend", "cpu" });
  QCOMPARE(maxmin.exitCode, 0);
  QVERIFY2(maxmin.out.contains("on CPU (CPU backend: requested)"), qPrintable(maxmin.out));
}

QTEST_GUILESS_MAIN(TestCliBackend)
#include "test_cli_backend.moc"
