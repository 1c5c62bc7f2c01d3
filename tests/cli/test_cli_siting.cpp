/**
 * @file test_cli_siting.cpp
 * `myriad-cli siting STUDY.json` as a planner runs it: the ranked table, the CSV and JSON files
 * with the same options, and a bad study named by file and JSON path (exit 1); an option written
 * as a multi-site scene and `myriad-cli sites` timing a job over it.
 */
#include "cli_test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

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
  void optionBecomesASceneWhoseJobCrossesTheLink();
  void sceneWithoutSitesIsARuntimeError();
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

/** The number after `label` on the line that starts with it ("Step            0.9103 s"). */
double figureAfter(const QString& text, const QString& label)
{
  const QRegularExpression re("^" + QRegularExpression::escape(label) + " +([0-9.]+)",
                              QRegularExpression::MultilineOption);
  const auto match = re.match(text);
  return match.hasMatch() ? match.captured(1).toDouble() : -1;
}

void TestCliSiting::optionBecomesASceneWhoseJobCrossesTheLink()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString csv = dir.filePath("t.csv");
  QCOMPARE(cli({ "siting", kLabStudy, "--csv", csv }).exitCode, 0);
  QFile table(csv);
  QVERIFY(table.open(QIODevice::ReadOnly));
  QString rank;
  for (const QString& row : QString::fromUtf8(table.readAll()).split('\n'))
    if (row.section(',', 1, 1) == "ulanqab-cn + guian-cn")
      rank = row.section(',', 0, 0);
  QVERIFY(!rank.isEmpty());
  const QString scene = dir.filePath("two.json");
  const Run written = cli({ "siting", kLabStudy, "--scene", scene, "--option", rank });
  QVERIFY2(written.exitCode == 0, qPrintable(written.err));
  QVERIFY2(written.out.contains("2 site(s), 1 link(s)"), qPrintable(written.out));
  // The scene's job over the link as written (4 × 400ZR+, 1.6 Tb/s), and with one wavelength
  // (400 Gb/s): four times less bandwidth, a longer exchange and step.
  const QString job = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/jobs/gpt-13b-lab.json");
  const QString json = dir.filePath("r.json");
  const Run wide = cli({ "sites", scene, "--job", job, "-o", json });
  QVERIFY2(wide.exitCode == 0, qPrintable(wide.err));
  QVERIFY2(wide.out.contains("site ulanqab-cn") && wide.out.contains("site guian-cn"),
           qPrintable(wide.out));
  const Run narrow = cli({ "sites", scene, "--job", job, "--channels", "1" });
  QVERIFY2(narrow.exitCode == 0, qPrintable(narrow.err));
  QVERIFY2(narrow.out.contains("over 400 Gb/s"), qPrintable(narrow.out));
  QVERIFY(figureAfter(narrow.out, "Step") > figureAfter(wide.out, "Step"));
  QFile file(json);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QJsonObject document = QJsonDocument::fromJson(file.readAll()).object();
  const QJsonObject result = document["job"].toObject();
  QCOMPARE(result["ringCapacityGbps"].toDouble(), 1600.0);
  QCOMPARE(result["sites"].toArray().size(), 2);
  QVERIFY(std::abs(result["stepS"].toDouble() - figureAfter(wide.out, "Step")) < 1e-3);
  // The sites' economics: the link's CAPEX is part of the total, each site's carbon is there.
  const QJsonObject money = document["economics"].toObject();
  QCOMPARE(money["sites"].toArray().size(), 2);
  QCOMPARE(money["links"].toArray().size(), 1);
  double sites = 0;
  for (const auto& site : money["sites"].toArray())
    sites += site.toObject()["capexUSD"].toDouble();
  const double link = money["links"].toArray()[0].toObject()["capexUSD"].toDouble();
  QVERIFY(link > 0);
  QVERIFY(std::abs(money["capexUSD"].toDouble() - (sites + link)) < 1);
  QVERIFY(wide.out.contains("Total           256 GPUs: CAPEX"));
}

void TestCliSiting::sceneWithoutSitesIsARuntimeError()
{
  const Run run = cli({ "sites", QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json") });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.err.contains("lab-256.json") && run.err.contains("has no sites"),
           qPrintable(run.err));
  QCOMPARE(cli({ "sites" }).exitCode, 2);
  const QString twoSites = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256-two-sites.json");
  const QString lab = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/jobs/gpt-13b-lab.json");
  // A pipeline split of a job with PP 1: a runtime error naming what it needs.
  const Run split = cli({ "sites", twoSites, "--job", lab, "--pipeline-split" });
  QCOMPARE(split.exitCode, 1);
  QVERIFY2(split.err.contains("an even PP"), qPrintable(split.err));
  QCOMPARE(
    cli({ "sites", twoSites, "--job", lab, "--pipeline-split", "--sync", "diloco" }).exitCode, 2);
  QCOMPARE(cli({ "sites", QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256-two-sites.json"),
                 "--sync", "sometimes" })
             .exitCode,
           2);
}

QTEST_GUILESS_MAIN(TestCliSiting)
#include "test_cli_siting.moc"
