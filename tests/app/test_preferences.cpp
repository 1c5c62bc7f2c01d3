// Edit ▸ Preferences… in the main window: the dialog offers "System default", "English" and
// "简体中文" with the stored setting chosen; OK stores the normalized language under
// interface/language (which the next start then picks), Cancel stores nothing, and the note
// about the restart shows only for a choice that would start Myriad in another language.
#include "app_test_support.h"
#include "interface_language.h"
#include "main_window.h"
#include "preferences_dialog.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace myriad::app
{

class TestPreferences final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void init();
  void actionIsInTheEditMenu();
  void dialogOffersTheLanguagesInTheirOwnNames();
  void choosingChineseStoresIt();
  void cancelChangesNothing();
  void systemDefaultStoresEmpty();
  void restartNoteShowsOnlyForAnotherLanguage();
  void cleanupTestCase();

private:
  /** The action, found by object name in the window (not by its translated text). */
  QAction* preferencesAction() const;
  /**
   * Trigger the action and, once the modal dialog runs, call `drive` on it; returns whether
   * the dialog was seen.
   */
  bool runDialog(const std::function<void(PreferencesDialog*)>& drive);
  static QVariant storedSetting() { return QSettings().value(interfaceLanguageSettingsKey()); }

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestPreferences::initTestCase()
{
  test::useTestSettings(); // a QSettings of this test binary's own, cleared
  installInterfaceLanguage(QStringLiteral("en"));
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestPreferences::init()
{
  QSettings().remove(interfaceLanguageSettingsKey());
}

void TestPreferences::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
  QSettings().clear();
}

QAction* TestPreferences::preferencesAction() const
{
  return m_window->findChild<QAction*>(QStringLiteral("preferencesAction"));
}

bool TestPreferences::runDialog(const std::function<void(PreferencesDialog*)>& drive)
{
  bool seen = false;
  // The action runs the dialog modally: drive it from the dialog's own event loop.
  QTimer::singleShot(0, this,
                     [&]
                     {
                       auto* dialog = m_window->findChild<PreferencesDialog*>(
                         QStringLiteral("preferencesDialog"));
                       if (dialog)
                       {
                         seen = true;
                         drive(dialog);
                         if (dialog->isVisible()) // a failed check left it open
                         {
                           dialog->reject();
                         }
                       }
                     });
  preferencesAction()->trigger();
  return seen;
}

void TestPreferences::actionIsInTheEditMenu()
{
  QAction* action = preferencesAction();
  QVERIFY(action);
  QCOMPARE(action, m_window->ui().action(QStringLiteral("preferences.open")));
  QCOMPARE(action->menuRole(), QAction::PreferencesRole);
  QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::Preferences));
  QVERIFY(m_window->ui().menu(QStringLiteral("edit.menu"))->actions().contains(action));
}

void TestPreferences::dialogOffersTheLanguagesInTheirOwnNames()
{
  QSettings().setValue(interfaceLanguageSettingsKey(), QStringLiteral("zh-CN")); // as typed
  QVERIFY(runDialog(
    [](PreferencesDialog* dialog)
    {
      QComboBox* combo = dialog->findChild<QComboBox*>(QStringLiteral("preferencesLanguageCombo"));
      QVERIFY(combo);
      QCOMPARE(combo->count(), 3);
      QCOMPARE(combo->itemText(0), QStringLiteral("System default"));
      QCOMPARE(combo->itemText(1), QStringLiteral("English"));
      QCOMPARE(combo->itemText(2), QStringLiteral("简体中文"));
      QCOMPARE(combo->itemData(0).toString(), QString());
      QCOMPARE(combo->currentData().toString(), QStringLiteral("zh_CN")); // the setting's
      dialog->reject();
    }));
  QCOMPARE(storedSetting().toString(), QStringLiteral("zh-CN")); // rejected: left as it was
}

void TestPreferences::choosingChineseStoresIt()
{
  QVERIFY(!storedSetting().isValid());
  QVERIFY(runDialog(
    [](PreferencesDialog* dialog)
    {
      QComboBox* combo = dialog->languageCombo();
      QCOMPARE(combo->currentIndex(), 0); // nothing stored: System default
      combo->setCurrentIndex(combo->findText(QStringLiteral("简体中文")));
      dialog->accept();
    }));
  QCOMPARE(storedSetting().toString(), QStringLiteral("zh_CN"));
  // What main.cpp does at the next start without --lang:
  QCOMPARE(chooseInterfaceLanguage(std::nullopt, storedSetting().toString(), QLocale::c()),
           QStringLiteral("zh_CN"));
}

void TestPreferences::cancelChangesNothing()
{
  QSettings().setValue(interfaceLanguageSettingsKey(), QStringLiteral("en"));
  QVERIFY(runDialog(
    [](PreferencesDialog* dialog)
    {
      QCOMPARE(dialog->chosenLanguageSetting(), QStringLiteral("en"));
      QVERIFY(dialog->chooseLanguageSetting(QStringLiteral("zh_CN")));
      dialog->reject();
    }));
  QCOMPARE(storedSetting().toString(), QStringLiteral("en"));
  QCOMPARE(installedInterfaceLanguage(), QString()); // nothing switches while running
}

void TestPreferences::systemDefaultStoresEmpty()
{
  QSettings().setValue(interfaceLanguageSettingsKey(), QStringLiteral("zh_CN"));
  QVERIFY(runDialog(
    [](PreferencesDialog* dialog)
    {
      dialog->languageCombo()->setCurrentIndex(0);
      dialog->accept();
    }));
  QVERIFY(storedSetting().isValid());
  QCOMPARE(storedSetting().toString(), QString());
  const QLocale chineseSystem(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China);
  QCOMPARE(chooseInterfaceLanguage(std::nullopt, storedSetting().toString(), chineseSystem),
           QStringLiteral("zh_CN"));
  QCOMPARE(chooseInterfaceLanguage(std::nullopt, storedSetting().toString(), QLocale::c()),
           QStringLiteral("en"));
}

void TestPreferences::restartNoteShowsOnlyForAnotherLanguage()
{
  // Running in English: choosing Chinese needs a restart, English does not.
  PreferencesDialog english(QStringLiteral("en"), QStringLiteral("en"));
  QLabel* note = english.findChild<QLabel*>(QStringLiteral("preferencesRestartNote"));
  QVERIFY(note);
  QVERIFY(note->isHidden());
  QVERIFY(!english.restartNeeded());
  english.chooseLanguageSetting(QStringLiteral("zh_CN"));
  QVERIFY(!note->isHidden());
  QVERIFY(note->text().contains(QStringLiteral("restart")));
  english.chooseLanguageSetting(QStringLiteral("en"));
  QVERIFY(note->isHidden());
  // System default means the system's language, whatever that is here.
  english.chooseLanguageSetting(QString());
  QCOMPARE(english.restartNeeded(), systemInterfaceLanguage() != QStringLiteral("en"));
  QCOMPARE(note->isHidden(), !english.restartNeeded());

  // Running in Chinese: the reverse.
  PreferencesDialog chinese(QStringLiteral("zh_CN"), QStringLiteral("zh_CN"));
  QVERIFY(chinese.restartNote()->isHidden());
  chinese.chooseLanguageSetting(QStringLiteral("en"));
  QVERIFY(!chinese.restartNote()->isHidden());
  // An unknown stored value preselects System default.
  PreferencesDialog unknown(QStringLiteral("fr"), QStringLiteral("en"));
  QCOMPARE(unknown.chosenLanguageSetting(), QString());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestPreferences)
#include "test_preferences.moc"
