// The report's translation (tools/report, docs/i18n.md), in-process: the embedded
// :/i18n/myriad_report_zh_CN.qm reaches a program that links the static myriad_report (as
// myriad-cli and the app do), installReportLanguage() turns the report's texts into the
// glossary's Chinese and sets the locale, --lang values normalise, and
// translations/myriad_report_zh_CN.ts has no unfinished message and keeps every placeholder.
#include "report_language.h"
#include "report_text.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

#include <set>

namespace myriad::report
{

class TestReportTranslation final : public QObject
{
  Q_OBJECT

private slots:
  void normalisesLanguages()
  {
    QCOMPARE(normalizedReportLanguage("zh_CN"), std::optional<QString>("zh_CN"));
    QCOMPARE(normalizedReportLanguage("zh-cn"), std::optional<QString>("zh_CN"));
    QCOMPARE(normalizedReportLanguage("zh"), std::optional<QString>("zh_CN"));
    QCOMPARE(normalizedReportLanguage("en"), std::optional<QString>("en"));
    QCOMPARE(normalizedReportLanguage("en_GB"), std::optional<QString>("en"));
    QVERIFY(!normalizedReportLanguage("xx_YY"));
    QVERIFY(!normalizedReportLanguage("de"));
    QVERIFY(!normalizedReportLanguage(""));
  }

  void chineseTranslatesTheReport()
  {
    QVERIFY2(QFile::exists(reportTranslationFile("zh_CN")),
             "the static library's resource object is not linked in");
    QVERIFY(installReportLanguage("zh_CN"));
    QCOMPARE(QLocale().language(), QLocale::Chinese);
    QCOMPARE(ReportPages::tr("Executive summary"), QString::fromUtf8("执行摘要"));
    QCOMPARE(ReportText::tr("page %1 of %2").arg(2).arg(5), QString::fromUtf8("第 2 页，共 5 页"));
    QCOMPARE(ReportFigures::tr("%n years", nullptr, 5), QString::fromUtf8("5 年"));
    QCOMPARE(termText("cables"), QString::fromUtf8("线缆"));
    QCOMPARE(termText("a category the report does not know"),
             QString("a category the report does not know"));
    QVERIFY(installReportLanguage("en"));
    QCOMPARE(QLocale().language(), QLocale::English);
  }

  void translationFileIsComplete()
  {
    QFile file(MYRIAD_SOURCE_DIR "/translations/myriad_report_zh_CN.ts");
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QRegularExpression placeholder(QStringLiteral("%(\\d+|n)"));
    const auto placeholders = [&placeholder](const QString& text)
    {
      std::set<QString> found;
      for (const auto& match : placeholder.globalMatch(text))
      {
        found.insert(match.captured());
      }
      return found;
    };
    QXmlStreamReader xml(&file);
    QString context;
    QString source;
    int messages = 0;
    while (!xml.atEnd())
    {
      xml.readNext();
      if (!xml.isStartElement())
      {
        continue;
      }
      if (xml.name() == QLatin1String("name"))
      {
        context = xml.readElementText();
      }
      else if (xml.name() == QLatin1String("source"))
      {
        source = xml.readElementText();
      }
      else if (xml.name() == QLatin1String("translation"))
      {
        const QString type = xml.attributes().value("type").toString();
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        ++messages;
        QVERIFY2(type.isEmpty() && !text.isEmpty(),
                 qPrintable(QString("unfinished: %1 \"%2\"").arg(context, source)));
        QVERIFY2(placeholders(text) == placeholders(source),
                 qPrintable(
                   QString("placeholders differ: %1 \"%2\" → \"%3\"").arg(context, source, text)));
      }
    }
    QVERIFY(!xml.hasError());
    QVERIFY2(messages > 250, qPrintable(QString::number(messages)));
  }
};

} // namespace myriad::report

QTEST_GUILESS_MAIN(myriad::report::TestReportTranslation)
#include "test_report_translation.moc"
