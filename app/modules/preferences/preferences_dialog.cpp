// The Preferences dialog: the interface language and the note that it applies at restart
// (preferences_dialog.h).
#include "preferences_dialog.h"

#include "interface_language.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <optional>

namespace myriad::app
{

namespace
{

/** A language's name in that language: never translated, so each reader finds their own. */
QString nativeLanguageName(const QString& language)
{
  return language == QLatin1String("zh_CN") ? QStringLiteral("简体中文")
                                            : QStringLiteral("English");
}

} // namespace

PreferencesDialog::PreferencesDialog(const QString& languageSetting, const QString& runningLanguage,
                                     QWidget* parent)
  : QDialog(parent)
  , m_runningLanguage(runningLanguage)
{
  setObjectName(QStringLiteral("preferencesDialog"));
  setWindowTitle(tr("Preferences"));

  m_languageCombo = new QComboBox(this);
  m_languageCombo->setObjectName(QStringLiteral("preferencesLanguageCombo"));
  m_languageCombo->addItem(
    tr("System default", "interface language: follow the language of the system"), QString());
  m_languageCombo->setItemData(0,
                               tr("Follow the language of the system (on this system: %1)")
                                 .arg(nativeLanguageName(systemInterfaceLanguage())),
                               Qt::ToolTipRole);
  for (const QString& language : interfaceLanguages())
  {
    m_languageCombo->addItem(nativeLanguageName(language), language);
  }
  if (!chooseLanguageSetting(languageSetting))
  {
    m_languageCombo->setCurrentIndex(0);
  }

  m_restartNote = new QLabel(tr("The new language takes effect when Myriad restarts."), this);
  m_restartNote->setObjectName(QStringLiteral("preferencesRestartNote"));
  m_restartNote->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("Interface &language:"), m_languageCombo);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->setObjectName(QStringLiteral("preferencesButtons"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(m_restartNote);
  layout->addStretch();
  layout->addWidget(buttons);

  connect(m_languageCombo, &QComboBox::currentIndexChanged, this,
          &PreferencesDialog::updateRestartNote);
  updateRestartNote();
}

QString PreferencesDialog::chosenLanguageSetting() const
{
  return m_languageCombo->currentData().toString();
}

bool PreferencesDialog::chooseLanguageSetting(const QString& setting)
{
  const std::optional<QString> normalized = normalizedInterfaceLanguage(setting);
  const int index = normalized ? m_languageCombo->findData(*normalized) : -1;
  if (index < 0)
  {
    return false;
  }
  m_languageCombo->setCurrentIndex(index);
  return true;
}

bool PreferencesDialog::restartNeeded() const
{
  return chooseInterfaceLanguage(std::nullopt, chosenLanguageSetting()) != m_runningLanguage;
}

void PreferencesDialog::updateRestartNote()
{
  m_restartNote->setHidden(!restartNeeded());
}

} // namespace myriad::app
