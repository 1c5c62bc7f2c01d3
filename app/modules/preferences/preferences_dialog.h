#pragma once
/**
 * @file preferences_dialog.h
 * The Preferences dialog (Edit ▸ Preferences…): the interface language, "System default" (follow
 * the system locale), "English" or "简体中文" — each language named in its own language, so a
 * user who cannot read the current one still finds theirs. The dialog only shows and returns
 * the choice; PreferencesModule reads and stores the setting (interfaceLanguageSettingsKey()).
 *
 * The language is installed once, at start (interface_language.h), so a note says that a choice
 * takes effect when Myriad restarts; it shows only while the choice would start Myriad in
 * another language than the one it is running in.
 */

#include <QDialog>
#include <QString>

class QComboBox;
class QLabel;

namespace myriad::app
{

class PreferencesDialog final : public QDialog
{
  Q_OBJECT

public:
  /**
   * `languageSetting`: the stored setting, normalized ("" = follow the system, "en", "zh_CN");
   * anything else preselects "System default". `runningLanguage`: the language the interface
   * runs in now ("en" or "zh_CN").
   */
  PreferencesDialog(const QString& languageSetting, const QString& runningLanguage,
                    QWidget* parent = nullptr);

  /** The chosen setting, normalized: "" (follow the system), "en" or "zh_CN". */
  QString chosenLanguageSetting() const;
  /** Choose a setting ("", "en", "zh_CN") as if picked in the combo; false when not offered. */
  bool chooseLanguageSetting(const QString& setting);
  /** True when the choice starts Myriad in another language than the running one. */
  bool restartNeeded() const;

  QComboBox* languageCombo() const { return m_languageCombo; }
  QLabel* restartNote() const { return m_restartNote; }

private:
  void updateRestartNote();

  QString m_runningLanguage;
  QComboBox* m_languageCombo = nullptr;
  QLabel* m_restartNote = nullptr;
};

} // namespace myriad::app
