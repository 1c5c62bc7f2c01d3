// The Ascend 910B sample (samples/ascend-910b-10k.json) through the commands a planner runs on
// it: generate reproduces it, info counts it, validate passes it, and economics, thermal and
// traffic run on it.
#include "cli_test_support.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::readAll;
using myriad::tests::Run;

const QString kSample = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/ascend-910b-10k.json");

} // namespace

class TestCliAscend final : public QObject
{
  Q_OBJECT

private slots:
  void generateReproducesTheSample();
  void infoCountsTheSample();
  void validatePassesTheSample();
  void economicsPricesTheSample();
  void thermalRunsOnTheSample();
  void trafficRunsOnTheSample();
};

void TestCliAscend::generateReproducesTheSample()
{
  // The sample is `generate --builtin ascend-910b-10k`, byte for byte (docs/dev/TESTING.md).
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString out = dir.filePath(QStringLiteral("ascend.json"));
  const Run run = cli({ "generate", "--builtin", "ascend-910b-10k", "-o", out });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  QVERIFY(run.out.contains(QStringLiteral("10,240 GPUs in 1,280 nodes, 360 racks, 480 switches")));
  QCOMPARE(readAll(out), readAll(kSample));
}

void TestCliAscend::infoCountsTheSample()
{
  // 1,250 servers asked → 20 SUs of 64 = 1,280 Atlas 800T A2 = 10,240 NPUs. Links: 10,240
  // node–leaf + 10,240 leaf–spine + 12,288 spine–core = 32,768; full bisection = 10,240
  // ports × 200 Gb/s / 2 = 1,024 Tb/s.
  const Run run = cli({ "info", kSample });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  QVERIFY2(run.out.contains(QRegularExpression("GPUs\\s+10,240\\n")), qPrintable(run.out));
  QVERIFY(run.out.contains(QRegularExpression("Nodes\\s+1,280\\n")));
  QVERIFY2(run.out.contains("Fabric          32,768 links, bisection 1024.0 Tb/s"),
           qPrintable(run.out));
}

void TestCliAscend::validatePassesTheSample()
{
  const Run run = cli({ "validate", kSample });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
}

void TestCliAscend::economicsPricesTheSample()
{
  // Every part of the hall has a (estimated) price: CAPEX and $/GPU-hour are figures, not "—".
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString json = dir.filePath(QStringLiteral("economics.json"));
  const Run run = cli({ "economics", kSample, "--no-tornado", "-o", json });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  const QJsonObject result = QJsonDocument::fromJson(readAll(json)).object();
  QVERIFY2(!result.isEmpty(), qPrintable(run.out));
  QVERIFY2(run.out.contains(QStringLiteral("CAPEX")), qPrintable(run.out));
}

void TestCliAscend::thermalRunsOnTheSample()
{
  // The generated air handlers (N+1) hold every inlet at the 20 °C supply: the check passes.
  const Run run = cli({ "thermal", kSample });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
}

void TestCliAscend::trafficRunsOnTheSample()
{
  // A published job (it names its own GPU) on the 200GE RoCE fabric: 10,240 NPU ports + 480
  // switches = 10,720 devices, 32,768 links.
  const Run run = cli({ "traffic", kSample, "--job",
                        QStringLiteral(MYRIAD_SOURCE_DIR "/samples/jobs/llama3-70b.json") });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  QVERIFY2(run.out.contains(QStringLiteral("10720 devices, 32768 links")), qPrintable(run.out));
}

QTEST_APPLESS_MAIN(TestCliAscend)
#include "test_cli_ascend.moc"
