// The Simplified Chinese interface: the embedded zh_CN translation loads through the function
// main.cpp uses and turns real strings of the app into the glossary's Chinese (docs/glossary-
// zh.md), English installs none, the locale of numbers follows the language, --lang is taken
// out of the command line (a bad value exits with 2), and translations/myriad_zh_CN.ts has no
// unfinished message and keeps every placeholder.
#include "engine_text.h"
#include "fabric_panel_models.h"
#include "interface_language.h"
#include "multi_selection_properties.h"
#include "number_format.h"

#include "myriad/engine/catalog.h"

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cstdlib>
#include <optional>

namespace myriad::app
{

class TestTranslation final : public QObject
{
  Q_OBJECT

private slots:
  void chineseTranslatesTheApp();
  void chineseTranslatesQt();
  void textsOutsideQObjectsAreTranslated();
  void moneyCountsInWanAndYi();
  void englishInstallsNone();
  void choosesTheLanguage();
  void takesTheLanguageOption();
  void badLanguageExitsWithTwo();
  void translationFileIsComplete();
  void engineFindingsAreTranslated();
  void translationFileHoldsEverySourceString();
  void cleanupTestCase();
};

void TestTranslation::chineseTranslatesTheApp()
{
  QVERIFY(QFile::exists(QStringLiteral(":/i18n/myriad_zh_CN.qm")));
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  QCOMPARE(installedInterfaceLanguage(), QStringLiteral("zh_CN"));
  const auto tr = [](const char* context, const char* source, int n = -1)
  { return QCoreApplication::translate(context, source, nullptr, n); };
  // The main window's File menu, dock titles, a unit-bearing table header, a plural.
  QCOMPARE(tr("myriad::app::MainWindow", "&File"), QStringLiteral("文件(&F)"));
  QCOMPARE(tr("myriad::app::MainWindow", "Save &As…"), QStringLiteral("另存为(&A)…"));
  QCOMPARE(tr("myriad::app::MainWindow", "Open Sa&mple"), QStringLiteral("打开示例(&M)"));
  QCOMPARE(tr("myriad::app::PreferencesModule", "&Preferences…"), QStringLiteral("首选项(&P)…"));
  QCOMPARE(tr("myriad::app::FabricModule", "Fabric"), QStringLiteral("网络"));
  QCOMPARE(tr("myriad::app::DashboardModule", "Dashboard"), QStringLiteral("仪表盘"));
  QCOMPARE(tr("myriad::app::TelemetryModule", "Telemetry"), QStringLiteral("遥测"));
  QCOMPARE(tr("myriad::app::ThermalPanel", "Inlet\nmean °C"), QStringLiteral("进风\n平均 °C"));
  QCOMPARE(tr("myriad::app::DashboardPanel", "%1 per GPU-hour").arg(QStringLiteral("CNY")),
           QStringLiteral("CNY/GPU·时"));
  QCOMPARE(tr("QObject", "CAPEX"), QStringLiteral("资本支出"));
  QCOMPARE(tr("myriad::app::DashboardPanel", "Goodput"), QStringLiteral("有效训练时间比"));
  QCOMPARE(tr("myriad::app::SceneTreeModel", "row · %n rack(s)", 3),
           QStringLiteral("机柜列 · 3 个机柜"));
  QCOMPARE(tr("MainWindow", "%1 racks · %2 nodes · %3 GPUs · %4 IT peak without optics"),
           QStringLiteral("机柜 %1 · 节点 %2 · GPU %3 · IT 峰值 %4（不含光模块）"));
  // Numbers follow the language: QLocale() is Simplified Chinese (China).
  const QLocale chinese(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China);
  QCOMPARE(QLocale().language(), QLocale::Chinese);
  QCOMPARE(QLocale().script(), QLocale::SimplifiedHanScript);
  QCOMPARE(QLocale().toString(1234567.5, 'f', 1), chinese.toString(1234567.5, 'f', 1));
  QCOMPARE(QLocale().toString(1234567.5, 'f', 1), QStringLiteral("1,234,567.5"));
}

// Strings of free functions and of models without Q_OBJECT: their tr() context at run time must
// be the one lupdate filed them under (a mismatch leaves them English in a Chinese interface).
void TestTranslation::textsOutsideQObjectsAreTranslated()
{
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  QCOMPARE(mixedText(), QStringLiteral("（混合）"));
  const BomTableModel bom;
  QCOMPARE(bom.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("类别"));
  const TrayTableModel trays;
  QCOMPARE(trays.headerData(6, Qt::Horizontal, Qt::DisplayRole).toString(),
           QStringLiteral("填充率 %"));
  // The engine's field and property names (fields.h, describe()) and object kinds, as the
  // Properties panel shows them.
  QCOMPARE(fieldLabel("Supply setpoint"), QStringLiteral("送风温度设定值"));
  QCOMPARE(fieldLabel(engine::describe(engine::Scene{}, { engine::ObjectKind::Site },
                                       engine::Catalog::builtin())
                        .at(1)
                        .first),
           QStringLiteral("类型"));
  QCOMPARE(kindWord(engine::ObjectKind::Cooler), QStringLiteral("制冷单元"));
  QCOMPARE(choiceText(QStringLiteral("liquid")), QStringLiteral("液冷"));
  QCOMPARE(choiceText(QStringLiteral("+y")), QStringLiteral("+y")); // not a word: as spelled
  const std::vector<SelectionGroup> coolers{ { engine::ObjectKind::Cooler,
                                               std::vector<engine::ObjectRef>(40) } };
  QCOMPARE(countText(coolers), QStringLiteral("40 台制冷单元"));
  QVERIFY(!installInterfaceLanguage(QStringLiteral("en")));
  QCOMPARE(mixedText(), QStringLiteral("(mixed)"));
  QCOMPARE(countText(coolers), QStringLiteral("40 coolers"));
  QCOMPARE(fieldLabel("Supply setpoint"), QStringLiteral("Supply setpoint"));
  QCOMPARE(choiceText(QStringLiteral("liquid")), QStringLiteral("liquid"));
}

// Chinese readers count money in 万 (10^4) and 亿 (10^8): $14.1 M is 1,410 万美元, $607 M is
// 6.07 亿美元 (the issue's example); English keeps M and B.
void TestTranslation::moneyCountsInWanAndYi()
{
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  QCOMPARE(formatMoneyUsd(6.07e8), QStringLiteral("6.07 亿美元"));
  QCOMPARE(formatMoneyUsd(1.41e7), QStringLiteral("1,410 万美元"));
  QCOMPARE(formatMoneyUsd(743800), QStringLiteral("74.4 万美元"));
  QCOMPARE(formatMoneyUsd(12.5), QStringLiteral("12.50 美元"));
  QVERIFY(!installInterfaceLanguage(QStringLiteral("en")));
  QCOMPARE(formatMoneyUsd(6.07e8), QStringLiteral("$607 M"));
  QCOMPARE(formatMoneyUsd(1.41e7), QStringLiteral("$14.1 M"));
  QCOMPARE(formatMoneyUsd(1.25e9), QStringLiteral("$1.25 B"));
}

void TestTranslation::chineseTranslatesQt()
{
  const QString folder = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
  if (!QFile::exists(folder + QStringLiteral("/qtbase_zh_CN.qm")))
  {
    QSKIP("qtbase_zh_CN.qm is not installed (Debian: qt6-translations-l10n)");
  }
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
}

void TestTranslation::englishInstallsNone()
{
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  QVERIFY(!installInterfaceLanguage(QStringLiteral("en"))); // removes the Chinese ones
  QCOMPARE(installedInterfaceLanguage(), QString());
  QCOMPARE(QCoreApplication::translate("myriad::app::MainWindow", "&File"),
           QStringLiteral("&File"));
  QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
  QCOMPARE(QLocale().language(), QLocale::English);
  QCOMPARE(QLocale().toString(1234567.5, 'f', 1), QStringLiteral("1,234,567.5"));
}

void TestTranslation::choosesTheLanguage()
{
  const QLocale china(QStringLiteral("zh_CN"));
  const QLocale germany(QStringLiteral("de_DE"));
  const std::optional<QString> none;
  // The system: Chinese → zh_CN; English, the C locale and languages without a translation → en.
  QCOMPARE(chooseInterfaceLanguage(none, QString(), china), QStringLiteral("zh_CN"));
  QCOMPARE(chooseInterfaceLanguage(none, QString(), germany), QStringLiteral("en"));
  QCOMPARE(chooseInterfaceLanguage(none, QString(), QLocale::c()), QStringLiteral("en"));
  // The setting beats the system, --lang beats both; --lang system ignores the setting.
  QCOMPARE(chooseInterfaceLanguage(none, QStringLiteral("en"), china), QStringLiteral("en"));
  QCOMPARE(chooseInterfaceLanguage(none, QStringLiteral("zh_CN"), germany),
           QStringLiteral("zh_CN"));
  QCOMPARE(chooseInterfaceLanguage(QStringLiteral("zh_CN"), QStringLiteral("en"), germany),
           QStringLiteral("zh_CN"));
  QCOMPARE(chooseInterfaceLanguage(QString(), QStringLiteral("zh_CN"), germany),
           QStringLiteral("en"));
  // Spellings.
  QCOMPARE(normalizedInterfaceLanguage(QStringLiteral("zh-CN")),
           std::optional(QStringLiteral("zh_CN")));
  QCOMPARE(normalizedInterfaceLanguage(QStringLiteral("en_GB")),
           std::optional(QStringLiteral("en")));
  QCOMPARE(normalizedInterfaceLanguage(QStringLiteral("system")), std::optional(QString()));
  QCOMPARE(normalizedInterfaceLanguage(QStringLiteral("fr")), std::nullopt);
  // Numbers of an English interface on a German system are English.
  QCOMPARE(interfaceLocale(QStringLiteral("en"), germany).language(), QLocale::English);
  QCOMPARE(interfaceLocale(QStringLiteral("zh_CN"), germany).name(), QStringLiteral("zh_CN"));
}

void TestTranslation::takesTheLanguageOption()
{
  QByteArrayList args{ "myriad", "--lang", "zh_CN", "scene.json", "--lang=en", "--", "--lang" };
  std::vector<char*> argv;
  for (QByteArray& arg : args)
  {
    argv.push_back(arg.data());
  }
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  QCOMPARE(takeLanguageOption(argc, argv.data()), std::optional(QStringLiteral("en")));
  QCOMPARE(argc, 4); // after "--" even "--lang" is a FILE
  QCOMPARE(QByteArray(argv[1]), QByteArray("scene.json"));
  QCOMPARE(QByteArray(argv[2]), QByteArray("--"));
  QCOMPARE(QByteArray(argv[3]), QByteArray("--lang"));
  QVERIFY(argv[4] == nullptr);
}

void TestTranslation::badLanguageExitsWithTwo()
{
  // This binary's main() runs takeLanguageOption alone when MYRIAD_TEST_TAKE_LANG is set.
  for (const QStringList& arguments :
       { QStringList{ "--lang", "klingon" }, QStringList{ "--lang=fr" }, QStringList{ "--lang" } })
  {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MYRIAD_TEST_TAKE_LANG"), QStringLiteral("1"));
    process.setProcessEnvironment(env);
    process.start(QCoreApplication::applicationFilePath(), arguments);
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 2);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("--lang")) && err.contains(QStringLiteral("zh_CN")),
             qPrintable(err));
  }
}

