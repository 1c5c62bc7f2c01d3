/**
 * @file report_language.cpp
 * Installing the report's language (report_language.h).
 */

#include "report_language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace myriad::report
{

namespace
{

const QString kChinese = QStringLiteral("zh_CN");
const QString kEnglish = QStringLiteral("en");

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

} // namespace

QStringList reportLanguages()
{
  return { kEnglish, kChinese };
}

std::optional<QString> normalizedReportLanguage(const QString& text)
{
  QString name = text.trimmed().toLower();
  name.replace(QLatin1Char('-'), QLatin1Char('_'));
  if (name == QLatin1String("zh") || name == QLatin1String("zh_cn") ||
      name == QLatin1String("zh_hans") || name == QLatin1String("zh_hans_cn"))
  {
    return kChinese;
  }
  if (name == QLatin1String("en") ||
      (name.startsWith(QLatin1String("en_")) && QLocale(name).language() == QLocale::English))
  {
    return kEnglish;
  }
  return std::nullopt;
}

QString reportTranslationFile(const QString& language)
{
  return QStringLiteral(":/i18n/myriad_report_%1.qm").arg(language);
}

bool installReportLanguage(const QString& language)
{
  if (language != kChinese)
  {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    return true; // the source texts are English
  }
  if (installTranslator(QStringLiteral("myriad_report_") + language, QStringLiteral(":/i18n")) ==
      nullptr)
  {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    std::fprintf(stderr,
                 "myriad: warning: no %s translation of the report in this build (%s); the "
                 "report stays English\n",
                 qPrintable(language), qPrintable(reportTranslationFile(language)));
    return false;
  }
  QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China));
  // Qt's own strings (none on the pages today; kept for messages Qt itself produces): optional.
  installTranslator(QStringLiteral("qtbase_") + language,
                    QLibraryInfo::path(QLibraryInfo::TranslationsPath));
  return true;
}

} // namespace myriad::report
