#pragma once
// HTTP requests to NetBox (internal to tools/netbox_client): one request waited for in a local
// event loop, with the timeout, retries, back-off, token header and cancel of FetchOptions.
#include "netbox_client.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <memory>

class QCoreApplication;
class QNetworkAccessManager;

namespace myriad::netbox_client::detail
{

struct Answer
{
  int status = 0; ///< HTTP status; 0 when no answer came
  QByteArray body;
  QString error;      ///< transport error, TLS failure, refused redirect or timeout
  bool final = false; ///< TLS verification failed or a redirect was refused: no retry
};

/** GET (or POST with a JSON body when `body` is not null) with retries; the last answer. A POST
 *  is retried only when no answer came at all. Throws Cancelled. */
Answer request(QNetworkAccessManager& network, const QUrl& url, const FetchOptions& options,
               const QByteArray* body = nullptr);

/** Throws engine::Error when the options' URL, CA bundle or token cannot be used
 *  (connection::checkEndpoint, checkSecret), before anything is sent. */
void checkConnection(const FetchOptions& options);

/**
 * The page a list answer's `next` names, checked like a redirect: on the same host, never from
 * https to http. A `next` that is plain http on the same host while the import runs over https
 * (NetBox behind a TLS proxy that does not pass X-Forwarded-Proto) is read over https at the
 * current port. Anything else throws engine::Error naming `endpoint`.
 */
QUrl nextPage(const QUrl& current, const QString& next, const std::string& endpoint);

/** A QCoreApplication for the event loops when the program has none (the CLI); else null. */
std::unique_ptr<QCoreApplication> ensureApplication();

/** "HTTP 500" or the transport error, for messages. */
std::string describe(const Answer& answer);

} // namespace myriad::netbox_client::detail