void TestTranslation::translationFileIsComplete()
{
  QFile file(QStringLiteral(MYRIAD_SOURCE_DIR "/translations/myriad_zh_CN.ts"));
  QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
  const QRegularExpression placeholder(QStringLiteral("%(\\d+|n)"));
  const auto placeholders = [&placeholder](const QString& text)
  {
    QStringList found;
    for (const auto& match : placeholder.globalMatch(text))
    {
      found << match.captured();
    }
    found.sort();
    return found;
  };
  QXmlStreamReader xml(&file);
  QString context;
  QString source;
  int messages = 0;
  while (!xml.atEnd())
  {
    if (xml.readNext() != QXmlStreamReader::StartElement)
    {
      continue;
    }
    const auto name = xml.name();
    if (name == QLatin1String("name"))
    {
      context = xml.readElementText();
    }
    else if (name == QLatin1String("source"))
    {
      source = xml.readElementText();
    }
    else if (name == QLatin1String("translation"))
    {
      ++messages;
      const QString type = xml.attributes().value(QLatin1String("type")).toString();
      const QString text =
        xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed(); // numerusform
      QVERIFY2(type != QLatin1String("unfinished") && !text.isEmpty(),
               qPrintable(QStringLiteral("unfinished: %1 \"%2\"").arg(context, source)));
      QVERIFY2(
        placeholders(text) == placeholders(source),
        qPrintable(
          QStringLiteral("placeholders differ: %1 \"%2\" → \"%3\"").arg(context, source, text)));
    }
  }
  QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
  QVERIFY(messages > 500);
}

