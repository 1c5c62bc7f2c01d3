// The model commands of myriad-cli on the 256-GPU lab sample, as a user runs them.
// Expected figures follow from the sample: one SU of 32 DGX H100 (256 GPUs, 256 rail NICs),
// 8 rail leaves and 4 spines (QM9700, 64 × 400 Gb/s), 346.8 kW IT at catalog maximum.
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

namespace
{

using myriad::tests::cli;
using myriad::tests::Run;

const QString kLab = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");

int lineCount(const QString& path)
{
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll().count('\n') : -1;
}

} // namespace

class TestCliModels final : public QObject
{
  Q_OBJECT

private slots:
  void fabricCountsAndCutSheet();
  void thermalBalancesTheHeat();
  void economicsPrintsTheKpis();
  void economicsComparesCoolingChoices();
  void trafficRingReachesLinkRate();
  void telemetryMapsAGeneratedSnapshot();
};

void TestCliModels::fabricCountsAndCutSheet()
{
  // Two tiers: 256 node-leaf + 8 leaves × 32 uplinks = 512 cables, none out of reach;
  // full bisection = 256 × 400 Gb/s / 2 = 51.2 Tb/s.
  QTemporaryDir dir;
  const QString cuts = dir.filePath("cables.csv");
  const Run run = cli({ "fabric", kLab, "--cutsheet", cuts, "--bom", dir.filePath("bom.csv") });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("Switches        8 leaf, 4 spine"), qPrintable(run.out));
  QVERIFY(run.out.contains(QRegularExpression("Cables\\s+512 ")));
  QVERIFY(run.out.contains("Unreachable     0 cables"));
  QVERIFY(run.out.contains("51.2 Tb/s"));
  QCOMPARE(lineCount(cuts), 513); // header + one row per cable
  QVERIFY(QFile::exists(dir.filePath("bom.csv")));
}

void TestCliModels::thermalBalancesTheHeat()
{
  // At full load (every part at its catalog maximum) every watt of IT heat (346.8 kW) must be
  // removed by the coolers; DGX racks with a 15 K design rise exhaust at supply + 15 K when their
  // inlet is at the 20 °C supply.
  const Run run = cli({ "thermal", kLab, "--cell", "0.5", "--utilisation", "1" });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("energy: in 346.8 kW, removed 346.8 kW"), qPrintable(run.out));
  // Inlet bottom, middle, top, mean and hottest cell at the supply; exhaust 15 K above it.
  QVERIFY2(run.out.contains(QRegularExpression("H1-R01-K0\\d(\\s+20\\.0){5}\\s+35\\.0")),
           qPrintable(run.out));
}

void TestCliModels::economicsPrintsTheKpis()
{
  const Run run = cli({ "economics", kLab, "--no-tornado" });
  QCOMPARE(run.exitCode, 0);
  QVERIFY(run.out.contains(QRegularExpression("GPUs\\s+256\\n")));
  // IT peak = 346.8 kW of servers and switches at catalog maximum + the routed fabric's optics,
  // as `myriad-cli fabric` reports them (628 transceivers, 8.0 kW): 354.8 kW.
  const Run fabric = cli({ "fabric", kLab });
  const QRegularExpressionMatch optics =
    QRegularExpression("transceivers \\(.*\\), ([0-9.]+) kW").match(fabric.out);
  QVERIFY2(optics.hasMatch(), qPrintable(fabric.out));
  const QString peak = QString::number(346.8 + optics.captured(1).toDouble(), 'f', 1);
  QVERIFY2(run.out.contains(peak + " kW peak"), qPrintable(run.out));
  QVERIFY(run.out.contains(QRegularExpression("PUE\\s+1\\.\\d+ annual")));
  const Run bad = cli({ "economics", kLab, "--utilisation", "1.5" });
  QVERIFY(bad.exitCode != 0);
  QVERIFY2(bad.err.contains("utilisation"), qPrintable(bad.err));
}

void TestCliModels::economicsComparesCoolingChoices()
{
  // The lab's 32 DGX H100 as drawn (air), on cold plates and in tanks. In tanks the servers
  // lose their fans: 32 × (10.2 − 9.18) kW = 32.64 kW less IT power at peak, and they fill
  // ⌈32 / 8⌉ = 4 tanks of 80 kW (8 × 9.18 kW = 73.4 kW each).
  QTemporaryDir dir;
  const QString out = dir.filePath("e.json");
  const Run run = cli({ "economics", kLab, "--no-tornado", "--cooling-choices", "-o", out });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("air (as drawn)"), qPrintable(run.out));
  QVERIFY(run.out.contains("4 tank-1p-48u"));
  QFile file(out);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QJsonArray choices =
    QJsonDocument::fromJson(file.readAll()).object()["coolingChoices"].toArray();
  QCOMPARE(choices.size(), 3);
  const QJsonObject air = choices[0].toObject();
  const QJsonObject tanks = choices[2].toObject();
  QCOMPARE(air["choice"].toString(), QString("air"));
  QVERIFY(air["current"].toBool());
  QCOMPARE(tanks["serverModel"].toString(), QString("hgx-h100-immersion"));
  QCOMPARE(tanks["enclosures"].toInt(), 4);
  const double less =
    air["kpis"].toObject()["itPeakMW"].toDouble() - tanks["kpis"].toObject()["itPeakMW"].toDouble();
  QVERIFY2(std::abs(less - 0.03264) < 1e-9, qPrintable(QString::number(less, 'f', 9)));
  QVERIFY(tanks["kpis"].toObject()["pue"].toDouble() < air["kpis"].toObject()["pue"].toDouble());
  QVERIFY(tanks["liquidLoop"].toBool() && !air["liquidLoop"].toBool());
}

void TestCliModels::trafficRingReachesLinkRate()
{
  // Ring all-reduce on a non-blocking fabric: bus bandwidth = NIC rate = 400 Gb/s = 50 GB/s.
  const Run run = cli({ "traffic", kLab, "--ring-allreduce-gpus", "64", "--bytes", "1e9" });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains(QRegularExpression("busbw\\s+50\\.000 GB/s")), qPrintable(run.out));
}

void TestCliModels::telemetryMapsAGeneratedSnapshot()
{
  // The generator leaves 4 GPUs out of the scrape on purpose: 252 of 256 map.
  QTemporaryDir dir;
  const QString prom = dir.filePath("lab.prom");
  QCOMPARE(cli({ "telemetry-sample", kLab, "-o", prom, "--seed", "1" }).exitCode, 0);
  const Run run = cli({ "telemetry", kLab, prom });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("GPUs 252 / 256"), qPrintable(run.out));
  QVERIFY(run.out.contains("nodes 32 / 32"));
}

QTEST_GUILESS_MAIN(TestCliModels)
#include "test_cli_models.moc"
