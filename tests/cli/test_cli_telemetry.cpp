// myriad-cli telemetry --residuals / --calibrate on a synthetic scrape of the 256-GPU lab sample.
// The generator (docs/models/telemetry.md §5) draws GPU power as 75 W + (700 W − 75 W)·u plus
// 5 W noise and puts one rack's inlet 12 K above the rest, so the fit must find idle ≈ 75 W and
// peak ≈ 700 W, and the hot rack must be the worst inlet residual.
#include "cli_test_support.h"

#include <QFile>
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
using myriad::tests::readJson;
using myriad::tests::Run;

const QString kLab = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");

} // namespace

class TestCliTelemetry final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void calibrateRecoversGeneratorPower();
  void residualsListTheHotRack();
  void badCellIsAUsageError();

private:
  QTemporaryDir m_dir;
  QString m_scrape;
  QString m_hotRack;
};

void TestCliTelemetry::initTestCase()
{
  QVERIFY(m_dir.isValid());
  m_scrape = m_dir.filePath("lab.prom");
  const Run run = cli({ "telemetry-sample", kLab, "-o", m_scrape, "--seed", "3", "--hot-racks", "1",
                        "--dead", "0", "--xid", "0" });
  QCOMPARE(run.exitCode, 0);
  const auto match = QRegularExpression("Hot racks\\s+(\\S+)").match(run.out);
  QVERIFY2(match.hasMatch(), qPrintable(run.out));
  m_hotRack = match.captured(1);
}

void TestCliTelemetry::calibrateRecoversGeneratorPower()
{
  const QString out = m_dir.filePath("cal.json");
  const QString scene = m_dir.filePath("calibrated-scene.json");
  const Run run = cli({ "telemetry", kLab, m_scrape, "--calibrate", out, "--name", "lab-dec",
                        "--calibrated-scene", scene });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("Calibration \"lab-dec\""), qPrintable(run.out));
  const QJsonObject doc = readJson(out);
  QCOMPARE(doc["name"].toString(), QStringLiteral("lab-dec"));
  const QJsonObject h100 = doc["parameters"]["gpuPower"]["h100-sxm"].toObject();
  // 256 GPUs, 5 W noise: standard errors are ~1 W; 5 W is a generous bound.
  QVERIFY2(std::abs(h100["idleW"].toDouble() - 75) < 5, qPrintable(run.out));
  QVERIFY2(std::abs(h100["peakW"].toDouble() - 700) < 5, qPrintable(run.out));
  const QJsonObject err = doc["error"]["gpuPowerW"]["h100-sxm"].toObject();
  QVERIFY(err["rmsAfterW"].toDouble() < err["rmsBeforeW"].toDouble());
  QVERIFY(err["rmsAfterW"].toDouble() < 8);
  const QJsonObject inlet = doc["error"]["inletK"].toObject();
  QVERIFY(inlet["rmsAfter"].toDouble() <= inlet["rmsBefore"].toDouble());
  QVERIFY(doc["parameters"]["thermal"].toObject().contains("setpointCorrectionK"));

  // The scene with the calibration kept as a named scenario reads back and validates.
  const QJsonArray scenarios = readJson(scene)["scenarios"].toArray();
  QCOMPARE(scenarios.size(), 1);
  QCOMPARE(scenarios[0]["name"].toString(), QStringLiteral("lab-dec"));
  QVERIFY(!scenarios[0]["edits"].toArray().isEmpty());
  QVERIFY(scenarios[0]["description"].toString().contains("h100-sxm"));
  QCOMPARE(cli({ "validate", scene }).exitCode, 0);
}

void TestCliTelemetry::residualsListTheHotRack()
{
  const QString out = m_dir.filePath("res.json");
  const Run run = cli({ "telemetry", kLab, m_scrape, "--residuals", out });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("rack inlet   n "), qPrintable(run.out));
  const QJsonObject doc = readJson(out);
  const QJsonObject inlet = doc["summary"]["inletK"].toObject();
  QCOMPARE(inlet["worstId"].toString(), m_hotRack);
  QVERIFY(inlet["worst"].toDouble() > 8); // +12 K injected, the model knows nothing of it
  QCOMPARE(doc["gpuPower"].toArray().size(), 256);
  const Run csv = cli({ "telemetry", kLab, m_scrape, "--residuals", m_dir.filePath("r.csv") });
  QCOMPARE(csv.exitCode, 0);
  QFile file(m_dir.filePath("r.csv"));
  QVERIFY(file.open(QIODevice::ReadOnly));
  QVERIFY(file.readLine().startsWith("kind,id,model,source,utilization,measured,predicted"));
}

void TestCliTelemetry::badCellIsAUsageError()
{
  const Run run =
    cli({ "telemetry", kLab, m_scrape, "--residuals", m_dir.filePath("x.csv"), "--cell", "-1" });
  QCOMPARE(run.exitCode, 2);
  QVERIFY2(run.err.contains("--cell"), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCliTelemetry)
#include "test_cli_telemetry.moc"