// The engine writes findings as patterns (engine/text.h); the Violations dock translates them and
// puts the same arguments in. A plain-text finding ("%1") passes through as itself.
void TestTranslation::engineFindingsAreTranslated()
{
  engine::live::Violation overCap;
  overCap.stage = engine::live::Stage::Power;
  overCap.message = "rack R1 draws up to 12.0 kW, over its PDU capacity of 10.0 kW; fix: move "
                    "nodes to another rack or fit larger PDUs (raise powerCapW)";
  overCap.text = { "rack %1 draws up to %2, over its PDU capacity of %3",
                   { "R1", "12.0 kW", "10.0 kW" } };
  overCap.hint = { "move nodes to another rack or fit larger PDUs (raise powerCapW)", {} };
  engine::live::Violation plain;
  plain.message = "the scene has no network switches: no fabric to cable";
  plain.text = { "%1", { plain.message } };
  // English: the engine's own message, word for word.
  QCOMPARE(violationMessage(overCap), QString::fromStdString(overCap.message));
  QCOMPARE(stageName(engine::live::Stage::Power), QStringLiteral("power"));

  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  QCOMPARE(violationMessage(overCap),
           QStringLiteral("机柜 R1 最大功耗 12.0 kW，超过其 PDU 容量 10.0 kW；修复：将节点移到其他"
                          "机柜，或换装更大的 PDU（提高 powerCapW）"));
  QCOMPARE(violationMessage(plain), QString::fromStdString(plain.message));
  QCOMPARE(stageName(engine::live::Stage::Power), QStringLiteral("供电"));
  // Arguments go in by number, so a translation may reorder them: %4 before %5 in English,
  // "在机柜 %5 中的 %4" in Chinese.
  const engine::Text overlap{ "%1 (U%2–U%3) overlaps %4 in rack %5",
                              { "N2", "3", "4", "N1", "R7" } };
  QCOMPARE(translatedText(overlap), QStringLiteral("N2（U3–U4）与机柜 R7 中的 N1 重叠"));
  // A phrase of its own (the load a finding was evaluated at) is translated as a part.
  const engine::Text noUnits{ "%1: %2 kW of heat%3 and no air handlers",
                              { "H1", "512.0" },
                              { engine::Text{ " at %1 % utilisation", { "80" } } } };
  QCOMPARE(translatedText(noUnits),
           QStringLiteral("H1：热负荷 512.0 kW（利用率 80 %），但没有空调"));
  QVERIFY(!installInterfaceLanguage(QStringLiteral("en")));
}

