// myriad-cli report --lang: the executive PDF in Simplified Chinese (docs/i18n.md). The Chinese
// report embeds a CJK font (pdffonts: emb = yes) and its text (pdftotext, poppler) carries the
// Chinese section titles and none of the English ones; the English report (the default, and
// --lang en) keeps its titles and embeds no CJK font; an unknown language is a usage error
// (exit 2) naming --lang; a scene in yuan (site.currency CNY) shows money in 万元/亿元 in
// Chinese and with ¥ in English while the JSON export stays in USD with the currency block.
#include "cli_test_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

namespace
{

using myriad::tests::cli;
using myriad::tests::readAll;
using myriad::tests::Run;

Run cliWithoutDisplay(const QStringList& arguments)
{
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove("DISPLAY");
  return cli(arguments, env);
}

/** The output of a poppler tool on `pdf`, or a null string when it is not installed. */
QString poppler(const QString& tool, const QStringList& arguments)
{
  const QString program = QStandardPaths::findExecutable(tool);
  if (program.isEmpty())
  {
    return {};
  }
  QProcess process;
  process.start(program, arguments);
  process.waitForFinished(60000);
  return QString::fromUtf8(process.readAllStandardOutput());
}

QString pdfText(const QString& pdf)
{
  return poppler("pdftotext", { "-enc", "UTF-8", pdf, "-" });
}

/** Embedded fonts of `pdf` (pdffonts: name … emb sub uni object), one name per entry. */
QStringList embeddedFonts(const QString& pdf)
{
  QStringList fonts;
  const QStringList lines = poppler("pdffonts", { pdf }).split('\n', Qt::SkipEmptyParts);
  for (const QString& line : lines.mid(2)) // two header lines
  {
    const QStringList fields = line.simplified().split(' ');
    // name type… encoding emb sub uni object-id generation: emb is the 5th field from the end.
    if (fields.size() >= 7 && fields[fields.size() - 5] == "yes")
    {
      fonts << fields.front();
    }
  }
  return fonts;
}

bool toolsMissing()
{
  return QStandardPaths::findExecutable("pdffonts").isEmpty() ||
         QStandardPaths::findExecutable("pdftotext").isEmpty();
}

const char* const kEnglishTitles[] = { "Executive summary",
                                       "Key figures",
                                       "Total cost of ownership, reconciled",
                                       "OPEX by category",
                                       "Energy, power and sensitivity",
                                       "Headroom and risks",
                                       "Thermal headroom",
                                       "Reliability and goodput",
                                       "Appendix: unit prices behind CAPEX",
                                       "Cooling choices for the same GPUs",
                                       "page 1 of 6" };

const char* const kChineseTitles[] = { "Myriad 管理层报告",
                                       "执行摘要",
                                       "关键指标",
                                       "假设",
                                       "总拥有成本（TCO）核对",
                                       "按类别的运营支出（每年）",
                                       "能耗、功率与敏感性",
                                       "余量与风险",
                                       "热余量",
                                       "可靠性与有效训练时间比",
                                       "附录：资本支出所依据的单价",
                                       "同样 GPU 的冷却方式比较",
                                       "第 1 页，共 6 页",
                                       "第 6 页，共 6 页" };

/** A CJK family the report may embed (report_font.cpp): not DejaVu. */
bool isCjkFont(const QString& name)
{
  return name.contains("CJK") || name.contains("Droid") || name.contains("SourceHan") ||
         name.contains("WenQuanYi") || name.contains("WQY") || name.contains("Hei") ||
         name.contains("Ming") || name.contains("Song");
}

} // namespace

