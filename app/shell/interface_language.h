#pragma once
/**
 * @file interface_language.h
 * The language of the interface: English (the source strings) or Simplified Chinese. Chosen at
 * start, before the main window exists, from `--lang LANG`, else the setting
 * "interface/language" (empty: follow the system), else the system locale; a change takes effect
 * on restart. The translations are embedded at ":/i18n/myriad_<lang>.qm" (qt_add_translations in
 * app/CMakeLists.txt); Qt's own dialogs and buttons use qtbase_<lang>.qm from Qt's translations
 * folder (Debian: qt6-translations-l10n). docs/i18n.md, docs/glossary-zh.md.
 */

#include <QLocale>
#include <QString>
#include <QStringList>

#include <optional>

namespace myriad::app
{

/** Languages the interface speaks: "en" and "zh_CN". */
QStringList interfaceLanguages();

/** QSettings key of the chosen language; empty or absent: follow the system locale. */
QString interfaceLanguageSettingsKey();

/**
 * A user's spelling of a language as one of interfaceLanguages(): "zh_CN", "zh-CN", "zh" →
 * "zh_CN"; "en", "en_US", "en-GB" → "en"; "system" or "" → "" (follow the system). Anything else:
 * nullopt.
 */
std::optional<QString> normalizedInterfaceLanguage(const QString& text);

/** The language the system locale asks for: Chinese → "zh_CN", anything else → "en". */
QString systemInterfaceLanguage(const QLocale& system = QLocale::system());

/**
 * The language to use: `requested` (from --lang) when given ("system": the system's, whatever
 * the setting says), else `setting` when set, else the system's. An unknown setting is reported
 * and ignored.
 */
QString chooseInterfaceLanguage(const std::optional<QString>& requested, const QString& setting,
                                const QLocale& system = QLocale::system());

/**
 * Removes `--lang LANG` and `--lang=LANG` from the command line (before QApplication sees it;
 * parseAppOptions parses the rest) and returns LANG normalized ("" for "system"); nullopt when
 * absent. A missing or unknown LANG prints a usage error naming --lang and the accepted values
 * to stderr and exits with status 2.
 */
std::optional<QString> takeLanguageOption(int& argc, char** argv);

/**
 * The locale numbers, dates and money are shown in for `language`: the system locale when it is
 * of that language (keeps en_GB's or zh_SG's conventions), else the language's own ("zh_CN",
 * "en_US"), so the interface never mixes Chinese text with, say, German decimal commas.
 */
QLocale interfaceLocale(const QString& language, const QLocale& system = QLocale::system());

/**
 * Installs the translators of `language` on the application (replacing those of an earlier
 * call) and makes QLocale() interfaceLocale(language) through QLocale::setDefault. Returns
 * whether Myriad's own translation was loaded; "en" needs none and returns false.
 * QCoreApplication must exist.
 */
bool installInterfaceLanguage(const QString& language);

/** The language installInterfaceLanguage() last installed a translation for; "" for English. */
QString installedInterfaceLanguage();

} // namespace myriad::app
