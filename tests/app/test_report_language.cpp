// The app writes its PDF report in the interface language: installInterfaceLanguage() (main.cpp's
// function) also installs the report's embedded translation (:/i18n/myriad_report_zh_CN.qm, from
// the static myriad_report the app links), and English installs none.
#include "interface_language.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QTest>

namespace myriad::app
{

class TestReportLanguage final : public QObject
{
  Q_OBJECT

private slots:
  void chineseInterfaceWritesAChineseReport()
  {
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/myriad_report_zh_CN.qm")));
    QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
    QCOMPARE(QCoreApplication::translate("ReportPages", "Executive summary"),
             QString::fromUtf8("执行摘要"));
    QCOMPARE(QCoreApplication::translate("ReportText", "page %1 of %2"),
             QString::fromUtf8("第 %1 页，共 %2 页"));
    QCOMPARE(QLocale().language(), QLocale::Chinese);
  }

  void englishInterfaceWritesAnEnglishReport()
  {
    installInterfaceLanguage(QStringLiteral("en"));
    QCOMPARE(QCoreApplication::translate("ReportPages", "Executive summary"),
             QStringLiteral("Executive summary"));
  }
};

} // namespace myriad::app

QTEST_GUILESS_MAIN(myriad::app::TestReportLanguage)
#include "test_report_language.moc"
