// myriad-cli report: the executive PDF report, headless (offscreen Qt platform, no X needed).
// The PDF must be a real PDF of A4 pages (five, six with scenarios) numbered "page N of M"; its
// text (extracted with Ghostscript's txtwrite where Ghostscript is installed, since QPdfWriter
// compresses the page streams) must carry the executive summary, the assumptions and the KPIs
// that the JSON export of the same run states, and never a file-system path. The TCO
// reconciliation (CAPEX + discounted OPEX − discounted residual = TCO) is checked against a
// calculation by hand on inputs chosen to make it simple.
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

#include <algorithm>
#include <cmath>

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

/** Money as the report writes it in English (tools/report/money_text.h): "$14.1 M", "$734.3 k". */
QString money(double usd)
{
  return usd >= 1e6 ? QString("$%1 M").arg(usd / 1e6, 0, 'f', usd >= 1e8 ? 0 : 1)
                    : QString("$%1 k").arg(usd / 1e3, 0, 'f', 1);
}

const QString kScenarios =
  QStringLiteral(MYRIAD_SOURCE_DIR "/samples/scenarios/lab-256-scenarios.json");

} // namespace

class TestCliReport final : public QObject
{
  Q_OBJECT

private slots:
  void writesTheSummaryAssumptionsAndKpis()
  {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("report.pdf");
    const QString json = dir.filePath("report.json");
    const QString csv = dir.filePath("report.csv");
    const Run run =
      cliWithoutDisplay({ "report", "builtin:lab-256", "-o", pdf, "--json", json, "--csv", csv });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("6 pages"), qPrintable(run.out));
    const QByteArray bytes = readAll(pdf);
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    QVERIFY2(bytes.size() > 10 * 1024, qPrintable(QString::number(bytes.size())));
    // summary, costs, energy, headroom, cooling choices (DGX H100 has an immersion-ready
    // variant), appendix
    QCOMPARE(pageCount(bytes), 6);
    QVERIFY(bytes.contains("/MediaBox [0 0 595")); // A4: 595 × 842 points

    const QJsonObject figures = QJsonDocument::fromJson(readAll(json)).object();
    const QJsonObject kpis = figures["economics"].toObject()["kpis"].toObject();
    // The cooling page's figures: the air column is the report's own evaluation.
    const QJsonArray cooling = figures["coolingChoices"].toArray();
    QCOMPARE(cooling.size(), 3);
    QCOMPARE(cooling[0].toObject()["kpis"].toObject()["pue"].toDouble(), kpis["pue"].toDouble());
    QCOMPARE(cooling[2].toObject()["enclosureModel"].toString(), QString("tank-1p-48u"));
    QCOMPARE(kpis["gpus"].toInt(), 256); // one SU of 32 DGX H100 × 8 GPUs
    // The CSV holds the same figures, one per row, named by their JSON path.
    const QString table = QString::fromUtf8(readAll(csv));
    QVERIFY(table.startsWith("figure,value\n"));
    QVERIFY(table.contains("\neconomics.kpis.gpus,256\n"));
    QVERIFY(table.contains(QString("\neconomics.kpis.capexUSD,%1")
                             .arg(kpis["capexUSD"].toDouble(), 0, 'g', 17)
                             .left(30)));
    QVERIFY(figures["comparison"].isNull());
    // The summary is three to five sentences that state the figures of this run.
    const QJsonArray summary = figures["summary"].toArray();
    QVERIFY2(summary.size() >= 3 && summary.size() <= 5,
             qPrintable(QString::number(summary.size())));
    QString summaryText;
    for (const auto& sentence : summary)
    {
      summaryText += sentence.toString() + " ";
    }
    QVERIFY(summaryText.contains("256 GPUs in 10 racks"));
    QVERIFY(summaryText.contains("MW at peak nameplate power"));
    QVERIFY(summaryText.contains("on average at 80 % utilisation"));
    QVERIFY2(summaryText.contains(money(kpis["capexUSD"].toDouble())), qPrintable(summaryText));
    QVERIFY(summaryText.contains(money(kpis["tcoUSD"].toDouble())));
    QVERIFY(summaryText.contains(
      QString("$%1 per GPU-hour").arg(kpis["usdPerGpuHour"].toDouble(), 0, 'f', 2)));
    QVERIFY(summaryText.contains(QString("PUE of %1").arg(kpis["pue"].toDouble(), 0, 'f', 3)));
    QVERIFY(summaryText.contains("Biggest risk") || summaryText.contains("narrowest headroom"));
    // The assumptions table names the energy price's source.
    bool priceRow = false;
    for (const auto& value : figures["assumptionTable"].toArray())
    {
      const QJsonObject row = value.toObject();
      if (row["name"].toString() == "Energy price")
      {
        priceRow =
          row["value"].toString().startsWith("$0.") && row["source"].toString().contains("EIA");
      }
    }
    QVERIFY(priceRow);
    QVERIFY(!figures["sensitivity"].toObject()["bars"].toArray().isEmpty());

