// The Preferences module: Edit ▸ Preferences… and the stored interface language
// (preferences_module.h).
#include "preferences_module.h"

#include "app_context.h"
#include "interface_language.h"
#include "preferences_dialog.h"
#include "ui_registry.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>

#include <optional>

namespace myriad::app
{

namespace
{

constexpr int kStatusMs = 8000;

} // namespace

void PreferencesModule::create(AppContext& context)
{
  m_context = &context;
  auto* action = new QAction(tr("&Preferences…"), context.window);
  action->setObjectName(QStringLiteral("preferencesAction"));
  action->setShortcut(QKeySequence::Preferences);
  action->setMenuRole(QAction::PreferencesRole);
  action->setStatusTip(tr("Choose the interface language"));
  connect(action, &QAction::triggered, this, &PreferencesModule::openPreferences);
  context.ui->addAction(QStringLiteral("preferences.open"), action);
  addToMenu(action);
}

void PreferencesModule::addToMenu(QAction* action)
{
  UiRegistry* ui = m_context->ui;
  if (QMenu* edit = ui->menu(QStringLiteral("edit.menu")))
  {
    edit->addSeparator();
    edit->addAction(action);
    return;
  }
  if (QMenu* file = ui->menu(QStringLiteral("file.menu")))
  {
    QAction* quit = ui->action(QStringLiteral("file.quit"));
    file->insertAction(quit, action); // quit may be null: then at the end
    file->insertSeparator(quit);
  }
}

QString PreferencesModule::storedLanguageSetting()
{
  const QString stored = QSettings().value(interfaceLanguageSettingsKey()).toString();
  return normalizedInterfaceLanguage(stored).value_or(QString());
}

QString PreferencesModule::runningLanguage()
{
  const QString installed = installedInterfaceLanguage();
  return installed.isEmpty() ? QStringLiteral("en") : installed;
}

void PreferencesModule::openPreferences()
{
  PreferencesDialog dialog(storedLanguageSetting(), runningLanguage(), m_context->window);
  if (dialog.exec() != QDialog::Accepted)
  {
    return;
  }
  QSettings().setValue(interfaceLanguageSettingsKey(), dialog.chosenLanguageSetting());
  if (dialog.restartNeeded())
  {
    m_context->showMessage(tr("The new interface language takes effect when Myriad restarts"),
                           kStatusMs);
  }
}

} // namespace myriad::app
