// The Telemetry dock's connection options (telemetry_panel.h, docs/security.md): the CA bundle,
// bearer or basic authentication and the OS keychain for the live HTTP source.
#include "telemetry_panel.h"

#include "connection_form.h"
#include "connection_settings.h"
#include "secret_store.h"
#include "telemetry_poller.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace myriad::app
{

namespace
{

/** The options dialog: a ConnectionForm for the URL in the Live field, OK and Cancel. */
class TelemetryConnectionDialog : public QDialog
{
public:
  TelemetryConnectionDialog(const QString& url, const connection::Endpoint& endpoint,
                            const QByteArray& secret, QWidget* parent)
    : QDialog(parent)
  {
    setWindowTitle(TelemetryPanel::tr("Telemetry connection"));
    setObjectName(QStringLiteral("telemetryConnectionDialog"));
    setMinimumWidth(560);
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
      TelemetryPanel::tr("How Myriad connects to %1. TLS certificates are always verified; "
                         "secrets are kept in memory or in the OS keychain, never in files.")
        .arg(url.isEmpty() ? TelemetryPanel::tr("the live source") : url),
      this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    form = new ConnectionForm(
      { connection::AuthKind::None, connection::AuthKind::Bearer, connection::AuthKind::Basic },
      QStringLiteral("telemetry"), this);
    form->setEndpoint(endpoint);
    form->setSecret(secret);
    layout->addWidget(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    form->loadSecretFromKeychain();
  }

  ConnectionForm* form = nullptr;
};

} // namespace

void TelemetryPanel::setConnection(const connection::Endpoint& endpoint, const QByteArray& secret)
{
  m_endpoint = endpoint;
  m_secret = secret;
}

void TelemetryPanel::editConnection()
{
  const QString url = m_sourceEdit->text().trimmed();
  TelemetryConnectionDialog dialog(url, m_endpoint, m_secret, this);
  if (dialog.exec() != QDialog::Accepted)
    return;
  m_endpoint = dialog.form->endpoint(QUrl(url));
  m_secret = dialog.form->secret();
  m_secretToStore = !m_endpoint.keychainEntry.isEmpty() && !m_secret.isEmpty();
}

void TelemetryPanel::rememberConnection()
{
  const connection::Endpoint& used = m_poller->endpoint();
  if (used.url.isEmpty())
    return; // a folder source
  saveEndpoint(QStringLiteral("telemetry"), used);
  if (!m_secretToStore || used.keychainEntry.isEmpty())
    return;
  m_secretToStore = false;
  connection::writeSecret(used.keychainEntry, m_secret, this,
                          [this](const QString& error)
                          {
                            if (!error.isEmpty())
                              setError(tr("Connection: %1").arg(error));
                          });
}

void TelemetryPanel::startHttp(const QUrl& url, int intervalS)
{
  connection::Endpoint endpoint = m_endpoint;
  endpoint.url = url;
  const auto start = [this, endpoint, intervalS]
  {
    const QString problem = m_poller->startEndpoint(endpoint, m_secret, intervalS * 1000);
    if (!problem.isEmpty())
      setError(tr("Live source: %1").arg(problem));
  };
  if (!endpoint.needsSecret() || !m_secret.isEmpty() || endpoint.keychainEntry.isEmpty())
    return start();
  m_liveLabel->setText(tr("reading the secret from the keychain…"));
  connection::readSecret(endpoint.keychainEntry, this,
                         [this, start](const QByteArray& secret, const QString& error)
                         {
                           if (!error.isEmpty())
                           {
                             setError(tr("Live source: %1").arg(error));
                             m_liveLabel->setText(tr("stopped"));
                             return;
                           }
                           m_secret = secret;
                           start();
                         });
}

} // namespace myriad::app
