// myriad-cli report: the executive PDF report, headless (offscreen Qt platform, no X needed).
// The PDF must be a real PDF of three A4 pages; its text (extracted with Ghostscript's txtwrite
// where Ghostscript is installed, since QPdfWriter compresses the page streams) must carry the
// KPIs that the JSON export of the same run states.
#include "cli_test_support.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::readAll;
using myriad::tests::Run;

/** The report must not need X: run without DISPLAY. */
Run cliWithoutDisplay(const QStringList& arguments)
{
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove("DISPLAY");
  return cli(arguments, env);
}

/** Page objects: "/Type /Page" not followed by "s" (that one is the page tree). */
int pageCount(const QByteArray& pdf)
{
  static const QRegularExpression page(R"(/Type\s*/Page(?![s\w]))");
  int count = 0;
  auto it = page.globalMatch(QString::fromLatin1(pdf));
  while (it.hasNext())
  {
    it.next();
    ++count;
  }
  return count;
}

/** The text of the PDF through Ghostscript, or a null string when gs is not installed. */
QString pdfText(const QString& path)
{
  const QString gs = QStandardPaths::findExecutable("gs");
  if (gs.isEmpty())
  {
    return {};
  }
  QProcess process;
  process.start(gs, { "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=txtwrite", "-sOutputFile=-", path });
  process.waitForFinished(120000);
  // txtwrite separates words by tabs; normalise to single spaces.
  return QString::fromUtf8(process.readAllStandardOutput())
    .replace(QRegularExpression(R"([ \t]+)"), " ");
}

/**
 * Render every page with pdftoppm (poppler) at 20 dpi and return, per page, the fraction of
 * pixels that are not white; empty when pdftoppm is not installed.
 */
std::vector<double> inkPerPage(const QString& path, const QString& workDir)
{
  const QString pdftoppm = QStandardPaths::findExecutable("pdftoppm");
  if (pdftoppm.isEmpty())
  {
    return {};
  }
  QProcess process;
  process.start(pdftoppm, { "-r", "20", "-gray", path, workDir + "/page" });
  process.waitForFinished(120000);
  std::vector<double> ink;
  for (const QFileInfo& file :
       QDir(workDir).entryInfoList({ "page*.pgm" }, QDir::Files, QDir::Name))
  {
    // Binary PGM: "P5", width, height, maxval (255), one whitespace byte, then width × height
    // grey bytes.
    const QByteArray bytes = readAll(file.absoluteFilePath());
    const QList<QByteArray> header = bytes.left(64).simplified().split(' ');
    if (header.size() < 4 || header[0] != "P5")
    {
      ink.push_back(0.0);
      continue;
    }
    const qint64 pixels = header[1].toLongLong() * header[2].toLongLong();
    const QByteArray grey = bytes.right(pixels);
    qint64 dark = 0;
    for (char value : grey)
    {
      dark += static_cast<unsigned char>(value) < 200 ? 1 : 0;
    }
    ink.push_back(pixels > 0 ? double(dark) / double(pixels) : 0.0);
  }
  return ink;
}

/** A missing tool skips a check on a developer machine but fails under CI (deps install it). */
bool toolMissingIsFatal()
{
  return qEnvironmentVariable("CI") == QLatin1String("true");
}

QString money(double usd)
{
  return usd >= 1e6 ? QString("$%1M").arg(usd / 1e6, 0, 'f', 1)
                    : QString("$%1k").arg(usd / 1e3, 0, 'f', 1);
}

const QString kScenarios =
  QStringLiteral(MYRIAD_SOURCE_DIR "/samples/scenarios/lab-256-scenarios.json");

} // namespace

class TestCliReport final : public QObject
{
  Q_OBJECT

private slots:
  void writesThreePagesWithTheKpis()
  {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("report.pdf");
    const QString json = dir.filePath("report.json");
    const QString csv = dir.filePath("report.csv");
    const Run run =
      cliWithoutDisplay({ "report", "builtin:lab-256", "-o", pdf, "--json", json, "--csv", csv });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("3 pages"));
    const QByteArray bytes = readAll(pdf);
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    QVERIFY2(bytes.size() > 10 * 1024, qPrintable(QString::number(bytes.size())));
    QCOMPARE(pageCount(bytes), 3);
    QVERIFY(bytes.contains("/MediaBox [0 0 595")); // A4: 595 × 842 points

    const QJsonObject figures = QJsonDocument::fromJson(readAll(json)).object();
    const QJsonObject kpis = figures["economics"].toObject()["kpis"].toObject();
    QCOMPARE(kpis["gpus"].toInt(), 256); // one SU of 32 DGX H100 × 8 GPUs
    // The CSV holds the same figures, one per row, named by their JSON path.
    const QString table = QString::fromUtf8(readAll(csv));
    QVERIFY(table.startsWith("figure,value\n"));
    QVERIFY(table.contains("\neconomics.kpis.gpus,256\n"));
    QVERIFY(table.contains(QString("\neconomics.kpis.capexUSD,%1")
                             .arg(kpis["capexUSD"].toDouble(), 0, 'g', 17)
                             .left(30)));
    QVERIFY(figures["comparison"].isNull());
    QVERIFY(!figures["sensitivity"].toObject()["bars"].toArray().isEmpty());