class TestCliReportLanguage final : public QObject
{
  Q_OBJECT

private slots:
  void chineseReportEmbedsACjkFont()
  {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("zh.pdf");
    const Run run =
      cliWithoutDisplay({ "report", "builtin:lab-256", "-o", pdf, "--lang", "zh_CN" });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("6 pages"), qPrintable(run.out)); // stdout stays English
    if (toolsMissing())
    {
      QSKIP("pdffonts/pdftotext (poppler-utils) not installed: the PDF cannot be inspected");
    }
    const QStringList fonts = embeddedFonts(pdf);
    QVERIFY2(std::any_of(fonts.begin(), fonts.end(), isCjkFont), qPrintable(fonts.join(", ")));
    const QString text = pdfText(pdf);
    for (const char* title : kChineseTitles)
    {
      QVERIFY2(text.contains(QString::fromUtf8(title)), title);
    }
    for (const char* title : kEnglishTitles)
    {
      QVERIFY2(!text.contains(QString::fromUtf8(title)), title);
    }
    // Money in 万/亿 of US dollars, numbers through QLocale (grouped thousands).
    QVERIFY2(text.contains("万美元"), qPrintable(text.left(1500)));
    QVERIFY(text.contains("256 块 GPU"));
  }

  void englishReportKeepsItsTitles()
  {
    if (toolsMissing())
    {
      QSKIP("pdffonts/pdftotext (poppler-utils) not installed: the PDF cannot be inspected");
    }
    QTemporaryDir dir;
    for (const QStringList& language : { QStringList{}, QStringList{ "--lang", "en" } })
    {
      const QString pdf = dir.filePath("en.pdf");
      const Run run =
        cliWithoutDisplay(QStringList{ "report", "builtin:lab-256", "-o", pdf } + language);
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      const QString text = pdfText(pdf);
      for (const char* title : kEnglishTitles)
      {
        QVERIFY2(text.contains(title), title);
      }
      QVERIFY(!text.contains(QString::fromUtf8("执行摘要")));
      const QStringList fonts = embeddedFonts(pdf);
      QVERIFY2(!std::any_of(fonts.begin(), fonts.end(), isCjkFont), qPrintable(fonts.join(", ")));
    }
  }

  void unknownLanguageIsAUsageError()
  {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("x.pdf");
    const Run run =
      cliWithoutDisplay({ "report", "builtin:lab-256", "-o", pdf, "--lang", "xx_YY" });
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--lang") && run.err.contains("zh_CN") && run.err.contains("xx_YY"),
             qPrintable(run.err));
    QVERIFY(!QFile::exists(pdf));
    const Run help = cliWithoutDisplay({ "report", "--help" });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains("--lang CODE"), qPrintable(help.out));
  }

  void yuanSceneShowsYuan()
  {
    // lab-256 with site.currency CNY: money in the reference rate's yuan on the pages.
    QTemporaryDir dir;
    QByteArray scene = readAll(MYRIAD_SOURCE_DIR "/samples/lab-256.json");
    QVERIFY(scene.contains("\"currency\": \"USD\""));
    scene.replace("\"currency\": \"USD\"", "\"currency\": \"CNY\"");
    QFile file(dir.filePath("cny.json"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(scene);
    file.close();
    const QString zh = dir.filePath("zh.pdf");
    const QString en = dir.filePath("en.pdf");
    const QString json = dir.filePath("en.json");
    Run run = cliWithoutDisplay({ "report", file.fileName(), "-o", zh, "--lang", "zh_CN" });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = cliWithoutDisplay({ "report", file.fileName(), "-o", en, "--json", json });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // The JSON keeps the USD figures and names the currency the pages use.
    const QJsonObject figures = QJsonDocument::fromJson(readAll(json)).object();
    const QJsonObject currency = figures["currency"].toObject();
    QCOMPARE(currency["code"].toString(), QString("CNY"));
    QVERIFY(currency["perUsd"].toDouble() > 5 && currency["perUsd"].toDouble() < 10);
    QVERIFY(!currency["date"].toString().isEmpty() && !currency["source"].toString().isEmpty());
    const double capexUsd =
      figures["economics"].toObject()["kpis"].toObject()["capexUSD"].toDouble();
    QVERIFY(capexUsd > 1e6 && capexUsd < 1e8); // lab-256: about $14 M, not ¥101 M
    bool currencyRow = false;
    for (const auto& value : figures["assumptionTable"].toArray())
    {
      const QJsonObject row = value.toObject();
      if (row["name"].toString() == "Currency")
      {
        currencyRow = row["value"].toString().startsWith("CNY at ") &&
                      row["value"].toString().contains(currency["date"].toString());
      }
    }
    QVERIFY(currencyRow);
    if (toolsMissing())
    {
      QSKIP("pdftotext (poppler-utils) not installed: the page text cannot be extracted");
    }
    const QString chinese = pdfText(zh);
    QVERIFY2(chinese.contains(QString::fromUtf8("亿元")) &&
               chinese.contains(QString::fromUtf8("万元")),
             qPrintable(chinese.left(1500)));
    QVERIFY(!chinese.contains(QString::fromUtf8("万美元")));
    const QString rate = QString::number(currency["perUsd"].toDouble(), 'g', 6); // "7.1884"
    QVERIFY(chinese.contains(QString::fromUtf8("汇率 %1/美元").arg(rate)));
    const QString english = pdfText(en);
    QVERIFY2(english.contains(QString::fromUtf8("¥")), qPrintable(english.left(1500)));
    QVERIFY(english.contains(QString("CNY at %1 per USD").arg(rate)));
  }
};

QTEST_GUILESS_MAIN(TestCliReportLanguage)
#include "test_cli_report_language.moc"
