#pragma once
/**
 * @file report_language.h
 * The language of the report (docs/i18n.md): English (the source texts) or Simplified Chinese
 * (translations/myriad_report_zh_CN.ts, embedded at :/i18n/myriad_report_zh_CN.qm).
 */

#include <QString>
#include <QStringList>

#include <optional>

namespace myriad::report
{

/** The languages the report is written in: "en", "zh_CN". */
QStringList reportLanguages();

/**
 * `text` as one of reportLanguages(): "zh_CN" for zh, zh_CN, zh-CN, zh_Hans(_CN); "en" for en and
 * en_XX; nothing for any other (case and - or _ do not matter).
 */
std::optional<QString> normalizedReportLanguage(const QString& text);

/** The resource of the report's translation into `language`: ":/i18n/myriad_report_zh_CN.qm". */
QString reportTranslationFile(const QString& language);

/**
 * Write the report in `language` (one of reportLanguages()) from now on: installs the report's
 * translator and Qt's own (qtbase_<language>.qm from QLibraryInfo::TranslationsPath, optional)
 * and sets QLocale::setDefault to the language (en_US or zh_CN), so numbers and money follow it.
 * Needs a QCoreApplication. Returns false, with a warning on stderr, when the report's
 * translation is not in this build (the report then stays English); true for English.
 */
bool installReportLanguage(const QString& language);

} // namespace myriad::report
