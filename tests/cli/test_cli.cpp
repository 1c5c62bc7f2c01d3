// myriad-cli as a user runs it: counts, generation, validation messages and exit codes.
#include "cli_test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::Run;
using myriad::tests::writeFile;

QString sample(const char* name)
{
  return QStringLiteral(MYRIAD_SOURCE_DIR "/samples/") + name + ".json";
}

} // namespace

class TestCli final : public QObject
{
  Q_OBJECT

private slots:
  void infoCountsThe10kSample();
  void infoJson();
  void generateWritesALoadableScene();
  void validateReportsPhysicalErrors();
  void badFileNamesFileAndPath();
  void usageErrorsExitWithTwo();
  void renderWithoutDisplaySaysSo();
  void maxminSolvesAFlowFile();
  void maxminChangeResolvesWhatChanged();
};

void TestCli::infoCountsThe10kSample()
{
  const Run run = cli({ "info", sample("h100-superpod-10k") });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains(QRegularExpression("GPUs\\s+10,240\\n")), qPrintable(run.out));
  QVERIFY(run.out.contains(QRegularExpression("Nodes\\s+1,280\\n")));
  QVERIFY(run.out.contains("14.416 MW"));
  // Rail-optimised three-tier fat-tree: 10,240 node-leaf + 10,240 leaf-spine + 10,240
  // spine-core links; full bisection = 10,240 NICs × 400 Gb/s / 2 = 2,048 Tb/s.
  QVERIFY2(run.out.contains("Fabric          30,720 links, bisection 2048.0 Tb/s"),
           qPrintable(run.out));
}

void TestCli::infoJson()
{
  const Run run = cli({ "info", "--json", sample("lab-256") });
  QCOMPARE(run.exitCode, 0);
  const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
  QCOMPARE(json.value("gpus").toInt(), 256);
  QCOMPARE(json.value("nodes").toInt(), 32);
  // One SU: 256 node-leaf + 256 leaf-spine links; bisection 256 × 400 Gb/s / 2 = 51.2 Tb/s.
  QCOMPARE(json.value("fabricLinks").toInt(), 512);
  QCOMPARE(json.value("bisectionBps").toDouble(), 51.2e12);
}

void TestCli::generateWritesALoadableScene()
{
  QTemporaryDir dir;
  const QString spec = dir.filePath("spec.json");
  QFile file(spec);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(R"({"name": "pod-1k", "serverModel": "dgx-h100", "gpuCount": 1024,
                "scalableUnitsPerRow": 2})");
  file.close();
  const QString out = dir.filePath("pod.json");
  const Run run = cli({ "generate", spec, "-o", out });
  QCOMPARE(run.exitCode, 0);
  QVERIFY(run.out.contains("1,024 GPUs in 128 nodes"));
  const Run info = cli({ "info", "--json", out });
  QCOMPARE(QJsonDocument::fromJson(info.out.toUtf8()).object().value("gpus").toInt(), 1024);
}

void TestCli::validateReportsPhysicalErrors()
{
  // Two racks moved onto each other: validate exits 1 and names the JSON path.
  QTemporaryDir dir;
  QFile in(sample("lab-256"));
  QVERIFY(in.open(QIODevice::ReadOnly));
  auto doc = QJsonDocument::fromJson(in.readAll()).object();
  auto site = doc["site"].toObject();
  auto halls = site["halls"].toArray();
  auto hall = halls[0].toObject();
  auto rows = hall["rows"].toArray();
  auto row = rows[0].toObject();
  auto racks = row["racks"].toArray();
  auto rack = racks[1].toObject();
  rack["xM"] = racks[0].toObject()["xM"].toDouble() + 0.1;
  racks[1] = rack;
  row["racks"] = racks;
  rows[0] = row;
  hall["rows"] = rows;
  halls[0] = hall;
  site["halls"] = halls;
  doc["site"] = site;
  const QString path = dir.filePath("overlap.json");
  QFile out(path);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write(QJsonDocument(doc).toJson());
  out.close();
  const Run run = cli({ "validate", path });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.err.contains("/site/halls/0/rows/0/racks/1/xM: error:"), qPrintable(run.err));
  QVERIFY(run.out.contains("1 error"));
  // info refuses the broken scene with the same path in its message.
  const Run info = cli({ "info", path });
  QCOMPARE(info.exitCode, 1);
  QVERIFY(info.err.contains("overlap.json: /site/halls/0/rows/0/racks/1/xM"));
}

void TestCli::badFileNamesFileAndPath()
{
  QTemporaryDir dir;
  const QString path = dir.filePath("broken.json");
  QFile out(path);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write("{\"schemaVersion\": 3, \"site\": {}}");
  out.close();
  const Run run = cli({ "info", path });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(
    run.err.contains("broken.json: /schemaVersion: unsupported schema version 3 (expected 1 to 2)"),
    qPrintable(run.err));
  QCOMPARE(cli({ "validate", dir.filePath("missing.json") }).exitCode, 1);
}

void TestCli::usageErrorsExitWithTwo()
{
  QCOMPARE(cli({ "no-such-command" }).exitCode, 2);
  QCOMPARE(cli({ "info" }).exitCode, 2);
  const Run run = cli({ "generate", "--builtin", "lab-256" });
  QCOMPARE(run.exitCode, 2);
  QVERIFY(run.err.contains("missing -o"));
  QCOMPARE(
    cli({ "generate", "--builtin", "lab-256", "-o", "/tmp/x.json", "--gpus", "many" }).exitCode, 2);
}