    // The pages render and are not blank (pdftoppm, as a viewer would draw them).
    const std::vector<double> ink = inkPerPage(pdf, dir.path());
    if (ink.empty() && toolMissingIsFatal())
    {
      QFAIL("pdftoppm (poppler-utils) is missing under CI; scripts/install-deps.sh installs it");
    }
    if (!ink.empty())
    {
      QCOMPARE(ink.size(), std::size_t{ 3 });
      for (double fraction : ink)
      {
        QVERIFY2(fraction > 0.005, qPrintable(QString("page ink %1").arg(fraction)));
      }
    }
    const QString text = pdfText(pdf);
    if (text.isNull() && toolMissingIsFatal())
    {
      QFAIL("Ghostscript (gs) is missing under CI; scripts/install-deps.sh installs it");
    }
    if (text.isNull())
    {
      QSKIP("Ghostscript (gs) not installed: the page text cannot be extracted");
    }
    QVERIFY2(text.contains("lab-256"), qPrintable(text.left(400)));
    QVERIFY(text.contains("256 GPUs in 10 racks"));
    QVERIFY2(text.contains(money(kpis["capexUSD"].toDouble())), qPrintable(text.left(2000)));
    QVERIFY(text.contains(QString("$%1").arg(kpis["usdPerGpuHour"].toDouble(), 0, 'f', 2)));
    QVERIFY(text.contains(QString::number(kpis["pue"].toDouble(), 'f', 3)));
    QVERIFY(text.contains("Sensitivity of cost per GPU-hour"));
    QVERIFY(text.contains("Reliability and goodput"));
    QVERIFY(text.contains("Assumptions and sources"));
  }

  void comparesAScenario()
  {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("b.pdf");
    const QString json = dir.filePath("b.json");
    const Run run = cliWithoutDisplay(
      { "report", kScenarios, "--scenario", "liquid-retrofit", "-o", pdf, "--json", json });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(pageCount(readAll(pdf)), 3);
    const QJsonObject comparison =
      QJsonDocument::fromJson(readAll(json)).object()["comparison"].toObject();
    QCOMPARE(comparison["scenario"].toString(), QString("liquid-retrofit"));
    // The scenario deletes one compute rack: 4 DGX H100 × 8 GPUs = 32 GPUs fewer.
    for (const auto& value : comparison["kpis"].toArray())
    {
      const QJsonObject row = value.toObject();
      if (row["key"].toString() == "gpus")
      {
        QCOMPARE(row["delta"].toDouble(), -32.0);
      }
    }
    const QString text = pdfText(pdf);
    if (text.isNull() && toolMissingIsFatal())
    {
      QFAIL("Ghostscript (gs) is missing under CI; scripts/install-deps.sh installs it");
    }
    if (text.isNull())
    {
      QSKIP("Ghostscript (gs) not installed: the page text cannot be extracted");
    }
    QVERIFY(text.contains("liquid-retrofit"));
    QVERIFY(text.contains("Racks removed (1): H1-R01-K09"));
    QVERIFY(text.contains("-12.5 %")); // GPUs 256 → 224
  }

  void unknownScenarioIsNamed()
  {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("x.pdf");
    const Run run = cliWithoutDisplay({ "report", kScenarios, "--scenario", "nope", "-o", pdf });
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("\"nope\"") && run.err.contains("hydro-quebec"), qPrintable(run.err));
    QVERIFY(!QFile::exists(pdf));
  }

  void badArgumentsAndInputs()
  {
    QTemporaryDir dir;
    QCOMPARE(cliWithoutDisplay({ "report", "builtin:lab-256" }).exitCode, 2); // no -o
    QFile inputs(dir.filePath("in.json"));
    QVERIFY(inputs.open(QIODevice::WriteOnly));
    inputs.write(R"({"utilisation": 1.4})");
    inputs.close();
    const Run bad = cliWithoutDisplay(
      { "report", "builtin:lab-256", "--inputs", inputs.fileName(), "-o", dir.filePath("r") });
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("utilisation"), qPrintable(bad.err));
  }

  void keepsTheOldFileWhenWritingFails()
  {
    // The PDF is written to a temporary file and renamed: a failure leaves no partial file.
    QTemporaryDir dir;
    const QString target = dir.filePath("missing-folder/report.pdf");
    const Run run = cliWithoutDisplay({ "report", "builtin:lab-256", "-o", target });
    QCOMPARE(run.exitCode, 1);
    QVERIFY(!run.err.isEmpty());
    QVERIFY(!QFile::exists(target));
  }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "test_cli_report.moc"