    // The pages render and are not blank (pdftoppm, as a viewer would draw them).
    const std::vector<double> ink = inkPerPage(pdf, dir.path());
    if (ink.empty() && toolMissingIsFatal())
    {
      QFAIL("pdftoppm (poppler-utils) is missing under CI; scripts/install-deps.sh installs it");
    }
    if (!ink.empty())
    {
      QCOMPARE(ink.size(), std::size_t{ 6 });
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
    QVERIFY(text.contains("Executive summary"));
    QVERIFY(text.contains("256 GPUs in 10 racks"));
    for (int page = 1; page <= 6; ++page)
    {
      QVERIFY2(text.contains(QString("page %1 of 6").arg(page)), qPrintable(QString::number(page)));
    }
    for (const char* row :
         { "Assumptions", "Utilisation (mean IT load)", "Energy price", "Discount rate",
           "TCO horizon", "Residual value after 5 years", "Currency", "US dollars (USD)" })
    {
      QVERIFY2(text.contains(row), row);
    }
    QVERIFY(text.contains("Total cost of ownership, reconciled"));
    QVERIFY(text.contains("OPEX by category"));
    QVERIFY(text.contains("Appendix: unit prices behind CAPEX"));
    QVERIFY(text.contains("dgx-h100")); // 32 × $270,000 in the appendix
    QVERIFY(text.contains("$270,000"));
    QVERIFY(text.contains("Thermal headroom"));
    QVERIFY(text.contains("page 6 of 6"));
    // The cooling page: the lab's DGX H100 air-cooled as drawn, on cold plates, in tanks.
    QVERIFY(text.contains("Cooling choices for the same GPUs"));
    QVERIFY(text.contains("Air (as drawn)"));
    QVERIFY(text.contains("hgx-h100-immersion"));
    QVERIFY(text.contains("4 tank-1p-48u"));
    QVERIFY2(text.contains(money(kpis["capexUSD"].toDouble())), qPrintable(text.left(2000)));
    QVERIFY(text.contains(QString("$%1").arg(kpis["usdPerGpuHour"].toDouble(), 0, 'f', 2)));
    QVERIFY(text.contains(QString::number(kpis["pue"].toDouble(), 'f', 3)));
    QVERIFY(text.contains("Sensitivity of cost per GPU-hour"));
    QVERIFY(text.contains("Reliability and goodput"));
    QVERIFY(text.contains("Estimates the figures rest on"));
  }

