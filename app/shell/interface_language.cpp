// The interface language: --lang, the setting or the system locale; the translators of Myriad
// and of Qt, and the default locale (interface_language.h).
#include "interface_language.h"

#include "report_language.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDebug>
#include <QLibraryInfo>
#include <QPointer>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>

namespace myriad::app
{

namespace
{

const QString kChinese = QStringLiteral("zh_CN");
const QString kEnglish = QStringLiteral("en");

/** What installInterfaceLanguage() last installed: Myriad's, the report's and Qt's translators. */
struct Installed
{
  QPointer<QTranslator> myriad;
  QPointer<QTranslator> report; ///< the PDF report's texts (tools/report, myriad_report_<lang>)
  QPointer<QTranslator> qt;
  QString language;
};

Installed& installed()
{
  static Installed state;
  return state;
}

void uninstall(QPointer<QTranslator>& translator)
{
  if (translator)
  {
    QCoreApplication::removeTranslator(translator);
    delete translator;
  }
}

/** A translator of `file` (without ".qm") in `folder`, installed; nullptr where none loads. */
QTranslator* installTranslator(const QString& file, const QString& folder)
{
  auto* translator = new QTranslator(QCoreApplication::instance());
  if (!translator->load(file, folder) || !QCoreApplication::installTranslator(translator))
  {
    delete translator;
    return nullptr;
  }
  return translator;
}

[[noreturn]] void languageUsageError(const QString& message)
{
  std::fprintf(stderr, "myriad: %s\nRun 'myriad --help' for the other options.\n",
               qPrintable(message));
  std::exit(2);
}

} // namespace

QStringList interfaceLanguages()
{
  return { kEnglish, kChinese };
}

QString interfaceLanguageSettingsKey()
{
  return QStringLiteral("interface/language");
}

std::optional<QString> normalizedInterfaceLanguage(const QString& text)
{
  QString name = text.trimmed().toLower();
  name.replace(QLatin1Char('-'), QLatin1Char('_'));
  if (name.isEmpty() || name == QLatin1String("system"))
  {
    return QString();
  }
  return report::normalizedReportLanguage(name); // the report knows the same two languages
}

QString systemInterfaceLanguage(const QLocale& system)
{
  // In the user's order of preference (LANGUAGE=de:zh_CN picks Chinese: there is no German).
  for (const QString& name : system.uiLanguages())
  {
    const QLocale::Language language = QLocale(name).language();
    if (language == QLocale::Chinese)
    {
      return kChinese;
    }
    if (language == QLocale::English)
    {
      return kEnglish;
    }
  }
  return kEnglish;
}

QString chooseInterfaceLanguage(const std::optional<QString>& requested, const QString& setting,
                                const QLocale& system)
{
  if (requested)
  {
    const std::optional<QString> language = normalizedInterfaceLanguage(*requested);
    if (language && !language->isEmpty())
    {
      return *language;
    }
    if (language)
    {
      return systemInterfaceLanguage(system); // --lang system: ignore the setting
    }
  }
  const std::optional<QString> configured = normalizedInterfaceLanguage(setting);
  if (configured && !configured->isEmpty())
  {
    return *configured;
  }
  if (!configured)
  {
    qWarning().noquote() << "myriad: ignoring the setting" << interfaceLanguageSettingsKey() << "="
                         << setting << "(expected en, zh_CN or empty)";
  }
  return systemInterfaceLanguage(system);
}

std::optional<QString> takeLanguageOption(int& argc, char** argv)
{
  std::optional<QString> language;
  int kept = 1;
  bool positionalOnly = false; // after "--" every argument is a FILE
  for (int i = 1; i < argc; ++i)
  {
    const QByteArray arg(argv[i]);
    positionalOnly = positionalOnly || arg == "--";
    if (!positionalOnly && (arg == "--lang" || arg.startsWith("--lang=")))
    {
      if (arg == "--lang" && i + 1 >= argc)
      {
        languageUsageError(QStringLiteral("--lang expects a value: en, zh_CN or system"));
      }
      const QString value =
        arg == "--lang" ? QString::fromLocal8Bit(argv[++i]) : QString::fromLocal8Bit(arg.mid(7));
      language = normalizedInterfaceLanguage(value);
      if (!language)
      {
        languageUsageError(
          QStringLiteral("--lang expects en, zh_CN or system, got '%1'").arg(value));
      }
      continue;
    }
    argv[kept++] = argv[i];
  }
  argv[kept] = nullptr; // argv[argc] is null by convention; QApplication sees only the rest
  argc = kept;
  return language;
}

QLocale interfaceLocale(const QString& language, const QLocale& system)
{
  if (language == kChinese)
  {
    const bool simplified =
      system.language() == QLocale::Chinese && system.script() == QLocale::SimplifiedHanScript;
    return simplified ? system
                      : QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China);
  }
  return system.language() == QLocale::English ? system
                                               : QLocale(QLocale::English, QLocale::UnitedStates);
}

bool installInterfaceLanguage(const QString& language)
{
  Installed& state = installed();
  uninstall(state.myriad);
  uninstall(state.report);
  uninstall(state.qt);
  state.language.clear();
  QLocale::setDefault(interfaceLocale(language));
  if (language == kEnglish || !interfaceLanguages().contains(language))
  {
    return false; // the source strings are English
  }
  state.myriad = installTranslator(QStringLiteral("myriad_") + language, QStringLiteral(":/i18n"));
  if (!state.myriad)
  {
    qWarning().noquote() << "myriad: no" << language
                         << "translation in this build (:/i18n); the interface stays English";
    return false;
  }
  state.language = language;
  // The PDF report (Dashboard → report) in the same language; embedded by myriad_report.
  state.report =
    installTranslator(QStringLiteral("myriad_report_") + language, QStringLiteral(":/i18n"));
  if (!state.report)
  {
    qWarning().noquote() << "myriad: no" << language
                         << "translation of the PDF report in this build; reports stay English";
  }
  // Qt's own strings (standard buttons, file dialogs, context menus): optional.
  state.qt = installTranslator(QStringLiteral("qtbase_") + language,
                               QLibraryInfo::path(QLibraryInfo::TranslationsPath));
  if (!state.qt)
  {
    qInfo().noquote() << QStringLiteral("myriad: qtbase_%1.qm is not installed; Qt's own buttons "
                                        "and dialogs stay English")
                           .arg(language);
  }
  return true;
}

QString installedInterfaceLanguage()
{
  return installed().language;
}

} // namespace myriad::app
