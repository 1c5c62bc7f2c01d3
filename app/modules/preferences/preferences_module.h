#pragma once
/**
 * @file preferences_module.h
 * The Preferences module: the action "preferences.open" (Edit ▸ Preferences…, the platform's
 * Preferences shortcut, PreferencesRole so macOS moves it to the application menu; at the end of
 * File when there is no Edit menu) opens the PreferencesDialog. OK stores the interface language
 * in QSettings under interfaceLanguageSettingsKey() ("" = follow the system, "en", "zh_CN");
 * main.cpp reads it at the next start (interface_language.h, docs/i18n.md). Cancel stores nothing.
 */

#include "module.h"

class QAction;

namespace myriad::app
{

class PreferencesModule final : public Module
{
  Q_OBJECT

public:
  using Module::Module;
  QString id() const override { return QStringLiteral("preferences"); }
  void create(AppContext& context) override;

  /** The stored language setting, normalized ("", "en", "zh_CN"); "" when unset or unknown. */
  static QString storedLanguageSetting();
  /** The language the interface runs in now: "en" or "zh_CN". */
  static QString runningLanguage();

  /** Show the dialog (modal); on OK store its choice. */
  void openPreferences();

private:
  void addToMenu(QAction* action);

  AppContext* m_context = nullptr;
};

} // namespace myriad::app
