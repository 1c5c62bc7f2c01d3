// Watching replies: TLS errors kept, redirects decided (reply_guard.h).
#include "reply_guard.h"

#include "endpoint.h"

#include <QCoreApplication>
#include <QNetworkReply>
#include <QSslError>
#include <QStringList>
#include <QUrl>

namespace myriad::connection
{

namespace
{

struct Text
{
  Q_DECLARE_TR_FUNCTIONS(Connection)
};

constexpr const char* kTlsErrors = "myriadTlsErrors";
constexpr const char* kRefusedRedirect = "myriadRefusedRedirect";
constexpr const char* kCurrentUrl = "myriadCurrentUrl";

int httpStatus(const QNetworkReply& reply)
{
  return reply.attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

} // namespace

bool redirectAllowed(const QUrl& from, const QUrl& to)
{
  const bool downgrade =
    from.scheme() == QLatin1String("https") && to.scheme() != QLatin1String("https");
  const bool web = to.scheme() == QLatin1String("https") || to.scheme() == QLatin1String("http");
  return web && !downgrade && from.host().compare(to.host(), Qt::CaseInsensitive) == 0;
}

void guardReply(QNetworkReply* reply)
{
  QObject::connect(reply, &QNetworkReply::sslErrors, reply,
                   [reply](const QList<QSslError>& errors)
                   {
                     QStringList texts = reply->property(kTlsErrors).toStringList();
                     for (const QSslError& e : errors)
                       if (!texts.contains(e.errorString()))
                         texts << e.errorString();
                     reply->setProperty(kTlsErrors, texts);
                   });
  // The URL the reply was at before this redirect (reply->url() may already be the target).
  reply->setProperty(kCurrentUrl, reply->request().url());
  QObject::connect(
    reply, &QNetworkReply::redirected, reply,
    [reply](const QUrl& target)
    {
      const QUrl from = reply->property(kCurrentUrl).toUrl();
      const QUrl to = from.resolved(target);
      if (redirectAllowed(from, to))
      {
        reply->setProperty(kCurrentUrl, to);
        emit reply->redirectAllowed();
        return;
      }
      reply->setProperty(
        kRefusedRedirect,
        Text::tr("%1 redirected to %2; Myriad follows redirects only on the same host and never "
                 "from https to http, so it stopped")
          .arg(endpointName(from), endpointName(to)));
      reply->abort();
    });
}

QString describeFailure(const QNetworkReply& reply)
{
  const int status = httpStatus(reply);
  if (reply.error() == QNetworkReply::NoError && status >= 200 && status < 300)
    return {};
  const QString where = endpointName(reply.request().url());
  if (QString refused = reply.property(kRefusedRedirect).toString(); !refused.isEmpty())
    return refused;
  if (const QStringList tls = reply.property(kTlsErrors).toStringList(); !tls.isEmpty())
    return Text::tr("%1: TLS verification failed: %2. Myriad does not talk to a server it cannot "
                    "verify; if its certificate comes from an internal CA, name that CA's PEM "
                    "bundle in the connection settings (--ca-bundle on the command line)")
      .arg(where, tls.join(QStringLiteral("; ")));
  const bool sentCredentials = reply.request().hasRawHeader("Authorization");
  if (status == 401 || status == 403)
    return sentCredentials
             ? Text::tr("%1 refused the credentials (HTTP %2); check the token, or the user "
                        "name and password, and their permissions")
                 .arg(where)
                 .arg(status)
             : Text::tr("%1 asks for credentials (HTTP %2); set bearer or basic authentication "
                        "in the connection settings")
                 .arg(where)
                 .arg(status);
  if (status != 0)
    return Text::tr("%1 answered HTTP %2 %3")
      .arg(where)
      .arg(status)
      .arg(reply.attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString());
  return Text::tr("%1: %2").arg(where, reply.errorString());
}

bool failedForGood(const QNetworkReply& reply)
{
  return reply.error() == QNetworkReply::SslHandshakeFailedError ||
         !reply.property(kTlsErrors).toStringList().isEmpty() ||
         !reply.property(kRefusedRedirect).toString().isEmpty();
}

bool authenticationRefused(const QNetworkReply& reply)
{
  const int status = httpStatus(reply);
  return status == 401 || status == 403;
}

} // namespace myriad::connection
