// myriad-cli fabric and generate with a switch placement, and the tray CSV, as a user runs them.
// The 256-GPU lab sample: one compute row (8 DGX racks + the SU's leaf rack, H1-R01) and the
// central network row H1-R02 with the 4 spines; 512 cables (256 node–leaf + 256 leaf–spine).
#include "cli_test_support.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::readAll;
using myriad::tests::Run;

const QString kLab = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");

/** The rows of a CSV file without its header, split at commas (no quoted fields here). */
QList<QStringList> csvRows(const QString& path)
{
  QList<QStringList> rows;
  const QStringList lines = QString::fromUtf8(readAll(path)).split('\n', Qt::SkipEmptyParts);
  for (qsizetype i = 1; i < lines.size(); ++i)
  {
    rows.append(lines[i].split(','));
  }
  return rows;
}

} // namespace

class TestCliFabric final : public QObject
{
  Q_OBJECT

private slots:
  void placementMovesTheLeavesToTheCentralRow();
  void generatedPlacementIsKeptInTheScene();
  void traysCsvHasOneRowPerSegment();
  void badPlacementIsAUsageError();
};

void TestCliFabric::placementMovesTheLeavesToTheCentralRow()
{
  // --placement central-row re-places the 8 leaves into the network-only row H1-R02: every
  // node–leaf cable then ends (B side, the leaf) in H1-R02; the cable count is unchanged.
  QTemporaryDir dir;
  const QString cuts = dir.filePath("cables.csv");
  const Run run = cli({ "fabric", kLab, "--placement", "central-row", "--cutsheet", cuts });
  QCOMPARE(run.exitCode, 0);
  QVERIFY(run.out.contains(QRegularExpression("Cables\\s+512 ")));
  int nodeLeaf = 0;
  for (const QStringList& row : csvRows(cuts))
  {
    if (row.value(1) == "node-leaf")
    {
      ++nodeLeaf;
      QVERIFY2(row.value(7).startsWith("H1-R02-"), qPrintable(row.join(',')));
    }
  }
  QCOMPARE(nodeLeaf, 256);
}

void TestCliFabric::generatedPlacementIsKeptInTheScene()
{
  QTemporaryDir dir;
  const QString scene = dir.filePath("eor.json");
  const Run gen =
    cli({ "generate", "--builtin", "lab-256", "--placement", "end-of-row", "-o", scene });
  QCOMPARE(gen.exitCode, 0);
  QVERIFY(readAll(scene).contains("\"switchPlacement\": \"end-of-row\""));
  // End of row: the leaf rack follows the 8 compute racks, so it is rack K09 of row 1.
  const QString cuts = dir.filePath("cables.csv");
  const Run run = cli({ "fabric", scene, "--cutsheet", cuts });
  QCOMPARE(run.exitCode, 0);
  for (const QStringList& row : csvRows(cuts))
  {
    if (row.value(1) == "node-leaf")
    {
      QCOMPARE(row.value(7), QString("H1-R01-K09"));
    }
  }
}

void TestCliFabric::traysCsvHasOneRowPerSegment()
{
  QTemporaryDir dir;
  const QString trays = dir.filePath("trays.csv");
  const Run run = cli({ "fabric", kLab, "--trays", trays });
  QCOMPARE(run.exitCode, 0);
  const auto m = QRegularExpression("Trays\\s+(\\d+) segments, fullest (\\d+) %").match(run.out);
  QVERIFY2(m.hasMatch(), qPrintable(run.out));
  const QList<QStringList> rows = csvRows(trays);
  QCOMPARE(rows.size(), m.captured(1).toInt());
  double fullest = 0;
  for (const QStringList& row : rows)
  {
    QCOMPARE(row.size(), 14);
    fullest = std::max(fullest, row.value(13).toDouble());
    QVERIFY(row.value(13).toDouble() <= 50.0); // the lab's trays all size to ≤ 50 %
  }
  QCOMPARE(qRound(fullest), m.captured(2).toInt());
}

void TestCliFabric::badPlacementIsAUsageError()
{
  const Run run = cli({ "fabric", kLab, "--placement", "top-of-rack" });
  QCOMPARE(run.exitCode, 2);
  QVERIFY2(run.err.contains("--placement top-of-rack") && run.err.contains("end-of-row"),
           qPrintable(run.err));
  QCOMPARE(
    cli({ "generate", "--builtin", "lab-256", "--placement", "x", "-o", "/tmp/x.json" }).exitCode,
    2);
}

QTEST_GUILESS_MAIN(TestCliFabric)
#include "test_cli_fabric.moc"