  void reconcilesTheTco()
  {
    // Hand-checkable inputs: r = 10 %, N = 2 years, IT life 4 years, facility life 10 years.
    //   discounted OPEX = OPEX × (1/1.1 + 1/1.21) = OPEX × 1.735537…
    //   residual = IT CAPEX × (1 − 2/4) + facility CAPEX × (1 − 2/10), discounted by 1.1² = 1.21
    //   TCO = CAPEX + discounted OPEX − discounted residual
    QTemporaryDir dir;
    QFile inputs(dir.filePath("in.json"));
    QVERIFY(inputs.open(QIODevice::WriteOnly));
    inputs.write(R"({"discountRate": 0.1, "years": 2, "itLifeYears": 4, "facilityLifeYears": 10})");
    inputs.close();
    const QString pdf = dir.filePath("r.pdf");
    const QString json = dir.filePath("r.json");
    const Run run = cliWithoutDisplay(
      { "report", "builtin:lab-256", "--inputs", inputs.fileName(), "-o", pdf, "--json", json });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject figures = QJsonDocument::fromJson(readAll(json)).object();
    const QJsonObject economics = figures["economics"].toObject();
    double capex = 0;
    double residual = 0;
    for (const auto& value : economics["capex"].toArray())
    {
      const QJsonObject item = value.toObject();
      const double usd = item["usd"].toDouble();
      const int life = item["lifeYears"].toInt();
      QVERIFY(life == 4 || life == 10);
      capex += usd;
      residual += usd * (life == 4 ? 0.5 : 0.8);
    }
    double opex = 0;
    for (const auto& value : economics["opex"].toArray())
    {
      opex += value.toObject()["usd"].toDouble();
    }
    const double discountedOpex = opex * (1 / 1.1 + 1 / 1.21);
    const double discountedResidual = residual / 1.21;
    const double tco = capex + discountedOpex - discountedResidual;
    const QJsonObject r = figures["tcoReconciliation"].toObject();
    auto near = [](double a, double b)
    { return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b)); };
    QVERIFY(near(r["capexUSD"].toDouble(), capex));
    QVERIFY(near(r["discountedOpexUSD"].toDouble(), discountedOpex));
    QVERIFY(near(r["residualUSD"].toDouble(), residual));
    QVERIFY(near(r["discountedResidualUSD"].toDouble(), discountedResidual));
    QVERIFY(near(r["tcoUSD"].toDouble(), tco));
    // The lines add up to the engine's own TCO, the one every other view shows.
    const double engineTco = economics["kpis"].toObject()["tcoUSD"].toDouble();
    QVERIFY2(near(engineTco, tco), qPrintable(QString("%1 vs %2").arg(engineTco).arg(tco)));
    QVERIFY(residual > 0 && discountedOpex > 0);

    // The printed table adds up too: CAPEX + OPEX − residual = TCO in the units printed.
    const QString text = pdfText(pdf);
    if (text.isNull())
    {
      QSKIP("Ghostscript (gs) not installed: the page text cannot be extracted");
    }
    static const QRegularExpression line(
      R"(CAPEX \(year 0\).*?\$([\d,.]+) M.*?OPEX, discounted.*?\+\$([\d,.]+) M.*?Residual )"
      R"(value, discounted.*?-\$([\d,.]+) M.*?= TCO \(present value\) \$([\d,.]+) M)",
      QRegularExpression::DotMatchesEverythingOption);
    const auto m = line.match(text);
    QVERIFY2(m.hasMatch(), qPrintable(text.left(3000)));
    auto number = [](const QString& s) { return QString(s).remove(',').toDouble(); };
    // In hundredths of $M (the table's unit for a TCO of $1M to $100M), exact integers.
    auto cents = [&](int i) { return std::llround(number(m.captured(i)) * 100); };
    QVERIFY2(cents(1) + cents(2) - cents(3) == cents(4), qPrintable(m.captured(0)));
    QCOMPARE(cents(4), std::llround(tco / 1e4));
  }

  void headroomMatchesTheThermalCommand()
  {
    // The report's thermal headroom is the thermal model's answer at the same load: its hottest
    // inlet, racks over the ASHRAE limits and most loaded cooler equal `myriad-cli thermal` with
    // --utilisation at the report's utilisation (0.8) and at 1 (peak nameplate).
    QTemporaryDir dir;
    const QString json = dir.filePath("r.json");
    const Run run = cliWithoutDisplay(
      { "report", "builtin:h100-superpod-10k", "-o", dir.filePath("r.pdf"), "--json", json });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray halls =
      QJsonDocument::fromJson(readAll(json)).object()["thermalHeadroom"].toArray();
    QCOMPARE(halls.size(), 2); // one hall at 80 % and at 100 %
    for (const auto& value : halls)
    {
      const QJsonObject hall = value.toObject();
      QVERIFY(hall["evaluated"].toBool());
      const double fraction = hall["utilisation"].toDouble();
      const QString out = dir.filePath(QString("t%1.json").arg(fraction));
      const Run thermal =
        cliWithoutDisplay({ "thermal", "builtin:h100-superpod-10k", "--utilisation",
                            QString::number(fraction), "--backend", "cpu", "--out", out });
      QVERIFY2(thermal.exitCode == 0, qPrintable(thermal.err));
      const QJsonObject result = QJsonDocument::fromJson(readAll(out)).array()[0].toObject();
      const QJsonObject metrics = result["metrics"].toObject();
      QCOMPARE(hall["racksAboveRecommended"].toInt(), metrics["racksAboveRecommended"].toInt());
      QCOMPARE(hall["racksAboveAllowable"].toInt(), metrics["racksAboveAllowable"].toInt());
      double maxInlet = -1e9;
      for (const auto& rack : result["racks"].toArray())
      {
        // The report's headroom reads the auditor's points (bottom, middle, top of the
        // intake), as the ASHRAE counts do.
        const QJsonObject r = rack.toObject();
        if (r["airCooled"].toBool())
        {
          maxInlet = std::max({ maxInlet, r["inletBottomC"].toDouble(),
                                r["inletMiddleC"].toDouble(), r["inletTopC"].toDouble() });
        }
      }
      QVERIFY2(std::abs(hall["maxInletC"].toDouble() - maxInlet) < 1e-6,
               qPrintable(QString("%1 vs %2").arg(hall["maxInletC"].toDouble()).arg(maxInlet)));
      double maxLoad = 0;
      for (const auto& cooler : result["coolers"].toArray())
      {
        const QJsonObject k = cooler.toObject();
        if (k["capacityW"].toDouble() > 0)
        {
          maxLoad = std::max(maxLoad, k["loadW"].toDouble() / k["capacityW"].toDouble());
        }
      }
      QVERIFY(std::abs(hall["maxCoolerLoad"].toDouble() - maxLoad) < 1e-9);
    }
  }

  void pathsStayOffThePages()
  {
    // The cover names the scene, never where its file lies.
    QTemporaryDir dir;
    const QString pdf = dir.filePath("p.pdf");
    const Run run = cliWithoutDisplay({ "report", kScenarios, "-o", pdf });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("7 pages")); // the scene has scenarios: a scenario page
    const QString text = pdfText(pdf);
    if (text.isNull())
    {
      QSKIP("Ghostscript (gs) not installed: the page text cannot be extracted");
    }
    QVERIFY2(!text.contains(MYRIAD_SOURCE_DIR) && !text.contains("lab-256-scenarios.json"),
             qPrintable(text.left(600)));
    QVERIFY(text.contains("page 7 of 7"));
    QVERIFY(text.contains("Cooling choices for the same GPUs"));
    QVERIFY(text.contains("Scenarios"));
    QVERIFY(text.contains("liquid-retrofit"));
  }

  void comparesAScenario()
  {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("b.pdf");
    const QString json = dir.filePath("b.json");
    const Run run = cliWithoutDisplay(
      { "report", kScenarios, "--scenario", "liquid-retrofit", "-o", pdf, "--json", json });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(pageCount(readAll(pdf)), 7); // with the cooling and scenario pages
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

  void addsTheSitingPage()
  {
    // A siting study adds one page, "Where to build", and its options to the JSON.
    QTemporaryDir dir;
    const QString pdf = dir.filePath("s.pdf");
    const QString json = dir.filePath("s.json");
    const Run run = cliWithoutDisplay(
      { "report", "builtin:lab-256", "-o", pdf, "--json", json, "--siting",
        QStringLiteral(MYRIAD_SOURCE_DIR "/samples/siting/lab-256-two-sites.json") });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(pageCount(readAll(pdf)), 7); // summary … cooling choices, siting, appendix
    const QJsonObject siting = QJsonDocument::fromJson(readAll(json)).object()["siting"].toObject();
    QCOMPARE(siting["options"].toArray().size(), 6);
    QCOMPARE(siting["evaluated"].toInt(), 6);
    const QString text = pdfText(pdf);
    if (text.isNull() && toolMissingIsFatal())
    {
      QFAIL("Ghostscript (gs) is missing under CI; scripts/install-deps.sh installs it");
    }
    if (text.isNull())
    {
      QSKIP("Ghostscript (gs) not installed: the page text cannot be extracted");
    }
    QVERIFY(text.contains("Where to build"));
    QVERIFY2(text.contains("the cheapest is Ulanqab"), qPrintable(text.right(3000)));
    // A study that cannot be read is a runtime error naming it, and no PDF is written.
    const Run bad = cliWithoutDisplay({ "report", "builtin:lab-256", "-o", dir.filePath("x.pdf"),
                                        "--siting", dir.filePath("none.json") });
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("none.json"), qPrintable(bad.err));
    QVERIFY(!QFile::exists(dir.filePath("x.pdf")));
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