void TestCli::renderWithoutDisplaySaysSo()
{
  auto env = QProcessEnvironment::systemEnvironment();
  env.remove("DISPLAY");
  env.remove("WAYLAND_DISPLAY");
  QTemporaryDir dir;
  const Run run = cli({ "render", sample("lab-256"), "-o", dir.filePath("x.png") }, env);
  QCOMPARE(run.exitCode, 1);
  // A build without the scenes layer says so instead; either way no PNG is written.
  const char* expected = MYRIAD_TEST_HAVE_SCENES ? "display" : "no rendering";
  QVERIFY2(run.err.contains(expected, Qt::CaseInsensitive), qPrintable(run.err));
  QVERIFY(!QFile::exists(dir.filePath("x.png")));
}

void TestCli::maxminSolvesAFlowFile()
{
  // L2 (4 Gb/s) caps f2; f1 takes the rest of L1 (10 − 4 = 6 Gb/s). With 1 GB each,
  // f1 ends at 8e9 / 6e9 = 1.333 s and f2 at 8e9 / 4e9 = 2 s.
  QTemporaryDir dir;
  QVERIFY(writeFile(dir, "links.csv", "id,capacity\nL1,10e9\nL2,4e9\n"));
  QVERIFY(writeFile(dir, "flows.csv", "id,links,bytes\nf1,L1,1e9\nf2,L1;L2,1e9\n"));
  QVERIFY(writeFile(dir, "bad.csv", "id,links\nf1,L9\n"));
  const Run run =
    cli({ "maxmin", "--flows", dir.filePath("flows.csv"), "--links", dir.filePath("links.csv") });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("f1,6000000000,1.3333333333333333"), qPrintable(run.out));
  QVERIFY(run.out.contains("f2,4000000000,2"));
  const Run bad =
    cli({ "maxmin", "--flows", dir.filePath("bad.csv"), "--links", dir.filePath("links.csv") });
  QCOMPARE(bad.exitCode, 1);
  QVERIFY2(bad.err.contains("bad.csv: line 2: unknown link 'L9'"), qPrintable(bad.err));
  // A spreadsheet's export: CRLF line ends and a quoted id holding a comma, written back quoted.
  // One flow alone on L2 (4 Gb/s) takes all of it.
  QVERIFY(writeFile(dir, "excel.csv", "id,links\r\n\"rack 3, port 1\",L2\r\n"));
  const Run excel =
    cli({ "maxmin", "--flows", dir.filePath("excel.csv"), "--links", dir.filePath("links.csv") });
  QCOMPARE(excel.exitCode, 0);
  QVERIFY2(excel.out.contains("\"rack 3, port 1\",4000000000\n"), qPrintable(excel.out));
}

void TestCli::maxminChangeResolvesWhatChanged()
{
  // Links L1 = 10, L2 = 4 Gb/s; f1 on L1, f2 on L1 and L2. The change: L2 cut to 2 Gb/s, f1
  // leaves, f3 arrives on L2. Then L2 holds f2 and f3: 1 Gb/s each (max-min on 2 Gb/s), and L1
  // holds only f2 at 1 Gb/s.
  QTemporaryDir dir;
  QVERIFY(writeFile(dir, "links.csv", "id,capacity\nL1,10e9\nL2,4e9\n"));
  QVERIFY(writeFile(dir, "flows.csv", "id,links\nf1,L1\nf2,L1;L2\n"));
  QVERIFY(writeFile(dir, "changes.csv",
                    "op,id,capacity,links\ncapacity,L2,2e9,\nleave,f1,,\narrive,f3,,L2\n"));
  QVERIFY(writeFile(dir, "bad.csv", "op,id\nleave,f9\n"));
  QVERIFY(writeFile(dir, "clash.csv", "op,id,capacity,links\narrive,f2,,L1\n"));
  const QStringList base = { "maxmin", "--flows", dir.filePath("flows.csv"), "--links",
                             dir.filePath("links.csv") };
  const Run run = cli(base + QStringList{ "--change", dir.filePath("changes.csv"), "--verify" });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.startsWith("id,rateBps\nf2,1000000000\nf3,1000000000\n"), qPrintable(run.out));
  QVERIFY2(run.out.contains("1 capacities, 1 leaving, 1 arriving"), qPrintable(run.out));
  QVERIFY2(run.out.contains("largest relative difference 0"), qPrintable(run.out));
  const Run bad = cli(base + QStringList{ "--change", dir.filePath("bad.csv") });
  QCOMPARE(bad.exitCode, 1);
  QVERIFY2(bad.err.contains("bad.csv: line 2: unknown flow 'f9'"), qPrintable(bad.err));
  const Run clash = cli(base + QStringList{ "--change", dir.filePath("clash.csv") });
  QCOMPARE(clash.exitCode, 1);
  QVERIFY2(clash.err.contains("arriving flow 'f2' already exists"), qPrintable(clash.err));
  QCOMPARE(cli(base + QStringList{ "--verify" }).exitCode, 2);
  QCOMPARE(cli(base + QStringList{ "--change", dir.filePath("changes.csv"), "--backend", "cuda" })
             .exitCode,
           2);
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
