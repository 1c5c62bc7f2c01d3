// Endpoints and their requests (endpoint.h).
#include "endpoint.h"

#include <QCoreApplication>
#include <QFile>
#include <QNetworkProxyFactory>
#include <QSslCertificate>
#include <QSslConfiguration>

#include <array>

namespace myriad::connection
{

namespace
{

/** The messages' translation context (lupdate reads tools/connection). */
struct Text
{
  Q_DECLARE_TR_FUNCTIONS(Connection)
};

struct KindName
{
  AuthKind kind;
  const char* name;
};

constexpr std::array<KindName, 4> kKinds{ { { AuthKind::None, "none" },
                                            { AuthKind::Bearer, "bearer" },
                                            { AuthKind::Basic, "basic" },
                                            { AuthKind::Token, "token" } } };

QList<QSslCertificate> readCaBundle(const QString& path)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return {};
  return QSslCertificate::fromDevice(&file, QSsl::Pem);
}

QByteArray authorization(const Endpoint& endpoint, const QByteArray& secret)
{
  switch (endpoint.auth)
  {
    case AuthKind::Bearer:
      return "Bearer " + secret;
    case AuthKind::Basic:
      return "Basic " + (endpoint.username.toUtf8() + ':' + secret).toBase64();
    case AuthKind::Token:
      return (secret.startsWith("nbt_") ? "Bearer " : "Token ") + secret;
    case AuthKind::None:
      break;
  }
  return {};
}

} // namespace

bool hasControlCharacter(const QByteArray& bytes)
{
  for (const char c : bytes)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      return true;
  return false;
}

QString authKindName(AuthKind kind)
{
  for (const KindName& k : kKinds)
    if (k.kind == kind)
      return QString::fromLatin1(k.name);
  return QStringLiteral("none");
}

bool parseAuthKind(const QString& name, AuthKind* kind)
{
  for (const KindName& k : kKinds)
    if (name == QLatin1String(k.name))
    {
      *kind = k.kind;
      return true;
    }
  return false;
}

QString endpointName(const QUrl& url)
{
  return url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
    .toDisplayString();
}

QString checkEndpoint(const Endpoint& endpoint)
{
  const QUrl& url = endpoint.url;
  const QString scheme = url.scheme();
  if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")) ||
      url.host().isEmpty())
    return Text::tr("%1: expected an http:// or https:// URL with a host name")
      .arg(endpointName(url));
  if (!url.userName().isEmpty() || !url.password().isEmpty())
    return Text::tr("%1: the URL carries a user name or password; give credentials as "
                    "the endpoint's authentication (kept in the keychain), not in the URL")
      .arg(endpointName(url));
  if (!endpoint.caBundle.isEmpty())
  {
    if (!QFile::exists(endpoint.caBundle))
      return Text::tr("%1: CA bundle %2 does not exist (expected a PEM file of CA "
                      "certificates)")
        .arg(endpointName(url), endpoint.caBundle);
    if (readCaBundle(endpoint.caBundle).isEmpty())
      return Text::tr("%1: CA bundle %2 holds no PEM certificate (expected "
                      "-----BEGIN CERTIFICATE----- blocks)")
        .arg(endpointName(url), endpoint.caBundle);
  }
  if (endpoint.auth == AuthKind::Basic &&
      (endpoint.username.isEmpty() || endpoint.username.contains(QLatin1Char(':')) ||
       hasControlCharacter(endpoint.username.toUtf8())))
    return Text::tr("%1: basic authentication needs a user name without ':' or control "
                    "characters")
      .arg(endpointName(url));
  return {};
}

QString checkSecret(const Endpoint& endpoint, const QByteArray& secret)
{
  if (!endpoint.needsSecret())
    return {};
  const QString what = endpoint.auth == AuthKind::Basic ? Text::tr("password") : Text::tr("token");
  if (secret.isEmpty())
    return Text::tr("%1: %2 authentication needs a %3, and none was given")
      .arg(endpointName(endpoint.url), authKindName(endpoint.auth), what);
  if (hasControlCharacter(secret))
    return Text::tr("%1: the %2 contains a control character (a newline?); it was not "
                    "sent")
      .arg(endpointName(endpoint.url), what);
  return {};
}

QNetworkRequest prepareRequest(const Endpoint& endpoint, const QByteArray& secret, const QUrl& url)
{
  QNetworkRequest request(url);
  QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
  tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
  if (!endpoint.caBundle.isEmpty())
    tls.addCaCertificates(readCaBundle(endpoint.caBundle));
  request.setSslConfiguration(tls);
  // reply_guard.h decides each redirect: same host, never https → http.
  request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                       QNetworkRequest::UserVerifiedRedirectPolicy);
  if (const QByteArray header = authorization(endpoint, secret); !header.isEmpty())
    request.setRawHeader("Authorization", header);
  return request;
}

void useSystemProxy()
{
  QNetworkProxyFactory::setUseSystemConfiguration(true);
}

} // namespace myriad::connection
