// Connection options of the Telemetry and NetBox dialogs (connection_form.h).
#include "connection_form.h"

#include "secret_store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace myriad::app
{

namespace
{

QString kindLabel(connection::AuthKind kind)
{
  switch (kind)
  {
    case connection::AuthKind::None:
      return ConnectionForm::tr("None");
    case connection::AuthKind::Bearer:
      return ConnectionForm::tr("Bearer token");
    case connection::AuthKind::Basic:
      return ConnectionForm::tr("Basic (user name and password)");
    case connection::AuthKind::Token:
      return ConnectionForm::tr("NetBox API token");
  }
  return {};
}

} // namespace

ConnectionForm::ConnectionForm(const QList<connection::AuthKind>& kinds,
                               const QString& defaultEntry, QWidget* parent)
  : QWidget(parent)
{
  m_caBundle = new QLineEdit(this);
  m_caBundle->setObjectName(QStringLiteral("connectionCaBundle"));
  m_caBundle->setPlaceholderText(tr("system CAs only; or a PEM file of your internal CA"));
  auto* browse = new QPushButton(tr("Browse…"), this);
  connect(browse, &QPushButton::clicked, this,
          [this]
          {
            const QString file = QFileDialog::getOpenFileName(
              this, tr("CA bundle"), {}, tr("PEM certificates (*.pem *.crt *.cer);;All files (*)"));
            if (!file.isEmpty())
              m_caBundle->setText(file);
          });
  auto* caRow = new QHBoxLayout;
  caRow->addWidget(m_caBundle, 1);
  caRow->addWidget(browse);

  m_auth = new QComboBox(this);
  m_auth->setObjectName(QStringLiteral("connectionAuth"));
  for (const connection::AuthKind kind : kinds)
    m_auth->addItem(kindLabel(kind), static_cast<int>(kind));
  m_username = new QLineEdit(this);
  m_username->setObjectName(QStringLiteral("connectionUsername"));
  m_secretLabel = new QLabel(this);
  m_secret = new QLineEdit(this);
  m_secret->setObjectName(QStringLiteral("connectionSecret"));
  m_secret->setEchoMode(QLineEdit::Password);
  m_keep = new QCheckBox(tr("Keep in the OS keychain as"), this);
  m_keep->setObjectName(QStringLiteral("connectionKeep"));
  m_entry = new QLineEdit(defaultEntry, this);
  m_entry->setObjectName(QStringLiteral("connectionEntry"));
  auto* keepRow = new QHBoxLayout;
  keepRow->addWidget(m_keep);
  keepRow->addWidget(m_entry, 1);
  m_keychainStatus = new QLabel(this);
  m_keychainStatus->setObjectName(QStringLiteral("connectionKeychainStatus"));
  m_keychainStatus->setWordWrap(true);
  m_keychainStatus->hide();

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("CA bundle"), caRow);
  form->addRow(tr("Authentication"), m_auth);
  form->addRow(tr("User name"), m_username);
  form->addRow(m_secretLabel, m_secret);
  form->addRow(QString(), keepRow);
  form->addRow(QString(), m_keychainStatus);
  connect(m_auth, &QComboBox::currentIndexChanged, this, &ConnectionForm::updateFields);
  connect(m_keep, &QCheckBox::toggled, this, &ConnectionForm::updateFields);
  updateFields();
}

connection::AuthKind ConnectionForm::chosenKind() const
{
  return static_cast<connection::AuthKind>(m_auth->currentData().toInt());
}

void ConnectionForm::updateFields()
{
  const connection::AuthKind kind = chosenKind();
  const bool secret = kind != connection::AuthKind::None;
  m_username->setEnabled(kind == connection::AuthKind::Basic);
  m_secret->setEnabled(secret);
  m_keep->setEnabled(secret);
  m_entry->setEnabled(secret && m_keep->isChecked());
  m_secretLabel->setText(kind == connection::AuthKind::Basic ? tr("Password") : tr("Token"));
  m_secret->setPlaceholderText(secret ? tr("kept in memory only, unless kept in the keychain")
                                      : QString());
}

void ConnectionForm::setEndpoint(const connection::Endpoint& endpoint)
{
  m_caBundle->setText(endpoint.caBundle);
  const int index = m_auth->findData(static_cast<int>(endpoint.auth));
  m_auth->setCurrentIndex(std::max(index, 0));
  m_username->setText(endpoint.username);
  m_keep->setChecked(!endpoint.keychainEntry.isEmpty());
  if (!endpoint.keychainEntry.isEmpty())
    m_entry->setText(endpoint.keychainEntry);
  updateFields();
}

connection::Endpoint ConnectionForm::endpoint(const QUrl& url) const
{
  connection::Endpoint endpoint;
  endpoint.url = url;
  endpoint.caBundle = m_caBundle->text().trimmed();
  endpoint.auth = chosenKind();
  if (endpoint.auth == connection::AuthKind::Basic)
    endpoint.username = m_username->text().trimmed();
  if (endpoint.needsSecret() && m_keep->isChecked())
    endpoint.keychainEntry = m_entry->text().trimmed();
  return endpoint;
}

void ConnectionForm::setSecret(const QByteArray& secret)
{
  m_secret->setText(QString::fromUtf8(secret));
}

QByteArray ConnectionForm::secret() const
{
  return m_secret->text().toUtf8();
}

QString ConnectionForm::keychainMessage() const
{
  return m_keychainStatus->isHidden() ? QString() : m_keychainStatus->text();
}

void ConnectionForm::showKeychainMessage(const QString& text, bool error)
{
  m_keychainStatus->setText(text);
  m_keychainStatus->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
  m_keychainStatus->setVisible(!text.isEmpty());
}

void ConnectionForm::loadSecretFromKeychain(std::function<void(QString)> done)
{
  const QString entry = m_entry->text().trimmed();
  if (!m_keep->isChecked() || entry.isEmpty() || !m_secret->text().isEmpty() ||
      chosenKind() == connection::AuthKind::None)
  {
    if (done)
      done({});
    return;
  }
  connection::readSecret(entry, this,
                         [this, entry, done](const QByteArray& secret, const QString& error)
                         {
                           if (error.isEmpty())
                           {
                             setSecret(secret);
                             showKeychainMessage(tr("Read from keychain entry \"%1\".").arg(entry),
                                                 false);
                           }
                           else
                             showKeychainMessage(error, true);
                           if (done)
                             done(error);
                         });
}

void ConnectionForm::storeSecret(std::function<void(QString)> done)
{
  const QString entry = m_entry->text().trimmed();
  if (!m_keep->isChecked() || chosenKind() == connection::AuthKind::None ||
      m_secret->text().isEmpty())
  {
    done({});
    return;
  }
  const QString error = entry.isEmpty() ? tr("Name the keychain entry to keep the secret in.")
                                        : connection::checkSecret(endpoint(QUrl()), secret());
  if (!error.isEmpty())
  {
    showKeychainMessage(error, true);
    done(error);
    return;
  }
  connection::writeSecret(entry, secret(), this,
                          [this, entry, done](const QString& failure)
                          {
                            showKeychainMessage(failure.isEmpty()
                                                  ? tr("Kept in keychain entry \"%1\".").arg(entry)
                                                  : failure,
                                                !failure.isEmpty());
                            done(failure);
                          });
}

} // namespace myriad::app
