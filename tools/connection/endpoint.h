#pragma once
/**
 * @file endpoint.h
 * One outgoing connection's settings and the request it makes (docs/security.md).
 *
 * An Endpoint names where to connect and how to prove who we are: the URL, an optional CA
 * bundle (PEM) trusted in addition to the system's authorities (an internal CA), the kind of
 * authentication, the user name for basic auth and the name of the secret in the OS keychain.
 * It never holds the secret itself: the secret travels beside it as a QByteArray, only in
 * memory, so an Endpoint can be written to settings as it is.
 *
 * Every request made through prepareRequest() verifies the peer's certificate (never "ignore
 * SSL errors"), follows only redirects that stay on the same host without going from https to
 * http (reply_guard.h enforces it), and carries the Authorization header:
 *   bearer  "Authorization: Bearer SECRET"                 (RFC 6750 §2.1)
 *   basic   "Authorization: Basic base64(USER:SECRET)"     (RFC 7617 §2)
 *   token   "Authorization: Token SECRET" (NetBox API tokens; NetBox 4.5 "nbt_" keys: Bearer)
 */

#include <QByteArray>
#include <QNetworkRequest>
#include <QString>
#include <QUrl>

namespace myriad::connection
{

enum class AuthKind
{
  None,
  Bearer,
  Basic,
  Token ///< NetBox: "Token KEY" (or "Bearer KEY" for keys starting "nbt_")
};

/** "none", "bearer", "basic", "token" (the settings and CLI spelling). */
QString authKindName(AuthKind kind);
/** The kind named `name`; false when the name is none of authKindName's. */
bool parseAuthKind(const QString& name, AuthKind* kind);

struct Endpoint
{
  QUrl url;
  QString caBundle; ///< PEM file of extra trusted CA certificates; "" = the system's only
  AuthKind auth = AuthKind::None;
  QString username;      ///< basic auth only
  QString keychainEntry; ///< the secret's name in the OS keychain; "" = not stored there

  bool needsSecret() const { return auth != AuthKind::None; }
};

/** The URL as messages show it: scheme://host[:port]/path, without user info or query. */
QString endpointName(const QUrl& url);

/**
 * What is wrong with `endpoint`, or "" when nothing: the URL (http/https with a host, no user
 * name or password in it: those belong in the keychain), the CA bundle (a readable PEM file with
 * at least one certificate), the basic-auth user name (no ':' or control characters). Messages
 * name the endpoint and the field, never a secret.
 */
QString checkEndpoint(const Endpoint& endpoint);

/** Whether `bytes` holds a control character (below 0x20, or DEL): never in a header value. */
bool hasControlCharacter(const QByteArray& bytes);

/** What is wrong with `secret` for `endpoint`'s authentication ("" when nothing): empty when
 *  one is needed, or holding a control character (a newline would split the header). */
QString checkSecret(const Endpoint& endpoint, const QByteArray& secret);

/**
 * A request for `url` (the endpoint's URL or another on the same server, e.g. a next page) with
 * TLS verification, the CA bundle, the redirect policy and the Authorization header. Call
 * checkEndpoint and checkSecret first; an unreadable CA bundle here leaves the system's CAs.
 */
QNetworkRequest prepareRequest(const Endpoint& endpoint, const QByteArray& secret, const QUrl& url);

/** Use the system's proxy settings (http_proxy, https_proxy, no_proxy on Linux) for every
 *  connection of this process; called once by the app and the CLI before connecting. */
void useSystemProxy();

} // namespace myriad::connection
