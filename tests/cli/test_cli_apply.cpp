// myriad-cli apply as a user runs it on builtin:lab-256: KPIs before → after, JSON output,
// saving, and the refusals (an edit that cannot apply, a bad edits file, a bad option).
#include "cli_test_support.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::Run;

QString sampleEdits(const char* name)
{
  return QStringLiteral(MYRIAD_SOURCE_DIR "/samples/edits/") + name + ".json";
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    return {};
  file.write(text);
  return path;
}

} // namespace

class TestCliApply final : public QObject
{
  Q_OBJECT

private slots:
  void tableShowsBeforeAndAfter();
  void jsonAndSavedScene();
  void refusedEditWritesNothing();
  void badEditsFileNamesThePath();
  void badStageIsAUsageError();
  void everySampleEditsFileApplies();
};

void TestCliApply::tableShowsBeforeAndAfter()
{
  const Run run =
    cli({ "apply", "builtin:lab-256", sampleEdits("lab-move-network-rack"), "--no-thermal" });
  QCOMPARE(run.exitCode, 0);
  QVERIFY2(run.out.contains("1. Move H1-R02-K01 by (-1.50, 0.00) m"), qPrintable(run.out));
  // A move reruns geometry, fabric, economics (and thermal, left out here); not power.
  QVERIFY(run.out.contains("Cable length (km)"));
  QVERIFY(!run.out.contains("Power violations"));
  QVERIFY(!run.out.contains("Mean inlet"));
  QVERIFY(run.out.contains("Stage timings"));
}

void TestCliApply::jsonAndSavedScene()
{
  QTemporaryDir dir;
  const QString out = dir.filePath("edited.json");
  const Run run = cli({ "apply", "builtin:lab-256", sampleEdits("lab-move-network-rack"), "-o", out,
                        "--json", "--stages", "geometry,fabric,power" });
  QCOMPARE(run.exitCode, 0);
  const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
  QVERIFY2(!json.isEmpty(), qPrintable(run.out));
  QCOMPARE(json.value("stages").toArray().size(), 3);
  // The spine rack 1.5 m farther from the leaves: 256 leaf–spine cables each ≈ 1.5 m longer.
  const double before = json.value("before").toObject().value("cableLengthKm").toDouble();
  const double after = json.value("after").toObject().value("cableLengthKm").toDouble();
  QVERIFY2(after - before > 0.35 && after - before < 0.43, qPrintable(run.out));
  QCOMPARE(json.value("after").toObject().value("racks").toInt(), 10);

  QFile saved(out);
  QVERIFY(saved.open(QIODevice::ReadOnly));
  const QJsonObject scene = QJsonDocument::fromJson(saved.readAll()).object();
  const QJsonObject rack = scene["site"]["halls"][0]["rows"][1]["racks"][0].toObject();
  QCOMPARE(rack.value("id").toString(), QString("H1-R02-K01"));
  QCOMPARE(rack.value("xM").toDouble(), 1.0);
  QCOMPARE(cli({ "validate", out }).exitCode, 0);
}

void TestCliApply::refusedEditWritesNothing()
{
  QTemporaryDir dir;
  const QString edits = writeFile(dir, "edits.json", R"({"edits": [
    {"op": "set", "id": "H1-R01-K01", "key": "powerCapW", "value": 30000},
    {"op": "move", "ids": ["H1-R02-K01"], "dx": 0, "dy": -1.5}]})");
  const QString out = dir.filePath("never.json");
  const Run run = cli({ "apply", "builtin:lab-256", edits, "-o", out });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.err.contains("edits[1]") && run.err.contains("H1-R02-K01") &&
             run.err.contains("H1-R01-K01") && run.err.contains("nothing was written"),
           qPrintable(run.err));
  QVERIFY(!QFile::exists(out));
}

void TestCliApply::badEditsFileNamesThePath()
{
  QTemporaryDir dir;
  const QString edits =
    writeFile(dir, "bad.json", R"({"edits": [{"op": "move", "ids": ["H1-R01"], "dx": "far"}]})");
  const Run run = cli({ "apply", "builtin:lab-256", edits });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.err.contains("bad.json: edits[0].dx: got a string (expected a number in metres)"),
           qPrintable(run.err));
}

void TestCliApply::badStageIsAUsageError()
{
  const Run run = cli({ "apply", "builtin:lab-256", sampleEdits("lab-move-network-rack"),
                        "--stages", "geometry,weather" });
  QCOMPARE(run.exitCode, 2);
  QVERIFY2(run.err.contains("unknown stage \"weather\""), qPrintable(run.err));
}

void TestCliApply::everySampleEditsFileApplies()
{
  // samples/edits/lab-*.json are written for builtin:lab-256, 10k-*.json for the 10k sample.
  const QDir dir(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/edits"));
  const QStringList files = dir.entryList({ "*.json" }, QDir::Files);
  QVERIFY(files.size() >= 5);
  for (const QString& file : files)
  {
    const QString scene = file.startsWith("10k-") ? "builtin:h100-superpod-10k" : "builtin:lab-256";
    const Run run = cli({ "apply", scene, dir.filePath(file), "--no-thermal", "--json" });
    QVERIFY2(run.exitCode == 0, qPrintable(file + ": " + run.err));
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QVERIFY2(!json.value("edits").toArray().isEmpty(), qPrintable(file));
  }
}

QTEST_APPLESS_MAIN(TestCliApply)
#include "test_cli_apply.moc"
