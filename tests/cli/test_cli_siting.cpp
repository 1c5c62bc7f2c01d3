/**
 * @file test_cli_siting.cpp
 * `myriad-cli siting STUDY.json` as a planner runs it: the ranked table, the CSV and JSON files
 * with the same options, and a bad study named by file and JSON path (exit 1).
 */
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

const QString kLabStudy =
  QStringLiteral(MYRIAD_SOURCE_DIR "/samples/siting/lab-256-two-sites.json");

} // namespace

class TestCliSiting final : public QObject
{
  Q_OBJECT

private slots:
  void tableCsvAndJsonAgree();
  void badStudyNamesFileAndPath();
};

void TestCliSiting::tableCsvAndJsonAgree()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString csv = dir.filePath("t.csv");
  const QString json = dir.filePath("r.json");
  const Run run = cli({ "siting", kLabStudy, "--csv", csv, "-o", json });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  // Three candidates, up to two sites each: 3 + 3 options, every one feasible.
  QVERIFY2(run.out.contains("Evaluated       6 options (0 infeasible)"), qPrintable(run.out));
  QFile table(csv);
  QVERIFY(table.open(QIODevice::ReadOnly));
  const QStringList rows = QString::fromUtf8(table.readAll()).trimmed().split('\n');
  QCOMPARE(rows.size(), 7);
  QVERIFY(rows[0].startsWith("rank,option,sites,gpus,capex_usd"));
  QFile file(json);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QJsonObject result = QJsonDocument::fromJson(file.readAll()).object();
  const QJsonArray options = result["options"].toArray();
  QCOMPARE(options.size(), 6);
  // The CSV's first row is the JSON's first option, and the printed table's first line.
  const QJsonObject best = options[0].toObject();
  QCOMPARE(best["rank"].toInt(), 1);
  QVERIFY(rows[1].startsWith("1," + best["label"].toString() + ","));
  QVERIFY(run.out.contains(QRegularExpression("\\n +1 " + best["label"].toString() + " ")));
  // Splits carry their DCI link with a route longer than the great circle.
  for (const auto& o : options)
  {
    const QJsonArray links = o.toObject()["links"].toArray();
    QCOMPARE(links.size(), o.toObject()["sites"].toArray().size() == 2 ? 1 : 0);
    for (const auto& l : links)
      QVERIFY(l.toObject()["routeKm"].toDouble() > l.toObject()["greatCircleKm"].toDouble());
  }
}

void TestCliSiting::badStudyNamesFileAndPath()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath("bad.json");
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(R"({"gpus": 256, "job": ")" MYRIAD_SOURCE_DIR R"(/samples/jobs/gpt-13b-lab.json",
    "candidates": [{"site": "ulanqab-cn"}, {"site": "guian-cn"}],
    "links": [{"from": "ulanqab-cn", "to": "guian-cn", "distanceKm": -40}]})");
  file.close();
  const Run run = cli({ "siting", path });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.err.contains("bad.json") && run.err.contains("/links/0/distanceKm"),
           qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCliSiting)
#include "test_cli_siting.moc"
