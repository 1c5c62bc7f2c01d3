#pragma once
/**
 * @file secret_store.h
 * Secrets (API tokens, passwords) in the operating system's keychain through QtKeychain: the
 * Secret Service on Linux (GNOME Keyring, KWallet), the Keychain on macOS, the Credential Store
 * on Windows. Entries live under the service "Myriad" and are named by the user (an endpoint's
 * keychainEntry); settings and scenes keep only that name. QtKeychain's plain-text fallback is
 * never enabled: with no keychain, storing fails with a message and nothing is written.
 *
 * The calls are asynchronous (the keychain may ask the user to unlock it): `done` runs on the
 * thread of `context` once the keychain answered, unless `context` was destroyed first.
 */

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace myriad::connection
{

/** The keychain service name Myriad's entries are stored under. */
QString keychainService();

/** Read entry `name`; done(secret, "") or done({}, message naming the entry). */
void readSecret(const QString& name, QObject* context,
                std::function<void(QByteArray, QString)> done);

/** Store `secret` as entry `name` (replacing it); done("") or done(message). */
void writeSecret(const QString& name, const QByteArray& secret, QObject* context,
                 std::function<void(QString)> done);

/** Remove entry `name`; done("") also when there was none. */
void removeSecret(const QString& name, QObject* context, std::function<void(QString)> done);

} // namespace myriad::connection
