#pragma once
/**
 * @file connection_form.h
 * The connection options of the Telemetry and NetBox dialogs (docs/security.md): a CA bundle
 * for an internal certificate authority, the authentication (none, bearer token, basic, NetBox
 * token), the user name, the secret (masked, held in memory only) and whether to keep the
 * secret in the OS keychain under a name. The form never writes the secret anywhere else;
 * settings get endpoint() — which holds no secret — through saveEndpoint().
 */

#include "endpoint.h"

#include <QList>
#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace myriad::app
{

class ConnectionForm : public QWidget
{
  Q_OBJECT

public:
  /** `kinds`: the authentication kinds offered, the first one the default; `defaultEntry`:
   *  the keychain entry name proposed. */
  ConnectionForm(const QList<connection::AuthKind>& kinds, const QString& defaultEntry,
                 QWidget* parent = nullptr);

  /** Show `endpoint`'s CA bundle, authentication, user name and keychain entry. */
  void setEndpoint(const connection::Endpoint& endpoint);
  /** The endpoint for `url` as the form describes it; keychainEntry only when kept there. */
  connection::Endpoint endpoint(const QUrl& url) const;

  void setSecret(const QByteArray& secret);
  QByteArray secret() const;

  /** When the form names a keychain entry and its secret field is empty: read the entry into
   *  it. `done(error)` once the keychain answered ("" also when nothing was to be read). */
  void loadSecretFromKeychain(std::function<void(QString)> done = {});
  /** When "keep in the keychain" is checked and a secret is entered: store it there;
   *  `done(error)` once the keychain answered ("" also when nothing was to be stored). */
  void storeSecret(std::function<void(QString)> done);

  /** The last keychain message shown under the form ("" when none). */
  QString keychainMessage() const;

private:
  void updateFields();
  void showKeychainMessage(const QString& text, bool error);
  connection::AuthKind chosenKind() const;

  QLineEdit* m_caBundle = nullptr;
  QComboBox* m_auth = nullptr;
  QLineEdit* m_username = nullptr;
  QLabel* m_secretLabel = nullptr;
  QLineEdit* m_secret = nullptr;
  QCheckBox* m_keep = nullptr;
  QLineEdit* m_entry = nullptr;
  QLabel* m_keychainStatus = nullptr;
};

} // namespace myriad::app