// lupdate over the sources into a copy of the .ts: a string added to the code (a tr() or an
// engine pattern) without being added to translations/myriad_zh_CN.ts shows as new there.
void TestTranslation::translationFileHoldsEverySourceString()
{
  const QString lupdate = QLibraryInfo::path(QLibraryInfo::BinariesPath) + "/lupdate";
  if (!QFile::exists(lupdate))
  {
    const char* ci = std::getenv("CI");
    if (ci && QByteArray(ci) == "true")
      QFAIL(qPrintable(lupdate + " missing under CI (scripts/install-deps.sh: qt6-l10n-tools)"));
    QSKIP("lupdate not installed (qt6-l10n-tools)");
  }
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString copy = dir.filePath(QStringLiteral("myriad_zh_CN.ts"));
  QVERIFY(QFile::copy(QStringLiteral(MYRIAD_SOURCE_DIR "/translations/myriad_zh_CN.ts"), copy));
  QProcess process;
  process.setWorkingDirectory(QStringLiteral(MYRIAD_SOURCE_DIR));
  process.setProcessChannelMode(QProcess::MergedChannels);
  // The command of docs/i18n.md, "Updating the translation".
  process.start(lupdate, { QStringLiteral("app"), QStringLiteral("scenes"),
                           QStringLiteral("engine/src"), QStringLiteral("-tr-function-alias"),
                           QStringLiteral("QT_TRANSLATE_NOOP+=MYRIAD_TR_NOOP"),
                           QStringLiteral("-locations"), QStringLiteral("none"),
                           QStringLiteral("-no-obsolete"), QStringLiteral("-ts"), copy });
  QVERIFY(process.waitForFinished(120000));
  const QString output = QString::fromUtf8(process.readAll());
  QCOMPARE(process.exitCode(), 0);
  const QRegularExpression found(QStringLiteral(R"re(\((\d+) new and (\d+) already existing\))re"));
  const QRegularExpressionMatch match = found.match(output);
  QVERIFY2(match.hasMatch(), qPrintable(output));
  QVERIFY2(match.captured(1) == QLatin1String("0"),
           qPrintable(QStringLiteral("strings of the code missing from the .ts (run the lupdate "
                                     "command of docs/i18n.md): ") +
                      output));
}

void TestTranslation::cleanupTestCase()
{
  installInterfaceLanguage(QStringLiteral("en"));
}

} // namespace myriad::app

int main(int argc, char** argv)
{
  if (qEnvironmentVariableIsSet("MYRIAD_TEST_TAKE_LANG"))
  {
    myriad::app::takeLanguageOption(argc, argv); // exits with 2 on a bad value
    return 0;
  }
  QCoreApplication application(argc, argv);
  myriad::app::TestTranslation test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_translation.moc"
